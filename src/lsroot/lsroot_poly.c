/* lsroot_poly: a pair's function on one disk as a ball polynomial plus
   remainder bounds (ct_lsroot_poly_struct, made by the families' models), its
   enclosures, signs, and the narrowing of a root with it.

   With P(t) = sum_{j < len} Q_j t^j (t = a - c) and |R| <= tau, |R'| <= dtau
   for |t| <= r, the function is a^shift (P + R) (shift > 0 only at c = 0,
   where a^shift > 0 right of 0 does not change the sign). */
#include <arb_poly.h>
#include "lsroot_internal.h"

void ct_lsroot_poly_tails(mag_t tau, mag_t dtau, const mag_t K, const mag_t q, slong e,
                          const mag_t s, slong m)
{
    mag_t one, omq, t;
    mag_init(one), mag_init(omq), mag_init(t);
    mag_one(one);
    mag_sub_lower(omq, one, q);
    mag_pow_ui(t, q, e);
    mag_mul(tau, K, t);
    mag_div(tau, tau, omq);
    mag_pow_ui(t, q, e - 1);
    mag_mul(dtau, K, t);
    mag_mul(dtau, dtau, s);
    mag_mul_ui(dtau, dtau, m);
    mag_div(dtau, dtau, omq);
    mag_div(dtau, dtau, omq);
    mag_clear(one), mag_clear(omq), mag_clear(t);
}

/* The remainder after dividing by a^shift: |R| <= K r^{J+1-shift} / (1 - r),
   |R'| <= K (J + 1 - shift) r^{J-shift} / (1 - r)^2. */
void ct_lsroot_poly_set_series(ct_lsroot_poly_struct *P, arb_srcptr a, slong J, double r,
                               const mag_t K)
{
    mag_t q, s;
    mag_init(q), mag_init(s);
    P->shift = 0;
    while (P->shift <= J && arb_is_zero(a + P->shift))
        P->shift++;
    P->len = J + 1 - P->shift;
    P->Q = _arb_vec_init(FLINT_MAX(P->len, 1));
    _arb_vec_set(P->Q, a + P->shift, P->len);
    mag_set_d(q, r);
    mag_one(s);
    ct_lsroot_poly_tails(P->tau, P->dtau, K, q, J + 1 - P->shift, s, J + 1 - P->shift);
    mag_clear(q), mag_clear(s);
}

void ct_lsroot_poly_clear(ct_lsroot_poly_struct *P)
{
    _arb_vec_clear(P->Q, FLINT_MAX(P->len, 1));
    mag_clear(P->tau), mag_clear(P->dtau);
}

void _ct_lsroot_poly_eval(arb_t val, arb_t der, const ct_lsroot_poly_struct *P,
                          const arb_t x, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, P->c);
    arb_sub(t, x, t, prec);
    if (P->len == 0) {
        arb_zero(val);
        if (der != NULL)
            arb_zero(der);
    } else if (der == NULL) { /* the same Horner steps as evaluate2's value */
        _arb_poly_evaluate_horner(val, P->Q, P->len, t, prec);
    } else {
        _arb_poly_evaluate2(val, der, P->Q, P->len, t, prec);
    }
    arb_add_error_mag(val, P->tau);
    if (der != NULL)
        arb_add_error_mag(der, P->dtau);
    arb_clear(t);
}

int _ct_lsroot_poly_sign_ball(const ct_lsroot_poly_struct *P, const arb_t x, slong prec)
{
    arb_t v;
    arb_init(v);
    _ct_lsroot_poly_eval(v, NULL, P, x, prec);
    int s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    arb_clear(v);
    return s;
}

int _ct_lsroot_poly_value(arb_t v, const ct_lsroot_poly_struct *P, const fmpq_t a,
                          slong prec)
{
    arb_t x;
    arb_init(x);
    arb_set_fmpq(x, a, prec);
    _ct_lsroot_poly_eval(v, NULL, P, x, prec);
    arb_clear(x);
    return arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
}

int _ct_lsroot_poly_sign(const ct_lsroot_poly_struct *P, const fmpq_t a, slong prec)
{
    arb_t v;
    arb_init(v);
    int s = _ct_lsroot_poly_value(v, P, a, prec);
    arb_clear(v);
    return s;
}
