/* lskron_dmodel: the deflated Taylor coefficients of a disk with c > 0 for
   every class with labels at once (the math is lskron_model.c's). The
   classes' vectors advance a term at a time together, so that each term
   reads K~, |K~| and A's factor once for all of them (dgemm, dpotrs); the
   unlabeled rows are one product H~ [x_0 ... x_J] at the end.

   Every product is a floating dot product in an order BLAS chooses (fused
   or not): its error is at most gamma_len of the same product in absolute
   values, len the number of nonzero terms, whatever the order, which is
   what the bounds below charge (as the scalar loops they replace). Only
   the residuals certify; the solves steer. */
#include <math.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/mem.h"
#include "lskron_internal.h"

typedef struct {
    const ct_lskron_struct *S;
    const double *Rf; /* A = Rf^T Rf, row-major upper: LAPACK's lower factor */
    double c;
    slong m, nc; /* labeled nodes; classes with labels */
    slong *ks;   /* those classes */
} dm_ctx;

static void *dm_vec(slong len)
{
    return ct_mem_calloc((size_t)FLINT_MAX(len, 1), sizeof(double));
}

/* T = X K / rho for nv vectors of length m (rows of X); abs: |X| |K| / rho. */
static void dm_kx(double *T, const dm_ctx *D, const double *X, slong nv, int abs)
{
    slong m = D->m;
    ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)nv, (int)m, (int)m, 1 / D->S->rho, X, (int)m,
                  abs ? D->S->Kabs : D->S->K, (int)m, 0, T, (int)m);
}

/* X = A^{-1} X for the nc vectors (rows) of X, in place. */
static void dm_solve(const dm_ctx *D, double *X)
{
    ct_blas_dpotrs_lower((int)D->m, (int)D->nc, D->Rf, (int)D->m, X, (int)D->m);
}

/* X ~ A^{-1} Y, refined once against the floating residual; then each
   vector's mean removed. T and U: nc m doubles each. */
static void dm_solve_proj(double *X, const dm_ctx *D, const double *Y, double *T,
                          double *U)
{
    slong len = D->nc * D->m;
    memcpy(X, Y, len * sizeof(double));
    dm_solve(D, X);
    dm_kx(T, D, X, D->nc, 0);
    for (slong i = 0; i < len; i++)
        U[i] = Y[i] - ((1 - D->c) * X[i] + D->c * T[i]);
    dm_solve(D, U);
    for (slong k = 0; k < D->nc; k++) {
        double *x = X + k * D->m, mean = 0;
        for (slong i = 0; i < D->m; i++)
            x[i] += U[k * D->m + i], mean += x[i];
        mean /= (double)D->m;
        for (slong i = 0; i < D->m; i++)
            x[i] -= mean;
    }
}

/* >= ||r||_2 for r = A x - xp' with t = K w / rho, ta = |K| |w| / rho, w =
   c x + xp (xp NULL: r = A x - b', b' the deflated class k, w = c x). */
static double dm_resid(const dm_ctx *D, slong k, const double *x, const double *xp,
                       const double *w, const double *t, const double *ta)
{
    const ct_lskron_struct *S = D->S;
    slong m = D->m;
    double c = D->c, nk = (double)S->nlabk[k], s2 = 0, wn = 0;
    for (slong i = 0; i < m; i++) {
        double a = (1 - c) * x[i],
               b = xp == NULL ? (S->cls[i] == k) - nk / (double)m : xp[i];
        double r = a - b + t[i];
        double bd = (double)(m + 6) * 0x1p-53 * (fabs(a) + fabs(b) + ta[i] + fabs(w[i]));
        s2 += (fabs(r) + _ct_lskron_up(bd, m)) * (fabs(r) + _ct_lskron_up(bd, m));
        wn += w[i] * w[i];
    }
    return _ct_lskron_up(sqrt(_ct_lskron_up(s2, m)) +
                             _ct_lskron_up(S->eps * sqrt(_ct_lskron_up(wn, m)), 4) /
                                 S->rho,
                         2);
}

/* E[j * nc + k] for term j of every class, from its residuals (W, T: the
   stacked w's then x's and their products by K; TA: |w|'s by |K|). */
static void dm_errors(double *E, const dm_ctx *D, slong j, const double *X,
                      const double *XP, const double *W, const double *T,
                      const double *TA)
{
    slong m = D->m, nc = D->nc;
    double kap = _ct_lskron_kappa(D->S, D->c), inv = _ct_lskron_up(1 / (1 - D->c), 2),
           sm = sqrt((double)m) * (1 + 0x1p-50);
    for (slong k = 0; k < nc; k++) {
        const double *xp = j == 0 ? NULL : XP + k * m;
        double rn =
                   dm_resid(D, D->ks[k], X + k * m, xp, W + k * m, T + k * m, TA + k * m),
               pn = 0, pa = 0, Ep = j == 0 ? 0 : E[(j - 1) * nc + k];
        for (slong i = 0; xp != NULL && i < m; i++)
            pn += xp[i], pa += fabs(xp[i]);
        pn = (fabs(pn) + (double)(m + 1) * 0x1p-53 * pa) / (double)m;
        E[j * nc + k] =
            _ct_lskron_up(_ct_lskron_up(rn * inv, 2) + _ct_lskron_up(kap * Ep, 2) +
                              _ct_lskron_up(_ct_lskron_up(pn, 2) * sm * inv, 4),
                          4);
    }
}

/* The labeled coefficients x_j (Xall: (J + 1) nc vectors) and their errors E. */
static void dm_terms(double *Xall, double *E, const dm_ctx *D, slong J)
{
    slong m = D->m, nc = D->nc, len = nc * m;
    double *Y = dm_vec(len), *U = dm_vec(len), *W = dm_vec(2 * len), *T = dm_vec(2 * len),
           *TA = dm_vec(len);
    for (slong k = 0; k < nc; k++)
        for (slong i = 0; i < m; i++)
            Y[k * m + i] =
                (D->S->cls[i] == D->ks[k]) - (double)D->S->nlabk[D->ks[k]] / (double)m;
    for (slong j = 0; j <= J; j++) {
        double *X = Xall + j * len, *XP = j == 0 ? NULL : X - len;
        dm_solve_proj(X, D, Y, T, U);
        for (slong i = 0; i < len; i++) { /* W = [c x + xp; x] */
            W[i] = D->c * X[i] + (XP == NULL ? 0 : XP[i]);
            U[i] = fabs(W[i]);
        }
        memcpy(W + len, X, len * sizeof(double));
        dm_kx(T, D, W, 2 * nc, 0);
        dm_kx(TA, D, U, nc, 1);
        dm_errors(E, D, j, X, XP, W, T, TA);
        for (slong i = 0; i < len; i++) /* the next right-hand side: M~ x */
            Y[i] = X[i] - T[len + i];
    }
    flint_free(Y), flint_free(U), flint_free(W), flint_free(T), flint_free(TA);
}

/* Every coefficient of M: row t, class ks[kk], term j (row by row, in M's
   order): a labeled row's x_j entry +- E, an unlabeled one's H~ x_j with
   the radius of _ct_lskron_hrow_radius (mx: max |x_j|). */
static void dm_store(_ct_lskron_model *M, const dm_ctx *D, const _ct_lskron_rows *R,
                     const double *Xall, const double *E, const double *MID,
                     const double *SA)
{
    const ct_lskron_struct *S = D->S;
    slong m = D->m, nc = D->nc, J1 = M->J + 1, w = J1 * nc;
    double *mx = flint_calloc(FLINT_MAX(w, 1), sizeof(double));
    for (slong e = 0; e < w; e++) /* e = j nc + kk: x_j of class ks[kk] */
        for (slong p = 0; p < m; p++)
            mx[e] = FLINT_MAX(mx[e], fabs(Xall[e * m + p]));
    for (slong t = 0; t < M->nr; t++) {
        slong q = S->pos[R->U[t]], s = R->slot[t];
        for (slong kk = 0; kk < nc; kk++) {
            slong base = (D->ks[kk] * M->nr + t) * J1;
            for (slong j = 0; j < J1; j++) {
                slong e = j * nc + kk;
                double mid, r;
                if (q >= 0)
                    mid = Xall[e * m + q], r = E[e];
                else
                    mid = MID[s * w + e],
                    r = _ct_lskron_hrow_radius(S, -1 - q, SA[s * w + e], 0, mx[e], E[e]);
                _ct_lskron_model_set(M, base + j, mid, r);
            }
        }
    }
    flint_free(mx);
}

void _ct_lskron_deflated_all(const ct_lskron_struct *S, _ct_lskron_model *M,
                             const _ct_lskron_rows *R, const double *Rf)
{
    dm_ctx D = {S, Rf, M->c, S->m, 0, flint_malloc(S->head.c * sizeof(slong))};
    for (slong k = 0; k < S->head.c; k++)
        if (S->nlabk[k] > 0)
            D.ks[D.nc++] = k;
    slong J = M->J, len = D.nc * D.m, w = (J + 1) * D.nc;
    double *Xall = dm_vec((J + 1) * len), *E = dm_vec(w);
    dm_terms(Xall, E, &D, J);
    /* the unlabeled rows: H~ x_j and |H~| |x_j| for every term and class */
    double *MID = dm_vec(R->nh * w), *SA = dm_vec(R->nh * w), *XA = dm_vec((J + 1) * len);
    if (R->nh > 0 && D.nc > 0) {
        for (slong i = 0; i < (J + 1) * len; i++)
            XA[i] = fabs(Xall[i]);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_T, (int)R->nh, (int)w, (int)D.m, 1, R->Hs,
                      (int)D.m, Xall, (int)D.m, 0, MID, (int)w);
        ct_blas_dgemm(CT_BLAS_N, CT_BLAS_T, (int)R->nh, (int)w, (int)D.m, 1, R->Ha,
                      (int)D.m, XA, (int)D.m, 0, SA, (int)w);
    }
    dm_store(M, &D, R, Xall, E, MID, SA);
    flint_free(Xall), flint_free(XA), flint_free(E), flint_free(MID), flint_free(SA);
    flint_free(D.ks);
}
