/* lskron_eigroot: a root's narrowing and its function's signs from M's
   eigendecomposition (lskron_eig.c; docs/lambda.md, "Narrowing from one
   eigendecomposition"). With b = pib 1 + b' (pib = (n_k - n_l) / m, b'
   orthogonal to 1), p = Q^T g_hi, c = c_k - c_l (b' = Q c + beta), s = 1^T
   g_hi and mu M's bound on 1^perp:

       h(alpha) = pib / (1 - alpha) + sum_t p_t c_t / (1 - alpha theta_t)
                  +- [||g_hi|| (alpha ||E|| ||D^{-1} c|| + ||beta||)
                      + ||g - g_hi|| ||b||] / (1 - alpha mu)
                  +- |s| (alpha |rE^T D^{-1} c| + |1^T beta|) / (m (1 - alpha)),

   the sign of F[i][k] - F[i][l] at lambda (alpha = rho / (scale lambda +
   rho)). Newton's method places the narrow interval (midpoints only); the
   signs at its ends certify it. */
#include <math.h>
#include <stdatomic.h>
#include "lskron_internal.h"

static atomic_long eig_narrowed;
static _Atomic slong eig_shift;
static atomic_int eig_off, eig_loose;

void _ct_lskron_eig_set_off(int off)
{
    atomic_store(&eig_off, off);
}

void _ct_lskron_eig_set_loose(int loose)
{
    atomic_store(&eig_loose, loose);
}

long _ct_lskron_eig_count(void)
{
    return atomic_load(&eig_narrowed);
}

void _ct_lskron_eig_set_shift(slong s)
{
    atomic_store(&eig_shift, s);
}

/* Row `row`'s pair (k, l) over the eigenvectors: w_t = p_t c_t with c = c_k -
   c_l, p = Q^T g (g = e_j for labeled node j, H_hi's row for an unlabeled
   one), and the constants of the bound: ||g_hi||_2 <= gn, ||g - g_hi||_2
   ||b||_2 <= gb (b = Y_k - Y_l), ||beta||_2 <= be. */
typedef struct {
    const ct_lskron_struct *S;
    const _ct_lskron_eig *X;
    arb_ptr w, c;
    double *wd; /* w's midpoints as two doubles (wd[t] + wd[m + t]), for the
                   first Newton steps (theta's: X->thd) */
    mag_t gn, gb, be;
    arb_t pib;       /* (n_k - n_l) / m */
    mag_t sg, tbe;   /* >= |1^T g_hi|, >= |1^T beta| */
    double pibd, dn; /* pib as a double; n_k - n_l */
} eig_fn;

static void eig_fn_p(arb_ptr p, mag_t gn, mag_t gb, mag_t sg, const eig_fn *F,
                     const _ct_lskron_hi *H, slong row, slong k, slong l)
{
    const ct_lskron_struct *S = F->S;
    slong m = S->m, j = S->pos[row];
    if (j >= 0) {
        _arb_vec_set(p, arb_mat_entry(F->X->Q, j, 0), m);
        mag_one(gn), mag_zero(gb), mag_one(sg);
        return;
    }
    slong a = -1 - j, o = S->Hoff[a], len = S->Hoff[a + 1] - o;
    if (F->X->prow[row] >= 0) {
        _arb_vec_set(p, F->X->P + F->X->prow[row] * m, m);
    } else { /* not kept: over the row's support */
        arb_ptr h = _arb_vec_init(m);
        arb_struct *q = flint_malloc(2 * FLINT_MAX(len, 1) * sizeof(arb_struct)),
                   *g = q + len;
        _ct_lskron_hi_row(h, H, a);
        for (slong s = 0; s < len; s++)
            g[s] = h[S->Hcol[o + s]]; /* shallow: read only */
        for (slong t = 0; t < m; t++) {
            for (slong s = 0; s < len; s++)
                q[s] = *arb_mat_entry(F->X->Q, S->Hcol[o + s], t);
            arb_dot(p + t, NULL, 0, g, 1, q, 1, len, CT_LSKRON_EIG_PREC);
        }
        flint_free(q), _arb_vec_clear(h, m);
    }
    mag_set(gn, H->Hrs + a); /* >= ||H_hi,a||_1 >= ||.||_2, and >= |1^T H_hi,a| */
    mag_set(sg, H->Hrs + a);
    mag_set_ui(gb, (ulong)(S->nlabk[k] + S->nlabk[l]));
    mag_sqrt(gb, gb);
    mag_mul(gb, gb, H->Herr + a);
}

static void eig_fn_init(eig_fn *F, const ct_lskron_struct *S, const _ct_lskron_eig *X,
                        slong row, slong k, slong l)
{
    slong m = S->m;
    F->S = S, F->X = X;
    F->w = _arb_vec_init(2 * m), F->c = F->w + m;
    F->wd = flint_malloc(2 * m * sizeof(double));
    mag_init(F->gn), mag_init(F->gb), mag_init(F->be);
    mag_init(F->sg), mag_init(F->tbe), arb_init(F->pib);
    eig_fn_p(F->w, F->gn, F->gb, F->sg, F, S->hi[0], row, k, l);
    arb_set_si(F->pib, S->nlabk[k] - S->nlabk[l]);
    arb_div_si(F->pib, F->pib, m, CT_LSKRON_EIG_PREC);
    F->dn = (double)(S->nlabk[k] - S->nlabk[l]);
    F->pibd = F->dn / (double)m;
    arb_t d;
    arb_init(d);
    arb_sub(d, X->tb + k, X->tb + l, CT_LSKRON_EIG_PREC);
    arb_get_mag(F->tbe, d);
    arb_clear(d);
    _arb_vec_sub(F->c, X->ck + k * m, X->ck + l * m, m, CT_LSKRON_EIG_PREC);
    for (slong t = 0; t < m; t++) {
        arb_mul(F->w + t, F->w + t, F->c + t, CT_LSKRON_EIG_PREC);
        ct_dd_set_arf(F->wd + t, F->wd + m + t, arb_midref(F->w + t), 0);
    }
    mag_add(F->be, X->beta + k, X->beta + l);
}

static void eig_fn_clear(eig_fn *F)
{
    _arb_vec_clear(F->w, 2 * F->S->m);
    flint_free(F->wd);
    mag_clear(F->gn), mag_clear(F->gb), mag_clear(F->be);
    mag_clear(F->sg), mag_clear(F->tbe), arb_clear(F->pib);
}

/* u_t = 1 / (1 - alpha theta_t) for every t; 0 when one denominator is not
   certified positive (u then partly set). */
static int eig_denoms(arb_ptr u, const eig_fn *F, const arb_t al)
{
    for (slong t = 0; t < F->S->m; t++) {
        arb_mul(u + t, al, F->X->theta + t, CT_LSKRON_EIG_PREC);
        arb_sub_si(u + t, u + t, 1, CT_LSKRON_EIG_PREC), arb_neg(u + t, u + t);
        if (!arb_is_positive(u + t))
            return 0;
        arb_inv(u + t, u + t, CT_LSKRON_EIG_PREC);
    }
    return 1;
}

/* The bound's two parts at alpha, from cu = D^{-1} c and om <= 1 - alpha:
   R = (gn (alpha E ||cu|| + be) + gb) / (1 - alpha mu) + sg (alpha |rE^T cu|
   + tbe) / (m om). */
static void eig_bound(mag_t R, const eig_fn *F, const arb_t al, arb_srcptr cu,
                      const mag_t om)
{
    slong m = F->S->m;
    arb_t v;
    mag_t t, a;
    arb_init(v), mag_init(t), mag_init(a);
    arb_get_mag(a, al);
    arb_dot(v, NULL, 0, cu, 1, cu, 1, m, CT_LSKRON_EIG_PREC);
    arb_get_mag(R, v), mag_sqrt(R, R);
    mag_mul(R, R, a), mag_mul(R, R, F->X->E), mag_add(R, R, F->be);
    mag_mul(R, R, F->gn), mag_add(R, R, F->gb);
    arb_set_d(v, F->S->mu); /* 1 - alpha mu >= 1 - alpha > 0 */
    arb_mul(v, v, al, CT_LSKRON_EIG_PREC);
    arb_sub_si(v, v, 1, CT_LSKRON_EIG_PREC), arb_neg(v, v);
    arb_get_mag_lower(t, v);
    mag_div(R, R, t);
    arb_dot(v, NULL, 0, F->X->rE, 1, cu, 1, m, CT_LSKRON_EIG_PREC);
    arb_get_mag(t, v);
    mag_mul(t, t, a), mag_add(t, t, F->tbe), mag_mul(t, t, F->sg);
    mag_div_ui(t, t, (ulong)m), mag_div(t, t, om);
    mag_add(R, R, t);
    arb_clear(v), mag_clear(t), mag_clear(a);
}

/* The sign of the pair's function at lambda = x (x > 0), 0 when the bound
   does not decide it: pib / (1 - alpha) + sum_t w_t / (1 - alpha theta_t)
   widened by eig_bound. */
static int eig_sign(const eig_fn *F, const fmpq *x)
{
    slong m = F->S->m;
    fmpq_t q;
    arb_t al, v;
    arb_ptr u = _arb_vec_init(2 * m), cu = u + m;
    mag_t R, om;
    fmpq_init(q), arb_init(al), arb_init(v), mag_init(R), mag_init(om);
    _ct_lskron_alpha(q, F->S, x);
    arb_set_fmpq(al, q, CT_LSKRON_EIG_PREC);
    int s = 0, ok = eig_denoms(u, F, al);
    for (slong j = 0; j < m && ok; j++)
        arb_mul(cu + j, F->c + j, u + j, CT_LSKRON_EIG_PREC);
    arb_sub_si(v, al, 1, CT_LSKRON_EIG_PREC), arb_neg(v, v);
    if (ok && arb_is_positive(v)) {
        arb_get_mag_lower(om, v);
        eig_bound(R, F, al, cu, om);
        arb_div(v, F->pib, v, CT_LSKRON_EIG_PREC);
        arb_dot(v, v, 0, F->w, 1, u, 1, m, CT_LSKRON_EIG_PREC);
        if (!atomic_load(&eig_loose)) /* tests: without the bound, refuted */
            arb_add_error_mag(v, R);
        s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    }
    _arb_vec_clear(u, 2 * m);
    fmpq_clear(q), arb_clear(al), arb_clear(v), mag_clear(R), mag_clear(om);
    return s;
}

/* alpha at x as a double (rounded). */
static double eig_alpha_d(const ct_lskron_struct *S, const fmpq_t x)
{
    fmpq_t q;
    fmpq_init(q);
    _ct_lskron_alpha(q, S, x);
    double d = fmpq_get_d(q);
    fmpq_clear(q);
    return d;
}

/* The zero of the midpoints' function in (a, b) (sign s at b), by Newton's
   method kept inside the bracket, in doubles. */
static double eig_newton_d(const eig_fn *F, double a, double b, int s)
{
    double x = a + (b - a) / 2;
    for (int it = 0; it < 200 && b - a > 0x1p-60 * b; it++) {
        double f = F->pibd / (1 - x), d = f / (1 - x);
        for (slong t = 0; t < F->S->m; t++) {
            double u = 1 / (1 - x * F->X->thd[t]);
            f += F->wd[t] * u, d += F->wd[t] * F->X->thd[t] * u * u;
        }
        if (f == 0)
            break;
        if ((f > 0) == (s > 0))
            b = x;
        else
            a = x;
        double y = x - f / d;
        y = (y > a && y < b) ? y : a + (b - a) / 2;
        if (fabs(y - x) <= 0x1p-58 * x)
            return y;
        x = y;
    }
    return x;
}

/* One Newton step from the double x in double-double (the midpoints'
   function to about 2^-104 of its terms; f' in doubles), into xo: where
   eig_newton_hi starts, not a proof. */
static void eig_newton_dd(arf_t xo, const eig_fn *F, double x)
{
    slong m = F->S->m;
    const double *th = F->X->thd, *w = F->wd;
    double fh, fl, d, e1, e2, e3;
    /* pib / (1 - x): pib = ph + pl, 1 - x = om + e1, both exactly */
    double dn = F->dn, ph = dn / (double)m;
    double pp = ct_dd_prod(ph, (double)m, &e2), pl = ((dn - pp) - e2) / (double)m;
    double om = ct_dd_sum(1, -x, &e1), q0 = ph / om, qq = ct_dd_prod(q0, om, &e3);
    fh = q0, fl = (((ph - qq) - e3) + pl - q0 * e1) / om;
    d = ph / (om * om);
    for (slong t = 0; t < m; t++) {
        double p = ct_dd_prod(x, th[t], &e1); /* 1 - x theta_t = s + lo */
        double s = ct_dd_sum(1, -p, &e2), lo = e2 - e1 - x * th[m + t];
        double q = 1 / s, qp = ct_dd_prod(q, s, &e3); /* u = 1 / (s + lo) */
        double ul = q * (((1 - qp) - e3) - q * lo);
        double wu = ct_dd_prod(w[t], q, &e1);
        fh = ct_dd_sum(fh, wu, &e2);
        fl += e2 + e1 + w[t] * ul + w[m + t] * q;
        d += w[t] * th[t] * q * q;
    }
    double f = fh + fl, dx = d != 0 && isfinite(f / d) ? f / d : 0;
    double xl, xh = ct_dd_sum(x, -dx, &xl);
    arf_t t;
    arf_init(t);
    arf_set_d(xo, xh), arf_set_d(t, xl);
    arf_add(xo, xo, t, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(t);
}

/* One Newton step at CT_LSKRON_EIG_PREC bits from x (midpoints only: where
   to put the narrow interval, not a proof). */
static void eig_newton_hi(arf_t x, const eig_fn *F)
{
    slong m = F->S->m;
    arb_ptr u = _arb_vec_init(2 * m), wu = u + m;
    arb_t a, f, d;
    arb_init(a), arb_init(f), arb_init(d);
    for (int it = 0; it < 1; it++) {
        arb_set_arf(a, x);
        if (!eig_denoms(u, F, a))
            break;                    /* off (0, 1): the caller's range check refuses x */
        for (slong t = 0; t < m; t++) /* f' = sum w_t theta_t u_t^2 + pib u_0^2 */
            arb_mul(wu + t, F->w + t, F->X->theta + t, CT_LSKRON_EIG_PREC),
                arb_mul(wu + t, wu + t, u + t, CT_LSKRON_EIG_PREC);
        arb_sub_si(d, a, 1, CT_LSKRON_EIG_PREC), arb_neg(d, d);
        arb_div(f, F->pib, d, CT_LSKRON_EIG_PREC), arb_div(d, f, d, CT_LSKRON_EIG_PREC);
        arb_dot(d, d, 0, wu, 1, u, 1, m, CT_LSKRON_EIG_PREC);
        arb_dot(f, f, 0, F->w, 1, u, 1, m, CT_LSKRON_EIG_PREC);
        arf_div(arb_midref(f), arb_midref(f), arb_midref(d), CT_LSKRON_EIG_PREC,
                ARF_RND_NEAR);
        arf_sub(x, x, arb_midref(f), CT_LSKRON_EIG_PREC, ARF_RND_NEAR);
    }
    _arb_vec_clear(u, 2 * m);
    arb_clear(a), arb_clear(f), arb_clear(d);
}

/* lambda = rho (1 - x) / (scale x), rounded to 100 bits, into y. */
static void eig_lambda(fmpq_t y, const ct_lskron_struct *S, const arf_t x)
{
    arb_t a, b;
    arb_init(a), arb_init(b);
    arb_set_arf(a, x);
    arb_sub_si(b, a, 1, CT_LSKRON_EIG_PREC), arb_neg(b, b);
    arb_mul_si(b, b, (slong)S->rho, CT_LSKRON_EIG_PREC);
    arb_div(b, b, a, CT_LSKRON_EIG_PREC);
    arb_div_fmpz(b, b, S->scale, CT_LSKRON_EIG_PREC);
    arf_set_round(arb_midref(a), arb_midref(b), 100, ARF_RND_NEAR);
    arf_get_fmpq(y, arb_midref(a));
    arb_clear(a), arb_clear(b);
}

/* [lo, hi] = y (1 -+ 2^-bits) (moved by the tests' shift), clipped to [rlo,
   rhi]; the signs at its new ends: 1 when both are certified (s at lo, -s
   at hi), 0 when one is undecided, -1 when one is wrong (y is off the
   zero). */
static int eig_try(fmpq *lo, fmpq *hi, const eig_fn *F, const fmpq *y0, slong bits,
                   const fmpq *rlo, const fmpq *rhi, int s)
{
    fmpq_t y;
    fmpq_init(y);
    fmpq_div_2exp(lo, y0, bits - 1); /* the interval's width */
    fmpq_mul_si(hi, lo, atomic_load(&eig_shift)), fmpq_add(y, y0, hi);
    fmpq_div_2exp(lo, lo, 1);
    fmpq_add(hi, y, lo), fmpq_sub(lo, y, lo);
    fmpq_clear(y);
    if (fmpq_cmp(lo, rlo) < 0)
        fmpq_set(lo, rlo);
    if (fmpq_cmp(hi, rhi) > 0)
        fmpq_set(hi, rhi);
    if (fmpq_cmp(lo, hi) >= 0)
        return -1;
    int a = fmpq_equal(lo, rlo) ? s : eig_sign(F, lo);
    if (a == -s)
        return -1;
    int b = fmpq_equal(hi, rhi) ? -s : eig_sign(F, hi);
    if (b == s)
        return -1;
    return a != 0 && b != 0;
}

/* The narrowed interval [lo, hi] inside a root's [rlo, rhi] (sign s at rlo)
   around the zero of F's midpoints, its ends' signs certified; 0 when it
   cannot be. Widths 2^-87, then 2^-79 and 2^-73 where the bound is too
   wide for the first (all beyond the report's 22-digit bounds). */
static int eig_interval(fmpq *lo, fmpq *hi, const eig_fn *F, const fmpq *rlo,
                        const fmpq *rhi, int s)
{
    static const slong width[] = {88, 80, 74};
    const ct_lskron_struct *S = F->S;
    /* lambda is decreasing in alpha: rlo is alpha's upper end, of sign s */
    double a = eig_alpha_d(S, rhi), b = eig_alpha_d(S, rlo);
    arf_t x;
    fmpq_t y;
    arf_init(x), fmpq_init(y);
    eig_newton_dd(x, F, eig_newton_d(F, a, b, s));
    eig_newton_hi(x, F);
    /* far outside [a, b] (or not finite) only when Newton went astray */
    int ok = arf_cmp_d(x, a / 2) > 0 && arf_cmp_d(x, b + (1 - b) / 2) < 0;
    slong w = 0;
    if (ok) {
        eig_lambda(y, S, x);
        do
            ok = eig_try(lo, hi, F, y, width[w], rlo, rhi, s);
        while (ok == 0 && ++w < 3);
        ok = ok == 1;
    }
    /* A rational zero (a gadget's) is left to the models: their narrowing
       stops undecided at it and the decimal certificate then finds it
       exactly. The simplest rational of an interval of 2^-(bits - 1) has
       about bits bits; one of at most bits - 24 lies inside by chance
       about once in 2^23. */
    if (ok) {
        fmpq_simplest_between(y, lo, hi);
        if (fmpz_bits(fmpq_numref(y)) + fmpz_bits(fmpq_denref(y)) <= (ulong)width[w] - 24)
            ok = eig_sign(F, y) != 0;
    }
    arf_clear(x), fmpq_clear(y);
    return ok;
}

int _ct_lskron_eig_narrow(ct_lsroot_struct *r)
{
    const ct_lskron_struct *S = _ct_lskron_const(r->disk->sys);
    if (S->eig == NULL || atomic_load(&eig_off) || r->sign_lo == 0 ||
        fmpq_equal(r->lo, r->hi) || fmpq_sgn(r->lo) <= 0)
        return 0;
    eig_fn F;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    eig_fn_init(&F, S, S->eig, r->row, r->k, r->l);
    int ok = eig_interval(lo, hi, &F, r->lo, r->hi, r->sign_lo);
    if (ok) {
        fmpq_swap(r->lo, lo), fmpq_swap(r->hi, hi);
        atomic_fetch_add(&eig_narrowed, 1);
    }
    fmpq_clear(lo), fmpq_clear(hi);
    eig_fn_clear(&F);
    return ok;
}

int _ct_lskron_eig_sign(const ct_lsroot_struct *r, const fmpq_t x)
{
    const ct_lskron_struct *S = _ct_lskron_const(r->disk->sys);
    if (S->eig == NULL || atomic_load(&eig_off) || fmpq_sgn(x) <= 0)
        return 0;
    eig_fn F;
    eig_fn_init(&F, S, S->eig, r->row, r->k, r->l);
    int s = eig_sign(&F, x);
    eig_fn_clear(&F);
    return s;
}
