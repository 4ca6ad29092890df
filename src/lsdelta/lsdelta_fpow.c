/* lsdelta_fpow: rigorous enclosures of B^x for an integer B >= 1 and a
   double x in [0, 1], in doubles, for the search (lsdelta_search.c). A
   table holds r_j ~ B^(2^-j), j = 1 .. CT_LSDELTA_FBITS (Arb's square roots
   at 128 bits rounded to the nearest double: relative error <= 2^-53 (1 +
   2^-60)), and ln B in [llo, lhi]. B^x is the product p of the r_j of x's
   first FBITS binary digits (those of the integer part of x 2^FBITS, read
   exactly; the same x serves every base), k of them, times B^r for the rest r < 2^-FBITS,
   which lies in [1, 1 + 2 r ln B] (e^y <= 1 + 2y for y <= 1). The k roundings of the
   products and the k errors of the r_j leave p within (1 + 2^-53 (1 + 2^-60))^(2k) - 1 <=
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

/* The bounds of B^x from the product p of k factors (and the rest). */
static void fpow_bounds(double *lo, double *hi, const _ct_lsdelta_fpow *P, double p,
                        int k, double rest)
{
    double e = (double)(k + 2) * 0x1p-52;
    *lo = k == 0 ? 1 : _ct_lsdelta_dn(p * (1 - e));
    *hi = k == 0 ? 1 : _ct_lsdelta_up(p * (1 + e));
    if (rest > 0)
        *hi = _ct_lsdelta_up(
            *hi * _ct_lsdelta_up(
                      1 + _ct_lsdelta_up(ldexp(rest, 1 - CT_LSDELTA_FBITS) * P->lhi)));
}

void _ct_lsdelta_fpt_set(_ct_lsdelta_fpt *T, double x)
{
    T->one = x >= 1;
    T->bits = 0, T->rest = 0;
    if (T->one || !(x > 0))
        return;
    double y = ldexp(x, CT_LSDELTA_FBITS); /* exact, below 2^FBITS */
    T->bits = (ulong)y;                    /* its integer part, exactly */
    T->rest = y - (double)T->bits;         /* exact: the bits below */
}

/* The product of r[j] over the bits set, j ascending (the most significant
   bit first); k factors: a relative error below (k + 2) 2^-52. The rest
   rest 2^-FBITS < 2^-FBITS contributes a factor in [1, 1 + 2 rest 2^-FBITS
   ln B] (e^t <= 1 + 2t for t <= 1). */
static void fpow_one(double *lo, double *hi, const _ct_lsdelta_fpow *P,
                     const _ct_lsdelta_fpt *T)
{
    double p = 1;
    int k = 0;
    if (T->one) {
        *lo = P->blo, *hi = P->bhi;
        return;
    }
    for (ulong b = T->bits; b != 0; k++) {
        int top = FLINT_BIT_COUNT(b) - 1;
        p *= P->r[CT_LSDELTA_FBITS - top];
        b ^= UWORD(1) << top;
    }
    fpow_bounds(lo, hi, P, p, k, T->rest);
}

void _ct_lsdelta_fpow_pt4(double *lo, double *hi, const _ct_lsdelta_fpow *const *P,
                          int cnt, const _ct_lsdelta_fpt *T)
{
    static const _ct_lsdelta_fpow unit = {.r = {0}}; /* its products are unused */
    const _ct_lsdelta_fpow *Q[4];
    double p[4] = {1, 1, 1, 1};
    int k = 0;
    for (int q = 0; q < 4; q++)
        Q[q] = q < cnt ? P[q] : &unit;
    if (T->one) {
        for (int q = 0; q < cnt; q++)
            lo[q] = P[q]->blo, hi[q] = P[q]->bhi;
        return;
    }
    for (ulong b = T->bits; b != 0; k++) { /* four independent chains */
        int top = FLINT_BIT_COUNT(b) - 1, j = CT_LSDELTA_FBITS - top;
        p[0] *= Q[0]->r[j], p[1] *= Q[1]->r[j];
        p[2] *= Q[2]->r[j], p[3] *= Q[3]->r[j];
        b ^= UWORD(1) << top;
    }
    for (int q = 0; q < cnt; q++)
        fpow_bounds(lo + q, hi + q, P[q], p[q], k, T->rest);
}

void _ct_lsdelta_fpow_at(double *lo, double *hi, const _ct_lsdelta_fpow *P, double x)
{
    _ct_lsdelta_fpt T;
    _ct_lsdelta_fpt_set(&T, x);
    fpow_one(lo, hi, P, &T);
}
