/* Tests of ct_qparse_fmpq: exact values of every accepted spelling, and rejections. */
#include <string.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include "certune/qparse.h"
#include "check.h"

/* s must parse to exactly num/den (den > 0, need not be reduced). */
static void check_value(const char *s, slong num, slong den)
{
    fmpq_t x, want;
    int r;

    fmpq_init(x);
    fmpq_init(want);
    fmpq_set_si(want, num, (ulong)den);
    r = ct_qparse_fmpq(x, s);
    CHECK_MSG(r == 0, "\"%s\" rejected", s);
    CHECK_MSG(fmpq_equal(x, want), "\"%s\" wrong, want %ld/%ld", s, (long)num, (long)den);
    fmpq_clear(x);
    fmpq_clear(want);
}

/* s must parse to exactly num * 10^e10 (e10 may be negative). */
static void check_pow10(const char *s, slong num, slong e10)
{
    fmpq_t x, want;
    fmpz_t p;

    fmpq_init(x);
    fmpq_init(want);
    fmpz_init_set_ui(p, 10);
    fmpz_pow_ui(p, p, (ulong)(e10 < 0 ? -e10 : e10));
    fmpq_set_si(want, num, 1);
    if (e10 >= 0)
        fmpq_mul_fmpz(want, want, p);
    else
        fmpq_div_fmpz(want, want, p);
    CHECK_MSG(ct_qparse_fmpq(x, s) == 0, "\"%s\" rejected", s);
    CHECK_MSG(fmpq_equal(x, want), "\"%s\" wrong", s);
    fmpq_clear(x);
    fmpq_clear(want);
    fmpz_clear(p);
}

/* s must be rejected and leave x = 0. */
static void check_reject(const char *s)
{
    fmpq_t x;

    fmpq_init(x);
    fmpq_set_si(x, 7, 3);
    CHECK_MSG(ct_qparse_fmpq(x, s) != 0, "\"%s\" accepted", s);
    CHECK_MSG(fmpq_is_zero(x), "\"%s\" left x nonzero", s);
    fmpq_clear(x);
}

static void test_integers(void)
{
    check_value("0", 0, 1);
    check_value("3", 3, 1);
    check_value("+3", 3, 1);
    check_value("-3", -3, 1);
    check_value("-0", 0, 1);
    check_value("007", 7, 1);
    check_value("000", 0, 1);
    check_value("9223372036854775807", WORD_MAX, 1);
}

static void test_big_integer(void)
{
    fmpq_t x;
    fmpz_t want;

    fmpq_init(x);
    fmpz_init(want);
    fmpz_set_str(want, "123456789012345678901234567890", 10);
    CHECK(ct_qparse_fmpq(x, "123456789012345678901234567890") == 0);
    CHECK(fmpz_equal(fmpq_numref(x), want) && fmpz_is_one(fmpq_denref(x)));
    CHECK(ct_qparse_fmpq(x, "-123456789012345678901234567890/10") == 0);
    fmpz_set_str(want, "-12345678901234567890123456789", 10);
    CHECK(fmpz_equal(fmpq_numref(x), want) && fmpz_is_one(fmpq_denref(x)));
    fmpq_clear(x);
    fmpz_clear(want);
}

static void test_fractions(void)
{
    check_value("3/4", 3, 4);
    check_value("-3/6", -1, 2);
    check_value("+3/6", 1, 2);
    check_value("6/3", 2, 1);
    check_value("0/5", 0, 1);
    check_value("-0/5", 0, 1);
    check_value("007/014", 1, 2);
    check_value("1/1", 1, 1);
}

static void test_decimals(void)
{
    check_value("0.1", 1, 10);
    check_value("0.125", 1, 8);
    check_value(".5", 1, 2);
    check_value("5.", 5, 1);
    check_value("-.5", -1, 2);
    check_value("+5.", 5, 1);
    check_value("1.50", 3, 2);
    check_value("0.0", 0, 1);
    check_value("00.100", 1, 10);
    check_value("3.14159", 314159, 100000);
    /* 0.1 + 0.2 is exactly 0.3 here, unlike in doubles. */
    check_value("0.3", 3, 10);
}

static void test_scientific(void)
{
    check_value("2.5e-1", 1, 4);
    check_value("1e3", 1000, 1);
    check_value("1E3", 1000, 1);
    check_value("1e+3", 1000, 1);
    check_value("1e0", 1, 1);
    check_value("1e-0", 1, 1);
    check_value("1e-3", 1, 1000);
    check_value("-1.5e2", -150, 1);
    check_value(".5e1", 5, 1);
    check_value("5.e-1", 1, 2);
    check_value("0e99999", 0, 1);
    check_value("12.5e-3", 1, 80);
    check_value("1e007", 10000000, 1);
    check_pow10("1e100000", 1, 100000);
    check_pow10("1e-100000", 1, -100000);
    check_pow10("-7e-100000", -7, -100000);
    check_pow10("1.5e100000", 15, 99999);
    /* The bound is on the exponent as written, whatever the digits. */
    check_pow10("0.001e100000", 1, 99997);
    check_pow10("1e00000000000000000000100000", 1, 100000);
}

static void test_rejections(void)
{
    static const char *bad[] = {
        "",      " ",        " 1",    "1 ",       "1\t",       "\n",
        "+",     "-",        ".",     "+.",       "-.e1",      "e5",
        "E5",    ".e5",      "1e",    "1e+",      "1e-",       "1e+-1",
        "1ee1",  "1e1.5",    "1e1e1", "1.2.3",    "1..2",      "--1",
        "+-1",   "-+1",      "++1",   "nan",      "NaN",       "inf",
        "-inf",  "Infinity", "0x10",  "0X10",     "0b1",       "1_000",
        "1,5",   "1/0",      "-1/0",  "0/0",      "1/00",      "1/-2",
        "1/+2",  "/2",       "1/",    "-/2",      "1/2/3",     "1.5/2",
        "1/2.5", "1/2e3",    "1e3/2", "1e100001", "1e-100001", "1e999999999999999999999",
        "abc",   "1a",       "a1",    "1 /2",     "1/ 2",      "\xc2\xbd",
        "1\r",   "1e1 "};
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check_reject(bad[i]);
    check_reject(NULL);
}

/* An exponent beyond the bound says so (for messages that name the limit),
   when it is the token's only fault; anything malformed is -1. */
static void test_exponent_limit(void)
{
    static const char *big[] = {"1e100001", "1e-100001", "-2.5E+999999999999999999999",
                                "7.e100001"};
    static const char *bad[] = {"1e100001x", "1e100001.5", "1e", "1e1e100001",
                                "1/2e100001"};
    fmpq_t x;

    fmpq_init(x);
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        CHECK_MSG(ct_qparse_fmpq(x, big[i]) == CT_QPARSE_EXPONENT && fmpq_is_zero(x),
                  "\"%s\"", big[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_MSG(ct_qparse_fmpq(x, bad[i]) == -1, "\"%s\"", bad[i]);
    CHECK(ct_qparse_fmpq(x, "1e100000") == 0 && CT_QPARSE_MAX_EXP == 100000);
    fmpq_clear(x);
}

/* A long mantissa is read exactly, digit for digit. */
static void test_long_mantissa(void)
{
    char s[2 + 1000 + 1];
    fmpq_t x;
    fmpz_t d;

    s[0] = '0';
    s[1] = '.';
    memset(s + 2, '0', 999);
    s[1001] = '3';
    s[1002] = '\0';
    fmpq_init(x);
    fmpz_init_set_ui(d, 10);
    fmpz_pow_ui(d, d, 1000);
    CHECK(ct_qparse_fmpq(x, s) == 0);
    CHECK(fmpz_equal_si(fmpq_numref(x), 3) && fmpz_equal(fmpq_denref(x), d));
    fmpq_clear(x);
    fmpz_clear(d);
}

int main(void)
{
    test_integers();
    test_big_integer();
    test_fractions();
    test_decimals();
    test_scientific();
    test_rejections();
    test_exponent_limit();
    test_long_mantissa();
    flint_cleanup();
    return check_finish("t-qparse");
}
