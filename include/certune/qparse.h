/* qparse: exact parsing of rationals from text: the user's numbers
   (ct_qparse_fmpq) and the tokens of line-oriented machine formats (profile
   files). Every reader writes into an initialized FLINT value of the caller's
   (fmpz, fmpq, fmpz_poly: init and clear are the caller's) and returns 0, or a
   negative code when the text is not accepted; nothing is allocated for the
   caller, and no pointer into the text is kept (ct_qparse_tok returns one). */
#ifndef CERTUNE_QPARSE_H
#define CERTUNE_QPARSE_H

#include <stdio.h>
#include <flint/fmpq.h>
#include <flint/fmpz_poly.h>

/* Parses the whole of s as an exact rational into x and returns 0: an optional
   sign, then an integer ("3"), a fraction ("3/4", denominator > 0), or a decimal
   with optional exponent ("0.125", "2.5e-1", ".5", "5.", "1E3"). Nothing else
   (no spaces, no "inf", no hex). Returns -1 on malformed input, leaving x = 0.
   Exponents beyond +-CT_QPARSE_MAX_EXP are rejected rather than exhaust
   memory: CT_QPARSE_EXPONENT (-2) when that is the only fault (for messages
   that name the limit), x = 0. */
#define CT_QPARSE_MAX_EXP 100000
#define CT_QPARSE_EXPONENT (-2)
int ct_qparse_fmpq(fmpq_t x, const char *s);

/* Tokens of line-oriented machine formats (qparse_tok.c): ct_qparse_tok skips
   spaces and returns the next token (NULL at the end of the line) with its
   length, advancing *s past it. The readers advance *s past their tokens and
   return 0, or -1 (the value unspecified) when one is missing or not
   canonical: integers without leading zeros, fractions "a/b" in lowest terms
   with b > 1, polynomials as "len c0 c1 ... c_{len-1}" with a nonzero last
   coefficient (the zero polynomial is "0"), as ct_qparse_write_fmpz_poly
   writes them. */
const char *ct_qparse_tok(const char **s, size_t *len);
int ct_qparse_tok_slong(slong *x, const char **s);
int ct_qparse_tok_fmpz(fmpz_t x, const char **s);
int ct_qparse_tok_fmpq(fmpq_t x, const char **s);
int ct_qparse_tok_fmpz_poly(fmpz_poly_t p, const char **s);
void ct_qparse_write_fmpz_poly(FILE *f, const fmpz_poly_t p);

#endif
