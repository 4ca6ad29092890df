/* roots_str: decimal certificates of roots and polynomial strings. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/roots.h"
#include "roots_internal.h"

/* ------------------------------------------------------------------------ */
/* Decimal output                                                            */

static int _roots_fmpq_cmpabs(const fmpq_t x, const fmpq_t y)
{
    fmpz_t s, t;
    int c;

    fmpz_init(s);
    fmpz_init(t);
    fmpz_mul(s, fmpq_numref(x), fmpq_denref(y));
    fmpz_mul(t, fmpq_numref(y), fmpq_denref(x));
    c = fmpz_cmpabs(s, t);
    fmpz_clear(s);
    fmpz_clear(t);
    return c;
}

/* floor(log10(x)) for x > 0 */
static slong _roots_dec_exponent(const fmpq_t x)
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
static void _roots_dec_scale(fmpz_t n, const fmpq_t x, slong E, int mode)
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
static char *_roots_dec_get_str(const fmpz_t n, slong E, int trim)
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
    s = malloc(strlen(out) + 1);
    strcpy(s, out);
    flint_free(out);
    return s;
}

/* x != 0 rounded to `digits` significant digits */
static char *_roots_dec_round(const fmpq_t x, slong digits)
{
    fmpz_t n, t;
    fmpq_t ax;
    slong E;
    char *s;

    fmpz_init(n);
    fmpz_init(t);
    fmpq_init(ax);
    fmpq_abs(ax, x);
    E = _roots_dec_exponent(ax) - digits + 1;
    _roots_dec_scale(n, x, E, 0);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, digits);
    if (fmpz_cmpabs(n, t) >= 0) {
        /* rounding carried into a new digit: 9.99 -> 10.0 */
        fmpz_tdiv_q_ui(n, n, 10);
        E++;
    }
    s = _roots_dec_get_str(n, E, 0);
    fmpz_clear(n);
    fmpz_clear(t);
    fmpq_clear(ax);
    return s;
}

/* The exact decimal n 10^E of x if its denominator is 2^a 5^b (returns 1). */
static int _roots_dec_exact(fmpz_t n, slong *E, const fmpq_t x)
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

static char *_roots_fmpq_get_str(const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x), *t = malloc(strlen(s) + 1);

    strcpy(t, s);
    flint_free(s);
    return t;
}

static void _rroot_get_strs_exact(char **approx, char **lo, char **hi, const fmpq_t x,
                                  slong digits)
{
    fmpz_t n;
    slong E;

    fmpz_init(n);
    if (_roots_dec_exact(n, &E, x)) {
        *lo = _roots_dec_get_str(n, E, 1);
        *hi = _roots_dec_get_str(n, E, 1);
        if ((slong)fmpz_sizeinbase(n, 10) <= digits || fmpz_is_zero(n))
            *approx = _roots_dec_get_str(n, E, 1);
        else
            *approx = _roots_dec_round(x, digits);
    } else {
        *lo = _roots_fmpq_get_str(x);
        *hi = _roots_fmpq_get_str(x);
        *approx = _roots_dec_round(x, digits);
    }
    fmpz_clear(n);
}

/* Moves the interval of r off 0 (0 is then no root of r->poly or r is exact):
   the relative accuracy below needs a bound away from 0. */
static void _rroot_avoid_zero(rroot_t r)
{
    fmpq_t z;
    int s;

    if (rroot_is_exact(r) || (fmpq_sgn(r->lo) > 0 || fmpq_sgn(r->hi) < 0))
        return;
    if (fmpq_sgn(r->lo) < 0 && fmpq_sgn(r->hi) > 0) {
        fmpq_init(z);
        s = _roots_poly_sign_at(r->poly, z);
        if (s == 0)
            rroot_set_exact(r, z);
        else if (s == r->sign_lo)
            fmpq_zero(r->lo);
        else
            fmpq_zero(r->hi);
        fmpq_clear(z);
    }
    while (!rroot_is_exact(r) && (fmpq_is_zero(r->lo) || fmpq_is_zero(r->hi)))
        rroot_bisect(r);
}

/* Whether hi - lo <= 10^-digits min(|lo|, |hi|) */
static int _rroot_rel_narrow(const rroot_t r, slong digits)
{
    fmpq_t w, m;
    fmpz_t t;
    int c;

    fmpq_init(w);
    fmpq_init(m);
    fmpz_init(t);
    fmpq_sub(w, r->hi, r->lo);
    if (_roots_fmpq_cmpabs(r->lo, r->hi) <= 0)
        fmpq_abs(m, r->lo);
    else
        fmpq_abs(m, r->hi);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, digits);
    fmpq_mul_fmpz(w, w, t);
    c = fmpq_cmp(w, m) <= 0;
    fmpq_clear(w);
    fmpq_clear(m);
    fmpz_clear(t);
    return c;
}

void rroot_get_strs(char **approx, char **lo, char **hi, rroot_t r, slong digits)
{
    fmpz_t L, H;
    fmpq_t a, b;
    slong i, sig, E;
    int ok;

    digits = FLINT_MAX(digits, 1);
    _rroot_avoid_zero(r);
    while (!rroot_is_exact(r) && !_rroot_rel_narrow(r, digits + 2))
        _rroot_step(r);
    if (rroot_is_exact(r)) {
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }

    /* correctly rounded when both ends round alike, which a few more
       bisections nearly always achieve; else the midpoint rounded */
    *approx = NULL;
    for (i = 0; i < 64 && !rroot_is_exact(r); i++) {
        char *u = _roots_dec_round(r->lo, digits), *v = _roots_dec_round(r->hi, digits);
        ok = strcmp(u, v) == 0;
        free(v);
        if (ok) {
            *approx = u;
            break;
        }
        free(u);
        rroot_bisect(r);
    }
    if (rroot_is_exact(r)) {
        free(*approx);
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }
    if (*approx == NULL) {
        fmpq_init(a);
        fmpq_add(a, r->lo, r->hi);
        fmpq_div_2exp(a, a, 1);
        *approx = _roots_dec_round(a, digits);
        fmpq_clear(a);
    }

    /* lo, hi: the interval rounded outward to a grid of about digits/2
       significant digits, made finer until Descartes certifies exactly one root */
    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    fmpq_abs(a, _roots_fmpq_cmpabs(r->lo, r->hi) <= 0 ? r->lo : r->hi);
    E = _roots_dec_exponent(a);
    for (sig = FLINT_MAX(1, (digits + 1) / 2);; sig++) {
        _roots_dec_scale(L, r->lo, E - sig + 1, -1);
        _roots_dec_scale(H, r->hi, E - sig + 1, 1);
        fmpq_set_fmpz(a, L);
        fmpq_set_fmpz(b, H);
        fmpz_set_ui(L, 10);
        fmpz_pow_ui(L, L, FLINT_ABS(E - sig + 1));
        if (E - sig + 1 >= 0) {
            fmpq_mul_fmpz(a, a, L);
            fmpq_mul_fmpz(b, b, L);
        } else {
            fmpq_div_fmpz(a, a, L);
            fmpq_div_fmpz(b, b, L);
        }
        if (_roots_poly_sign_at(r->poly, a) != 0 &&
            _roots_poly_sign_at(r->poly, b) != 0 &&
            _roots_descartes_interval(r->poly, a, b) == 1)
            break;
        /* Descartes needs an interval small against the root separation */
        if (sig > digits + 2)
            rroot_bisect(r);
        if (rroot_is_exact(r))
            break;
    }
    if (rroot_is_exact(r)) {
        free(*approx);
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
    } else {
        _roots_dec_scale(L, a, E - sig + 1, 0);
        _roots_dec_scale(H, b, E - sig + 1, 0);
        *lo = _roots_dec_get_str(L, E - sig + 1, 1);
        *hi = _roots_dec_get_str(H, E - sig + 1, 1);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

/* ------------------------------------------------------------------------ */
/* Polynomial strings                                                        */

char *roots_poly_get_str(const fmpz_poly_t poly)
{
    slong i, n = 0, alloc = 16;
    char *out = malloc(alloc), *c;
    fmpz_t a;
    int first = 1;

    fmpz_init(a);
    for (i = poly->length - 1; i >= 0; i--) {
        const fmpz *ci = poly->coeffs + i;
        if (fmpz_is_zero(ci))
            continue;
        fmpz_abs(a, ci);
        c = fmpz_get_str(NULL, 10, a);
        if (n + (slong)strlen(c) + 48 > alloc) {
            alloc = 2 * (n + strlen(c) + 48);
            out = realloc(out, alloc);
        }
        if (first)
            n += sprintf(out + n, "%s", fmpz_sgn(ci) < 0 ? "-" : "");
        else
            n += sprintf(out + n, " %c ", fmpz_sgn(ci) < 0 ? '-' : '+');
        if (i == 0 || !fmpz_is_one(a))
            n += sprintf(out + n, "%s%s", c, i > 0 ? "*" : "");
        if (i == 1)
            n += sprintf(out + n, "x");
        else if (i > 1)
            n += sprintf(out + n, "x^%ld", (long)i);
        flint_free(c);
        first = 0;
    }
    if (first)
        strcpy(out, "0");
    fmpz_clear(a);
    return out;
}
