/* dd: error-free transformations of doubles (this header only), for the
   double-double residuals that steer lambda's refinement steps (lskron_hi.c,
   lskron_pm.c) and the compensated residuals (ct_dd_acc below) of alpha's
   floating models and lambda's pencil models (lsalpha_fmodel.c,
   lskron_pencil.c, whose bounds add ct_dd_acc_tail's). They
   assume IEEE doubles rounding to nearest, without excess precision and
   without contraction into fused multiply-adds (as built here: x86-64's
   SSE2, and -std=c11 keeps GCC from contracting). Their results are exact
   (the product's only without underflow); lambda's residuals built from
   them are not bounds of anything (the residuals in balls after them are). */
#ifndef CERTUNE_DD_H
#define CERTUNE_DD_H

#include <math.h>
#include <arb.h>

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

/* The largest exponent of the midpoints of x[0..n) and y[0..n) (0 when all
   are 0): the scale 2^e that keeps a residual's doubles in range. */
static inline slong ct_dd_scale(arb_srcptr x, arb_srcptr y, slong n)
{
    slong e = WORD_MIN;
    for (slong i = 0; i < n; i++)
        for (int w = 0; w < 2; w++) {
            const arf_struct *v = arb_midref((w ? y : x) + i);
            if (!arf_is_zero(v))
                e = FLINT_MAX(e, fmpz_get_si(ARF_EXPREF(v)));
        }
    return e == WORD_MIN ? 0 : e;
}

/* v 2^-e as *h + *l (to about 2^-106 of it), two doubles. */
static inline void ct_dd_set_arf(double *h, double *l, const arf_t v, slong e)
{
    arf_t t, u;
    arf_init(t), arf_init(u);
    arf_mul_2exp_si(t, v, -e);
    *h = arf_get_d(t, ARF_RND_NEAR);
    arf_set_d(u, *h);
    arf_sub(u, t, u, ARF_PREC_EXACT, ARF_RND_DOWN);
    *l = arf_get_d(u, ARF_RND_NEAR);
    arf_clear(t), arf_clear(u);
}

/* A compensated sum: s + c + d is the value (c the parts, d their parts), a
   the magnitudes of what was rounded (d's addends, rounded products), m
   their count. */
typedef struct {
    double s, c, d, a;
    slong m;
} ct_dd_acc;

/* x added as a part: exactly into c, its own part into d. */
static inline void ct_dd_acc_part(ct_dd_acc *A, double x)
{
    double g;
    A->c = ct_dd_sum(A->c, x, &g);
    A->d += g;
    A->a += fabs(g);
    A->m += 1;
}

/* x added exactly to the value, its part kept. */
static inline void ct_dd_acc_add(ct_dd_acc *A, double x)
{
    double f;
    A->s = ct_dd_sum(A->s, x, &f);
    ct_dd_acc_part(A, f);
}

static inline void ct_dd_acc_add_prod(ct_dd_acc *A, double x, double y)
{
    double e, p = ct_dd_prod(x, y, &e);
    ct_dd_acc_add(A, p);
    ct_dd_acc_part(A, e);
}

/* x y rounded, added as a part (its rounding at most 2^-53 |x y|). */
static inline void ct_dd_acc_add_small(ct_dd_acc *A, double x, double y)
{
    double p = x * y;
    ct_dd_acc_part(A, p);
    A->a += fabs(p);
    A->m += 1;
}

/* An upper bound of |exact - s - t| for t = fl(c + d): t's rounding, the
   parts' parts' sum (gamma_m a), and 2^-1000 for underflowing low parts. */
static inline double ct_dd_acc_tail(const ct_dd_acc *A, double t)
{
    double k = (double)(2 * A->m + 16);
    return (0x1p-52 * (fabs(t) + fabs(A->c) + fabs(A->d)) + k * 0x1p-53 * A->a +
            0x1p-1000) *
           (1 + k * 0x1p-52);
}

/* The value into *val; returns an upper bound of the exact sum's magnitude. */
static inline double ct_dd_acc_bound(const ct_dd_acc *A, double *val)
{
    double t = A->c + A->d;
    *val = A->s + t;
    return (fabs(*val) + ct_dd_acc_tail(A, t)) * (1 + 0x1p-50);
}

/* The ball v as *h (+ *l when l is not NULL) plus an error: *err >= |v -
 *h - *l| (v's radius and what the doubles leave, bounded at 192 bits). */
static inline void ct_dd_from_arb(double *h, double *l, double *err, const arb_t v)
{
    arb_t t;
    arf_t d;
    mag_t m;
    arb_init(t), arf_init(d), mag_init(m);
    *h = arf_get_d(arb_midref(v), ARF_RND_NEAR);
    arf_set_d(d, *h);
    arb_sub_arf(t, v, d, 192);
    if (l != NULL) {
        *l = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        arf_set_d(d, *l);
        arb_sub_arf(t, t, d, 192);
    }
    arb_get_mag(m, t);
    *err = mag_get_d(m);
    arb_clear(t), arf_clear(d), mag_clear(m);
}

#endif
