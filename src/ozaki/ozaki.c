/* ozaki: C = A B for exact Arb matrices through dgemm (Ozaki's splitting).

   Row i of A is scaled by 2^e_i > max_j |A_ij|, column j of B by 2^f_j;
   with X = trunc(|A_ij| 2^(beta S - e_i)) < 2^(beta S), its S digits of beta
   bits d_1 .. d_S (most significant first, the entry's sign) give A_ij =
   2^e_i sum_p d_p 2^(-beta p) + t, |t| < 2^(e_i - beta S). A digit product
   D^A_p D^B_q is a sum of k integers below 2^(2 beta): with S k 2^(2 beta) <=
   2^53 every dgemm, and the sum G_g of the pairs p + q = g (dgemm with beta
   = 1), is exact whatever the order of its additions. Then

       (A B)_ij = 2^(e_i + f_j - beta (S + 1)) sum_{g <= S + 1} G_g 2^(beta (S + 1 - g))
                  +- (2 S + 6) k 2^(e_i + f_j - beta S):

   the truncations cost 2 k 2^(e_i + f_j - beta S) ((A - A~) B + A~ (B - B~)),
   the pairs p + q > S + 1 left out at most 2 S k 2^(e_i + f_j - beta S). The
   sum is exact in four 64-bit limbs (below 2^(54 + beta (S - 1)), checked),
   then rounded to prec bits into the ball. */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/ozaki.h"
#include "certune/pool.h"

typedef unsigned __int128 oz_u128;

static _Atomic int oz_loose = 0;

void _ct_ozaki_set_loose(int on)
{
    oz_loose = on;
}

typedef struct {
    slong n, k, p, S, beta;
    slong *e, *f;    /* row exponents of A, column exponents of B */
    double *DA, *DB; /* S digit matrices: n x k and k x p, row-major */
    const arb_mat_struct *A, *B;
    arb_mat_struct *C;
    slong prec, nb;
    int approx; /* midpoints only: radii ignored, C's zero */
} oz_ctx;

/* Whether x is exact with a midpoint of at most two limbs (or zero); with
   approx, whether its midpoint is finite (its top two limbs are read). */
static int oz_fits(const arb_t x, int approx)
{
    if (!approx && !mag_is_zero(arb_radref(x)))
        return 0;
    const arf_struct *m = arb_midref(x);
    if (arf_is_zero(m))
        return 1;
    return arf_is_finite(m) && (approx || ARF_SIZE(m) <= 2) &&
           !COEFF_IS_MPZ(ARF_EXP(m)) && FLINT_ABS(ARF_EXP(m)) < (WORD(1) << 20);
}

/* 2^e > |x| for x != 0 (its exponent), else e_min. */
static slong oz_exp(const arb_t x, slong e)
{
    const arf_struct *m = arb_midref(x);
    return arf_is_zero(m) ? e : FLINT_MAX(e, ARF_EXP(m));
}

/* X = trunc(|x| 2^(sh)) in (hi, lo) halves (< 2^256), x's sign in *neg;
   of a midpoint of more than two limbs the top two (approx only). */
static void oz_scaled(oz_u128 *hi, oz_u128 *lo, int *neg, const arf_struct *x, slong sh)
{
    *hi = *lo = 0, *neg = 0;
    if (arf_is_zero(x))
        return;
    mp_srcptr d;
    mp_size_t xn;
    ARF_GET_MPN_READONLY(d, xn, x);
    oz_u128 M = xn == 1 ? (oz_u128)d[0] << 64 : ((oz_u128)d[xn - 1] << 64) | d[xn - 2];
    slong s = ARF_EXP(x) - 128 + sh; /* |x| 2^sh = M 2^s */
    *neg = ARF_SGNBIT(x);
    if (s <= -128)
        return;
    if (s < 0)
        *lo = M >> -s;
    else if (s == 0)
        *lo = M;
    else if (s < 128)
        *lo = M << s, *hi = M >> (128 - s);
    else
        *hi = s < 256 ? M << (s - 128) : 0;
}

/* Bits [b, b + len) of (hi, lo), len < 64. */
static uint64_t oz_bits(oz_u128 hi, oz_u128 lo, slong b, slong len)
{
    oz_u128 v;
    if (b >= 128)
        v = hi >> (b - 128);
    else if (b == 0)
        v = lo;
    else
        v = (lo >> b) | (hi << (128 - b));
    return (uint64_t)v & ((UINT64_C(1) << len) - 1);
}

/* The S digits of x scaled by 2^(beta S - e) into D[s * stride + at]. */
static void oz_digits(double *D, slong stride, slong at, const arb_t x, slong e, slong S,
                      slong beta)
{
    oz_u128 hi, lo;
    int neg;
    oz_scaled(&hi, &lo, &neg, arb_midref(x), beta * S - e);
    for (slong s = 0; s < S; s++) {
        double d = (double)oz_bits(hi, lo, beta * (S - 1 - s), beta);
        D[s * stride + at] = neg ? -d : d;
    }
}

#define OZ_LIMBS 4

/* acc += g 2^sh (g an integer-valued double, |g| < 2^53, sh < 192; four
   limbs, two's complement). */
static void oz_acc(uint64_t *acc, double g, slong sh)
{
    if (g == 0)
        return;
    int neg = g < 0;
    uint64_t u = (uint64_t)fabs(g), t[OZ_LIMBS] = {0, 0, 0, 0};
    slong i = sh / 64, b = sh % 64;
    t[i] = u << b;
    if (b != 0 && i + 1 < OZ_LIMBS)
        t[i + 1] = u >> (64 - b);
    if (neg) { /* t = -t */
        oz_u128 c = 1;
        for (int j = 0; j < OZ_LIMBS; j++)
            c += (uint64_t)~t[j], t[j] = (uint64_t)c, c >>= 64;
    }
    oz_u128 c = 0;
    for (int j = 0; j < OZ_LIMBS; j++)
        c += (oz_u128)acc[j] + t[j], acc[j] = (uint64_t)c, c >>= 64;
}

/* The ball of entry (i, j) from its limbs. */
static void oz_entry(arb_t c, uint64_t *acc, slong scale, const mag_t err, slong prec)
{
    int neg = (int64_t)acc[OZ_LIMBS - 1] < 0;
    if (neg) {
        oz_u128 cy = 1;
        for (int j = 0; j < OZ_LIMBS; j++)
            cy += (uint64_t)~acc[j], acc[j] = (uint64_t)cy, cy >>= 64;
    }
    mp_limb_t l[OZ_LIMBS] = {acc[0], acc[1], acc[2], acc[3]};
    mp_size_t n = OZ_LIMBS;
    while (n > 0 && l[n - 1] == 0)
        n--;
    if (n == 0)
        arb_zero(c);
    else {
        arf_set_mpn(arb_midref(c), l, n, neg);
        arf_mul_2exp_si(arb_midref(c), arb_midref(c), scale);
        mag_zero(arb_radref(c));
        arb_set_round(c, c, prec);
    }
    if (err == NULL)
        mag_zero(arb_radref(c));
    else
        arb_add_error_mag(c, err);
}

/* Rows [r0, r1) of A: digits, products, sums, balls. */
static void oz_rows(oz_ctx *X, slong r0, slong r1)
{
    slong k = X->k, p = X->p, S = X->S, beta = X->beta, nr = r1 - r0;
    double *DA = flint_malloc(S * nr * k * sizeof(double));
    double *G = flint_calloc(S * nr * p, sizeof(double));
    for (slong i = r0; i < r1; i++)
        for (slong t = 0; t < k; t++)
            oz_digits(DA, nr * k, (i - r0) * k + t, arb_mat_entry(X->A, i, t), X->e[i], S,
                      beta);
    for (slong g = 2; g <= S + 1; g++) /* G[g - 2] = sum_{p + q = g} D^A_p D^B_q */
        for (slong a = 1; a < g; a++)
            ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)nr, (int)p, (int)k, 1.0,
                          DA + (a - 1) * nr * k, (int)k, X->DB + (g - a - 1) * k * p,
                          (int)p, 1.0, G + (g - 2) * nr * p, (int)p);
    mag_t err;
    mag_init(err);
    for (slong i = r0; i < r1; i++)
        for (slong j = 0; j < p; j++) {
            uint64_t acc[OZ_LIMBS] = {0, 0, 0, 0};
            for (slong g = 2; g <= S + 1; g++)
                oz_acc(acc, G[(g - 2) * nr * p + (i - r0) * p + j], beta * (S + 1 - g));
            mag_set_ui(err, oz_loose || X->approx ? 0 : (ulong)((2 * S + 6) * k));
            mag_mul_2exp_si(err, err, X->e[i] + X->f[j] - beta * S);
            oz_entry(arb_mat_entry(X->C, i, j), acc, X->e[i] + X->f[j] - beta * (S + 1),
                     X->approx ? NULL : err, X->prec);
        }
    mag_clear(err);
    flint_free(DA), flint_free(G);
}

static void oz_b_job(void *arg, slong b) /* B's digits, rows in blocks */
{
    oz_ctx *X = arg;
    slong k = X->k, p = X->p, t0 = k * b / X->nb, t1 = k * (b + 1) / X->nb;
    for (slong t = t0; t < t1; t++)
        for (slong j = 0; j < p; j++)
            oz_digits(X->DB, k * p, t * p + j, arb_mat_entry(X->B, t, j), X->f[j], X->S,
                      X->beta);
}

static void oz_job(void *arg, slong t)
{
    oz_ctx *X = arg;
    oz_rows(X, X->n * t / X->nb, X->n * (t + 1) / X->nb);
}

/* beta and S for k terms and prec bits: S beta >= prec + 10 + log2 k, S k
   2^(2 beta) <= 2^53. */
static void oz_shape(slong *S, slong *beta, slong k, slong prec)
{
    slong lk = FLINT_BIT_COUNT(k);
    *beta = 22;
    for (int it = 0; it < 4; it++) {
        *S = (prec + 10 + lk + *beta - 1) / *beta;
        *beta = (53 - lk - FLINT_BIT_COUNT(*S)) / 2;
    }
    *S = (prec + 10 + lk + *beta - 1) / *beta;
}

static int oz_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong prec,
                  slong nthreads, int approx)
{
    slong n = arb_mat_nrows(A), k = arb_mat_ncols(A), p = arb_mat_ncols(B);
    if (n == 0 || p == 0 || k == 0 || k >= (WORD(1) << 20) || ct_blas_load(NULL, 0) != 0)
        return 1;
    for (slong i = 0; i < n; i++)
        for (slong t = 0; t < k; t++)
            if (!oz_fits(arb_mat_entry(A, i, t), approx))
                return 1;
    for (slong t = 0; t < k; t++)
        for (slong j = 0; j < p; j++)
            if (!oz_fits(arb_mat_entry(B, t, j), approx))
                return 1;
    oz_ctx X = {n, k, p, 0, 0, NULL, NULL, NULL, NULL, A, B, C, prec, 1, approx};
    oz_shape(&X.S, &X.beta, k, prec);
    if (X.beta * (X.S - 1) + 54 >= 64 * OZ_LIMBS - 1)
        return 1; /* the sums' limbs would not hold it */
    X.e = flint_malloc((n + p) * sizeof(slong)), X.f = X.e + n;
    for (slong i = 0; i < n; i++) {
        X.e[i] = WORD_MIN;
        for (slong t = 0; t < k; t++)
            X.e[i] = oz_exp(arb_mat_entry(A, i, t), X.e[i]);
        X.e[i] = X.e[i] == WORD_MIN ? 0 : X.e[i];
    }
    for (slong j = 0; j < p; j++) {
        X.f[j] = WORD_MIN;
        for (slong t = 0; t < k; t++)
            X.f[j] = oz_exp(arb_mat_entry(B, t, j), X.f[j]);
        X.f[j] = X.f[j] == WORD_MIN ? 0 : X.f[j];
    }
    X.DB = flint_malloc(X.S * k * p * sizeof(double));
    X.nb = FLINT_MAX(1, FLINT_MIN(nthreads, k / 16));
    ct_pool_for(X.nb, X.nb, oz_b_job, NULL, &X);
    X.nb = FLINT_MAX(1, FLINT_MIN(nthreads, n / 16));
    ct_pool_for(X.nb, X.nb, oz_job, NULL, &X);
    flint_free(X.e), flint_free(X.DB);
    return 0;
}

int ct_ozaki_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong prec,
                 slong nthreads)
{
    return oz_mul(C, A, B, prec, nthreads, 0);
}

int ct_ozaki_approx_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong prec,
                        slong nthreads)
{
    return oz_mul(C, A, B, prec, nthreads, 1);
}
