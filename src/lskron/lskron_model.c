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
#include "lskron_internal.h"

#define KRON_J 30

typedef struct {
    const ct_lskron_struct *S;
    _ct_lskron_model *M;
    const slong *rows;
    slong k;
    double *R; /* c > 0: upper Cholesky factor of A (row-major) */
} kron_ctx;

/* Stores coefficient j of class X->k for every row: x with radius e + rad[i]
   (rad may be NULL) on labeled rows, through H on unlabeled ones. */
static void kron_store(kron_ctx *X, slong j, const double *x, const double *rad, double e)
{
    const ct_lskron_struct *S = X->S;
    _ct_lskron_model *M = X->M;
    for (slong t = 0; t < M->nr; t++) {
        slong q = S->pos[X->rows[t]];
        double mid, r;
        if (q >= 0) {
            mid = x[q], r = e + (rad != NULL ? rad[q] : 0);
        } else {
            slong a = -1 - q;
            const double *h = S->H + a * S->m;
            double s = 0, sa = 0, hr = 0, mx = 0;
            for (slong u = S->Hoff[a]; u < S->Hoff[a + 1]; u++) {
                slong p = S->Hcol[u];
                double rp = rad != NULL ? rad[p] : 0;
                s += h[p] * x[p], sa += fabs(h[p] * x[p]), hr += fabs(h[p]) * rp;
                mx = FLINT_MAX(mx, fabs(x[p]) + rp);
            }
            mid = s;
            r = _ct_lskron_hrow_radius(S, a, sa, hr, mx, e);
        }
        _ct_lskron_model_set(M, (X->k * M->nr + t) * (M->J + 1) + j, mid, r);
    }
}

/* y = K~ x / rho and ya = |K~| |x| / rho (rho a power of 2: exact scaling). */
static void kron_kx(double *y, double *ya, const ct_lskron_struct *S, const double *x)
{
    slong m = S->m;
    for (slong i = 0; i < m; i++) {
        const double *k = S->K + i * m;
        double s = 0, sa = 0;
        for (slong q = 0; q < m; q++)
            s += k[q] * x[q], sa += fabs(k[q] * x[q]);
        y[i] = s / S->rho, ya[i] = sa / S->rho;
    }
}

/* The power series of class k (c = 0). */
static void kron_series(kron_ctx *X)
{
    const ct_lskron_struct *S = X->S;
    slong m = S->m;
    double *x = flint_calloc(m, sizeof(double)), *r = flint_calloc(m, sizeof(double));
    double *y = flint_malloc(m * sizeof(double)), *ya = flint_malloc(m * sizeof(double));
    double *nr = flint_malloc(m * sizeof(double)), *ra = flint_malloc(m * sizeof(double));
    for (slong j = 0; j < m; j++)
        x[j] = S->cls[j] == X->k;
    for (slong j = 0; j <= X->M->J; j++) {
        kron_store(X, j, x, r, 0);
        kron_kx(y, ya, S, x);
        kron_kx(ra, nr, S, r); /* nr = |K~| r / rho */
        for (slong i = 0; i < m; i++) {
            double st = 0; /* ||(|x| + r) on row i's structure||_2 */
            for (slong u = S->Koff[i]; u < S->Koff[i + 1]; u++) {
                slong p = S->Kcol[u];
                st += (fabs(x[p]) + r[p]) * (fabs(x[p]) + r[p]);
            }
            double kii = fabs(S->K[i * m + i]) / S->rho;
            double rad = (fabs(1 - S->K[i * m + i] / S->rho) - kii) * r[i] + nr[i] +
                         (double)(m + 4) * 0x1p-53 * (fabs(x[i]) + ya[i]) +
                         S->eps * sqrt(st) / S->rho;
            y[i] = x[i] - y[i];
            ra[i] = st == 0 ? 0 : _ct_lskron_up(_ct_lskron_up(rad, m + 8), m);
        }
        memcpy(x, y, m * sizeof(double));
        memcpy(r, ra, m * sizeof(double));
    }
    flint_free(x), flint_free(r), flint_free(y), flint_free(ya), flint_free(nr),
        flint_free(ra);
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

/* A model of nr rows and J + 1 terms, every coefficient 0. */
static _ct_lskron_model *kron_model_new(const ct_lskron_struct *S, slong nr, slong J)
{
    _ct_lskron_model *M = flint_calloc(1, sizeof(_ct_lskron_model));
    slong len = S->head.c * nr * (J + 1);
    M->nr = nr, M->J = J;
    M->coef = _arb_vec_init(len);
    M->dm = flint_calloc(FLINT_MAX(len, 1), sizeof(double));
    M->dr = flint_calloc(FLINT_MAX(len, 1), sizeof(double));
    return M;
}

/* Coefficient e of M from the pencil model P (node i, term j): the ball, and
   the nearest double with the distance to the ball's far end. */
static void kron_from_ball(_ct_lskron_model *M, slong e, const ct_lskron_struct *S,
                           const _ct_lskron_pmodel *P, slong i, slong j)
{
    arb_ptr v = M->coef + e;
    arb_t d;
    mag_t r;
    _ct_lskron_pencil_coef(v, S, P, i, j);
    M->dm[e] = arf_get_d(arb_midref(v), ARF_RND_NEAR);
    arb_init(d), mag_init(r);
    arb_set_d(d, M->dm[e]);
    arb_sub(d, v, d, 2 * FLINT_MAX(P->prec, 53));
    arb_get_mag(r, d);
    M->dr[e] = mag_get_d(r);
    arb_clear(d), mag_clear(r);
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
    _ct_lskron_model *M = kron_model_new(S, nr, J);
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
    _ct_lskron_model *M = kron_model_new(S, nr, KRON_J + (c == 0 ? S->far : 0));
    M->c = c, M->r = r, M->rows = rows;
    M->tail = c > 0 ? _ct_lskron_fast_tail(S, c, r, M->J) : 0;
    kron_ctx X = {S, M, rows, 0, c > 0 ? _ct_lskron_afactor(S, c) : NULL};
    if (c > 0 && X.R == NULL) {
        _ct_lskron_model_free(M, S->head.c);
        return NULL;
    }
    if (c > 0)
        _ct_lskron_deflated_all(S, M, R, X.R);
    for (X.k = 0; c == 0 && X.k < S->head.c; X.k++)
        if (S->nlabk[X.k] > 0)
            kron_series(&X);
    flint_free(X.R);
    return M;
}

void _ct_lskron_model_free(_ct_lskron_model *M, slong c)
{
    if (M == NULL)
        return;
    _arb_vec_clear(M->coef, c * M->nr * (M->J + 1));
    flint_free(M->dm), flint_free(M->dr);
    flint_free(M);
}
