/* zlift_cols: the columns of B lifted in blocks, the entries converted and
   checked, and the proof A Y = d f B. */
#include <flint/fmpq.h>
#include <flint/fmpz_vec.h>
#include "certune/pool.h"
#include "certune/zlift.h"
#include "zlift_internal.h"

/* Bits of the largest column sum of |B| and of the largest |B_ij|; 0 when an
   entry is not below 2^40 (the residual is a word). */
int _ct_zlift_rhs_bits(slong *colbits, slong *maxbits, const fmpz_mat_t B)
{
    fmpz_t s;
    fmpz_init(s);
    *colbits = *maxbits = 0;
    for (slong j = 0; j < B->c; j++) {
        fmpz_zero(s);
        for (slong i = 0; i < B->r; i++) {
            const fmpz *e = fmpz_mat_entry(B, i, j);
            *maxbits = FLINT_MAX(*maxbits, (slong)fmpz_bits(e));
            if (fmpz_sgn(e) >= 0)
                fmpz_add(s, s, e);
            else
                fmpz_sub(s, s, e);
        }
        *colbits = FLINT_MAX(*colbits, (slong)fmpz_bits(s));
    }
    fmpz_clear(s);
    return *maxbits <= 40;
}

/* Bits of slack in phase 2: a factor below 2^ZLIFT_SLACK missing from the
   guessed denominator (the combination b lost a small prime of det(A)) is
   recovered per entry by rational reconstruction. */
#define ZLIFT_SLACK 64

/* Phase 2's shared state: block t lifts columns [t cb, min(c, (t + 1) cb)). */
typedef struct {
    const zlift_sys *S;
    const fmpz_mat_struct *B;
    fmpz_mat_struct *Y;
    const slong *pos; /* row i of A -> row of Y, or -1 */
    const fmpz *d, *P;
    slong cb, steps, ylim; /* ylim: bits of |d A^{-1} B| by the caller's bound */
    slong *mbits;          /* per block: bits of M, or -1 when failed */
    fmpz *f;               /* per block: the lcm of the missing factors */
} zlift_phase;

/* y = d z mods P, taken when |y| < 2^ylim; else as a / b by reconstruction
   with b < 2^ZLIFT_SLACK (b joins *f, a's bits count in *mbits). 0: neither. */
static int zlift_entry(fmpz_t y, const zlift_phase *F, fmpz_t f, slong *mbits, fmpq_t q,
                       const fmpz_t N, const fmpz_t D)
{
    fmpz_mul(y, y, F->d);
    fmpz_smod(y, y, F->P);
    if ((slong)fmpz_bits(y) <= F->ylim) {
        *mbits = FLINT_MAX(*mbits, (slong)fmpz_bits(y));
        return 1;
    }
    if (fmpz_sgn(y) < 0) /* the reconstruction wants 0 <= y < P */
        fmpz_add(y, y, F->P);
    if (!fmpq_reconstruct_fmpz_2(q, y, F->P, N, D))
        return 0;
    fmpz_smod(y, y, F->P); /* back to d z mods P: f y mods P is then (f / b) a */
    fmpz_lcm(f, f, fmpq_denref(q));
    *mbits = FLINT_MAX(*mbits, (slong)fmpz_bits(fmpq_numref(q)));
    return 1;
}

static void zlift_block(void *arg, slong t)
{
    zlift_phase *F = arg;
    slong n = F->S->n, j0 = t * F->cb, c = FLINT_MIN(F->B->c - j0, F->cb), nch;
    int64_t *R = flint_malloc(FLINT_MAX(n * c, 1) * sizeof(int64_t));
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < c; j++)
            R[i * c + j] = fmpz_get_si(fmpz_mat_entry(F->B, i, j0 + j));
    uint64_t *chunk = _ct_zlift_digits(F->S, R, c, F->steps, &nch);
    ulong *limbs = flint_malloc((nch + 1) * sizeof(ulong));
    fmpz_t z, N, D;
    fmpq_t q;
    fmpz_init(z), fmpz_init(N), fmpz_init(D), fmpq_init(q);
    fmpz_one(N), fmpz_mul_2exp(N, N, F->ylim);
    fmpz_one(D), fmpz_mul_2exp(D, D, ZLIFT_SLACK);
    int ok = chunk != NULL;
    F->mbits[t] = 0;
    for (slong i = 0; ok && i < n; i++)
        for (slong j = 0; ok && j < c; j++) {
            _ct_zlift_combine(z, chunk + i * c + j, n * c, nch, F->S->pow[2] * F->S->p,
                              limbs);
            ok = zlift_entry(z, F, F->f + t, F->mbits + t, q, N, D);
            if (F->pos[i] >= 0)
                fmpz_swap(fmpz_mat_entry(F->Y, F->pos[i], j0 + j), z);
        }
    F->mbits[t] = ok ? F->mbits[t] : -1;
    fmpz_clear(z), fmpz_clear(N), fmpz_clear(D), fmpq_clear(q);
    flint_free(limbs), flint_free(chunk), flint_free(R);
}

/* The proof: with Y' = f Y mods P, |Y'| <= f 2^mbits and p^k > 2 (||A||_inf f
   2^mbits + d f max|B|), so A Y' = d f B exactly (the header). */
static int zlift_proved(const zlift_sys *S, const fmpz_t P, const fmpz_t df,
                        const fmpz_t f, slong mbits, slong maxbits)
{
    fmpz_t lhs, t;
    fmpz_init(lhs), fmpz_init(t);
    fmpz_mul_si(lhs, f, S->norm);
    fmpz_mul_2exp(lhs, lhs, mbits);
    fmpz_mul_2exp(t, df, maxbits);
    fmpz_add(lhs, lhs, t);
    fmpz_mul_2exp(lhs, lhs, 1);
    int ok = fmpz_cmp(P, lhs) > 0;
    fmpz_clear(lhs), fmpz_clear(t);
    return ok;
}

/* Y = f Y mods P for the lcm f of the blocks' factors, den = d f, and the
   proof; 1 when proved. */
static int zlift_finish(fmpz_mat_t Y, fmpz_t den, const zlift_phase *F, slong nblocks,
                        slong maxbits)
{
    slong mbits = 0;
    fmpz_t f;
    fmpz_init_set_ui(f, 1);
    int ok = 1;
    for (slong t = 0; t < nblocks; t++) {
        ok &= F->mbits[t] >= 0;
        mbits = FLINT_MAX(mbits, F->mbits[t]);
        fmpz_lcm(f, f, F->f + t);
    }
    for (slong i = 0; ok && !fmpz_is_one(f) && i < Y->r; i++)
        for (slong j = 0; j < Y->c; j++) {
            fmpz_mul(fmpz_mat_entry(Y, i, j), fmpz_mat_entry(Y, i, j), f);
            fmpz_smod(fmpz_mat_entry(Y, i, j), fmpz_mat_entry(Y, i, j), F->P);
        }
    fmpz_mul(den, F->d, f);
    ok = ok && zlift_proved(F->S, F->P, den, f, mbits, maxbits);
    fmpz_clear(f);
    return ok;
}

int _ct_zlift_columns(fmpz_mat_t Y, fmpz_t den, const zlift_sys *S, const fmpz_mat_t B,
                      const fmpz_t d, slong inv_bits, slong colbits, slong maxbits,
                      const slong *rows, slong nr, slong nthreads, slong block_bytes)
{
    slong n = S->n;
    slong ylim = FLINT_MAX(0, (slong)fmpz_bits(d) + inv_bits + colbits);
    slong need =
        FLINT_MAX(ylim + (slong)FLINT_BIT_COUNT(S->norm), (slong)fmpz_bits(d) + maxbits);
    slong steps = _ct_zlift_steps(S->p, need + 2 + ZLIFT_SLACK);
    slong nch = (steps + ZLIFT_DIGITS - 1) / ZLIFT_DIGITS;
    slong cb = FLINT_MAX(1, FLINT_MIN(B->c, block_bytes / (8 * n * nch)));
    slong nblocks = (B->c + cb - 1) / cb, *pos = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++)
        pos[i] = -1;
    for (slong r = 0; r < nr; r++)
        pos[rows[r]] = r;
    fmpz_t P;
    fmpz_init_set_ui(P, S->p);
    fmpz_pow_ui(P, P, steps);
    zlift_phase F = {S,
                     B,
                     Y,
                     pos,
                     d,
                     P,
                     cb,
                     steps,
                     ylim,
                     flint_malloc(FLINT_MAX(nblocks, 1) * sizeof(slong)),
                     _fmpz_vec_init(FLINT_MAX(nblocks, 1))};
    for (slong t = 0; t < nblocks; t++)
        fmpz_one(F.f + t);
    ct_pool_for(nblocks, FLINT_MAX(nthreads, 1), zlift_block, NULL, &F);
    int ok = zlift_finish(Y, den, &F, nblocks, maxbits);
    _fmpz_vec_clear(F.f, FLINT_MAX(nblocks, 1));
    fmpz_clear(P);
    flint_free(pos), flint_free(F.mbits);
    return ok;
}
