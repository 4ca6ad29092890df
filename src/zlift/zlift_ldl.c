/* zlift_ldl: A = P^T L D L^T P modulo p for a symmetric A (sparse), so that
   a lifting step's A^{-1} r mod p costs two passes over L's nonzeros
   instead of n^2 (docs/delta.md, "The lifting solve"). P is CHOLMOD's
   fill-reducing order; L and D by the up-looking algorithm (row k of L
   from a sparse triangular solve along the elimination tree, T. Davis,
   Direct Methods for Sparse Linear Systems, 4.7; written here for residues).
   Without pivoting a leading minor of P A P^T divisible by p stops it (about
   n / p of the time); the caller then tries another prime.

   Every residue is below p < 2^21 and every product below 2^42; sums of at
   most n < 2^21 of them stay in int64 and are reduced when read. */
#include <string.h>
#include <flint/ulong_extras.h>
#include "certune/spchol.h"
#include "zlift_internal.h"

static int64_t ldl_mod(int64_t a, int64_t p)
{
    a %= p;
    return a < 0 ? a + p : a;
}

/* Whether S's A is symmetric (its CSR equals its transpose). */
static int ldl_symmetric(const zlift_sys *S)
{
    for (slong i = 0; i < S->n; i++)
        for (slong e = S->start[i]; e < S->start[i + 1]; e++) {
            slong j = S->col[e], f = S->start[j];
            while (f < S->start[j + 1] && S->col[f] != i)
                f++;
            if (f == S->start[j + 1] || S->val[f] != S->val[e])
                return 0;
        }
    return 1;
}

/* The order: perm from CHOLMOD on A's lower triangle, iperm its inverse. */
static int ldl_order(zlift_ldl *F, const zlift_sys *S)
{
    slong n = S->n, nnz = 0;
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc(FLINT_MAX(S->start[n], 1) * sizeof(slong));
    for (slong j = 0; j < n; j++) { /* row j's entries >= j = column j's (symmetric) */
        cp[j] = nnz;
        for (slong e = S->start[j]; e < S->start[j + 1]; e++)
            if (S->col[e] >= j)
                ri[nnz++] = S->col[e];
    }
    cp[n] = nnz;
    int ok = ct_spchol_order(F->perm, n, cp, ri) == 0;
    for (slong k = 0; ok && k < n; k++)
        F->iperm[F->perm[k]] = k;
    flint_free(cp), flint_free(ri);
    return ok;
}

/* The elimination tree (parent) and L's column counts into Lp. */
static void ldl_symbolic(zlift_ldl *F, const zlift_sys *S, slong *flag, slong *cnt)
{
    slong n = S->n;
    for (slong k = 0; k < n; k++) {
        F->parent[k] = -1, flag[k] = k, cnt[k] = 0;
        slong r = F->perm[k];
        for (slong e = S->start[r]; e < S->start[r + 1]; e++)
            for (slong i = F->iperm[S->col[e]]; i < k && flag[i] != k; i = F->parent[i]) {
                if (F->parent[i] == -1)
                    F->parent[i] = k;
                cnt[i]++, flag[i] = k;
            }
    }
    F->Lp[0] = 0;
    for (slong k = 0; k < n; k++)
        F->Lp[k + 1] = F->Lp[k] + cnt[k];
}

/* Row k of L and D_k; 0 when D_k = 0 mod p. */
static int ldl_row(zlift_ldl *F, const zlift_sys *S, slong k, int64_t *Y, slong *flag,
                   slong *cnt, slong *pat)
{
    slong n = S->n, top = n, r = F->perm[k];
    int64_t p = (int64_t)F->p;
    flag[k] = k, Y[k] = 0, cnt[k] = 0;
    for (slong e = S->start[r]; e < S->start[r + 1]; e++) {
        slong i = F->iperm[S->col[e]], len = 0;
        if (i > k)
            continue;
        Y[i] += ldl_mod(S->val[e], p);
        for (; flag[i] != k; i = F->parent[i])
            pat[len++] = i, flag[i] = k;
        while (len > 0)
            pat[--top] = pat[--len];
    }
    int64_t d = ldl_mod(Y[k], p);
    Y[k] = 0;
    for (; top < n; top++) {
        slong i = pat[top];
        int64_t yi = ldl_mod(Y[i], p);
        Y[i] = 0;
        for (slong q = F->Lp[i]; q < F->Lp[i] + cnt[i]; q++)
            Y[F->Li[q]] -= (int64_t)F->Lx[q] * yi;
        int64_t l = yi * F->dinv[i] % p;
        d = ldl_mod(d - l * yi, p);
        F->Li[F->Lp[i] + cnt[i]] = k, F->Lx[F->Lp[i] + cnt[i]] = (uint32_t)l;
        cnt[i]++;
    }
    if (d == 0)
        return 0;
    F->dinv[k] = (int64_t)n_invmod((ulong)d, (ulong)p);
    return 1;
}

static void ldl_alloc(zlift_ldl *F, slong n)
{
    F->perm = flint_malloc(n * sizeof(slong));
    F->iperm = flint_malloc(n * sizeof(slong));
    F->parent = flint_malloc(n * sizeof(slong));
    F->Lp = flint_malloc((n + 1) * sizeof(slong));
    F->dinv = flint_malloc(n * sizeof(int64_t));
    F->Li = NULL, F->Lx = NULL;
}

int _ct_zlift_ldl_init(zlift_ldl *F, const zlift_sys *S, ulong p)
{
    slong n = S->n;
    if (n == 0 || !ldl_symmetric(S) || ct_spchol_load(NULL, 0) != 0)
        return 0;
    F->n = n, F->p = p;
    ldl_alloc(F, n);
    slong *flag = flint_malloc(n * sizeof(slong)), *cnt = flint_malloc(n * sizeof(slong));
    slong *pat = flint_malloc(n * sizeof(slong));
    int64_t *Y = flint_calloc(n, sizeof(int64_t));
    int ok = ldl_order(F, S);
    if (ok) {
        ldl_symbolic(F, S, flag, cnt);
        F->Li = flint_malloc(FLINT_MAX(F->Lp[n], 1) * sizeof(slong));
        F->Lx = flint_malloc(FLINT_MAX(F->Lp[n], 1) * sizeof(uint32_t));
    }
    for (slong k = 0; ok && k < n; k++)
        ok = ldl_row(F, S, k, Y, flag, cnt, pat);
    flint_free(flag), flint_free(cnt), flint_free(pat), flint_free(Y);
    if (!ok)
        _ct_zlift_ldl_clear(F);
    return ok;
}

void _ct_zlift_ldl_clear(zlift_ldl *F)
{
    flint_free(F->perm), flint_free(F->iperm), flint_free(F->parent);
    flint_free(F->Lp), flint_free(F->Li), flint_free(F->Lx), flint_free(F->dinv);
    memset(F, 0, sizeof(*F));
}

void _ct_zlift_ldl_solve(int64_t *x, const zlift_ldl *F, const int64_t *r, slong c,
                         int64_t *w)
{
    slong n = F->n;
    int64_t p = (int64_t)F->p;
    for (slong k = 0; k < n; k++)
        memcpy(w + k * c, r + F->perm[k] * c, c * sizeof(int64_t));
    for (slong k = 0; k < n; k++) { /* L z = P r, then z / D */
        int64_t *wk = w + k * c;
        for (slong j = 0; j < c; j++)
            wk[j] = ldl_mod(wk[j], p);
        for (slong q = F->Lp[k]; q < F->Lp[k + 1]; q++) {
            int64_t a = F->Lx[q], *wi = w + F->Li[q] * c;
            for (slong j = 0; j < c; j++)
                wi[j] -= a * wk[j];
        }
        for (slong j = 0; j < c; j++)
            wk[j] = wk[j] * F->dinv[k] % p;
    }
    for (slong k = n - 1; k >= 0; k--) { /* L^T y = z */
        int64_t *wk = w + k * c;
        for (slong q = F->Lp[k]; q < F->Lp[k + 1]; q++) {
            int64_t a = F->Lx[q];
            const int64_t *wi = w + F->Li[q] * c;
            for (slong j = 0; j < c; j++)
                wk[j] -= a * wi[j];
        }
        for (slong j = 0; j < c; j++)
            wk[j] = ldl_mod(wk[j], p);
    }
    for (slong k = 0; k < n; k++)
        memcpy(x + F->perm[k] * c, w + k * c, c * sizeof(int64_t));
}
