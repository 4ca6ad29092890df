/* lskron_gap: the certificate mu for the lambda system (M = I - K / rho
   has spectrum in [0, mu] on 1^perp).

   K is a Laplacian (K 1 = 0, exactly), so with P = 1 1^T / m and tau = rho,
   K + tau P has the eigenvalues tau and lambda_2(K) <= ... <= lambda_m(K).
   A floating Cholesky factor R of fl(C) - sI, C = K~ + tau P - g I, that
   completes gives C >= (s_min - gamma_{m+2} ||R||_F^2 - ||fl(C) - C||_F) I
   (Higham, Thm 10.3, as lsalpha_gap.c and lsroot_chol.c); when that is positive, K~ + tau
   P > g I, so K + tau P > (g - eps) I and lambda_2(K) > g - eps (tau >= g). Then the
   spectrum of M on 1^perp lies in [1 - lambda_max(K) / rho, 1 - (g - eps) /
   rho], and lambda_max(K) <= 2 max_j K_jj <= 2 max_l d <= rho (Gershgorin). */
#include <math.h>
#include "certune/mem.h"
#include "lskron_internal.h"

/* fl(C) - sI (row-major); returns the least shift actually applied (y -
   fl(y - s), exact by Sterbenz's lemma: s is far below y). *fk >= ||K~||_F. */
static double kron_gap_matrix(double *C, const ct_lskron_struct *S, double g, double s,
                              double *fk)
{
    slong m = S->m;
    double t = S->rho / (double)m, smin = s, f = 0;
    for (slong j = 0; j < m; j++)
        for (slong q = 0; q < m; q++) {
            double x = S->K[j * m + q] + t;
            f += S->K[j * m + q] * S->K[j * m + q];
            if (q == j) {
                double y = x - g;
                C[j * m + q] = y - s;
                smin = FLINT_MIN(smin, y - C[j * m + q]);
            } else {
                C[j * m + q] = x;
            }
        }
    *fk = sqrt(_ct_lskron_up(f, m * m));
    return smin;
}

/* Whether lambda_min(K~ + tau P) > g is proved. */
static int kron_gap_holds(const ct_lskron_struct *S, double g, double *C)
{
    slong m = S->m;
    double gam = (double)(m + 3) * 0x1p-53, tr = 0, fc, fro; /* >= gamma_{m+2} */
    for (slong j = 0; j < m; j++)
        tr += fabs(S->K[j * m + j]) + S->rho / (double)m + g;
    double s = kron_gap_matrix(C, S, g, 8 * gam * tr, &fc);
    /* fl(rho / m), the sum and the diagonal's - g: at most 3u (|K~| + rho / m +
       g) per entry, so ||fl(C) - C||_F <= 3u (||K~||_F + rho + g sqrt(m)) */
    double ferr = _ct_lskron_up(3 * 0x1p-53 * (fc + S->rho + g * sqrt((double)m)), 8);
    if (!(s > 0) || ct_lsroot_cholesky(C, m, &fro))
        return 0;
    return _ct_lskron_up(gam * _ct_lskron_up(fro, m * m), 2) + ferr < s;
}

int _ct_lskron_certify_mu(ct_lskron_struct *S)
{
    static const int ks[] = {2, 3, 4, 6, 8, 11, 14, 17, 20};
    double *C = ct_mem_malloc((size_t)S->m * S->m * sizeof(double));
    S->mu = 0;
    for (size_t t = 0; t < sizeof(ks) / sizeof(ks[0]) && S->mu == 0; t++) {
        double g = ldexp(S->rho, -ks[t]); /* exact */
        if (!(g > 2 * S->eps) || !kron_gap_holds(S, g, C))
            continue;
        double x = (g - _ct_lskron_up(S->eps, 2)) / S->rho * (1 - 0x1p-50);
        double mu = _ct_lskron_up(1 - x, 4);
        if (mu < 1)
            S->mu = mu;
    }
    flint_free(C);
    return S->mu == 0;
}

double _ct_lskron_kappa(const ct_lskron_struct *S, double c)
{
    double d = 1 - c * S->mu;
    /* 1 - c mu loses at most 2u absolutely: shrink it by 2^-50 before dividing */
    return _ct_lskron_up(S->mu / (d - 0x1p-50), 4);
}
