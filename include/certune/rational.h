/* rational: short rationals in intervals (the points chosen inside a sweep's
   pieces, delta's intervals and the shatter check's). Each function sets q,
   an initialized fmpq of the caller's, reading its inputs first: q may alias
   a or b. No errors; the preconditions are stated per function. */
#ifndef CERTUNE_RATIONAL_H
#define CERTUNE_RATIONAL_H

#include <flint/fmpq.h>

/* Sets q to the rational with the smallest denominator (then smallest
   numerator in absolute value) strictly between a and b (a < b). */
void ct_rational_simplest_between(fmpq_t q, const fmpq_t a, const fmpq_t b);

/* Sets q to a short rational strictly greater than a: floor(a) + 1. */
void ct_rational_simplest_above(fmpq_t q, const fmpq_t a);

#endif
