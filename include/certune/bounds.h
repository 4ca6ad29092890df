/* bounds: certified sign-change counts against the proven bounds. */
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
    slong changes; /* certified sign changes of the pair's sign function in (0, +inf) */
    slong roots;   /* its distinct roots there (sign changes and touches) */
    slong n_comp;  /* nodes of the component: the paper's bound is n_comp - 1 */
    slong labeled; /* labeled nodes of the component: bound labeled - 1 */
    slong eigen;   /* lambda: distinct eigenvalues of the Kron-reduced Laplacian: bound
                      eigen - 1 */
    slong
        degrees; /* delta: distinct labeled degrees of classes k, l: bound degrees - 1;
                    alpha: square classes of the component's labeled degrees (no bound) */
} ct_bounds_row;

/* Counts, for the integer polynomial p, its sign changes in (0, +inf) (roots of
   odd multiplicity, isolated with certificates) and stores its distinct roots
   there in *roots. The zero polynomial has none. */
slong ct_bounds_sign_changes(slong *roots, const fmpz_poly_t p);

/* Appends the rows of every node and class pair of inst (stored as instance
   inst_idx) to *rows (grown with flint_realloc; *nrows entries). */
void ct_bounds_rows_lambda(ct_bounds_row **rows, slong *nrows, const ct_instance_t inst,
                           slong inst_idx);

/* The same for the delta family with constant c: zeros are counted in the open
   (0, 1) (all certified simple, so changes == roots). Returns 0, or 1 when the
   zeros of some sign function cannot be certified: msg then says which (rows
   appended so far stay valid). */
int ct_bounds_rows_delta(ct_bounds_row **rows, slong *nrows, const ct_instance_t inst,
                         slong inst_idx, const fmpq_t c, char *msg, size_t len);

/* The same for the alpha family: zeros in (0, 1) of each multi-quadratic sign
   function (its rational part's roots exactly, the rest proved simple), and
   the bound n_comp - 1 (the degree); labeled - 1 does not apply. Returns 0, or
   1 with msg when some function's zeros cannot be certified. */
int ct_bounds_rows_alpha(ct_bounds_row **rows, slong *nrows, const ct_instance_t inst,
                         slong inst_idx, char *msg, size_t len);

/* Returns 0 when r respects every proven bound; otherwise 1, with the bound
   exceeded described in msg (len bytes). */
int ct_bounds_row_check(const ct_bounds_row *r, char *msg, size_t len);

#endif
