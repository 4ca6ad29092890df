/* delta_shatter: the delta lower-bound construction (docs/shatter.md; the
   writer and the check are the shatter module's, reached through the family
   table).

   The delta gadget (docs/delta.md) with y = x + 2 switches its held-out node
   from class 1 to class 0 at t(y) = ln(2c) / ln(y), decreasing in y. Its
   threshold is transcendental in general, so the realizing parameters q_j are
   chosen first, in (L/2, L) with L < log_2(2c), and each gadget's y_j between
   (2c)^(1/q_j) and (2c)^(1/q_{j-1}) (so y_j > 2, x_j > 0): t(y_j) lies in
   (q_{j-1}, q_j), and the thresholds fall in the right order between the
   parameters. Instances are built as for lambda with the classes reversed. */
#include <arb.h>
#include "certune/gen.h"
#include "certune/rational.h"
#include "certune/delta.h"

void ct_delta_shatter_scale(fmpq_t L, const fmpq_t c)
{
    arb_t u, v;
    arf_t lb;
    fmpq_t lo, half;
    arb_init(u), arb_init(v), arf_init(lb);
    fmpq_init(lo), fmpq_init(half);
    for (slong prec = 64;; prec *= 2) {
        /* u contains log_2(2c) = 1 + ln(c) / ln(2) > 0 (c > 1/2). */
        arb_set_fmpq(u, c, prec);
        arb_log(u, u, prec);
        arb_const_log2(v, prec);
        arb_div(u, u, v, prec);
        arb_add_ui(u, u, 1, prec);
        arb_get_lbound_arf(lb, u, prec);
        if (arf_sgn(lb) > 0) {
            arf_get_fmpq(lo, lb);
            break;
        }
    }
    fmpq_div_2exp(half, lo, 1);
    ct_rational_simplest_between(L, half, lo);
    arb_clear(u), arb_clear(v), arf_clear(lb);
    fmpq_clear(lo), fmpq_clear(half);
}

/* q_j = L (2N + 2j + 1) / (4N), N = 2^M. */
static void delta_shatter_param_L(fmpq_t q, const fmpq_t L, slong M, slong j)
{
    fmpz_t num, den;
    fmpz_init(num), fmpz_init(den);
    fmpz_set_si(num, (WORD(2) << M) + 2 * j + 1);
    fmpz_one(den);
    fmpz_mul_2exp(den, den, M + 2);
    fmpq_set_fmpz_frac(q, num, den);
    fmpq_mul(q, q, L);
    fmpz_clear(num), fmpz_clear(den);
}

void ct_delta_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j)
{
    fmpq_t L;
    fmpq_init(L);
    ct_delta_shatter_scale(L, c);
    delta_shatter_param_L(q, L, M, j);
    fmpq_clear(L);
}

/* Sets r to a ball containing (2c)^(1/q). */
static void delta_shatter_pow(arb_t r, const fmpq_t c, const fmpq_t q, slong prec)
{
    fmpq_t e;
    arb_t b;
    fmpq_init(e);
    arb_init(b);
    fmpq_inv(e, q);
    arb_set_fmpq(r, e, prec);
    arb_set_fmpq(b, c, prec);
    arb_mul_2exp_si(b, b, 1);
    arb_pow(r, b, r, prec);
    fmpq_clear(e);
    arb_clear(b);
}

static void delta_shatter_y_L(fmpq_t y, const fmpq_t c, const fmpq_t L, slong M, slong j)
{
    fmpq_t qa, qb, a, b;
    arb_t ra, rb;
    arf_t bound;
    fmpq_init(qa), fmpq_init(qb), fmpq_init(a), fmpq_init(b);
    arb_init(ra), arb_init(rb), arf_init(bound);
    delta_shatter_param_L(qa, L, M, j);
    delta_shatter_param_L(qb, L, M, j - 1);
    for (slong prec = 64 + 4 * M;; prec *= 2) {
        /* a >= (2c)^(1/q_j) and b <= (2c)^(1/q_{j-1}), certified by the balls. */
        delta_shatter_pow(ra, c, qa, prec);
        delta_shatter_pow(rb, c, qb, prec);
        arb_get_ubound_arf(bound, ra, prec);
        arf_get_fmpq(a, bound);
        arb_get_lbound_arf(bound, rb, prec);
        arf_get_fmpq(b, bound);
        if (arb_is_finite(ra) && arb_is_finite(rb) && fmpq_cmp(a, b) < 0)
            break;
    }
    ct_rational_simplest_between(y, a, b);
    fmpq_clear(qa), fmpq_clear(qb), fmpq_clear(a), fmpq_clear(b);
    arb_clear(ra), arb_clear(rb), arf_clear(bound);
}

void ct_delta_shatter_gadget_y(fmpq_t y, const fmpq_t c, slong M, slong j)
{
    fmpq_t L;
    fmpq_init(L);
    ct_delta_shatter_scale(L, c);
    delta_shatter_y_L(y, c, L, M, j);
    fmpq_clear(L);
}

void ct_delta_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k)
{
    slong G = ct_gen_shatter_gadgets(M, k);
    char name[64];
    snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
    ct_gen_instance_init(inst, name, 4 * G, 2, 3 * G);
    fmpq_t L, x;
    fmpq_init(L), fmpq_init(x);
    ct_delta_shatter_scale(L, c);
    for (slong g = 0; g < G; g++) {
        /* Flip g + 1 at j = (g + 1) 2^(k-1). The node goes from class 1 to
           class 0: class 1 held out is wrong after it (up), class 0 right (down). */
        delta_shatter_y_L(x, c, L, M, (g + 1) << (k - 1));
        fmpq_sub_si(x, x, 2);
        ct_gen_shatter_star_gadget(inst, g, x, g % 2 == 0 ? 1 : 0);
    }
    fmpq_clear(L), fmpq_clear(x);
}

int ct_delta_shatter_check_c(const fmpq_t c, const char *text, char *err, size_t errlen)
{
    fmpq_t half;
    fmpq_init(half);
    fmpq_set_si(half, 1, 2);
    int bad = fmpq_cmp(c, half) <= 0 || fmpq_cmp_si(c, 1) >= 0;
    fmpq_clear(half);
    if (bad && text != NULL)
        snprintf(err, errlen,
                 "shatter --family delta needs --c above 1/2, not '%s' "
                 "(the gadget's threshold ln(2c)/ln(x+2) lies in (0, 1) "
                 "only when 2c > 1)",
                 text);
    else if (bad)
        snprintf(err, errlen,
                 "shatter --family delta needs 1/2 < c < 1 (the gadget's threshold "
                 "ln(2c)/ln(x+2) lies in (0, 1) only when 2c > 1)");
    return bad ? -1 : 0;
}
