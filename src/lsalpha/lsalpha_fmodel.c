/* lsalpha_fmodel: the search's Taylor models at c > 0 in doubles with
   certified radii (lsalpha_model.c's recurrence and bound, without balls).

   The stored x_j are plain doubles, projected near V = {pi^T x = 0}; their
   errors obey lsalpha_model.c's bound
       ||e_j||_pi <= ||D^{-1} r_j||_pi / (1 - c) + kappa ||e_{j-1}||_pi
                     + |pi^T x_{j-1}| / (1 - c),
   with r_j = D rho_j = (D - cW) x_j - W x_{j-1} and r_0 = (D - cW) x_0 - y,
   y = D b'. Each row of r_j and the sums pi^T x are compensated dot
   products (Ogita, Rump and Oishi's Dot2): every product is split exactly
   by Dekker's product (c w_e is split once into two doubles, its low part's
   products rounded), every partial sum exactly by Knuth's, and the small
   parts are summed in doubles. Only that last sum, of m parts, rounds: it
   is off by at most gamma_m times the sum of the parts' magnitudes, which
   is accumulated beside it, so |r_i| is bounded by the computed value plus
   about m 2^-53 times a quantity of order 2^-53 |terms| (Higham, Accuracy
   and Stability, Lemma 3.1 and section 4.2: any summation order). A bound
   of 2^-1000 covers the inexact low parts of products that underflow.
   Upper bounds computed in doubles are inflated past their own roundings.
   y's doubles differ from D b' (irrational) by at most their balls' error. */
#include <math.h>
#include "certune/dd.h"
#include "lsalpha_internal.h"

/* A compensated dot product: s + c is the value, a the magnitudes of the
   parts summed into c, m their count. */
typedef struct {
    double s, c, a;
    slong m;
} fm_acc;

static inline void fm_add_prod(fm_acc *A, double x, double y)
{
    double e, f, p = ct_dd_prod(x, y, &e);
    A->s = ct_dd_sum(A->s, p, &f);
    A->c += e + f;
    A->a += fabs(e) + fabs(f);
    A->m += 2;
}

/* x y rounded, summed into the small parts (its rounding at most 2^-53 |x y|). */
static inline void fm_add_small(fm_acc *A, double x, double y)
{
    double p = x * y;
    A->c += p;
    A->a += fabs(p);
    A->m += 2;
}

/* The value into *val; returns an upper bound of the exact sum's magnitude. */
static double fm_abs_bound(const fm_acc *A, double *val)
{
    double r = A->s + A->c, k = (double)(2 * A->m + 16);
    *val = r;
    return (fabs(r) + k * 0x1p-53 * A->a + 0x1p-1000) * (1 + k * 0x1p-52);
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

/* bnd[i] >= |r_i| for r = D x - cWx - (xp != NULL ? W xp : y), with y[i]'s
   error at most yerr[i] (xp == NULL). */
static void fm_residual(double *bnd, const ct_lsalpha_struct *S, const fm_cw *C,
                        const double *x, const double *xp, const double *y,
                        const double *yerr)
{
    for (slong i = 0; i < S->head.n; i++) {
        fm_acc A = {0, 0, 0, 0};
        double v;
        fm_add_prod(&A, S->deg[i], x[i]);
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong k = S->col[e];
            fm_add_prod(&A, -C->hi[e], x[k]);
            fm_add_small(&A, -C->lo[e], x[k]);
            if (xp != NULL)
                fm_add_prod(&A, -S->w[e], xp[k]);
        }
        if (xp == NULL)
            fm_add_prod(&A, -1.0, y[i]);
        bnd[i] = fm_abs_bound(&A, &v);
        if (xp == NULL)
            bnd[i] = (bnd[i] + yerr[i]) * (1 + 0x1p-50);
    }
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
static double fm_pidot(const double *x, const ct_lsalpha_struct *S, double *val)
{
    fm_acc A = {0, 0, 0, 0};
    for (slong i = 0; i < S->head.n; i++)
        fm_add_prod(&A, S->deg[i], x[i]);
    double b = fm_abs_bound(&A, val);
    *val /= S->vol;
    return b / S->vol * (1 + 0x1p-50);
}

/* y (doubles) and yerr >= |y - D b'| from the balls of lsalpha_model's
   right-hand side; sets pib = pi^T b. */
static void fm_rhs(double *y, double *yerr, arb_t pib, const ct_lsalpha_struct *S,
                   _ct_lsalpha_rhs v)
{
    slong n = S->head.n;
    arb_ptr yb = _arb_vec_init(n);
    arb_t t;
    arf_t d;
    mag_t m;
    arb_init(t), arf_init(d), mag_init(m);
    _ct_lsalpha_model_rhs(yb, pib, S, v, 1, 128);
    for (slong i = 0; i < n; i++) {
        y[i] = arf_get_d(arb_midref(yb + i), ARF_RND_NEAR);
        arf_set_d(d, y[i]);
        arb_sub_arf(t, yb + i, d, 128);
        arb_get_mag(m, t);
        yerr[i] = mag_get_d(m);
    }
    _arb_vec_clear(yb, n);
    arb_clear(t), arf_clear(d), mag_clear(m);
}

/* next = W x in doubles (the next term's right-hand side: steering only). */
static void fm_wx(double *next, const ct_lsalpha_struct *S, const double *x)
{
    for (slong i = 0; i < S->head.n; i++) {
        double s = 0;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            s += S->w[e] * x[S->col[e]];
        next[i] = s;
    }
}

/* Subtracts pi^T x from x (approximately: x stays what it is, exact doubles). */
static void fm_project(double *x, const ct_lsalpha_struct *S)
{
    double p;
    fm_pidot(x, S, &p);
    for (slong i = 0; i < S->head.n; i++)
        x[i] -= p;
}

void _ct_lsalpha_fmodel_deflated(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D,
                                 slong v)
{
    ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    const _ct_lsalpha_lu *lu = _ct_lsalpha_disk_of(D)->lu;
    slong n = S->head.n;
    double *x = flint_malloc(n * sizeof(double)), *xp = flint_malloc(n * sizeof(double));
    double *y = flint_malloc(n * sizeof(double)),
           *yerr = flint_malloc(n * sizeof(double));
    double *bnd = flint_malloc(n * sizeof(double));
    fm_cw C;
    mag_t E, rn, pprev, inv, kap, t;
    mag_init(E), mag_init(rn), mag_init(pprev), mag_init(inv), mag_init(kap), mag_init(t);
    fm_cw_init(&C, S, D->c);
    _ct_lsalpha_model_inv1m(inv, D->c);
    mag_set_d(kap, _ct_lsalpha_kappa(S, D->c));
    fm_rhs(y, yerr, M->pib + v, S, M->v[v]);
    for (slong j = 0; j <= M->J; j++) {
        for (slong i = 0; i < n; i++)
            x[i] = y[i];
        _ct_lsalpha_lu_solve(lu, x);
        fm_project(x, S);
        fm_residual(bnd, S, &C, x, j > 0 ? xp : NULL, y, yerr);
        mag_mul(E, E, kap); /* E = rn inv + kap E + pprev inv */
        mag_set_d(rn, fm_pinorm(bnd, S));
        mag_add(t, rn, pprev);
        mag_addmul(E, t, inv);
        _ct_lsalpha_model_store_d(M, S, v, j, x, E);
        double pv;
        mag_set_d(pprev, fm_pidot(x, S, &pv));
        fm_wx(y, S, x);
        double *sw = xp;
        xp = x, x = sw;
    }
    fm_cw_clear(&C);
    flint_free(x), flint_free(xp), flint_free(y), flint_free(yerr), flint_free(bnd);
    mag_clear(E), mag_clear(rn), mag_clear(pprev), mag_clear(inv), mag_clear(kap);
    mag_clear(t);
}
