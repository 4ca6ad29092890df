/* gnn_blas: the BLAS and LAPACK routines of the GNN companion: the blas
   module's (OpenBLAS loaded at first use, one thread) on the caller's double
   arrays. Every routine loads the library first and, when it cannot be
   loaded, prints the loader's message and exits with status 2; only
   ct_gnn_blas_load returns the failure (-1 with the message in err). LAPACK's
   own outcome is its info, returned. */
#ifndef CERTUNE_GNN_BLAS_H
#define CERTUNE_GNN_BLAS_H

#include <stddef.h>

typedef enum { CT_GNN_BLAS_N = 0, CT_GNN_BLAS_T = 1 } ct_gnn_blas_trans;

/* Loads OpenBLAS once (thread-safe) and sets it to one thread. Returns 0, or
   -1 with a message naming the library in err. */
int ct_gnn_blas_load(char *err, size_t errlen);

/* C = alpha op(A) op(B) + beta C, row-major (cblas_dgemm with CblasRowMajor):
   op(A) is m x k, op(B) k x n; C must not alias A or B. */
void ct_gnn_blas_dgemm(ct_gnn_blas_trans ta, ct_gnn_blas_trans tb, int m, int n, int k,
                       double alpha, const double *A, int lda, const double *B, int ldb,
                       double beta, double *C, int ldc);

/* LAPACK dpotrf with uplo 'L' (column-major n x n in a, leading dimension
   lda): the Cholesky factor in place. Returns LAPACK's info (0: done, > 0:
   not positive definite). */
int ct_gnn_blas_dpotrf_lower(int n, double *a, int lda);

/* LAPACK dpotrs with uplo 'L': solves with the factor a of dpotrf for nrhs
   right-hand sides in b (in place). Returns LAPACK's info. */
int ct_gnn_blas_dpotrs_lower(int n, int nrhs, const double *a, int lda, double *b,
                             int ldb);

#endif
