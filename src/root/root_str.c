/* root_str: the decimal certificate of a zero, written once for every kind
   whose zeros lie in (0, +inf) (include/certune/root.h): refine to a relative
   width of 10^-(digits + 2), round, and bound the zero by decimals that still
   isolate it. */
#include <stdlib.h>
#include "certune/decimal.h"
#include "certune/root.h"

static void root_step_cb(void *r)
{
    ct_root_struct *v = r;
    v->step(v->self);
}

/* Decimal bounds on a grid 10^(E - sig + 1), finer until they fit inside the
   entry interval [lo0, hi0] (which holds no other zero, and whose ends are
   none; its ends are dyadic, so a fine enough grid fits) or isolates accepts
   them. Sets nothing if r becomes exact. */
static void root_bounds(char **lo, char **hi, ct_root_struct *r, const fmpq_t lo0,
                        const fmpq_t hi0, slong digits,
                        int (*isolates)(const ct_root_struct *, const fmpq_t,
                                        const fmpq_t, slong),
                        slong bisect_after)
{
    slong E = ct_decimal_exponent(r->lo), sig;
    fmpz_t L, H;
    fmpq_t a, b;

    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    for (sig = digits + 2; !ct_root_is_exact(r); sig++) {
        ct_decimal_scale(L, r->lo, E - sig + 1, -1);
        ct_decimal_scale(H, r->hi, E - sig + 1, 1);
        ct_decimal_set(a, L, E - sig + 1);
        ct_decimal_set(b, H, E - sig + 1);
        if ((fmpq_cmp(a, lo0) >= 0 && fmpq_cmp(b, hi0) <= 0) ||
            (isolates != NULL && isolates(r, a, b, sig))) {
            *lo = ct_decimal_get_str(L, E - sig + 1, 1);
            *hi = ct_decimal_get_str(H, E - sig + 1, 1);
            break;
        }
        /* move r's ends off lo0, hi0 so that a coarser grid fits between */
        if (bisect_after >= 0 && sig > digits + bisect_after)
            r->step(r->self);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

void ct_root_get_strs(char **approx, char **lo, char **hi, ct_root_struct *r,
                      slong digits,
                      int (*isolates)(const ct_root_struct *r, const fmpq_t a,
                                      const fmpq_t b, slong sig),
                      slong bisect_after)
{
    fmpq_t lo0, hi0;

    digits = FLINT_MAX(digits, 1);
    fmpq_init(lo0);
    fmpq_init(hi0);
    fmpq_set(lo0, r->lo);
    fmpq_set(hi0, r->hi);
    while (!ct_root_is_exact(r) &&
           (fmpq_sgn(r->lo) <= 0 || !ct_decimal_rel_narrow(r->lo, r->hi, digits + 2)))
        r->step(r->self);
    *approx = ct_root_is_exact(r)
                  ? NULL
                  : ct_decimal_approx(r->lo, r->hi, root_step_cb, r, digits, 1);
    if (!ct_root_is_exact(r))
        root_bounds(lo, hi, r, lo0, hi0, digits, isolates, bisect_after);
    if (ct_root_is_exact(r)) {
        free(*approx);
        ct_decimal_exact_strs(approx, lo, hi, r->lo, digits);
    }
    fmpq_clear(lo0);
    fmpq_clear(hi0);
}
