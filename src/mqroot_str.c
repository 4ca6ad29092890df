/* mqroot_str: decimal certificates of zeros of multi-quadratic polynomials,
   as exroot_get_strs: refine to a relative width of 10^-(digits + 2), round,
   and bound the zero by decimals inside its isolating interval. */
#include <stdlib.h>
#include <string.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

static void _mqroot_strs_exact(char **approx, char **lo, char **hi, const fmpq_t x,
                               slong digits)
{
    *lo = decimal_fmpq_str(x);
    *hi = decimal_fmpq_str(x);
    *approx = fmpq_is_zero(x) ? decimal_fmpq_str(x) : decimal_round(x, digits);
}

/* Whether (hi - lo) 10^digits <= lo */
static int _mqroot_rel_narrow(const mqroot_t r, slong digits)
{
    fmpq_t w;
    fmpz_t t;
    int c;

    fmpq_init(w);
    fmpz_init(t);
    fmpq_sub(w, r->hi, r->lo);
    fmpz_ui_pow_ui(t, 10, digits);
    fmpq_mul_fmpz(w, w, t);
    c = fmpq_cmp(w, r->lo) <= 0;
    fmpq_clear(w);
    fmpz_clear(t);
    return c;
}

/* The approximation: lo and hi rounded alike (a few more bisections nearly
   always achieve it), else the midpoint rounded; NULL if r became exact. */
static char *_mqroot_approx(mqroot_t r, slong digits)
{
    fmpq_t m;
    char *u, *v;
    slong i;

    for (i = 0; i < 64 && !mqroot_is_exact(r); i++) {
        u = decimal_round(r->lo, digits);
        v = decimal_round(r->hi, digits);
        if (strcmp(u, v) == 0) {
            free(v);
            return u;
        }
        free(u);
        free(v);
        mqroot_bisect(r);
    }
    if (mqroot_is_exact(r))
        return NULL;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    u = decimal_round(m, digits);
    fmpq_clear(m);
    return u;
}

/* Decimal bounds on a grid 10^(E - sig + 1), finer until they fit inside the
   isolating interval [lo0, hi0] the call started with (which holds no other
   zero of fn, and whose ends are none); its ends are dyadic, so a fine
   enough grid fits. */
static void _mqroot_bounds(char **lo, char **hi, mqroot_t r, const fmpq_t lo0,
                           const fmpq_t hi0, slong digits)
{
    slong E = decimal_exponent(r->lo), sig;
    fmpz_t L, H;
    fmpq_t a, b;

    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    for (sig = digits + 2;; sig++) {
        decimal_scale(L, r->lo, E - sig + 1, -1);
        decimal_scale(H, r->hi, E - sig + 1, 1);
        decimal_set(a, L, E - sig + 1);
        decimal_set(b, H, E - sig + 1);
        if (fmpq_cmp(a, lo0) >= 0 && fmpq_cmp(b, hi0) <= 0)
            break;
    }
    *lo = decimal_get_str(L, E - sig + 1);
    *hi = decimal_get_str(H, E - sig + 1);
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

void mqroot_get_strs(char **approx, char **lo, char **hi, mqroot_t r, slong digits)
{
    fmpq_t lo0, hi0;

    digits = FLINT_MAX(digits, 1);
    fmpq_init(lo0);
    fmpq_init(hi0);
    fmpq_set(lo0, r->lo);
    fmpq_set(hi0, r->hi);
    while (!mqroot_is_exact(r) &&
           (fmpq_sgn(r->lo) <= 0 || !_mqroot_rel_narrow(r, digits + 2)))
        mqroot_bisect(r);
    *approx = mqroot_is_exact(r) ? NULL : _mqroot_approx(r, digits);
    if (mqroot_is_exact(r)) {
        free(*approx);
        _mqroot_strs_exact(approx, lo, hi, r->lo, digits);
    } else {
        _mqroot_bounds(lo, hi, r, lo0, hi0, digits);
    }
    fmpq_clear(lo0);
    fmpq_clear(hi0);
}
