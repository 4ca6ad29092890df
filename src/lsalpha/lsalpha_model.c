/* lsalpha_model: Taylor coefficients at a disk's center, with rigorous balls.

   c > 0. A = I - cT, pi = d / vol (pi^T T = pi^T, T self-adjoint for the
   pi-inner product, spectrum in [-1, 1] and below mu off the constants).
   b' = b - (pi^T b) 1 lies in V = {pi^T x = 0}, and x'(alpha) = (I - alpha
   T)^{-1} b' = sum_j X_j t^j (t = alpha - c) with X_0 = A^{-1} b', X_j =
   A^{-1} T X_{j-1}, all in V. On V, ||A^{-1} T||_pi <= kappa = max(mu / (1 -
   c mu), 1 / (1 + c)) and ||A^{-1}||_pi <= 1 / (1 - c mu); on the whole space
   ||A^{-1}||_pi = 1 / (1 - c). The computed x_j (exact dyadic vectors,
   projected near V) have errors e_j = x_j - X_j with
       e_j = A^{-1} rho_j + A^{-1} T e_{j-1},   rho_j = A x_j - T x_{j-1},
   and, splitting e_{j-1} into V and the constants (pi^T e_{j-1} = pi^T x_{j-1}),
       ||e_j||_pi <= ||rho_j||_pi / (1 - c) + kappa ||e_{j-1}||_pi
                     + |pi^T x_{j-1}| / (1 - c),
   with rho_j and pi^T x_{j-1} evaluated in balls. |v_i| <= ||v||_pi / sqrt(pi_i).
   The tail: ||X_j||_pi <= kappa^j ||b'||_pi / (1 - c mu), ||b'||_pi <= ||b||_pi.

   c = 0. X_j = T^j b in balls; |X_j[i]| <= ||b||_inf <= 1 (T is stochastic). */
#include <math.h>
#include "certune/mem.h"
#include "lsalpha_internal.h"

static slong lsmodel_J(const ct_lsroot_disk_struct *D, slong prec)
{
    const ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    slong J = D->c == 0 ? prec / 2 + 2 /* the series: q = r <= 1/4 */
                        : ct_lsroot_terms(prec, _ct_lsalpha_kappa(S, D->c) * D->r);
    if (D->c == 0) { /* room for the structural zeros of h at 0 */
        slong *dist = _ct_lsalpha_dist(S), far = 0, n = S->head.n;
        for (slong k = 0; k < S->head.c; k++)
            for (slong i = 0; S->nlabk[k] > 0 && i < n; i++)
                far = FLINT_MAX(far, dist[k * n + i]);
        flint_free(dist);
        J += far;
    }
    return J;
}

/* Room for lsmodel_wx's gather (one per model build, not per product). */
static arb_struct *lsmodel_gather_new(const ct_lsalpha_struct *S)
{
    return flint_malloc(FLINT_MAX(S->rowstart[S->head.n], 1) * sizeof(arb_struct));
}

/* s = W x (balls): one arb_dot per row over the row's weights (exact balls
   in S->wb) and a shallow gather of x into g (read only, never cleared). */
static void lsmodel_wx(arb_ptr s, ct_lsalpha_struct *S, arb_srcptr x, arb_struct *g,
                       slong prec)
{
    arb_srcptr wb = _ct_lsalpha_weights(S);
    for (slong e = 0; e < S->rowstart[S->head.n]; e++)
        g[e] = x[S->col[e]];
    for (slong i = 0; i < S->head.n; i++) {
        slong a = S->rowstart[i];
        arb_dot(s + i, NULL, 0, wb + a, 1, g + a, 1, S->rowstart[i + 1] - a, prec);
    }
}

/* The refinement's residual rows (c > 0): row i at rowstart[i] + i holds
   c w_e for its entries, then -d_i, as exact balls (c has 53 bits, w_e and
   d_i fewer than 50), so that each row of y - D x + c W x is one arb_dot. */
typedef struct {
    arb_ptr coef;
    arb_struct *g; /* room for the gather (shallow copies, never cleared) */
    slong len;
} lsmodel_rrows;

static void lsmodel_rrows_init(lsmodel_rrows *R, const ct_lsalpha_struct *S, double c)
{
    slong n = S->head.n;
    arb_t cc;
    arb_init(cc);
    arb_set_d(cc, c);
    R->len = S->rowstart[n] + n;
    R->coef = _arb_vec_init(R->len);
    R->g = flint_malloc(R->len * sizeof(arb_struct));
    for (slong i = 0; i < n; i++) {
        arb_ptr r = R->coef + S->rowstart[i] + i;
        slong k = S->rowstart[i + 1] - S->rowstart[i];
        for (slong t = 0; t < k; t++)
            arb_mul_ui(r + t, cc, (ulong)S->w[S->rowstart[i] + t], ARF_PREC_EXACT);
        arb_set_d(r + k, -S->deg[i]);
    }
    arb_clear(cc);
}

static void lsmodel_rrows_clear(lsmodel_rrows *R)
{
    _arb_vec_clear(R->coef, R->len);
    flint_free(R->g);
}

/* rho = y - D x + c W x (rho must not alias y or x). */
static void lsmodel_rrows_apply(arb_ptr rho, const lsmodel_rrows *R,
                                const ct_lsalpha_struct *S, arb_srcptr y, arb_srcptr x,
                                slong prec)
{
    for (slong i = 0; i < S->head.n; i++) {
        slong o = S->rowstart[i] + i, k = S->rowstart[i + 1] - S->rowstart[i];
        for (slong t = 0; t < k; t++)
            R->g[o + t] = x[S->col[S->rowstart[i] + t]];
        R->g[o + k] = x[i];
        arb_dot(rho + i, y + i, 0, R->coef + o, 1, R->g + o, 1, k + 1, prec);
    }
}

/* x = A_M^{-1} y refined `steps` times against residuals in balls; x exact. */
static void lsmodel_solve(arb_ptr x, const ct_lsroot_disk_struct *D, arb_srcptr y,
                          slong steps, arb_ptr tmp, const lsmodel_rrows *R, double *dv,
                          slong prec)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    slong n = S->head.n;
    _arb_vec_zero(x, n);
    _arb_vec_set(tmp, y, n);
    for (slong it = 0; it < steps; it++) {
        if (it > 0)
            lsmodel_rrows_apply(tmp, R, S, y, x, prec);
        for (slong i = 0; i < n; i++)
            dv[i] = arf_get_d(arb_midref(tmp + i), ARF_RND_NEAR);
        _ct_lsalpha_lu_solve(_ct_lsalpha_disk_of(D)->lu, dv);
        for (slong i = 0; i < n; i++) {
            arf_t d;
            arf_init(d);
            arf_set_d(d, dv[i]);
            arb_add_arf(x + i, x + i, d, prec);
            mag_zero(arb_radref(x + i));
            arf_clear(d);
        }
    }
}

/* Upper bounds: *rn >= ||D^{-1} rho||_pi and *pn >= |pi^T x|. */
static void lsmodel_norms(mag_t rn, mag_t pn, const ct_lsalpha_struct *S, arb_srcptr rho,
                          arb_srcptr x, slong prec)
{
    mag_t m, d;
    arb_t p;
    mag_init(m), mag_init(d), arb_init(p);
    mag_zero(rn);
    for (slong i = 0; i < S->head.n; i++) {
        arb_get_mag(m, rho + i);
        mag_mul(m, m, m);
        mag_set_ui_lower(d, (ulong)S->deg[i]);
        mag_div(m, m, d);
        mag_add(rn, rn, m);
        arb_addmul_ui(p, x + i, (ulong)S->deg[i], prec);
    }
    mag_set_ui_lower(d, (ulong)S->vol);
    mag_div(rn, rn, d);
    mag_sqrt(rn, rn);
    arb_div_ui(p, p, (ulong)S->vol, prec);
    arb_get_mag(pn, p);
    mag_clear(m), mag_clear(d), arb_clear(p);
}

/* Subtracts (approximately) the constant part pi^T x from x; x stays exact. */
static void lsmodel_project(arb_ptr x, const ct_lsalpha_struct *S, slong prec)
{
    arb_t p;
    arb_init(p);
    for (slong i = 0; i < S->head.n; i++)
        arb_addmul_ui(p, x + i, (ulong)S->deg[i], prec);
    arb_div_ui(p, p, (ulong)S->vol, prec);
    mag_zero(arb_radref(p));
    for (slong i = 0; i < S->head.n; i++) {
        arb_sub(x + i, x + i, p, prec);
        mag_zero(arb_radref(x + i));
    }
    arb_clear(p);
}

/* The deflated coefficients of one right-hand side (c > 0), with R the
   disk's residual rows. */
static void lsmodel_deflated(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D,
                             slong v, slong steps, const lsmodel_rrows *R, slong prec)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    slong n = S->head.n;
    arb_ptr y = _arb_vec_init(n), x = _arb_vec_init(n), wx = _arb_vec_init(n);
    arb_ptr tmp = _arb_vec_init(n);
    double *dv = flint_malloc(n * sizeof(double));
    arb_struct *g = lsmodel_gather_new(S);
    mag_t E, rn, pn, pprev, inv, kap, t;
    mag_init(E), mag_init(rn), mag_init(pn), mag_init(pprev), mag_init(inv);
    mag_init(kap), mag_init(t);
    _ct_lsalpha_model_inv1m(inv, D->c);
    mag_set_d(kap, _ct_lsalpha_kappa(S, D->c));
    _ct_lsalpha_model_rhs(y, M->pib + v, S, M->v[v], 1, prec);
    for (slong j = 0; j <= M->J; j++) {
        lsmodel_solve(x, D, y, steps, tmp, R, dv, prec);
        lsmodel_project(x, S, prec);
        lsmodel_wx(wx, S, x, g, prec);
        lsmodel_rrows_apply(tmp, R, S, y, x, prec);
        /* E = rn inv + kap E + pprev inv */
        mag_mul(E, E, kap);
        lsmodel_norms(rn, pn, S, tmp, x, prec);
        mag_add(t, rn, pprev);
        mag_addmul(E, t, inv);
        _ct_lsalpha_model_store(M, S, v, j, x, NULL, NULL, E);
        mag_set(pprev, pn);
        for (slong i = 0; i < n; i++) /* the next right-hand side: W x_j */
            arb_swap(y + i, wx + i);
    }
    _arb_vec_clear(y, n), _arb_vec_clear(x, n), _arb_vec_clear(wx, n);
    _arb_vec_clear(tmp, n);
    flint_free(dv), flint_free(g);
    mag_clear(E), mag_clear(rn), mag_clear(pn), mag_clear(pprev), mag_clear(inv);
    mag_clear(kap), mag_clear(t);
}

/* The power series T^j v in balls (c = 0). */
static void lsmodel_series(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D, slong v,
                           slong prec)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    slong n = S->head.n;
    arb_ptr x = _arb_vec_init(n), wx = _arb_vec_init(n);
    arb_struct *g = lsmodel_gather_new(S);
    mag_t zero;
    mag_init(zero);
    _ct_lsalpha_model_rhs(x, M->pib + v, S, M->v[v], 0, prec);
    for (slong j = 0; j <= M->J; j++) {
        _ct_lsalpha_model_store(M, S, v, j, x, NULL, NULL, zero);
        lsmodel_wx(wx, S, x, g, prec);
        for (slong i = 0; i < n; i++)
            arb_div_ui(x + i, wx + i, (ulong)S->deg[i], prec);
    }
    _arb_vec_clear(x, n), _arb_vec_clear(wx, n);
    flint_free(g);
    mag_clear(zero);
}

/* Solves per Taylor term: each gains about 44 bits, but the search's signs
   (56 bits) need one and the 96-bit narrowing two (a third changes no
   breakpoint: docs/alpha.md); the oracle's finer levels one per 40 bits.
   The bounds come from the last residual in balls whatever the count. */
static slong lsmodel_steps(slong prec)
{
    return prec <= 56 ? 1 : prec <= 96 ? 2 : (prec + 39) / 40;
}

_ct_lsalpha_model *_ct_lsalpha_model_build(ct_lsroot_disk_struct *D,
                                           const _ct_lsalpha_rhs *v, slong nv, slong prec)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    _ct_lsalpha_model *M = flint_calloc(1, sizeof(_ct_lsalpha_model));
    M->prec = prec;
    M->slot = S->slot;
    M->n = S->slot != NULL ? S->nslot : S->head.n;
    M->J = lsmodel_J(D, prec);
    M->nv = nv;
    M->v = flint_malloc(nv * sizeof(_ct_lsalpha_rhs));
    for (slong k = 0; k < nv; k++)
        M->v[k] = v[k];
    M->coef = _arb_vec_init(nv * M->n * (M->J + 1));
    M->pib = _arb_vec_init(nv);
    M->K = _mag_vec_init(nv);
    _ct_lsalpha_disk *X = _ct_lsalpha_disk_of(D);
    if (D->c > 0 && X->lu == NULL)
        X->lu = _ct_lsalpha_lu_new(S, D->c);
    slong wp = prec + 20, steps = lsmodel_steps(prec);
    /* doubles suffice up to 96 bits (lsalpha_fmodel.c) unless the
       coefficients leave their range */
    int balls = D->c > 0 && (prec > 96 || _ct_lsalpha_fmodel_build(M, D, prec > 56) != 0);
    lsmodel_rrows R; /* one set of residual rows for the nv right-hand sides */
    if (balls)
        lsmodel_rrows_init(&R, S, D->c);
    for (slong k = 0; k < nv; k++) {
        slong cnt = S->nlabk[v[k].k] + (v[k].l >= 0 ? S->nlabk[v[k].l] : 0);
        if (D->c > 0) {
            if (balls)
                lsmodel_deflated(M, D, k, steps, &R, wp);
            mag_t t; /* K = sqrt(cnt / vol) / (1 - c mu) */
            mag_init(t);
            mag_set_ui(M->K + k, (ulong)cnt);
            mag_set_ui_lower(t, (ulong)S->vol);
            mag_div(M->K + k, M->K + k, t);
            mag_sqrt(M->K + k, M->K + k);
            _ct_lsalpha_model_inv1m(t, D->c * S->mu);
            mag_mul(M->K + k, M->K + k, t);
            mag_clear(t);
        } else {
            lsmodel_series(M, D, k, wp);
            mag_one(M->K + k);
        }
    }
    if (balls)
        lsmodel_rrows_clear(&R);
    return M;
}

void _ct_lsalpha_model_build_each(_ct_lsalpha_model **out, ct_lsroot_disk_struct *D,
                                  const _ct_lsalpha_rhs *v, slong nv, slong prec)
{
    _ct_lsalpha_model *M = _ct_lsalpha_model_build(D, v, nv, prec);
    slong len = M->n * (M->J + 1);
    for (slong t = 0; t < nv; t++) {
        _ct_lsalpha_model *O = flint_calloc(1, sizeof(_ct_lsalpha_model));
        *O = *M;
        O->nv = 1;
        O->v = flint_malloc(sizeof(_ct_lsalpha_rhs));
        O->v[0] = v[t];
        O->coef = _arb_vec_init(len);
        O->pib = _arb_vec_init(1);
        O->K = _mag_vec_init(1);
        for (slong e = 0; e < len; e++) /* rows of v are M's [t * n, (t + 1) * n) */
            arb_swap(O->coef + e, M->coef + t * len + e);
        arb_swap(O->pib, M->pib + t);
        mag_swap(O->K, M->K + t);
        out[t] = O;
    }
    _ct_lsalpha_model_free(M);
}

void _ct_lsalpha_model_free(_ct_lsalpha_model *M)
{
    if (M == NULL)
        return;
    _arb_vec_clear(M->coef, M->nv * M->n * (M->J + 1));
    _arb_vec_clear(M->pib, M->nv);
    _mag_vec_clear(M->K, M->nv);
    flint_free(M->v);
    flint_free(M);
}
