/* lskron_sys: the lambda system's floating H~ and K~ with certified
   error bounds (docs/lambda.md, "The ball path").

   L_uu is an irreducibly diagonally dominant M-matrix on each piece of
   unlabeled nodes (every piece touches a labeled node), so L_uu^{-1} >= 0.
   H~ and z~ ~ L_uu^{-1} 1 come from one floating Cholesky solve. With v =
   L_uu z~ >= vmin > 0 (checked in bounds), L_uu^{-1} 1 <= z~ / vmin, so
   ||L_uu^{-1}||_inf = ||L_uu^{-1}||_2 (symmetric) <= Z = max z~ / vmin; with R
   = W_ul - L_uu H~ (bounded entrywise), H - H~ = L_uu^{-1} R gives
   ||H_a - H~_a||_1 <= (L_uu^{-1} |R| 1)_a <= z~_a / vmin max_b ||R_b||_1 and
   ||H - H~||_F <= Z ||R||_F. K~ is fl(L_ll - W_lu H~) on and above the
   diagonal, mirrored below, so K - K~ = -(the upper part of W_lu (H - H~),
   mirrored) - roundings: ||K - K~||_2 <= sqrt(2) ||W_lu||_2 Z ||R||_F +
   ||rounding||_F, ||W_lu||_2 <= sqrt(||W_lu||_1 ||W_lu||_inf).
   Structural zeros are exact: H_aj = 0 iff a's piece does not touch j, and
   K_jj' = 0 (j != j') iff j, j' are not adjacent and touch no common piece;
   H~ and K~ are set to 0 there. */
#include <math.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/mem.h"
#include "lskron_internal.h"

/* (k + 1) 2^-53 >= gamma_k = k u / (1 - k u) for k u < 2^-20. */
static double kron_gamma(slong k)
{
    return (double)(k + 1) * 0x1p-53;
}

/* piece[a] = the piece (connected set of unlabeled nodes) of a; returns their count. */
static slong kron_pieces(slong *piece, const ct_lskron_struct *S, const slong *rowstart,
                         const slong *col)
{
    slong np = 0, *queue = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(slong));
    for (slong a = 0; a < S->nu; a++)
        piece[a] = -1;
    for (slong a0 = 0; a0 < S->nu; a0++) {
        if (piece[a0] >= 0)
            continue;
        slong head = 0, tail = 0;
        piece[a0] = np, queue[tail++] = a0;
        while (head < tail) {
            slong i = S->unl[queue[head++]];
            for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
                slong b = -1 - S->pos[col[e]];
                if (b >= 0 && piece[b] < 0)
                    piece[b] = np, queue[tail++] = b;
            }
        }
        np++;
    }
    flint_free(queue);
    return np;
}

/* The labeled nodes each piece touches (CSR poff/plab, sorted, distinct). */
static void kron_piece_labels(slong **poff, slong **plab, const ct_lskron_struct *S,
                              const slong *piece, slong np, const slong *rowstart,
                              const slong *col)
{
    slong *mark = flint_malloc(FLINT_MAX(S->m, 1) * sizeof(slong)), len = 0, alloc = 16;
    slong *byp = flint_malloc((np + 1) * sizeof(slong)), *ord;
    ord = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(slong));
    memset(byp, 0, (np + 1) * sizeof(slong));
    for (slong a = 0; a < S->nu; a++)
        byp[piece[a] + 1]++;
    for (slong p = 0; p < np; p++)
        byp[p + 1] += byp[p];
    for (slong a = 0; a < S->nu; a++)
        ord[byp[piece[a]]++] = a;
    for (slong p = np; p > 0; p--)
        byp[p] = byp[p - 1];
    byp[0] = 0;
    for (slong j = 0; j < S->m; j++)
        mark[j] = -1;
    *poff = flint_malloc((np + 1) * sizeof(slong));
    *plab = flint_malloc(alloc * sizeof(slong));
    for (slong p = 0; p < np; p++) {
        (*poff)[p] = len;
        for (slong t = byp[p]; t < byp[p + 1]; t++) {
            slong i = S->unl[ord[t]];
            for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
                slong j = S->pos[col[e]];
                if (j < 0 || mark[j] == p)
                    continue;
                mark[j] = p;
                if (len == alloc)
                    *plab = flint_realloc(*plab, (alloc *= 2) * sizeof(slong));
                (*plab)[len++] = j;
            }
        }
    }
    (*poff)[np] = len;
    flint_free(mark), flint_free(byp), flint_free(ord);
}

/* The supports: H_a = its piece's labels; K_j = j, its labeled neighbours,
   and the labels of every piece it touches (each list ascending). */
static void kron_supports(ct_lskron_struct *S, const slong *rowstart, const slong *col)
{
    slong *piece = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(slong)), *poff, *plab;
    slong np = kron_pieces(piece, S, rowstart, col);
    kron_piece_labels(&poff, &plab, S, piece, np, rowstart, col);
    S->Hoff = flint_malloc((S->nu + 1) * sizeof(slong));
    S->Hoff[0] = 0;
    for (slong a = 0; a < S->nu; a++)
        S->Hoff[a + 1] = S->Hoff[a] + poff[piece[a] + 1] - poff[piece[a]];
    S->Hcol = flint_malloc(FLINT_MAX(S->Hoff[S->nu], 1) * sizeof(slong));
    for (slong a = 0; a < S->nu; a++)
        memcpy(S->Hcol + S->Hoff[a], plab + poff[piece[a]],
               (S->Hoff[a + 1] - S->Hoff[a]) * sizeof(slong));
    char *row = flint_malloc(FLINT_MAX(S->m, 1));
    slong len = 0, alloc = 4 * S->m + 16;
    S->Koff = flint_malloc((S->m + 1) * sizeof(slong));
    S->Kcol = flint_malloc(alloc * sizeof(slong));
    for (slong j = 0; j < S->m; j++) {
        memset(row, 0, S->m);
        row[j] = 1;
        slong i = S->lab[j];
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            slong q = S->pos[col[e]];
            if (q >= 0)
                row[q] = 1;
            else
                for (slong t = poff[piece[-1 - q]]; t < poff[piece[-1 - q] + 1]; t++)
                    row[plab[t]] = 1;
        }
        S->Koff[j] = len;
        for (slong q = 0; q < S->m; q++) {
            if (!row[q])
                continue;
            if (len == alloc)
                S->Kcol = flint_realloc(S->Kcol, (alloc *= 2) * sizeof(slong));
            S->Kcol[len++] = q;
        }
    }
    S->Koff[S->m] = len;
    flint_free(row), flint_free(piece), flint_free(poff), flint_free(plab);
}

/* Solves L_uu [H~ | z~ | zd~] = [W_ul | 1 | d_u] (column-major nu x (m + 2)
   in B; d_u the unlabeled nodes' degrees). */
static int kron_solve(double *B, ct_lskron_struct *S, const slong *rowstart,
                      const slong *col, const double *w)
{
    slong nu = S->nu, m = S->m;
    for (slong a = 0; a < nu; a++) {
        slong i = S->unl[a];
        B[m * nu + a] = 1;
        B[(m + 1) * nu + a] = S->deg[i];
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++)
            if (S->pos[col[e]] >= 0)
                B[S->pos[col[e]] * nu + a] = w[e];
    }
    _ct_lskron_luu *F = flint_malloc(sizeof(_ct_lskron_luu));
    if (_ct_lskron_luu_init(F, S)) {
        flint_free(F);
        return 1;
    }
    int bad = _ct_lskron_luu_solve(F, B, m + 2);
    _ct_lskron_luu_free(S->luu);
    S->luu = F; /* kept for H_hi's refinement */
    return bad;
}

/* H~ (row-major, 0 off the support) and per a its row sum, from B. */
static void kron_store_h(ct_lskron_struct *S, const double *B)
{
    slong nu = S->nu, m = S->m;
    S->H = ct_mem_calloc((size_t)FLINT_MAX(nu * m, 1), sizeof(double));
    S->Hrs = flint_malloc(FLINT_MAX(nu, 1) * sizeof(double));
    for (slong a = 0; a < nu; a++) {
        double s = 0;
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
            slong j = S->Hcol[t];
            S->H[a * m + j] = B[j * nu + a];
            s += fabs(B[j * nu + a]);
        }
        S->Hrs[a] = _ct_lskron_up(s, m);
    }
}

/* Row a of R = W_ul - L_uu H~ on a's support: *rsum >= ||R_a||_1, *rsq >=
   ||R_a||_2^2. Off the support R_a is exactly 0. */
static void kron_residual_row(double *rsum, double *rsq, const ct_lskron_struct *S,
                              slong a, const slong *rowstart, const slong *col,
                              const double *w, const double *deg)
{
    slong i = S->unl[a], m = S->m, dg = rowstart[i + 1] - rowstart[i];
    double g = kron_gamma(dg + 2), s1 = 0, s2 = 0;
    for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
        slong j = S->Hcol[t];
        double r = -deg[i] * S->H[a * m + j], s = fabs(r);
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            slong q = S->pos[col[e]];
            double x = q >= 0 ? (q == j ? w[e] : 0) : w[e] * S->H[(-1 - q) * m + j];
            r += x, s += fabs(x);
        }
        double b = fabs(r) + g * s;
        s1 += b, s2 += b * b;
    }
    *rsum = _ct_lskron_up(s1, m), *rsq = _ct_lskron_up(s2, 2 * m);
}

/* min_a (L_uu z~)_a / (per_degree ? d_a : 1), from below: the lower ends of
   the rows' enclosures. */
static double kron_vmin(const ct_lskron_struct *S, const double *z, const slong *rowstart,
                        const slong *col, const double *w, const double *deg,
                        int per_degree)
{
    double vmin = INFINITY;
    for (slong a = 0; a < S->nu; a++) {
        slong i = S->unl[a], dg = rowstart[i + 1] - rowstart[i];
        double v = deg[i] * z[a], s = fabs(v);
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            slong q = S->pos[col[e]];
            if (q < 0)
                v -= w[e] * z[-1 - q], s += fabs(w[e] * z[-1 - q]);
        }
        v -= kron_gamma(dg + 2) * s * 2;
        vmin = FLINT_MIN(vmin, per_degree ? v / deg[i] * (1 - 0x1p-50) : v);
    }
    return vmin;
}

/* S->zd >= L_uu^{-1} d_u from zd~ (L_uu zd~ >= v d_u with v > 0, the lower
   ends of the rows' enclosures divided by d; L_uu^{-1} >= 0); 1 when v is
   not positive. */
static int kron_zd(ct_lskron_struct *S, const double *z, const slong *rowstart,
                   const slong *col, const double *w, const double *deg)
{
    double vmin = kron_vmin(S, z, rowstart, col, w, deg, 1);
    if (!(vmin > 0.25))
        return 1;
    S->zd = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(double));
    for (slong a = 0; a < S->nu; a++)
        S->zd[a] = _ct_lskron_up(z[a] / vmin, 2);
    return 0;
}

/* Herr from the residuals; returns Z ||R||_F (an upper bound on ||H - H~||_F),
   or -1 when vmin is not positive. */
static double kron_h_bounds(ct_lskron_struct *S, const double *z, const slong *rowstart,
                            const slong *col, const double *w, const double *deg)
{
    double vmin = kron_vmin(S, z, rowstart, col, w, deg, 0), rmax = 0, rsq = 0, zmax = 0;
    if (!(vmin > 0.25))
        return -1;
    S->Herr = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(double));
    for (slong a = 0; a < S->nu; a++) {
        double s1, s2;
        kron_residual_row(&s1, &s2, S, a, rowstart, col, w, deg);
        rmax = FLINT_MAX(rmax, s1), rsq += s2;
        zmax = FLINT_MAX(zmax, z[a]);
    }
    S->zb = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(double));
    for (slong a = 0; a < S->nu; a++) {
        S->zb[a] = _ct_lskron_up(z[a] / vmin, 2);
        S->Herr[a] = _ct_lskron_up(S->zb[a] * rmax, 2);
    }
    return _ct_lskron_up(_ct_lskron_up(zmax / vmin, 2) * sqrt(_ct_lskron_up(rsq, S->nu)),
                         4);
}

/* Row j of K~ on and above the diagonal (mirrored below); returns the
   squared Frobenius norm of its rounding bounds counted twice off the diagonal. */
static double kron_k_row(ct_lskron_struct *S, slong j, double *acc, double *abs,
                         const slong *rowstart, const slong *col, const double *w,
                         const double *deg)
{
    slong i = S->lab[j], m = S->m, dg = rowstart[i + 1] - rowstart[i];
    double g = kron_gamma(dg + 3), fr = 0;
    for (slong t = S->Koff[j]; t < S->Koff[j + 1]; t++)
        acc[S->Kcol[t]] = abs[S->Kcol[t]] = 0;
    for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
        slong q = S->pos[col[e]];
        if (q >= 0) {
            acc[q] += w[e], abs[q] += w[e];
            continue;
        }
        const double *h = S->H + (-1 - q) * m;
        for (slong t = S->Hoff[-1 - q]; t < S->Hoff[-q]; t++) {
            slong p = S->Hcol[t];
            acc[p] += w[e] * h[p], abs[p] += fabs(w[e] * h[p]);
        }
    }
    for (slong t = S->Koff[j]; t < S->Koff[j + 1]; t++) {
        slong p = S->Kcol[t];
        if (p < j)
            continue;
        double b = g * (abs[p] + (p == j ? deg[i] : 0));
        S->K[j * m + p] = S->K[p * m + j] = p == j ? deg[i] - acc[p] : -acc[p];
        fr += (p == j ? 1 : 2) * b * b;
    }
    return fr;
}

/* K~, eps, rho. */
static void kron_k(ct_lskron_struct *S, double hfro, const slong *rowstart,
                   const slong *col, const double *w, const double *deg)
{
    slong m = S->m;
    double *acc = flint_malloc(m * sizeof(double)),
           *abs = flint_malloc(m * sizeof(double));
    double fr = 0, wl = 0, wu = 0, dmax = 0;
    S->K = ct_mem_calloc((size_t)m * m, sizeof(double));
    for (slong j = 0; j < m; j++)
        fr += kron_k_row(S, j, acc, abs, rowstart, col, w, deg);
    S->Kabs = ct_mem_calloc((size_t)m * m, sizeof(double));
    for (slong i = 0; i < m * m; i++)
        S->Kabs[i] = fabs(S->K[i]);
    for (slong v = 0; v < S->head.n; v++) { /* ||W_lu||_1, ||W_lu||_inf */
        double s = 0;
        for (slong e = rowstart[v]; e < rowstart[v + 1]; e++)
            if ((S->pos[v] >= 0) != (S->pos[col[e]] >= 0))
                s += w[e];
        if (S->pos[v] >= 0)
            wu = FLINT_MAX(wu, s), dmax = FLINT_MAX(dmax, deg[v]);
        else
            wl = FLINT_MAX(wl, s);
    }
    S->wnorm = _ct_lskron_up(sqrt(2.0) * sqrt(wl * wu), 4);
    double eh = S->wnorm * hfro;
    S->eps = _ct_lskron_up(_ct_lskron_up(eh, 2) + sqrt(_ct_lskron_up(fr, m * m)), 2);
    S->rho = 1;
    while (S->rho < 2 * dmax)
        S->rho *= 2;
    flint_free(acc), flint_free(abs);
}

/* far: the Kron-structure distance from the rows to each class (an upper bound). */
static void kron_far(ct_lskron_struct *S)
{
    slong m = S->m, *d = flint_malloc(m * sizeof(slong)),
          *queue = flint_malloc(m * sizeof(slong));
    S->far = 0;
    for (slong k = 0; k < S->head.c; k++) {
        slong head = 0, tail = 0;
        for (slong j = 0; j < m; j++)
            d[j] = S->cls[j] == k ? 0 : m;
        for (slong j = 0; j < m; j++)
            if (d[j] == 0)
                queue[tail++] = j;
        while (head < tail) {
            slong j = queue[head++];
            for (slong t = S->Koff[j]; t < S->Koff[j + 1]; t++)
                if (d[S->Kcol[t]] == m)
                    d[S->Kcol[t]] = d[j] + 1, queue[tail++] = S->Kcol[t];
        }
        for (slong j = 0; j < m && tail > 0; j++)
            S->far = FLINT_MAX(S->far, d[j]);
    }
    flint_free(d), flint_free(queue);
}

int _ct_lskron_build(ct_lskron_struct *S, const slong *rowstart, const slong *col,
                     const double *w)
{
    double *deg = S->deg = flint_malloc(S->head.n * sizeof(double)), hfro = 0;
    for (slong i = 0; i < S->head.n; i++) {
        deg[i] = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++)
            deg[i] += w[e]; /* exact: the caller checked the sums */
    }
    kron_supports(S, rowstart, col);
    int bad = 0;
    if (S->nu > 0) {
        double *B = ct_mem_calloc((size_t)S->nu * (S->m + 2), sizeof(double));
        bad = kron_solve(B, S, rowstart, col, w);
        if (!bad) {
            kron_store_h(S, B);
            hfro = kron_h_bounds(S, B + S->m * S->nu, rowstart, col, w, deg);
            bad = hfro < 0 || kron_zd(S, B + (S->m + 1) * S->nu, rowstart, col, w, deg);
        }
        flint_free(B);
    }
    if (!bad) {
        kron_k(S, hfro, rowstart, col, w, deg);
        kron_far(S);
    }
    return bad;
}
