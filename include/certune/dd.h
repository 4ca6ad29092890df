/* dd: error-free transformations of doubles (this header only), for the
   double-double residuals that steer the ball paths' refinement steps
   (lskron_hi.c, lskron_pm.c, lsalpha_model.c). They assume the doubles'
   round to nearest and no contraction into fused multiply-adds (C11 as this
   project compiles it: every operation rounds once); results are exact, not
   rigorous bounds of anything else. */
#ifndef CERTUNE_DD_H
#define CERTUNE_DD_H

/* a + b = s + *e exactly (Knuth's TwoSum); returns s = fl(a + b). */
static inline double ct_dd_sum(double a, double b, double *e)
{
    double s = a + b, bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}

/* a = *h + *l, each of at most 26 bits (Dekker's split; |a| < 2^995). */
static inline void ct_dd_split(double a, double *h, double *l)
{
    double c = 134217729.0 * a; /* 2^27 + 1 */
    *h = c - (c - a);
    *l = a - *h;
}

/* a b = p + *e exactly (Dekker's product; |a|, |b| < 2^995, no underflow);
   returns p = fl(a b). */
static inline double ct_dd_prod(double a, double b, double *e)
{
    double ah, al, bh, bl, p = a * b;
    ct_dd_split(a, &ah, &al), ct_dd_split(b, &bh, &bl);
    *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
    return p;
}

#endif
