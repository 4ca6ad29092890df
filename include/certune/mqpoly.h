/* mqpoly: polynomials with coefficients in a multi-quadratic field,
   g(x) = sum_k sqrt(r_k) G_k(x) with squarefree integers r_k >= 1 and integer
   polynomials G_k (the alpha family's sign functions). */
#ifndef CERTUNE_MQPOLY_H
#define CERTUNE_MQPOLY_H

#include <flint/fmpz_poly.h>
#include <arb_poly.h>

/* len square classes with nonzero polynomials; rad strictly increasing
   squarefree integers >= 1 (rad 1 is the rational part). len == 0 is zero.
   The sqrt(r_k) of distinct squarefree r_k are linearly independent over Q, so
   g == 0 exactly iff len == 0, and g(q) == 0 at a rational q iff every
   G_k(q) == 0. */
typedef struct {
    slong len, alloc;
    fmpz *rad;
    fmpz_poly_struct *poly;
} mqpoly_struct;
typedef mqpoly_struct mqpoly_t[1];

void mqpoly_init(mqpoly_t g);
void mqpoly_clear(mqpoly_t g);
void mqpoly_set(mqpoly_t g, const mqpoly_t h);

/* g += sqrt(r) * G (r >= 1 squarefree): merges with an existing class, drops a
   class whose polynomial becomes zero, keeps rad sorted. */
void mqpoly_add_term(mqpoly_t g, const fmpz_t r, const fmpz_poly_t G);

/* The same, but G's storage may be taken over: G is left a valid polynomial
   with unspecified value (avoids copying large coefficients). */
void mqpoly_add_term_move(mqpoly_t g, const fmpz_t r, fmpz_poly_t G);

/* g = g1 - g2. */
void mqpoly_sub(mqpoly_t g, const mqpoly_t g1, const mqpoly_t g2);

int mqpoly_is_zero(const mqpoly_t g);
int mqpoly_equal(const mqpoly_t g, const mqpoly_t h);
ulong mqpoly_hash(const mqpoly_t g);

/* Largest degree of the G_k (-1 for zero). */
slong mqpoly_degree(const mqpoly_t g);

/* Divides every G_k by the gcd of all their coefficients and by -1 when the
   leading coefficient of the first class's polynomial is negative; returns the
   sign (+1 or -1) g was multiplied by (1 for zero). g and r g (rational r != 0)
   normalize to the same polynomial. */
int mqpoly_normalize(mqpoly_t g);

/* Encloses g(x) (and g'(x) when dg != NULL) for the ball x at precision prec. */
void mqpoly_eval_arb(arb_t y, arb_t dy, const mqpoly_t g, const arb_t x, slong prec);

/* Writes g as a string in x, e.g. "sqrt(2)*(3*x^2 - 1) + (x - 5)" (malloc'ed). */
char *mqpoly_get_str(const mqpoly_t g);

#endif
