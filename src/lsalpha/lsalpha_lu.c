/* lsalpha_lu: the floating LU of D - cW that the Taylor models use as a
   preconditioner. D - cW is strictly diagonally dominant for 0 <= c < 1, so
   Gaussian elimination without pivoting is stable; its accuracy only decides
   how many refinement steps a model needs, never a bound (the bounds come
   from residuals computed in balls, lsalpha_model.c). */
#include "certune/mem.h"
#include "lsalpha_internal.h"

double *_ct_lsalpha_lu_new(const ct_lsalpha_struct *S, double c)
{
    slong n = S->head.n;
    double *a = ct_mem_malloc((size_t)n * n * sizeof(double));
    for (slong i = 0; i < n * n; i++)
        a[i] = 0;
    for (slong i = 0; i < n; i++) {
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            a[i * n + S->col[e]] -= c * S->w[e];
        a[i * n + i] += S->deg[i];
    }
    for (slong k = 0; k < n; k++) {
        const double *rk = a + k * n;
        for (slong i = k + 1; i < n; i++) {
            double *ri = a + i * n;
            if (ri[k] == 0)
                continue;
            double f = ri[k] / rk[k];
            ri[k] = f;
            for (slong j = k + 1; j < n; j++)
                ri[j] -= f * rk[j];
        }
    }
    return a;
}

/* sum_{j < len} a[j] b[j] in four independent accumulators (the order of
   a preconditioner's sums does not matter; the four chains pipeline). */
static double lslu_dot(const double *a, const double *b, slong len)
{
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    slong j = 0;
    for (; j + 4 <= len; j += 4) {
        s0 += a[j] * b[j];
        s1 += a[j + 1] * b[j + 1];
        s2 += a[j + 2] * b[j + 2];
        s3 += a[j + 3] * b[j + 3];
    }
    for (; j < len; j++)
        s0 += a[j] * b[j];
    return (s0 + s1) + (s2 + s3);
}

void _ct_lsalpha_lu_solve(const double *lu, slong n, double *x)
{
    for (slong i = 1; i < n; i++)
        x[i] -= lslu_dot(lu + i * n, x, i);
    for (slong i = n - 1; i >= 0; i--) {
        const double *ri = lu + i * n;
        x[i] = (x[i] - lslu_dot(ri + i + 1, x + i + 1, n - i - 1)) / ri[i];
    }
}
