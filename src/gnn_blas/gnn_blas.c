/* gnn_blas: the blas module's routines, exiting when OpenBLAS is missing. */
#include <stdio.h>
#include <stdlib.h>
#include "certune/base.h"
#include "certune/blas.h"
#include "certune/gnn_blas.h"

int ct_gnn_blas_load(char *err, size_t errlen)
{
    return ct_blas_load(err, errlen);
}

static void blas_need(void)
{
    char err[512];
    if (ct_blas_load(err, sizeof(err)) == 0)
        return;
    fprintf(stderr, "certune: %s\n", err);
    exit(CERTUNE_EXIT_INPUT);
}

void ct_gnn_blas_dgemm(ct_gnn_blas_trans ta, ct_gnn_blas_trans tb, int m, int n, int k,
                       double alpha, const double *A, int lda, const double *B, int ldb,
                       double beta, double *C, int ldc)
{
    blas_need();
    ct_blas_dgemm(ta == CT_GNN_BLAS_T ? CT_BLAS_T : CT_BLAS_N,
                  tb == CT_GNN_BLAS_T ? CT_BLAS_T : CT_BLAS_N, m, n, k, alpha, A, lda, B,
                  ldb, beta, C, ldc);
}

int ct_gnn_blas_dpotrf_lower(int n, double *a, int lda)
{
    blas_need();
    return ct_blas_dpotrf_lower(n, a, lda);
}

int ct_gnn_blas_dpotrs_lower(int n, int nrhs, const double *a, int lda, double *b,
                             int ldb)
{
    blas_need();
    return ct_blas_dpotrs_lower(n, nrhs, a, lda, b, ldb);
}
