/* roots_str: decimal certificates of roots and polynomial strings. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "rroot_internal.h"
#include "certune/decimal.h"
#include "certune/mem.h"

/* ------------------------------------------------------------------------ */
/* Decimal output (conversions in decimal.c)                                 */

static char *_roots_fmpq_get_str(const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x), *t = ct_mem_malloc(strlen(s) + 1);

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
    if (ct_decimal_exact(n, &E, x)) {
        *lo = ct_decimal_get_str(n, E, 1);
        *hi = ct_decimal_get_str(n, E, 1);
        if ((slong)fmpz_sizeinbase(n, 10) <= digits || fmpz_is_zero(n))
            *approx = ct_decimal_get_str(n, E, 1);
        else
            *approx = ct_decimal_round(x, digits, 0);
    } else {
        *lo = _roots_fmpq_get_str(x);
        *hi = _roots_fmpq_get_str(x);
        *approx = ct_decimal_round(x, digits, 0);
    }
    fmpz_clear(n);
}

/* Moves the interval of r off 0 (0 is then no root of r->poly or r is exact):
   the relative accuracy below needs a bound away from 0. */
static void _rroot_avoid_zero(ct_rroot_t r)
{
    fmpq_t z;
    int s;

    if (ct_rroot_is_exact(r) || (fmpq_sgn(r->lo) > 0 || fmpq_sgn(r->hi) < 0))
        return;
    if (fmpq_sgn(r->lo) < 0 && fmpq_sgn(r->hi) > 0) {
        fmpq_init(z);
        s = _ct_rroot_poly_sign_at(r->poly, z);
        if (s == 0)
            ct_rroot_set_exact(r, z);
        else if (s == r->sign_lo)
            fmpq_zero(r->lo);
        else
            fmpq_zero(r->hi);
        fmpq_clear(z);
    }
    while (!ct_rroot_is_exact(r) && (fmpq_is_zero(r->lo) || fmpq_is_zero(r->hi)))
        ct_rroot_bisect(r);
}

static void _rroot_refine_cb(void *r)
{
    ct_rroot_bisect((ct_rroot_struct *)r);
}

void ct_rroot_get_strs(char **approx, char **lo, char **hi, ct_rroot_t r, slong digits)
{
    fmpz_t L, H;
    fmpq_t a, b;
    slong sig, E;

    digits = FLINT_MAX(digits, 1);
    _rroot_avoid_zero(r);
    while (!ct_rroot_is_exact(r) && !ct_decimal_rel_narrow(r->lo, r->hi, digits + 2))
        _ct_rroot_step(r);
    if (ct_rroot_is_exact(r)) {
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }

    /* correctly rounded when both ends round alike, which a few more
       bisections nearly always achieve; else the midpoint rounded */
    *approx = ct_decimal_approx(r->lo, r->hi, _rroot_refine_cb, r, digits, 0);
    if (ct_rroot_is_exact(r)) {
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }

    /* lo, hi: the interval rounded outward to a grid of about digits/2
       significant digits, made finer until Descartes certifies exactly one root */
    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    fmpq_abs(a, r->lo);
    fmpq_abs(b, r->hi);
    E = ct_decimal_exponent(fmpq_cmp(a, b) <= 0 ? a : b);
    for (sig = FLINT_MAX(1, (digits + 1) / 2);; sig++) {
        ct_decimal_scale(L, r->lo, E - sig + 1, -1);
        ct_decimal_scale(H, r->hi, E - sig + 1, 1);
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
        if (_ct_rroot_poly_sign_at(r->poly, a) != 0 &&
            _ct_rroot_poly_sign_at(r->poly, b) != 0 &&
            _ct_rroot_descartes_interval(r->poly, a, b) == 1)
            break;
        /* Descartes needs an interval small against the root separation */
        if (sig > digits + 2)
            ct_rroot_bisect(r);
        if (ct_rroot_is_exact(r))
            break;
    }
    if (ct_rroot_is_exact(r)) {
        free(*approx);
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
    } else {
        ct_decimal_scale(L, a, E - sig + 1, 0);
        ct_decimal_scale(H, b, E - sig + 1, 0);
        *lo = ct_decimal_get_str(L, E - sig + 1, 1);
        *hi = ct_decimal_get_str(H, E - sig + 1, 1);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

/* ------------------------------------------------------------------------ */
/* Polynomial strings                                                        */

char *ct_rroot_poly_get_str(const fmpz_poly_t poly)
{
    slong i, n = 0, alloc = 16;
    char *out = ct_mem_malloc(alloc), *c;
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
            out = ct_mem_realloc(out, alloc);
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
