/* shatter_delta: the delta lower-bound construction (docs/shatter.md).

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
#include "shatter_internal.h"

void ct_shatter_delta_scale(fmpq_t L, const fmpq_t c)
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
static void shatter_delta_param_L(fmpq_t q, const fmpq_t L, slong M, slong j)
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

void ct_shatter_delta_parameter(fmpq_t q, const fmpq_t c, slong M, slong j)
{
    fmpq_t L;
    fmpq_init(L);
    ct_shatter_delta_scale(L, c);
    shatter_delta_param_L(q, L, M, j);
    fmpq_clear(L);
}

/* Sets r to a ball containing (2c)^(1/q). */
static void shatter_delta_pow(arb_t r, const fmpq_t c, const fmpq_t q, slong prec)
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

static void shatter_delta_y_L(fmpq_t y, const fmpq_t c, const fmpq_t L, slong M, slong j)
{
    fmpq_t qa, qb, a, b;
    arb_t ra, rb;
    arf_t bound;
    fmpq_init(qa), fmpq_init(qb), fmpq_init(a), fmpq_init(b);
    arb_init(ra), arb_init(rb), arf_init(bound);
    shatter_delta_param_L(qa, L, M, j);
    shatter_delta_param_L(qb, L, M, j - 1);
    for (slong prec = 64 + 4 * M;; prec *= 2) {
        /* a >= (2c)^(1/q_j) and b <= (2c)^(1/q_{j-1}), certified by the balls. */
        shatter_delta_pow(ra, c, qa, prec);
        shatter_delta_pow(rb, c, qb, prec);
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

void ct_shatter_delta_gadget_y(fmpq_t y, const fmpq_t c, slong M, slong j)
{
    fmpq_t L;
    fmpq_init(L);
    ct_shatter_delta_scale(L, c);
    shatter_delta_y_L(y, c, L, M, j);
    fmpq_clear(L);
}

/* Gadget g (0-based): nodes 4g+1..4g+4 as in the paper's lemma: edges
   (4g, 4g+1) = (4g, 4g+2) = 1, (4g, 4g+3) = x; 4g labeled class 0, 4g+1 and
   4g+2 class 1, 4g+3 held out with class truth. The alpha gadget is the same
   graph (shatter_alpha.c). */
void ct_shatter_put_delta_gadget(ct_instance_t inst, slong g, const fmpq_t x, slong truth)
{
    slong a = 4 * g, e = 3 * g;
    inst->eu[e] = a, inst->ev[e] = a + 1, fmpq_one(inst->ew + e);
    inst->eu[e + 1] = a, inst->ev[e + 1] = a + 2, fmpq_one(inst->ew + e + 1);
    inst->eu[e + 2] = a, inst->ev[e + 2] = a + 3, fmpq_set(inst->ew + e + 2, x);
    inst->label[a] = 0;
    inst->label[a + 1] = inst->label[a + 2] = 1;
    inst->held[a + 3] = truth;
}

void ct_shatter_delta_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k)
{
    slong G = _ct_shatter_gadgets(M, k);
    char name[64];
    snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
    ct_gen_instance_init(inst, name, 4 * G, 2, 3 * G);
    fmpq_t L, x;
    fmpq_init(L), fmpq_init(x);
    ct_shatter_delta_scale(L, c);
    for (slong g = 0; g < G; g++) {
        /* Flip g + 1 at j = (g + 1) 2^(k-1). The node goes from class 1 to
           class 0: class 1 held out is wrong after it (up), class 0 right (down). */
        shatter_delta_y_L(x, c, L, M, (g + 1) << (k - 1));
        fmpq_sub_si(x, x, 2);
        ct_shatter_put_delta_gadget(inst, g, x, g % 2 == 0 ? 1 : 0);
    }
    fmpq_clear(L), fmpq_clear(x);
}
