/* spchol: sparse Cholesky factorization of a symmetric positive definite
   matrix, from SuiteSparse's CHOLMOD opened at first use (dynlib, as blas
   opens OpenBLAS: commands that never factor do not load it). Memory grows
   with the factor's nonzeros (CHOLMOD's fill-reducing order), never n^2.
   The matrix is the caller's (read only, copied into CHOLMOD's form); a
   factor owns its CHOLMOD workspace and is freed with ct_spchol_free. Only
   ct_spchol_load fails with a message; a factorization that fails (not
   positive definite, out of memory) returns NULL and the caller takes its
   dense path. Several threads may solve with one factor: single right-hand
   sides on a supernodal factor at once (read only), the others take turns.
   CHOLMOD chooses the layout (supernodal where the factor fills in); its
   supernodal factorization runs OpenMP, which a forked child of a process
   that already used it cannot (libgomp is not fork-safe). */
#ifndef CERTUNE_SPCHOL_H
#define CERTUNE_SPCHOL_H

#include <stddef.h>
#include <flint/flint.h>

/* The library loaded: CT_SPCHOL_LIB unless the environment variable
   CERTUNE_CHOLMOD names another file. */
#define CT_SPCHOL_LIB "libcholmod.so.3"

typedef struct ct_spchol_struct ct_spchol_struct;

/* Loads CHOLMOD once (thread-safe). Returns 0, or -1 with a message in err
   (may be NULL): the library or the Debian package (libcholmod3) missing. */
int ct_spchol_load(char *err, size_t errlen);

/* Factors the n x n matrix A given by its lower triangle in compressed
   columns: column j holds rowind[colptr[j] .. colptr[j + 1]) (every row >=
   j, in any order, no repeats) with values val. Returns the factor (LL'),
   or NULL when CHOLMOD is not loaded, a pivot is not positive (A
   indefinite), or memory runs out. A singular A may factor with a pivot of
   rounding size: the caller must know A is positive definite (as L_uu is). */
ct_spchol_struct *ct_spchol_factor(slong n, const slong *colptr, const slong *rowind,
                                   const double *val);

/* B := A^{-1} B in floating point (B column-major, n x nrhs, leading
   dimension n). One right-hand side on a supernodal factor: spchol's own
   substitutions, lock free (no BLAS call per supernode: OpenBLAS's buffers
   take a lock and outweigh a small supernode's flops); otherwise CHOLMOD's
   solve under F's lock. Returns 0, or -1 when memory runs
   out (B then unchanged). */
int ct_spchol_solve(ct_spchol_struct *F, double *B, slong nrhs);
/* B := A^{-1} B column by column, each column's doubles exactly those of
   ct_spchol_solve(F, column, 1); on a supernodal factor up to 8 columns at
   a time share one pass over the factor, lock free. Returns 0, or -1 when
   memory runs out (columns from the failing block on unchanged). */
int ct_spchol_solve_each(ct_spchol_struct *F, double *B, slong nrhs);

/* CHOLMOD's fill-reducing order of the n x n symmetric pattern given by its
   lower triangle in compressed columns (as ct_spchol_factor; values not
   needed): perm[k] is the k-th row and column eliminated. Symbolic only (no
   factorization). Returns 0, or -1 when CHOLMOD is not loaded or fails. */
int ct_spchol_order(slong *perm, slong n, const slong *colptr, const slong *rowind);

/* The factor's nonzeros (for the docs' memory bound and the benchmarks). */
slong ct_spchol_nnz(const ct_spchol_struct *F);

void ct_spchol_free(ct_spchol_struct *F);

#endif
