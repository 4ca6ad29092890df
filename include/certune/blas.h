/* blas: the BLAS and LAPACK routines certune uses (dgemm, dpotrf, dpotrs, dsyev),
   from OpenBLAS opened at first use (dynlib) and set to one thread: a linked
   OpenBLAS would start its spinning thread pool in every command
   (docs/scale.md). Matrices are the caller's arrays of doubles, nothing is
   allocated for it, and only ct_blas_load fails (-1 with err): the GNN
   companion (gnn_blas) then exits, the lifting solver (zlift) solves otherwise. */
#ifndef CERTUNE_BLAS_H
#define CERTUNE_BLAS_H

#include <stddef.h>

/* The library loaded: CT_BLAS_LIB unless the environment variable
   CERTUNE_OPENBLAS names another file. */
#define CT_BLAS_LIB "libopenblas.so.0"

typedef enum { CT_BLAS_N = 0, CT_BLAS_T = 1 } ct_blas_trans;

/* Loads OpenBLAS once (thread-safe), sets it to one thread and maps its
   buffer by one product. Returns 0, or -1 with a message in err (may be
   NULL): the library (and the Debian package) missing, or the address-space
   limit leaving less than 256 MiB beyond what is mapped (OpenBLAS would retry
   its allocation forever). The functions below require a successful load. */
int ct_blas_load(char *err, size_t errlen);

/* C = alpha op(A) op(B) + beta C, row-major (cblas_dgemm with CblasRowMajor):
   op(A) is m x k, op(B) k x n; C must not alias A or B. */
void ct_blas_dgemm(ct_blas_trans ta, ct_blas_trans tb, int m, int n, int k, double alpha,
                   const double *A, int lda, const double *B, int ldb, double beta,
                   double *C, int ldc);

/* LAPACK dpotrf with uplo 'L' (column-major n x n in a, leading dimension
   lda): the Cholesky factor in place. Returns LAPACK's info (0: done, > 0:
   not positive definite). */
int ct_blas_dpotrf_lower(int n, double *a, int lda);

/* LAPACK dpotrs with uplo 'L': solves with the factor a of dpotrf for nrhs
   right-hand sides in b (in place). Returns LAPACK's info. */
int ct_blas_dpotrs_lower(int n, int nrhs, const double *a, int lda, double *b, int ldb);

/* LAPACK dsyev with jobz 'V', uplo 'L': the eigenvalues of the symmetric
   column-major n x n a in ascending order into w (n doubles), its orthonormal
   eigenvectors into a's columns; work holds lwork >= 3 n doubles. Returns
   LAPACK's info (0: done, > 0: no convergence). */
int ct_blas_dsyev_lower(int n, double *a, int lda, double *w, double *work, int lwork);

#endif
