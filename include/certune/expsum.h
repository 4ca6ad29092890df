/* expsum: exponential sums h(x) = sum_t A_t B_t^x with integer coefficients
   and integer bases (delta's sign functions, docs/expsum.md), and their
   certified zeros in (0, 1), a root kind of the certified-root core (root.h).
   A sum and a root own their integers (init/clear); the setters accept h == g
   (r == s). Strings returned are the caller's, freed with free(). Signs at
   rationals are always decided exactly; what cannot be separated at the
   precision cap is reported as undecided (ct_expsum_isolate's 1,
   ct_expsum_root_cmp's 0), never an error; a malformed text form is the
   reader's -1. */
#ifndef CERTUNE_EXPSUM_H
#define CERTUNE_EXPSUM_H

#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <arb.h>
#include "certune/root.h"

/* len terms with nonzero coef[t] and strictly increasing bases base[t] >= 1 (base
   1 is the constant term). len == 0 is the zero function. primitive: the
   coefficients are known to be coprime (set by ct_expsum_normalize and
   ct_expsum_set_primitive, kept by ct_expsum_set, cleared by every other
   setter), so that normalizing again costs no gcd: with coefficients of
   millions of digits (delta at c = 1e-100000) each gcd took half a second. */
typedef struct {
    slong len;
    fmpz *coef;
    fmpz *base;
    int primitive;
} ct_expsum_struct;
typedef ct_expsum_struct ct_expsum_t[1];

void ct_expsum_init(ct_expsum_t h);
void ct_expsum_clear(ct_expsum_t h);
void ct_expsum_set(ct_expsum_t h, const ct_expsum_t g);

/* Sets h to sum_i coef[i] base[i]^x (n terms, bases >= 1 in any order, possibly
   repeated): equal bases are merged, zero coefficients dropped, bases sorted. */
void ct_expsum_set_terms(ct_expsum_t h, const fmpz *coef, const fmpz *base, slong n);

/* Divides h by the gcd of its coefficients, times -1 when needed so that the
   coefficient of the largest base is positive. Returns the sign (+1 or -1) by
   which h was multiplied (1 for the zero sum). Same roots, h and g with
   g = r h (rational r != 0) normalize to the same sum. */
int ct_expsum_normalize(ct_expsum_t h);

/* Declares h's coefficients coprime: the caller divided them by their content
   (a wrong declaration leaves h unnormalized, never a sign wrong). */
void ct_expsum_set_primitive(ct_expsum_t h);

int ct_expsum_is_zero(const ct_expsum_t h);
int ct_expsum_equal(const ct_expsum_t h, const ct_expsum_t g);
ulong ct_expsum_hash(const ct_expsum_t h);

/* Sign changes of the coefficients ordered by base: by the rule of signs for
   exponential sums, an upper bound on the real roots of h (with multiplicity). */
slong ct_expsum_sign_changes(const ct_expsum_t h);

/* Exact signs at the ends: sgn(sum A_t) at x = 0 (end = 0) and
   sgn(sum A_t B_t) at x = 1 (end = 1). */
int ct_expsum_sign_at_end(const ct_expsum_t h, int end);

/* Sets y to a ball containing h(x) (x a ball), and dy (if not NULL) to one
   containing h'(x) = sum A_t ln(B_t) B_t^x, at precision prec. */
void ct_expsum_eval_arb(arb_t y, arb_t dy, const ct_expsum_t h, const arb_t x,
                        slong prec);

/* Sign (-1, 0, 1) of h at the rational q, decided exactly: Arb at increasing
   precision, and an exact zero test when a ball keeps containing 0 (h(u/v) is a
   sum of real radicals, which vanishes iff each group of terms with rational
   ratios sums to 0: docs/expsum.md; Calcium's qqbar is the tests' oracle, too
   slow for the large dyadic denominators met here). */
int ct_expsum_sign_fmpq(const ct_expsum_t h, const fmpq_t q);

/* Writes h as a string in the variable x, largest base first, such as
   "3*4^x - 5*2^x + 7" (base 1 is written as a constant). */
char *ct_expsum_get_str(const ct_expsum_t h);

/* A certified simple root of fn (a normalized nonzero sum): the unique zero of
   fn in [lo, hi]. lo == hi means the root is that rational exactly (proved by
   ct_expsum_sign_fmpq). Otherwise 0 <= lo < hi <= 1, fn(lo) and fn(hi) are
   nonzero with opposite signs (sign_lo is the sign at lo), and the root is the
   only zero of fn in [lo, hi] and simple, so fn changes sign there. The
   certificate is either that fn' excludes 0 on [lo, hi] or counting: by the
   rule of signs fn has at most ct_expsum_sign_changes(fn) real zeros with
   multiplicity, and when the intervals with a sign change use up that bound,
   each holds exactly one, simple, zero (fn' need not exclude 0 on all of
   [lo, hi] then). */
typedef struct {
    ct_expsum_struct fn;
    fmpq_t lo, hi;
    int sign_lo;
} ct_expsum_root_struct;
typedef ct_expsum_root_struct ct_expsum_root_t[1];

void ct_expsum_root_init(ct_expsum_root_t r);
void ct_expsum_root_clear(ct_expsum_root_t r);
void ct_expsum_root_set(ct_expsum_root_t r, const ct_expsum_root_t s);

/* Isolates the zeros of the nonzero sum h in the open interval (0, 1). On
   success returns 0, sets *out to *n initialized roots (increasing, pairwise
   disjoint intervals inside (0, 1); free each with ct_expsum_root_clear, then
   flint_free; *out may be NULL when *n == 0) and *sign_first to the sign of h
   on (0, first root) (on all of (0, 1) when there is none). Zeros at exactly 0
   or 1 are the domain's ends: not returned (their sign is ct_expsum_sign_at_end).
   Returns 1 when some part of (0, 1) cannot be decided at the precision cap
   (a multiple zero, or zeros closer than the cap can separate): then nothing
   is allocated (*out = NULL, *n = 0) and [und_lo, und_hi] is an undecided
   interval. h need not be normalized; the roots' fn is its normalization.
   Root intervals have dyadic ends and are narrowed to a relative width of about
   2^-39 (a floating-point guess certified by Arb) or else, by bisection,
   normally to at most 2^-10. */
int ct_expsum_isolate(ct_expsum_root_struct **out, slong *n, int *sign_first,
                      fmpq_t und_lo, fmpq_t und_hi, const ct_expsum_t h);

/* Fills v, the view of r for the certified-root core (root.h): its interval,
   exact sign oracle and bisection. v points into r: valid while r lives. */
void ct_expsum_root_view(ct_root_struct *v, ct_expsum_root_t r);

/* Halves the interval of r, keeping the certificate (no-op when r is exact;
   may make r exact when the midpoint is the root). */
void ct_expsum_root_bisect(ct_expsum_root_t r);

/* Bisects r until hi - lo <= eps (eps > 0) or r is exact. */
void ct_expsum_root_refine(ct_expsum_root_t r, const fmpq_t eps);

/* Sign (-1, 0, 1) of r - q, decided exactly (r is not modified). */
int ct_expsum_root_cmp_fmpq(const ct_expsum_root_t r, const fmpq_t q);

/* Compares two roots: sets *cmp to -1, 0 or 1 as a < b, a == b, a > b and
   returns 1 when decided; returns 0 when undecided (the intervals keep
   overlapping down to a width of 2^-CT_EXPSUM_ROOT_CMP_BITS, the functions are not
   equal, and not all their bases are powers of one integer, so equality
   cannot be proved). Equal functions decide exactly; so do sums whose bases
   are all powers of one integer n (a gcd of polynomials in y = n^x).
   Refines a and b in place. */
#define CT_EXPSUM_ROOT_CMP_BITS 256
int ct_expsum_root_cmp(int *cmp, ct_expsum_root_t a, ct_expsum_root_t b);

/* Refines r and writes three strings: a decimal approximation with
   `digits` significant digits (correctly bounded: the root lies within one unit
   of the last digit) and decimal lo, hi bounds of an interval that contains the
   root and no other zero of r->fn. */
void ct_expsum_root_get_strs(char **approx, char **lo, char **hi, ct_expsum_root_t r,
                             slong digits);

/* Text form (expsum_io.c, docs/scale.md): writes the normalized sum's terms,
   LO, HI and SIGN_LO (no newline); reads them into the initialized r,
   advancing *s; returns 0, or -1 when malformed, not normalized or fn does not
   change sign over [LO, HI] as SIGN_LO says. */
void ct_expsum_root_write(FILE *f, const ct_expsum_root_t r);
int ct_expsum_root_read(ct_expsum_root_t r, const char **s);

#endif
