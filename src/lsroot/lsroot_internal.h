/* Shared by the lsroot files only: the polynomials' enclosures, the
   narrowing loop and the counters' slots. */
#ifndef CERTUNE_LSROOT_INTERNAL_H
#define CERTUNE_LSROOT_INTERNAL_H

#include "certune/lsroot.h"

/* Enclosures over a in the ball x (inside the disk): value and derivative
   (der may be NULL: the value alone, half the work). */
void _ct_lsroot_poly_eval(arb_t val, arb_t der, const ct_lsroot_poly_struct *P,
                          const arb_t x, slong prec);

/* Sign at the point x (an exact ball inside the disk), or at the rational a:
   -1, 1, or 0 when undecided. */
int _ct_lsroot_poly_sign_ball(const ct_lsroot_poly_struct *P, const arb_t x, slong prec);
int _ct_lsroot_poly_sign(const ct_lsroot_poly_struct *P, const fmpq_t a, slong prec);

/* The enclosure of P's value at the rational a in v; returns its sign as
   _ct_lsroot_poly_sign does. */
int _ct_lsroot_poly_value(arb_t v, const ct_lsroot_poly_struct *P, const fmpq_t a,
                          slong prec);

/* Narrows [lo, hi] (in S's variable, sign_lo at lo, the other at hi, one
   zero inside) by quadratic interval refinement (lsroot_qir.c) with P's
   signs at points mapped by S's type, until hi - lo <= 2^-bits hi or P
   cannot decide a test point. */
void _ct_lsroot_poly_narrow(fmpq_t lo, fmpq_t hi, int sign_lo,
                            const ct_lsroot_poly_struct *P, slong bits,
                            const ct_lsroot_sys_struct *S);

/* D from P (D owns its arrays; P is not referenced later). */
void _ct_lsroot_dpoly_init(ct_lsroot_dpoly_struct *D, const ct_lsroot_poly_struct *P);
void _ct_lsroot_dpoly_clear(ct_lsroot_dpoly_struct *D);

/* P's sign at the double x (inside P's disk), certified with every rounding
   bounded: -1, 1, or 0 when the doubles cannot decide it or |x - c| > 1. */
int _ct_lsroot_dpoly_sign(const ct_lsroot_dpoly_struct *D, double x);

/* On [a, b] (inside P's disk, a < b): *zero_free = 1 when the value is
   proved nonzero there, *monotone = 1 when the derivative is; 0 when the
   doubles cannot prove it. */
void _ct_lsroot_dpoly_interval(int *zero_free, int *monotone,
                               const ct_lsroot_dpoly_struct *D, double a, double b);

/* Tests: with on, the signs and tests above keep only tau and dtau (no
   rounding or move bounds), so that their checks can be seen to fail. */
void _ct_lsroot_dpoly_set_loose(int on);

/* Counts for slot (as ct_lsroot_count). */
void _ct_lsroot_count(int slot, int which);

/* Whether a root's text is consistent: lo < hi with sign +-1 (the sign at
   lo), or lo == hi with sign 0 (a zero found to be that rational). */
static inline int _ct_lsroot_exact_or_bracket(const fmpq_t lo, const fmpq_t hi,
                                              slong sign)
{
    int c = fmpq_cmp(lo, hi);
    return c < 0 ? sign == 1 || sign == -1 : c == 0 && sign == 0;
}

#endif
