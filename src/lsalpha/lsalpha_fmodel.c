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
   further) over z = c x_j + x_{j-1} (c x_0 at j = 0), formed once per node
   as two doubles with a bound on its own error: every product is split
   exactly by Dekker's product (unit weights multiply exactly), every sum of
   the value and of its parts exactly by Knuth's, and only the parts' parts
   are summed in plain doubles, off by at most gamma_m times their
   magnitudes' sum (accumulated beside them; Higham, Accuracy and Stability,
   Lemma 3.1 and section 4.2: any summation order), which is of order
   2^-106 of the terms. Products too small to matter (at 56 bits w_e times
   z's low part) are rounded, their roundings bounded the same way. So
   |r_i| is bounded by the computed
   value's magnitude, a few roundings of the final sum, and those terms; a
   bound of 2^-1000 covers the inexact low parts of products that underflow.
   Upper bounds computed in doubles are inflated past their own roundings.
   y = D b' (irrational) is held as yh + yl, off by at most its balls' error.
   Dekker's product needs factors below 2^995 and the coefficients grow like
   kappa^j (kappa up to 2^20 near alpha = 1): a term whose entries leave
   FM_RANGE (or are not finite) ends the build, and the model is made in
   balls instead (their exponents are unbounded). */
#include <math.h>
#include "certune/dd.h"
#include "lsalpha_internal.h"

/* The entries kept below this, degrees below 2^50 and weights below 2^40:
   every product below 2^995 (t-lsalpha lowers it to force the balls). */
static double FM_RANGE = 0x1p900;

void _ct_lsalpha_fmodel_set_range(double r)
{
    FM_RANGE = r;
}

/* A vector xh + xl (xl NULL: zero). */
typedef struct {
    double *h, *l;
} fm_vec;

/* The work space of one model: the term x, the previous p, the right-hand
   side y of the first solve (y0 the exact one's doubles, with yerr), r (the
   second solve's, then the bounds), z = c x + p with zerr. */
typedef struct {
    fm_vec x, p, y0, z;
    double *y, *r, *yerr, *zerr;
} fm_work;

/* W->z = c x + p (p.h NULL: c x) per node as zh + zl, with zerr >= |z -
   zh - zl|: the value's parts summed (t, rounded once) and the parts' parts
   off by at most gamma_m their magnitudes. */
static void fm_z(fm_work *W, const ct_lsalpha_struct *S, double c, fm_vec x, fm_vec p)
{
    for (slong k = 0; k < S->head.n; k++) {
        ct_dd_acc A = {0, 0, 0, 0, 0};
        ct_dd_acc_add_prod(&A, c, x.h[k]);
        if (x.l != NULL)
            ct_dd_acc_add_prod(&A, c, x.l[k]);
        if (p.h != NULL)
            ct_dd_acc_add(&A, p.h[k]);
        if (p.l != NULL)
            ct_dd_acc_add(&A, p.l[k]);
        double t = A.c + A.d;
        W->z.h[k] = A.s, W->z.l[k] = t;
        W->zerr[k] = ct_dd_acc_tail(&A, t);
    }
}

/* Row i of r = D x - W z (first: minus y too, its error yerr[i] added),
   from W->z: returns an upper bound of |r_i|, the value into *val. The
   products w_e zl_e are split exactly with x's low part (the 96 bits),
   else rounded (about 2^-106 of the terms: enough for 56 bits); unit
   weights multiply exactly. */
static double fm_row(double *val, const ct_lsalpha_struct *S, slong i, fm_vec x,
                     const fm_work *W, int first)
{
    ct_dd_acc A = {0, 0, 0, 0, 0};
    double ze = 0;
    ct_dd_acc_add_prod(&A, S->deg[i], x.h[i]);
    if (x.l != NULL)
        ct_dd_acc_add_prod(&A, S->deg[i], x.l[i]);
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong k = S->col[e];
        double w = S->w[e];
        if (w == 1) { /* exact products (unit weights: most graphs) */
            ct_dd_acc_add(&A, -W->z.h[k]);
            ct_dd_acc_part(&A, -W->z.l[k]);
        } else {
            ct_dd_acc_add_prod(&A, -w, W->z.h[k]);
            if (x.l != NULL)
                ct_dd_acc_add_prod(&A, -w, W->z.l[k]);
            else
                ct_dd_acc_add_small(&A, -w, W->z.l[k]);
        }
        ze += w * W->zerr[k];
    }
    if (first) {
        ct_dd_acc_add(&A, -W->y0.h[i]);
        if (W->y0.l != NULL)
            ct_dd_acc_add(&A, -W->y0.l[i]);
        ze += W->yerr[i];
    }
    double len = (double)(S->rowstart[i + 1] - S->rowstart[i] + 8);
    return (ct_dd_acc_bound(&A, val) + ze * (1 + len * 0x1p-52)) * (1 + 0x1p-50);
}

/* Row i of r = D x - W z (first: minus y) for x = xh alone, in two levels
   and without a bound (about m 2^-106 of the terms): the second solve's
   right-hand side, which only steers. */
static double fm_row_value(const ct_lsalpha_struct *S, slong i, const double *xh,
                           const fm_work *W, int first)
{
    double e, f, c, s = ct_dd_prod(S->deg[i], xh[i], &c);
    for (slong t = S->rowstart[i]; t < S->rowstart[i + 1]; t++) {
        slong k = S->col[t];
        double w = S->w[t];
        if (w == 1) {
            s = ct_dd_sum(s, -W->z.h[k], &f);
            c += f - W->z.l[k];
        } else {
            s = ct_dd_sum(s, ct_dd_prod(-w, W->z.h[k], &e), &f);
            c += (e + f) - w * W->z.l[k];
        }
    }
    if (first) {
        s = ct_dd_sum(s, -W->y0.h[i], &f);
        c += f - W->y0.l[i];
    }
    return s + c;
}

/* W->r[i] >= |r_i| for every row, r the residual of x against p (or y0). */
static void fm_residual(fm_work *W, const ct_lsalpha_struct *S, double c, fm_vec x,
                        fm_vec p, int first)
{
    double v;
    fm_z(W, S, c, x, p);
    for (slong i = 0; i < S->head.n; i++)
        W->r[i] = fm_row(&v, S, i, x, W, first);
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
    ct_dd_acc A = {0, 0, 0, 0, 0};
    for (slong i = 0; i < S->head.n; i++) {
        ct_dd_acc_add_prod(&A, S->deg[i], x.h[i]);
        if (x.l != NULL)
            ct_dd_acc_add_prod(&A, S->deg[i], x.l[i]);
    }
    double b = ct_dd_acc_bound(&A, val);
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
    _ct_lsalpha_model_rhs(yb, pib, S, v, 1, 192);
    for (slong i = 0; i < n; i++)
        ct_dd_from_arb(y.h + i, y.l != NULL ? y.l + i : NULL, yerr + i, yb + i);
    _arb_vec_clear(yb, n);
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

static double *fm_alloc(slong n, int need)
{
    return need ? flint_malloc(FLINT_MAX(n, 1) * sizeof(double)) : NULL;
}

static void fm_work_init(fm_work *W, slong n, int dd)
{
    W->x.h = fm_alloc(n, 1), W->x.l = fm_alloc(n, dd);
    W->p.h = fm_alloc(n, 1), W->p.l = fm_alloc(n, dd);
    W->y0.h = fm_alloc(n, 1), W->y0.l = fm_alloc(n, dd);
    W->z.h = fm_alloc(n, 1), W->z.l = fm_alloc(n, 1);
    W->y = fm_alloc(n, 1), W->r = fm_alloc(n, 1), W->yerr = fm_alloc(n, 1);
    W->zerr = fm_alloc(n, 1);
}

static void fm_work_clear(fm_work *W)
{
    flint_free(W->x.h), flint_free(W->x.l), flint_free(W->p.h), flint_free(W->p.l);
    flint_free(W->y0.h), flint_free(W->y0.l), flint_free(W->z.h), flint_free(W->z.l);
    flint_free(W->y), flint_free(W->r), flint_free(W->yerr), flint_free(W->zerr);
}

/* One right-hand side's state: its work space, the error bound E of the
   last term and |pi^T x| of the last term (pprev). */
typedef struct {
    fm_work W;
    mag_t E, pprev;
    double top;   /* max |x_0| */
    double corr;  /* the last second solve's max |correction| / max |first| */
    double first; /* max |x_j| of this term's first solve */
} fm_rhs_state;

static double fm_max_abs(const double *x, slong n)
{
    double m = 0;
    for (slong i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}

/* Whether term j (> 0) of R may keep its first solve alone: the correction
   a second would add, estimated by the last one's relative size, is below
   2^-(prec + 10) of term 0 at the disk's edge (the tail terms, which r^j
   makes small: on Coauthor CS's disks about the last half). Only the model's
   precision depends on it; its bounds come from the residuals either way. */
static int fm_first_enough(const fm_rhs_state *R, double r, slong j, slong prec)
{
    double size = R->corr * R->first * pow(r, (double)j);
    return size <= ldexp(R->top, -(int)(prec + 10));
}

/* The solves of one term for all right-hand sides at once (a block shares
   each pass over the factor), from column v of B (n x nv) into x.h. */
static void fm_solve_all(fm_rhs_state *R, slong nv, double *B, slong n,
                         const _ct_lsalpha_lu *lu, int from_r)
{
    for (slong v = 0; v < nv; v++)
        for (slong i = 0; i < n; i++)
            B[v * n + i] = from_r ? R[v].W.r[i] : R[v].W.y[i];
    _ct_lsalpha_lu_solve_each(lu, B, nv);
}

/* Term j's x for every right-hand side: solved from y (the rounded
   right-hand side), and with dd a second solve of the residual against the
   exact one (p, or y0 at j = 0), added as the low part. */
static void fm_terms(fm_rhs_state *R, slong nv, double *B, const ct_lsalpha_struct *S,
                     const ct_lsroot_disk_struct *D, slong prec, slong j)
{
    slong n = S->head.n;
    double c = D->c;
    const _ct_lsalpha_lu *lu = _ct_lsalpha_disk_of(D)->lu;
    fm_vec none = {NULL, NULL};
    fm_solve_all(R, nv, B, n, lu, 0);
    for (slong v = 0; v < nv; v++) {
        for (slong i = 0; i < n; i++)
            R[v].W.x.h[i] = B[v * n + i];
        R[v].first = fm_max_abs(R[v].W.x.h, n);
    }
    if (R[0].W.x.l == NULL)
        return;
    int first = j > 0;
    for (slong v = 0; v < nv && first; v++)
        first = fm_first_enough(R + v, D->r, j, prec);
    if (first) {
        for (slong v = 0; v < nv; v++)
            for (slong i = 0; i < n; i++)
                R[v].W.x.l[i] = 0;
        return;
    }
    for (slong v = 0; v < nv; v++) { /* r = rhs - A x1 */
        fm_work *W = &R[v].W;
        fm_vec x1 = {W->x.h, NULL};
        fm_z(W, S, c, x1, j > 0 ? W->p : none);
        for (slong i = 0; i < n; i++)
            W->r[i] = -fm_row_value(S, i, x1.h, W, j == 0);
    }
    fm_solve_all(R, nv, B, n, lu, 1);
    for (slong v = 0; v < nv; v++) {
        double h = R[v].first, d = fm_max_abs(B + v * n, n);
        R[v].corr = h > 0 ? d / h : 1;
        if (j == 0)
            R[v].top = h;
        for (slong i = 0; i < n; i++)
            R[v].W.x.h[i] = ct_dd_sum(R[v].W.x.h[i], B[v * n + i], R[v].W.x.l + i);
    }
}

/* Term j's bound for right-hand side v after its x is made: projected,
   its residual bounded, stored, and the next term's y. */
static int fm_finish(_ct_lsalpha_model *M, fm_rhs_state *R, slong v,
                     const ct_lsalpha_struct *S, double c, const mag_t inv,
                     const mag_t kap, slong j)
{
    fm_work *W = &R->W;
    fm_vec none = {NULL, NULL};
    mag_t rn, t;
    fm_project(W->x, S);
    for (slong i = 0; i < S->head.n; i++)
        if (!(fabs(W->x.h[i]) <= FM_RANGE)) /* also NaN */
            return 1;
    fm_residual(W, S, c, W->x, j > 0 ? W->p : none, j == 0);
    double rd = fm_pinorm(W->r, S);
    if (!(rd <= FM_RANGE))
        return 1;
    mag_init(rn), mag_init(t);
    mag_mul(R->E, R->E, kap); /* E = rn inv + kap E + pprev inv */
    mag_set_d(rn, rd);
    mag_add(t, rn, R->pprev);
    mag_addmul(R->E, t, inv);
    _ct_lsalpha_model_store(M, S, v, j, NULL, W->x.h, W->x.l, R->E);
    double pv;
    mag_set_d(R->pprev, fm_pidot(W->x, S, &pv));
    fm_wx(W->y, S, W->x);
    fm_vec sw = W->p;
    W->p = W->x, W->x = sw;
    mag_clear(rn), mag_clear(t);
    return 0;
}

int _ct_lsalpha_fmodel_build(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D, int dd)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    slong n = S->head.n, nv = M->nv;
    fm_rhs_state *R = flint_malloc(nv * sizeof(fm_rhs_state));
    double *B = flint_malloc(FLINT_MAX(n * nv, 1) * sizeof(double));
    mag_t inv, kap;
    mag_init(inv), mag_init(kap);
    _ct_lsalpha_model_inv1m(inv, D->c);
    mag_set_d(kap, _ct_lsalpha_kappa(S, D->c));
    for (slong v = 0; v < nv; v++) {
        fm_work_init(&R[v].W, n, dd);
        mag_init(R[v].E), mag_init(R[v].pprev);
        R[v].top = R[v].first = 0, R[v].corr = 1;
        fm_rhs(R[v].W.y0, R[v].W.yerr, M->pib + v, S, M->v[v]);
        for (slong i = 0; i < n; i++)
            R[v].W.y[i] = R[v].W.y0.h[i];
    }
    int bad = 0;
    for (slong j = 0; j <= M->J && !bad; j++) {
        fm_terms(R, nv, B, S, D, M->prec, j);
        for (slong v = 0; v < nv && !bad; v++)
            bad = fm_finish(M, R + v, v, S, D->c, inv, kap, j);
    }
    for (slong v = 0; v < nv; v++) {
        fm_work_clear(&R[v].W);
        mag_clear(R[v].E), mag_clear(R[v].pprev);
    }
    flint_free(R), flint_free(B);
    mag_clear(inv), mag_clear(kap);
    return bad;
}
