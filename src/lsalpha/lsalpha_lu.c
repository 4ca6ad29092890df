/* lsalpha_lu: the floating LU of D - cW that the Taylor models use as a
   preconditioner. D - cW is strictly diagonally dominant for 0 <= c < 1, so
   Gaussian elimination without pivoting is stable; its accuracy only decides
   how many refinement steps a model needs, never a bound (the bounds come
   from residuals computed in balls, lsalpha_model.c).

   Stored by its envelope: the pattern of D - cW is symmetric, so without
   pivoting every fill entry of row i lies in columns f_i..g_i, with f_i the
   first column of row i and g_i = max {j : f_j <= i} (nondecreasing). Entries
   outside stay exactly 0 in a dense elimination, and the products and sums
   below skip only such zeros, in the same order and the same accumulators as
   the dense code did: the factors and solutions are the same doubles, at
   O(n) cost and memory on a path instead of O(n^3) and O(n^2).

   A wide envelope (more than LSLU_ENVELOPE_MAX entries per node: a whole
   graph's is about n^2 / 3 in its natural order) is not formed: D - cW is
   symmetric positive definite, so CHOLMOD factors it in its fill-reducing
   order when it loads, at the cost of the factor's nonzeros. */
#include "certune/mem.h"
#include "certune/spchol.h"
#include "lsalpha_internal.h"

#define LSLU_ENVELOPE_MAX 16

struct _ct_lsalpha_lu {
    slong n;
    slong *f, *g, *off; /* row i holds columns f[i]..g[i] at a + off[i] - f[i] */
    double *a;
    ct_spchol_struct *sp; /* the sparse factor instead (f, g, off, a NULL) */
};

static double *lslu_row(const _ct_lsalpha_lu *L, slong i)
{
    return L->a + L->off[i] - L->f[i]; /* index by column */
}

/* CHOLMOD's factor of D - cW from its lower triangle (NULL if it fails). */
static ct_spchol_struct *lslu_sparse(const ct_lsalpha_struct *S, double c)
{
    slong n = S->head.n, t = 0, nnz = S->rowstart[n];
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc((n + nnz + 1) * sizeof(slong));
    double *v = flint_malloc((n + nnz + 1) * sizeof(double));
    for (slong j = 0; j < n; j++) { /* column j: row j's entries right of j */
        cp[j] = t, ri[t] = j, v[t++] = S->deg[j];
        for (slong e = S->rowstart[j]; e < S->rowstart[j + 1]; e++) {
            if (S->col[e] == j)
                v[cp[j]] -= c * S->w[e];
            else if (S->col[e] > j)
                ri[t] = S->col[e], v[t++] = -c * S->w[e];
        }
    }
    cp[n] = t;
    ct_spchol_struct *F = ct_spchol_factor(n, cp, ri, v);
    flint_free(cp), flint_free(ri), flint_free(v);
    return F;
}

/* The envelope f, g, off of L (allocated here). */
static void lslu_envelope(_ct_lsalpha_lu *L, const ct_lsalpha_struct *S)
{
    slong n = L->n;
    L->f = flint_malloc(n * sizeof(slong));
    L->g = flint_malloc(n * sizeof(slong));
    L->off = flint_malloc((n + 1) * sizeof(slong));
    for (slong i = 0; i < n; i++) {
        L->f[i] = i;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            L->f[i] = FLINT_MIN(L->f[i], S->col[e]);
    }
    for (slong i = 0; i < n; i++) /* g[j] = max {i : f[i] <= j}, then prefix max */
        L->g[i] = i;
    for (slong i = 0; i < n; i++)
        L->g[L->f[i]] = FLINT_MAX(L->g[L->f[i]], i);
    for (slong i = 1; i < n; i++)
        L->g[i] = FLINT_MAX(L->g[i], L->g[i - 1]);
    L->off[0] = 0;
    for (slong i = 0; i < n; i++)
        L->off[i + 1] = L->off[i] + (L->g[i] - L->f[i] + 1);
}

_ct_lsalpha_lu *_ct_lsalpha_lu_new(const ct_lsalpha_struct *S, double c)
{
    slong n = S->head.n;
    _ct_lsalpha_lu *L = flint_calloc(1, sizeof(_ct_lsalpha_lu));
    L->n = n;
    lslu_envelope(L, S);
    if (L->off[n] > LSLU_ENVELOPE_MAX * n && (L->sp = lslu_sparse(S, c)) != NULL) {
        flint_free(L->f), flint_free(L->g), flint_free(L->off);
        L->f = L->g = L->off = NULL;
        return L;
    }
    L->a = ct_mem_malloc((size_t)FLINT_MAX(L->off[n], 1) * sizeof(double));
    for (slong t = 0; t < L->off[n]; t++)
        L->a[t] = 0;
    for (slong i = 0; i < n; i++) {
        double *ri = lslu_row(L, i);
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            ri[S->col[e]] -= c * S->w[e];
        ri[i] += S->deg[i];
    }
    for (slong k = 0; k < n; k++) {
        const double *rk = lslu_row(L, k);
        for (slong i = k + 1; i <= L->g[k];
             i++) { /* rows below g[k] have 0 in column k */
            double *ri = lslu_row(L, i);
            if (L->f[i] > k || ri[k] == 0)
                continue;
            double f = ri[k] / rk[k];
            ri[k] = f;
            for (slong j = k + 1; j <= L->g[k]; j++) /* rk[j] = 0 beyond g[k] */
                ri[j] -= f * rk[j];
        }
    }
    return L;
}

void _ct_lsalpha_lu_free(_ct_lsalpha_lu *L)
{
    if (L == NULL)
        return;
    flint_free(L->f), flint_free(L->g), flint_free(L->off), flint_free(L->a);
    ct_spchol_free(L->sp);
    flint_free(L);
}

/* The dense code's sum_{j < len} a[j] b[j] in four accumulators (term j in
   accumulator j mod 4 below 4 floor(len / 4), the rest in the first), over
   the terms lo <= j < hi only: the others are products with exact zeros,
   which leave the accumulators as they are. */
static double lslu_dot(const double *a, const double *b, slong len, slong lo, slong hi)
{
    double s[4] = {0, 0, 0, 0};
    slong main = len - len % 4, j = lo;
    for (; j < hi && j < main && (j & 3) != 0; j++)
        s[j & 3] += a[j] * b[j];
    for (; j + 4 <= hi && j + 4 <= main; j += 4) {
        s[0] += a[j] * b[j];
        s[1] += a[j + 1] * b[j + 1];
        s[2] += a[j + 2] * b[j + 2];
        s[3] += a[j + 3] * b[j + 3];
    }
    for (; j < hi && j < main; j++)
        s[j & 3] += a[j] * b[j];
    for (; j < hi; j++)
        s[0] += a[j] * b[j];
    return (s[0] + s[1]) + (s[2] + s[3]);
}

void _ct_lsalpha_lu_solve(const _ct_lsalpha_lu *L, double *x)
{
    slong n = L->n;
    if (L->sp != NULL) {
        if (ct_spchol_solve(L->sp, x, 1) != 0) /* no memory: no correction */
            for (slong i = 0; i < n; i++)
                x[i] = 0;
        return;
    }
    for (slong i = 1; i < n; i++)
        x[i] -= lslu_dot(lslu_row(L, i), x, i, L->f[i], i);
    for (slong i = n - 1; i >= 0; i--) {
        const double *ri = lslu_row(L, i);
        x[i] =
            (x[i] - lslu_dot(ri + i + 1, x + i + 1, n - i - 1, 0, L->g[i] - i)) / ri[i];
    }
}

void _ct_lsalpha_lu_solve_each(const _ct_lsalpha_lu *L, double *B, slong nrhs)
{
    if (L->sp != NULL) {
        if (ct_spchol_solve_each(L->sp, B, nrhs) != 0) /* no memory: no correction */
            for (slong i = 0; i < L->n * nrhs; i++)
                B[i] = 0;
        return;
    }
    for (slong q = 0; q < nrhs; q++)
        _ct_lsalpha_lu_solve(L, B + q * L->n);
}
