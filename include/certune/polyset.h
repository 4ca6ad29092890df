/* polyset: a set of distinct integer polynomials up to sign and content (lambda's
   sign polynomials and their factors). A ct_polyset_struct owns its elements:
   polys[0 .. len) in insertion order, each stored primitive with positive
   leading coefficient, an element's id its index (init/clear). Inserting
   copies: the argument stays the caller's. */
#ifndef CERTUNE_POLYSET_H
#define CERTUNE_POLYSET_H

#include <flint/fmpz_poly.h>

/* p and -3p are the same element; lookups are by hash. */
typedef struct {
    slong len, alloc;
    fmpz_poly_struct *polys;
    slong *table; /* open addressing: index into polys, or -1 */
    slong table_size;
} ct_polyset_struct;
typedef ct_polyset_struct ct_polyset_t[1];

void ct_polyset_init(ct_polyset_t S);
void ct_polyset_clear(ct_polyset_t S);

/* Returns the id (0 .. len-1) of the element equal to p up to sign and content,
   inserting it if new. p must be nonzero. */
slong ct_polyset_insert(ct_polyset_t S, const fmpz_poly_t p);

#endif
