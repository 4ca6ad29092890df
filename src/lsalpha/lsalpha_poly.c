/* lsalpha_poly: one pair's function on one disk as a ball polynomial plus
   remainder bounds (ct_lsroot_poly_struct), from alpha's models.

   c > 0: with P(t) = sum_{j <= J} (X^(k)_j - X^(l)_j)[i] t^j and the tail
   R(t) = x'_i - P, |R| <= Kq^{J+1} / (1 - q) and |R'| <= K kappa (J + 1) q^J /
   (1 - q)^2 for |t| <= r (q = kappa r, K = (K_k + K_l) sqrt(vol / d_i));
   phi = pib + (1 - c - t)(P + R), so Q = pib + (1 - c - t) P and the
   remainder (1 - c - t) R is at most (1 - c + r) |R|, its derivative at most
   |R| + (1 - c + r) |R'|. When pib = 0 exactly (_ct_lsalpha_pib_zero: the
   pair's labeled sqrt(d_j) balance, as on a symmetric instance) phi vanishes
   at alpha = 1, where the last segment ends, so its sign there is 0; then h
   = x'_i itself is the function (the same sign on (0, 1), no pole at 1):
   Q = P, with the remainder R.
   c = 0: the first `shift` coefficients of h are exactly zero (no path of
   that length reaches a labeled node of k or l, or the walks to k and l
   cancel exactly: lsalpha_lead.c), so h = alpha^shift htilde with
   htilde = sum_j a_{j + shift} alpha^j + R, |R| <= K r^{J+1-shift} / (1 - r),
   |R'| <= K (J + 1 - shift) r^{J-shift} / (1 - r)^2. */
#include "lsalpha_internal.h"

/* How right-hand side w enters the pair (k, l): +1, -1 or 0. */
static int lspoly_weight(const _ct_lsalpha_rhs *w, slong k, slong l)
{
    if (w->k == k && w->l == l)
        return 1;
    if (w->l < 0 && (w->k == k || w->k == l))
        return w->k == k ? 1 : -1;
    return 0;
}

/* a = coefficient j of classes (k, l) at row i over the nm models (0 for
   absent classes). */
static void lspoly_coef(arb_t a, const _ct_lsalpha_model *const *M, slong nm, slong i,
                        slong k, slong l, slong j, slong prec)
{
    arb_zero(a);
    for (slong m = 0; m < nm; m++)
        for (slong v = 0; v < M[m]->nv; v++) {
            int s = lspoly_weight(M[m]->v + v, k, l);
            slong r = _ct_lsalpha_model_row(M[m], i); /* a searched node: >= 0 */
            arb_srcptr x = M[m]->coef + (v * M[m]->n + r) * (M[m]->J + 1) + j;
            if (s > 0)
                arb_add(a, a, x, prec);
            else if (s < 0)
                arb_sub(a, a, x, prec);
        }
}

/* K of the pair at row i (as lspoly_coef combines the right-hand sides). */
static void lspoly_K(mag_t K, const _ct_lsalpha_model *const *M, slong nm,
                     const ct_lsroot_disk_struct *D, slong i, slong k, slong l)
{
    mag_zero(K);
    for (slong m = 0; m < nm; m++)
        for (slong v = 0; v < M[m]->nv; v++)
            if (lspoly_weight(M[m]->v + v, k, l) != 0)
                mag_add(K, K, M[m]->K + v);
    if (D->c > 0) {
        const ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
        mag_t t, d;
        mag_init(t), mag_init(d);
        mag_set_ui(t, (ulong)S->vol);
        mag_set_ui_lower(d, (ulong)S->deg[i]);
        mag_div(t, t, d);
        mag_sqrt(t, t);
        mag_mul(K, K, t);
        mag_clear(t), mag_clear(d);
    }
}

void _ct_lsalpha_poly_make(ct_lsroot_poly_struct *P, const _ct_lsalpha_model *const *M,
                           slong nm, const ct_lsroot_disk_struct *D, slong i, slong k,
                           slong l)
{
    slong J = M[0]->J, prec = M[0]->prec;
    for (slong m = 1; m < nm; m++) /* the coarsest: any J is valid (the tail) */
        J = FLINT_MIN(J, M[m]->J), prec = FLINT_MIN(prec, M[m]->prec);
    prec += 20;
    mag_t K, q, s;
    mag_init(K), mag_init(q), mag_init(s);
    mag_init(P->tau), mag_init(P->dtau);
    P->c = D->c, P->r = D->r;
    lspoly_K(K, M, nm, D, i, k, l);
    arb_ptr a = _arb_vec_init(J + 1);
    for (slong j = 0; j <= J; j++)
        lspoly_coef(a + j, M, nm, i, k, l, j, prec);
    if (D->c == 0) {
        _ct_lsalpha_lead(a, J, _ct_lsalpha_const(D->sys), i, k, l, prec);
        ct_lsroot_poly_set_series(P, a, J, D->r, K);
    } else if (_ct_lsalpha_pib_zero(_ct_lsalpha_of(D->sys), k, l)) {
        P->shift = 0; /* h = x'_i: the coefficients and the tail themselves */
        P->len = J + 1;
        P->Q = a;
        a = NULL;
        mag_set_d(s, _ct_lsalpha_kappa(_ct_lsalpha_of(D->sys), D->c));
        mag_set_d(q, D->r);
        mag_mul(q, q, s);
        ct_lsroot_poly_tails(P->tau, P->dtau, K, q, J + 1, s, J + 1);
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
        for (slong m = 0; m < nm; m++)
            for (slong v = 0; v < M[m]->nv; v++) {
                int sg = lspoly_weight(M[m]->v + v, k, l);
                if (sg != 0)
                    (sg > 0 ? arb_add : arb_sub)(pib, pib, M[m]->pib + v, prec);
            }
        arb_add(P->Q + 0, P->Q + 0, pib, prec);
        mag_set_d(s, _ct_lsalpha_kappa(_ct_lsalpha_of(D->sys), D->c));
        mag_set_d(q, D->r); /* q = kappa r */
        mag_mul(q, q, s);
        mag_t tau, dtau, w;
        mag_init(tau), mag_init(dtau), mag_init(w);
        ct_lsroot_poly_tails(tau, dtau, K, q, J + 1, s, J + 1);
        mag_set_d(w, 1 - D->c + D->r); /* exact */
        mag_mul(P->tau, tau, w);
        mag_mul(P->dtau, dtau, w);
        mag_add(P->dtau, P->dtau, tau);
        mag_clear(tau), mag_clear(dtau), mag_clear(w);
        arb_clear(omc), arb_clear(pib);
    }
    if (a != NULL)
        _arb_vec_clear(a, J + 1);
    mag_clear(K), mag_clear(q), mag_clear(s);
}
