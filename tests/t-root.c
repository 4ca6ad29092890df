/* Tests of the certified-root core (root.h) on a kind defined here: zeros of
   x^2 - a (a > 0 rational) with the sign oracle computed directly, compared
   with hand-derived facts (sqrt(2) = 1.41421356237..., exact squares). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/root.h"

typedef struct {
    fmpq_t a; /* the zero is sqrt(a) */
    fmpq_t lo, hi;
    int sign_lo;
} sq_root;

static int sq_sign(const void *fn, const fmpq_t x)
{
    fmpq_t t;
    fmpq_init(t);
    fmpq_mul(t, x, x);
    int s = fmpq_cmp(t, (const fmpq *)fn);
    fmpq_clear(t);
    return s < 0 ? -1 : s > 0;
}

static int steps;
static void sq_step(void *self);

static void sq_view(ct_root_struct *v, sq_root *r)
{
    v->lo = r->lo, v->hi = r->hi, v->sign_lo = &r->sign_lo;
    v->fn = r->a, v->sign = sq_sign, v->step = sq_step, v->self = r;
}

static void sq_step(void *self)
{
    ct_root_struct v;
    sq_view(&v, self);
    ct_root_bisect(&v);
    steps++;
}

/* sqrt(a) isolated in [lo, hi] (lo^2 < a < hi^2). */
static void sq_init(sq_root *r, slong an, ulong ad, slong lo, slong hi)
{
    fmpq_init(r->a), fmpq_init(r->lo), fmpq_init(r->hi);
    fmpq_set_si(r->a, an, ad);
    fmpq_set_si(r->lo, lo, 1);
    fmpq_set_si(r->hi, hi, 1);
    r->sign_lo = -1;
}

static void sq_clear(sq_root *r)
{
    fmpq_clear(r->a), fmpq_clear(r->lo), fmpq_clear(r->hi);
}

/* x = the plain decimal string s (an optional '-', digits, an optional '.'). */
static void dec_parse(fmpq_t x, const char *s)
{
    const char *dot = strchr(s, '.');
    char *digits = malloc(strlen(s) + 1);
    size_t n = 0, frac = dot ? strlen(dot + 1) : 0;
    for (const char *p = s; *p; p++)
        if (*p != '.')
            digits[n++] = *p;
    digits[n] = '\0';
    fmpz_t num, den;
    fmpz_init(num), fmpz_init(den);
    fmpz_set_str(num, digits, 10);
    fmpz_set_ui(den, 10);
    fmpz_pow_ui(den, den, frac);
    fmpq_set_fmpz_frac(x, num, den);
    fmpz_clear(num), fmpz_clear(den);
    free(digits);
}

/* lo < sqrt(a) < hi (sign 1) or lo < -sqrt(a) < hi (sign -1), exactly, for
   the plain decimal strings lo and hi, both of that sign. */
static int brackets_signed(const char *lo, const char *hi, slong an, ulong ad, int sign)
{
    fmpq_t l, h, a;
    fmpq_init(l), fmpq_init(h), fmpq_init(a);
    fmpq_set_si(a, an, ad);
    dec_parse(l, lo), dec_parse(h, hi);
    int ok = fmpq_sgn(l) == sign && fmpq_sgn(h) == sign;
    fmpq_mul(l, l, l), fmpq_mul(h, h, h);
    if (sign > 0)
        ok = ok && fmpq_cmp(l, a) < 0 && fmpq_cmp(a, h) < 0;
    else
        ok = ok && fmpq_cmp(h, a) < 0 && fmpq_cmp(a, l) < 0;
    fmpq_clear(l), fmpq_clear(h), fmpq_clear(a);
    return ok;
}

static int brackets(const char *lo, const char *hi, slong an, ulong ad)
{
    return brackets_signed(lo, hi, an, ad, 1);
}

static void check_bisect_refine_cmp_fmpq(void)
{
    sq_root r;
    ct_root_struct v;
    fmpq_t q, eps;
    fmpq_init(q), fmpq_init(eps);
    sq_init(&r, 2, 1, 1, 2);
    sq_view(&v, &r);
    ct_root_bisect(&v); /* 3/2: 9/4 > 2 */
    fmpq_set_si(q, 3, 2);
    CHECK(fmpq_equal_si(r.lo, 1) && fmpq_equal(r.hi, q));
    fmpq_set_si(eps, 1, 1000);
    ct_root_refine(&v, eps);
    fmpq_sub(q, r.hi, r.lo);
    CHECK(fmpq_cmp(q, eps) <= 0 && sq_sign(r.a, r.lo) < 0 && sq_sign(r.a, r.hi) > 0);
    fmpq_set_si(q, 1414, 1000);
    CHECK(ct_root_cmp_fmpq(&v, q) == 1);
    fmpq_set_si(q, 1415, 1000);
    CHECK(ct_root_cmp_fmpq(&v, q) == -1);
    sq_clear(&r);
    /* a = 9/4: the bisection at 3/2 hits the zero exactly */
    sq_init(&r, 9, 4, 1, 2);
    sq_view(&v, &r);
    ct_root_bisect(&v);
    CHECK(ct_root_is_exact(&v) && r.sign_lo == 0);
    fmpq_set_si(q, 3, 2);
    CHECK(ct_root_cmp_fmpq(&v, q) == 0);
    sq_clear(&r);
    fmpq_clear(q), fmpq_clear(eps);
}

static int equal_calls;
static int sq_equal(ct_root_struct *a, ct_root_struct *b)
{
    equal_calls++;
    return fmpq_equal(((sq_root *)a->self)->a, ((sq_root *)b->self)->a) ? 1 : 0;
}

static void check_cmp(void)
{
    sq_root a, b;
    ct_root_struct va, vb;
    int cmp = 5;
    /* sqrt(2) < sqrt(3): separated by refinement */
    sq_init(&a, 2, 1, 1, 2), sq_init(&b, 3, 1, 1, 2);
    sq_view(&va, &a), sq_view(&vb, &b);
    CHECK(ct_root_cmp(&cmp, &va, &vb, 0, sq_equal, 64) == 1 && cmp == -1);
    CHECK(ct_root_cmp(&cmp, &vb, &va, 0, sq_equal, 64) == 1 && cmp == 1);
    CHECK(equal_calls == 0);
    sq_clear(&a), sq_clear(&b);
    /* the same zero with different "functions": the proof decides once narrow */
    sq_init(&a, 2, 1, 1, 2), sq_init(&b, 2, 1, 0, 3);
    sq_view(&va, &a), sq_view(&vb, &b);
    CHECK(ct_root_cmp(&cmp, &va, &vb, 0, sq_equal, 20) == 1 && cmp == 0);
    CHECK(equal_calls == 1);
    sq_clear(&a), sq_clear(&b);
    /* same function, overlapping intervals of one zero */
    sq_init(&a, 2, 1, 1, 2), sq_init(&b, 2, 1, 0, 3);
    sq_view(&va, &a), sq_view(&vb, &b);
    CHECK(ct_root_cmp_same(&va, &vb) == 0);
    CHECK(ct_root_cmp(&cmp, &va, &vb, 1, sq_equal, 20) == 1 && cmp == 0);
    /* by refinement down to 2^-40: equal zeros stay undecided */
    CHECK(ct_root_cmp_refine(&cmp, &va, &vb, 40) == 0);
    sq_clear(&a), sq_clear(&b);
    sq_init(&a, 2, 1, 1, 2), sq_init(&b, 3, 1, 1, 2);
    sq_view(&va, &a), sq_view(&vb, &b);
    CHECK(ct_root_cmp_refine(&cmp, &va, &vb, 40) == 1 && cmp == -1);
    sq_clear(&a), sq_clear(&b);
}

/* The spec of this kind: bounds inside the entry interval, trimmed. */
static const ct_root_strs_spec sq_strs = {
    .trim = 1, .coarse = 0, .entry = 1, .isolates = NULL, .bisect_after = -1};

static void check_strs(void)
{
    sq_root r;
    ct_root_struct v;
    char *approx, *lo, *hi;
    sq_init(&r, 2, 1, 1, 2);
    sq_view(&v, &r);
    ct_root_get_strs(&approx, &lo, &hi, &v, 10, &sq_strs);
    CHECK_MSG(strcmp(approx, "1.414213562") == 0, "%s", approx);
    CHECK_MSG(brackets(lo, hi, 2, 1), "[%s, %s]", lo, hi);
    CHECK(strlen(lo) >= 12 && strncmp(lo, "1.41421356", 10) == 0);
    free(approx), free(lo), free(hi);
    sq_clear(&r);
    /* a rational zero: exact strings */
    sq_init(&r, 9, 4, 1, 2);
    sq_view(&v, &r);
    ct_root_get_strs(&approx, &lo, &hi, &v, 6, &sq_strs);
    CHECK(strcmp(approx, "1.5") == 0 && strcmp(lo, "1.5") == 0 && strcmp(hi, "1.5") == 0);
    free(approx), free(lo), free(hi);
    sq_clear(&r);
}

/* Untrimmed: sqrt(4.41) = 2.1 rounds to "2.10000" at 6 digits; trimmed "2.1". */
static void check_strs_trim(void)
{
    static const ct_root_strs_spec untrimmed = {
        .trim = 0, .coarse = 0, .entry = 1, .isolates = NULL, .bisect_after = -1};
    sq_root r;
    ct_root_struct v;
    char *approx, *lo, *hi;
    /* sqrt(44100001/10^7) = 2.1000000238...: inexact, 2.10000 at 6 digits */
    sq_init(&r, 44100001, 10000000, 2, 3);
    sq_view(&v, &r);
    ct_root_get_strs(&approx, &lo, &hi, &v, 6, &untrimmed);
    CHECK_MSG(strcmp(approx, "2.10000") == 0, "%s", approx);
    CHECK_MSG(brackets(lo, hi, 44100001, 10000000), "[%s, %s]", lo, hi);
    free(approx), free(lo), free(hi);
    sq_clear(&r);
    sq_init(&r, 44100001, 10000000, 2, 3);
    sq_view(&v, &r);
    ct_root_get_strs(&approx, &lo, &hi, &v, 6, &sq_strs);
    CHECK_MSG(strcmp(approx, "2.1") == 0, "%s", approx);
    free(approx), free(lo), free(hi);
    sq_clear(&r);
}

/* Negative zeros and intervals around 0 (cut there by the sign oracle). */
static void check_strs_negative(void)
{
    sq_root r;
    ct_root_struct v;
    char *approx, *lo, *hi;
    /* -sqrt(2) in [-2, -1], and in [-2, 1] (around 0) */
    for (slong hi0 = -1; hi0 <= 1; hi0 += 2) {
        sq_init(&r, 2, 1, -2, hi0);
        r.sign_lo = 1;
        sq_view(&v, &r);
        ct_root_get_strs(&approx, &lo, &hi, &v, 10, &sq_strs);
        CHECK_MSG(strcmp(approx, "-1.414213562") == 0, "%s", approx);
        CHECK_MSG(brackets_signed(lo, hi, 2, 1, -1), "[%s, %s]", lo, hi);
        free(approx), free(lo), free(hi);
        sq_clear(&r);
    }
    /* -1/2 in [-1, 1/4]: cut at 0, then bisected onto -1/2 exactly */
    sq_init(&r, 1, 4, -1, 1);
    fmpq_set_si(r.hi, 1, 4);
    r.sign_lo = 1;
    sq_view(&v, &r);
    ct_root_get_strs(&approx, &lo, &hi, &v, 10, &sq_strs);
    CHECK(strcmp(approx, "-0.5") == 0 && strcmp(lo, "-0.5") == 0 &&
          strcmp(hi, "-0.5") == 0);
    free(approx), free(lo), free(hi);
    sq_clear(&r);
}

int main(void)
{
    check_bisect_refine_cmp_fmpq();
    check_cmp();
    check_strs();
    check_strs_trim();
    check_strs_negative();
    flint_cleanup();
    return check_finish("t-root");
}
