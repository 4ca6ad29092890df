/* lsroot_chol: the floating Cholesky factorization of the systems' gap
   certificates (lsalpha_gap.c, lskron_gap.c) and of lambda's preconditioner.

   From CHOL_BLAS_MIN rows on, LAPACK's dpotrf (OpenBLAS, blocked) when it
   loads; else right-looking here, every update along a row. Either way each
   entry of R is c - sum_k r_ki r_kj (in some order and grouping of the
   sums, with conventional products) followed by a square root or a division
   by the pivot, which LAPACK does as a product with the pivot's reciprocal:
   at most one rounding more than Higham's Thm 10.3 (Accuracy and Stability
   of Numerical Algorithms; its Lemma 8.4 holds for any order of evaluation)
   counts, so R^T R = C + E with |E| <= gamma_{n+2} |R^T| |R|. */
#include <math.h>
#include "certune/blas.h"
#include "certune/lsroot.h"

#define CHOL_BLAS_MIN 64

static int chol_here(double *C, slong n)
{
    for (slong k = 0; k < n; k++) {
        double *rk = C + k * n;
        if (!(rk[k] > 0))
            return 1;
        rk[k] = sqrt(rk[k]);
        for (slong j = k + 1; j < n; j++)
            rk[j] /= rk[k];
        for (slong i = k + 1; i < n; i++) {
            double a = rk[i], *ci = C + i * n;
            for (slong j = i; j < n; j++)
                ci[j] -= a * rk[j];
        }
    }
    return 0;
}

/* C is symmetric, so its row-major array read in column-major order is C
   again; dpotrf's lower factor L (L L^T = C) in column-major order is R =
   L^T in row-major order, in the upper part as chol_here leaves it. */
int ct_lsroot_cholesky(double *C, slong n, double *fro)
{
    *fro = 0;
    int bad = n >= CHOL_BLAS_MIN && n <= 46340 && ct_blas_load(NULL, 0) == 0
                  ? ct_blas_dpotrf_lower((int)n, C, (int)n) != 0
                  : chol_here(C, n);
    if (bad)
        return 1;
    for (slong k = 0; k < n; k++)
        for (slong j = k; j < n; j++)
            *fro += C[k * n + j] * C[k * n + j];
    return !isfinite(*fro);
}
