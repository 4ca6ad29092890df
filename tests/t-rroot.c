/* Tests of roots: isolation against FLINT's Sturm count and Arb's complex
   roots, known roots, exact comparison, signs, decimal strings. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>
#include <acb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "check.h"

/* ---- independent helpers ------------------------------------------------ */

static int sign_at(const fmpz_poly_t f, const fmpq_t x)
{
    fmpq_t y;
    int s;

    fmpq_init(y);
    fmpz_poly_evaluate_fmpq(y, f, x);
    s = fmpq_sgn(y);
    fmpq_clear(y);
    return s;
}

static int is_dyadic(const fmpq_t x)
{
    return fmpz_val2(fmpq_denref(x)) + 1 == fmpz_bits(fmpq_denref(x));
}

/* Positive roots of f (squarefree) by Sturm sequences. */
static slong count_sturm(const fmpz_poly_t f)
{
    fmpz_poly_t g;
    slong v = 0, neg = 0, pos = 0;

    fmpz_poly_init(g);
    while (v < f->length && fmpz_is_zero(f->coeffs + v))
        v++;
    fmpz_poly_shift_right(g, f, v);
    if (g->length > 1)
        _fmpz_poly_num_real_roots_sturm(&neg, &pos, g->coeffs, g->length);
    fmpz_poly_clear(g);
    return pos;
}

/* Positive real roots of f (squarefree) among Arb's certified complex roots:
   real roots come with an exactly zero imaginary part. */
static slong count_arb(const fmpz_poly_t f)
{
    slong d = fmpz_poly_degree(f), i, n = 0;
    acb_ptr z;

    if (d < 1)
        return 0;
    z = _acb_vec_init(d);
    arb_fmpz_poly_complex_roots(z, f, 0, 128);
    for (i = 0; i < d; i++)
        if (arb_is_zero(acb_imagref(z + i)) && arb_is_positive(acb_realref(z + i)))
            n++;
    _acb_vec_clear(z, d);
    return n;
}

/* Checks the contract of an isolation of f and the two independent counts. */
static void check_isolation(const fmpz_poly_t f, ct_rroot_struct *r, slong n)
{
    slong i;
    int slo, shi;

    CHECK_MSG(n == count_sturm(f), "n = %ld, sturm %ld", (long)n, (long)count_sturm(f));
    CHECK_MSG(n == count_arb(f), "n = %ld, arb %ld", (long)n, (long)count_arb(f));
    for (i = 0; i < n; i++) {
        CHECK(fmpz_poly_equal(r[i].poly, f));
        CHECK(fmpq_sgn(r[i].lo) > 0);
        CHECK(fmpq_cmp(r[i].lo, r[i].hi) <= 0);
        CHECK(is_dyadic(r[i].lo) || fmpq_equal(r[i].lo, r[i].hi));
        CHECK(is_dyadic(r[i].hi) || fmpq_equal(r[i].lo, r[i].hi));
        if (i + 1 < n)
            CHECK(fmpq_cmp(r[i].hi, r[i + 1].lo) < 0);
        slo = sign_at(f, r[i].lo);
        shi = sign_at(f, r[i].hi);
        if (fmpq_equal(r[i].lo, r[i].hi)) {
            CHECK(slo == 0);
        } else {
            CHECK(slo != 0 && shi == -slo);
            CHECK(r[i].sign_lo == slo);
        }
    }
}

static slong isolate_checked(ct_rroot_struct **r, const fmpz_poly_t f)
{
    slong n = ct_rroot_isolate_positive(r, f);
    check_isolation(f, *r, n);
    return n;
}

static void free_roots(ct_rroot_struct *r, slong n)
{
    slong i;

    for (i = 0; i < n; i++)
        ct_rroot_clear(r + i);
    flint_free(r);
}

/* sign of x - (p + s sqrt(n)), exactly (s = +-1, n >= 0) */
static int cmp_quad(const fmpq_t x, const fmpq_t p, int s, const fmpz_t n)
{
    fmpq_t t;
    int c;

    fmpq_init(t);
    fmpq_sub(t, x, p);
    if (s > 0 && fmpq_sgn(t) <= 0) {
        c = fmpq_sgn(t) < 0 || !fmpz_is_zero(n) ? -1 : 0;
    } else if (s < 0 && fmpq_sgn(t) >= 0) {
        c = fmpq_sgn(t) > 0 || !fmpz_is_zero(n) ? 1 : 0;
    } else {
        int neg = fmpq_sgn(t) < 0;
        fmpq_mul(t, t, t);
        c = fmpq_cmp_fmpz(t, n);
        c = c > 0 ? 1 : c < 0 ? -1 : 0;
        if (neg)
            c = -c;
    }
    fmpq_clear(t);
    return c;
}

static int holds_quad(const ct_rroot_t r, const fmpq_t p, int s, const fmpz_t n)
{
    return cmp_quad(r->lo, p, s, n) <= 0 && cmp_quad(r->hi, p, s, n) >= 0;
}

/* ---- random products with known roots ----------------------------------- */

/* A known root p + s sqrt(n) with its irreducible factor. */
typedef struct {
    fmpq_t p;
    fmpz_t n;
    int s;
    slong factor;
} known_struct;

typedef struct {
    fmpz_poly_struct fac[12];
    slong nfac;
    known_struct kn[24];
    slong nkn;
} product_struct;

static void randq(fmpq_t x, flint_rand_t st, slong bits, int allow_neg)
{
    fmpz_t a, b;

    fmpz_init(a);
    fmpz_init(b);
    fmpz_randbits(a, st, 1 + n_randint(st, bits));
    fmpz_randbits(b, st, 1 + n_randint(st, bits));
    fmpz_abs(a, a);
    fmpz_abs(b, b);
    if (fmpz_is_zero(a))
        fmpz_one(a);
    if (fmpz_is_zero(b))
        fmpz_one(b);
    if (allow_neg && n_randint(st, 3) == 0)
        fmpz_neg(a, a);
    fmpq_set_fmpz_frac(x, a, b);
    fmpz_clear(a);
    fmpz_clear(b);
}

static void product_init(product_struct *P)
{
    slong i;

    for (i = 0; i < 12; i++)
        fmpz_poly_init(P->fac + i);
    for (i = 0; i < 24; i++) {
        fmpq_init(P->kn[i].p);
        fmpz_init(P->kn[i].n);
    }
    P->nfac = P->nkn = 0;
}

static void product_clear(product_struct *P)
{
    slong i;

    for (i = 0; i < 12; i++)
        fmpz_poly_clear(P->fac + i);
    for (i = 0; i < 24; i++) {
        fmpq_clear(P->kn[i].p);
        fmpz_clear(P->kn[i].n);
    }
}

static void add_linear(product_struct *P, const fmpq_t x)
{
    fmpz_poly_struct *g = P->fac + P->nfac;
    known_struct *k = P->kn + P->nkn++;

    fmpz_poly_zero(g);
    fmpz_poly_set_coeff_fmpz(g, 1, fmpq_denref(x));
    fmpz_neg(fmpq_numref(k->p), fmpq_numref(x));
    fmpz_poly_set_coeff_fmpz(g, 0, fmpq_numref(k->p));
    fmpq_set(k->p, x);
    fmpz_zero(k->n);
    k->s = 1;
    k->factor = P->nfac++;
}

/* (x - c)^2 - n times den(c)^2, primitive: roots c +- sqrt(n), n no square */
static void add_quadratic(product_struct *P, const fmpq_t c, const fmpz_t n)
{
    fmpz_poly_struct *g = P->fac + P->nfac;
    fmpz_t t;
    int s;

    fmpz_init(t);
    fmpz_poly_zero(g);
    fmpz_mul(t, fmpq_denref(c), fmpq_denref(c));
    fmpz_poly_set_coeff_fmpz(g, 2, t);
    fmpz_mul(t, fmpq_numref(c), fmpq_denref(c));
    fmpz_mul_si(t, t, -2);
    fmpz_poly_set_coeff_fmpz(g, 1, t);
    fmpz_mul(t, fmpq_denref(c), fmpq_denref(c));
    fmpz_mul(t, t, n);
    fmpz_submul(t, fmpq_numref(c), fmpq_numref(c));
    fmpz_neg(t, t);
    fmpz_poly_set_coeff_fmpz(g, 0, t);
    fmpz_poly_primitive_part(g, g);
    for (s = 1; s >= -1; s -= 2) {
        known_struct *k = P->kn + P->nkn++;
        fmpq_set(k->p, c);
        fmpz_set(k->n, n);
        k->s = s;
        k->factor = P->nfac;
    }
    P->nfac++;
    fmpz_clear(t);
}

static void product_poly(fmpz_poly_t f, const product_struct *P)
{
    slong i;

    fmpz_poly_one(f);
    for (i = 0; i < P->nfac; i++)
        fmpz_poly_mul(f, f, P->fac + i);
    if (fmpz_sgn(fmpz_poly_lead(f)) < 0)
        fmpz_poly_neg(f, f);
}

/* Value of a known root as a ball (independent of the code under test). */
static void known_arb(arb_t v, const known_struct *k, slong prec)
{
    arb_t t;

    arb_init(t);
    arb_set_fmpq(v, k->p, prec);
    arb_set_fmpz(t, k->n);
    arb_sqrt(t, t, prec);
    if (k->s > 0)
        arb_add(v, v, t, prec);
    else
        arb_sub(v, v, t, prec);
    arb_clear(t);
}

static int known_positive(const known_struct *k)
{
    arb_t v;
    int pos;

    arb_init(v);
    known_arb(v, k, 2048);
    pos = arb_is_positive(v);
    arb_clear(v);
    return pos;
}

static int holds_known(const ct_rroot_t r, const known_struct *k)
{
    return holds_quad(r, k->p, k->s, k->n);
}

/* Isolates the product, checks counts and that every positive known root is
   in exactly one interval and every interval holds exactly one of them. */
static void check_product(const product_struct *P)
{
    fmpz_poly_t f;
    ct_rroot_struct *r;
    slong n, i, j, npos = 0, hits;

    fmpz_poly_init(f);
    product_poly(f, P);
    if (!fmpz_poly_is_squarefree(f)) {
        fmpz_poly_clear(f);
        return;
    }
    n = isolate_checked(&r, f);
    for (j = 0; j < P->nkn; j++) {
        if (!known_positive(P->kn + j))
            continue;
        npos++;
        hits = 0;
        for (i = 0; i < n; i++)
            hits += holds_known(r + i, P->kn + j);
        CHECK(hits == 1);
    }
    CHECK_MSG(n == npos, "n = %ld, known %ld", (long)n, (long)npos);
    for (i = 0; i < n; i++) {
        hits = 0;
        for (j = 0; j < P->nkn; j++)
            hits += known_positive(P->kn + j) && holds_known(r + i, P->kn + j);
        CHECK(hits == 1);
    }
    free_roots(r, n);
    fmpz_poly_clear(f);
}

/* Isolates each irreducible factor alone and compares random pairs of their
   roots with ct_rroot_cmp against high-precision balls of the known values. */
static void check_cmp_factors(const product_struct *P, flint_rand_t st)
{
    ct_rroot_struct *rs[12];
    slong nr[12], i, j, t, a, b, ia, ib;
    const known_struct *ka, *kb;
    arb_t va, vb;
    int want, got;

    arb_init(va);
    arb_init(vb);
    for (i = 0; i < P->nfac; i++)
        nr[i] = ct_rroot_isolate_positive(&rs[i], P->fac + i);
    for (t = 0; t < 20; t++) {
        a = n_randint(st, P->nfac);
        b = n_randint(st, P->nfac);
        if (nr[a] == 0 || nr[b] == 0)
            continue;
        ia = n_randint(st, nr[a]);
        ib = n_randint(st, nr[b]);
        /* the known root behind each: the positive one in its interval */
        ka = kb = NULL;
        for (j = 0; j < P->nkn; j++) {
            if (P->kn[j].factor == a && known_positive(P->kn + j) &&
                holds_known(rs[a] + ia, P->kn + j))
                ka = P->kn + j;
            if (P->kn[j].factor == b && known_positive(P->kn + j) &&
                holds_known(rs[b] + ib, P->kn + j))
                kb = P->kn + j;
        }
        CHECK(ka != NULL && kb != NULL);
        if (ka == NULL || kb == NULL)
            continue;
        if (ka == kb) {
            want = 0;
        } else {
            known_arb(va, ka, 4096);
            known_arb(vb, kb, 4096);
            arb_sub(va, va, vb, 4096);
            if (!arb_is_positive(va) && !arb_is_negative(va))
                continue;
            want = arb_is_positive(va) ? 1 : -1;
        }
        got = ct_rroot_cmp(rs[a] + ia, rs[b] + ib);
        CHECK_MSG(got == want, "cmp got %d want %d", got, want);
        CHECK(ct_rroot_cmp(rs[b] + ib, rs[a] + ia) == -want);
    }
    for (i = 0; i < P->nfac; i++)
        free_roots(rs[i], nr[i]);
    arb_clear(va);
    arb_clear(vb);
}

static void random_product(product_struct *P, flint_rand_t st, slong bits)
{
    slong i, nf = 1 + n_randint(st, 6);
    fmpq_t c;
    fmpz_t n;

    fmpq_init(c);
    fmpz_init(n);
    P->nfac = P->nkn = 0;
    for (i = 0; i < nf; i++) {
        randq(c, st, bits, 1);
        if (n_randint(st, 2)) {
            add_linear(P, c);
        } else {
            do {
                fmpz_randbits(n, st, 1 + n_randint(st, bits));
                fmpz_abs(n, n);
            } while (fmpz_is_zero(n) || fmpz_is_square(n));
            add_quadratic(P, c, n);
        }
    }
    fmpq_clear(c);
    fmpz_clear(n);
}

static void test_random_products(flint_rand_t st)
{
    product_struct P;
    slong it;

    product_init(&P);
    for (it = 0; it < 300; it++) {
        random_product(&P, st, it < 150 ? 8 : 120);
        check_product(&P);
        if (it % 3 == 0)
            check_cmp_factors(&P, st);
    }
    product_clear(&P);
}

/* Roots a and a + 2^-60, both from linear factors, plus neighbours. */
static void test_close_roots(flint_rand_t st)
{
    product_struct P;
    fmpq_t a, b;
    fmpz_t n;
    slong it;

    product_init(&P);
    fmpq_init(a);
    fmpq_init(b);
    fmpz_init(n);
    for (it = 0; it < 40; it++) {
        P.nfac = P.nkn = 0;
        randq(a, st, 30, 0);
        add_linear(&P, a);
        fmpq_one(b);
        fmpq_div_2exp(b, b, 60 + n_randint(st, 100));
        fmpq_add(b, a, b);
        add_linear(&P, b);
        /* and sqrt(m) next to the root of 2^k x^2 - (2^k m + 1) */
        fmpz_set_ui(n, 2 + n_randint(st, 50));
        if (!fmpz_is_square(n)) {
            fmpq_zero(b);
            add_quadratic(&P, b, n);
        }
        check_product(&P);
        check_cmp_factors(&P, st);
    }
    product_clear(&P);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpz_clear(n);
}

static void test_random_dense(flint_rand_t st)
{
    fmpz_poly_t f;
    ct_rroot_struct *r;
    slong it, n;

    fmpz_poly_init(f);
    for (it = 0; it < 300; it++) {
        do {
            slong len = 2 + n_randint(st, it < 200 ? 20 : 60);
            slong bits = 1 + n_randint(st, it < 100 ? 10 : 300);
            fmpz_poly_randtest(f, st, len, bits);
            if (n_randint(st, 4) == 0)
                fmpz_poly_shift_left(f, f, 1); /* the root 0 is not positive */
        } while (f->length < 2 || !fmpz_poly_is_squarefree(f));
        fmpz_poly_primitive_part(f, f);
        if (fmpz_sgn(fmpz_poly_lead(f)) < 0)
            fmpz_poly_neg(f, f);
        n = isolate_checked(&r, f);
        free_roots(r, n);
    }
    fmpz_poly_clear(f);
}

/* ---- hand cases ----------------------------------------------------------- */

static void poly_from_str(fmpz_poly_t f, const char *s)
{
    CHECK(fmpz_poly_set_str(f, s) == 0);
}

/* Tiny (1e-30) and huge (1e30) roots next to ordinary ones. */
static void test_extreme_scales(void)
{
    product_struct P;
    fmpq_t c;
    fmpz_t t, n;

    product_init(&P);
    fmpq_init(c);
    fmpz_init(t);
    fmpz_init(n);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, 30);
    fmpq_set_fmpz_frac(c, (fmpz_t){1}, t);
    add_linear(&P, c); /* 1e-30 */
    fmpz_set_ui(n, 3);
    fmpq_set_fmpz_frac(c, n, t);
    add_linear(&P, c); /* 3e-30 */
    fmpq_set_fmpz(c, t);
    add_linear(&P, c); /* 1e30 */
    fmpz_add_ui(n, t, 1);
    fmpq_set_fmpz(c, n);
    add_linear(&P, c); /* 1e30 + 1 */
    fmpz_mul(n, t, t);
    fmpz_mul_ui(n, n, 2);
    fmpq_zero(c);
    add_quadratic(&P, c, n); /* +- sqrt(2) 1e30 */
    fmpz_set_ui(n, 2);
    add_quadratic(&P, c, n);
    check_product(&P);
    product_clear(&P);
    fmpq_clear(c);
    fmpz_clear(t);
    fmpz_clear(n);
}

static void test_cmp_hand(void)
{
    fmpz_poly_t f, g, h;
    ct_rroot_struct *a, *b, *c, *e;
    slong na, nb, nc, ne, i;

    fmpz_poly_init(f);
    fmpz_poly_init(g);
    fmpz_poly_init(h);
    poly_from_str(f, "3  -2 0 1");
    na = ct_rroot_isolate_positive(&a, f);
    nb = ct_rroot_isolate_positive(&b, f);
    CHECK(na == 1 && nb == 1);
    CHECK(ct_rroot_cmp(a, b) == 0);
    for (i = 0; i < 7; i++)
        ct_rroot_bisect(b);
    CHECK(ct_rroot_cmp(a, b) == 0);
    CHECK(ct_rroot_cmp(b, a) == 0);
    /* 665857/470832 is a convergent of sqrt(2), slightly above it */
    poly_from_str(g, "2  -665857 470832");
    nc = ct_rroot_isolate_positive(&c, g);
    CHECK(nc == 1 && fmpq_equal(c->lo, c->hi));
    CHECK(ct_rroot_cmp(a, c) == -1);
    CHECK(ct_rroot_cmp(c, b) == 1);
    {
        fmpq_t q, lo, hi;
        fmpq_init(q);
        fmpq_init(lo);
        fmpq_init(hi);
        fmpq_set(lo, a->lo);
        fmpq_set(hi, a->hi);
        CHECK(ct_rroot_cmp_fmpq(a, c->lo) == -1);
        fmpq_set_si(q, 1, 1);
        CHECK(ct_rroot_cmp_fmpq(a, q) == 1);
        fmpq_set_si(q, 3, 2);
        CHECK(ct_rroot_cmp_fmpq(a, q) == -1);
        fmpq_set_si(q, 470832, 332929); /* just below sqrt(2) */
        CHECK(ct_rroot_cmp_fmpq(a, q) == 1);
        CHECK(fmpq_equal(lo, a->lo) && fmpq_equal(hi, a->hi));
        CHECK(ct_rroot_cmp_fmpq(c, c->lo) == 0);
        fmpq_set(q, a->lo);
        CHECK(ct_rroot_cmp_fmpq(a, q) == 1);
        fmpq_set(q, a->hi);
        CHECK(ct_rroot_cmp_fmpq(a, q) == -1);
        fmpq_clear(q);
        fmpq_clear(lo);
        fmpq_clear(hi);
    }
    /* sqrt(2 + 2^-200), root of 2^200 x^2 - (2^201 + 1) */
    fmpz_poly_zero(h);
    fmpz_poly_set_coeff_ui(h, 2, 1);
    fmpz_poly_scalar_mul_2exp(h, h, 200);
    fmpz_poly_set_coeff_ui(h, 0, 1);
    fmpz_poly_set_coeff_ui(h, 1, 0);
    {
        fmpz_t t;
        fmpz_init(t);
        fmpz_one(t);
        fmpz_mul_2exp(t, t, 201);
        fmpz_add_ui(t, t, 1);
        fmpz_neg(t, t);
        fmpz_poly_set_coeff_fmpz(h, 0, t);
        fmpz_clear(t);
    }
    ne = ct_rroot_isolate_positive(&e, h);
    CHECK(ne == 1);
    CHECK(ct_rroot_cmp(a, e) == -1);
    CHECK(ct_rroot_cmp(e, b) == 1);
    CHECK(ct_rroot_cmp(e, c) == -1);
    free_roots(a, na);
    free_roots(b, nb);
    free_roots(c, nc);
    free_roots(e, ne);
    fmpz_poly_clear(f);
    fmpz_poly_clear(g);
    fmpz_poly_clear(h);
}

static int sign_poly_of(const char *rootpoly, slong idx, const char *g)
{
    fmpz_poly_t f, q;
    ct_rroot_struct *r;
    slong n;
    int s = 99;

    fmpz_poly_init(f);
    fmpz_poly_init(q);
    poly_from_str(f, rootpoly);
    poly_from_str(q, g);
    n = ct_rroot_isolate_positive(&r, f);
    if (idx < n)
        s = ct_rroot_sign_poly(r + idx, q);
    free_roots(r, n);
    fmpz_poly_clear(f);
    fmpz_poly_clear(q);
    return s;
}

static void test_sign_poly(void)
{
    const char *sqrt2 = "3  -2 0 1";

    CHECK(sign_poly_of(sqrt2, 0, "3  -2 0 1") == 0);
    CHECK(sign_poly_of(sqrt2, 0, "2  -1 1") == 1);
    CHECK(sign_poly_of(sqrt2, 0, "2  -665857 470832") == -1);
    CHECK(sign_poly_of(sqrt2, 0, "4  -10 -2 5 1") == 0); /* (x^2 - 2)(x + 5) */
    CHECK(sign_poly_of(sqrt2, 0, "5  -4 0 0 0 1") == 0); /* x^4 - 4 */
    CHECK(sign_poly_of(sqrt2, 0, "5  4 0 0 0 -1") == 0);
    CHECK(sign_poly_of(sqrt2, 0, "3  -3 0 1") == -1); /* 2 - 3 */
    CHECK(sign_poly_of(sqrt2, 0, "0") == 0);
    CHECK(sign_poly_of(sqrt2, 0, "1  -7") == -1);
    CHECK(sign_poly_of(sqrt2, 0, "3  1 -2 1") == 1); /* (x - 1)^2 */
    /* the exact root 1/2 of 2x - 1 */
    CHECK(sign_poly_of("2  -1 2", 0, "2  -1 2") == 0);
    CHECK(sign_poly_of("2  -1 2", 0, "3  -1 0 4") == 0); /* 4x^2 - 1 */
    CHECK(sign_poly_of("2  -1 2", 0, "3  -1 0 1") == -1);
    /* 2nd root of (x - 1)(x - 2)(x - 3): (x - 2)^2 - 1e-40 style closeness */
    CHECK(sign_poly_of("4  -6 11 -6 1", 1, "2  -2 1") == 0);
    CHECK(sign_poly_of("4  -6 11 -6 1", 2, "3  -8 0 1") == 1);
    CHECK(sign_poly_of("4  -6 11 -6 1", 2, "3  -10 0 1") == -1);
}

static void test_sign_poly_close(void)
{
    /* g = 2^200 x^2 - (2^201 + 1) at sqrt(2): exactly -1 */
    fmpz_poly_t f, g;
    ct_rroot_struct *r;
    slong n;
    fmpz_t t;

    fmpz_poly_init(f);
    fmpz_poly_init(g);
    fmpz_init(t);
    poly_from_str(f, "3  -2 0 1");
    fmpz_one(t);
    fmpz_mul_2exp(t, t, 200);
    fmpz_poly_set_coeff_fmpz(g, 2, t);
    fmpz_mul_2exp(t, t, 1);
    fmpz_add_ui(t, t, 1);
    fmpz_neg(t, t);
    fmpz_poly_set_coeff_fmpz(g, 0, t);
    n = ct_rroot_isolate_positive(&r, f);
    CHECK(n == 1 && ct_rroot_sign_poly(r, g) == -1);
    fmpz_poly_neg(g, g);
    CHECK(n == 1 && ct_rroot_sign_poly(r, g) == 1);
    free_roots(r, n);
    fmpz_poly_clear(f);
    fmpz_poly_clear(g);
    fmpz_clear(t);
}

/* Parses "d.ddd", "d.ddde-30" or "p/q" (the forms ct_rroot_get_strs writes). */
static int parse_dec(fmpq_t x, const char *s)
{
    char *buf = malloc(strlen(s) + 1), *e, *dot;
    fmpz_t n, t;
    long ex = 0, frac = 0;
    int ok = 1;

    strcpy(buf, s);
    if (strchr(buf, '/') != NULL) {
        ok = fmpq_set_str(x, buf, 10) == 0;
        free(buf);
        return ok;
    }
    e = strchr(buf, 'e');
    if (e != NULL) {
        ex = strtol(e + 1, NULL, 10);
        *e = '\0';
    }
    dot = strchr(buf, '.');
    if (dot != NULL) {
        frac = (long)strlen(dot + 1);
        memmove(dot, dot + 1, strlen(dot + 1) + 1);
    }
    fmpz_init(n);
    fmpz_init(t);
    ok = fmpz_set_str(n, buf, 10) == 0;
    ex -= frac;
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, labs(ex));
    if (ex >= 0) {
        fmpz_mul(n, n, t);
        fmpz_one(t);
    }
    fmpq_set_fmpz_frac(x, n, t);
    fmpz_clear(n);
    fmpz_clear(t);
    free(buf);
    return ok;
}

/* get_strs of root idx of f: approx must be want (when given); lo and hi must
   parse, enclose the root's interval and leave every other root of f out
   (the other roots are refined until their intervals are seen outside). */
static void check_strs(const char *poly, slong idx, slong digits, const char *want,
                       const char *want_lo, const char *want_hi)
{
    fmpz_poly_t f;
    ct_rroot_struct *r;
    slong n, i;
    char *ap, *lo, *hi;
    fmpq_t a, b;

    fmpz_poly_init(f);
    fmpq_init(a);
    fmpq_init(b);
    poly_from_str(f, poly);
    n = ct_rroot_isolate_positive(&r, f);
    CHECK(idx < n);
    if (idx < n) {
        ct_rroot_get_strs(&ap, &lo, &hi, r + idx, digits);
        if (want != NULL)
            CHECK_MSG(strcmp(ap, want) == 0, "approx %s, want %s", ap, want);
        if (want_lo != NULL)
            CHECK_MSG(strcmp(lo, want_lo) == 0, "lo %s, want %s", lo, want_lo);
        if (want_hi != NULL)
            CHECK_MSG(strcmp(hi, want_hi) == 0, "hi %s, want %s", hi, want_hi);
        CHECK(parse_dec(a, lo) && parse_dec(b, hi));
        /* the decimal interval contains the (refined) isolating interval */
        CHECK(fmpq_cmp(a, r[idx].lo) <= 0 && fmpq_cmp(r[idx].hi, b) <= 0);
        /* and no other root: the neighbours' roots stay outside */
        for (i = 0; i < n; i++) {
            if (i == idx)
                continue;
            while (!fmpq_equal(r[i].lo, r[i].hi) && fmpq_cmp(r[i].hi, a) >= 0 &&
                   fmpq_cmp(r[i].lo, b) <= 0)
                ct_rroot_bisect(r + i);
            CHECK(fmpq_cmp(r[i].hi, a) < 0 || fmpq_cmp(r[i].lo, b) > 0);
        }
        free(ap);
        free(lo);
        free(hi);
    }
    free_roots(r, n);
    fmpz_poly_clear(f);
    fmpq_clear(a);
    fmpq_clear(b);
}

static void test_strs(void)
{
    check_strs("3  -2 0 1", 0, 20, "1.4142135623730950488", NULL, NULL);
    check_strs("3  -2 0 1", 0, 5, "1.4142", NULL, NULL);
    check_strs("3  -1 0 2", 0, 20, "0.70710678118654752440", "0.7071067811",
               "0.7071067812");
    check_strs("3  -1 -1 1", 0, 20, "1.6180339887498948482", NULL, NULL);
    check_strs("3  -3 0 1", 0, 30, "1.73205080756887729352744634151", NULL, NULL);
    check_strs("2  -1 2", 0, 20, "0.5", "0.5", "0.5");
    check_strs("2  -1 3", 0, 20, "0.33333333333333333333", "1/3", "1/3");
    check_strs("2  -2 3", 0, 4, "0.6667", "2/3", "2/3");
    check_strs("2  -1000000000000000000000000000000 1", 0, 20, "1e30", "1e30", "1e30");
    check_strs("2  -3 1000000000000000000000000000000", 0, 20, "3e-30", "3e-30", "3e-30");
    check_strs("3  -2000000000000000000000000000000000000000000000000000000000000 0 1", 0,
               20, "1.4142135623730950488e30", NULL, NULL);
    check_strs("3  -1 0 2000000000000000000000000000000000000000000000000000000000000", 0,
               20, "7.0710678118654752440e-31", NULL, NULL);
    check_strs("3  -99 0 1", 0, 3, "9.95", NULL, NULL);
    check_strs("3  -996 0 10", 0, 3, "9.98", NULL, NULL);     /* 9.97997... */
    check_strs("3  -9999 0 100", 0, 3, "10.0", NULL, NULL);   /* 9.99949... */
    check_strs("3  -99999 0 1000", 0, 3, "10.0", NULL, NULL); /* 9.99995... */
    /* close roots: both strings isolate */
    /* (x - 1)(2^60 x - 2^60 - 1) */
    check_strs("3  1152921504606846977 -2305843009213693953 1152921504606846976", 0, 25,
               NULL, NULL, NULL);
    check_strs("3  1152921504606846977 -2305843009213693953 1152921504606846976", 1, 25,
               "1.000000000000000000867362", NULL, NULL);
}

static void test_poly_str(void)
{
    const char *cases[][2] = {
        {"3  -1 0 2", "2*x^2 - 1"},
        {"4  5 0 0 -1", "-x^3 + 5"},
        {"2  0 1", "x"},
        {"2  -1 1", "x - 1"},
        {"0", "0"},
        {"1  -7", "-7"},
        {"3  0 1 1", "x^2 + x"},
        {"6  1 0 -12 0 0 3", "3*x^5 - 12*x^2 + 1"},
        {"3  1 -1 -1", "-x^2 - x + 1"},
        {"2  123456789012345678901 -2", "-2*x + 123456789012345678901"},
    };
    fmpz_poly_t f;
    size_t i;
    char *s;

    fmpz_poly_init(f);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        poly_from_str(f, cases[i][0]);
        s = ct_rroot_poly_get_str(f);
        CHECK_MSG(strcmp(s, cases[i][1]) == 0, "got %s, want %s", s, cases[i][1]);
        free(s);
    }
    fmpz_poly_clear(f);
}

static void test_refine(void)
{
    fmpz_poly_t f;
    ct_rroot_struct *r;
    fmpq_t eps, w;
    slong n;

    fmpz_poly_init(f);
    fmpq_init(eps);
    fmpq_init(w);
    poly_from_str(f, "4  -6 11 -6 1");
    n = ct_rroot_isolate_positive(&r, f);
    CHECK(n == 3);
    fmpq_set_si(eps, 1, 1000000);
    ct_rroot_refine(r + 2, eps);
    fmpq_sub(w, r[2].hi, r[2].lo);
    CHECK(fmpq_cmp(w, eps) <= 0);
    CHECK(sign_at(f, r[2].lo) * sign_at(f, r[2].hi) < 0 || fmpq_equal(r[2].lo, r[2].hi));
    check_isolation(f, r, n);
    free_roots(r, n);
    /* x * (x^2 - 2): the root 0 is not reported */
    poly_from_str(f, "4  0 -2 0 1");
    n = isolate_checked(&r, f);
    CHECK(n == 1);
    free_roots(r, n);
    /* no positive root */
    poly_from_str(f, "3  1 1 1");
    n = isolate_checked(&r, f);
    CHECK(n == 0);
    free_roots(r, n);
    poly_from_str(f, "2  3 1");
    n = isolate_checked(&r, f);
    CHECK(n == 0);
    free_roots(r, n);
    /* (x - 1)...(x - 30): exact split points and shared ends */
    {
        slong i;
        fmpz_poly_t l;
        fmpz_poly_init(l);
        fmpz_poly_one(f);
        for (i = 1; i <= 30; i++) {
            fmpz_poly_zero(l);
            fmpz_poly_set_coeff_si(l, 1, 1);
            fmpz_poly_set_coeff_si(l, 0, -i);
            fmpz_poly_mul(f, f, l);
        }
        n = isolate_checked(&r, f);
        CHECK(n == 30);
        free_roots(r, n);
        fmpz_poly_clear(l);
    }
    fmpz_poly_clear(f);
    fmpq_clear(eps);
    fmpq_clear(w);
}

int main(void)
{
    flint_rand_t st;

    flint_randinit(st);
    test_poly_str();
    test_refine();
    test_cmp_hand();
    test_sign_poly();
    test_sign_poly_close();
    test_strs();
    test_extreme_scales();
    test_close_roots(st);
    test_random_products(st);
    test_random_dense(st);
    flint_randclear(st);
    flint_cleanup();
    return check_finish("t-rroot");
}
