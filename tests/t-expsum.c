/* Tests of expsum: construction, the rule of signs, exact signs at rationals
   (against Calcium's qqbar), isolation against closed-form roots computed with
   arb_log, multiple and end roots, a double root, random sums against dense
   double sampling, exact comparison, decimal certificates. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <arb.h>
#include <calcium/qqbar.h>
#include <flint/fmpz_vec.h>
#include "certune/expsum.h"
#include "check.h"

/* ---- independent helpers ------------------------------------------------ */

/* h = sum c[i] b[i]^x */
static void make(ct_expsum_t h, slong n, const slong *c, const slong *b)
{
    fmpz *cc = _fmpz_vec_init(n), *bb = _fmpz_vec_init(n);
    slong i;

    for (i = 0; i < n; i++) {
        fmpz_set_si(cc + i, c[i]);
        fmpz_set_si(bb + i, b[i]);
    }
    ct_expsum_set_terms(h, cc, bb, n);
    _fmpz_vec_clear(cc, n);
    _fmpz_vec_clear(bb, n);
}

/* h(q) by qqbar: sum c B^(u/v), exact; returns its sign */
static int qqbar_sign(const ct_expsum_t h, slong u, ulong v)
{
    qqbar_t s, t;
    slong i;
    int r;

    qqbar_init(s);
    qqbar_init(t);
    for (i = 0; i < h->len; i++) {
        qqbar_set_fmpz(t, h->base + i);
        qqbar_root_ui(t, t, v);
        qqbar_pow_ui(t, t, u);
        qqbar_mul_fmpz(t, t, h->coef + i);
        qqbar_add(s, s, t);
    }
    r = qqbar_sgn_re(s);
    qqbar_clear(s);
    qqbar_clear(t);
    return r;
}

/* v = ln(p1/q1) / ln(p2/q2) at 600 bits, independently of the module */
static void log_ratio(arb_t v, slong p1, slong q1, slong p2, slong q2)
{
    arb_t a, b;

    arb_init(a);
    arb_init(b);
    arb_set_si(a, p1);
    arb_div_si(a, a, q1, 600);
    arb_log(a, a, 600);
    arb_set_si(b, p2);
    arb_div_si(b, b, q2, 600);
    arb_log(b, b, 600);
    arb_div(v, a, b, 600);
    arb_clear(a);
    arb_clear(b);
}

/* r's interval contains v (v a narrow ball) */
static int contains(const ct_expsum_root_t r, const arb_t v)
{
    arb_t lo, hi;
    int ok;

    arb_init(lo);
    arb_init(hi);
    arb_set_fmpq(lo, r->lo, 512);
    arb_set_fmpq(hi, r->hi, 512);
    ok = arb_le(lo, v) && arb_le(v, hi);
    arb_clear(lo);
    arb_clear(hi);
    return ok;
}

/* The decimal strings of r agree with v to `digits` digits and bound it; a
   second call with 5 digits gives bounds of at most maxlen characters. */
static void check_strs(ct_expsum_root_t r, const arb_t v, slong digits, size_t maxlen)
{
    char *ap, *lo, *hi;
    arb_t a, l, h, ulp;
    slong e;

    ct_expsum_root_get_strs(&ap, &lo, &hi, r, digits);
    arb_init(a);
    arb_init(l);
    arb_init(h);
    arb_init(ulp);
    CHECK(arb_set_str(a, ap, 512) == 0);
    CHECK(arb_set_str(l, lo, 512) == 0);
    CHECK(arb_set_str(h, hi, 512) == 0);
    e = (slong)floor(log10(arf_get_d(arb_midref(v), ARF_RND_NEAR))) - digits + 1;
    arb_set_ui(ulp, 10);
    arb_pow_ui(ulp, ulp, -e, 512);
    arb_inv(ulp, ulp, 512);
    arb_sub(a, a, v, 512);
    arb_abs(a, a);
    CHECK_MSG(arb_lt(a, ulp), "approx %s", ap);
    CHECK_MSG(arb_le(l, v) && arb_le(v, h), "bounds %s %s", lo, hi);
    CHECK_MSG((slong)strlen(ap) <= digits + 8, "approx %s", ap);
    free(ap);
    free(lo);
    free(hi);
    /* again, coarser, on the now narrow root: short bounds that still bound */
    ct_expsum_root_get_strs(&ap, &lo, &hi, r, 5);
    CHECK(arb_set_str(l, lo, 512) == 0);
    CHECK(arb_set_str(h, hi, 512) == 0);
    CHECK_MSG(arb_le(l, v) && arb_le(v, h), "bounds %s %s", lo, hi);
    CHECK_MSG(strlen(lo) <= maxlen && strlen(hi) <= maxlen && strlen(ap) <= 8, "%s %s %s",
              ap, lo, hi);
    free(ap);
    free(lo);
    free(hi);
    arb_clear(a);
    arb_clear(l);
    arb_clear(h);
    arb_clear(ulp);
}

/* exroot certificate: opposite nonzero exact signs at lo, hi; inside (0, 1) */
static void check_cert(const ct_expsum_root_t r)
{
    if (fmpq_equal(r->lo, r->hi)) {
        CHECK(ct_expsum_sign_fmpq(&r->fn, r->lo) == 0);
        return;
    }
    CHECK(fmpq_sgn(r->lo) >= 0);
    CHECK(fmpq_cmp_ui(r->hi, 1) <= 0);
    CHECK(r->sign_lo == 1 || r->sign_lo == -1);
    CHECK(ct_expsum_sign_fmpq(&r->fn, r->lo) == r->sign_lo);
    CHECK(ct_expsum_sign_fmpq(&r->fn, r->hi) == -r->sign_lo);
}

static void free_roots(ct_expsum_root_struct *r, slong n)
{
    slong i;

    for (i = 0; i < n; i++)
        ct_expsum_root_clear(r + i);
    flint_free(r);
}

/* Isolates h, expects n roots, checks the certificates and the order. */
static ct_expsum_root_struct *isolate_n(const ct_expsum_t h, slong want, int *sign_first)
{
    ct_expsum_root_struct *r;
    slong n, i;
    fmpq_t ul, uh;
    int s, und;

    fmpq_init(ul);
    fmpq_init(uh);
    und = ct_expsum_isolate(&r, &n, sign_first ? sign_first : &s, ul, uh, h);
    CHECK(und == 0);
    CHECK_MSG(n == want, "n = %ld, want %ld", (long)n, (long)want);
    for (i = 0; i < n; i++) {
        check_cert(r + i);
        if (i > 0)
            CHECK(fmpq_cmp(r[i - 1].hi, r[i].lo) < 0);
    }
    fmpq_clear(ul);
    fmpq_clear(uh);
    if (und != 0 || n != want) {
        free_roots(r, n);
        return NULL;
    }
    return r;
}

/* ---- construction -------------------------------------------------------- */

static void test_basic(void)
{
    ct_expsum_t h, g;
    slong c1[] = {3, -5, 2, 7, 0, -2}, b1[] = {4, 2, 1, 1, 9, 1};
    slong c2[] = {-6, 10, -14}, b2[] = {4, 2, 1};
    slong c3[] = {1, -1}, b3[] = {2, 2};
    char *s;

    ct_expsum_init(h);
    ct_expsum_init(g);
    make(h, 6, c1, b1); /* 3*4^x - 5*2^x + 7 */
    CHECK(h->len == 3);
    CHECK(fmpz_equal_si(h->base, 1) && fmpz_equal_si(h->coef, 7));
    CHECK(fmpz_equal_si(h->base + 2, 4) && fmpz_equal_si(h->coef + 2, 3));
    s = ct_expsum_get_str(h);
    CHECK_MSG(strcmp(s, "3*4^x - 5*2^x + 7") == 0, "%s", s);
    free(s);
    CHECK(ct_expsum_sign_changes(h) == 2);
    CHECK(ct_expsum_sign_at_end(h, 0) == 1); /* 5 */
    CHECK(ct_expsum_sign_at_end(h, 1) == 1); /* 12 - 10 + 7 */
    make(g, 3, c2, b2);                      /* -2 (3*4^x - 5*2^x + 7) */
    CHECK(!ct_expsum_equal(h, g));
    CHECK(ct_expsum_normalize(g) == -1);
    CHECK(ct_expsum_normalize(h) == 1);
    CHECK(ct_expsum_equal(h, g));
    CHECK(ct_expsum_hash(h) == ct_expsum_hash(g));
    fmpz_add_ui(g->coef, g->coef, 1);
    CHECK(!ct_expsum_equal(h, g));
    CHECK(ct_expsum_hash(h) != ct_expsum_hash(g));
    make(g, 2, c3, b3);
    CHECK(ct_expsum_is_zero(g));
    s = ct_expsum_get_str(g);
    CHECK(strcmp(s, "0") == 0);
    free(s);
    CHECK(ct_expsum_normalize(g) == 1);
    c3[1] = 1;
    b3[1] = 1;
    c3[0] = -1;
    make(g, 2, c3, b3);
    s = ct_expsum_get_str(g);
    CHECK_MSG(strcmp(s, "-2^x + 1") == 0, "%s", s);
    free(s);
    CHECK(ct_expsum_normalize(g) == -1);
    s = ct_expsum_get_str(g);
    CHECK_MSG(strcmp(s, "2^x - 1") == 0, "%s", s);
    free(s);
    ct_expsum_set(h, g);
    CHECK(ct_expsum_equal(h, g));
    ct_expsum_clear(h);
    ct_expsum_clear(g);
}

/* ---- Arb evaluation ------------------------------------------------------ */

/* 3*4^x - 5*2^x + 7 at 1/2: 13 - 5 sqrt2; derivative 12 ln2 - 5 sqrt2 ln2 */
static void test_eval(void)
{
    slong c[] = {3, -5, 7}, b[] = {4, 2, 1};
    ct_expsum_t h;
    arb_t x, y, dy, s2, l2, w;

    ct_expsum_init(h);
    arb_init(x);
    arb_init(y);
    arb_init(dy);
    arb_init(s2);
    arb_init(l2);
    arb_init(w);
    make(h, 3, c, b);
    arb_set_d(x, 0.5);
    ct_expsum_eval_arb(y, dy, h, x, 128);
    arb_sqrt_ui(s2, 2, 200);
    arb_log_ui(l2, 2, 200);
    arb_mul_si(w, s2, -5, 200);
    arb_add_si(w, w, 13, 200);
    CHECK(arb_overlaps(y, w) && arb_rel_accuracy_bits(y) > 100);
    arb_mul_si(w, s2, -5, 200);
    arb_add_si(w, w, 12, 200);
    arb_mul(w, w, l2, 200);
    CHECK(arb_overlaps(dy, w) && arb_rel_accuracy_bits(dy) > 100);
    arb_add_error_2exp_si(x, -10);
    ct_expsum_eval_arb(y, NULL, h, x, 128);
    arb_mul_si(w, s2, -5, 200);
    arb_add_si(w, w, 13, 200);
    CHECK(arb_contains(y, w));
    arb_clear(x);
    arb_clear(y);
    arb_clear(dy);
    arb_clear(s2);
    arb_clear(l2);
    arb_clear(w);
    ct_expsum_clear(h);
}

/* ---- exact signs --------------------------------------------------------- */

static int sign_at(const ct_expsum_t h, slong u, slong v)
{
    fmpq_t q;
    int s;

    fmpq_init(q);
    fmpq_set_si(q, u, v);
    s = ct_expsum_sign_fmpq(h, q);
    fmpq_clear(q);
    return s;
}

static void test_sign_exact(void)
{
    ct_expsum_t h;
    slong c1[] = {1, -2}, b1[] = {4, 1}, c2[] = {1, -4}, b2[] = {8, 1};
    slong c3[] = {1, -2}, b3[] = {12, 3}, c4[] = {1, 1, -1}, b4[] = {2, 3, 5};
    flint_rand_t st;
    slong it;

    ct_expsum_init(h);
    make(h, 2, c1, b1);
    CHECK(sign_at(h, 1, 2) == 0); /* 4^(1/2) - 2 */
    CHECK(sign_at(h, 1, 3) == -1);
    CHECK(sign_at(h, 2, 3) == 1);
    CHECK(sign_at(h, (1L << 40) + 1, 1L << 41) == 1);
    CHECK(sign_at(h, (1L << 40) - 1, 1L << 41) == -1);
    make(h, 2, c2, b2);
    CHECK(sign_at(h, 2, 3) == 0); /* 8^(2/3) - 4 */
    CHECK(sign_at(h, 1, 2) == -1);
    make(h, 2, c3, b3);
    CHECK(sign_at(h, 1, 2) == 0); /* 12^(1/2) - 2 * 3^(1/2) */
    CHECK(sign_at(h, 1, 3) == -1);
    make(h, 3, c4, b4);
    CHECK(sign_at(h, 1, 1) == 0);
    CHECK(sign_at(h, 1, 2) == 1);
    CHECK(sign_at(h, 3, 1) == -1);

    /* random sums at q = u/v against qqbar, with planted exact zeros:
       (s^v d)^(u/v) = s^u d^(u/v) */
    flint_randinit(st);
    for (it = 0; it < 200; it++) {
        slong v = 1 + n_randint(st, 4), u = n_randint(st, v + 1), k, c[4], b[4];
        slong d = 1 + n_randint(st, 6), sb = 1 + n_randint(st, 3), su = 1;
        for (k = 0; k < u; k++)
            su *= sb;
        for (k = 0; k < 4; k++) {
            c[k] = (slong)n_randint(st, 9) - 4;
            b[k] = 1 + n_randint(st, 12);
        }
        if (n_randint(st, 2)) {
            slong sv = 1;
            for (k = 0; k < v; k++)
                sv *= sb;
            b[0] = sv * d;
            b[1] = d;
            c[1] = -c[0] * su;
            c[2] = c[3] = 0;
        }
        make(h, 4, c, b);
        CHECK_MSG(sign_at(h, u, v) == qqbar_sign(h, u, v), "it %ld", (long)it);
    }
    flint_randclear(st);
    ct_expsum_clear(h);
}

/* ---- isolation against closed forms ------------------------------------- */

/* q b^x - p: one root ln(p/q) / ln(b) in (0, 1), checked to 30 digits */
static void check_log_root(slong q, slong b, slong p)
{
    ct_expsum_t h;
    slong c[] = {q, -p}, bs[] = {b, 1};
    ct_expsum_root_struct *r;
    arb_t v;
    int sf;

    ct_expsum_init(h);
    arb_init(v);
    make(h, 2, c, bs);
    log_ratio(v, p, q, b, 1);
    r = isolate_n(h, 1, &sf);
    if (r != NULL) {
        CHECK(sf == -1);
        CHECK(contains(r, v));
        check_strs(r, v, 30, 16);
        CHECK(contains(r, v));
        check_cert(r);
        free_roots(r, 1);
    }
    arb_clear(v);
    ct_expsum_clear(h);
}

static void test_closed_forms(void)
{
    ct_expsum_t h;
    slong c1[] = {1, -2}, b1[] = {4, 1}, c2[] = {100, -198}, b2[] = {3, 1};
    ct_expsum_root_struct *r;
    fmpq_t half;
    slong x, i;
    int sf;

    check_log_root(1, 5, 3);
    check_log_root(1, 7, 2);
    check_log_root(1, 10, 3);
    check_log_root(3, 9, 4);
    /* the delta gadget: (x + 2)^d = 2c, root ln(2c) / ln(x + 2) */
    for (x = 1; x <= 6; x += (x == 1 ? 2 : 3)) {
        check_log_root(100, x + 2, 198); /* c = 99/100 */
        check_log_root(4, x + 2, 6);     /* c = 3/4 */
    }
    /* c = 1/2: the root is the end 0, not returned */
    ct_expsum_init(h);
    fmpq_init(half);
    b2[0] = 5;
    c2[0] = 2;
    c2[1] = -2;
    make(h, 2, c2, b2);
    r = isolate_n(h, 0, &sf);
    CHECK(sf == 1);
    CHECK(ct_expsum_sign_at_end(h, 0) == 0);
    /* 4^x - 2: the root 1/2 exactly */
    make(h, 2, c1, b1);
    r = isolate_n(h, 1, &sf);
    fmpq_set_si(half, 1, 2);
    if (r != NULL) {
        CHECK(sf == -1);
        CHECK(ct_expsum_root_cmp_fmpq(r, half) == 0);
        for (i = 0; i < 3; i++)
            ct_expsum_root_bisect(r);
        CHECK(fmpq_equal(r->lo, half) && fmpq_equal(r->hi, half));
        free_roots(r, 1);
    }
    fmpq_clear(half);
    ct_expsum_clear(h);
}

/* Roots 1/2^k... via polynomials in y = 2^x: sum c_k 2^(k x) */
static void test_poly_roots(void)
{
    /* (y - 1)(y - 2)(2y - 3): zeros at x = 0, 1 (ends) and log2(3/2) */
    slong c1[] = {2, -9, 13, -6}, b1[] = {8, 4, 2, 1};
    /* (4y - 5)(2y - 3)(4y - 7): log2(5/4), log2(3/2), log2(7/4) */
    slong c2[] = {32, -144, 214, -105};
    slong num[] = {5, 3, 7}, den[] = {4, 2, 4}, i, j;
    ct_expsum_root_struct *r, *r2;
    ct_expsum_t h;
    arb_t v;
    int sf, cmp;

    ct_expsum_init(h);
    arb_init(v);
    make(h, 4, c1, b1);
    CHECK(ct_expsum_sign_at_end(h, 0) == 0 && ct_expsum_sign_at_end(h, 1) == 0);
    r = isolate_n(h, 1, &sf);
    if (r != NULL) {
        log_ratio(v, 3, 2, 2, 1);
        CHECK(contains(r, v));
        CHECK(sf == 1); /* (y - 1)(y - 2)(2y - 3) > 0 for y in (1, 3/2) */
        check_strs(r, v, 30, 16);
        free_roots(r, 1);
    }
    make(h, 4, c2, b1);
    r = isolate_n(h, 3, &sf);
    r2 = isolate_n(h, 3, NULL);
    if (r != NULL && r2 != NULL) {
        CHECK(sf == -1);
        for (i = 0; i < 3; i++) {
            log_ratio(v, num[i], den[i], 2, 1);
            CHECK(contains(r + i, v));
            check_strs(r + i, v, 30, 16);
        }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                CHECK(ct_expsum_root_cmp(&cmp, r + i, r2 + j) == 1);
                CHECK_MSG(cmp == (i < j   ? -1
                                  : i > j ? 1
                                          : 0),
                          "%ld %ld", (long)i, (long)j);
            }
    }
    if (r != NULL)
        free_roots(r, 3);
    if (r2 != NULL)
        free_roots(r2, 3);
    arb_clear(v);
    ct_expsum_clear(h);
}

/* (y - 3/2)(y - 3/2 - 10^-30), y = 2^x: zeros 1e-30 apart, separated */
static void test_close_roots(void)
{
    const char *c[] = {"4500000000000000000000000000003",
                       "-6000000000000000000000000000002",
                       "2000000000000000000000000000000"};
    fmpz *cc = _fmpz_vec_init(3), *bb = _fmpz_vec_init(3);
    ct_expsum_root_struct *r;
    ct_expsum_t h;
    arb_t v, w;
    slong i;
    int cmp;

    ct_expsum_init(h);
    arb_init(v);
    arb_init(w);
    for (i = 0; i < 3; i++) {
        fmpz_set_str(cc + i, c[i], 10);
        fmpz_set_ui(bb + i, 1 << i);
    }
    ct_expsum_set_terms(h, cc, bb, 3);
    r = isolate_n(h, 2, NULL);
    if (r != NULL) {
        log_ratio(v, 3, 2, 2, 1);
        log_ratio(v, 3, 2, 2, 1);
        CHECK(contains(r, v));
        check_strs(r, v, 40, 40);
        arb_set_str(w, "1.500000000000000000000000000001", 600);
        arb_log(w, w, 600);
        arb_const_log2(v, 600);
        arb_div(w, w, v, 600);
        CHECK(contains(r + 1, w));
        check_strs(r + 1, w, 40, 40);
        CHECK(ct_expsum_root_cmp(&cmp, r, r + 1) == 1 && cmp == -1);
        free_roots(r, 2);
    }
    _fmpz_vec_clear(cc, 3);
    _fmpz_vec_clear(bb, 3);
    arb_clear(v);
    arb_clear(w);
    ct_expsum_clear(h);
}

/* (4^x - 3)^2: a double root at log4(3) is reported undecided */
static void test_double_root(void)
{
    slong c[] = {1, -6, 9}, b[] = {16, 4, 1};
    ct_expsum_root_struct *r = NULL;
    ct_expsum_t h;
    fmpq_t ul, uh;
    arb_t v, lo, hi;
    slong n = 7;
    int sf;

    ct_expsum_init(h);
    fmpq_init(ul);
    fmpq_init(uh);
    arb_init(v);
    arb_init(lo);
    arb_init(hi);
    make(h, 3, c, b);
    CHECK(ct_expsum_isolate(&r, &n, &sf, ul, uh, h) == 1);
    CHECK(r == NULL && n == 0);
    log_ratio(v, 3, 1, 4, 1);
    arb_set_fmpq(lo, ul, 512);
    arb_set_fmpq(hi, uh, 512);
    CHECK(arb_le(lo, v) && arb_le(v, hi));
    CHECK(fmpq_cmp(ul, uh) < 0);
    arb_clear(v);
    arb_clear(lo);
    arb_clear(hi);
    fmpq_clear(ul);
    fmpq_clear(uh);
    ct_expsum_clear(h);
}

/* ---- random sums against dense double sampling -------------------------- */

/* sign of the double value at x, 0 where rounding could decide it */
static int reliable_sign(const ct_expsum_t h, double x)
{
    double s = 0, m = 0, e;
    slong i;

    for (i = 0; i < h->len; i++) {
        e = fmpz_get_d(h->coef + i) * pow(fmpz_get_d(h->base + i), x);
        s += e;
        m += fabs(e);
    }
    return fabs(s) <= 1e-9 * m ? 0 : s > 0 ? 1 : -1;
}

static void check_random_one(const ct_expsum_t h, slong *und_count)
{
    ct_expsum_root_struct *r;
    fmpq_t ul, uh;
    slong n, i, changes = 0, grid = 4000;
    int sf, s, last = 0, z0, z1;

    fmpq_init(ul);
    fmpq_init(uh);
    if (ct_expsum_isolate(&r, &n, &sf, ul, uh, h)) {
        (*und_count)++;
        CHECK(r == NULL && n == 0 && fmpq_cmp(ul, uh) < 0);
    } else {
        z0 = ct_expsum_sign_at_end(h, 0) == 0;
        z1 = ct_expsum_sign_at_end(h, 1) == 0;
        CHECK(n + z0 + z1 <= ct_expsum_sign_changes(h));
        for (i = 1; i < grid; i++) {
            s = reliable_sign(h, (double)i / grid);
            if (s != 0 && last != 0 && s != last)
                changes++;
            if (s != 0 && last == 0 && changes == 0)
                CHECK_MSG(s == sf, "sign_first %d, sampled %d", sf, s);
            if (s != 0)
                last = s;
        }
        CHECK_MSG(changes <= n, "%ld sampled sign changes, %ld roots", (long)changes,
                  (long)n);
        for (i = 0; i < n; i++) {
            int sl = reliable_sign(h, fmpq_get_d(r[i].lo));
            int sh = reliable_sign(h, fmpq_get_d(r[i].hi));
            check_cert(r + i);
            if (sl != 0 && sh != 0 && !fmpq_equal(r[i].lo, r[i].hi))
                CHECK(sl == -sh);
            if (i > 0)
                CHECK(fmpq_cmp(r[i - 1].hi, r[i].lo) < 0);
        }
        free_roots(r, n);
    }
    fmpq_clear(ul);
    fmpq_clear(uh);
}

static void test_random(void)
{
    flint_rand_t st;
    ct_expsum_t h;
    slong it, und = 0, k, n, c[6], b[6];

    flint_randinit(st);
    ct_expsum_init(h);
    for (it = 0; it < 400; it++) {
        n = 2 + n_randint(st, 5);
        for (k = 0; k < n; k++) {
            c[k] = (slong)n_randint(st, 41) - 20;
            b[k] = 1 + n_randint(st, it < 200 ? 12 : 40);
        }
        make(h, n, c, b);
        if (!ct_expsum_is_zero(h))
            check_random_one(h, &und);
    }
    CHECK_MSG(und <= 4, "%ld undecided", (long)und);
    ct_expsum_clear(h);
    flint_randclear(st);
}

/* ---- comparison ---------------------------------------------------------- */

static ct_expsum_root_struct *one_root(slong c0, slong b0, slong c1, slong b1)
{
    ct_expsum_t h;
    slong c[] = {c0, c1}, b[] = {b0, b1};
    ct_expsum_root_struct *r;

    ct_expsum_init(h);
    make(h, 2, c, b);
    r = isolate_n(h, 1, NULL);
    ct_expsum_clear(h);
    return r;
}

static void test_cmp(void)
{
    ct_expsum_root_struct *a = one_root(1, 4, -2, 1), *b = one_root(1, 5, -3, 1);
    ct_expsum_root_struct *p = one_root(2, 4, -4, 1), *q = one_root(1, 16, -4, 1);
    ct_expsum_root_struct *u = one_root(1, 4, -3, 1), *w = one_root(1, 16, -9, 1);
    fmpq_t x;
    int cmp = 7;

    fmpq_init(x);
    if (a && b && p && q && u && w) {
        CHECK(ct_expsum_root_cmp(&cmp, a, b) == 1 && cmp == -1);
        CHECK(ct_expsum_root_cmp(&cmp, b, a) == 1 && cmp == 1);
        CHECK(ct_expsum_equal(&a->fn, &p->fn));
        CHECK(ct_expsum_root_cmp(&cmp, p, a) == 1 && cmp == 0);
        CHECK(ct_expsum_root_cmp(&cmp, a, q) == 1 && cmp == 0); /* both 1/2 */
        CHECK(ct_expsum_root_cmp(&cmp, u, b) == 1 && cmp == 1); /* log4 3 > log5 3 */
        /* the same irrational root log4(3) of different sums: with bases 4 and
           16 = 4^2 both are polynomials in y = 2^x (y^2 - 3, y^4 - 9), whose
           gcd y^2 - 3 proves equality; with (4^x - 3)(3^x + 1) = 12^x + 4^x -
           3 3^x - 3 the bases share no root: undecided */
        cmp = 7;
        CHECK(ct_expsum_root_cmp(&cmp, u, w) == 1 && cmp == 0);
        {
            ct_expsum_t h;
            slong c4[4] = {1, 1, -3, -3}, b4[4] = {12, 4, 3, 1};
            ct_expsum_init(h);
            make(h, 4, c4, b4);
            ct_expsum_root_struct *v = isolate_n(h, 1, NULL);
            cmp = 7;
            CHECK(v != NULL && ct_expsum_root_cmp(&cmp, u, v) == 0);
            if (v != NULL) {
                ct_expsum_root_clear(v);
                flint_free(v);
            }
            ct_expsum_clear(h);
        }
        fmpq_set_si(x, 79, 100); /* log4 3 = 0.7924... */
        CHECK(ct_expsum_root_cmp_fmpq(u, x) == 1);
        fmpq_set_si(x, 80, 100);
        CHECK(ct_expsum_root_cmp_fmpq(u, x) == -1);
        fmpq_set_si(x, 7925, 10000);
        CHECK(ct_expsum_root_cmp_fmpq(w, x) == -1);
        fmpq_set_si(x, 1, 1000000);
        ct_expsum_root_refine(b, x);
        fmpq_sub(x, b->hi, b->lo);
        fmpq_mul_ui(x, x, 1000000);
        CHECK(fmpq_cmp_ui(x, 1) <= 0);
        check_cert(b);
        ct_expsum_root_set(p, b);
        CHECK(ct_expsum_root_cmp(&cmp, p, b) == 1 && cmp == 0);
    }
    free_roots(a, a != NULL);
    free_roots(b, b != NULL);
    free_roots(p, p != NULL);
    free_roots(q, q != NULL);
    free_roots(u, u != NULL);
    free_roots(w, w != NULL);
    fmpq_clear(x);
}

int main(void)
{
    test_basic();
    test_eval();
    test_sign_exact();
    test_closed_forms();
    test_poly_roots();
    test_close_roots();
    test_double_root();
    test_random();
    test_cmp();
    flint_cleanup();
    return check_finish("t-expsum");
}
