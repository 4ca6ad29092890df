/* mqpoly: polynomials over a multi-quadratic field, g(x) = sum_k sqrt(r_k)
   G_k(x) with integers r_k >= 1 in distinct square classes (r_i / r_j never
   the square of a rational: squarefree r_k, or the elements of a coprime
   basis, docs/alpha.md) and integer polynomials G_k: the alpha family's sign
   functions. A ct_mqpoly_struct owns its radicands and polynomials
   (init/clear); outputs may alias inputs (set, sub; x and y or dy in
   eval_arb). Strings are malloc'ed (free with free). No errors. */
#ifndef CERTUNE_MQPOLY_H
#define CERTUNE_MQPOLY_H

#include <flint/fmpz_poly.h>
#include <arb_poly.h>

/* len square classes with nonzero polynomials; rad strictly increasing
   integers >= 1 in distinct square classes (rad 1 is the rational part).
   len == 0 is zero. Square roots of positive integers in distinct square
   classes are linearly independent over Q (Besicovitch), so
   g == 0 exactly iff len == 0, and g(q) == 0 at a rational q iff every
   G_k(q) == 0. primitive: the gcd of all coefficients is known to be 1
   (set by ct_mqpoly_normalize and ct_mqpoly_set_primitive, kept by
   ct_mqpoly_set, cleared by add_term and sub); normalize then skips its gcd,
   which costs seconds on coefficients of millions of bits. */
typedef struct {
    slong len, alloc;
    fmpz *rad;
    fmpz_poly_struct *poly;
    int primitive;
} ct_mqpoly_struct;
typedef ct_mqpoly_struct ct_mqpoly_t[1];

void ct_mqpoly_init(ct_mqpoly_t g);
void ct_mqpoly_clear(ct_mqpoly_t g);
void ct_mqpoly_set(ct_mqpoly_t g, const ct_mqpoly_t h);

/* g += sqrt(r) * G (r >= 1, in the square classes' convention above): merges
   with an existing class, drops a class whose polynomial becomes zero, keeps
   rad sorted. */
void ct_mqpoly_add_term(ct_mqpoly_t g, const fmpz_t r, const fmpz_poly_t G);

/* The same, but G's storage may be taken over: G is left a valid polynomial
   with unspecified value (avoids copying large coefficients). G must not be
   one of g's polynomials (g's arrays may move). */
void ct_mqpoly_add_term_move(ct_mqpoly_t g, const fmpz_t r, fmpz_poly_t G);

/* g = g1 - g2. */
void ct_mqpoly_sub(ct_mqpoly_t g, const ct_mqpoly_t g1, const ct_mqpoly_t g2);

int ct_mqpoly_is_zero(const ct_mqpoly_t g);
int ct_mqpoly_equal(const ct_mqpoly_t g, const ct_mqpoly_t h);
ulong ct_mqpoly_hash(const ct_mqpoly_t g);

/* Largest degree of the G_k (-1 for zero). */
slong ct_mqpoly_degree(const ct_mqpoly_t g);

/* Divides every G_k by the gcd of all their coefficients and by -1 when the
   leading coefficient of the first class's polynomial is negative; returns the
   sign (+1 or -1) g was multiplied by (1 for zero). g and r g (rational r != 0)
   normalize to the same polynomial. */
int ct_mqpoly_normalize(ct_mqpoly_t g);

/* Records that the gcd of g's coefficients is 1 (the caller has proved it);
   whoever changes g's polynomials other than through this header clears
   g->primitive (or keeps it only by an argument that the gcd stays 1). */
void ct_mqpoly_set_primitive(ct_mqpoly_t g);

/* Encloses g(x) (and g'(x) when dg != NULL) for the ball x at precision prec. */
void ct_mqpoly_eval_arb(arb_t y, arb_t dy, const ct_mqpoly_t g, const arb_t x,
                        slong prec);

/* Writes g as a string in x, e.g. "sqrt(2)*(3*x^2 - 1) + (x - 5)". */
char *ct_mqpoly_get_str(const ct_mqpoly_t g);

#endif
