/* lsalpha: alpha's system for the ball path: the component's data held as
   exact doubles, the weights as exact balls on demand, kappa and the
   structural distances. */
#include <stdlib.h>
#include <string.h>
#include "lsalpha_internal.h"

#define LS_EXACT_MAX 1099511627776.0 /* 2^40 */

static int lsalpha_copy_weights(ct_lsalpha_struct *S, const slong *rowstart,
                                const slong *col, const fmpz *w, const fmpz *deg)
{
    slong n = S->head.n, nnz = rowstart[n];
    S->rowstart = flint_malloc((n + 1) * sizeof(slong));
    S->col = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(slong));
    S->w = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(double));
    S->deg = flint_malloc(n * sizeof(double));
    memcpy(S->rowstart, rowstart, (n + 1) * sizeof(slong));
    memcpy(S->col, col, FLINT_MAX(nnz, 1) * sizeof(slong) * (nnz > 0));
    S->vol = 0;
    for (slong i = 0; i < n; i++) {
        double sum = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            if (fmpz_sgn(w + e) <= 0 || fmpz_cmp_ui(w + e, 1UL << 40) >= 0)
                return 1;
            S->w[e] = (double)fmpz_get_ui(w + e);
            sum += S->w[e];
        }
        if (fmpz_cmp_ui(deg + i, 1UL << 40) >= 0 || sum != (double)fmpz_get_ui(deg + i) ||
            sum < 1)
            return 1;
        S->deg[i] = sum;
        S->vol += sum;
    }
    return S->vol >= LS_EXACT_MAX;
}

static int lsalpha_r_cmp(const void *x, const void *y)
{
    return fmpz_cmp(*(const fmpz *const *)x, *(const fmpz *const *)y);
}

/* S->pibz[p] for every pair p of classes k < l: the labeled nodes sorted by
   square part, each square class's q_j summed with signs (+ for k, - for l). */
static void lsalpha_pib_zeros(ct_lsalpha_struct *S)
{
    slong c = S->head.c, m = S->nlab;
    S->pibz = flint_calloc(FLINT_MAX(c * (c - 1) / 2, 1), sizeof(char));
    const fmpz **ord = flint_malloc(FLINT_MAX(m, 1) * sizeof(fmpz *));
    for (slong j = 0; j < m; j++)
        ord[j] = S->r + j;
    qsort(ord, m, sizeof(fmpz *), lsalpha_r_cmp);
    fmpz *sum = _fmpz_vec_init(c);
    for (slong k = 0; k < c; k++)
        for (slong l = k + 1; l < c; l++)
            S->pibz[ct_lsroot_pair(k, l, c)] = 1;
    for (slong a = 0, b; a < m; a = b) {
        _fmpz_vec_zero(sum, c);
        for (b = a; b < m && fmpz_equal(ord[b], ord[a]); b++) {
            slong j = ord[b] - S->r;
            fmpz_add(sum + S->cls[j], sum + S->cls[j], S->q + j);
        }
        for (slong k = 0; k < c; k++)
            for (slong l = k + 1; l < c; l++)
                if (!fmpz_equal(sum + k, sum + l))
                    S->pibz[ct_lsroot_pair(k, l, c)] = 0;
    }
    _fmpz_vec_clear(sum, c);
    flint_free(ord);
}

ct_lsalpha_struct *_ct_lsalpha_make(slong n, const slong *rowstart, const slong *col,
                                    const fmpz *w, const fmpz *deg, slong nlab,
                                    const slong *lab, const slong *cls, const fmpz *q,
                                    const fmpz *r, slong c,
                                    const ct_lsroot_type_struct *T)
{
    ct_lsalpha_struct *S = flint_calloc(1, sizeof(ct_lsalpha_struct));
    S->head.refs = 1;
    S->head.type = T;
    S->head.n = n;
    S->head.c = c;
    S->nlab = nlab;
    S->lab = flint_malloc(nlab * sizeof(slong));
    S->cls = flint_malloc(nlab * sizeof(slong));
    S->q = _fmpz_vec_init(nlab);
    S->r = _fmpz_vec_init(nlab);
    S->nlabk = flint_calloc(c, sizeof(slong));
    memcpy(S->lab, lab, nlab * sizeof(slong));
    memcpy(S->cls, cls, nlab * sizeof(slong));
    _fmpz_vec_set(S->q, q, nlab);
    _fmpz_vec_set(S->r, r, nlab);
    for (slong j = 0; j < nlab; j++)
        S->nlabk[cls[j]]++;
    lsalpha_pib_zeros(S);
    if (lsalpha_copy_weights(S, rowstart, col, w, deg)) {
        _ct_lsalpha_clear(&S->head);
        return NULL;
    }
    return S;
}

arb_srcptr _ct_lsalpha_weights(ct_lsalpha_struct *S)
{
    slong nnz = S->rowstart[S->head.n];
    if (S->wb == NULL) {
        S->wb = _arb_vec_init(FLINT_MAX(nnz, 1));
        for (slong e = 0; e < nnz; e++)
            arb_set_d(S->wb + e, S->w[e]);
    }
    return S->wb;
}

void _ct_lsalpha_compact(ct_lsalpha_struct *S)
{
    if (S->wb != NULL)
        _arb_vec_clear(S->wb, FLINT_MAX(S->rowstart[S->head.n], 1));
    S->wb = NULL;
}

void _ct_lsalpha_clear(ct_lsroot_sys_struct *H)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(H);
    _ct_lsalpha_compact(S);
    flint_free(S->rowstart), flint_free(S->col), flint_free(S->w), flint_free(S->deg);
    flint_free(S->lab), flint_free(S->cls), flint_free(S->nlabk), flint_free(S->pibz);
    flint_free(S->slot);
    _fmpz_vec_clear(S->q, S->nlab);
    _fmpz_vec_clear(S->r, S->nlab);
    flint_free(S);
}

void ct_lsalpha_unref(ct_lsalpha_struct *S)
{
    ct_lsroot_sys_unref(S == NULL ? NULL : &S->head);
}

double _ct_lsalpha_kappa(const ct_lsalpha_struct *S, double c)
{
    double a = S->mu / (1 - c * S->mu), b = 1 / (1 + c);
    return (a > b ? a : b) * (1 + 1e-12);
}

int _ct_lsalpha_pib_zero(const ct_lsalpha_struct *S, slong k, slong l)
{
    return S->pibz[ct_lsroot_pair(k, l, S->head.c)];
}

slong *_ct_lsalpha_dist(const ct_lsalpha_struct *S)
{
    slong n = S->head.n, *dist = flint_malloc(S->head.c * n * sizeof(slong));
    slong *queue = flint_malloc(n * sizeof(slong));
    for (slong k = 0; k < S->head.c; k++) {
        slong *d = dist + k * n, head = 0, tail = 0;
        for (slong i = 0; i < n; i++)
            d[i] = n;
        for (slong j = 0; j < S->nlab; j++)
            if (S->cls[j] == k && d[S->lab[j]] != 0)
                d[S->lab[j]] = 0, queue[tail++] = S->lab[j];
        while (head < tail) {
            slong i = queue[head++];
            for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
                if (d[S->col[e]] == n)
                    d[S->col[e]] = d[i] + 1, queue[tail++] = S->col[e];
        }
    }
    flint_free(queue);
    return dist;
}
