/* lskron_hi: H and K of the lambda system at 96 to 768 bits, for the
   sign oracle and the narrowing of zeros.

   H is refined from H~ by residual correction (R = W_ul - L_uu H in balls:
   L_uu is an integer matrix, so the residual is as exact as the precision;
   the correction solves with the floating Cholesky factor of L_uu). The
   final residual bounds H - H_hi as in lskron_sys.c (with L_uu^{-1} 1
   <= zb from the floating step, still valid), and K_hi = L_ll - W_lu H_hi in
   balls on and above the diagonal, mirrored: ||K - K_hi||_2 <= wnorm
   ||H - H_hi||_F + ||radii||_F. Midpoints only are kept (exact), the rest
   goes into Herr and eps. */
#include <math.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/mem.h"
#include "certune/pool.h"
#include "lskron_internal.h"

/* Row a of R = W_ul - L_uu H on a's support, in balls (r: m entries): per
   entry one dot product of the unlabeled neighbours' entries (and a's) with
   their integer weights, then the labeled neighbours' weights. */
static void kronhi_residual_row(arb_ptr r, const ct_lskron_struct *S,
                                const _ct_lskron_hi *X, slong a, slong wp)
{
    slong i = S->unl[a], m = S->m, d = S->rowstart[i + 1] - S->rowstart[i], nb = 0;
    arb_struct *g = flint_malloc((d + 1) * sizeof(arb_struct));
    slong *rowof = flint_malloc(2 * (d + 1) * sizeof(slong)), *w = rowof + d + 1;
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
        if (S->pos[S->col[e]] < 0)
            rowof[nb] = -1 - S->pos[S->col[e]], w[nb++] = (slong)S->w[e];
    rowof[nb] = a, w[nb] = -(slong)S->deg[i];
    for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
        slong j = S->Hcol[t];
        for (slong u = 0; u <= nb; u++)
            g[u] = X->H[rowof[u] * m + j]; /* shallow: read only */
        arb_dot_si(r + j, NULL, 0, g, 1, w, 1, nb + 1, wp);
    }
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong q = S->pos[S->col[e]];
        if (q >= 0)
            arb_add_si(r + q, r + q, (slong)S->w[e], wp);
    }
    flint_free(g), flint_free(rowof);
}

/* H's rows in blocks on the calling thread's inner threads (rows are
   independent; each job writes only its rows' entries of B, H, Hrs, rs, rq). */
typedef struct {
    _ct_lskron_hi *X;
    const ct_lskron_struct *S;
    double *B;
    mag_ptr rs, rq; /* per row: ||R_a||_1 and ||R_a||_2^2 (the bounds) */
    slong wp, nb;
} kronhi_rows;

static void kronhi_block(slong *a0, slong *a1, const kronhi_rows *C, slong b)
{
    *a0 = C->S->nu * b / C->nb, *a1 = C->S->nu * (b + 1) / C->nb;
}

static void kronhi_run(kronhi_rows *C, void (*job)(void *, slong))
{
    slong nth = ct_pool_inner_threads();
    C->nb = FLINT_MAX(FLINT_MIN(C->S->nu, 8 * nth), 1);
    ct_pool_for(C->nb, nth, job, NULL, C);
}

static void kronhi_resid_job(void *arg, slong b) /* B = mid(R), column-major */
{
    kronhi_rows *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1, nu = S->nu;
    kronhi_block(&a0, &a1, C, b);
    arb_ptr r = _arb_vec_init(S->m);
    for (slong a = a0; a < a1; a++) {
        kronhi_residual_row(r, S, C->X, a, C->wp);
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++)
            C->B[S->Hcol[t] * nu + a] =
                arf_get_d(arb_midref(r + S->Hcol[t]), ARF_RND_NEAR);
    }
    _arb_vec_clear(r, S->m);
}

static void kronhi_update_job(void *arg, slong b) /* H += B */
{
    kronhi_rows *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1, nu = S->nu, m = S->m;
    kronhi_block(&a0, &a1, C, b);
    arf_t d;
    arf_init(d);
    for (slong a = a0; a < a1; a++)
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
            arb_ptr h = C->X->H + a * m + S->Hcol[t];
            arf_set_d(d, C->B[S->Hcol[t] * nu + a]);
            arf_add(arb_midref(h), arb_midref(h), d, C->wp, ARF_RND_NEAR);
        }
    arf_clear(d);
}

/* One correction H += L_uu^{-1} mid(R) (L: the floating factor). */
static void kronhi_correct(_ct_lskron_hi *X, const ct_lskron_struct *S,
                           const _ct_lskron_luu *L, double *B, slong wp)
{
    kronhi_rows C = {X, S, B, NULL, NULL, wp, 0};
    memset(B, 0, (size_t)S->nu * S->m * sizeof(double));
    kronhi_run(&C, kronhi_resid_job);
    if (_ct_lskron_luu_solve(L, B, S->m)) /* no step: H stays, its bounds say so */
        return;
    kronhi_run(&C, kronhi_update_job);
}

static void kronhi_bounds_job(void *arg, slong b) /* rs, rq and Hrs of the rows */
{
    kronhi_rows *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1, m = S->m;
    kronhi_block(&a0, &a1, C, b);
    arb_ptr r = _arb_vec_init(m);
    mag_t t;
    mag_init(t);
    for (slong a = a0; a < a1; a++) {
        kronhi_residual_row(r, S, C->X, a, C->wp);
        mag_zero(C->rs + a), mag_zero(C->rq + a), mag_zero(C->X->Hrs + a);
        for (slong u = S->Hoff[a]; u < S->Hoff[a + 1]; u++) {
            arb_get_mag(t, r + S->Hcol[u]);
            mag_add(C->rs + a, C->rs + a, t);
            mag_addmul(C->rq + a, t, t);
            arb_get_mag(t, C->X->H + a * m + S->Hcol[u]);
            mag_add(C->X->Hrs + a, C->X->Hrs + a, t);
        }
    }
    mag_clear(t);
    _arb_vec_clear(r, m);
}

/* Herr, Hrs from the final residual; returns >= ||H - H_hi||_F in hf. */
static void kronhi_bounds(_ct_lskron_hi *X, const ct_lskron_struct *S, mag_t hf, slong wp)
{
    slong nu = S->nu;
    kronhi_rows C = {X, S, NULL, _mag_vec_init(nu), _mag_vec_init(nu), wp, 0};
    kronhi_run(&C, kronhi_bounds_job);
    mag_t rmax, rsq, t, zmax;
    mag_init(rmax), mag_init(rsq), mag_init(t), mag_init(zmax);
    for (slong a = 0; a < nu; a++) {
        mag_max(rmax, rmax, C.rs + a);
        mag_add(rsq, rsq, C.rq + a);
        mag_set_d(t, S->zb[a]);
        mag_max(zmax, zmax, t);
    }
    for (slong a = 0; a < nu; a++) {
        mag_set_d(t, S->zb[a]);
        mag_mul(X->Herr + a, t, rmax);
    }
    mag_sqrt(rsq, rsq);
    mag_mul(hf, zmax, rsq);
    _mag_vec_clear(C.rs, nu), _mag_vec_clear(C.rq, nu);
    mag_clear(rmax), mag_clear(rsq), mag_clear(t), mag_clear(zmax);
}

/* H_hi by refinement; 1 when the floating factor fails. At 96 bits in
   fixed point (lskron_hifx.c) when the weights allow, else in balls from
   H~. */
static int kronhi_h(_ct_lskron_hi *X, ct_lskron_struct *S, mag_t hf)
{
    slong nu = S->nu, m = S->m, wp = X->prec + 30;
    if (nu == 0) {
        mag_zero(hf);
        return 0;
    }
    _ct_lskron_luu L;
    if (S->luu != NULL) { /* H~'s, taken over (freed below) */
        L = *S->luu;
        flint_free(S->luu), S->luu = NULL;
    } else if (_ct_lskron_luu_init(&L, S)) {
        return 1;
    }
    if (X->prec > 96 || _ct_lskron_hi_fixed(X, S, &L, hf)) {
        X->H = _arb_vec_init(nu * m);
        double *B = ct_mem_malloc((size_t)nu * m * sizeof(double));
        for (slong a = 0; a < nu * m; a++)
            arb_set_d(X->H + a, S->H[a]);
        for (slong step = 0; step < X->prec / 40 + 1; step++)
            kronhi_correct(X, S, &L, B, wp);
        kronhi_bounds(X, S, hf, wp);
        flint_free(B);
    }
    _ct_lskron_luu_clear(&L);
    return 0;
}

/* K_hi (midpoints) and eps from hf. */
static void kronhi_k(_ct_lskron_hi *X, const ct_lskron_struct *S, const mag_t hf)
{
    slong m = S->m, wp = X->prec + 30;
    arb_ptr acc = _arb_vec_init(2 * m), h = acc + m;
    mag_t fr, t;
    mag_init(fr), mag_init(t);
    for (slong j = 0; j < m; j++) {
        slong i = S->lab[j];
        _arb_vec_zero(acc, m);
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            if (q >= 0) {
                arb_add_si(acc + q, acc + q, (slong)S->w[e], wp);
                continue;
            }
            _ct_lskron_hi_row(h, X, -1 - q);
            for (slong u = S->Hoff[-1 - q]; u < S->Hoff[-q]; u++)
                arb_addmul_si(acc + S->Hcol[u], h + S->Hcol[u], (slong)S->w[e], wp);
        }
        arb_sub_si(acc + j, acc + j, (slong)S->deg[i], wp);
        for (slong u = S->Koff[j]; u < S->Koff[j + 1]; u++) {
            slong p = S->Kcol[u];
            if (p < j)
                continue;
            arb_neg(X->K + j * m + p, acc + p);
            mag_mul(t, arb_radref(acc + p), arb_radref(acc + p));
            mag_mul_ui(t, t, p == j ? 1 : 2);
            mag_add(fr, fr, t);
            mag_zero(arb_radref(X->K + j * m + p));
            arb_set(X->K + p * m + j, X->K + j * m + p);
        }
    }
    mag_sqrt(fr, fr);
    mag_set_d(t, S->wnorm);
    mag_mul(X->eps, t, hf);
    mag_add(X->eps, X->eps, fr);
    _arb_vec_clear(acc, 2 * m);
    mag_clear(fr), mag_clear(t);
}

/* X->Kd: each midpoint of K_hi as the sum of two doubles k1 + k2 (k2 the
   rounded remainder; K_hi's entries are at most 2 max d, in range), with k1's
   Dekker halves: (k1, k1h, k1l, k2) per entry. */
static void kronhi_split(_ct_lskron_hi *X)
{
    slong mm = X->m * X->m;
    arf_t t;
    arf_init(t);
    X->Kd = flint_malloc(FLINT_MAX(4 * mm, 1) * sizeof(double));
    for (slong q = 0; q < mm; q++) {
        const arf_struct *k = arb_midref(X->K + q);
        double *d = X->Kd + 4 * q, hi = arf_get_d(k, ARF_RND_NEAR);
        arf_set_d(t, hi);
        arf_sub(t, k, t, ARF_PREC_EXACT, ARF_RND_DOWN);
        d[0] = hi, d[3] = arf_get_d(t, ARF_RND_NEAR);
        ct_dd_split(hi, d + 1, d + 2);
    }
    arf_clear(t);
}

static _ct_lskron_hi *kronhi_new(ct_lskron_struct *S, slong prec)
{
    _ct_lskron_hi *X = flint_calloc(1, sizeof(_ct_lskron_hi));
    X->prec = prec;
    X->H = NULL, X->fx = NULL;
    X->Hrs = _mag_vec_init(FLINT_MAX(S->nu, 1));
    X->Herr = _mag_vec_init(FLINT_MAX(S->nu, 1));
    X->K = _arb_vec_init(S->m * S->m);
    mag_init(X->eps);
    X->nu = S->nu, X->m = S->m;
    mag_t hf;
    mag_init(hf);
    if (kronhi_h(X, S, hf)) {
        _ct_lskron_hi_free(X);
        X = NULL;
    } else {
        kronhi_k(X, S, hf);
        if (prec <= 96)
            kronhi_split(X);
    }
    mag_clear(hf);
    return X;
}

const _ct_lskron_hi *_ct_lskron_hi_get(ct_lskron_struct *S, int level)
{
    pthread_mutex_lock(&S->hilock); /* read only once built */
    if (S->hi[level] == NULL && !S->hi_failed[level]) {
        S->hi[level] = kronhi_new(S, 96 << level);
        S->hi_failed[level] = S->hi[level] == NULL;
    }
    pthread_mutex_unlock(&S->hilock);
    return S->hi[level];
}
