/* expsum_str: decimal certificates of zeros of exponential sums. */
#include <stdlib.h>
#include <string.h>
#include "certune/expsum.h"
#include "expsum_internal.h"

static void _exroot_refine_cb(void *r)
{
    ct_expsum_root_bisect((ct_expsum_root_struct *)r);
}

/* Whether [a, b] holds at most one zero of fn: inside the isolating interval
   [lo0, hi0], or fn' excludes 0 on it, or fn has one real zero in all. */
static int _exroot_isolates(const ct_expsum_root_t r, const fmpq_t a, const fmpq_t b,
                            const fmpq_t lo0, const fmpq_t hi0, slong sig)
{
    ct_expsum_ctx_t c;
    int sh, sd;

    if (fmpq_cmp(a, lo0) >= 0 && fmpq_cmp(b, hi0) <= 0)
        return 1;
    if (ct_expsum_sign_changes(&r->fn) == 1)
        return 1;
    _ct_expsum_ctx_init(c, &r->fn, 64 + 4 * sig + _ct_expsum_coef_bits(&r->fn));
    _ct_expsum_ctx_interval(&sh, &sd, c, a, b);
    _ct_expsum_ctx_clear(c);
    return sd != 2;
}

/* Decimal bounds on a grid 10^(E - sig + 1), finer until they isolate the
   zero (_exroot_isolates), bisecting r as the grid gets finer (the ends of
   [lo0, hi0] are dyadic, so a fine enough grid always fits). Sets nothing if r
   becomes exact. */
static void _exroot_bounds(char **lo, char **hi, ct_expsum_root_t r, const fmpq_t lo0,
                           const fmpq_t hi0, slong digits)
{
    slong E = ct_decimal_exponent(r->lo), sig;
    fmpz_t L, H;
    fmpq_t a, b;

    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    for (sig = digits + 2; !ct_expsum_root_is_exact(r); sig++) {
        ct_decimal_scale(L, r->lo, E - sig + 1, -1);
        ct_decimal_scale(H, r->hi, E - sig + 1, 1);
        ct_decimal_set(a, L, E - sig + 1);
        ct_decimal_set(b, H, E - sig + 1);
        if (_exroot_isolates(r, a, b, lo0, hi0, sig)) {
            *lo = ct_decimal_get_str(L, E - sig + 1, 1);
            *hi = ct_decimal_get_str(H, E - sig + 1, 1);
            break;
        }
        /* move r's ends off lo0, hi0 so that a coarser grid fits between */
        if (sig > digits + 4)
            ct_expsum_root_bisect(r);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

void ct_expsum_root_get_strs(char **approx, char **lo, char **hi, ct_expsum_root_t r,
                             slong digits)
{
    fmpq_t lo0, hi0;

    digits = FLINT_MAX(digits, 1);
    fmpq_init(lo0);
    fmpq_init(hi0);
    fmpq_set(lo0, r->lo);
    fmpq_set(hi0, r->hi);
    while (!ct_expsum_root_is_exact(r) &&
           (fmpq_sgn(r->lo) <= 0 || !ct_decimal_rel_narrow(r->lo, r->hi, digits + 2)))
        ct_expsum_root_bisect(r);
    *approx = ct_expsum_root_is_exact(r)
                  ? NULL
                  : ct_decimal_approx(r->lo, r->hi, _exroot_refine_cb, r, digits, 1);
    if (!ct_expsum_root_is_exact(r))
        _exroot_bounds(lo, hi, r, lo0, hi0, digits);
    if (ct_expsum_root_is_exact(r)) {
        free(*approx);
        ct_decimal_exact_strs(approx, lo, hi, r->lo, digits);
    }
    fmpq_clear(lo0);
    fmpq_clear(hi0);
}
