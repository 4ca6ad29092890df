/* zlift_ldl: A = P^T L D L^T P modulo p for a symmetric A (sparse), so that
   a lifting step's A^{-1} r mod p costs two passes over L's nonzeros
   instead of n^2 (docs/delta.md, "The lifting solve"). The pattern (P,
   CHOLMOD's fill-reducing order, and the elimination tree) is spldl's; L
   and D by spldl's up-looking algorithm, here with residues below 2^21 in
   delayed int64 sums (spldl.c reduces every product: 58-bit primes).
   Without pivoting a leading minor of P A P^T divisible by p stops it (about
   n / p of the time); the caller then tries another prime.

   Every residue is below p < 2^21 and every product below 2^42; sums of at
   most n < 2^21 of them stay in int64 and are reduced when read. */
#include <string.h>
#include <flint/ulong_extras.h>
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

/* Row k of L and D_k; 0 when D_k = 0 mod p. */
static int ldl_row(zlift_ldl *F, const zlift_sys *S, slong k, int64_t *y, slong *flag,
                   slong *cnt, slong *pat)
{
    const ct_spldl_sym_struct *Y = &F->sym;
    slong n = S->n, top = n, r = Y->perm[k];
    int64_t p = (int64_t)F->p;
    flag[k] = k, y[k] = 0, cnt[k] = 0;
    for (slong e = S->start[r]; e < S->start[r + 1]; e++) {
        slong i = Y->iperm[S->col[e]], len = 0;
        if (i > k)
            continue;
        y[i] += ldl_mod(S->val[e], p);
        for (; flag[i] != k; i = Y->parent[i])
            pat[len++] = i, flag[i] = k;
        while (len > 0)
            pat[--top] = pat[--len];
    }
    int64_t d = ldl_mod(y[k], p);
    y[k] = 0;
    for (; top < n; top++) {
        slong i = pat[top];
        int64_t yi = ldl_mod(y[i], p);
        y[i] = 0;
        for (slong q = Y->Lp[i]; q < Y->Lp[i] + cnt[i]; q++)
            y[F->Li[q]] -= (int64_t)F->Lx[q] * yi;
        int64_t l = yi * F->dinv[i] % p;
        d = ldl_mod(d - l * yi, p);
        F->Li[Y->Lp[i] + cnt[i]] = k, F->Lx[Y->Lp[i] + cnt[i]] = (uint32_t)l;
        cnt[i]++;
    }
    if (d == 0)
        return 0;
    F->dinv[k] = (int64_t)n_invmod((ulong)d, (ulong)p);
    return 1;
}

int _ct_zlift_ldl_init(zlift_ldl *F, const zlift_sys *S, ulong p)
{
    slong n = S->n;
    memset(F, 0, sizeof(*F));
    if (n == 0 || !ldl_symmetric(S) || ct_spldl_sym_init(&F->sym, n, S->start, S->col, 0))
        return 0;
    F->n = n, F->p = p;
    F->dinv = flint_malloc(n * sizeof(int64_t));
    F->Li = flint_malloc(FLINT_MAX(F->sym.Lp[n], 1) * sizeof(slong));
    F->Lx = flint_malloc(FLINT_MAX(F->sym.Lp[n], 1) * sizeof(uint32_t));
    slong *flag = flint_malloc(n * sizeof(slong)), *cnt = flint_malloc(n * sizeof(slong));
    slong *pat = flint_malloc(n * sizeof(slong));
    int64_t *y = flint_calloc(n, sizeof(int64_t));
    int ok = 1;
    for (slong k = 0; ok && k < n; k++)
        ok = ldl_row(F, S, k, y, flag, cnt, pat);
    flint_free(flag), flint_free(cnt), flint_free(pat), flint_free(y);
    if (!ok)
        _ct_zlift_ldl_clear(F);
    return ok;
}

void _ct_zlift_ldl_clear(zlift_ldl *F)
{
    if (F->sym.n > 0)
        ct_spldl_sym_clear(&F->sym);
    flint_free(F->Li), flint_free(F->Lx), flint_free(F->dinv);
    memset(F, 0, sizeof(*F));
}

void _ct_zlift_ldl_solve(int64_t *x, const zlift_ldl *F, const int64_t *r, slong c,
                         int64_t *w)
{
    slong n = F->n;
    int64_t p = (int64_t)F->p;
    for (slong k = 0; k < n; k++)
        memcpy(w + k * c, r + F->sym.perm[k] * c, c * sizeof(int64_t));
    for (slong k = 0; k < n; k++) { /* L z = P r, then z / D */
        int64_t *wk = w + k * c;
        for (slong j = 0; j < c; j++)
            wk[j] = ldl_mod(wk[j], p);
        for (slong q = F->sym.Lp[k]; q < F->sym.Lp[k + 1]; q++) {
            int64_t a = F->Lx[q], *wi = w + F->Li[q] * c;
            for (slong j = 0; j < c; j++)
                wi[j] -= a * wk[j];
        }
        for (slong j = 0; j < c; j++)
            wk[j] = wk[j] * F->dinv[k] % p;
    }
    for (slong k = n - 1; k >= 0; k--) { /* L^T y = z */
        int64_t *wk = w + k * c;
        for (slong q = F->sym.Lp[k]; q < F->sym.Lp[k + 1]; q++) {
            int64_t a = F->Lx[q];
            const int64_t *wi = w + F->Li[q] * c;
            for (slong j = 0; j < c; j++)
                wk[j] -= a * wi[j];
        }
        for (slong j = 0; j < c; j++)
            wk[j] = ldl_mod(wk[j], p);
    }
    for (slong k = 0; k < n; k++)
        memcpy(x + F->sym.perm[k] * c, w + k * c, c * sizeof(int64_t));
}
