/* Tests of roots: isolation against FLINT's Sturm count and Arb's complex
   roots, known roots, exact comparison, signs, decimal strings. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>
#include <acb.h>
#include <arb_fmpz_poly.h>
#include "certune/roots.h"
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
static void check_isolation(const fmpz_poly_t f, rroot_struct *r, slong n)
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

static slong isolate_checked(rroot_struct **r, const fmpz_poly_t f)
{
    slong n = roots_isolate_positive(r, f);
    check_isolation(f, *r, n);
    return n;
}

static void free_roots(rroot_struct *r, slong n)
{
    slong i;

    for (i = 0; i < n; i++)
        rroot_clear(r + i);
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

static int holds_quad(const rroot_t r, const fmpq_t p, int s, const fmpz_t n)
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
    fmpz_mul(t, fmpq_numref(c), fmpq_numref(c));
    fmpz_submul(t, n, fmpq_denref(c));
    fmpz_submul(t, n, fmpq_denref(c)); /* placeholder, fixed below */
    fmpz_addmul(t, n, fmpq_denref(c));
    {
        fmpz_t u;
        fmpz_init(u);
        fmpz_mul(u, fmpq_denref(c), fmpq_denref(c));
        fmpz_mul(u, u, n);
        fmpz_mul(t, fmpq_numref(c), fmpq_numref(c));
        fmpz_sub(t, t, u);
        fmpz_clear(u);
    }
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

static int holds_known(const rroot_t r, const known_struct *k)
{
    return holds_quad(r, k->p, k->s, k->n);
}

/* Isolates the product, checks counts and that every positive known root is
   in exactly one interval and every interval holds exactly one of them. */
static void check_product(const product_struct *P)
{
    fmpz_poly_t f;
    rroot_struct *r;
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
   roots with rroot_cmp against high-precision balls of the known values. */
static void check_cmp_factors(const product_struct *P, flint_rand_t st)
{
    rroot_struct *rs[12];
    slong nr[12], i, j, t, a, b, ia, ib;
    const known_struct *ka, *kb;
    arb_t va, vb;
    int want, got;

    arb_init(va);
    arb_init(vb);
    for (i = 0; i < P->nfac; i++)
        nr[i] = roots_isolate_positive(&rs[i], P->fac + i);
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
        got = rroot_cmp(rs[a] + ia, rs[b] + ib);
        CHECK_MSG(got == want, "cmp got %d want %d", got, want);
        CHECK(rroot_cmp(rs[b] + ib, rs[a] + ia) == -want);
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
    rroot_struct *r;
    slong it, n;

    fmpz_poly_init(f);
    for (it = 0; it < 300; it++) {
        do {
            fmpz_poly_randtest(f, st, 2 + n_randint(st, it < 200 ? 20 : 60),
                               1 + n_randint(st, it < 100 ? 10 : 300));
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
