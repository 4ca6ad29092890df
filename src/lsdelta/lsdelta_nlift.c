/* lsdelta_nlift: exact entries of S^T A^{-1} B by numeric lifting with the
   floating factor of A (docs/delta.md, "The ball path": the rows that balls
   cannot settle).

   With r_0 = B (integer) and digits x_t = round(2^b A~^{-1} r_t) (a floating
   solve, then rounding to integers), r_{t+1} = 2^b r_t - A x_t is computed in
   128-bit integers, checked. By induction A N_K = 2^{bK} B - r_K for
   N_K = sum_t x_t 2^{b(K-1-t)}, whatever the floating point did, so
   A^{-1} B = (N_K + A^{-1} r_K) / 2^{bK}, and |S_f^T A^{-1} r_K| <= |S_f|
   max_j |r_Kj| / (d_j (q - p)) <= |S_f| Rlim (ct_lsdelta_msys_struct.c's bound, d_j >= 1,
   q - p >= 1). Every entry of A^{-1} is a rational of denominator dividing
   det A <= prod_j A_jj < 2^hb (Hadamard), so once 2^{bK} > 2 (|S_f| Rlim + 1)
   2^{2 hb} the interval (V_f +- E) / 2^{bK} holds exactly one rational of
   denominator below 2^hb: two such rationals differ by more than its width.
   That rational is the simplest one in the interval (fmpq_simplest_between),
   or N / D for the denominator D found so far when it lies there. Only S^T
   N_K is accumulated (each digit added at its bit offset), never N_K. */
#include <math.h>
#include <gmp.h>
#include "certune/lsdelta.h"

typedef __int128 nl_i128;

/* Columns lifted at once: one floating solve with this many right-hand
   sides per step. */
#define NL_BLOCK 16

/* Digit bits, safe: the floating solve has relative error about kappa
   2^-52 in the worst case (kappa <= ||A||_inf / (min d (q - p))), so b leaves
   12 bits of margin; fast: as many as keep the digits below 2^61 (|x_t| <~
   2^b Rlim), at most 40 (on Cora the residual stays at a third of
   ||A||_inf with b = 38: the worst case is far). A block that does not
   contract with the fast digits is lifted again with the safe ones.
   0: too ill-conditioned. */
static slong nl_digit_bits(const ct_lsdelta_msys_struct *M, slong rlim, int fast)
{
    slong dmin = WORD_MAX, top = FLINT_MIN(60 - (slong)FLINT_BIT_COUNT(rlim), 40);
    for (slong j = 0; j < M->n; j++)
        dmin = FLINT_MIN(dmin, M->deg[j]);
    double kappa = (double)M->amax / ((double)dmin * (double)M->pq);
    slong b =
        fast ? top : FLINT_MIN(top, 52 - 12 - (slong)ceil(log2(FLINT_MAX(kappa, 1.0))));
    return b < 8 ? 0 : b;
}

/* One step on nb columns: z = r, solve, x = round(2^b z), r = 2^b r - A x.
   0, or -1 on overflow or when |r| exceeds rlim (no contraction). */
static int nl_step(slong *r, slong *x, double *z, ct_lsdelta_msys_struct *M, slong nb,
                   slong b, slong rlim)
{
    slong n = M->n;
    for (slong e = 0; e < n * nb; e++)
        z[e] = (double)r[e];
    if (ct_lsdelta_msys_solve(M, z, nb) != 0)
        return -1;
    double scale = ldexp(1.0, (int)b);
    for (slong e = 0; e < n * nb; e++) {
        double v = z[e] * scale; /* exact: a power of 2 */
        if (!(fabs(v) < 0x1p61))
            return -1;
        x[e] = (slong)llrint(v);
    }
    nl_i128 pb = (nl_i128)1 << b; /* a product: shifting a negative is undefined */
    for (slong c = 0; c < nb; c++) {
        const slong *xc = x + c * n;
        for (slong j = 0; j < n; j++) {
            nl_i128 a = r[c * n + j] * pb - (nl_i128)M->diag[j] * xc[j];
            for (slong t = M->rowstart[j]; t < M->rowstart[j + 1]; t++)
                a += (nl_i128)M->off[t] * xc[M->col[t]];
            if (a > rlim || a < -rlim)
                return -1;
            r[c * n + j] = (slong)a;
        }
    }
    return 0;
}

/* The sums S_f^T N_K, accumulated without Horner's quadratic cost: digit t
   is added at bit b (K - 1 - t) of two nonnegative limb arrays (positive and
   negative digits; len limbs each), so each step costs O(1) limbs per
   entry. */
typedef struct {
    mp_limb_t *pos, *neg;
    slong len;
} nl_acc;

/* a += u 2^o (u < 2^127; a has room: o / 64 + 3 <= len). */
static void nl_add_at(mp_limb_t *a, slong len, unsigned __int128 u, slong o)
{
    slong q = o / 64, r = o % 64;
    mp_limb_t lo = (mp_limb_t)u, hi = (mp_limb_t)(u >> 64), w[3];
    w[0] = lo << r;
    w[1] = r == 0 ? hi : (hi << r) | (lo >> (64 - r));
    w[2] = r == 0 ? 0 : hi >> (64 - r);
    mp_limb_t carry = mpn_add_n(a + q, a + q, w, 3);
    if (carry != 0 && q + 3 < len)
        mpn_add_1(a + q + 3, a + q + 3, len - q - 3, carry);
}

/* Adds digit x (n x nb, column-major) of step t to every functional and
   column's accumulator. */
static void nl_digits(nl_acc *acc, const slong *x, slong n, slong nb, slong o,
                      const slong *fstart, const slong *fidx, slong nf)
{
    for (slong c = 0; c < nb; c++)
        for (slong f = 0; f < nf; f++) {
            nl_i128 a = 0;
            for (slong t = fstart[f]; t < fstart[f + 1]; t++)
                a += x[c * n + fidx[t]];
            nl_acc *e = acc + c * nf + f;
            if (a >= 0)
                nl_add_at(e->pos, e->len, (unsigned __int128)a, o);
            else
                nl_add_at(e->neg, e->len, (unsigned __int128)(-a), o);
        }
}

static void nl_acc_get(fmpz_t V, const nl_acc *e)
{
    fmpz_t t;
    fmpz_init(t);
    fmpz_set_ui_array(V, e->pos, e->len);
    fmpz_set_ui_array(t, e->neg, e->len);
    fmpz_sub(V, V, t);
    fmpz_clear(t);
}

/* The rational of denominator < 2^hb in (V +- E) / 2^K into v; D the
   denominators' lcm so far (tried first). 0, or -1 when D reaches 2^hb
   (impossible when the bounds hold). */
static int nl_rational(fmpq_t v, fmpz_t D, const fmpz_t V, const fmpz_t E, slong K,
                       slong hb)
{
    fmpz_t t, N, u;
    fmpz_init(t), fmpz_init(N), fmpz_init(u);
    fmpz_mul(t, D, V); /* N = round(D V / 2^K); N / D is in the interval iff */
    fmpz_one(u);       /* |N 2^K - D V| <= D E */
    fmpz_mul_2exp(u, u, (ulong)(K - 1));
    fmpz_add(N, t, u);
    fmpz_fdiv_q_2exp(N, N, (ulong)K);
    fmpz_mul_2exp(u, N, (ulong)K);
    fmpz_sub(u, u, t);
    fmpz_mul(t, D, E);
    int rc = 0;
    if (fmpz_cmpabs(u, t) <= 0) {
        fmpz_set(fmpq_numref(v), N), fmpz_set(fmpq_denref(v), D);
        fmpq_canonicalise(v);
    } else {
        fmpq_t lo, hi;
        fmpq_init(lo), fmpq_init(hi);
        fmpz_sub(fmpq_numref(lo), V, E), fmpz_add(fmpq_numref(hi), V, E);
        fmpz_one(fmpq_denref(lo));
        fmpz_mul_2exp(fmpq_denref(lo), fmpq_denref(lo), (ulong)K);
        fmpz_set(fmpq_denref(hi), fmpq_denref(lo));
        fmpq_canonicalise(lo), fmpq_canonicalise(hi);
        fmpq_simplest_between(v, lo, hi);
        fmpz_lcm(D, D, fmpq_denref(v));
        rc = (slong)fmpz_bits(D) <= hb ? 0 : -1;
        fmpq_clear(lo), fmpq_clear(hi);
    }
    fmpz_clear(t), fmpz_clear(N), fmpz_clear(u);
    return rc;
}

/* Lifts columns c0 .. c0 + nb - 1 for K steps into the accumulators acc
   (nf x nb, allocated here: free with nl_acc_free). 0 or -1. */
static int nl_lift(nl_acc **acc, ct_lsdelta_msys_struct *M, const slong *cstart,
                   const slong *cidx, slong c0, slong nb, const slong *fstart,
                   const slong *fidx, slong nf, slong b, slong K, slong rlim)
{
    slong n = M->n;
    slong *r = flint_calloc(n * nb, sizeof(slong)),
          *x = flint_malloc(n * nb * sizeof(slong));
    double *z = flint_malloc(n * nb * sizeof(double));
    slong len = (b * K) / 64 + 4;
    *acc = flint_malloc(nf * nb * sizeof(nl_acc));
    for (slong e = 0; e < nf * nb; e++)
        (*acc)[e].pos = flint_calloc(2 * len, sizeof(mp_limb_t)),
        (*acc)[e].neg = (*acc)[e].pos + len, (*acc)[e].len = len;
    for (slong c = 0; c < nb; c++)
        for (slong t = cstart[c0 + c]; t < cstart[c0 + c + 1]; t++)
            r[c * n + cidx[t]] = 1;
    int rc = 0;
    for (slong step = 0; step < K && rc == 0; step++)
        if ((rc = nl_step(r, x, z, M, nb, b, rlim)) == 0)
            nl_digits(*acc, x, n, nb, b * (K - 1 - step), fstart, fidx, nf);
    flint_free(r), flint_free(x), flint_free(z);
    return rc;
}

static void nl_acc_free(nl_acc *acc, slong cnt)
{
    for (slong e = 0; e < cnt; e++)
        flint_free(acc[e].pos);
    flint_free(acc);
}

/* E = |S_f| rlim + 1: the lifted value's error bound times 2^{bK}. */
static void nl_error(fmpz_t E, const slong *fstart, slong f, slong rlim)
{
    fmpz_set_si(E, fstart[f + 1] - fstart[f]);
    fmpz_mul_si(E, E, rlim);
    fmpz_add_ui(E, E, 1);
}

/* Lifts columns c0 .. c0 + nb - 1 for K steps and reconstructs their
   entries of V (column-major nf x ncols). */
static int nl_block(fmpq *Q, fmpz_t D, ct_lsdelta_msys_struct *M, const slong *cstart,
                    const slong *cidx, slong c0, slong nb, const slong *fstart,
                    const slong *fidx, slong nf, slong b, slong K, slong hb, slong rlim)
{
    nl_acc *acc;
    int rc = nl_lift(&acc, M, cstart, cidx, c0, nb, fstart, fidx, nf, b, K, rlim);
    fmpz_t E, V;
    fmpz_init(E), fmpz_init(V);
    for (slong c = 0; c < nb && rc == 0; c++)
        for (slong f = 0; f < nf && rc == 0; f++) {
            nl_error(E, fstart, f, rlim);
            nl_acc_get(V, acc + c * nf + f);
            rc = nl_rational(Q + (c0 + c) * nf + f, D, V, E, b * K, hb);
        }
    fmpz_clear(E), fmpz_clear(V);
    nl_acc_free(acc, nf * nb);
    return rc;
}

/* The same block as balls (V +- E) / 2^{bK}. */
static int nl_block_balls(arb_ptr Q, ct_lsdelta_msys_struct *M, const slong *cstart,
                          const slong *cidx, slong c0, slong nb, const slong *fstart,
                          const slong *fidx, slong nf, slong b, slong K, slong rlim)
{
    nl_acc *acc;
    int rc = nl_lift(&acc, M, cstart, cidx, c0, nb, fstart, fidx, nf, b, K, rlim);
    fmpz_t E, V;
    mag_t e;
    fmpz_init(E), fmpz_init(V), mag_init(e);
    for (slong c = 0; c < nb && rc == 0; c++)
        for (slong f = 0; f < nf; f++) {
            arb_ptr q = Q + (c0 + c) * nf + f;
            nl_error(E, fstart, f, rlim);
            nl_acc_get(V, acc + c * nf + f);
            arb_set_fmpz(q, V); /* exact: V is an integer */
            arb_mul_2exp_si(q, q, -b * K);
            mag_set_fmpz(e, E);
            mag_mul_2exp_si(e, e, -b * K);
            arb_add_error_mag(q, e);
        }
    fmpz_clear(E), fmpz_clear(V), mag_clear(e);
    nl_acc_free(acc, nf * nb);
    return rc;
}

static _Atomic long nl_retries; /* blocks lifted again with the safe digits */

long ct_lsdelta_nlift_retries(void)
{
    return nl_retries;
}

/* Steps for b-bit digits: 2^{bK} > 2 (fmax rlim + 1) 2^{2 hb}. */
static slong nl_steps(slong b, slong hb, slong fmax, slong rlim)
{
    slong need = 2 * hb + (slong)FLINT_BIT_COUNT(fmax) + (slong)FLINT_BIT_COUNT(rlim) + 3;
    return (need + b - 1) / b;
}

int ct_lsdelta_nlift(fmpq *V, ct_lsdelta_msys_struct *M, const slong *cstart,
                     const slong *cidx, slong ncols, const slong *fstart,
                     const slong *fidx, slong nf, ct_lsdelta_progress_fn progress,
                     const void *pctx, slong bfast)
{
    slong rlim = 4 * M->amax + 64, hb = 0, fmax = 1;
    slong bsafe = nl_digit_bits(M, rlim, 0),
          b = bfast > 0 ? bfast : nl_digit_bits(M, rlim, 1);
    if (bsafe == 0 || M->amax >= ((slong)1 << 40))
        return -1;
    for (slong j = 0; j < M->n; j++)
        hb += (slong)FLINT_BIT_COUNT(M->diag[j]);
    for (slong f = 0; f < nf; f++)
        fmax = FLINT_MAX(fmax, fstart[f + 1] - fstart[f]);
    fmpz_t D;
    fmpz_init_set_ui(D, 1);
    int rc = 0;
    for (slong c0 = 0; c0 < ncols && rc == 0; c0 += NL_BLOCK) {
        slong nb = FLINT_MIN(NL_BLOCK, ncols - c0);
        if (progress != NULL)
            progress(pctx, c0, ncols);
        rc = nl_block(V, D, M, cstart, cidx, c0, nb, fstart, fidx, nf, b,
                      nl_steps(b, hb, fmax, rlim), hb, rlim);
        if (rc != 0 && b != bsafe) { /* no contraction: the safe digits from now on */
            nl_retries++;
            b = bsafe;
            rc = nl_block(V, D, M, cstart, cidx, c0, nb, fstart, fidx, nf, b,
                          nl_steps(b, hb, fmax, rlim), hb, rlim);
        }
    }
    fmpz_clear(D);
    return rc;
}

int ct_lsdelta_nlift_balls(arb_ptr V, ct_lsdelta_msys_struct *M, const slong *cstart,
                           const slong *cidx, slong ncols, const slong *fstart,
                           const slong *fidx, slong nf, slong bits)
{
    slong rlim = 4 * M->amax + 64, fmax = 1;
    slong bsafe = nl_digit_bits(M, rlim, 0), b = nl_digit_bits(M, rlim, 1);
    if (bsafe == 0 || M->amax >= ((slong)1 << 40))
        return -1;
    for (slong f = 0; f < nf; f++)
        fmax = FLINT_MAX(fmax, fstart[f + 1] - fstart[f]);
    /* 2^{bK} >= 2^bits (fmax rlim + 1) */
    slong need = bits + (slong)FLINT_BIT_COUNT(fmax) + (slong)FLINT_BIT_COUNT(rlim) + 2;
    int rc = 0;
    for (slong c0 = 0; c0 < ncols && rc == 0; c0 += NL_BLOCK) {
        slong nb = FLINT_MIN(NL_BLOCK, ncols - c0);
        rc = nl_block_balls(V, M, cstart, cidx, c0, nb, fstart, fidx, nf, b,
                            (need + b - 1) / b, rlim);
        if (rc != 0 && b != bsafe) {
            nl_retries++;
            b = bsafe;
            rc = nl_block_balls(V, M, cstart, cidx, c0, nb, fstart, fidx, nf, b,
                                (need + b - 1) / b, rlim);
        }
    }
    return rc;
}
