/* lskron_fast: the search's quick test. Most (row, pair, disk) have no zero
   on their segment and a value far from 0; proving that from the model's
   doubles costs O(J) floating operations instead of a ball polynomial
   (made, then evaluated at 64 bits). Only "no zero on [a, b], sign s" is
   ever concluded; everything else goes to the ball search, so the zeros
   found are the same.

   On a disk c > 0 (lskron_poly.c) the pair's function is phi(t) = pib +
   (1 - c - t) x'(t), or x'(t) when pib = (n_k - n_l) / m = 0, with x'(t) =
   A(t) + R(t), A = sum_{j <= J} a_j t^j, |R| <= tau = sqrt(n_k + n_l) tail
   for |t| <= r. With a_j = q_j +- rho_j (q_j the doubles' difference), on
   |t - tm| <= h, |t| <= T:
       |A(t) - v| <= (2J + 4) u sum |q_j| |tm|^j + sum rho_j |tm|^j
                     + h sum_{j >= 1} j (|q_j| + rho_j) T^(j-1),
   v = Horner's A(tm) in doubles (its error gamma_2J sum |q_j| |tm|^j), and
   |t^j - tm^j| <= j T^(j-1) h. Every bound is a sum of nonnegative products
   computed in doubles, inflated past its roundings (_ct_lskron_up), plus
   2^-1000 for underflow. */
#include <math.h>
#include "lskron_internal.h"

#define FAST_U 0x1p-53
#define FAST_TINY 0x1p-1000

static _Atomic int fast_loose = 0;

void _ct_lskron_fast_set_loose(int on)
{
    fast_loose = on;
}

double _ct_lskron_fast_tail(const ct_lskron_struct *S, double c, double r, slong J)
{
    mag_t K, q, s, tau, dtau;
    mag_init(K), mag_init(q), mag_init(s), mag_init(tau), mag_init(dtau);
    mag_set_d_lower(q, 1 - c * S->mu - 0x1p-50); /* 1 - c mu, from below */
    mag_one(K);
    mag_div(K, K, q);
    mag_set_d(s, _ct_lskron_kappa(S, c));
    mag_set_d(q, r);
    mag_mul(q, q, s);
    ct_lsroot_poly_tails(tau, dtau, K, q, J + 1, s, J + 1);
    double t = mag_get_d(tau);
    mag_clear(K), mag_clear(q), mag_clear(s), mag_clear(tau), mag_clear(dtau);
    return t;
}

/* The pair's coefficients: q[j] and rho[j] >= |a_j - q[j]|. */
static void fast_pair(double *q, double *rho, const _ct_lskron_model *M, slong t, slong k,
                      slong l)
{
    slong J1 = M->J + 1, ek = (k * M->nr + t) * J1, el = (l * M->nr + t) * J1;
    for (slong j = 0; j < J1; j++) {
        q[j] = M->dm[ek + j] - M->dm[el + j];
        rho[j] =
            _ct_lskron_up(M->dr[ek + j] + M->dr[el + j] + 2 * FAST_U * fabs(q[j]), 2);
    }
}

/* v = A(tm) and *err >= |A(t) - v| on |t - tm| <= h, |t| <= T. */
static double fast_value(double *err, const double *q, const double *rho, slong J,
                         double tm, double h, double T)
{
    double v = q[J], at = fabs(tm), sq = fabs(q[J]), sr = rho[J];
    double d = (double)J * (fabs(q[J]) + rho[J]);
    for (slong j = J - 1; j >= 0; j--) {
        v = v * tm + q[j];
        sq = sq * at + fabs(q[j]);
        sr = sr * at + rho[j];
        if (j >= 1)
            d = d * T + (double)j * (fabs(q[j]) + rho[j]);
    }
    double e = (double)(2 * J + 4) * FAST_U * sq + sr + (J >= 1 ? h * d : 0);
    *err = _ct_lskron_up(e, 3 * J + 12) + FAST_TINY;
    return v;
}

/* The sign of phi on [ta, tb] (|t| <= r there), or 0. */
static int fast_test(const double *q, const double *rho, slong J, double tau, double pib,
                     double c, double ta, double tb)
{
    double tm = ta + (tb - ta) / 2;
    double h = _ct_lskron_up(FLINT_MAX(tb - tm, tm - ta), 4) + FAST_TINY;
    double T = FLINT_MAX(fabs(ta), fabs(tb)), errA;
    double v = fast_value(&errA, q, rho, J, tm, h, T);
    if (fast_loose)
        errA = tau = h = 0; /* tests: no bounds at all, which they must catch */
    if (pib == 0) {
        double bound = _ct_lskron_up(errA + tau, 2);
        return fabs(v) > bound ? (v > 0 ? 1 : -1) : 0;
    }
    double wm = (1 - c) - tm, aw = fabs(wm); /* 1 - c exact: c dyadic */
    double W = _ct_lskron_up(aw + h + FAST_U * aw, 3);
    double p = wm * v, phi = pib + p;
    double bound = FAST_U * fabs(pib) + W * (errA + tau) + (h + FAST_U * aw) * fabs(v) +
                   FAST_U * fabs(p) + FAST_U * fabs(phi);
    bound = _ct_lskron_up(bound, 10) + FAST_TINY;
    return fabs(phi) > bound ? (phi > 0 ? 1 : -1) : 0;
}

/* [ta, tb], split at most depth times; 0 unless every piece has one sign. */
static int fast_split(const double *q, const double *rho, slong J, double tau, double pib,
                      double c, double ta, double tb, int depth)
{
    int s = fast_test(q, rho, J, tau, pib, c, ta, tb);
    if (s != 0 || depth == 0)
        return s;
    double tm = ta + (tb - ta) / 2;
    if (!(ta < tm && tm < tb))
        return 0;
    s = fast_split(q, rho, J, tau, pib, c, ta, tm, depth - 1);
    return s != 0 && fast_split(q, rho, J, tau, pib, c, tm, tb, depth - 1) == s ? s : 0;
}

int _ct_lskron_fast_sign(const ct_lskron_struct *S, const _ct_lskron_model *M, slong t,
                         slong k, slong l, double a, double b, int depth)
{
    if (M->c <= 0 || M->dm == NULL || !(a < b) || a < M->c - M->r || b > M->c + M->r)
        return 0;
    double q[256], rho[256];
    if (M->J + 1 > 256)
        return 0;
    fast_pair(q, rho, M, t, k, l);
    /* t = alpha - c, widened past the subtractions' roundings, within |t| <= r */
    double ta = a - M->c, tb = b - M->c;
    ta = FLINT_MAX(ta - 2 * FAST_U * fabs(ta), -M->r);
    tb = FLINT_MIN(tb + 2 * FAST_U * fabs(tb), M->r);
    double n = (double)(S->nlabk[k] + S->nlabk[l]);
    double tau = _ct_lskron_up(sqrt(n) * M->tail, 2);
    double pib = (double)(S->nlabk[k] - S->nlabk[l]) / (double)S->m;
    return fast_split(q, rho, M->J, tau, pib, M->c, ta, tb, depth);
}

void _ct_lskron_dpoly_tails(double *tl, const ct_lskron_struct *S,
                            const _ct_lskron_model *M, slong k, slong l)
{
    mag_t tau, dtau, K, q, one;
    mag_init(tau), mag_init(dtau), mag_init(K), mag_init(q), mag_init(one);
    if (M->c > 0) {
        _ct_lskron_deflated_tails(tau, dtau, S, M->c, M->r, M->J, k, l);
    } else { /* the series' (lskron_poly.c): |a_j| <= 2, q = r */
        mag_set_ui(K, 2), mag_set_d(q, M->r), mag_one(one);
        ct_lsroot_poly_tails(tau, dtau, K, q, M->J + 1, one, M->J + 1);
    }
    tl[0] = mag_get_d(tau), tl[1] = mag_get_d(dtau);
    mag_clear(tau), mag_clear(dtau), mag_clear(K), mag_clear(q), mag_clear(one);
}

/* The search's polynomial of row t's pair (k, l) on M's disk as doubles, as
   _ct_lskron_poly_make's balls. c > 0: Q = a, or, when pib != 0, Q_j = (1 -
   c) a_j - a_{j-1} (+ pib at j = 0), each rounding of the midpoint (at most
   three, each <= u (|q_j| + |q_{j-1}| + |pib|)) in the radius. c = 0: the
   series a itself when no exact leading terms are kept and a_0 is not
   exactly 0 (no shift; else the balls). */
int _ct_lskron_dpoly_make(ct_lsroot_dpoly_struct *D, const ct_lskron_struct *S,
                          const _ct_lskron_model *M, slong t, slong k, slong l,
                          const double *tl)
{
    if (M->dm == NULL || M->coef != NULL || M->J + 1 > 256 ||
        (M->c <= 0 && S->lead != NULL))
        return 0;
    slong J = M->J, dn = M->c > 0 ? S->nlabk[k] - S->nlabk[l] : 0, n = J + 1 + (dn != 0);
    double q[256], rho[256];
    fast_pair(q, rho, M, t, k, l);
    if (M->c <= 0 && q[0] == 0 && rho[0] == 0)
        return 0;
    D->m = flint_malloc(2 * n * sizeof(double)), D->r = D->m + n;
    D->len = n, D->c = M->c, D->rad = M->r, D->ok = 1;
    double w = 1 - M->c, pib = dn == 0 ? 0 : (double)dn / (double)S->m;
    for (slong j = 0; j < n; j++) {
        double qj = j <= J ? q[j] : 0, rj = j <= J ? rho[j] : 0;
        if (dn == 0) {
            D->m[j] = qj, D->r[j] = rj;
            continue;
        }
        double qp = j > 0 ? q[j - 1] : -pib, rp = j > 0 ? rho[j - 1] : 0;
        D->m[j] = w * qj - qp;
        D->r[j] = _ct_lskron_up(
            w * rj + rp + 4 * FAST_U * (fabs(qj) + fabs(qp) + fabs(pib)), 6);
    }
    D->tau = tl[0], D->dtau = tl[1];
    for (slong j = 0; j < n; j++)
        D->ok = D->ok && isfinite(D->m[j]) && isfinite(D->r[j]);
    D->ok = D->ok && isfinite(D->tau) && isfinite(D->dtau);
    return 1;
}
