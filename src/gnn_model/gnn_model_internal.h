/* gnn_model: the dense kernels of thin layers, shared by the passes in
   gnn_model.c (internal to the module). */
#ifndef CERTUNE_GNN_MODEL_INTERNAL_H
#define CERTUNE_GNN_MODEL_INTERNAL_H

#include <flint/flint.h>

/* Thin dense products: U is fin x w with w <= 8 and fin a multiple of 8, at
   most THIN_MAX_IN (GCN's output layer 16 x 7, GAT's 64 x 7). Every sum runs
   over the inner index in order, so results do not depend on the vector
   width. need (n flags, or NULL for all rows) restricts the rows computed;
   the others are left untouched. No errors; out of memory ends the process. */
#define THIN_MAX_IN 512

/* Z = X U (X n x fin). With need, groups of 4 rows none of which is needed
   are skipped (a group with one needed row is computed whole). */
void _ct_gnn_model_thin_mul(double *Z, const double *X, const double *U, slong n,
                            slong fin, slong w, const signed char *need);

/* dX = dZ U^T, row i for need[i] (or every row, zero rows of dZ giving zero
   rows of dX, when need is NULL). */
void _ct_gnn_model_thin_back(double *dX, const double *dZ, const double *U, slong n,
                             slong fin, slong w, const signed char *need);

/* dU += X^T dZ over the rows i with need[i] (every row when NULL) and a
   nonzero dZ_i, in increasing order of i. */
void _ct_gnn_model_thin_grad(double *dU, const double *X, const double *dZ, slong n,
                             slong fin, slong w, const signed char *need);

#endif
