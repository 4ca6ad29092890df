/* lskron_model: Taylor models of the lambda system on one disk, in
   doubles with certified radii (the matrices are m x m; the unlabeled rows
   are H times the labeled coefficients).

   c > 0 (as lsalpha_model.c, in 2-norms; pi is uniform here): A = I - cM =
   (1 - c) I + (c / rho) K, b' = Y_k - (n_k / m) 1 in V = 1^perp, X_0 = A^{-1}
   b', X_j = A^{-1} M X_{j-1}. The stored doubles x_j have errors e_j with
       ||e_j||_2 <= ||r_j||_2 / (1 - c) + kappa ||e_{j-1}||_2
                    + |mean(x_{j-1})| sqrt(m) / (1 - c),
   r_j = A x_j - M x_{j-1} = (1 - c) x_j - x_{j-1} + K (c x_j + x_{j-1}) / rho
   (r_0 = A x_0 - b'), bounded from its floating value, its rounding and
   ||(K - K~) w||_2 <= eps ||w||_2. Tail: ||X_j||_2 <= kappa^j sqrt(n_k + n_l)
   / (1 - c mu) for a pair.

   c = 0: X_j = M^j Y_k as midpoints and radii per entry (M~ = I - K~ / rho
   applied to the midpoints; |M~| to the radii; rounding; and (K - K~) x, at
   most eps ||x on the structure of the row||_2 / rho, so that structural
   zeros stay exact). Tail: |X_j[i]| <= 1 (M is doubly stochastic, >= 0).

   Row t: labeled i: X_j[i]; unlabeled a: H_a X_j = H~_a x_j + H~_a (X_j -
   x_j) + (H_a - H~_a) X_j, the last at most Herr_a max over a's support
   (c > 0: over all labeled nodes; those coefficients are made for all
   classes at once by lskron_dmodel.c). */
#include <math.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/mem.h"
#include "lskron_internal.h"

#define KRON_J 20

typedef struct {
    const ct_lskron_struct *S;
    _ct_lskron_model *M;
    const slong *rows;
    double *R;                  /* c > 0: upper Cholesky factor of A (row-major) */
    const _ct_lskron_rows *rws; /* the model rows (rows = rws->U) */
} kron_ctx;

/* max over a's support of |x| + r (x, r: one class's labeled vectors). */
static double kron_support_max(const ct_lskron_struct *S, slong a, const double *x,
                               const double *r)
{
    double mx = 0;
    for (slong u = S->Hoff[a]; u < S->Hoff[a + 1]; u++)
        mx = FLINT_MAX(mx, fabs(x[S->Hcol[u]]) + r[S->Hcol[u]]);
    return mx;
}

/* Stores coefficient j of the nc classes ks (rows of x, its absolute
   values xa and radii r, nc x m) at every row: x +- r on labeled rows; on
   unlabeled ones the sums by dgemm (H~_R x^T, |H~_R| xa^T, |H~_R| r^T,
   bounded by _ct_lskron_hrow_radius; a dot product's error is at most
   gamma_len of its absolute values in any order). The maximum in Herr_a's
   term is over all labeled nodes (at least the support's), except where
   the row's sums vanish: there it is the support's own (0 when x and r
   vanish on it), so that structural zeros stay exact. */
static void kron_store_all(kron_ctx *X, slong j, const double *x, const double *xa,
                           const double *r, const slong *ks, slong nc, double *w)
{
    const ct_lskron_struct *S = X->S;
    const _ct_lskron_rows *R = X->rws;
    _ct_lskron_model *M = X->M;
    slong m = S->m, nh = R->nh;
    double *mid = w, *sa = w + nh * nc, *hr = w + 2 * nh * nc, *mxall = w + 3 * nh * nc;
    for (slong t = 0; t < nc; t++) {
        mxall[t] = 0;
        for (slong p = 0; p < m; p++)
            mxall[t] = FLINT_MAX(mxall[t], xa[t * m + p] + r[t * m + p]);
    }
    if (nh > 0) {
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_T, (int)nh, (int)nc, (int)m, 1, R->Hs, (int)m, x,
                      (int)m, 0, mid, (int)nc);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_T, (int)nh, (int)nc, (int)m, 1, R->Ha, (int)m,
                      xa, (int)m, 0, sa, (int)nc);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_T, (int)nh, (int)nc, (int)m, 1, R->Ha, (int)m, r,
                      (int)m, 0, hr, (int)nc);
    }
    for (slong t = 0; t < M->nr; t++) {
        slong q = S->pos[R->U[t]], s = R->slot[t];
        for (slong kk = 0; kk < nc; kk++) {
            double v, rad;
            if (q >= 0) {
                v = x[kk * m + q], rad = r[kk * m + q];
            } else {
                slong a = -1 - q, e = s * nc + kk;
                double mx = sa[e] == 0 && hr[e] == 0
                                ? kron_support_max(S, a, x + kk * m, r + kk * m)
                                : mxall[kk];
                v = mid[e], rad = _ct_lskron_hrow_radius(S, a, sa[e], hr[e], mx, 0);
            }
            _ct_lskron_model_set(M, (ks[kk] * M->nr + t) * (M->J + 1) + j, v, rad);
        }
    }
}

/* >= sum over row i's structure of v (v >= 0): the total when the row is
   structurally full. */
static double kron_struct_sum(const ct_lskron_struct *S, slong i, const double *v,
                              double total)
{
    if (S->Koff[i + 1] - S->Koff[i] == S->m)
        return total;
    double st = 0;
    for (slong u = S->Koff[i]; u < S->Koff[i + 1]; u++)
        st += v[S->Kcol[u]];
    return st;
}

/* The power series (c = 0) of every class with labels at once: the classes'
   vectors are the rows of X (nc x m) and advance a term at a time together,
   so that each term reads K~ and |K~| once for all of them (dgemm). Per
   class as before: midpoints x_{j+1} = x_j - K~ x_j / rho, radii from |K~|
   r_j, the rounding and eps on each row's structure (squares summed there;
   a structurally full row sums all of them). */
static void kron_series_all(kron_ctx *X)
{
    const ct_lskron_struct *S = X->S;
    slong m = S->m, nc = 0, *ks = flint_malloc(S->head.c * sizeof(slong));
    for (slong k = 0; k < S->head.c; k++)
        if (S->nlabk[k] > 0)
            ks[nc++] = k;
    slong len = FLINT_MAX(nc * m, 1);
    double *x = flint_calloc(len, sizeof(double)), *r = flint_calloc(len, sizeof(double));
    double *y = flint_malloc(len * sizeof(double)),
           *ya = flint_malloc(len * sizeof(double));
    double *nr = flint_malloc(len * sizeof(double)),
           *xa = flint_malloc(len * sizeof(double));
    double *v = flint_malloc(m * sizeof(double));
    double *w = ct_mem_malloc((3 * FLINT_MAX(X->rws->nh, 1) * nc + nc) * sizeof(double));
    for (slong t = 0; t < nc; t++)
        for (slong i = 0; i < m; i++)
            x[t * m + i] = S->cls[i] == ks[t];
    for (slong j = 0; j <= X->M->J; j++) {
        for (slong e = 0; e < nc * m; e++)
            xa[e] = fabs(x[e]);
        kron_store_all(X, j, x, xa, r, ks, nc, w);
        if (j == X->M->J)
            break;
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)nc, (int)m, (int)m, 1 / S->rho, x,
                      (int)m, S->K, (int)m, 0, y, (int)m);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)nc, (int)m, (int)m, 1 / S->rho, xa,
                      (int)m, S->Kabs, (int)m, 0, ya, (int)m);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)nc, (int)m, (int)m, 1 / S->rho, r,
                      (int)m, S->Kabs, (int)m, 0, nr, (int)m);
        for (slong t = 0; t < nc; t++) {
            double *xt = x + t * m, *rt = r + t * m, total = 0;
            for (slong p = 0; p < m; p++) {
                v[p] = (fabs(xt[p]) + rt[p]) * (fabs(xt[p]) + rt[p]);
                total += v[p];
            }
            for (slong i = 0; i < m; i++) {
                slong e = t * m + i;
                double st = kron_struct_sum(S, i, v, total);
                double kii = fabs(S->K[i * m + i]) / S->rho;
                double rad = (fabs(1 - S->K[i * m + i] / S->rho) - kii) * rt[i] + nr[e] +
                             (double)(m + 4) * 0x1p-53 * (fabs(xt[i]) + ya[e]) +
                             S->eps * sqrt(st) / S->rho;
                y[e] = xt[i] - y[e];
                nr[e] = st == 0 ? 0 : _ct_lskron_up(_ct_lskron_up(rad, m + 8), m);
            }
        }
        double *u = x;
        x = y, y = u, u = r, r = nr, nr = u;
    }
    flint_free(x), flint_free(r), flint_free(y), flint_free(ya), flint_free(nr);
    flint_free(xa), flint_free(v), flint_free(ks), flint_free(w);
}

/* x = A^{-1} y with A = R^T R (R upper, row-major), in place. */
void _ct_lskron_chol_solve(const double *R, slong m, double *x)
{
    for (slong i = 0; i < m; i++) { /* R^T z = y */
        double s = x[i];
        for (slong q = 0; q < i; q++)
            s -= R[q * m + i] * x[q];
        x[i] = s / R[i * m + i];
    }
    for (slong i = m - 1; i >= 0; i--) {
        double s = x[i];
        for (slong q = i + 1; q < m; q++)
            s -= R[i * m + q] * x[q];
        x[i] = s / R[i * m + i];
    }
}

/* The upper Cholesky factor of A = (1 - c) I + (c / rho) K~ (NULL if it fails). */
double *_ct_lskron_afactor(const ct_lskron_struct *S, double c)
{
    slong m = S->m;
    double *R = flint_malloc(m * m * sizeof(double)), fro;
    for (slong i = 0; i < m * m; i++)
        R[i] = c * S->K[i] / S->rho;
    for (slong i = 0; i < m; i++)
        R[i * m + i] += 1 - c;
    if (ct_lsroot_cholesky(R, m, &fro)) {
        flint_free(R);
        return NULL;
    }
    return R;
}

/* A model of nr rows and J + 1 terms, every coefficient 0 (balls kept too
   when asked). */
static _ct_lskron_model *kron_model_new(const ct_lskron_struct *S, slong nr, slong J,
                                        int balls)
{
    _ct_lskron_model *M = flint_calloc(1, sizeof(_ct_lskron_model));
    slong len = S->head.c * nr * (J + 1);
    M->nr = nr, M->J = J;
    M->coef = balls ? _arb_vec_init(len) : NULL;
    M->dm = flint_calloc(FLINT_MAX(len, 1), sizeof(double));
    M->dr = flint_calloc(FLINT_MAX(len, 1), sizeof(double));
    return M;
}

/* Coefficient e of M from the pencil model P (node i, term j): the ball, and
   the nearest double with the distance to the ball's far end. */
static void kron_from_ball(_ct_lskron_model *M, slong e, const ct_lskron_struct *S,
                           const _ct_lskron_pmodel *P, slong i, slong j)
{
    _ct_lskron_pencil_coef(M->coef + e, S, P, i, j);
    ct_dd_from_arb(M->dm + e, NULL, M->dr + e, M->coef + e);
}

/* The model read off the pencil's class models P (every class with labels;
   M->J theirs). */
static _ct_lskron_model *kron_from_pencil(const ct_lskron_struct *S,
                                          _ct_lskron_pmodel *const *P,
                                          const _ct_lskron_rows *R)
{
    slong nr = R->nu, J = -1;
    for (slong k = 0; k < S->head.c; k++)
        if (P[k] != NULL)
            J = P[k]->J;
    _ct_lskron_model *M = kron_model_new(S, nr, J, 1);
    M->rows = R->U;
    for (slong k = 0; k < S->head.c; k++) {
        if (P[k] == NULL)
            continue;
        M->c = P[k]->c, M->r = P[k]->r;
        for (slong t = 0; t < nr; t++)
            for (slong j = 0; j <= J; j++)
                kron_from_ball(M, (k * nr + t) * (J + 1) + j, S, P[k], R->U[t], j);
    }
    M->tail = _ct_lskron_fast_tail(S, M->c, M->r, J);
    return M;
}

_ct_lskron_model *_ct_lskron_model_build(const ct_lskron_struct *S, double c, double r,
                                         const _ct_lskron_rows *R,
                                         _ct_lskron_pmodel **keep)
{
    if (keep != NULL && c > 0 && _ct_lskron_pencil_on(S)) {
        if (!_ct_lskron_pencil_all(keep, S, c, r))
            return kron_from_pencil(S, keep, R);
    }
    const slong *rows = R->U;
    slong nr = R->nu;
    _ct_lskron_model *M = kron_model_new(S, nr, KRON_J + (c == 0 ? S->far : 0), 0);
    M->c = c, M->r = r, M->rows = rows;
    M->tail = c > 0 ? _ct_lskron_fast_tail(S, c, r, M->J) : 0;
    kron_ctx X = {S, M, rows, c > 0 ? _ct_lskron_afactor(S, c) : NULL, R};
    if (c > 0 && X.R == NULL) {
        _ct_lskron_model_free(M, S->head.c);
        return NULL;
    }
    if (c > 0)
        _ct_lskron_deflated_all(S, M, R, X.R);
    if (c == 0)
        kron_series_all(&X);
    flint_free(X.R);
    return M;
}

void _ct_lskron_model_free(_ct_lskron_model *M, slong c)
{
    if (M == NULL)
        return;
    if (M->coef != NULL)
        _arb_vec_clear(M->coef, c * M->nr * (M->J + 1));
    flint_free(M->dm), flint_free(M->dr);
    flint_free(M);
}
