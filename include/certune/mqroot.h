/* mqroot: certified real zeros in (0, 1) of multi-quadratic polynomials
   g = sum_k sqrt(r_k) G_k (mqpoly.h), the alpha family's sign functions
   (docs/mqroot.md). A ct_mqroot_struct owns its function fn, its interval's
   rational ends and a cache of balls (init/clear; ct_mqroot_set may alias). A
   function given a non-const root may refine its interval in place. Arrays
   returned are flint_malloc'ed, strings malloc'ed (free with free). What
   cannot be decided is a return value (isolate's 1, cmp's 0), not an error. */
#ifndef CERTUNE_MQROOT_H
#define CERTUNE_MQROOT_H

#include <flint/fmpq.h>
#include <arb.h>
#include "certune/mqpoly.h"
#include "certune/root.h"
#include "certune/rroot.h"

/* A certified simple zero of fn (a normalized, squarefree-proved mqpoly): the
   unique zero of fn in [lo, hi]. lo == hi means it is that rational exactly.
   Otherwise 0 <= lo < hi <= 1, fn(lo) and fn(hi) are nonzero with opposite
   signs (sign_lo is the sign at lo), and fn has no other zero in [lo, hi]. */
typedef struct {
    ct_mqpoly_struct fn;
    fmpq_t lo, hi;
    int sign_lo;
    /* a cache: fn's coefficients summed into Arb balls at precision ball_prec
       (NULL, 0 until a refinement needs them; never copied) */
    arb_ptr ball;
    slong ball_prec;
} ct_mqroot_struct;
typedef ct_mqroot_struct ct_mqroot_t[1];

void ct_mqroot_init(ct_mqroot_t r);
void ct_mqroot_clear(ct_mqroot_t r);
void ct_mqroot_set(ct_mqroot_t r, const ct_mqroot_t s);

/* Fills v, the view of r for the certified-root core (root.h): its interval,
   exact sign oracle and bisection. v points into r: valid while r lives. */
void ct_mqroot_view(ct_root_struct *v, ct_mqroot_t r);

/* Sign (-1, 0, 1) of g at the rational q, exactly (0 iff every G_k(q) = 0;
   otherwise Arb at increasing precision decides the nonzero algebraic value). */
int ct_mqroot_sign_fmpq(const ct_mqpoly_t g, const fmpq_t q);

/* Sign of g on (0, eps) for small eps > 0: that of its lowest-order nonzero
   coefficient sum_k sqrt(r_k) G_k[j] (decided exactly as above). g != 0. */
int ct_mqroot_sign_right_of_zero(const ct_mqpoly_t g);

/* 1 when g (nonzero) is proved to have no zero in (0, 1): the Bernstein
   coefficients of g / x^j on [0, 1], in Arb balls, all have one sign. 0 when
   not proved (g may or may not vanish there). Far cheaper than isolating. */
int ct_mqroot_zero_free(const ct_mqpoly_t g);

/* The zeros of the nonzero g in the open interval (0, 1), with multiplicities.
   g is split exactly into a rational part h (the gcd over Q of the G_k, whose
   zeros are zeros of g of known multiplicity: reported as the integer
   polynomial factors hfac[i] with multiplicities hexp[i], for the caller to
   isolate with rroot.h) and the rest g/h, which must be proved squarefree
   (modular test) and whose zeros in (0, 1) are isolated (Descartes' rule on
   exactly Taylor-shifted components, coefficient signs decided exactly).
   Returns 0 on success: *out holds *n simple zeros of g/h (increasing,
   disjoint intervals inside (0, 1); free with ct_mqroot_clear, flint_free; may be
   NULL when *n == 0). Their fn is g / (x^j h) normalized (ct_mqpoly_normalize),
   which has no rational zero, so they are never exact. The rational part's
   squarefree factors hfac[0..*nh) (primitive, positive leading coefficient,
   degree >= 1; x is stripped, but factors without zeros in (0, 1), such as
   x - 1, may occur: the caller filters) have multiplicities hexp[i] in g; free
   each with fmpz_poly_clear, then flint_free(*hfac) and flint_free(*hexp).
   A zero of g/h may coincide with an irrational zero of h (e.g. g = (2x^2 -
   1)(sqrt(2) - 2x)): ct_mqroot_cmp_rroot says so exactly. Returns 1 when g/h
   could not be proved squarefree (a multiple zero is possible): nothing is
   allocated (all outputs NULL / 0), and [und_lo, und_hi] = [0, 1]; the caller
   reports it as undecided. */
int ct_mqroot_isolate(ct_mqroot_struct **out, slong *n, fmpz_poly_struct **hfac,
                      slong **hexp, slong *nh, fmpq_t und_lo, fmpq_t und_hi,
                      const ct_mqpoly_t g);

/* Shrinks the interval of r to at most half its width, keeping the
   certificate (exact when a cut point is the zero). Close to the zero a
   Newton step certified by two signs shrinks it by about 2^19 at once. */
void ct_mqroot_bisect(ct_mqroot_t r);

/* Sign (-1, 0, 1) of r - q, decided exactly (r is not modified). */
int ct_mqroot_cmp_fmpq(const ct_mqroot_t r, const fmpq_t q);

/* Compares two zeros: sets *cmp and returns 1 when decided; equal functions
   and disjoint intervals decide at once; otherwise both are refined until
   disjoint, and below width 2^-CT_MQROOT_CMP_BITS equality is decided exactly
   through the norms of a->fn and b->fn over Q (integer polynomials vanishing
   at the zeros; each interval is refined until it holds a single root of its
   norm, then the zeros are equal iff gcd(norm a, norm b) changes sign on the
   intersection of the intervals; docs/mqroot.md); returns 0 if even that
   fails (a norm of degree above 400). Refines a and b in place. */
#define CT_MQROOT_CMP_BITS 128
int ct_mqroot_cmp(int *cmp, ct_mqroot_t a, ct_mqroot_t b);

/* Compares the zero a with the real algebraic number b (rroot.h; b->poly
   squarefree, not necessarily irreducible) the same way, with b->poly in place
   of the second norm; returns 1 when decided. Refines a and b in place. */
int ct_mqroot_cmp_rroot(int *cmp, ct_mqroot_t a, ct_rroot_t b);

/* Decimal approximation and certified decimal bounds, as ct_rroot_get_strs;
   may refine r. */
void ct_mqroot_get_strs(char **approx, char **lo, char **hi, ct_mqroot_t r, slong digits);

/* Text form (mqroot_io.c, docs/scale.md): writes the terms (radicand,
   polynomial), LO, HI and SIGN_LO (no newline); reads them into the
   initialized r, advancing *s; returns 0, or -1 when malformed or fn does not
   change sign over [LO, HI] as SIGN_LO says. */
void ct_mqroot_write(FILE *f, const ct_mqroot_t r);
int ct_mqroot_read(ct_mqroot_t r, const char **s);

#endif
