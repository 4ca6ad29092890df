/* lsdelta_fpow: rigorous enclosures of B^x for an integer B >= 1 and a
   double x in [0, 1], in doubles, for the search (lsdelta_search.c). A
   table holds r_j ~ B^(2^-j), j = 1 .. CT_LSDELTA_FBITS (Arb's square roots
   at 128 bits rounded to the nearest double: relative error <= 2^-53 (1 +
   2^-60)), and ln B in [llo, lhi]. B^x is the product p of the r_j of x's
   first FBITS binary digits (doubling x and subtracting 1 are exact), k of
   them, times B^r for the rest r < 2^-FBITS, which lies in [1, 1 + 2 r ln
   B] (e^y <= 1 + 2y for y <= 1). The k roundings of the products and the
   k errors of the r_j leave p within (1 + 2^-53 (1 + 2^-60))^(2k) - 1 <=
   (k + 1) 2^-52 of the exact product (k <= 60), so p (1 -+ (k + 2) 2^-52),
   each stepped outward by a relative 2^-52, encloses it. B^x increases with
   x: an interval [a, b] has B^[a, b] in [B^a, B^b]. */
#include <math.h>
#include "lsdelta_internal.h"

void _ct_lsdelta_arb_bounds(double *lo, double *hi, const arb_t x)
{
    arf_t t;
    arf_init(t);
    arb_get_lbound_arf(t, x, 128);
    *lo = arf_get_d(t, ARF_RND_FLOOR);
    arb_get_ubound_arf(t, x, 128);
    *hi = arf_get_d(t, ARF_RND_CEIL);
    arf_clear(t);
}

void _ct_lsdelta_fpow_init(_ct_lsdelta_fpow *P, const fmpz_t B)
{
    arb_t r;
    arb_init(r);
    arb_log_fmpz(r, B, 128);
    _ct_lsdelta_arb_bounds(&P->llo, &P->lhi, r);
    P->llo = FLINT_MAX(P->llo, 0); /* B >= 1 */
    arb_set_fmpz(r, B);
    _ct_lsdelta_arb_bounds(&P->blo, &P->bhi, r);
    for (int j = 1; j <= CT_LSDELTA_FBITS; j++) {
        arb_sqrt(r, r, 128);
        P->r[j] = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    }
    arb_clear(r);
}

void _ct_lsdelta_fpow_at(double *lo, double *hi, const _ct_lsdelta_fpow *P, double x)
{
    double p = 1;
    int k = 0;
    if (x >= 1) {
        *lo = P->blo, *hi = P->bhi;
        return;
    }
    for (int j = 1; j <= CT_LSDELTA_FBITS && x > 0; j++) {
        x *= 2; /* exact, and so is x - 1 below for x in [1, 2) */
        if (x >= 1)
            x -= 1, p *= P->r[j], k++;
    }
    double e = (double)(k + 2) * 0x1p-52;
    *lo = k == 0 ? 1 : _ct_lsdelta_dn(p * (1 - e));
    *hi = k == 0 ? 1 : _ct_lsdelta_up(p * (1 + e));
    if (x > 0) /* the rest, x 2^-FBITS < 2^-FBITS */
        *hi = _ct_lsdelta_up(
            *hi *
            _ct_lsdelta_up(1 + _ct_lsdelta_up(ldexp(x, 1 - CT_LSDELTA_FBITS) * P->lhi)));
}
