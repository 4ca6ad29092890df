/* ozaki: products of exact Arb matrices at about 128 bits through BLAS
   (Ozaki's splitting; docs/lambda.md, "The eigendecomposition's products in
   doubles"). Each row of A and column of B is cut into S slices of beta
   bits, scaled by its largest entry, so that every product of two slices
   dgemm computes is exact; the products are summed exactly, and what the
   truncation leaves out is bounded in the radii. */
#ifndef CERTUNE_OZAKI_H
#define CERTUNE_OZAKI_H

#include <arb_mat.h>

/* C = A B (A n x k, B k x p, exact entries: zero radii, midpoints of at
   most 128 bits): midpoints rounded to prec bits, radii >= every error,
   each at most about 2^-prec of |row i of A|_max |column j of B|_max k.
   Rows of A in blocks on nthreads threads (the calling thread's pool).
   Returns 0, or 1 (C untouched) when an entry is not such a ball or BLAS
   cannot be loaded; the caller then multiplies in balls. C must not alias
   A or B. */
int ct_ozaki_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong prec,
                 slong nthreads);

/* The same of the midpoints (radii ignored, a midpoint's top 128 bits
   read), as arb_mat_approx_mul: C's radii zero, no error bound; 1 only when
   BLAS cannot be loaded or an entry is not finite. */
int ct_ozaki_approx_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong prec,
                        slong nthreads);

/* Tests: with on, the truncation's bound is left out of the radii (only
   the rounding to prec stays), so that its check can be seen to fail. */
void _ct_ozaki_set_loose(int on);

#endif
