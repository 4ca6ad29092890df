/* lsroot_dpoly: a search polynomial's signs and enclosures in double
   arithmetic, every rounding bounded (docs/lambda.md, "The search in
   doubles"), so that the search's many signs and interval tests cost Horner
   loops instead of ball evaluations; whatever the doubles cannot decide
   goes to the balls.

   With m_j, r_j the coefficients' midpoints and radii as doubles (r_j >=
   |Q_j - m_j|), n = len, u = 2^-53 and t^ a double with |t - t^| <= u T,
   T >= |t|, |t^| (T <= 1), v^ Horner's value of the m_j at t^:

       |P(t) - v^| <= sum |m_j| |t^j - t^^j| + gamma_2n sum |m_j| |t^|^j
                      + sum r_j |t|^j <= 4 n u A + B,

   A = sum |m_j| T^j, B = sum r_j T^j (|t^j - t^^j| <= j u T^j, gamma_2n <=
   3 n u for 2 n u <= 1/3). A and B computed by Horner on nonnegative terms
   are below by at most a factor (1 - u)^(2n) and an underflow of 2^-1074 per
   step (T <= 1 keeps that from growing): the radius adds 4 n u, 2^-40 and
   (n + 1) 2^-1000. On |t - tm| <= h (an interval, tm a double) the value moves
   by at most h sum j |Q_j| T^(j-1) and the derivative by h sum j (j - 1)
   |Q_j| T^(j-2), with |Q_j| <= |m_j| + r_j, T >= |t| on the interval. */
#include <math.h>
#include <stdatomic.h>
#include "lsroot_internal.h"

#define DP_U 0x1p-53

static _Atomic int dp_loose = 0;

void _ct_lsroot_dpoly_set_loose(int on)
{
    dp_loose = on;
}

void _ct_lsroot_dpoly_init(ct_lsroot_dpoly_struct *D, const ct_lsroot_poly_struct *P)
{
    slong n = P->len;
    D->len = n, D->c = P->c, D->rad = P->r, D->ok = n < (WORD(1) << 40);
    D->m = flint_malloc(2 * FLINT_MAX(n, 1) * sizeof(double)), D->r = D->m + n;
    arf_t d;
    mag_t e;
    arf_init(d), mag_init(e);
    for (slong j = 0; j < n && D->ok; j++) {
        const arb_struct *q = P->Q + j;
        D->m[j] = arf_get_d(arb_midref(q), ARF_RND_NEAR);
        if (!isfinite(D->m[j])) {
            D->ok = 0;
            break;
        }
        arf_set_d(d, D->m[j]);
        arf_sub(d, arb_midref(q), d, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_get_mag(e, d);
        mag_add(e, e, arb_radref(q));
        D->r[j] = mag_get_d(e); /* an upper bound */
        D->ok = isfinite(D->r[j]);
    }
    D->tau = mag_get_d(P->tau), D->dtau = mag_get_d(P->dtau);
    D->ok = D->ok && isfinite(D->tau) && isfinite(D->dtau);
    arf_clear(d), mag_clear(e);
}

void _ct_lsroot_dpoly_clear(ct_lsroot_dpoly_struct *D)
{
    flint_free(D->m);
}

/* x inflated past k roundings (x >= 0). */
static double dp_up(double x, slong k)
{
    return x * (1 + (double)(k + 8) * 0x1p-52);
}

/* Value (der = 0) or derivative (der = 1) at the double t with |t| <= T:
   its Horner value and, in *err, a bound on its distance from P's (or P''s)
   value at any point within u T of t, the remainder's bound not included. */
static double dp_horner(double *err, const ct_lsroot_dpoly_struct *D, double t, double T,
                        int der)
{
    slong n = D->len;
    double v = 0, A = 0, B = 0;
    for (slong j = n - 1; j >= der; j--) {
        double w = der ? (double)j : 1; /* j m_j: exact below 2^40 terms */
        v = v * t + w * D->m[j];
        A = A * T + w * fabs(D->m[j]);
        B = B * T + w * D->r[j];
    }
    double nu = 4 * (double)n * DP_U;
    *err = dp_up((nu * A + B) * (1 + nu), 8) + (double)(n + 1) * 0x1p-1000;
    return v;
}

/* h sum j (j - 1)^der |Q_j| T^(j - 1 - der): the value's (der = 0) or the
   derivative's (der = 1) move on |t - tm| <= h. */
static double dp_move(const ct_lsroot_dpoly_struct *D, double h, double T, int der)
{
    double s = 0;
    for (slong j = D->len - 1; j >= 1 + der; j--)
        s = s * T + (double)j * (der ? (double)(j - 1) : 1) * (fabs(D->m[j]) + D->r[j]);
    return dp_up(h * s, D->len + 4);
}

int _ct_lsroot_dpoly_sign(const ct_lsroot_dpoly_struct *D, double x)
{
    if (!D->ok || D->len == 0) /* P = 0 up to tau: no sign */
        return 0;
    double t = x - D->c, T = fabs(t) * (1 + 0x1p-50), err;
    if (!(T <= 1)) /* beyond 1 the underflows' errors could grow with T^n */
        return 0;
    double v = dp_horner(&err, D, t, T, 0);
    double rad = dp_loose ? D->tau : dp_up(err + D->tau, 2);
    if (!isfinite(v) || !isfinite(rad))
        return 0;
    return v > rad ? 1 : v < -rad ? -1 : 0;
}

void _ct_lsroot_dpoly_interval(int *zero_free, int *monotone,
                               const ct_lsroot_dpoly_struct *D, double a, double b)
{
    *zero_free = *monotone = 0;
    if (!D->ok || D->len == 0)
        return;
    /* t = x - c on [a, b], widened past the subtractions' roundings */
    double ta = a - D->c, tb = b - D->c;
    ta -= 2 * DP_U * fabs(ta), tb += 2 * DP_U * fabs(tb);
    double tm = ta + (tb - ta) / 2, T = FLINT_MAX(fabs(ta), fabs(tb)), ev, ed;
    double h = dp_up(FLINT_MAX(tb - tm, tm - ta), 4);
    if (!(T <= 1) || !(h >= 0))
        return;
    double v = dp_horner(&ev, D, tm, T, 0), d = dp_horner(&ed, D, tm, T, 1);
    double rv = dp_up(ev + dp_move(D, h, T, 0) + D->tau, 3);
    double rd = dp_up(ed + dp_move(D, h, T, 1) + D->dtau, 3);
    if (dp_loose) /* tests: the roundings and the move unbounded */
        rv = D->tau, rd = D->dtau;
    *zero_free = isfinite(v) && isfinite(rv) && fabs(v) > rv;
    *monotone = isfinite(d) && isfinite(rd) && fabs(d) > rd;
}
