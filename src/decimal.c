/* decimal: exact decimal conversions of rationals (decimal.h). */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz.h>
#include <fmpz_extras.h>
#include "certune/decimal.h"

/* floor(log10(x)) for x > 0 */
slong decimal_exponent(const fmpq_t x)
{
    slong e =
        (slong)(((slong)fmpz_bits(fmpq_numref(x)) - (slong)fmpz_bits(fmpq_denref(x))) *
                0.30102999566398120);
    fmpz_t p, l, r;

    fmpz_init(p);
    fmpz_init(l);
    fmpz_init(r);
    for (;;) {
        /* compare num * 10^-e with den (and 10 den) */
        fmpz_ui_pow_ui(p, 10, FLINT_ABS(e));
        if (e >= 0) {
            fmpz_set(l, fmpq_numref(x));
            fmpz_mul(r, fmpq_denref(x), p);
        } else {
            fmpz_mul(l, fmpq_numref(x), p);
            fmpz_set(r, fmpq_denref(x));
        }
        if (fmpz_cmp(l, r) < 0) {
            e--;
            continue;
        }
        fmpz_mul_ui(r, r, 10);
        if (fmpz_cmp(l, r) >= 0) {
            e++;
            continue;
        }
        break;
    }
    fmpz_clear(p);
    fmpz_clear(l);
    fmpz_clear(r);
    return e;
}

/* n = x / 10^E rounded: mode -1 floor, 1 ceil, 0 nearest */
void decimal_scale(fmpz_t n, const fmpq_t x, slong E, int mode)
{
    fmpz_t num, den;

    fmpz_init(num);
    fmpz_init(den);
    fmpz_ui_pow_ui(den, 10, FLINT_ABS(E));
    if (E >= 0) {
        fmpz_mul(den, fmpq_denref(x), den);
        fmpz_set(num, fmpq_numref(x));
    } else {
        fmpz_mul(num, fmpq_numref(x), den);
        fmpz_set(den, fmpq_denref(x));
    }
    if (mode == 0) {
        fmpz_mul_2exp(num, num, 1);
        fmpz_add(num, num, den);
        fmpz_mul_2exp(den, den, 1);
    }
    if (mode > 0)
        fmpz_cdiv_q(n, num, den);
    else
        fmpz_fdiv_q(n, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
}

/* The string of n 10^E (n >= 0) without trailing fractional zeros: plain
   decimal, or "d.ddde-30" when that would need many padding zeros. */
char *decimal_get_str(const fmpz_t n0, slong E)
{
    fmpz_t n;
    char *s, *out;
    slong len, lead;

    fmpz_init_set(n, n0);
    while (!fmpz_is_zero(n) && E < 0 && fmpz_divisible_si(n, 10)) {
        fmpz_divexact_ui(n, n, 10);
        E++;
    }
    s = fmpz_get_str(NULL, 10, n);
    len = strlen(s);
    lead = len - 1 + E;
    out = malloc(len + FLINT_ABS(E) + 32);
    if (fmpz_is_zero(n)) {
        strcpy(out, "0");
    } else if (lead < -7 || lead >= 21) {
        sprintf(out, "%c%s%s", s[0], len > 1 ? "." : "", s + 1);
        sprintf(out + strlen(out), "e%ld", (long)lead);
    } else if (E >= 0) {
        strcpy(out, s);
        memset(out + len, '0', E);
        out[len + E] = '\0';
    } else if (lead >= 0) {
        sprintf(out, "%.*s.%s", (int)(lead + 1), s, s + lead + 1);
    } else {
        strcpy(out, "0.");
        memset(out + 2, '0', -lead - 1);
        strcpy(out + 1 - lead, s);
    }
    flint_free(s);
    fmpz_clear(n);
    return out;
}

/* x > 0 rounded to `digits` significant digits */
char *decimal_round(const fmpq_t x, slong digits)
{
    slong E = decimal_exponent(x) - digits + 1;
    fmpz_t n, t;
    char *s;

    fmpz_init(n);
    fmpz_init(t);
    decimal_scale(n, x, E, 0);
    fmpz_ui_pow_ui(t, 10, digits);
    if (fmpz_cmp(n, t) >= 0) {
        fmpz_tdiv_q_ui(n, n, 10);
        E++;
    }
    s = decimal_get_str(n, E);
    fmpz_clear(n);
    fmpz_clear(t);
    return s;
}

/* Whether x = n 10^E exactly (denominator 2^a 5^b): sets n, E. */
static int decimal_exact(fmpz_t n, slong *E, const fmpq_t x)
{
    fmpz_t q, f;
    slong a, b;
    int ok;

    fmpz_init(q);
    fmpz_init(f);
    fmpz_set_ui(f, 2);
    a = fmpz_remove(q, fmpq_denref(x), f);
    fmpz_set_ui(f, 5);
    b = fmpz_remove(q, q, f);
    ok = fmpz_is_one(q);
    if (ok) {
        *E = -FLINT_MAX(a, b);
        fmpz_ui_pow_ui(f, 10, -*E);
        fmpz_mul(n, fmpq_numref(x), f);
        fmpz_divexact(n, n, fmpq_denref(x));
    }
    fmpz_clear(q);
    fmpz_clear(f);
    return ok;
}

char *decimal_fmpq_str(const fmpq_t x)
{
    fmpz_t n;
    slong E;
    char *s, *t;

    fmpz_init(n);
    if (decimal_exact(n, &E, x)) {
        t = decimal_get_str(n, E);
    } else {
        s = fmpq_get_str(NULL, 10, x);
        t = malloc(strlen(s) + 1);
        strcpy(t, s);
        flint_free(s);
    }
    fmpz_clear(n);
    return t;
}

/* x = n 10^E */
void decimal_set(fmpq_t x, const fmpz_t n, slong E)
{
    fmpz_t p;

    fmpz_init(p);
    fmpz_ui_pow_ui(p, 10, FLINT_ABS(E));
    if (E >= 0) {
        fmpq_set_fmpz(x, n);
        fmpq_mul_fmpz(x, x, p);
    } else {
        fmpq_set_fmpz_frac(x, n, p);
    }
    fmpz_clear(p);
}
