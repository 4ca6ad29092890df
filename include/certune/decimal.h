/* decimal: exact decimal conversions of rationals, for the certified decimal
   bounds of breakpoints (exroot_get_strs, mqroot_get_strs). */
#ifndef CERTUNE_DECIMAL_H
#define CERTUNE_DECIMAL_H

#include <flint/fmpq.h>

/* floor(log10(x)) for x > 0. */
slong decimal_exponent(const fmpq_t x);

/* n = x / 10^E rounded: mode -1 floor, 1 ceil, 0 nearest. */
void decimal_scale(fmpz_t n, const fmpq_t x, slong E, int mode);

/* x = n 10^E. */
void decimal_set(fmpq_t x, const fmpz_t n, slong E);

/* The string of n 10^E (n >= 0) without trailing fractional zeros: plain
   decimal, or "d.ddde-30" when that would need many padding zeros (malloc'ed). */
char *decimal_get_str(const fmpz_t n, slong E);

/* x > 0 rounded to `digits` significant digits (malloc'ed). */
char *decimal_round(const fmpq_t x, slong digits);

/* x exactly: a finite decimal when it is one, else "p/q" (malloc'ed). */
char *decimal_fmpq_str(const fmpq_t x);

#endif
