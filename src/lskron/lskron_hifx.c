/* lskron_hifx: H_hi at the first level (96 bits) by residual correction in
   fixed point. H's entries lie in [0, 1] (H = L_uu^{-1} W_ul >= 0 and H 1 <=
   1), so H_hi is kept as integers N = H_hi 2^FX_FB in three 64-bit limbs
   (two's complement, |N| < 2^(FX_FB + 1)): with the integer weights the
   residual 2^FX_FB (W_ul - L_uu H_hi) is an exact integer, computed in the
   same limbs (|.| <= 4 d 2^FX_FB with d the largest weighted degree, below
   2^28), instead of a dot product of balls per entry; the bounds' sums
   are of doubles inflated past their roundings. Two corrections from
   H~ (each gains about the floating factor's 44 bits: H~'s 2^-46 ->
   2^-90 -> 2^-134, on the 2^-160 grid), rounded to the 2^-128 grid (so
   that the balls' midpoints fit two limbs), then the exact residual of
   the result bounds H - H_hi as lskron_hi.c's does. The integers are kept
   (X->fx, 24 nu m bytes); a row's exact balls are made when asked
   (_ct_lskron_hi_row). */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/pool.h"
#include "lskron_internal.h"

#define FX_FB 160  /* fractional bits */
#define FX_DEG 28  /* weighted degrees below 2^28 */
#define FX_STEPS 2 /* corrections from H~ */

typedef struct {
    uint64_t w[3]; /* little-endian two's complement */
} fx_t;

static int fx_neg_p(const fx_t *a)
{
    return (int64_t)a->w[2] < 0;
}

static void fx_neg(fx_t *a)
{
    unsigned __int128 c = 1;
    for (int i = 0; i < 3; i++) {
        c += (uint64_t)~a->w[i];
        a->w[i] = (uint64_t)c, c >>= 64;
    }
}

static void fx_add(fx_t *a, const fx_t *b)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < 3; i++) {
        c += (unsigned __int128)a->w[i] + b->w[i];
        a->w[i] = (uint64_t)c, c >>= 64;
    }
}

/* a += w b (|w| < 2^53; modulo 2^192, exact while the sum fits). */
static void fx_addmul(fx_t *a, const fx_t *b, int64_t w)
{
    uint64_t u = (uint64_t)(w < 0 ? -w : w);
    fx_t p;
    unsigned __int128 c = 0;
    for (int i = 0; i < 3; i++) {
        c += (unsigned __int128)b->w[i] * u;
        p.w[i] = (uint64_t)c, c >>= 64;
    }
    if (w < 0)
        fx_neg(&p);
    fx_add(a, &p);
}

/* Whether |a| < 2^(FX_FB + 1) (|H_hi| < 2). */
static int fx_small(const fx_t *a)
{
    int64_t t = (int64_t)a->w[2] >> (FX_FB + 1 - 128);
    return t == 0 || t == -1;
}

/* The nearest double to a 2^-FX_FB up to 3 roundings (the scalings by
   powers of 2 are exact). */
static double fx_get_d(const fx_t *a)
{
    fx_t b = *a;
    int neg = fx_neg_p(&b);
    if (neg)
        fx_neg(&b);
    double d =
        (double)b.w[2] * 0x1p-32 + (double)b.w[1] * 0x1p-96 + (double)b.w[0] * 0x1p-160;
    return neg ? -d : d;
}

/* a = x 2^FX_FB truncated toward 0; 1 when |x| >= 2 or x is not finite.
   From x's bits: |x| = mant 2^(e - 1075) (normal; a subnormal gives 0), so
   a = mant shifted by e - 1075 + FX_FB. */
static int fx_set_d(fx_t *a, double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof(u));
    int e = (int)((u >> 52) & 0x7ff), sh = e - 1075 + FX_FB;
    memset(a, 0, sizeof(fx_t));
    if (e == 0)
        return 0;
    if (e >= 1024) /* |x| >= 2, inf, nan */
        return 1;
    uint64_t mant = (u & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    if (sh < 0) {
        mant = -sh >= 64 ? 0 : mant >> -sh;
        sh = 0;
    }
    int i = sh / 64, b = sh % 64;
    a->w[i] = mant << b;
    if (b != 0 && i + 1 < 3)
        a->w[i + 1] = mant >> (64 - b);
    if (u >> 63)
        fx_neg(a);
    return 0;
}

/* a rounded to a multiple of 2^(FX_FB - 128) (ties up): H_hi's midpoints
   then fit Arb's two inline limbs (no allocation per entry). */
static void fx_round128(fx_t *a)
{
    fx_t h;
    memset(&h, 0, sizeof(h));
    h.w[0] = UINT64_C(1) << (FX_FB - 128 - 1);
    fx_add(a, &h);
    a->w[0] &= ~((UINT64_C(1) << (FX_FB - 128)) - 1);
}

static void fx_get_arb(arb_t y, const fx_t *a)
{
    fx_t b = *a;
    int neg = fx_neg_p(&b);
    if (neg)
        fx_neg(&b);
    mp_limb_t l[3] = {b.w[0], b.w[1], b.w[2]};
    mp_size_t n = 3;
    while (n > 0 && l[n - 1] == 0)
        n--;
    if (n == 0)
        arb_zero(y);
    else {
        arf_set_mpn(arb_midref(y), l, n, neg);
        arf_mul_2exp_si(arb_midref(y), arb_midref(y), -FX_FB);
        mag_zero(arb_radref(y));
    }
}

typedef struct {
    const ct_lskron_struct *S;
    fx_t *N;              /* nu x m, H_hi 2^FX_FB */
    double *B;            /* nu x m column-major: the residual as doubles */
    double *rs, *rq, *hs; /* the bounds' row sums (the last residual) */
    _ct_lskron_hi *X;
    slong nb;
    int bad; /* some |N| >= 2^(FX_FB + 1): the caller's balls instead */
} fx_ctx;

static void fx_block(slong *a0, slong *a1, const fx_ctx *C, slong b)
{
    *a0 = C->S->nu * b / C->nb, *a1 = C->S->nu * (b + 1) / C->nb;
}

/* a -= b. */
static void fx_sub(fx_t *a, const fx_t *b)
{
    unsigned __int128 c = 1;
    for (int i = 0; i < 3; i++) {
        c += (unsigned __int128)a->w[i] + (uint64_t)~b->w[i];
        a->w[i] = (uint64_t)c, c >>= 64;
    }
}

/* Row a of 2^FX_FB (W_ul - L_uu H_hi) on a's support into r (m entries);
   nb, wt: room for a's degree + 1 entries. */
static void fx_residual_row(fx_t *r, const fx_ctx *C, slong a, const fx_t **nb,
                            int64_t *wt)
{
    const ct_lskron_struct *S = C->S;
    slong i = S->unl[a], m = S->m, k = 0;
    nb[k] = C->N + a * m, wt[k++] = -(int64_t)S->deg[i];
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
        if (S->pos[S->col[e]] < 0)
            nb[k] = C->N + (-1 - S->pos[S->col[e]]) * m, wt[k++] = (int64_t)S->w[e];
    const slong *sup = S->Hcol + S->Hoff[a];
    slong ns = S->Hoff[a + 1] - S->Hoff[a];
    for (slong t = 0; t < ns; t++)
        memset(r + sup[t], 0, sizeof(fx_t));
    for (slong u = 0; u < k; u++) { /* neighbour by neighbour: its row in order */
        const fx_t *h = nb[u];
        if (wt[u] == 1)
            for (slong t = 0; t < ns; t++)
                fx_add(r + sup[t], h + sup[t]);
        else if (wt[u] == -1)
            for (slong t = 0; t < ns; t++)
                fx_sub(r + sup[t], h + sup[t]);
        else
            for (slong t = 0; t < ns; t++)
                fx_addmul(r + sup[t], h + sup[t], wt[u]);
    }
    fx_t one;
    fx_set_d(&one, 0.5);
    fx_add(&one, &one); /* 2^FX_FB */
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
        if (S->pos[S->col[e]] >= 0)
            fx_addmul(r + S->pos[S->col[e]], &one, (int64_t)S->w[e]);
}

/* The row buffers of one job: r (m entries), nb and wt (max degree + 1). */
typedef struct {
    fx_t *r;
    const fx_t **nb;
    int64_t *wt;
} fx_buf;

static void fx_buf_init(fx_buf *F, const ct_lskron_struct *S)
{
    slong dmax = 0;
    for (slong a = 0; a < S->nu; a++)
        dmax = FLINT_MAX(dmax, S->rowstart[S->unl[a] + 1] - S->rowstart[S->unl[a]]);
    F->r = flint_malloc(FLINT_MAX(S->m, 1) * sizeof(fx_t));
    F->nb = flint_malloc((dmax + 1) * sizeof(fx_t *));
    F->wt = flint_malloc((dmax + 1) * sizeof(int64_t));
}

static void fx_buf_clear(fx_buf *F)
{
    flint_free(F->r), flint_free(F->nb), flint_free(F->wt);
}

static void fx_resid_job(void *arg, slong b) /* B = the residual, as doubles */
{
    fx_ctx *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1;
    fx_block(&a0, &a1, C, b);
    fx_buf F;
    fx_buf_init(&F, S);
    for (slong a = a0; a < a1; a++) {
        fx_residual_row(F.r, C, a, F.nb, F.wt);
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++)
            C->B[S->Hcol[t] * S->nu + a] = fx_get_d(F.r + S->Hcol[t]);
    }
    fx_buf_clear(&F);
}

static void fx_update_job(void *arg, slong b) /* N += B 2^FX_FB */
{
    fx_ctx *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1, m = S->m;
    fx_block(&a0, &a1, C, b);
    for (slong a = a0; a < a1; a++)
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
            fx_t d;
            fx_t *h = C->N + a * m + S->Hcol[t];
            if (fx_set_d(&d, C->B[S->Hcol[t] * S->nu + a]))
                C->bad = 1;
            fx_add(h, &d);
            if (!fx_small(h))
                C->bad = 1;
        }
}

/* Per row: rs >= ||R_a||_1, rq >= ||R_a||_2^2 of the exact residual, hs >=
   ||H_hi,a||_1. */
static void fx_bounds_job(void *arg, slong b)
{
    fx_ctx *C = arg;
    const ct_lskron_struct *S = C->S;
    slong a0, a1, m = S->m;
    fx_block(&a0, &a1, C, b);
    fx_buf F;
    fx_buf_init(&F, S);
    fx_t *r = F.r;
    for (slong a = a0; a < a1; a++) {
        fx_residual_row(r, C, a, F.nb, F.wt);
        double s1 = 0, s2 = 0, h1 = 0;
        slong len = S->Hoff[a + 1] - S->Hoff[a];
        for (slong t = S->Hoff[a]; t < S->Hoff[a + 1]; t++) {
            slong j = S->Hcol[t];
            double x = fabs(fx_get_d(r + j)) * (1 + 0x1p-50) + 0x1p-1000;
            s1 += x, s2 += x * x;
            h1 += fabs(fx_get_d(C->N + a * m + j)) * (1 + 0x1p-50) + 0x1p-1000;
        }
        C->rs[a] = _ct_lskron_up(s1, len + 2), C->rq[a] = _ct_lskron_up(s2, 2 * len + 2);
        C->hs[a] = _ct_lskron_up(h1, len + 2);
    }
    fx_buf_clear(&F);
}

static void fx_run(fx_ctx *C, void (*job)(void *, slong))
{
    slong nth = ct_pool_inner_threads();
    C->nb = FLINT_MAX(FLINT_MIN(C->S->nu, 8 * nth), 1);
    ct_pool_for(C->nb, nth, job, NULL, C);
}

/* Whether the weights are integers small enough for the limbs (per
   unlabeled row, its degree and the sum of its |weights| below 2^FX_DEG). */
static int fx_fits(const ct_lskron_struct *S)
{
    for (slong a = 0; a < S->nu; a++) {
        slong i = S->unl[a];
        double sum = 0;
        if (!(fabs(S->deg[i]) < 0x1p28) || S->deg[i] != floor(S->deg[i]))
            return 0;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            if (S->w[e] != floor(S->w[e]))
                return 0;
            sum += fabs(S->w[e]);
        }
        if (!(sum < 0x1p28))
            return 0;
    }
    return 1;
}

/* Herr, Hrs and hf (>= ||H - H_hi||_F) from the row sums, as
   lskron_hi.c's kronhi_bounds. */
static void fx_herr(_ct_lskron_hi *X, const ct_lskron_struct *S, const fx_ctx *C,
                    mag_t hf)
{
    double rmax = 0, rsq = 0, zmax = 0;
    for (slong a = 0; a < S->nu; a++) {
        rmax = FLINT_MAX(rmax, C->rs[a]), zmax = FLINT_MAX(zmax, S->zb[a]);
        rsq += C->rq[a];
    }
    rsq = _ct_lskron_up(rsq, S->nu + 2);
    mag_t t, u;
    mag_init(t), mag_init(u);
    mag_set_d(u, rmax);
    for (slong a = 0; a < S->nu; a++) {
        mag_set_d(t, S->zb[a]);
        mag_mul(X->Herr + a, t, u);
        mag_set_d(X->Hrs + a, C->hs[a]);
    }
    mag_set_d(t, rsq);
    mag_sqrt(t, t);
    mag_set_d(u, zmax);
    mag_mul(hf, u, t);
    mag_clear(t), mag_clear(u);
}

static _Atomic int fx_off = 0;
static atomic_long fx_made = 0;

void _ct_lskron_hi_set_fixed_off(int off)
{
    atomic_store(&fx_off, off);
}

long _ct_lskron_hi_fixed_count(void)
{
    return atomic_load(&fx_made);
}

int _ct_lskron_hi_fixed(_ct_lskron_hi *X, const ct_lskron_struct *S,
                        const _ct_lskron_luu *L, mag_t hf)
{
    slong nu = S->nu, m = S->m;
    if (atomic_load(&fx_off) || !fx_fits(S))
        return 1;
    fx_ctx C = {S,
                ct_mem_calloc((size_t)nu * m, sizeof(fx_t)),
                ct_mem_malloc((size_t)nu * m * sizeof(double)),
                NULL,
                NULL,
                NULL,
                X,
                0,
                0};
    for (slong a = 0; a < nu * m && !C.bad; a++)
        C.bad = fx_set_d(C.N + a, S->H[a]);
    for (int step = 0; step < FX_STEPS && !C.bad; step++) {
        memset(C.B, 0, (size_t)nu * m * sizeof(double));
        fx_run(&C, fx_resid_job);
        if (_ct_lskron_luu_solve(L, C.B, m))
            C.bad = 1;
        else
            fx_run(&C, fx_update_job);
    }
    for (slong a = 0; a < nu * m && !C.bad; a++) /* to the 2^-128 grid */
        fx_round128(C.N + a);
    if (!C.bad) {
        C.rs = flint_malloc(3 * FLINT_MAX(nu, 1) * sizeof(double));
        C.rq = C.rs + nu, C.hs = C.rq + nu;
        fx_run(&C, fx_bounds_job);
        fx_herr(X, S, &C, hf);
        flint_free(C.rs);
    }
    flint_free(C.B);
    if (C.bad)
        flint_free(C.N);
    else
        X->fx = C.N, atomic_fetch_add(&fx_made, 1);
    return C.bad;
}

void _ct_lskron_hi_row(arb_ptr h, const _ct_lskron_hi *X, slong a)
{
    if (X->fx == NULL) {
        _arb_vec_set(h, X->H + a * X->m, X->m);
        return;
    }
    const fx_t *N = (const fx_t *)X->fx + a * X->m;
    for (slong j = 0; j < X->m; j++)
        fx_get_arb(h + j, N + j);
}
