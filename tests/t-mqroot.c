/* Tests of mqroot: exact signs of multi-quadratic polynomials at rationals
   (against Calcium's qqbar), isolation against hand-computed zeros, the
   rational part h, double zeros, the domain ends, exact comparison (equal
   zeros of different functions, close distinct zeros, real algebraic
   numbers), decimal certificates, and random polynomials against 256-bit Arb
   sampling on a fine grid. */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <calcium/qqbar.h>
#include "certune/mqroot.h"
#include "check.h"

/* ---- independent helpers ------------------------------------------------ */

/* g += sqrt(r) (c[0] + c[1] x + ... ) */
static void add(ct_mqpoly_t g, slong r, const slong *c, slong len)
{
    fmpz_poly_t G;
    fmpz_t R;

    fmpz_poly_init(G);
    fmpz_init_set_si(R, r);
    for (slong i = 0; i < len; i++)
        fmpz_poly_set_coeff_si(G, i, c[i]);
    ct_mqpoly_add_term(g, R, G);
    fmpz_poly_clear(G);
    fmpz_clear(R);
}

/* g = a b: sqrt(r) sqrt(s) = t sqrt(r s / t^2), t = gcd(r, s) */
static void mul(ct_mqpoly_t g, const ct_mqpoly_t a, const ct_mqpoly_t b)
{
    ct_mqpoly_t p;
    fmpz_poly_t G;
    fmpz_t t, r;

    ct_mqpoly_init(p);
    fmpz_poly_init(G);
    fmpz_init(t);
    fmpz_init(r);
    for (slong k = 0; k < a->len; k++)
        for (slong l = 0; l < b->len; l++) {
            fmpz_gcd(t, a->rad + k, b->rad + l);
            fmpz_mul(r, a->rad + k, b->rad + l);
            fmpz_divexact(r, r, t);
            fmpz_divexact(r, r, t);
            fmpz_poly_mul(G, a->poly + k, b->poly + l);
            fmpz_poly_scalar_mul_fmpz(G, G, t);
            ct_mqpoly_add_term(p, r, G);
        }
    ct_mqpoly_set(g, p);
    ct_mqpoly_clear(p);
    fmpz_poly_clear(G);
    fmpz_clear(t);
    fmpz_clear(r);
}

/* g(q) by qqbar, exactly and independently of mqroot; returns its sign. The
   values G_k(q) are exact rationals; a 2048-bit ball of sum sqrt(r_k) G_k(q)
   that excludes 0 decides first (qqbar at large denominators is slow). */
static int qq_sign(const ct_mqpoly_t g, const fmpq_t q)
{
    qqbar_t s, t, v;
    fmpq_t y;
    int r;
    arb_t a, b;

    arb_init(a), arb_init(b);
    fmpq_init(y);
    for (slong k = 0; k < g->len; k++) {
        arb_sqrt_fmpz(b, g->rad + k, 2048);
        fmpz_poly_evaluate_fmpq(y, g->poly + k, q);
        arb_mul_fmpz(b, b, fmpq_numref(y), 2048);
        arb_div_fmpz(b, b, fmpq_denref(y), 2048);
        arb_add(a, a, b, 2048);
    }
    r = arb_is_positive(a) ? 1 : arb_is_negative(a) ? -1 : 2;
    arb_clear(a), arb_clear(b);
    fmpq_clear(y);
    if (r != 2)
        return r;
    qqbar_init(s), qqbar_init(t), qqbar_init(v);
    fmpq_init(y);
    for (slong k = 0; k < g->len; k++) {
        qqbar_set_fmpz(t, g->rad + k);
        qqbar_sqrt(t, t);
        fmpz_poly_evaluate_fmpq(y, g->poly + k, q);
        qqbar_set_fmpq(v, y);
        qqbar_mul(t, t, v);
        qqbar_add(s, s, t);
    }
    r = qqbar_sgn_re(s);
    qqbar_clear(s), qqbar_clear(t), qqbar_clear(v);
    fmpq_clear(y);
    return r;
}

/* sign of g(q) from a 256-bit Arb ball; 2 if it contains 0 */
static int arb_sign_at(const ct_mqpoly_t g, const fmpq_t q)
{
    arb_t x, y;
    int r = 2;

    arb_init(x), arb_init(y);
    arb_set_fmpq(x, q, 256);
    ct_mqpoly_eval_arb(y, NULL, g, x, 256);
    if (arb_is_positive(y))
        r = 1;
    else if (arb_is_negative(y))
        r = -1;
    arb_clear(x), arb_clear(y);
    return r;
}

/* Whether the certificate of r holds (by qqbar): an exact zero, or
   0 <= lo < hi <= 1 with g(lo) of sign sign_lo and g(hi) of the opposite sign. */
static int cert_ok(const ct_mqroot_t r)
{
    if (fmpq_cmp(r->lo, r->hi) == 0)
        return qq_sign(&r->fn, r->lo) == 0;
    return fmpq_sgn(r->lo) >= 0 && fmpq_cmp(r->lo, r->hi) < 0 &&
           fmpz_cmp(fmpq_numref(r->hi), fmpq_denref(r->hi)) <= 0 && r->sign_lo != 0 &&
           qq_sign(&r->fn, r->lo) == r->sign_lo && qq_sign(&r->fn, r->hi) == -r->sign_lo;
}

/* Whether lo <= x <= hi for the double x (with a margin of 1e-12) */
static int near(const ct_mqroot_t r, double x)
{
    return fmpq_get_d(r->lo) <= x + 1e-12 && fmpq_get_d(r->hi) >= x - 1e-12;
}

typedef struct {
    ct_mqroot_struct *r;
    slong n, nh;
    fmpz_poly_struct *hfac;
    slong *hexp;
    fmpq_t ulo, uhi;
    int ret;
} iso_t;

static void iso(iso_t *I, const ct_mqpoly_t g)
{
    fmpq_init(I->ulo), fmpq_init(I->uhi);
    I->ret =
        ct_mqroot_isolate(&I->r, &I->n, &I->hfac, &I->hexp, &I->nh, I->ulo, I->uhi, g);
}

static void iso_clear(iso_t *I)
{
    for (slong i = 0; i < I->n; i++)
        ct_mqroot_clear(I->r + i);
    for (slong i = 0; i < I->nh; i++)
        fmpz_poly_clear(I->hfac + i);
    flint_free(I->r), flint_free(I->hfac), flint_free(I->hexp);
    fmpq_clear(I->ulo), fmpq_clear(I->uhi);
}

/* Whether the certificates hold and the intervals increase, disjoint */
static int all_ok(const iso_t *I)
{
    for (slong i = 0; i < I->n; i++) {
        if (!cert_ok(I->r + i))
            return 0;
        if (i > 0 && fmpq_cmp(I->r[i - 1].hi, I->r[i].lo) >= 0)
            return 0;
    }
    return 1;
}

static const slong A_r[] = {0, -2}, A_s[] = {1};       /* sqrt3 - 2x */
static const slong B_r[] = {-1, 1}, B_s[] = {0, 0, 1}; /* sqrt2 x^2 + x - 1 */
static const slong C_r[] = {0, -4}, C_s[] = {1};       /* sqrt5 - 4x */

static void mkA(ct_mqpoly_t g)
{
    add(g, 1, A_r, 2), add(g, 3, A_s, 1);
}
static void mkB(ct_mqpoly_t g)
{
    add(g, 1, B_r, 2), add(g, 2, B_s, 3);
}
static void mkC(ct_mqpoly_t g)
{
    add(g, 1, C_r, 2), add(g, 5, C_s, 1);
}

static const double zA = 0.86602540378443864676; /* sqrt(3) / 2 */
static const double zC = 0.55901699437494742410; /* sqrt(5) / 4 */

/* the positive zero of sqrt2 x^2 + x - 1: (-1 + sqrt(1 + 4 sqrt2)) / (2 sqrt2) */
static double zB(void)
{
    return (-1 + sqrt(1 + 4 * sqrt(2.0))) / (2 * sqrt(2.0));
}

static void test_signs(void)
{
    ct_mqpoly_t g, u;
    fmpq_t q;
    static const slong lin[] = {-1, 2}, s2[] = {1}, x1[] = {0, 1};

    ct_mqpoly_init(g), ct_mqpoly_init(u);
    fmpq_init(q);
    /* (2x - 1)(sqrt2 + x): exactly 0 at 1/2 */
    add(u, 1, x1, 2), add(u, 2, s2, 1);
    add(g, 1, lin, 2);
    mul(g, g, u);
    fmpq_set_si(q, 1, 2);
    CHECK(ct_mqroot_sign_fmpq(g, q) == 0);
    fmpq_set_si(q, 1, 4);
    CHECK(ct_mqroot_sign_fmpq(g, q) == -1 && qq_sign(g, q) == -1);
    fmpq_set_si(q, 3, 4);
    CHECK(ct_mqroot_sign_fmpq(g, q) == 1 && qq_sign(g, q) == 1);
    /* 70 sqrt2 x - 99 x + x^5: 70 sqrt2 - 99 = -1 / (70 sqrt2 + 99) */
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    {
        static const slong r[] = {0, -99, 0, 0, 0, 1}, s[] = {0, 70};
        add(g, 1, r, 6), add(g, 2, s, 2);
    }
    fmpq_set_si(q, 1, 1000);
    CHECK(ct_mqroot_sign_fmpq(g, q) == -1 && qq_sign(g, q) == -1);
    CHECK(ct_mqroot_sign_right_of_zero(g) == -1);
    fmpq_set_si(q, 9, 10); /* 0.9 (70 sqrt2 - 99) + 0.9^5 > 0 */
    CHECK(ct_mqroot_sign_fmpq(g, q) == 1 && qq_sign(g, q) == 1);
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    mkA(g);
    CHECK(ct_mqroot_sign_right_of_zero(g) == 1);
    ct_mqpoly_clear(g), ct_mqpoly_clear(u);
    fmpq_clear(q);
}

static void test_isolate_hand(void)
{
    ct_mqpoly_t a, b, c, g;
    iso_t I;

    ct_mqpoly_init(a), ct_mqpoly_init(b), ct_mqpoly_init(c), ct_mqpoly_init(g);
    mkA(a), mkB(b), mkC(c);
    iso(&I, a);
    CHECK(I.ret == 0 && I.n == 1 && I.nh == 0 && all_ok(&I) && near(I.r, zA));
    iso_clear(&I);
    iso(&I, b);
    CHECK(I.ret == 0 && I.n == 1 && all_ok(&I) && near(I.r, zB()));
    iso_clear(&I);
    /* A B C: three zeros, two of them 4e-4 apart */
    mul(g, a, b);
    mul(g, g, c);
    iso(&I, g);
    CHECK(I.ret == 0 && I.n == 3 && I.nh == 0 && all_ok(&I));
    CHECK(I.n == 3 && near(I.r, zB()) && near(I.r + 1, zC) && near(I.r + 2, zA));
    iso_clear(&I);
    ct_mqpoly_clear(a), ct_mqpoly_clear(b), ct_mqpoly_clear(c), ct_mqpoly_clear(g);
}

/* h = (2x - 1)^e x^j (x - 1)^m times A (and A^2: a double zero not in h) */
static void test_isolate_h(void)
{
    static const slong half[] = {-1, 2}, one[] = {1}, xx[] = {0, 1}, x1[] = {-1, 1};
    ct_mqpoly_t a, g, t;
    fmpz_poly_t p;
    iso_t I;

    ct_mqpoly_init(a), ct_mqpoly_init(g), ct_mqpoly_init(t);
    fmpz_poly_init(p);
    mkA(a);
    add(t, 1, half, 2);
    mul(g, t, a);
    iso(&I, g);
    fmpz_poly_set_coeff_si(p, 0, -1), fmpz_poly_set_coeff_si(p, 1, 2);
    CHECK(I.ret == 0 && I.n == 1 && near(I.r, zA) && all_ok(&I));
    CHECK(I.nh == 1 && fmpz_poly_equal(I.hfac, p) && I.hexp[0] == 1);
    iso_clear(&I);
    mul(g, g, t); /* (2x - 1)^2 A: exact double zero in h */
    iso(&I, g);
    CHECK(I.ret == 0 && I.n == 1 && I.nh == 1 && I.hexp[0] == 2 &&
          fmpz_poly_equal(I.hfac, p));
    iso_clear(&I);
    mul(g, a, a); /* A^2: not squarefree, undecided */
    iso(&I, g);
    CHECK(I.ret == 1 && I.n == 0 && I.nh == 0 && I.r == NULL && fmpq_is_zero(I.ulo) &&
          fmpq_is_one(I.uhi));
    iso_clear(&I);
    ct_mqpoly_clear(t), ct_mqpoly_init(t); /* x^2 (x - 1) A: zeros at 0 and 1 */
    add(t, 1, xx, 2);
    mul(g, t, t);
    ct_mqpoly_clear(t), ct_mqpoly_init(t);
    add(t, 1, x1, 2);
    mul(g, g, t);
    mul(g, g, a);
    iso(&I, g);
    fmpz_poly_set_coeff_si(p, 0, -1), fmpz_poly_set_coeff_si(p, 1, 1);
    CHECK(I.ret == 0 && I.n == 1 && near(I.r, zA) && all_ok(&I));
    CHECK(I.nh == 1 && fmpz_poly_equal(I.hfac, p));
    iso_clear(&I);
    ct_mqpoly_clear(t), ct_mqpoly_init(t); /* a constant g: nothing */
    add(t, 7, one, 1);
    iso(&I, t);
    CHECK(I.ret == 0 && I.n == 0 && I.nh == 0);
    iso_clear(&I);
    ct_mqpoly_clear(a), ct_mqpoly_clear(g), ct_mqpoly_clear(t);
    fmpz_poly_clear(p);
}

/* r = the i-th zero of g in (0, 1) (isolation must succeed) */
static int zero_of(ct_mqroot_t r, const ct_mqpoly_t g, slong i)
{
    iso_t I;
    int ok;

    iso(&I, g);
    ok = I.ret == 0 && I.n > i;
    if (ok)
        ct_mqroot_set(r, I.r + i);
    iso_clear(&I);
    return ok;
}

/* g = sqrt2 c x - d (c, d given as 2^e and 2^e + 1) */
static void close_fn(ct_mqpoly_t g, slong e)
{
    fmpz_poly_t G;
    fmpz_t t, r;

    fmpz_poly_init(G), fmpz_init(t), fmpz_init(r);
    fmpz_one(t);
    fmpz_mul_2exp(t, t, e);
    fmpz_poly_set_coeff_fmpz(G, 1, t);
    fmpz_set_ui(r, 2);
    ct_mqpoly_add_term(g, r, G);
    fmpz_poly_zero(G);
    fmpz_add_ui(t, t, 1);
    fmpz_neg(t, t);
    fmpz_poly_set_coeff_fmpz(G, 0, t);
    fmpz_one(r);
    ct_mqpoly_add_term(g, r, G);
    fmpz_poly_clear(G), fmpz_clear(t), fmpz_clear(r);
}

static void test_cmp(void)
{
    static const slong x5[] = {0, 1}, s5[] = {1}, s2[] = {1}, m2[] = {0, -2};
    ct_mqpoly_t a, u, g, h;
    ct_mqroot_t ra, rb, rc;
    ct_rroot_struct *rr;
    fmpz_poly_t p;
    slong n;
    int c;

    ct_mqpoly_init(a), ct_mqpoly_init(u), ct_mqpoly_init(g), ct_mqpoly_init(h);
    ct_mqroot_init(ra), ct_mqroot_init(rb), ct_mqroot_init(rc);
    fmpz_poly_init(p);
    mkA(a);
    add(u, 1, x5, 2), add(u, 5, s5, 1);
    mul(g, a, u); /* (sqrt3 - 2x)(x + sqrt5): the same zero, another function */
    CHECK(zero_of(ra, a, 0) && zero_of(rb, g, 0));
    CHECK(!ct_mqpoly_equal(&ra->fn, &rb->fn));
    CHECK(ct_mqroot_cmp(&c, ra, rb) == 1 && c == 0);
    CHECK(ct_mqroot_cmp(&c, rb, ra) == 1 && c == 0);
    /* distinct zeros 2^-140 / sqrt2 apart: sqrt2 - 2x and 2^140 sqrt2 x - 2^140 - 1 */
    add(h, 1, m2, 2), add(h, 2, s2, 1);
    ct_mqpoly_clear(u), ct_mqpoly_init(u);
    close_fn(u, 140);
    CHECK(zero_of(ra, h, 0) && zero_of(rc, u, 0));
    CHECK(ct_mqroot_cmp(&c, ra, rc) == 1 && c == -1);
    CHECK(ct_mqroot_cmp(&c, rc, ra) == 1 && c == 1);
    /* ordered far zeros: sqrt2 / 2 < sqrt3 / 2 */
    CHECK(zero_of(ra, h, 0) && zero_of(rb, a, 0));
    CHECK(ct_mqroot_cmp(&c, ra, rb) == 1 && c == -1);
    /* same function, two copies of one zero at different widths */
    ct_mqroot_set(rc, rb);
    for (n = 0; n < 5; n++)
        ct_mqroot_bisect(rc);
    CHECK(ct_mqroot_cmp(&c, rb, rc) == 1 && c == 0);
    /* against rroots: 4x^2 - 3 (sqrt3 / 2) and 2x^2 - 1 (sqrt2 / 2) */
    fmpz_poly_set_coeff_si(p, 0, -3), fmpz_poly_set_coeff_si(p, 2, 4);
    n = ct_rroot_isolate_positive(&rr, p);
    CHECK(n == 1);
    CHECK(zero_of(rb, g, 0) && ct_mqroot_cmp_rroot(&c, rb, rr) == 1 && c == 0);
    CHECK(zero_of(ra, h, 0) && ct_mqroot_cmp_rroot(&c, ra, rr) == 1 && c == -1);
    ct_rroot_clear(rr), flint_free(rr);
    fmpz_poly_set_coeff_si(p, 0, -1), fmpz_poly_set_coeff_si(p, 2, 2);
    n = ct_rroot_isolate_positive(&rr, p);
    CHECK(n == 1 && zero_of(rb, a, 0) && ct_mqroot_cmp_rroot(&c, rb, rr) == 1 && c == 1);
    CHECK(zero_of(ra, h, 0) && ct_mqroot_cmp_rroot(&c, ra, rr) == 1 && c == 0);
    ct_rroot_clear(rr), flint_free(rr);
    /* rationals */
    {
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, 866, 1000);
        CHECK(zero_of(rb, a, 0) && ct_mqroot_cmp_fmpq(rb, q) == 1);
        fmpq_set_si(q, 867, 1000);
        CHECK(ct_mqroot_cmp_fmpq(rb, q) == -1);
        fmpq_clear(q);
    }
    ct_mqpoly_clear(a), ct_mqpoly_clear(u), ct_mqpoly_clear(g), ct_mqpoly_clear(h);
    ct_mqroot_clear(ra), ct_mqroot_clear(rb), ct_mqroot_clear(rc);
    fmpz_poly_clear(p);
}

/* (2x^2 - 1)(sqrt2 - 2x): the zero of g / h is an irrational zero of h */
static void test_h_coincide(void)
{
    static const slong h2[] = {-1, 0, 2}, m2[] = {0, -2}, s2[] = {1};
    ct_mqpoly_t g, t;
    ct_rroot_struct *rr;
    iso_t I;
    slong n = 0;
    int c;

    ct_mqpoly_init(g), ct_mqpoly_init(t);
    add(g, 1, h2, 3);
    add(t, 1, m2, 2), add(t, 2, s2, 1);
    mul(g, g, t);
    iso(&I, g);
    CHECK(I.ret == 0 && I.n == 1 && I.nh == 1 && I.hexp[0] == 1 && all_ok(&I));
    if (I.nh == 1)
        n = ct_rroot_isolate_positive(&rr, I.hfac);
    CHECK(n == 1);
    if (n == 1 && I.n == 1)
        CHECK(ct_mqroot_cmp_rroot(&c, I.r, rr) == 1 && c == 0);
    if (n >= 1)
        ct_rroot_clear(rr), flint_free(rr);
    iso_clear(&I);
    ct_mqpoly_clear(g), ct_mqpoly_clear(t);
}

static void test_strs(void)
{
    ct_mqpoly_t a;
    ct_mqroot_t r;
    char *ap, *lo, *hi;

    ct_mqpoly_init(a), ct_mqroot_init(r);
    mkA(a);
    CHECK(zero_of(r, a, 0));
    ct_mqroot_get_strs(&ap, &lo, &hi, r, 10);
    CHECK_MSG(strcmp(ap, "0.8660254038") == 0, "%s", ap);
    CHECK_MSG(atof(lo) <= zA && zA <= atof(hi) && atof(hi) - atof(lo) < 1e-9, "%s %s", lo,
              hi);
    CHECK(cert_ok(r));
    free(ap), free(lo), free(hi);
    ct_mqpoly_clear(a), ct_mqroot_clear(r);
}

/* ---- random polynomials -------------------------------------------------- */

static void rand_mq(ct_mqpoly_t g, flint_rand_t st)
{
    static const slong rads[] = {1, 2, 3, 5, 6, 7, 10, 15};
    slong ncl = 1 + n_randint(st, 3), c[9];

    for (slong k = 0; k < ncl; k++) {
        slong d = 1 + n_randint(st, 8);
        for (slong i = 0; i <= d; i++)
            c[i] = (slong)n_randint(st, 41) - 20;
        add(g, rads[n_randint(st, 8)], c, d + 1);
    }
    if (n_randint(st, 2) == 0) { /* times sqrt(r) a - b x, zero in (0, 1) */
        ct_mqpoly_t t;
        slong r = rads[1 + n_randint(st, 7)], a = 1 + n_randint(st, 4);
        slong bx[2] = {0, -(slong)ceil(sqrt((double)r) * a) - (slong)n_randint(st, 3)};
        ct_mqpoly_init(t);
        add(t, 1, bx, 2), add(t, r, &a, 1);
        mul(g, g, t);
        ct_mqpoly_clear(t);
    }
    if (n_randint(st, 4) == 0) { /* a rational factor b x - a, a < b */
        ct_mqpoly_t t;
        slong b = 2 + n_randint(st, 5), l[2];
        l[0] = -(slong)(1 + n_randint(st, b - 1));
        l[1] = b;
        ct_mqpoly_init(t);
        add(t, 1, l, 2);
        mul(g, g, t);
        if (n_randint(st, 2))
            mul(g, g, t);
        ct_mqpoly_clear(t);
    }
}

/* Whether [a, b] meets a certified zero of g: an mq zero or an odd-multiplicity
   zero of the rational part. */
static int has_zero(const iso_t *I, const fmpq_t a, const fmpq_t b)
{
    for (slong i = 0; i < I->n; i++)
        if (fmpq_cmp(I->r[i].lo, b) <= 0 && fmpq_cmp(I->r[i].hi, a) >= 0)
            return 1;
    for (slong i = 0; i < I->nh; i++) {
        ct_rroot_struct *rr;
        slong n = I->hexp[i] % 2 ? ct_rroot_isolate_positive(&rr, I->hfac + i) : 0;
        int hit = 0;
        for (slong j = 0; j < n; j++) {
            hit |= ct_rroot_cmp_fmpq(rr + j, a) >= 0 && ct_rroot_cmp_fmpq(rr + j, b) <= 0;
            ct_rroot_clear(rr + j);
        }
        if (n > 0)
            flint_free(rr);
        if (hit)
            return 1;
    }
    return 0;
}

/* Every interval holds a 256-bit sign change; no sign change on the grid
   j / 1024 is missed. */
static int grid_ok(const iso_t *I, const ct_mqpoly_t g)
{
    fmpq_t q, last;
    int s, ls = 0, ok = 1;

    for (slong i = 0; i < I->n; i++)
        if (fmpq_cmp(I->r[i].lo, I->r[i].hi) != 0)
            ok &= arb_sign_at(g, I->r[i].lo) * arb_sign_at(g, I->r[i].hi) == -1 ||
                  I->nh > 0; /* a zero of h at an end is possible */
    fmpq_init(q), fmpq_init(last);
    for (slong j = 1; j < 1024 && ok; j++) {
        fmpq_set_si(q, j, 1024);
        s = arb_sign_at(g, q);
        if (s == 2)
            continue;
        if (ls != 0 && s != ls)
            ok &= has_zero(I, last, q);
        ls = s;
        fmpq_set(last, q);
    }
    fmpq_clear(q), fmpq_clear(last);
    return ok;
}

static void test_random(void)
{
    flint_rand_t st;
    slong und = 0, zeros = 0, it;

    flint_randinit(st);
    for (it = 0; it < 300; it++) {
        ct_mqpoly_t g;
        iso_t I;
        ct_mqpoly_init(g);
        rand_mq(g, st);
        if (ct_mqpoly_is_zero(g)) {
            ct_mqpoly_clear(g);
            continue;
        }
        iso(&I, g);
        if (I.ret == 1) {
            und++;
        } else {
            zeros += I.n;
            CHECK_MSG(all_ok(&I) && grid_ok(&I, g), "iteration %ld", (long)it);
        }
        iso_clear(&I);
        ct_mqpoly_clear(g);
    }
    CHECK_MSG(und <= 3 && zeros >= 200, "undecided %ld zeros %ld", (long)und,
              (long)zeros);
    flint_randclear(st);
}

int main(void)
{
    test_signs();
    test_isolate_hand();
    test_isolate_h();
    test_cmp();
    test_h_coincide();
    test_strs();
    test_random();
    flint_cleanup();
    return check_finish("t-mqroot");
}
