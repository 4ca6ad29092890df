/* lsroot_chol: the floating Cholesky factorization of the systems' gap
   certificates (lsalpha_gap.c, lskron_gap.c) and of lambda's preconditioner.
   Right-looking, so that every update runs along a row; each entry still
   subtracts its products in order t = 0, 1, ..., as Higham's backward bound
   (Accuracy and Stability of Numerical Algorithms, Thm 10.3) assumes. */
#include <math.h>
#include "certune/lsroot.h"

int ct_lsroot_cholesky(double *C, slong n, double *fro)
{
    *fro = 0;
    for (slong k = 0; k < n; k++) {
        double *rk = C + k * n;
        if (!(rk[k] > 0))
            return 1;
        rk[k] = sqrt(rk[k]);
        for (slong j = k + 1; j < n; j++)
            rk[j] /= rk[k];
        for (slong j = k; j < n; j++)
            *fro += rk[j] * rk[j];
        for (slong i = k + 1; i < n; i++) {
            double a = rk[i], *ci = C + i * n;
            for (slong j = i; j < n; j++)
                ci[j] -= a * rk[j];
        }
    }
    return 0;
}
