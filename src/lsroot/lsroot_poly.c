/* lsroot_poly: one pair's function on one disk as a ball polynomial plus
   remainder bounds, and its enclosures.

   c > 0: with P(t) = sum_{j <= J} (X^(k)_j - X^(l)_j)[i] t^j and the tail
   R(t) = x'_i - P, |R| <= Kq^{J+1} / (1 - q) and |R'| <= K kappa (J + 1) q^J /
   (1 - q)^2 for |t| <= r (q = kappa r, K = (K_k + K_l) sqrt(vol / d_i));
   phi = pib + (1 - c - t)(P + R), so Q = pib + (1 - c - t) P and the
   remainder (1 - c - t) R is at most (1 - c + r) |R|, its derivative at most
   |R| + (1 - c + r) |R'|.
   c = 0: the first `shift` coefficients of h are exactly zero (no path of
   that length reaches a labeled node of k or l), so h = alpha^shift htilde with
   htilde = sum_j a_{j + shift} alpha^j + R, |R| <= K r^{J+1-shift} / (1 - r),
   |R'| <= K (J + 1 - shift) r^{J-shift} / (1 - r)^2. */
#include <arb_poly.h>
#include "lsroot_internal.h"

/* How right-hand side w enters the pair (k, l): +1, -1 or 0. */
static int lspoly_weight(const _ct_lsrhs *w, slong k, slong l)
{
    if (w->k == k && w->l == l)
        return 1;
    if (w->l < 0 && (w->k == k || w->k == l))
        return w->k == k ? 1 : -1;
    return 0;
}

/* a = coefficient j of classes (k, l) at row i (0 for absent classes). */
static void lspoly_coef(arb_t a, const _ct_lsmodel *M, slong i, slong k, slong l, slong j)
{
    arb_zero(a);
    for (slong v = 0; v < M->nv; v++) {
        int s = lspoly_weight(M->v + v, k, l);
        arb_srcptr x = M->coef + (v * M->n + i) * (M->J + 1) + j;
        if (s > 0)
            arb_add(a, a, x, M->prec + 20);
        else if (s < 0)
            arb_sub(a, a, x, M->prec + 20);
    }
}

/* K of the pair at row i (as lspoly_coef combines the right-hand sides). */
static void lspoly_K(mag_t K, const _ct_lsmodel *M, const ct_lsdisk_struct *D, slong i,
                     slong k, slong l)
{
    mag_zero(K);
    for (slong v = 0; v < M->nv; v++)
        if (lspoly_weight(M->v + v, k, l) != 0)
            mag_add(K, K, M->K + v);
    if (D->c > 0) {
        mag_t t, d;
        mag_init(t), mag_init(d);
        mag_set_ui(t, (ulong)D->sys->vol);
        mag_set_ui_lower(d, (ulong)D->sys->deg[i]);
        mag_div(t, t, d);
        mag_sqrt(t, t);
        mag_mul(K, K, t);
        mag_clear(t), mag_clear(d);
    }
}

/* tau = K q^e / (1 - q), dtau = K s m q^(e-1) / (1 - q)^2 (q < 1 assumed;
   infinite otherwise). */
void _ct_lspoly_tails(mag_t tau, mag_t dtau, const mag_t K, const mag_t q, slong e,
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

void _ct_lspoly_set_series(_ct_lspoly *P, arb_srcptr a, slong J, double r, const mag_t K)
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
    _ct_lspoly_tails(P->tau, P->dtau, K, q, J + 1 - P->shift, s, J + 1 - P->shift);
    mag_clear(q), mag_clear(s);
}

void _ct_lspoly_make(_ct_lspoly *P, const _ct_lsmodel *M, const ct_lsdisk_struct *D,
                     slong i, slong k, slong l)
{
    slong J = M->J, prec = M->prec + 20;
    mag_t K, q, s;
    mag_init(K), mag_init(q), mag_init(s);
    mag_init(P->tau), mag_init(P->dtau);
    P->c = D->c, P->r = D->r;
    lspoly_K(K, M, D, i, k, l);
    arb_ptr a = _arb_vec_init(J + 1);
    for (slong j = 0; j <= J; j++)
        lspoly_coef(a + j, M, i, k, l, j);
    if (D->c == 0) {
        _ct_lspoly_set_series(P, a, J, D->r, K);
    } else {
        arb_t omc, pib;
        arb_init(omc), arb_init(pib);
        P->shift = 0;
        P->len = J + 2;
        P->Q = _arb_vec_init(P->len);
        arb_set_d(omc, 1 - D->c); /* exact: c is dyadic in (0, 1) */
        for (slong j = 0; j <= J; j++) {
            arb_addmul(P->Q + j, a + j, omc, prec);
            arb_sub(P->Q + j + 1, P->Q + j + 1, a + j, prec);
        }
        for (slong v = 0; v < M->nv; v++) {
            int sg = lspoly_weight(M->v + v, k, l);
            if (sg != 0)
                (sg > 0 ? arb_add : arb_sub)(pib, pib, M->pib + v, prec);
        }
        arb_add(P->Q + 0, P->Q + 0, pib, prec);
        mag_set_d(s, _ct_lssys_kappa(D->sys, D->c));
        mag_set_d(q, D->r); /* q = kappa r */
        mag_mul(q, q, s);
        mag_t tau, dtau, w;
        mag_init(tau), mag_init(dtau), mag_init(w);
        _ct_lspoly_tails(tau, dtau, K, q, J + 1, s, J + 1);
        mag_set_d(w, 1 - D->c + D->r); /* exact */
        mag_mul(P->tau, tau, w);
        mag_mul(P->dtau, dtau, w);
        mag_add(P->dtau, P->dtau, tau);
        mag_clear(tau), mag_clear(dtau), mag_clear(w);
        arb_clear(omc), arb_clear(pib);
    }
    _arb_vec_clear(a, J + 1);
    mag_clear(K), mag_clear(q), mag_clear(s);
}

void _ct_lspoly_free(_ct_lspoly *P)
{
    _arb_vec_clear(P->Q, FLINT_MAX(P->len, 1));
    mag_clear(P->tau), mag_clear(P->dtau);
}

void _ct_lspoly_eval(arb_t val, arb_t der, const _ct_lspoly *P, const arb_t a, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, P->c);
    arb_sub(t, a, t, prec);
    if (P->len == 0) {
        arb_zero(val), arb_zero(der);
    } else {
        _arb_poly_evaluate2(val, der, P->Q, P->len, t, prec);
    }
    arb_add_error_mag(val, P->tau);
    arb_add_error_mag(der, P->dtau);
    arb_clear(t);
}

int _ct_lspoly_sign_ball(const _ct_lspoly *P, const arb_t a, slong prec)
{
    arb_t v, d;
    arb_init(v), arb_init(d);
    _ct_lspoly_eval(v, d, P, a, prec);
    int s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    arb_clear(v), arb_clear(d);
    return s;
}

int _ct_lspoly_sign(const _ct_lspoly *P, const fmpq_t x, slong prec)
{
    arb_t a;
    arb_init(a);
    arb_set_fmpq(a, x, prec);
    int s = _ct_lspoly_sign_ball(P, a, prec);
    arb_clear(a);
    return s;
}

void _ct_lspoly_narrow(fmpq_t lo, fmpq_t hi, int sign_lo, const _ct_lspoly *P, slong bits,
                       void (*map)(fmpq_t a, const void *ctx, const fmpq_t x),
                       const void *ctx)
{
    fmpq_t m, w, a;
    fmpq_init(m), fmpq_init(w), fmpq_init(a);
    for (;;) {
        fmpq_sub(w, hi, lo);
        fmpq_mul_2exp(w, w, bits);
        if (fmpq_cmp(w, hi) <= 0)
            break;
        fmpq_add(m, lo, hi);
        fmpq_div_2exp(m, m, 1);
        if (map != NULL)
            map(a, ctx, m);
        int s = _ct_lspoly_sign(P, map != NULL ? a : m, bits + 20);
        if (s == 0)
            break; /* the model's limit: the oracle refines further if asked */
        fmpq_swap(s == sign_lo ? lo : hi, m);
    }
    fmpq_clear(m), fmpq_clear(w), fmpq_clear(a);
}
