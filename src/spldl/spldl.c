/* spldl: sparse LDL^T modulo a word prime (spldl.h). */
#include <string.h>
#include <flint/ulong_extras.h>
#include "certune/spchol.h"
#include "certune/spldl.h"

int ct_spldl_order(slong *perm, slong n, const slong *start, const slong *col)
{
    slong nnz = 0;
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc(FLINT_MAX(start[n], 1) * sizeof(slong));
    for (slong j = 0; j < n; j++) { /* row j's entries >= j = column j's (symmetric) */
        cp[j] = nnz;
        for (slong e = start[j]; e < start[j + 1]; e++)
            if (col[e] >= j)
                ri[nnz++] = col[e];
    }
    cp[n] = nnz;
    int rc = ct_spchol_order(perm, n, cp, ri);
    flint_free(cp), flint_free(ri);
    return rc;
}

void ct_spldl_etree(slong *parent, slong *Lp, slong n, const slong *start,
                    const slong *col, const slong *perm, const slong *iperm)
{
    slong *flag = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong *cnt = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong k = 0; k < n; k++) {
        parent[k] = -1, flag[k] = k, cnt[k] = 0;
        slong r = perm[k];
        for (slong e = start[r]; e < start[r + 1]; e++)
            for (slong i = iperm[col[e]]; i < k && flag[i] != k; i = parent[i]) {
                if (parent[i] == -1)
                    parent[i] = k;
                cnt[i]++, flag[i] = k;
            }
    }
    Lp[0] = 0;
    for (slong k = 0; k < n; k++)
        Lp[k + 1] = Lp[k] + cnt[k];
    flint_free(flag), flint_free(cnt);
}

/* L's pattern by rows: row k's nonzeros (columns i < k) in the order the
   up-looking solve visits them (each before those it updates), each one's
   place in its column, and the columns' rows. */
static void spldl_rows(ct_spldl_sym_struct *Y, const slong *start, const slong *col)
{
    slong n = Y->n, nnz = FLINT_MAX(Y->Lp[n], 1), r = 0;
    slong *flag = flint_malloc(n * sizeof(slong)), *cnt = flint_calloc(n, sizeof(slong));
    slong *pat = flint_malloc(n * sizeof(slong));
    Y->Li = flint_malloc(nnz * sizeof(slong));
    Y->Ri = flint_malloc(nnz * sizeof(slong));
    Y->Rq = flint_malloc(nnz * sizeof(slong));
    Y->Rp = flint_malloc((n + 1) * sizeof(slong));
    Y->Rp[0] = 0;
    for (slong k = 0; k < n; k++) {
        slong top = n, row = Y->perm[k];
        flag[k] = k;
        for (slong e = start[row]; e < start[row + 1]; e++) {
            slong i = Y->iperm[col[e]], len = 0;
            for (; i < k && flag[i] != k; i = Y->parent[i])
                pat[len++] = i, flag[i] = k;
            while (len > 0)
                pat[--top] = pat[--len];
        }
        for (; top < n; top++, r++) {
            slong i = pat[top], q = Y->Lp[i] + cnt[i]++;
            Y->Li[q] = k, Y->Ri[r] = i, Y->Rq[r] = q;
        }
        Y->Rp[k + 1] = r;
    }
    flint_free(flag), flint_free(cnt), flint_free(pat);
}

int ct_spldl_sym_init(ct_spldl_sym_struct *Y, slong n, const slong *start,
                      const slong *col, int rows)
{
    memset(Y, 0, sizeof(*Y));
    if (n < 1 || ct_spchol_load(NULL, 0) != 0)
        return -1;
    Y->n = n;
    Y->perm = flint_malloc(n * sizeof(slong));
    Y->iperm = flint_malloc(n * sizeof(slong));
    Y->parent = flint_malloc(n * sizeof(slong));
    Y->Lp = flint_malloc((n + 1) * sizeof(slong));
    if (ct_spldl_order(Y->perm, n, start, col) != 0) {
        ct_spldl_sym_clear(Y);
        return -1;
    }
    for (slong k = 0; k < n; k++)
        Y->iperm[Y->perm[k]] = k;
    ct_spldl_etree(Y->parent, Y->Lp, n, start, col, Y->perm, Y->iperm);
    if (rows)
        spldl_rows(Y, start, col);
    return 0;
}

void ct_spldl_sym_clear(ct_spldl_sym_struct *Y)
{
    flint_free(Y->perm), flint_free(Y->iperm), flint_free(Y->parent), flint_free(Y->Lp);
    flint_free(Y->Li), flint_free(Y->Ri), flint_free(Y->Rq), flint_free(Y->Rp);
    memset(Y, 0, sizeof(*Y));
}

/* Row k of L and D_k from A's row (residues val) and the rows before; y: n
   words, 0 on entry and on return. 0 when D_k = 0 mod p. */
static int spldl_row(ct_spldl_struct *F, const slong *start, const slong *col,
                     const ulong *val, slong k, ulong *y)
{
    const ct_spldl_sym_struct *Y = F->Y;
    slong r = Y->perm[k];
    ulong p = F->mod.n;
    for (slong e = start[r]; e < start[r + 1]; e++) {
        slong i = Y->iperm[col[e]];
        if (i <= k)
            y[i] = nmod_add(y[i], val[e], F->mod);
    }
    ulong d = y[k];
    y[k] = 0;
    for (slong t = Y->Rp[k]; t < Y->Rp[k + 1]; t++) {
        slong i = Y->Ri[t], q = Y->Rq[t];
        ulong yi = y[i];
        y[i] = 0;
        if (yi != 0) { /* the rows above k of column i: yi fixed, Shoup's product */
            ulong pre = n_mulmod_precomp_shoup(yi, p);
            for (slong u = Y->Lp[i]; u < q; u++)
                y[Y->Li[u]] =
                    nmod_sub(y[Y->Li[u]], n_mulmod_shoup(yi, F->Lx[u], pre, p), F->mod);
        }
        ulong l = nmod_mul(yi, F->dinv[i], F->mod);
        d = nmod_sub(d, nmod_mul(l, yi, F->mod), F->mod);
        F->Lx[q] = l;
    }
    if (d == 0)
        return 0;
    F->dinv[k] = n_invmod(d, p);
    F->det = nmod_mul(F->det, d, F->mod);
    return 1;
}

int ct_spldl_factor(ct_spldl_struct *F, const ct_spldl_sym_struct *Y, const slong *start,
                    const slong *col, const ulong *val, nmod_t mod)
{
    slong n = Y->n, nnz = FLINT_MAX(Y->Lp[n], 1);
    F->Y = Y, F->mod = mod, F->det = 1;
    F->Lx = flint_malloc(nnz * sizeof(ulong));
    F->dinv = flint_malloc(n * sizeof(ulong));
    ulong *y = flint_calloc(n, sizeof(ulong));
    int ok = 1;
    for (slong k = 0; ok && k < n; k++)
        ok = spldl_row(F, start, col, val, k, y);
    flint_free(y);
    if (!ok)
        ct_spldl_clear(F);
    return ok;
}

void ct_spldl_clear(ct_spldl_struct *F)
{
    flint_free(F->Lx), flint_free(F->dinv);
    F->Lx = F->dinv = NULL;
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
            _nmod_vec_scalar_addmul_nmod(w + Y->Li[q] * c, wk, c,
                                         nmod_neg(F->Lx[q], F->mod), F->mod);
        _nmod_vec_scalar_mul_nmod(wk, wk, c, F->dinv[k], F->mod);
    }
    for (slong k = n - 1; k >= 0; k--) { /* L^T y = z */
        ulong *wk = w + k * c;
        for (slong q = Y->Lp[k]; q < Y->Lp[k + 1]; q++)
            _nmod_vec_scalar_addmul_nmod(wk, w + Y->Li[q] * c, c,
                                         nmod_neg(F->Lx[q], F->mod), F->mod);
    }
    for (slong k = 0; k < n; k++)
        memcpy(X + Y->perm[k] * c, w + k * c, c * sizeof(ulong));
}
