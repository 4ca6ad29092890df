/* decimal: exact decimal conversions of rationals and the decimal
   certificates shared by every kind of breakpoint (decimal.h). */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz.h>
#include <fmpz_extras.h>
#include "certune/decimal.h"
#include "certune/mem.h"

/* floor(log10(x)) for x > 0 */
slong ct_decimal_exponent(const fmpq_t x)
{
    slong e =
        (slong)(((slong)fmpz_bits(fmpq_numref(x)) - (slong)fmpz_bits(fmpq_denref(x))) *
                0.30102999566398120);
    fmpz_t t;
    fmpq_t y;

    fmpz_init(t);
    fmpq_init(y);
    for (;;) {
        /* y = x / 10^e; want 1 <= y < 10 */
        fmpz_set_ui(t, 10);
        fmpz_pow_ui(t, t, FLINT_ABS(e));
        if (e >= 0)
            fmpq_div_fmpz(y, x, t);
        else
            fmpq_mul_fmpz(y, x, t);
        if (fmpz_cmp(fmpq_numref(y), fmpq_denref(y)) < 0) {
            e--;
            continue;
        }
        fmpz_mul_ui(t, fmpq_denref(y), 10);
        if (fmpz_cmp(fmpq_numref(y), t) >= 0) {
            e++;
            continue;
        }
        break;
    }
    fmpz_clear(t);
    fmpq_clear(y);
    return e;
}

/* n = x / 10^E rounded by mode: 0 nearest (ties away from 0), -1 floor, 1 ceil */
void ct_decimal_scale(fmpz_t n, const fmpq_t x, slong E, int mode)
{
    fmpz_t num, den;

    fmpz_init(num);
    fmpz_init(den);
    fmpz_set_ui(num, 10);
    fmpz_pow_ui(num, num, FLINT_ABS(E));
    if (E >= 0) {
        fmpz_mul(den, fmpq_denref(x), num);
        fmpz_set(num, fmpq_numref(x));
    } else {
        fmpz_mul(num, fmpq_numref(x), num);
        fmpz_set(den, fmpq_denref(x));
    }
    if (mode < 0) {
        fmpz_fdiv_q(n, num, den);
    } else if (mode > 0) {
        fmpz_cdiv_q(n, num, den);
    } else {
        /* round(|num| / den) = floor((2 |num| + den) / (2 den)) */
        int neg = fmpz_sgn(num) < 0;
        fmpz_abs(num, num);
        fmpz_mul_2exp(num, num, 1);
        fmpz_add(num, num, den);
        fmpz_mul_2exp(den, den, 1);
        fmpz_fdiv_q(n, num, den);
        if (neg)
            fmpz_neg(n, n);
    }
    fmpz_clear(num);
    fmpz_clear(den);
}

/* The string of n 10^E: plain decimal unless that would need long runs of
   padding zeros, then "d.ddde-30" (accepted by qparse). With trim, trailing
   fractional zeros are dropped. */
char *ct_decimal_get_str(const fmpz_t n, slong E, int trim)
{
    char *s, *out, *p;
    slong len, lead, i;
    int neg = fmpz_sgn(n) < 0;
    fmpz_t t;

    fmpz_init(t);
    fmpz_abs(t, n);
    if (trim && !fmpz_is_zero(t))
        while (fmpz_divisible_si(t, 10) && E < 0) {
            fmpz_divexact_ui(t, t, 10);
            E++;
        }
    s = fmpz_get_str(NULL, 10, t);
    fmpz_clear(t);
    len = strlen(s);
    lead = len - 1 + E;
    out = flint_malloc(len + FLINT_ABS(E) + 32);
    p = out;
    if (neg)
        *p++ = '-';
    if (fmpz_is_zero(n)) {
        *p++ = '0';
    } else if (lead < -7 || lead >= 21) {
        *p++ = s[0];
        for (i = len - 1; trim && i > 0 && s[i] == '0'; i--)
            len = i;
        if (len > 1) {
            *p++ = '.';
            memcpy(p, s + 1, len - 1);
            p += len - 1;
        }
        p += sprintf(p, "e%ld", (long)lead);
    } else if (E >= 0) {
        memcpy(p, s, len);
        p += len;
        for (i = 0; i < E; i++)
            *p++ = '0';
    } else if (lead >= 0) {
        memcpy(p, s, lead + 1);
        p += lead + 1;
        *p++ = '.';
        memcpy(p, s + lead + 1, len - lead - 1);
        p += len - lead - 1;
    } else {
        *p++ = '0';
        *p++ = '.';
        for (i = 0; i < -lead - 1; i++)
            *p++ = '0';
        memcpy(p, s, len);
        p += len;
    }
    *p = '\0';
    flint_free(s);
    /* callers free with free(): hand back a malloc'ed copy */
    s = ct_mem_malloc(strlen(out) + 1);
    strcpy(s, out);
    flint_free(out);
    return s;
}

/* x != 0 rounded to `digits` significant digits */
char *ct_decimal_round(const fmpq_t x, slong digits, int trim)
{
    fmpz_t n, t;
    fmpq_t ax;
    slong E;
    char *s;

    fmpz_init(n);
    fmpz_init(t);
    fmpq_init(ax);
    fmpq_abs(ax, x);
    E = ct_decimal_exponent(ax) - digits + 1;
    ct_decimal_scale(n, x, E, 0);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, digits);
    if (fmpz_cmpabs(n, t) >= 0) {
        /* rounding carried into a new digit: 9.99 -> 10.0 */
        fmpz_tdiv_q_ui(n, n, 10);
        E++;
    }
    s = ct_decimal_get_str(n, E, trim);
    fmpz_clear(n);
    fmpz_clear(t);
    fmpq_clear(ax);
    return s;
}

/* The decimal digits of a (not 0): GMP's count may be one too many. */
static size_t decimal_digits(const fmpz_t a)
{
    size_t n = fmpz_sizeinbase(a, 10);
    fmpz_t p;
    fmpz_init(p);
    fmpz_ui_pow_ui(p, 10, n - 1);
    if (fmpz_cmpabs(a, p) < 0)
        n--;
    fmpz_clear(p);
    return n;
}

char *ct_decimal_brief(const fmpq_t x)
{
    /* sizes from the bits first: the fraction is not formed when long */
    double digits =
        0.30103 * (double)(fmpz_bits(fmpq_numref(x)) + fmpz_bits(fmpq_denref(x)));
    if (digits <= CT_DECIMAL_BRIEF_MAX + 4) {
        char *f = fmpq_get_str(NULL, 10, x), *s = ct_mem_strdup(f);
        flint_free(f);
        if (strlen(s) <= CT_DECIMAL_BRIEF_MAX)
            return s;
        free(s);
    }
    size_t n = decimal_digits(fmpq_numref(x)) +
               (fmpz_is_one(fmpq_denref(x)) ? 0 : decimal_digits(fmpq_denref(x)));
    char *d = ct_decimal_round(x, 6, 1), *s = ct_mem_malloc(strlen(d) + 64);
    sprintf(s, "~%s [exact: %lu digits]", d, (unsigned long)n);
    free(d);
    return s;
}

/* The exact decimal n 10^E of x if its denominator is 2^a 5^b (returns 1). */
int ct_decimal_exact(fmpz_t n, slong *E, const fmpq_t x)
{
    fmpz_t q, f;
    slong a, b, m;
    int ok;

    fmpz_init(q);
    fmpz_init(f);
    fmpz_set(q, fmpq_denref(x));
    fmpz_set_ui(f, 2);
    a = fmpz_remove(q, q, f);
    fmpz_set_ui(f, 5);
    b = fmpz_remove(q, q, f);
    ok = fmpz_is_one(q);
    if (ok) {
        m = FLINT_MAX(a, b);
        fmpz_set_ui(f, 10);
        fmpz_pow_ui(f, f, m);
        fmpz_mul(n, fmpq_numref(x), f);
        fmpz_divexact(n, n, fmpq_denref(x));
        *E = -m;
        while (!fmpz_is_zero(n) && fmpz_divisible_si(n, 10)) {
            fmpz_divexact_ui(n, n, 10);
            (*E)++;
        }
    }
    fmpz_clear(q);
    fmpz_clear(f);
    return ok;
}

char *ct_decimal_fmpq_str(const fmpq_t x)
{
    fmpz_t n;
    slong E;
    char *s, *t;

    fmpz_init(n);
    if (ct_decimal_exact(n, &E, x)) {
        t = ct_decimal_get_str(n, E, 1);
    } else {
        s = fmpq_get_str(NULL, 10, x);
        t = ct_mem_malloc(strlen(s) + 1);
        strcpy(t, s);
        flint_free(s);
    }
    fmpz_clear(n);
    return t;
}

/* x = n 10^E */
void ct_decimal_set(fmpq_t x, const fmpz_t n, slong E)
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

void ct_decimal_exact_strs(char **approx, char **lo, char **hi, const fmpq_t x,
                           slong digits, int trim)
{
    fmpz_t n;
    slong E;

    *lo = ct_decimal_fmpq_str(x);
    *hi = ct_decimal_fmpq_str(x);
    fmpz_init(n);
    if (ct_decimal_exact(n, &E, x) &&
        (fmpz_is_zero(n) || (slong)fmpz_sizeinbase(n, 10) <= digits))
        *approx = ct_decimal_get_str(n, E, 1);
    else
        *approx = ct_decimal_round(x, digits, trim);
    fmpz_clear(n);
}

/* With lo = p1/q1, hi = p2/q2 (q > 0): (p2 q1 - p1 q2) 10^digits <=
   min(|p1| q2, |p2| q1), in integers (no fmpq canonicalization: this runs once
   per refinement step of every certificate). */
int ct_decimal_rel_narrow(const fmpq_t lo, const fmpq_t hi, slong digits)
{
    fmpz_t w, m, t;
    int c;

    fmpz_init(w);
    fmpz_init(m);
    fmpz_init(t);
    fmpz_mul(m, fmpq_numref(lo), fmpq_denref(hi)); /* lo q1 q2 */
    fmpz_mul(t, fmpq_numref(hi), fmpq_denref(lo)); /* hi q1 q2 */
    fmpz_sub(w, t, m);                             /* (hi - lo) q1 q2 */
    if (fmpz_cmpabs(m, t) > 0)
        fmpz_swap(m, t);
    fmpz_abs(m, m); /* min(|lo|, |hi|) q1 q2 */
    fmpz_ui_pow_ui(t, 10, digits);
    fmpz_mul(w, w, t);
    c = fmpz_cmp(w, m) <= 0;
    fmpz_clear(w);
    fmpz_clear(m);
    fmpz_clear(t);
    return c;
}

char *ct_decimal_approx(const fmpq *lo, const fmpq *hi, void (*refine)(void *), void *arg,
                        slong digits, int trim)
{
    for (slong i = 0; i < 64 && !fmpq_equal(lo, hi); i++) {
        char *u = ct_decimal_round(lo, digits, trim),
             *v = ct_decimal_round(hi, digits, trim);
        int same = strcmp(u, v) == 0;
        free(v);
        if (same)
            return u;
        free(u);
        refine(arg);
    }
    if (fmpq_equal(lo, hi))
        return NULL;
    fmpq_t m;
    fmpq_init(m);
    fmpq_add(m, lo, hi);
    fmpq_div_2exp(m, m, 1);
    char *u = ct_decimal_round(m, digits, trim);
    fmpq_clear(m);
    return u;
}
