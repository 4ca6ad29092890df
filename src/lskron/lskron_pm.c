/* lskron_pm: one class's Taylor model of the lambda system at 96 to 768
   bits, in balls (a pair's is the difference of its classes'), from H_hi and K_hi
   (lskron_hi.c), with the error recursion of lskron_model.c (eps of K_hi in
   place of K~'s). The floating Cholesky factor of A only preconditions: every residual is
   evaluated in balls. */
#include <math.h>
#include <string.h>
#include "lskron_internal.h"

typedef struct {
    const ct_lskron_struct *S;
    const _ct_lskron_hi *X;
    _ct_lskron_pmodel *P;
    double *R; /* upper Cholesky factor of the floating A (c > 0) */
    slong wp;
} kpm_ctx;

/* y = x * d, d an exact double. */
static void kpm_mul_d(arb_t y, const arb_t x, double d, slong wp)
{
    arf_t f;
    arf_init(f);
    arf_set_d(f, d);
    arb_mul_arf(y, x, f, wp);
    arf_clear(f);
}

/* y = K_hi x / rho (balls). */
static void kpm_kx(arb_ptr y, const kpm_ctx *C, arb_srcptr x)
{
    slong m = C->S->m;
    for (slong i = 0; i < m; i++) {
        arb_dot(y + i, NULL, 0, C->X->K + i * m, 1, x, 1, m, C->wp);
        arb_mul_2exp_si(y + i, y + i, -(slong)log2(C->S->rho));
    }
}

/* x = A_float^{-1} mid(y) as exact balls, through doubles scaled by 2^-e
   (the coefficients grow like kappa^j, past the doubles' range at 768 bits). */
static void kpm_presolve(arb_ptr x, const kpm_ctx *C, arb_srcptr y, double *d)
{
    slong m = C->S->m, e = WORD_MIN;
    for (slong i = 0; i < m; i++)
        if (!arf_is_zero(arb_midref(y + i)))
            e = FLINT_MAX(e, fmpz_get_si(ARF_EXPREF(arb_midref(y + i))));
    e = e == WORD_MIN ? 0 : e;
    for (slong i = 0; i < m; i++) {
        arf_t t;
        arf_init(t);
        arf_mul_2exp_si(t, arb_midref(y + i), -e);
        d[i] = arf_get_d(t, ARF_RND_NEAR);
        arf_clear(t);
    }
    _ct_lskron_chol_solve(C->R, m, d);
    for (slong i = 0; i < m; i++) {
        arb_set_d(x + i, d[i]);
        arb_mul_2exp_si(x + i, x + i, e);
    }
}

/* r = A x - y with A = (1 - c) I + (c / rho) K_hi (balls). */
static void kpm_ax(arb_ptr r, const kpm_ctx *C, arb_srcptr x, arb_srcptr y, arb_ptr t)
{
    double c = C->P->c;
    kpm_kx(t, C, x);
    for (slong i = 0; i < C->S->m; i++) {
        kpm_mul_d(r + i, x + i, 1 - c, C->wp); /* 1 - c exact: c dyadic */
        kpm_mul_d(t + i, t + i, c, C->wp);
        arb_add(r + i, r + i, t + i, C->wp);
        arb_sub(r + i, r + i, y + i, C->wp);
    }
}

/* Row i of K_hi x, 2^-e scaled, as s + *lo: k the row's (K1, K1h, K1l, K2)
   entries, x = (x1, x1h, x1l, x2) per entry; four running sums, so that their
   additions do not wait on each other. */
static double kdd_row(double *lo, const double *k, const double *x, slong m)
{
    double s[4] = {0, 0, 0, 0}, err = 0, low = 0;
    slong j = 0;
    for (; j + 4 <= m; j += 4)
        for (int u = 0; u < 4; u++) {
            const double *a = k + 4 * (j + u), *b = x + 4 * (j + u);
            double es, p = a[0] * b[0];
            double ep = ((a[1] * b[1] - p) + a[1] * b[2] + a[2] * b[1]) + a[2] * b[2];
            s[u] = ct_dd_sum(s[u], p, &es);
            err += es + ep;
            low += a[0] * b[3] + a[3] * b[0];
        }
    for (; j < m; j++) {
        const double *a = k + 4 * j, *b = x + 4 * j;
        double es, p = a[0] * b[0];
        double ep = ((a[1] * b[1] - p) + a[1] * b[2] + a[2] * b[1]) + a[2] * b[2];
        s[0] = ct_dd_sum(s[0], p, &es);
        err += es + ep;
        low += a[0] * b[3] + a[3] * b[0];
    }
    double e1, e2, e3;
    double t = ct_dd_sum(ct_dd_sum(s[0], s[1], &e1), ct_dd_sum(s[2], s[3], &e2), &e3);
    *lo = err + low + e1 + e2 + e3;
    return t;
}

/* x (2^-e scaled) as h + l into xs's (x1, x1h, x1l, x2) entry i. */
static void kdd_set(double *xs, slong i, double h, double l)
{
    double *b = xs + 4 * i;
    b[0] = h, b[3] = l;
    ct_dd_split(h, b + 1, b + 2);
}

/* d = 2^-e (A x - y), A = (1 - c) I + (c / rho) K_hi, in double-double (about
   2^-104 of the terms' size; not rigorous: it only steers the refinement of
   the midpoints, which the residual in balls certifies); x and y 2^-e scaled
   in xs (as kdd_set) and ys (h, l pairs). */
static void kpm_dd_resid(double *d, const kpm_ctx *C, const double *xs, const double *ys)
{
    slong m = C->S->m;
    double a = 1 - C->P->c, cr = ldexp(C->P->c, -(int)log2(C->S->rho));
    for (slong i = 0; i < m; i++) {
        double sl, e1, e2, t1, t2, xh = xs[4 * i], xl = xs[4 * i + 3];
        double s = kdd_row(&sl, C->X->Kd + 4 * i * m, xs, m);
        double q = ct_dd_sum(ct_dd_prod(a, xh, &e1), ct_dd_prod(cr, s, &e2), &t1);
        double r = ct_dd_sum(q, -ys[2 * i], &t2);
        d[i] = r + (t1 + t2 + e1 + e2 + a * xl + cr * sl - ys[2 * i + 1]);
    }
}

/* x ~ A^{-1} y, refined against residuals in balls, the mean removed; x exact. */
static void kpm_solve(arb_ptr x, const kpm_ctx *C, arb_srcptr y, arb_ptr r, arb_ptr t,
                      double *d)
{
    slong m = C->S->m;
    kpm_presolve(x, C, y, d);
    /* each step gains about 44 bits (A's condition number is below 2^9 on
       the disks): enough for the working precision, not needed for rigour.
       At 96 bits the steps' residuals are double-double (x to about 2^-104,
       four times cheaper than balls), y split once and x kept as two doubles
       beside its balls (exact after the first step: x0 - t1); kpm_resid's
       residual in balls bounds what is left either way */
    slong steps = (C->wp + 43) / 44 - 1, e = 0;
    double *xs = NULL, *ys = NULL;
    if (C->X->Kd != NULL && steps > 0) {
        e = ct_dd_scale(x, y, m);
        xs = flint_malloc(6 * m * sizeof(double)), ys = xs + 4 * m;
        for (slong i = 0; i < m; i++) {
            double h, l;
            ct_dd_set_arf(ys + 2 * i, ys + 2 * i + 1, arb_midref(y + i), e);
            ct_dd_set_arf(&h, &l, arb_midref(x + i), e);
            kdd_set(xs, i, h, l);
        }
    }
    for (slong step = 0; step < steps; step++) {
        if (xs != NULL) {
            kpm_dd_resid(d, C, xs, ys);
            _ct_lskron_chol_solve(C->R, m, d);
            for (slong i = 0; i < m; i++) {
                double *b = xs + 4 * i, l, h = ct_dd_sum(b[0], -d[i], &l);
                kdd_set(xs, i, h, l + b[3]);
                arb_set_d(t + i, d[i]);
                arb_mul_2exp_si(t + i, t + i, e);
            }
        } else {
            kpm_ax(r, C, x, y, t);
            kpm_presolve(t, C, r, d);
        }
        for (slong i = 0; i < m; i++)
            arf_sub(arb_midref(x + i), arb_midref(x + i), arb_midref(t + i), C->wp,
                    ARF_RND_NEAR);
    }
    flint_free(xs);
    arb_zero(t);
    for (slong i = 0; i < m; i++)
        arb_add(t, t, x + i, C->wp);
    arb_div_si(t, t, m, C->wp);
    for (slong i = 0; i < m; i++)
        arf_sub(arb_midref(x + i), arb_midref(x + i), arb_midref(t), C->wp, ARF_RND_NEAR);
}

/* >= ||v||_2 for balls v. */
static void kpm_norm(mag_t n, arb_srcptr v, slong m)
{
    mag_t t;
    mag_init(t);
    mag_zero(n);
    for (slong i = 0; i < m; i++) {
        arb_get_mag(t, v + i);
        mag_addmul(n, t, t);
    }
    mag_sqrt(n, n);
    mag_clear(t);
}

/* The class's right-hand side b = Y_k (deflate: b - (pi^T b) 1) in balls. */
static void kpm_rhs(arb_ptr y, const kpm_ctx *C, int deflate)
{
    const ct_lskron_struct *S = C->S;
    slong k = C->P->k;
    for (slong i = 0; i < S->m; i++) {
        arb_set_si(y + i, S->cls[i] == k);
        if (deflate) {
            arb_t q;
            arb_init(q);
            arb_set_si(q, S->nlabk[k]);
            arb_div_si(q, q, S->m, C->wp);
            arb_sub(y + i, y + i, q, C->wp);
            arb_clear(q);
        }
    }
}

/* ||r_j||_2 bound: r_j = A x - M xp (xp NULL: A x - b'), plus eps ||w|| / rho,
   w = c x + xp, from kx = K_hi x / rho and kxp = K_hi xp / rho (linearity: K_hi w
   / rho = c kx + kxp, enclosed as well). */
static void kpm_resid(mag_t rn, const kpm_ctx *C, arb_srcptr x, arb_srcptr xp,
                      arb_srcptr b, arb_srcptr kx, arb_srcptr kxp, arb_ptr r, arb_ptr t)
{
    slong m = C->S->m;
    double c = C->P->c;
    mag_t wn, e;
    mag_init(wn), mag_init(e);
    for (slong i = 0; i < m; i++) { /* w = c x + xp */
        kpm_mul_d(r + i, x + i, c, C->wp);
        kpm_mul_d(t + i, kx + i, c, C->wp);
        if (xp != NULL) {
            arb_add(r + i, r + i, xp + i, C->wp);
            arb_add(t + i, t + i, kxp + i, C->wp);
        }
    }
    kpm_norm(wn, r, m);
    for (slong i = 0; i < m; i++) {
        kpm_mul_d(r + i, x + i, 1 - c, C->wp);
        arb_sub(r + i, r + i, xp != NULL ? xp + i : b + i, C->wp);
        arb_add(r + i, r + i, t + i, C->wp);
    }
    kpm_norm(rn, r, m);
    mag_mul(e, C->X->eps, wn);
    mag_mul_2exp_si(e, e, -(slong)log2(C->S->rho));
    mag_add(rn, rn, e);
    mag_clear(wn), mag_clear(e);
}

/* c > 0: x_j and E[j]. */
static void kpm_deflated(kpm_ctx *C)
{
    const ct_lskron_struct *S = C->S;
    _ct_lskron_pmodel *P = C->P;
    slong m = S->m;
    arb_ptr b = _arb_vec_init(m), y = _arb_vec_init(m), r = _arb_vec_init(m);
    arb_ptr t = _arb_vec_init(m), s = _arb_vec_init(1), kx = _arb_vec_init(m);
    arb_ptr kxp = _arb_vec_init(m);
    double *d = flint_malloc(m * sizeof(double));
    mag_t E, rn, pn, inv, kap, sm, u;
    mag_init(E), mag_init(rn), mag_init(pn), mag_init(inv), mag_init(kap);
    mag_init(sm), mag_init(u);
    mag_set_d_lower(inv, 1 - P->c);
    mag_one(u);
    mag_div(inv, u, inv);
    mag_set_d(kap, _ct_lskron_kappa(S, P->c));
    mag_set_ui(sm, (ulong)m);
    mag_sqrt(sm, sm);
    kpm_rhs(b, C, 1);
    _arb_vec_set(y, b, m);
    for (slong j = 0; j <= P->J; j++) {
        arb_ptr x = P->x + j * m, xp = j > 0 ? P->x + (j - 1) * m : NULL;
        kpm_solve(x, C, y, r, t, d);
        kpm_kx(kx, C, x);
        kpm_resid(rn, C, x, xp, b, kx, kxp, r, t);
        arb_zero(s);
        for (slong i = 0; xp != NULL && i < m; i++)
            arb_add(s, s, xp + i, C->wp);
        arb_div_si(s, s, m, C->wp);
        arb_get_mag(pn, s);
        mag_mul(E, E, kap); /* E = kap E + (rn + pn sqrt(m)) / (1 - c) */
        mag_mul(pn, pn, sm);
        mag_add(pn, pn, rn);
        mag_addmul(E, pn, inv);
        mag_set(P->E + j, E);
        _arb_vec_sub(y, x, kx, m, C->wp); /* the next right-hand side: M x */
        _arb_vec_swap(kx, kxp, m);
    }
    _arb_vec_clear(b, m), _arb_vec_clear(y, m), _arb_vec_clear(r, m);
    _arb_vec_clear(t, m), _arb_vec_clear(s, 1), _arb_vec_clear(kx, m);
    _arb_vec_clear(kxp, m);
    flint_free(d);
    mag_clear(E), mag_clear(rn), mag_clear(pn), mag_clear(inv), mag_clear(kap);
    mag_clear(sm), mag_clear(u);
}

/* c = 0: M^j b in balls, (K - K_hi) x bounded on each row's structure. */
static void kpm_series(kpm_ctx *C)
{
    const ct_lskron_struct *S = C->S;
    _ct_lskron_pmodel *P = C->P;
    slong m = S->m;
    arb_ptr t = _arb_vec_init(m);
    mag_t st, a;
    mag_init(st), mag_init(a);
    kpm_rhs(P->x, C, 0);
    for (slong j = 0; j < P->J; j++) {
        arb_srcptr x = P->x + j * m;
        arb_ptr xn = P->x + (j + 1) * m;
        kpm_kx(t, C, x);
        for (slong i = 0; i < m; i++) {
            mag_zero(st);
            for (slong u = S->Koff[i]; u < S->Koff[i + 1]; u++) {
                arb_get_mag(a, x + S->Kcol[u]);
                mag_addmul(st, a, a);
            }
            arb_sub(xn + i, x + i, t + i, C->wp);
            if (!mag_is_zero(st)) {
                mag_sqrt(st, st);
                mag_mul(st, st, C->X->eps);
                mag_mul_2exp_si(st, st, -(slong)log2(S->rho));
                arb_add_error_mag(xn + i, st);
            }
        }
    }
    _arb_vec_clear(t, m);
    mag_clear(st), mag_clear(a);
}

_ct_lskron_pmodel *_ct_lskron_pmodel_build(const ct_lskron_struct *S,
                                           const _ct_lskron_hi *X, double c, double r,
                                           slong k)
{
    _ct_lskron_pmodel *P = flint_calloc(1, sizeof(_ct_lskron_pmodel));
    P->prec = X->prec, P->c = c, P->r = r, P->k = k;
    P->J = c == 0 ? X->prec / 2 + 2 + S->far
                  : ct_lsroot_terms(X->prec, _ct_lskron_kappa(S, c) * r);
    P->x = _arb_vec_init((P->J + 1) * S->m);
    P->E = _mag_vec_init(P->J + 1);
    kpm_ctx C = {S, X, P, c > 0 ? _ct_lskron_afactor(S, c) : NULL, X->prec + 30};
    if (c > 0 && C.R == NULL) {
        _ct_lskron_pmodel_free(P, S->m);
        return NULL;
    }
    if (c > 0)
        kpm_deflated(&C);
    else
        kpm_series(&C);
    flint_free(C.R);
    return P;
}

/* a = coefficient j at node i: labeled, x_j[q] +- E_j; unlabeled a, H_hi,a x_j
   +- (Hrs_a E_j + Herr_a (max over the support of |X_j|)). */

static void kpm_coef(arb_t v, const ct_lskron_struct *S, const _ct_lskron_hi *X,
                     arb_srcptr hrow, const _ct_lskron_pmodel *P, slong i, slong j,
                     arb_struct *g)
{
    if (P->yh != NULL) {
        _ct_lskron_pencil_coef(v, S, P, i, j);
        return;
    }
    slong m = S->m, q = S->pos[i];
    arb_srcptr x = P->x + j * m;
    if (q >= 0) {
        arb_set(v, x + q);
        arb_add_error_mag(v, P->E + j);
        return;
    }
    slong a = -1 - q, len = S->Hoff[a + 1] - S->Hoff[a];
    arb_struct *h = g + len;
    mag_t mx, t;
    mag_init(mx), mag_init(t);
    for (slong u = 0; u < len; u++) {
        slong p = S->Hcol[S->Hoff[a] + u];
        g[u] = x[p], h[u] = hrow[p]; /* shallow: read only */
        arb_get_mag(t, x + p);
        mag_max(mx, mx, t);
    }
    arb_dot(v, NULL, 0, h, 1, g, 1, len, P->prec + 30);
    mag_add(mx, mx, P->E + j);
    mag_mul(mx, mx, X->Herr + a);
    mag_mul(t, X->Hrs + a, P->E + j);
    mag_add(mx, mx, t);
    arb_add_error_mag(v, mx);
    mag_clear(mx), mag_clear(t);
}

void _ct_lskron_pmodel_poly(ct_lsroot_poly_struct *Q, const ct_lskron_struct *S,
                            const _ct_lskron_hi *X, const _ct_lskron_pmodel *Pk,
                            const _ct_lskron_pmodel *Pl, slong i)
{
    slong J = Pk->J;
    arb_ptr a = _arb_vec_init(J + 1);
    arb_t b;
    arb_init(b);
    arb_struct *g = flint_malloc(2 * FLINT_MAX(S->m, 1) * sizeof(arb_struct));
    arb_ptr h = NULL; /* H_hi's row of an unlabeled node, made once */
    if (X != NULL && S->pos[i] < 0 && (Pk->yh == NULL || Pl->yh == NULL)) {
        h = _arb_vec_init(S->m);
        _ct_lskron_hi_row(h, X, -1 - S->pos[i]);
    }
    for (slong j = 0; j <= J; j++) {
        kpm_coef(a + j, S, X, h, Pk, i, j, g);
        kpm_coef(b, S, X, h, Pl, i, j, g);
        arb_sub(a + j, a + j, b, Pk->prec + 30);
    }
    _ct_lskron_poly_from(Q, S, a, J, Pk->c, Pk->r, i, Pk->k, Pl->k, Pk->prec + 30);
    flint_free(g);
    if (h != NULL)
        _arb_vec_clear(h, S->m);
    arb_clear(b);
    _arb_vec_clear(a, J + 1);
}
