/* qparse: exact parsing of decimal rationals. */
#ifndef CERTUNE_QPARSE_H
#define CERTUNE_QPARSE_H

#include <flint/fmpq.h>

/* Parses the whole of s as an exact rational into x and returns 0: an optional
   sign, then an integer ("3"), a fraction ("3/4", denominator > 0), or a decimal
   with optional exponent ("0.125", "2.5e-1", ".5", "5.", "1E3"). Nothing else
   (no spaces, no "inf", no hex). Returns -1 on malformed input, leaving x = 0.
   Exponents beyond +-100000 are rejected (-1) rather than exhaust memory. */
int ct_qparse_fmpq(fmpq_t x, const char *s);

#endif
