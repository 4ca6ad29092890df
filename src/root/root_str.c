/* root_str: the decimal certificate of a zero, written once for every kind
   (include/certune/root.h): move the interval off 0, refine to a relative
   width of 10^-(digits + 2), round, and bound the zero by decimals that still
   isolate it, certified as the kind's spec says (ct_root_strs_spec). */
#include <stdlib.h>
#include "certune/decimal.h"
#include "certune/root.h"

static void root_step_cb(void *r)
{
    ct_root_struct *v = r;
    v->step(v->self);
}

/* Moves r's interval off 0 (a relative width needs a bound away from 0): an
   interval around 0 is cut there by the sign oracle, then r is stepped while
   an end is 0. */
static void root_off_zero(ct_root_struct *r)
{
    if (!ct_root_is_exact(r) && fmpq_sgn(r->lo) < 0 && fmpq_sgn(r->hi) > 0) {
        fmpq_t z;
        fmpq_init(z);
        ct_root_cut(r, z, r->sign(r->fn, z));
        fmpq_clear(z);
    }
    while (!ct_root_is_exact(r) && (fmpq_is_zero(r->lo) || fmpq_is_zero(r->hi)))
        r->step(r->self);
}

/* floor(log10(min(|lo|, |hi|))) of r, off 0. */
static slong root_exponent(const ct_root_struct *r)
{
    fmpq_t a, b;
    slong E;

    fmpq_init(a);
    fmpq_init(b);
    fmpq_abs(a, r->lo);
    fmpq_abs(b, r->hi);
    E = ct_decimal_exponent(fmpq_cmp(a, b) <= 0 ? a : b);
    fmpq_clear(a);
    fmpq_clear(b);
    return E;
}

/* Whether the decimal bounds [a, b] on a grid of sig digits isolate r's zero
   by the spec: inside the entry interval [lo0, hi0] (which holds no other
   zero, and whose ends are none) or proved by the kind's test. */
static int root_accepts(const ct_root_struct *r, const ct_root_strs_spec *spec,
                        const fmpq_t lo0, const fmpq_t hi0, const fmpq_t a,
                        const fmpq_t b, slong sig)
{
    if (spec->entry && fmpq_cmp(a, lo0) >= 0 && fmpq_cmp(b, hi0) <= 0)
        return 1;
    return spec->isolates != NULL && spec->isolates(r, a, b, sig);
}

/* Decimal bounds on a grid 10^(E - sig + 1), finer until root_accepts them
   (the entry interval's ends are dyadic, so a fine enough grid fits). Sets
   nothing if r becomes exact. */
static void root_bounds(char **lo, char **hi, ct_root_struct *r, const fmpq_t lo0,
                        const fmpq_t hi0, slong digits, const ct_root_strs_spec *spec)
{
    slong E = root_exponent(r), sig;
    fmpz_t L, H;
    fmpq_t a, b;

    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    sig = spec->coarse ? FLINT_MAX(1, (digits + 1) / 2) : digits + 2;
    for (; !ct_root_is_exact(r); sig++) {
        ct_decimal_scale(L, r->lo, E - sig + 1, -1);
        ct_decimal_scale(H, r->hi, E - sig + 1, 1);
        ct_decimal_set(a, L, E - sig + 1);
        ct_decimal_set(b, H, E - sig + 1);
        if (root_accepts(r, spec, lo0, hi0, a, b, sig)) {
            *lo = ct_decimal_get_str(L, E - sig + 1, 1);
            *hi = ct_decimal_get_str(H, E - sig + 1, 1);
            break;
        }
        /* a narrower r: its ends move off the entry interval's, and the
           kind's test sees an interval small against the zeros' separation */
        if (spec->bisect_after >= 0 && sig > digits + spec->bisect_after)
            r->step(r->self);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

void ct_root_get_strs(char **approx, char **lo, char **hi, ct_root_struct *r,
                      slong digits, const ct_root_strs_spec *spec)
{
    fmpq_t lo0, hi0;

    digits = FLINT_MAX(digits, 1);
    fmpq_init(lo0);
    fmpq_init(hi0);
    fmpq_set(lo0, r->lo);
    fmpq_set(hi0, r->hi);
    root_off_zero(r);
    while (!ct_root_is_exact(r) && !ct_decimal_rel_narrow(r->lo, r->hi, digits + 2))
        r->step(r->self);
    /* correctly rounded when both ends round alike, which a few more steps
       nearly always achieve; else the midpoint rounded */
    *approx = ct_root_is_exact(r)
                  ? NULL
                  : ct_decimal_approx(r->lo, r->hi, root_step_cb, r, digits, spec->trim);
    if (!ct_root_is_exact(r))
        root_bounds(lo, hi, r, lo0, hi0, digits, spec);
    if (ct_root_is_exact(r)) {
        free(*approx);
        ct_decimal_exact_strs(approx, lo, hi, r->lo, digits, spec->trim);
    }
    fmpq_clear(lo0);
    fmpq_clear(hi0);
}
