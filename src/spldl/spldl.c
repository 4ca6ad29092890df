/* spldl: sparse LDL^T modulo a word prime (spldl.h). */
#include <string.h>
#include <flint/ulong_extras.h>
#include "certune/spchol.h"
#include "certune/spldl.h"

/* The order: perm from CHOLMOD on A's lower triangle, iperm its inverse. */
static int spldl_order(ct_spldl_sym_struct *Y, const slong *start, const slong *col)
{
    slong n = Y->n, nnz = 0;
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc(FLINT_MAX(start[n], 1) * sizeof(slong));
    for (slong j = 0; j < n; j++) { /* row j's entries >= j = column j's (symmetric) */
        cp[j] = nnz;
        for (slong e = start[j]; e < start[j + 1]; e++)
            if (col[e] >= j)
                ri[nnz++] = col[e];
    }
    cp[n] = nnz;
    int ok = ct_spchol_order(Y->perm, n, cp, ri) == 0;
    for (slong k = 0; ok && k < n; k++)
        Y->iperm[Y->perm[k]] = k;
    flint_free(cp), flint_free(ri);
    return ok;
}

/* The elimination tree and L's column counts (into Lp as offsets). */
static void spldl_symbolic(ct_spldl_sym_struct *Y, const slong *start, const slong *col)
{
    slong n = Y->n;
    slong *flag = flint_malloc(n * sizeof(slong)), *cnt = flint_malloc(n * sizeof(slong));
    for (slong k = 0; k < n; k++) {
        Y->parent[k] = -1, flag[k] = k, cnt[k] = 0;
        slong r = Y->perm[k];
        for (slong e = start[r]; e < start[r + 1]; e++)
            for (slong i = Y->iperm[col[e]]; i < k && flag[i] != k; i = Y->parent[i]) {
                if (Y->parent[i] == -1)
                    Y->parent[i] = k;
                cnt[i]++, flag[i] = k;
            }
    }
    Y->Lp[0] = 0;
    for (slong k = 0; k < n; k++)
        Y->Lp[k + 1] = Y->Lp[k] + cnt[k];
    flint_free(flag), flint_free(cnt);
}

int ct_spldl_sym_init(ct_spldl_sym_struct *Y, slong n, const slong *start,
                      const slong *col)
{
    if (n < 1 || ct_spchol_load(NULL, 0) != 0)
        return -1;
    Y->n = n;
    Y->perm = flint_malloc(n * sizeof(slong));
    Y->iperm = flint_malloc(n * sizeof(slong));
    Y->parent = flint_malloc(n * sizeof(slong));
    Y->Lp = flint_malloc((n + 1) * sizeof(slong));
    if (!spldl_order(Y, start, col)) {
        ct_spldl_sym_clear(Y);
        return -1;
    }
    spldl_symbolic(Y, start, col);
    return 0;
}

void ct_spldl_sym_clear(ct_spldl_sym_struct *Y)
{
    flint_free(Y->perm), flint_free(Y->iperm), flint_free(Y->parent), flint_free(Y->Lp);
    memset(Y, 0, sizeof(*Y));
}

/* Work space of one factorization. */
typedef struct {
    ulong *y;
    slong *flag, *cnt, *pat;
} spldl_work;

/* Row k of L and D_k; 0 when D_k = 0 mod p. */
static int spldl_row(ct_spldl_struct *F, const slong *start, const slong *col,
                     const ulong *val, slong k, spldl_work *W)
{
    const ct_spldl_sym_struct *Y = F->Y;
    slong n = Y->n, top = n, r = Y->perm[k];
    ulong *y = W->y;
    W->flag[k] = k, y[k] = 0, W->cnt[k] = 0;
    for (slong e = start[r]; e < start[r + 1]; e++) { /* the pattern of row k */
        slong i = Y->iperm[col[e]], len = 0;
        if (i > k)
            continue;
        y[i] = nmod_add(y[i], val[e], F->mod);
        for (; W->flag[i] != k; i = Y->parent[i])
            W->pat[len++] = i, W->flag[i] = k;
        while (len > 0)
            W->pat[--top] = W->pat[--len];
    }
    ulong d = y[k];
    y[k] = 0;
    for (; top < n; top++) {
        slong i = W->pat[top];
        ulong yi = y[i];
        y[i] = 0;
        for (slong q = Y->Lp[i]; q < Y->Lp[i] + W->cnt[i]; q++)
            y[F->Li[q]] = nmod_sub(y[F->Li[q]], nmod_mul(F->Lx[q], yi, F->mod), F->mod);
        ulong l = nmod_mul(yi, F->dinv[i], F->mod);
        d = nmod_sub(d, nmod_mul(l, yi, F->mod), F->mod);
        F->Li[Y->Lp[i] + W->cnt[i]] = k, F->Lx[Y->Lp[i] + W->cnt[i]] = l;
        W->cnt[i]++;
    }
    if (d == 0)
        return 0;
    F->dinv[k] = n_invmod(d, F->mod.n);
    F->det = nmod_mul(F->det, d, F->mod);
    return 1;
}

int ct_spldl_factor(ct_spldl_struct *F, const ct_spldl_sym_struct *Y, const slong *start,
                    const slong *col, const ulong *val, nmod_t mod)
{
    slong n = Y->n, nnz = FLINT_MAX(Y->Lp[n], 1);
    F->Y = Y, F->mod = mod, F->det = 1;
    F->Li = flint_malloc(nnz * sizeof(slong));
    F->Lx = flint_malloc(nnz * sizeof(ulong));
    F->dinv = flint_malloc(n * sizeof(ulong));
    spldl_work W = {flint_calloc(n, sizeof(ulong)), flint_malloc(n * sizeof(slong)),
                    flint_malloc(n * sizeof(slong)), flint_malloc(n * sizeof(slong))};
    int ok = 1;
    for (slong k = 0; ok && k < n; k++)
        ok = spldl_row(F, start, col, val, k, &W);
    flint_free(W.y), flint_free(W.flag), flint_free(W.cnt), flint_free(W.pat);
    if (!ok)
        ct_spldl_clear(F);
    return ok;
}

void ct_spldl_clear(ct_spldl_struct *F)
{
    flint_free(F->Li), flint_free(F->Lx), flint_free(F->dinv);
    F->Li = NULL, F->Lx = F->dinv = NULL;
}

void ct_spldl_solve(ulong *X, const ct_spldl_struct *F, slong c, ulong *w)
{
    const ct_spldl_sym_struct *Y = F->Y;
    slong n = Y->n;
    for (slong k = 0; k < n; k++)
        memcpy(w + k * c, X + Y->perm[k] * c, c * sizeof(ulong));
    for (slong k = 0; k < n; k++) { /* L z = P x, then z / D */
        ulong *wk = w + k * c;
        for (slong q = Y->Lp[k]; q < Y->Lp[k + 1]; q++)
            _nmod_vec_scalar_addmul_nmod(w + F->Li[q] * c, wk, c,
                                         nmod_neg(F->Lx[q], F->mod), F->mod);
        _nmod_vec_scalar_mul_nmod(wk, wk, c, F->dinv[k], F->mod);
    }
    for (slong k = n - 1; k >= 0; k--) { /* L^T y = z */
        ulong *wk = w + k * c;
        for (slong q = Y->Lp[k]; q < Y->Lp[k + 1]; q++)
            _nmod_vec_scalar_addmul_nmod(wk, w + F->Li[q] * c, c,
                                         nmod_neg(F->Lx[q], F->mod), F->mod);
    }
    for (slong k = 0; k < n; k++)
        memcpy(X + Y->perm[k] * c, w + k * c, c * sizeof(ulong));
}
