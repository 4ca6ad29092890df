/* The delta family's exact solve, shared by src/delta*.c only. */
#ifndef CERTUNE_DELTA_INTERNAL_H
#define CERTUNE_DELTA_INTERNAL_H

#include <flint/fmpz_mat.h>

/* Y (nr x ngroups) = rows rows[0..nr-1] of d A^{-1} E for an integer d > 0
   (d = det(A) on the multimodular path, a common denominator on the lifting
   path: the sums are divided by their content, so d never shows), exactly,
   where A (n x n) is
   q D - p W of a connected component with integer weights and 0 < p < q (so
   symmetric, strictly diagonally dominant with a positive diagonal: positive
   definite, an M-matrix with A^{-1} >= 0) and E (n x ngroups) is 0/1 with a 1 at
   (lab[j], grp[j]) for j < m; rows distinct. Y >= 0. */
void ct_delta_adj_rows(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab,
                       const slong *grp, slong m, slong ngroups, const slong *rows,
                       slong nr);

#endif
