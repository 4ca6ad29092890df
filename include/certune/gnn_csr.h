/* gnn_csr: CSR matrices of doubles and their products with dense blocks (the
   GNN companion). Dense blocks are row-major double arrays owned by the
   caller; a "k-column" block B of r rows has B[i * k + c]. A ct_gnn_csr_t
   owns its three arrays: ct_gnn_csr_init and ct_gnn_csr_set_features (and
   gnn_graph's builders) initialize it, ct_gnn_csr_clear frees it. In the
   products the output block Y must not overlap B. No errors; out of memory
   ends the process (mem.h). */
#ifndef CERTUNE_GNN_CSR_H
#define CERTUNE_GNN_CSR_H

#include <flint/flint.h>
#include "certune/dataset.h"

/* CSR with 0-based columns. */
typedef struct {
    slong nrows, ncols;
    slong *rowptr; /* nrows + 1 */
    slong *col;    /* rowptr[nrows] */
    double *val;   /* rowptr[nrows] */
    int symmetric; /* set by whoever knows A == A^T (pattern and values) */
} ct_gnn_csr_struct;
typedef ct_gnn_csr_struct ct_gnn_csr_t[1];

/* Allocates A as nrows x ncols with room for nnz entries; rowptr is zeroed,
   col and val are uninitialized. */
void ct_gnn_csr_init(ct_gnn_csr_t A, slong nrows, slong ncols, slong nnz);

void ct_gnn_csr_clear(ct_gnn_csr_t A);

/* Sets A to the node features of D (n x nfeat). With rownorm, each row is
   divided by its sum (rows summing to 0 are kept), as the GCN, GAT and SGC
   reference code does for bag-of-words features. */
void ct_gnn_csr_set_features(ct_gnn_csr_t A, const ct_dataset_t D, int rownorm);

/* Y = A B with B an ncols x k block and Y an nrows x k block (overwritten).
   val replaces A->val when not NULL (dropout and attention use this to change
   the values of a fixed pattern without copying it). */
void ct_gnn_csr_mul_dense(double *Y, const ct_gnn_csr_t A, const double *val,
                          const double *B, slong k);

/* Y += A^T B with B an nrows x k block and Y an ncols x k block; val as in
   ct_gnn_csr_mul_dense. This is the backward of ct_gnn_csr_mul_dense w.r.t. B. */
void ct_gnn_csr_tmul_dense_add(double *Y, const ct_gnn_csr_t A, const double *val,
                               const double *B, slong k);

/* As ct_gnn_csr_mul_dense on the rows i with rows[i] != 0 only (rows NULL: all);
   the other rows of Y are left untouched. Each computed row is the same sum
   in the same order as in ct_gnn_csr_mul_dense (a training pass computes only
   the rows its loss reads). */
void ct_gnn_csr_mul_rows(double *Y, const ct_gnn_csr_t A, const double *val,
                         const double *B, slong k, const signed char *rows);

/* As ct_gnn_csr_tmul_dense_add (without its symmetric shortcut) over the rows i
   of A and B with rows[i] != 0 only (rows NULL: all): rows of B known to be
   zero are skipped instead of adding zeros. */
void ct_gnn_csr_tmul_rows_add(double *Y, const ct_gnn_csr_t A, const double *val,
                              const double *B, slong k, const signed char *rows);

/* As ct_gnn_csr_mul_dense on columns c0..c0+w-1 only of B and Y, both with k
   columns in all: one attention head's aggregation. Other columns untouched. */
void ct_gnn_csr_mul_cols(double *Y, const ct_gnn_csr_t A, const double *val,
                         const double *B, slong k, slong c0, slong w);

/* As ct_gnn_csr_tmul_dense_add on columns c0..c0+w-1 only of B and Y. */
void ct_gnn_csr_tmul_cols_add(double *Y, const ct_gnn_csr_t A, const double *val,
                              const double *B, slong k, slong c0, slong w);

#endif
