/* mqroot_str: decimal certificates of zeros of multi-quadratic polynomials,
   as ct_expsum_root_get_strs: refine to a relative width of 10^-(digits + 2), round,
   and bound the zero by decimals inside its isolating interval. */
#include <stdlib.h>
#include <string.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

static void _mqroot_refine_cb(void *r)
{
    ct_mqroot_bisect((ct_mqroot_struct *)r);
}

/* Decimal bounds on a grid 10^(E - sig + 1), finer until they fit inside the
   isolating interval [lo0, hi0] the call started with (which holds no other
   zero of fn, and whose ends are none); its ends are dyadic, so a fine
   enough grid fits. */
static void _mqroot_bounds(char **lo, char **hi, ct_mqroot_t r, const fmpq_t lo0,
                           const fmpq_t hi0, slong digits)
{
    slong E = ct_decimal_exponent(r->lo), sig;
    fmpz_t L, H;
    fmpq_t a, b;

    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    for (sig = digits + 2;; sig++) {
        ct_decimal_scale(L, r->lo, E - sig + 1, -1);
        ct_decimal_scale(H, r->hi, E - sig + 1, 1);
        ct_decimal_set(a, L, E - sig + 1);
        ct_decimal_set(b, H, E - sig + 1);
        if (fmpq_cmp(a, lo0) >= 0 && fmpq_cmp(b, hi0) <= 0)
            break;
    }
    *lo = ct_decimal_get_str(L, E - sig + 1, 1);
    *hi = ct_decimal_get_str(H, E - sig + 1, 1);
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

void ct_mqroot_get_strs(char **approx, char **lo, char **hi, ct_mqroot_t r, slong digits)
{
    fmpq_t lo0, hi0;

    digits = FLINT_MAX(digits, 1);
    fmpq_init(lo0);
    fmpq_init(hi0);
    fmpq_set(lo0, r->lo);
    fmpq_set(hi0, r->hi);
    while (!ct_mqroot_is_exact(r) &&
           (fmpq_sgn(r->lo) <= 0 || !ct_decimal_rel_narrow(r->lo, r->hi, digits + 2)))
        ct_mqroot_bisect(r);
    *approx = ct_mqroot_is_exact(r)
                  ? NULL
                  : ct_decimal_approx(r->lo, r->hi, _mqroot_refine_cb, r, digits, 1);
    if (ct_mqroot_is_exact(r)) {
        free(*approx);
        ct_decimal_exact_strs(approx, lo, hi, r->lo, digits);
    } else {
        _mqroot_bounds(lo, hi, r, lo0, hi0, digits);
    }
    fmpq_clear(lo0);
    fmpq_clear(hi0);
}
