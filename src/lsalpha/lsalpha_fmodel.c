/* lsalpha_fmodel: the Taylor models at c > 0 up to 96 bits in doubles with
   certified radii (lsalpha_model.c's recurrence and bound, without balls).

   The stored x_j are plain doubles (56 bits: one solve per term) or sums of
   two doubles xh + xl (96 bits: a second solve corrects the first against
   its residual, evaluated as below), projected near V = {pi^T x = 0}; their
   errors obey lsalpha_model.c's bound
       ||e_j||_pi <= ||D^{-1} r_j||_pi / (1 - c) + kappa ||e_{j-1}||_pi
                     + |pi^T x_{j-1}| / (1 - c),
   with r_j = D rho_j = (D - cW) x_j - W x_{j-1} and r_0 = (D - cW) x_0 - y,
   y = D b'. Each row of r_j and the sums pi^T x are compensated dot
   products at three levels (Ogita, Rump and Oishi's Dot2 carried one level
   further): every product is split exactly by Dekker's product (c w_e once
   into two doubles), every sum of the value and of its parts exactly by
   Knuth's, and only the parts' parts are summed in plain doubles, off by at
   most gamma_m times their magnitudes' sum (accumulated beside them; Higham,
   Accuracy and Stability, Lemma 3.1 and section 4.2: any summation order),
   which is of order 2^-106 of the terms. Products too small to matter (a low
   part times a low part; at 56 bits c w_e's low part times x) are rounded,
   their roundings bounded the same way. So |r_i| is bounded by the computed
   value's magnitude, a few roundings of the final sum, and those terms; a
   bound of 2^-1000 covers the inexact low parts of products that underflow.
   Upper bounds computed in doubles are inflated past their own roundings.
   y = D b' (irrational) is held as yh + yl, off by at most its balls' error. */
#include <math.h>
#include "certune/dd.h"
#include "lsalpha_internal.h"

/* A compensated sum: s + c + d is the value (c the parts, d their parts), a
   the magnitudes of what was rounded (d's addends, rounded products), m
   their count. */
typedef struct {
    double s, c, d, a;
    slong m;
} fm_acc;

/* x added as a part: exactly into c, its own part into d. */
static inline void fm_part(fm_acc *A, double x)
{
    double g;
    A->c = ct_dd_sum(A->c, x, &g);
    A->d += g;
    A->a += fabs(g);
    A->m += 1;
}

/* x added exactly to the value, its part kept. */
static inline void fm_add(fm_acc *A, double x)
{
    double f;
    A->s = ct_dd_sum(A->s, x, &f);
    fm_part(A, f);
}

static inline void fm_add_prod(fm_acc *A, double x, double y)
{
    double e, p = ct_dd_prod(x, y, &e);
    fm_add(A, p);
    fm_part(A, e);
}

/* x y rounded, added as a part (its rounding at most 2^-53 |x y|). */
static inline void fm_add_small(fm_acc *A, double x, double y)
{
    double p = x * y;
    fm_part(A, p);
    A->a += fabs(p);
    A->m += 1;
}

/* The value into *val; returns an upper bound of the exact sum's magnitude. */
static double fm_abs_bound(const fm_acc *A, double *val)
{
    double r = A->s + (A->c + A->d), k = (double)(2 * A->m + 16);
    *val = r;
    return (fabs(r) + 0x1p-51 * (fabs(A->c) + fabs(A->d)) + k * 0x1p-53 * A->a +
            0x1p-1000) *
           (1 + k * 0x1p-52);
}

/* The split c w_e = hi + lo of every weight, once per model. */
typedef struct {
    double *hi, *lo;
} fm_cw;

static void fm_cw_init(fm_cw *C, const ct_lsalpha_struct *S, double c)
{
    slong nnz = S->rowstart[S->head.n];
    C->hi = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(double));
    C->lo = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(double));
    for (slong e = 0; e < nnz; e++)
        C->hi[e] = ct_dd_prod(c, S->w[e], C->lo + e);
}

static void fm_cw_clear(fm_cw *C)
{
    flint_free(C->hi), flint_free(C->lo);
}

/* A vector xh + xl (xl NULL: zero). */
typedef struct {
    double *h, *l;
} fm_vec;

/* Row i of r = D x - cWx - (p.h != NULL ? W p : y) as a compensated sum;
   returns an upper bound of |r_i| (y's error yerr[i] included), the value
   into *val. */
static double fm_row(double *val, const ct_lsalpha_struct *S, const fm_cw *C, slong i,
                     fm_vec x, fm_vec p, fm_vec y, const double *yerr)
{
    fm_acc A = {0, 0, 0, 0, 0};
    fm_add_prod(&A, S->deg[i], x.h[i]);
    if (x.l != NULL)
        fm_add_prod(&A, S->deg[i], x.l[i]);
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong k = S->col[e];
        fm_add_prod(&A, -C->hi[e], x.h[k]);
        if (x.l != NULL) {
            fm_add_prod(&A, -C->lo[e], x.h[k]), fm_add_prod(&A, -C->hi[e], x.l[k]);
            fm_add_small(&A, -C->lo[e], x.l[k]);
        } else
            fm_add_small(&A, -C->lo[e], x.h[k]);
        if (p.h != NULL)
            fm_add_prod(&A, -S->w[e], p.h[k]);
        if (p.l != NULL)
            fm_add_prod(&A, -S->w[e], p.l[k]);
    }
    if (p.h == NULL) {
        fm_add(&A, -y.h[i]);
        if (y.l != NULL)
            fm_add(&A, -y.l[i]);
    }
    double b = fm_abs_bound(&A, val);
    return p.h == NULL ? (b + yerr[i]) * (1 + 0x1p-50) : b;
}

/* bnd[i] >= |r_i| for every row (fm_row). */
static void fm_residual(double *bnd, const ct_lsalpha_struct *S, const fm_cw *C, fm_vec x,
                        fm_vec p, fm_vec y, const double *yerr)
{
    double v;
    for (slong i = 0; i < S->head.n; i++)
        bnd[i] = fm_row(&v, S, C, i, x, p, y, yerr);
}

/* Upper bound of ||D^{-1} r||_pi = sqrt(sum_i r_i^2 / (d_i vol)) from bnd,
   scaled by the largest so that no square overflows or matters when it
   underflows. */
static double fm_pinorm(const double *bnd, const ct_lsalpha_struct *S)
{
    slong n = S->head.n;
    double mx = 0, s = 0;
    for (slong i = 0; i < n; i++)
        mx = fmax(mx, bnd[i]);
    if (mx == 0)
        return 0;
    for (slong i = 0; i < n; i++) {
        double t = bnd[i] / mx;
        s += t * t / S->deg[i];
    }
    return mx * sqrt(s / S->vol) * (1 + (double)(n + 16) * 0x1p-52);
}

/* pi^T x: its value into *val, an upper bound of its magnitude returned. */
static double fm_pidot(fm_vec x, const ct_lsalpha_struct *S, double *val)
{
    fm_acc A = {0, 0, 0, 0, 0};
    for (slong i = 0; i < S->head.n; i++) {
        fm_add_prod(&A, S->deg[i], x.h[i]);
        if (x.l != NULL)
            fm_add_prod(&A, S->deg[i], x.l[i]);
    }
    double b = fm_abs_bound(&A, val);
    *val /= S->vol;
    return b / S->vol * (1 + 0x1p-50);
}

/* y = yh + yl (yl NULL: yh alone) and yerr >= |y - D b'| from the balls of
   lsalpha_model's right-hand side; sets pib = pi^T b. */
static void fm_rhs(fm_vec y, double *yerr, arb_t pib, const ct_lsalpha_struct *S,
                   _ct_lsalpha_rhs v)
{
    slong n = S->head.n;
    arb_ptr yb = _arb_vec_init(n);
    arb_t t;
    arf_t d;
    mag_t m;
    arb_init(t), arf_init(d), mag_init(m);
    _ct_lsalpha_model_rhs(yb, pib, S, v, 1, 192);
    for (slong i = 0; i < n; i++) {
        y.h[i] = arf_get_d(arb_midref(yb + i), ARF_RND_NEAR);
        arf_set_d(d, y.h[i]);
        arb_sub_arf(t, yb + i, d, 192);
        if (y.l != NULL) {
            y.l[i] = arf_get_d(arb_midref(t), ARF_RND_NEAR);
            arf_set_d(d, y.l[i]);
            arb_sub_arf(t, t, d, 192);
        }
        arb_get_mag(m, t);
        yerr[i] = mag_get_d(m);
    }
    _arb_vec_clear(yb, n);
    arb_clear(t), arf_clear(d), mag_clear(m);
}

/* out = W p in doubles (the next term's first right-hand side: steering). */
static void fm_wx(double *out, const ct_lsalpha_struct *S, fm_vec p)
{
    for (slong i = 0; i < S->head.n; i++) {
        double s = 0;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            s += S->w[e] *
                 (p.l != NULL ? p.h[S->col[e]] + p.l[S->col[e]] : p.h[S->col[e]]);
        out[i] = s;
    }
}

/* Subtracts pi^T x from x approximately (x stays a pair of doubles). */
static void fm_project(fm_vec x, const ct_lsalpha_struct *S)
{
    double p, e;
    fm_pidot(x, S, &p);
    for (slong i = 0; i < S->head.n; i++) {
        x.h[i] = ct_dd_sum(x.h[i], -p, &e);
        if (x.l != NULL)
            x.l[i] += e;
    }
}

/* The work space of one model: the term x, the previous p, the right-hand
   side y of the first solve, r (the second solve's, then the bounds). */
typedef struct {
    fm_vec x, p, y0;
    double *y, *r, *yerr;
} fm_work;

static double *fm_alloc(slong n, int need)
{
    return need ? flint_malloc(FLINT_MAX(n, 1) * sizeof(double)) : NULL;
}

static void fm_work_init(fm_work *W, slong n, int dd)
{
    W->x.h = fm_alloc(n, 1), W->x.l = fm_alloc(n, dd);
    W->p.h = fm_alloc(n, 1), W->p.l = fm_alloc(n, dd);
    W->y0.h = fm_alloc(n, 1), W->y0.l = fm_alloc(n, dd);
    W->y = fm_alloc(n, 1), W->r = fm_alloc(n, 1), W->yerr = fm_alloc(n, 1);
}

static void fm_work_clear(fm_work *W)
{
    flint_free(W->x.h), flint_free(W->x.l), flint_free(W->p.h), flint_free(W->p.l);
    flint_free(W->y0.h), flint_free(W->y0.l);
    flint_free(W->y), flint_free(W->r), flint_free(W->yerr);
}

/* Term j's x: solved from y (the rounded right-hand side), and with dd a
   second solve of the residual against the exact one (p, or y0 at j = 0). */
static void fm_term(fm_work *W, const ct_lsalpha_struct *S, const fm_cw *C,
                    const _ct_lsalpha_lu *lu, slong j)
{
    slong n = S->head.n;
    fm_vec none = {NULL, NULL}, x1 = {W->x.h, NULL};
    for (slong i = 0; i < n; i++)
        W->x.h[i] = W->y[i];
    _ct_lsalpha_lu_solve(lu, W->x.h);
    if (W->x.l == NULL)
        return;
    for (slong i = 0; i < n; i++) { /* r = rhs - A x1 */
        double v;
        fm_row(&v, S, C, i, x1, j > 0 ? W->p : none, W->y0, W->yerr);
        W->r[i] = -v;
    }
    _ct_lsalpha_lu_solve(lu, W->r);
    for (slong i = 0; i < n; i++)
        W->x.h[i] = ct_dd_sum(W->x.h[i], W->r[i], W->x.l + i);
}

void _ct_lsalpha_fmodel_deflated(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D,
                                 slong v, int dd)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    const _ct_lsalpha_lu *lu = _ct_lsalpha_disk_of(D)->lu;
    slong n = S->head.n;
    fm_work W;
    fm_cw C;
    fm_vec none = {NULL, NULL};
    mag_t E, rn, pprev, inv, kap, t;
    mag_init(E), mag_init(rn), mag_init(pprev), mag_init(inv), mag_init(kap), mag_init(t);
    fm_work_init(&W, n, dd);
    fm_cw_init(&C, S, D->c);
    _ct_lsalpha_model_inv1m(inv, D->c);
    mag_set_d(kap, _ct_lsalpha_kappa(S, D->c));
    fm_rhs(W.y0, W.yerr, M->pib + v, S, M->v[v]);
    for (slong i = 0; i < n; i++)
        W.y[i] = W.y0.h[i];
    for (slong j = 0; j <= M->J; j++) {
        fm_term(&W, S, &C, lu, j);
        fm_project(W.x, S);
        fm_residual(W.r, S, &C, W.x, j > 0 ? W.p : none, W.y0, W.yerr);
        mag_mul(E, E, kap); /* E = rn inv + kap E + pprev inv */
        mag_set_d(rn, fm_pinorm(W.r, S));
        mag_add(t, rn, pprev);
        mag_addmul(E, t, inv);
        _ct_lsalpha_model_store_d(M, S, v, j, W.x.h, W.x.l, E);
        double pv;
        mag_set_d(pprev, fm_pidot(W.x, S, &pv));
        fm_wx(W.y, S, W.x);
        fm_vec sw = W.p;
        W.p = W.x, W.x = sw;
    }
    fm_cw_clear(&C);
    fm_work_clear(&W);
    mag_clear(E), mag_clear(rn), mag_clear(pprev), mag_clear(inv), mag_clear(kap);
    mag_clear(t);
}
