/* The CSR kernels against naive dense products, with widths that cross the
   16-column blocks (k = 37, heads of width 20) and a symmetric matrix. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_rand.h"
#include "certune/gnn_sparse.h"
#include "check.h"

static void random_csr(gnn_csr_t A, double *dense, slong r, slong c, int sym,
                       gnn_rand_t R)
{
    memset(dense, 0, sizeof(double) * (size_t)(r * c));
    for (slong i = 0; i < r; i++)
        for (slong j = sym ? i : 0; j < c; j++)
            if (gnn_rand_uniform(R) < 0.3) {
                dense[i * c + j] = gnn_rand_uniform(R) - 0.5;
                if (sym)
                    dense[j * c + i] = dense[i * c + j];
            }
    slong nnz = 0;
    for (slong q = 0; q < r * c; q++)
        nnz += dense[q] != 0;
    gnn_csr_init(A, r, c, nnz);
    for (slong i = 0, p = 0; i < r; i++) {
        for (slong j = 0; j < c; j++)
            if (dense[i * c + j] != 0) {
                A->col[p] = j;
                A->val[p++] = dense[i * c + j];
            }
        A->rowptr[i + 1] = p;
    }
    A->symmetric = sym;
}

static double max_diff(const double *x, const double *y, slong m)
{
    double d = 0;
    for (slong i = 0; i < m; i++)
        d = fmax(d, fabs(x[i] - y[i]));
    return d;
}

static void test_products(int sym)
{
    gnn_rand_t R;
    gnn_rand_init(R, 1 + sym);
    slong r = 23, c = sym ? 23 : 19, k = 37;
    double *dense = malloc(sizeof(double) * (size_t)(r * c));
    double *B = malloc(sizeof(double) * (size_t)(r * k)); /* enough rows for both */
    double *Y = malloc(sizeof(double) * (size_t)(r * k));
    double *T = malloc(sizeof(double) * (size_t)(r * k));
    double *out = malloc(sizeof(double) * (size_t)(r * c + 1));
    gnn_csr_t A;
    random_csr(A, dense, r, c, sym, R);
    for (slong q = 0; q < r * k; q++)
        B[q] = gnn_rand_uniform(R) - 0.5;
    /* Y = A B */
    gnn_csr_mul_dense(Y, A, NULL, B, k);
    for (slong i = 0; i < r; i++)
        for (slong t = 0; t < k; t++) {
            double s = 0;
            for (slong j = 0; j < c; j++)
                s += dense[i * c + j] * B[j * k + t];
            T[i * k + t] = s;
        }
    CHECK_MSG(max_diff(Y, T, r * k) < 1e-13, "mul sym=%d", sym);
    /* Y = 1 + A^T B */
    for (slong q = 0; q < c * k; q++)
        Y[q] = T[q] = 1.0;
    gnn_csr_tmul_dense_add(Y, A, NULL, B, k);
    for (slong j = 0; j < c; j++)
        for (slong t = 0; t < k; t++)
            for (slong i = 0; i < r; i++)
                T[j * k + t] += dense[i * c + j] * B[i * k + t];
    CHECK_MSG(max_diff(Y, T, c * k) < 1e-13, "tmul sym=%d", sym);
    /* columns 10..29 only, the others untouched */
    for (slong q = 0; q < r * k; q++)
        Y[q] = T[q] = 7.0;
    gnn_csr_mul_cols(Y, A, NULL, B, k, 10, 20);
    for (slong i = 0; i < r; i++)
        for (slong t = 10; t < 30; t++) {
            double s = 0;
            for (slong j = 0; j < c; j++)
                s += dense[i * c + j] * B[j * k + t];
            T[i * k + t] = s;
        }
    CHECK_MSG(max_diff(Y, T, r * k) < 1e-13, "mul_cols sym=%d", sym);
    /* sampled products on the pattern over columns 3..22 */
    gnn_csr_sddmm_cols(out, A, B, B, k, 3, 20);
    double d = 0;
    for (slong i = 0; i < r; i++)
        for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++) {
            double s = 0;
            for (slong t = 3; t < 23; t++)
                s += B[i * k + t] * B[A->col[p] * k + t];
            d = fmax(d, fabs(s - out[p]));
        }
    CHECK_MSG(d < 1e-13, "sddmm sym=%d: %g", sym, d);
    gnn_csr_clear(A);
    free(dense);
    free(B);
    free(Y);
    free(T);
    free(out);
}

int main(void)
{
    test_products(0);
    test_products(1);
    return check_finish("t-gnn-sparse");
}
