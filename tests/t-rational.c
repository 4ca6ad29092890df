/* Tests of rational: hand cases and a brute force over small denominators. */
#include <flint/fmpq.h>
#include "certune/rational.h"
#include "check.h"

static int between_is(const char *a, const char *b, const char *want)
{
    fmpq_t x, y, q, w;
    int ok;

    fmpq_init(x);
    fmpq_init(y);
    fmpq_init(q);
    fmpq_init(w);
    fmpq_set_str(x, a, 10);
    fmpq_set_str(y, b, 10);
    fmpq_set_str(w, want, 10);
    ct_rational_simplest_between(q, x, y);
    ok = fmpq_equal(q, w);
    if (!ok) {
        fprintf(stderr, "simplest in (%s, %s): got ", a, b);
        fmpq_fprint(stderr, q);
        fprintf(stderr, ", want %s\n", want);
    }
    fmpq_clear(x);
    fmpq_clear(y);
    fmpq_clear(q);
    fmpq_clear(w);
    return ok;
}

static int above_is(const char *a, const char *want)
{
    fmpq_t x, q, w;
    int ok;

    fmpq_init(x);
    fmpq_init(q);
    fmpq_init(w);
    fmpq_set_str(x, a, 10);
    fmpq_set_str(w, want, 10);
    ct_rational_simplest_above(q, x);
    ok = fmpq_equal(q, w);
    fmpq_clear(x);
    fmpq_clear(q);
    fmpq_clear(w);
    return ok;
}

static void test_hand(void)
{
    CHECK(between_is("1/3", "1/2", "2/5"));
    CHECK(between_is("0", "1/10", "1/11"));
    CHECK(between_is("2", "3", "5/2"));
    CHECK(between_is("19/10", "21/10", "2"));
    CHECK(between_is("0", "1", "1/2"));
    CHECK(between_is("0", "2", "1"));
    CHECK(between_is("-1", "1", "0"));
    CHECK(between_is("-1/1000", "1/1000000", "0"));
    CHECK(between_is("-3", "-2", "-5/2"));
    CHECK(between_is("-1/2", "-1/3", "-2/5"));
    CHECK(between_is("-1/10", "0", "-1/11"));
    CHECK(between_is("-21/10", "-19/10", "-2"));
    CHECK(between_is("-7/2", "7/3", "0"));
    CHECK(between_is("3", "10", "4"));
    CHECK(between_is("5/2", "100", "3"));
    CHECK(between_is("0", "1/1000000000000000000000", "1/1000000000000000000001"));
    CHECK(between_is("1414213562/1000000000", "1414213563/1000000000", "47321/33461"));
    CHECK(between_is("355/113", "22/7", "377/120"));
    CHECK(above_is("0", "1"));
    CHECK(above_is("5/2", "3"));
    CHECK(above_is("3", "4"));
    CHECK(above_is("-1/2", "0"));
    CHECK(above_is("-3", "-2"));
    CHECK(above_is("-7/2", "-3"));
}

/* Every interval with ends of denominator <= 12 in [-3, 3]: the answer must be
   the first rational strictly inside in the order (denominator, |numerator|,
   positive first) found by enumeration. */
static void test_brute(void)
{
    fmpq *pts;
    fmpq_t q, c;
    slong n = 0, i, j, den, num, cnt = 0;
    int found, ok;

    pts = flint_malloc(sizeof(fmpq) * 12 * 80);
    for (den = 1; den <= 12; den++)
        for (num = -3 * den; num <= 3 * den; num++) {
            if (n_gcd(FLINT_ABS(num), den) != 1)
                continue;
            fmpq_init(pts + n);
            fmpq_set_si(pts + n, num, den);
            n++;
        }
    fmpq_init(q);
    fmpq_init(c);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            if (fmpq_cmp(pts + i, pts + j) >= 0)
                continue;
            ct_rational_simplest_between(q, pts + i, pts + j);
            found = 0;
            ok = 0;
            for (den = 1; !found && den <= 200; den++)
                for (num = 0; !found && num <= 4 * den; num++) {
                    slong sgn;
                    for (sgn = 1; !found && sgn >= -1; sgn -= 2) {
                        if (num == 0 && sgn < 0)
                            continue;
                        fmpq_set_si(c, sgn * num, den);
                        if (fmpq_cmp(pts + i, c) < 0 && fmpq_cmp(c, pts + j) < 0) {
                            found = 1;
                            ok = fmpq_equal(c, q);
                        }
                    }
                }
            CHECK(found && ok);
            cnt++;
        }
    CHECK(cnt > 1000);
    for (i = 0; i < n; i++)
        fmpq_clear(pts + i);
    flint_free(pts);
    fmpq_clear(q);
    fmpq_clear(c);
}

int main(void)
{
    test_hand();
    test_brute();
    flint_cleanup();
    return check_finish("t-rational");
}
