/* Tests of mqroot_ball: the Descartes bisection in Arb balls against the exact
   tree (mqroot_tree.c) on random multi-quadratic polynomials with coprime
   components (same number of zeros, each pair of zeros proved equal by the
   exact comparison, certificates checked by exact signs at the ends), the
   give-up path at a precision too low to decide, and ct_mqroot_zero_free on
   hand cases and against the exact isolation. */
#include <stdlib.h>
#include "../src/mqroot/mqroot_internal.h"
#include "check.h"

/* g += sqrt(r) (c[0] + c[1] x + ... ) */
static void add(ct_mqpoly_t g, slong r, const slong *c, slong len)
{
    fmpz_t rad;
    fmpz_poly_t p;
    fmpz_init_set_si(rad, r);
    fmpz_poly_init(p);
    for (slong i = 0; i < len; i++)
        fmpz_poly_set_coeff_si(p, i, c[i]);
    ct_mqpoly_add_term(g, rad, p);
    fmpz_clear(rad), fmpz_poly_clear(p);
}

/* Random f with two or three square classes, coprime components and f(0) != 0
   (so no rational zero), often with zeros in (0, 1); 0 when the draw fails. */
static int rand_coprime(ct_mqpoly_t f, flint_rand_t st)
{
    static const slong rads[] = {1, 2, 3, 5, 6, 7, 10, 15};
    slong ncl = 2 + n_randint(st, 2), c[13], first = n_randint(st, 8);
    for (slong k = 0; k < ncl; k++) {
        slong d = 1 + n_randint(st, 12);
        for (slong i = 0; i <= d; i++)
            c[i] = (slong)n_randint(st, 41) - 20;
        add(f, rads[(first + 3 * k) % 8], c, d + 1);
    }
    if (f->len < 2)
        return 0;
    fmpz_poly_t h;
    fmpz_poly_init(h);
    for (slong k = 0; k < f->len; k++)
        fmpz_poly_gcd(h, h, f->poly + k);
    int ok = fmpz_poly_degree(h) == 0 && _ct_mqroot_low_order(f) == 0 &&
             ct_mqpoly_degree(f) >= 1;
    fmpz_poly_clear(h);
    if (ok)
        ct_mqpoly_normalize(f);
    return ok;
}

/* The certificate of r holds by exact signs: fn(lo) = sign_lo, fn(hi) = -sign_lo. */
static int cert_ok(const ct_mqroot_t r)
{
    return fmpq_cmp(r->lo, r->hi) < 0 &&
           ct_mqroot_sign_fmpq(&r->fn, r->lo) == r->sign_lo &&
           ct_mqroot_sign_fmpq(&r->fn, r->hi) == -r->sign_lo && r->sign_lo != 0;
}

static void roots_clear(ct_mqroot_struct *r, slong n)
{
    for (slong i = 0; i < n; i++)
        ct_mqroot_clear(r + i);
    flint_free(r);
}

/* Same zeros as the exact tree: returns 1 when they agree. */
static int same_zeros(ct_mqroot_struct *a, slong na, ct_mqroot_struct *b, slong nb)
{
    if (na != nb)
        return 0;
    for (slong i = 0; i < na; i++) {
        int cmp;
        if (!cert_ok(a + i) || !ct_mqroot_cmp(&cmp, a + i, b + i) || cmp != 0)
            return 0;
    }
    return 1;
}

static void test_ball_vs_exact(void)
{
    flint_rand_t st;
    slong tried = 0, zeros = 0, gave_up = 0;
    flint_randinit(st);
    for (slong it = 0; it < 400; it++) {
        ct_mqpoly_t f;
        ct_mqpoly_init(f);
        if (rand_coprime(f, st)) {
            ct_mqroot_struct *re, *rb, *rl;
            slong ne = _ct_mqroot_isolate_sqfree(&re, f, 80);
            slong nb = _ct_mqroot_isolate_ball(&rb, f, 80, 192);
            slong nl = _ct_mqroot_isolate_ball(&rl, f, 80, 5);
            tried++;
            if (ne >= 0) {
                zeros += ne;
                CHECK_MSG(nb >= 0 && same_zeros(rb, nb, re, ne),
                          "iteration %ld: %ld vs %ld", (long)it, (long)nb, (long)ne);
                CHECK_MSG(nl == -2 || same_zeros(rl, nl, re, ne),
                          "iteration %ld (5 bits)", (long)it);
                gave_up += nl == -2;
            }
            if (ne > 0)
                roots_clear(re, ne);
            if (nb > 0)
                roots_clear(rb, nb);
            if (nl > 0)
                roots_clear(rl, nl);
        }
        ct_mqpoly_clear(f);
    }
    CHECK_MSG(tried >= 100 && zeros >= 100 && gave_up >= 10,
              "tried %ld zeros %ld gave up at 5 bits %ld", (long)tried, (long)zeros,
              (long)gave_up);
    flint_randclear(st);
}

/* Hand cases: sqrt(2) + x and x (sqrt(2) + x) are zero-free on (0, 1);
   sqrt(3) - 2x (zero sqrt(3)/2), (2x - 1)^2 (double zero 1/2) and
   sqrt(2) x - 1 (zero at 1/sqrt(2)) are not. */
static void test_zero_free_hand(void)
{
    static const slong one[] = {1}, x1[] = {0, 1}, x2[] = {0, 0, 1}, sq[] = {1, -4, 4};
    static const slong m2[] = {0, -2}, m1[] = {-1};
    ct_mqpoly_t g;
    ct_mqpoly_init(g);
    add(g, 2, one, 1), add(g, 1, x1, 2);
    CHECK(ct_mqroot_zero_free(g) == 1);
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    add(g, 2, x1, 2), add(g, 1, x2, 3);
    CHECK(ct_mqroot_zero_free(g) == 1);
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    add(g, 3, one, 1), add(g, 1, m2, 2);
    CHECK(ct_mqroot_zero_free(g) == 0);
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    add(g, 1, sq, 3);
    CHECK(ct_mqroot_zero_free(g) == 0);
    ct_mqpoly_clear(g), ct_mqpoly_init(g);
    add(g, 2, x1, 2), add(g, 1, m1, 1);
    CHECK(ct_mqroot_zero_free(g) == 0);
    ct_mqpoly_clear(g);
}

/* The number of zeros in (0, 1) of the squarefree integer polynomial q. */
static slong rat_zeros01(const fmpz_poly_t q)
{
    fmpz_poly_t r;
    fmpz_poly_init(r);
    slong k = 0, n = 0;
    while (k < q->length && fmpz_is_zero(q->coeffs + k))
        k++;
    fmpz_poly_shift_right(r, q, k);
    if (fmpz_poly_degree(r) >= 1) {
        ct_rroot_struct *rr;
        fmpq_t one;
        fmpq_init(one);
        fmpq_one(one);
        slong m = ct_rroot_isolate_positive(&rr, r);
        for (slong j = 0; j < m; j++) {
            n += ct_rroot_cmp_fmpq(rr + j, one) < 0;
            ct_rroot_clear(rr + j);
        }
        if (m > 0)
            flint_free(rr);
        fmpq_clear(one);
    }
    fmpz_poly_clear(r);
    return n;
}

/* Random g (any components, some with a rational factor): zero_free(g) = 1
   implies the exact isolation finds no zero in (0, 1). */
static void test_zero_free_random(void)
{
    flint_rand_t st;
    slong proved = 0, with_zero = 0;
    flint_randinit(st);
    for (slong it = 0; it < 300; it++) {
        ct_mqpoly_t g;
        ct_mqpoly_init(g);
        rand_coprime(g, st);
        if (n_randint(st, 3) == 0) { /* a rational factor 7 x - a, a zero a/7 */
            fmpz_poly_t t;
            fmpz_poly_init(t);
            fmpz_poly_set_coeff_si(t, 0, -(slong)(1 + n_randint(st, 6)));
            fmpz_poly_set_coeff_si(t, 1, 7);
            for (slong k = 0; k < g->len; k++)
                fmpz_poly_mul(g->poly + k, g->poly + k, t);
            fmpz_poly_clear(t);
        }
        if (!ct_mqpoly_is_zero(g)) {
            ct_mqroot_struct *r;
            fmpz_poly_struct *hfac;
            slong n, nh, *hexp, nz = 0;
            fmpq_t lo, hi;
            fmpq_init(lo), fmpq_init(hi);
            if (ct_mqroot_isolate(&r, &n, &hfac, &hexp, &nh, lo, hi, g) == 0) {
                nz = n;
                for (slong j = 0; j < nh; j++) {
                    nz += rat_zeros01(hfac + j);
                    fmpz_poly_clear(hfac + j);
                }
                for (slong j = 0; j < n; j++)
                    ct_mqroot_clear(r + j);
                flint_free(r), flint_free(hfac), flint_free(hexp);
                int zf = ct_mqroot_zero_free(g);
                CHECK_MSG(!zf || nz == 0, "iteration %ld: zero-free with %ld zeros",
                          (long)it, (long)nz);
                proved += zf;
                with_zero += nz > 0;
            }
            fmpq_clear(lo), fmpq_clear(hi);
        }
        ct_mqpoly_clear(g);
    }
    CHECK_MSG(proved >= 30 && with_zero >= 30, "proved %ld with zeros %ld", (long)proved,
              (long)with_zero);
    flint_randclear(st);
}

int main(void)
{
    test_ball_vs_exact();
    test_zero_free_hand();
    test_zero_free_random();
    flint_cleanup();
    return check_finish("t-mqroot-ball");
}
