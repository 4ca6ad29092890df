/* decimal: exact decimal conversions of rationals (fmpq, or n 10^E with n an
   fmpz), and the rounding and narrowing helpers of the decimal certificates
   that every root kind prints (root_str.c and the kinds' get_strs). Inputs
   are only read; every string returned is the caller's, allocated by
   ct_mem_malloc and freed with free(). No errors; the preconditions (x != 0,
   x > 0) are stated per function. */
#ifndef CERTUNE_DECIMAL_H
#define CERTUNE_DECIMAL_H

#include <flint/fmpq.h>

/* floor(log10(x)) for x > 0. */
slong ct_decimal_exponent(const fmpq_t x);

/* n = x / 10^E rounded: mode -1 floor, 1 ceil, 0 nearest (ties away from 0). */
void ct_decimal_scale(fmpz_t n, const fmpq_t x, slong E, int mode);

/* x = n 10^E. */
void ct_decimal_set(fmpq_t x, const fmpz_t n, slong E);

/* The string of n 10^E: plain decimal, or "d.ddde-30" when that would need long
   runs of padding zeros; with trim, trailing fractional zeros are dropped. */
char *ct_decimal_get_str(const fmpz_t n, slong E, int trim);

/* x != 0 rounded to `digits` significant digits, trailing zeros dropped when
   trim. */
char *ct_decimal_round(const fmpq_t x, slong digits, int trim);

/* Text reports print an exact rational whose fraction takes at most this
   many characters as it is; a longer one (delta's c = 1e-100000: 100002
   characters) as ct_decimal_brief gives it. */
#define CT_DECIMAL_BRIEF_MAX 80

/* x as a text report's header prints it: its fraction ("3/7")
   when that takes at most CT_DECIMAL_BRIEF_MAX characters, else
   "~D [exact: N digits]", D rounded to 6 significant digits and N the digits
   of numerator and denominator (--json writes the fraction in full). */
char *ct_decimal_brief(const fmpq_t x);

/* Whether x = n 10^E exactly (denominator 2^a 5^b); then sets n (no trailing
   zeros) and E. */
int ct_decimal_exact(fmpz_t n, slong *E, const fmpq_t x);

/* x exactly: a finite decimal when it is one, else "p/q". */
char *ct_decimal_fmpq_str(const fmpq_t x);

/* The strings of a breakpoint that is the rational x: lo = hi = x exactly
   (ct_decimal_fmpq_str); approx x itself when a decimal of at most `digits`
   digits (or 0), else x rounded to `digits` (trailing zeros dropped if trim). */
void ct_decimal_exact_strs(char **approx, char **lo, char **hi, const fmpq_t x,
                           slong digits, int trim);

/* Whether hi - lo <= 10^-digits min(|lo|, |hi|). */
int ct_decimal_rel_narrow(const fmpq_t lo, const fmpq_t hi, slong digits);

/* The approximation of a point certified in [lo, hi] (which refine(arg)
   shrinks, keeping the point inside; lo == hi when it is that rational): lo
   and hi rounded to `digits` alike (a few more refinements nearly always
   achieve it), else the midpoint rounded; NULL when the point became exact. */
char *ct_decimal_approx(const fmpq *lo, const fmpq *hi, void (*refine)(void *), void *arg,
                        slong digits, int trim);

#endif
