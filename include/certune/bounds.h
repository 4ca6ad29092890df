/* bounds: certified sign-change counts of every family's sign functions
   against the proven bounds (docs/shatter.md), one ct_bounds_row per
   (instance, component, node, class pair); its family's row of the family
   table gives the sign functions and its own bound, the zeros are counted by
   the functions' type. Rows are plain data, appended to the caller's array
   (grown with flint_realloc: free it with flint_free); inputs are only read.
   Zeros that cannot be certified are ct_bounds_rows' 1 with a message, not a
   wrong count. */
#ifndef CERTUNE_BOUNDS_H
#define CERTUNE_BOUNDS_H

#include <stddef.h>
#include <flint/fmpz_poly.h>
#include "certune/analysis.h"
#include "certune/instance.h"

/* One (instance, component, node, class pair) of a family. */
typedef struct {
    ct_family_t family;
    slong inst, comp, node, k, l;
    slong changes; /* certified sign changes of the pair's sign function in the open
                      domain */
    slong roots;   /* its distinct roots there (sign changes and touches) */
    slong n_comp;  /* nodes of the component: the paper's bound is n_comp - 1 */
    slong labeled; /* labeled nodes of the component: bound labeled - 1 (when the
                      family's row says it applies) */
    slong sharp;   /* the family's own quantity (its row's bounds.sharp): lambda's
                      distinct eigenvalues of the Kron-reduced Laplacian, delta's
                      distinct labeled degrees of classes k, l (bounds sharp - 1),
                      alpha's square classes of the labeled degrees (no bound) */
} ct_bounds_row;

/* Counts, for the integer polynomial p, its sign changes in (0, +inf) (roots of
   odd multiplicity, isolated with certificates) and stores its distinct roots
   there in *roots. The zero polynomial has none. */
slong ct_bounds_sign_changes(slong *roots, const fmpz_poly_t p);

/* Appends the rows of every node and class pair of inst (stored as instance
   inst_idx) for family (constant c, or NULL when it has none) to *rows
   (*nrows entries): the zeros of each sign function in the open domain,
   certified (exponential sums: all simple, so changes == roots;
   multi-quadratic ones: the rational part's roots exactly, the rest proved
   simple). Returns 0, or 1 when the zeros of some sign function cannot be
   certified: msg then says which (rows appended so far stay valid). */
int ct_bounds_rows(ct_bounds_row **rows, slong *nrows, ct_family_t family,
                   const ct_instance_t inst, slong inst_idx, const fmpq_t c, char *msg,
                   size_t len);

/* The last column of r as printed: sharp - 1 when it is a bound, else sharp. */
slong ct_bounds_row_sharp(const ct_bounds_row *r);

/* Returns 0 when r respects every proven bound; otherwise 1, with the bound
   exceeded described in msg (len bytes). */
int ct_bounds_row_check(const ct_bounds_row *r, char *msg, size_t len);

#endif
