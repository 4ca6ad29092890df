/* lsalpha_lead: h's leading Taylor coefficients at alpha = 0 exactly, for the
   ones whose balls contain 0 without being 0: the contributions of classes k
   and l cancel (a node with equal walks to a label of each), and the sign
   right of 0 could not be decided. a_j = e_i^T T^j b with b = D^{-1/2} (Y_k -
   Y_l) = sum over the square parts s of s^{-1/2} beta_s, beta_s[m] = +-1/q_m
   at the labeled nodes m of class k (+) or l (-) with r_m = s. The r are
   pairwise equal or have linearly independent square roots (ct_lsalpha_new),
   so a_j = 0 iff every rational rho_s = e_i^T T^j beta_s is 0; else a_j =
   sum_s rho_s s^{-1/2}, evaluated in Arb. */
#include <flint/fmpq_vec.h>
#include "lsalpha_internal.h"

/* u = u T, T = D^{-1} W, exactly (u dense, n entries; v scratch). */
static void lslead_step(fmpq *u, fmpq *v, const ct_lsalpha_struct *S)
{
    slong n = S->head.n;
    fmpz_t w, d;
    fmpq_t t;
    fmpz_init(w), fmpz_init(d), fmpq_init(t);
    for (slong a = 0; a < n; a++)
        fmpq_zero(v + a);
    for (slong a = 0; a < n; a++) {
        if (fmpq_is_zero(u + a))
            continue;
        fmpz_set_d(d, S->deg[a]); /* exact: integers below 2^50 */
        for (slong e = S->rowstart[a]; e < S->rowstart[a + 1]; e++) {
            fmpz_set_d(w, S->w[e]); /* (u T)_b += u_a w_ab / d_a */
            fmpq_mul_fmpz(t, u + a, w);
            fmpq_div_fmpz(t, t, d);
            fmpq_add(v + S->col[e], v + S->col[e], t);
        }
    }
    for (slong a = 0; a < n; a++)
        fmpq_swap(u + a, v + a);
    fmpz_clear(w), fmpz_clear(d), fmpq_clear(t);
}

/* rho_s for the square part s = r[g]: sum over the labeled m of k or l with
   r_m = s of +-u[m] / q_m. */
static void lslead_rho(fmpq_t rho, const fmpq *u, const ct_lsalpha_struct *S, slong k,
                       slong l, const fmpz_t s)
{
    fmpq_t t;
    fmpq_init(t);
    fmpq_zero(rho);
    for (slong g = 0; g < S->nlab; g++) {
        if ((S->cls[g] != k && S->cls[g] != l) || !fmpz_equal(S->r + g, s))
            continue;
        fmpq_div_fmpz(t, u + S->lab[g], S->q + g);
        (S->cls[g] == k ? fmpq_add : fmpq_sub)(rho, rho, t);
    }
    fmpq_clear(t);
}

/* a = the coefficient u b of pair (k, l) (u = e_i^T T^j), exactly 0 or an
   enclosure at prec. */
static void lslead_coef(arb_t a, const fmpq *u, const ct_lsalpha_struct *S, slong k,
                        slong l, slong prec)
{
    fmpq_t rho;
    arb_t x, y;
    fmpq_init(rho), arb_init(x), arb_init(y);
    arb_zero(a);
    for (slong g = 0; g < S->nlab; g++) {
        slong h = 0; /* each square part once: at its first labeled node */
        while (h < g &&
               !((S->cls[h] == k || S->cls[h] == l) && fmpz_equal(S->r + h, S->r + g)))
            h++;
        if ((S->cls[g] != k && S->cls[g] != l) || h < g)
            continue;
        lslead_rho(rho, u, S, k, l, S->r + g);
        if (fmpq_is_zero(rho))
            continue;
        arb_set_fmpz(y, S->r + g);
        arb_rsqrt(y, y, prec);
        arb_set_fmpq(x, rho, prec);
        arb_addmul(a, x, y, prec);
    }
    fmpq_clear(rho), arb_clear(x), arb_clear(y);
}

void _ct_lsalpha_lead(arb_ptr a, slong J, const ct_lsalpha_struct *S, slong i, slong k,
                      slong l, slong prec)
{
    fmpq *u = NULL, *v = NULL; /* u = e_i^T T^ju, made when first needed */
    slong n = S->head.n, ju = 0;
    for (slong j = 0; j <= J; j++) {
        if (arb_is_zero(a + j))
            continue;
        if (!arb_contains_zero(a + j))
            break;
        if (u == NULL) {
            u = _fmpq_vec_init(n), v = _fmpq_vec_init(n);
            fmpq_one(u + i);
        }
        for (; ju < j; ju++)
            lslead_step(u, v, S);
        lslead_coef(a + j, u, S, k, l, prec);
        if (!arb_is_zero(a + j))
            break;
    }
    if (u != NULL)
        _fmpq_vec_clear(u, n), _fmpq_vec_clear(v, n);
}
