/* Tests of mqpoly against hand values: add_term (merging, cancelling,
   ordering), sub (with aliasing), normalize (content and sign), equal and hash,
   degree, get_str and eval_arb (values and derivatives at rational points). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/mqpoly.h"

/* g += sqrt(r) * (the polynomial with coefficients c[0..len-1], low first). */
static void add(ct_mqpoly_t g, slong r, const slong *c, slong len)
{
    fmpz_t rad;
    fmpz_poly_t G;
    fmpz_init_set_si(rad, r);
    fmpz_poly_init(G);
    for (slong e = 0; e < len; e++)
        fmpz_poly_set_coeff_si(G, e, c[e]);
    ct_mqpoly_add_term(g, rad, G);
    fmpz_clear(rad);
    fmpz_poly_clear(G);
}

static int str_is(const ct_mqpoly_t g, const char *want)
{
    char *s = ct_mqpoly_get_str(g);
    int ok = strcmp(s, want) == 0;
    if (!ok)
        fprintf(stderr, "got \"%s\", want \"%s\"\n", s, want);
    free(s);
    return ok;
}

static void check_add_sub(void)
{
    static const slong a[3] = {-1, 0, 3}, b[2] = {-5, 1}, c[2] = {2, -4}, nc[2] = {-2, 4};
    ct_mqpoly_t g, h, d;
    ct_mqpoly_init(g), ct_mqpoly_init(h), ct_mqpoly_init(d);
    CHECK(ct_mqpoly_is_zero(g) && ct_mqpoly_degree(g) == -1 && str_is(g, "0"));
    add(g, 2, a, 3); /* sqrt(2) (3x^2 - 1) */
    add(g, 1, b, 2); /* + (x - 5): inserted before 2 */
    CHECK(g->len == 2 && fmpz_equal_si(g->rad, 1) && fmpz_equal_si(g->rad + 1, 2));
    CHECK(str_is(g, "sqrt(2)*(3*x^2 - 1) + (x - 5)"));
    CHECK(ct_mqpoly_degree(g) == 2);
    add(g, 6, c, 2);
    add(g, 3, c, 2);
    CHECK(g->len == 4 && fmpz_equal_si(g->rad + 2, 3) && fmpz_equal_si(g->rad + 3, 6));
    add(g, 6, nc, 2); /* cancels the class 6 */
    CHECK(g->len == 3 && fmpz_equal_si(g->rad + 2, 3));
    add(g, 3, c, 2); /* merges: sqrt(3) (4 - 8x) */
    CHECK(str_is(g, "sqrt(3)*(-8*x + 4) + sqrt(2)*(3*x^2 - 1) + (x - 5)"));
    ct_mqpoly_set(h, g);
    CHECK(ct_mqpoly_equal(g, h) && ct_mqpoly_hash(g) == ct_mqpoly_hash(h));
    ct_mqpoly_sub(d, g, h);
    CHECK(ct_mqpoly_is_zero(d));
    add(h, 1, c, 2);
    CHECK(!ct_mqpoly_equal(g, h));
    ct_mqpoly_sub(d, h, g); /* (2 - 4x) */
    CHECK(str_is(d, "(-4*x + 2)"));
    ct_mqpoly_sub(h, h, h); /* aliasing */
    CHECK(ct_mqpoly_is_zero(h));
    ct_mqpoly_sub(d, d, g); /* d = (2 - 4x) - g, aliasing the output */
    CHECK(str_is(d, "sqrt(3)*(8*x - 4) + sqrt(2)*(-3*x^2 + 1) + (-5*x + 7)"));
    ct_mqpoly_clear(g), ct_mqpoly_clear(h), ct_mqpoly_clear(d);
}

/* One-term classes fold their coefficient and power into the term. */
static void check_str_terms(void)
{
    static const slong c1[2] = {0, 2}, c2[1] = {-1}, c3[4] = {0, 0, 0, 1}, c4[2] = {0, 1};
    ct_mqpoly_t g;
    ct_mqpoly_init(g);
    add(g, 10, c1, 2);
    add(g, 21, c2, 1);
    CHECK(str_is(g, "-sqrt(21) + 2*sqrt(10)*x"));
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    add(g, 2, c3, 4);
    add(g, 1, c4, 2);
    CHECK(str_is(g, "sqrt(2)*x^3 + x"));
    ct_mqpoly_clear(g);
}

static void check_normalize(void)
{
    static const slong a[2] = {6, -4}, b[3] = {0, 0, 10}, a2[2] = {-3, 2},
                       b2[3] = {0, 0, -5};
    ct_mqpoly_t g, h, z;
    ct_mqpoly_init(g), ct_mqpoly_init(h), ct_mqpoly_init(z);
    add(g, 1, a, 2); /* (6 - 4x) + sqrt(5) 10 x^2: lead of the first class < 0 */
    add(g, 5, b, 3);
    CHECK(ct_mqpoly_normalize(g) == -1);
    CHECK(str_is(g, "-5*sqrt(5)*x^2 + (2*x - 3)"));
    add(h, 5, b2, 3); /* -(1/2) ... of the original: same normalization */
    add(h, 1, a2, 2);
    ct_mqpoly_t hh;
    ct_mqpoly_init(hh);
    ct_mqpoly_set(hh, h);
    CHECK(ct_mqpoly_normalize(hh) == 1 && ct_mqpoly_equal(g, hh));
    CHECK(ct_mqpoly_hash(g) == ct_mqpoly_hash(hh));
    CHECK(ct_mqpoly_normalize(z) == 1 && ct_mqpoly_is_zero(z));
    ct_mqpoly_clear(g), ct_mqpoly_clear(h), ct_mqpoly_clear(z), ct_mqpoly_clear(hh);
}

/* g = sqrt(2) (3x^2 - 1) + (x - 5) at x = 1/2: -sqrt(2)/4 - 9/2, and
   g' = 6 sqrt(2) x + 1 = 3 sqrt(2) + 1. */
static void check_eval(void)
{
    static const slong a[3] = {-1, 0, 3}, b[2] = {-5, 1};
    ct_mqpoly_t g;
    arb_t x, y, dy, want, s2;
    ct_mqpoly_init(g);
    arb_init(x), arb_init(y), arb_init(dy), arb_init(want), arb_init(s2);
    add(g, 2, a, 3);
    add(g, 1, b, 2);
    arb_set_d(x, 0.5);
    ct_mqpoly_eval_arb(y, dy, g, x, 256);
    arb_sqrt_ui(s2, 2, 256);
    arb_mul_2exp_si(want, s2, -2);
    arb_neg(want, want);
    arb_set_d(s2, 4.5);
    arb_sub(want, want, s2, 256);
    CHECK(arb_overlaps(y, want) && arb_rel_accuracy_bits(y) > 200);
    arb_sqrt_ui(s2, 2, 256);
    arb_mul_ui(want, s2, 3, 256);
    arb_add_ui(want, want, 1, 256);
    CHECK(arb_overlaps(dy, want) && arb_rel_accuracy_bits(dy) > 200);
    ct_mqpoly_eval_arb(x, NULL, g, x, 256); /* aliasing y = x */
    CHECK(arb_overlaps(x, y));
    ct_mqpoly_clear(g);
    ct_mqpoly_init(g);
    ct_mqpoly_eval_arb(y, dy, g, x, 64);
    CHECK(arb_is_zero(y) && arb_is_zero(dy));
    ct_mqpoly_clear(g);
    arb_clear(x), arb_clear(y), arb_clear(dy), arb_clear(want), arb_clear(s2);
}

int main(void)
{
    check_add_sub();
    check_normalize();
    check_str_terms();
    check_eval();
    flint_cleanup();
    return check_finish("t-mqpoly");
}
