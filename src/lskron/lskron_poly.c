/* lskron_poly: a pair's function on one disk as a ball polynomial with
   remainder bounds (ct_lsroot_poly_struct), from the lambda system's class
   models (the search) or pair models (the oracle). c = 0: the power series
   h = sum_j a_j alpha^j, |a_j| <= 2 for the pair (M^j Y_k in [0, 1]); c > 0:
   phi = pib + (1 - c - t) P(t), or P when pib = 0. */
#include "lskron_internal.h"

/* a = coefficient j of the pair (k, l) at row t, from the balls where M
   keeps them, else from the doubles dm +- dr (80 bits hold most differences
   of two doubles exactly; arb_sub bounds the rest). */
static void kron_coef(arb_t a, const _ct_lskron_model *M, slong t, slong k, slong l,
                      slong j)
{
    slong J1 = M->J + 1, ek = (k * M->nr + t) * J1 + j, el = (l * M->nr + t) * J1 + j;
    if (M->coef != NULL) {
        arb_sub(a, M->coef + ek, M->coef + el, 80);
        return;
    }
    arb_t b;
    arb_init(b);
    arb_set_d(a, M->dm[ek]), mag_set_d(arb_radref(a), M->dr[ek]);
    arb_set_d(b, M->dm[el]), mag_set_d(arb_radref(b), M->dr[el]);
    arb_sub(a, a, b, 80);
    arb_clear(b);
}

/* c = 0: the series divided by alpha^shift (leading coefficients exactly 0;
   a's first undecided one replaced by its exact value when S has it). */
static void kron_poly_series(ct_lsroot_poly_struct *P, const ct_lskron_struct *S,
                             arb_ptr a, slong J, double r, slong i, slong k, slong l,
                             slong prec)
{
    mag_t K;
    mag_init(K);
    _ct_lskron_exact_lead(a, J, S, i, k, l, prec);
    mag_set_ui(K, 2); /* |X_j| <= 1 per class */
    ct_lsroot_poly_set_series(P, a, J, r, K);
    mag_clear(K);
}

void _ct_lskron_deflated_tails(mag_t tau, mag_t dtau, const ct_lskron_struct *S, double c,
                               double r, slong J, slong k, slong l)
{
    mag_t K, q, s, w;
    mag_init(K), mag_init(q), mag_init(s), mag_init(w);
    mag_set_ui(K, (ulong)(S->nlabk[k] + S->nlabk[l]));
    mag_sqrt(K, K);
    mag_set_d_lower(q, 1 - c * S->mu - 0x1p-50); /* 1 - c mu, from below */
    mag_div(K, K, q);
    mag_set_d(s, _ct_lskron_kappa(S, c));
    mag_set_d(q, r);
    mag_mul(q, q, s);
    ct_lsroot_poly_tails(tau, dtau, K, q, J + 1, s, J + 1);
    if (S->nlabk[k] != S->nlabk[l]) { /* times (1 - c - t), |t| <= r */
        mag_set_d(w, 1 - c + r);      /* exact */
        mag_mul(dtau, dtau, w);
        mag_add(dtau, dtau, tau);
        mag_mul(tau, tau, w);
    }
    mag_clear(K), mag_clear(q), mag_clear(s), mag_clear(w);
}

/* c > 0: phi = pib + (1 - c - t) P(t) (pib = (n_k - n_l) / m), or P itself
   when pib = 0 (then h = x' has no pole at alpha = 1). */
static void kron_poly_deflated(ct_lsroot_poly_struct *P, const ct_lskron_struct *S,
                               arb_srcptr a, slong J, double c, double r, slong k,
                               slong l, slong prec)
{
    slong dn = S->nlabk[k] - S->nlabk[l];
    _ct_lskron_deflated_tails(P->tau, P->dtau, S, c, r, J, k, l);
    P->shift = 0;
    if (dn == 0) {
        P->len = J + 1;
        P->Q = _arb_vec_init(P->len);
        _arb_vec_set(P->Q, a, P->len);
        return;
    }
    arb_t omc;
    arb_init(omc);
    P->len = J + 2;
    P->Q = _arb_vec_init(P->len);
    arb_set_d(omc, 1 - c); /* exact: c is dyadic in (0, 1) */
    for (slong j = 0; j <= J; j++) {
        arb_addmul(P->Q + j, a + j, omc, prec);
        arb_sub(P->Q + j + 1, P->Q + j + 1, a + j, prec);
    }
    arb_set_si(omc, dn);
    arb_div_si(omc, omc, S->m, prec);
    arb_add(P->Q, P->Q, omc, prec);
    arb_clear(omc);
}

void _ct_lskron_poly_from(ct_lsroot_poly_struct *P, const ct_lskron_struct *S, arb_ptr a,
                          slong J, double c, double r, slong i, slong k, slong l,
                          slong prec)
{
    mag_init(P->tau), mag_init(P->dtau);
    P->c = c, P->r = r;
    if (c == 0)
        kron_poly_series(P, S, a, J, r, i, k, l, prec);
    else
        kron_poly_deflated(P, S, a, J, c, r, k, l, prec);
}

void _ct_lskron_poly_make(ct_lsroot_poly_struct *P, const ct_lskron_struct *S,
                          const _ct_lskron_model *M, slong t, slong k, slong l)
{
    arb_ptr a = _arb_vec_init(M->J + 1);
    for (slong j = 0; j <= M->J; j++)
        kron_coef(a + j, M, t, k, l, j);
    _ct_lskron_poly_from(P, S, a, M->J, M->c, M->r, M->rows[t], k, l, 80);
    _arb_vec_clear(a, M->J + 1);
}

int _ct_lskron_lead_needed(const ct_lskron_struct *S, const _ct_lskron_model *M0)
{
    arb_ptr a = _arb_vec_init(M0->J + 1);
    int need = 0;
    for (slong t = 0; t < M0->nr && !need; t++)
        for (slong k = 0; k < S->head.c && !need && S->nlabk[k] > 0; k++)
            for (slong l = k + 1; l < S->head.c && !need; l++) {
                if (S->nlabk[l] == 0)
                    continue;
                for (slong j = 0; j <= M0->J; j++)
                    kron_coef(a + j, M0, t, k, l, j);
                _ct_lskron_exact_lead(a, M0->J, S, M0->rows[t], k, l, 80);
                slong j = 0;
                while (j <= M0->J && arb_is_zero(a + j))
                    j++;
                need = j <= M0->J && arb_contains_zero(a + j);
            }
    _arb_vec_clear(a, M0->J + 1);
    return need;
}
