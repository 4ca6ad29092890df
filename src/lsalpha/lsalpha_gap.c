/* lsalpha_gap: the certificate mu > lambda_2(S), S = D^{-1/2} W D^{-1/2}, of
   alpha's system.

   lambda_2(S) < mu iff B = mu I - S + v v^T is positive definite (v =
   D^{1/2} 1 / sqrt(vol), the eigenvector of 1: B is mu on v and mu - lambda on
   its orthogonal complement). By congruence with D^{1/2} and scaling by vol,
   iff C = vol (mu D - W) + d d^T is. A floating Cholesky factorization R of
   fl(C) - sI that runs to completion satisfies R^T R = fl(C) - sI + E with
   |E| <= gamma_{n+2} |R^T| |R| (Higham, Accuracy and Stability, Thm 10.3,
   with one rounding more for LAPACK's blocked code: lsroot_chol.c), so
   ||E||_2 <= gamma_{n+2} ||R||_F^2, and with the rounding F of fl(C)
   bounded (lsgap_matrix) C >= (s - ||E||_2 - ||F||_2) I: positive
   definite when s exceeds those bounds, which is checked
   (s is a tiny multiple of the trace, so only a gap below about n^2 2^-50
   relative goes unproved). */
#include <math.h>
#include "certune/mem.h"
#include "lsalpha_internal.h"

/* An upper bound on ||F||_F, F = fl(C) - C: each entry of C = vol (mu D -
   W) + d d^T takes at most three roundings, so ||F||_F <= 4u (||d||^2 + vol
   ||W||_F + vol mu ||d||) (triangle inequality on the three terms), with
   room for this bound's own sums. */
static double lsgap_ferr(const ct_lsalpha_struct *S, double mu)
{
    double dd = 0, ww = 0;
    for (slong i = 0; i < S->head.n; i++)
        dd += S->deg[i] * S->deg[i];
    for (slong e = 0; e < S->rowstart[S->head.n]; e++)
        ww += S->w[e] * S->w[e];
    return 4 * ldexp(1.0, -53) * (dd + S->vol * sqrt(ww) + S->vol * mu * sqrt(dd)) *
           (1 + 1e-6);
}

/* fl(C) - sI for mu, dense, row-major. The diagonal's C_ii - s is rounded
   too, so the shift actually applied is s_i = fl(C)_ii - fl(fl(C)_ii - s),
   exact by Sterbenz's lemma (s is far below C_ii); returns the least s_i. */
static double lsgap_matrix(double *C, const ct_lsalpha_struct *S, double mu, double s)
{
    slong n = S->head.n;
    double smin = s;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            C[i * n + j] = S->deg[i] * S->deg[j];
    for (slong i = 0; i < n; i++) {
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            C[i * n + S->col[e]] -= S->vol * S->w[e];
        double cii = C[i * n + i] + S->vol * mu * S->deg[i];
        C[i * n + i] = cii - s;
        smin = FLINT_MIN(smin, cii - C[i * n + i]);
    }
    return smin;
}

/* Whether lambda_2 < mu is proved: C = R^T R - E - F + diag(s_i) >= (s_min
   - ||E||_2 - ||F||_2) I. */
static int lsgap_holds(const ct_lsalpha_struct *S, double mu, double *C)
{
    slong n = S->head.n;
    double u = ldexp(1.0, -53), gam = (n + 2) * u / (1 - (n + 2) * u), tr = 0, fro;
    for (slong i = 0; i < n; i++)
        tr += S->vol * mu * S->deg[i] + S->deg[i] * S->deg[i];
    double ferr = lsgap_ferr(S, mu);
    double s = lsgap_matrix(C, S, mu, 2 * (8 * gam * tr + ferr));
    if (!(s > 0) || ct_lsroot_cholesky(C, n, &fro))
        return 0;
    /* fro is a sum of n^2 / 2 squares: its rounding is far below 1e-6 */
    return gam * fro * (1 + 1e-6) + ferr < s;
}

int _ct_lsalpha_gap_proved(const ct_lsalpha_struct *S, int k)
{
    double *C = ct_mem_malloc((size_t)S->head.n * S->head.n * sizeof(double));
    int ok = lsgap_holds(S, 1 - ldexp(1.0, -k), C);
    flint_free(C);
    return ok;
}

/* A floating lower estimate of lambda_2(S): the Rayleigh quotient of S on
   v^perp after LSGAP_POWER steps of the power method on (S + I) / 2 (its
   spectrum in [0, 1], so the top of v^perp leads), each step projected onto
   v^perp. A vector of v^perp has quotient <= lambda_2, so a mu at or below
   it cannot be certified and is not tried (a factorization each, n^3 / 3
   flops: 5 of them on Amazon Photo's 7487 nodes). Only a guess: a mu it
   skips wrongly by rounding only makes the certified mu larger. */
#define LSGAP_POWER 300

/* y = S x = D^-1/2 W D^-1/2 x, with z the room for D^-1/2 x. */
static void lsgap_step(double *y, double *z, const ct_lsalpha_struct *S, const double *x,
                       const double *sq)
{
    slong n = S->head.n;
    for (slong i = 0; i < n; i++)
        z[i] = x[i] / sq[i];
    for (slong i = 0; i < n; i++) {
        double t = 0;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            t += S->w[e] * z[S->col[e]];
        y[i] = t / sq[i];
    }
}

/* x := x - (v^T x) v, v = sqrt(d) / sqrt(vol); then normalized. */
static void lsgap_project(double *x, const ct_lsalpha_struct *S, const double *sq)
{
    slong n = S->head.n;
    double p = 0, nn = 0;
    for (slong i = 0; i < n; i++)
        p += sq[i] * x[i];
    p /= S->vol;
    for (slong i = 0; i < n; i++)
        x[i] -= p * sq[i], nn += x[i] * x[i];
    nn = sqrt(nn);
    for (slong i = 0; i < n && nn > 0; i++)
        x[i] /= nn;
}

static double lsgap_estimate(const ct_lsalpha_struct *S)
{
    slong n = S->head.n;
    double *x = flint_malloc(n * sizeof(double)), *y = flint_malloc(n * sizeof(double));
    double *sq = flint_malloc(n * sizeof(double)), *z = flint_malloc(n * sizeof(double));
    double rq = -1;
    for (slong i = 0; i < n; i++)
        sq[i] = sqrt(S->deg[i]), x[i] = sin(1.0 + (double)i);
    lsgap_project(x, S, sq);
    for (slong it = 0; it < LSGAP_POWER; it++) {
        lsgap_step(y, z, S, x, sq);
        rq = 0;
        for (slong i = 0; i < n; i++)
            rq += x[i] * y[i], x[i] = (x[i] + y[i]) / 2;
        lsgap_project(x, S, sq);
    }
    flint_free(x), flint_free(y), flint_free(sq), flint_free(z);
    return rq;
}

/* The dense certificate's largest n: its matrix is n^2 doubles (512 MB). */
#define LSGAP_DENSE_MAX 8192

/* Whether mu = 1 - 2^-k is proved: the grounded certificate first (sparse,
   cheap), then the dense one (tighter) up to LSGAP_DENSE_MAX nodes, its
   matrix allocated on first use. */
static int lsgap_try(const ct_lsalpha_struct *S, int k, double **C)
{
    if (_ct_lsalpha_gap_grounded(S, k))
        return 1;
    if (S->head.n > LSGAP_DENSE_MAX)
        return 0;
    if (*C == NULL)
        *C = ct_mem_malloc((size_t)S->head.n * S->head.n * sizeof(double));
    return lsgap_holds(S, 1 - ldexp(1.0, -k), *C);
}

int _ct_lsalpha_certify_mu(ct_lsalpha_struct *S)
{
    static const int ks[] = {3, 4, 6, 8, 11, 14, 17, 20};
    if (S->mu > 0 || S->mu_failed)
        return S->mu_failed;
    double below = lsgap_estimate(S) - 1e-9, *C = NULL;
    for (size_t t = 0; t < sizeof(ks) / sizeof(ks[0]) && S->mu == 0; t++)
        if (1 - ldexp(1.0, -ks[t]) > below && lsgap_try(S, ks[t], &C))
            S->mu = 1 - ldexp(1.0, -ks[t]);
    flint_free(C);
    S->mu_failed = S->mu == 0;
    return S->mu_failed;
}
