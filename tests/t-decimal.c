/* Tests of decimal: hand values of the exact decimal conversions. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/decimal.h"

static int str_is(char *s, const char *want)
{
    int ok = strcmp(s, want) == 0;
    if (!ok)
        fprintf(stderr, "got %s, want %s\n", s, want);
    free(s);
    return ok;
}

int main(void)
{
    fmpq_t x, y;
    fmpz_t n;
    fmpq_init(x), fmpq_init(y), fmpz_init(n);
    fmpq_set_si(x, 1, 1000);
    CHECK(ct_decimal_exponent(x) == -3);
    fmpq_set_si(x, 999, 1);
    CHECK(ct_decimal_exponent(x) == 2);
    fmpq_set_si(x, 1001, 1000);
    CHECK(ct_decimal_exponent(x) == 0);
    fmpq_set_si(x, 2, 3); /* 0.666...: floor / ceil / nearest at 10^-3 */
    ct_decimal_scale(n, x, -3, -1);
    CHECK(fmpz_equal_si(n, 666));
    ct_decimal_scale(n, x, -3, 1);
    CHECK(fmpz_equal_si(n, 667));
    ct_decimal_scale(n, x, -3, 0);
    CHECK(fmpz_equal_si(n, 667));
    fmpz_set_si(n, 12345);
    CHECK(str_is(ct_decimal_get_str(n, -2, 1), "123.45"));
    fmpz_set_si(n, 12300);
    CHECK(str_is(ct_decimal_get_str(n, -4, 1), "1.23"));
    CHECK(str_is(ct_decimal_get_str(n, -4, 0), "1.2300"));
    ct_decimal_set(y, n, -4);
    fmpq_set_si(x, 123, 100);
    CHECK(fmpq_equal(x, y));
    fmpq_set_si(x, 1, 3);
    CHECK(str_is(ct_decimal_round(x, 5, 1), "0.33333"));
    CHECK(str_is(ct_decimal_fmpq_str(x), "1/3"));
    fmpq_set_si(y, 3, 10); /* 0.3 rounds to "0.30000" untrimmed */
    CHECK(str_is(ct_decimal_round(y, 5, 0), "0.30000"));
    fmpq_set_si(x, 1000, 1), fmpq_set_si(y, 1001, 1); /* width 1 against 1000 */
    CHECK(ct_decimal_rel_narrow(x, y, 3) && !ct_decimal_rel_narrow(x, y, 4));
    fmpq_set_si(x, -1001, 1), fmpq_set_si(y, -1000, 1); /* min |.| is |hi| */
    CHECK(ct_decimal_rel_narrow(x, y, 3) && !ct_decimal_rel_narrow(x, y, 4));
    fmpq_set_si(x, 1, 3), fmpq_set_si(y, 1001, 3000); /* width 1/3000 vs 1/3 */
    CHECK(ct_decimal_rel_narrow(x, y, 3) && !ct_decimal_rel_narrow(x, y, 4));
    fmpq_set_si(x, -1, 2), fmpq_set_si(y, 1, 2); /* width 1 vs 1/2 */
    CHECK(!ct_decimal_rel_narrow(x, y, 0) && !ct_decimal_rel_narrow(x, y, 1));
    fmpq_set_si(x, 2, 7), fmpq_set_si(y, 2, 7); /* a point */
    CHECK(ct_decimal_rel_narrow(x, y, 50));
    fmpq_set_si(x, 1, 8);
    CHECK(str_is(ct_decimal_fmpq_str(x), "0.125"));
    fmpq_clear(x), fmpq_clear(y), fmpz_clear(n);
    flint_cleanup();
    return check_finish("t-decimal");
}
