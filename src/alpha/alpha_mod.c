/* alpha_mod: adj(D - alpha W) v_g for every group g of a component, exactly,
   modulo word-size primes and by CRT (docs/alpha.md).

   Per prime p (not dividing a degree): T = D^{-1} W, c_k the coefficients of
   det(I - alpha T) = sum_k c_k alpha^k (the characteristic polynomial of T,
   alpha_charpoly.c), and with b = D^{-1} v,
   adj(I - alpha T) b = sum_{j<n} alpha^j w_j, w_0 = b, w_j = T w_{j-1} + c_j b
   (w_n = 0 by Cayley-Hamilton: checked). Then
   adj(D - alpha W) v = det(D) adj(I - alpha T) b. T is applied sparsely (the
   graphs are sparse), to a block of right-hand sides at once.

   Bound: for |alpha| = 1, entry i of adj(A) v (A = D - alpha W) is the
   determinant of A with column i replaced by v (Cramer), at most
   ||v||_2 prod_c ||A_c||_2 by Hadamard, with ||A_c||_2^2 = d_c^2 + sum_j w_jc^2
   (>= 1). By Cauchy's estimate every coefficient of a polynomial is at most its
   maximum modulus on the unit circle. So B^2 = sum_j q_j^2 prod_c ||A_c||^2
   bounds the square of every coefficient, and primes are added until their
   product exceeds 2 B (signed CRT). */
#include <stdio.h>
#include "certune/crt.h"
#include "certune/pool.h"
#include "alpha_internal.h"

/* Bits of B (every |coefficient| < 2^bits). */
static slong alpha_bound_bits(const ct_alpha_comp *C)
{
    fmpz_t b2, row;
    fmpz_init(b2);
    fmpz_init(row);
    for (slong j = 0; j < C->m; j++)
        fmpz_addmul(b2, C->q + j, C->q + j);
    for (slong i = 0; i < C->size; i++) {
        fmpz_mul(row, C->deg + i, C->deg + i);
        for (slong t = C->rowstart[i]; t < C->rowstart[i + 1]; t++)
            fmpz_addmul(row, C->w + t, C->w + t);
        fmpz_mul(b2, b2, row);
    }
    slong bits = (fmpz_bits(b2) + 1) / 2;
    fmpz_clear(b2);
    fmpz_clear(row);
    return bits;
}

/* One prime's data: T = D^{-1} W (sparse, values aligned with C->col), c_k,
   det(D), and D^{-1} q_j for the labeled nodes. */
typedef struct {
    nmod_t mod;
    ulong *t, *c, *bq, detd;
} alpha_prime;

/* The inputs deg, w, q registered in that order (ids 0, 1, 2) with a table
   reducing their huge entries modulo many primes at once (ct_crt_mm). */
static void alpha_prime_init(alpha_prime *P, const ct_alpha_comp *C, ulong p,
                             const ct_crt_mm_t T)
{
    slong n = C->size;
    nmod_init(&P->mod, p);
    P->t = flint_malloc(FLINT_MAX(C->rowstart[n], 1) * sizeof(ulong));
    P->c = flint_malloc((n + 1) * sizeof(ulong));
    P->bq = flint_malloc(FLINT_MAX(C->m, 1) * sizeof(ulong));
    P->detd = 1;
    for (slong i = 0; i < n; i++) {
        ulong d = ct_crt_mm_ui(T, 0, i), dinv = n_invmod(d, p);
        P->detd = nmod_mul(P->detd, d, P->mod);
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++)
            P->t[e] = nmod_mul(ct_crt_mm_ui(T, 1, e), dinv, P->mod);
    }
    ct_alpha_charpoly(P->c, C, P->t, P->mod);
    for (slong j = 0; j < C->m; j++)
        P->bq[j] = nmod_mul(ct_crt_mm_ui(T, 2, j),
                            n_invmod(ct_crt_mm_ui(T, 0, C->lab[j]), p), P->mod);
}

static void alpha_prime_clear(alpha_prime *P)
{
    flint_free(P->t), flint_free(P->c), flint_free(P->bq);
}

/* Primes below 2^pb, none dividing a degree, whose product exceeds 2^(bits+1)
   (ct_crt_prepare'd), and their data *pd (np entries); pb keeps a row's sum of
   products below 2^127 (two-limb accumulation). */
static void alpha_primes(ct_crt_t R, alpha_prime **pd, const ct_alpha_comp *C, slong bits)
{
    slong maxrow = 1, alloc = 0;
    for (slong i = 0; i < C->size; i++)
        maxrow = FLINT_MAX(maxrow, C->rowstart[i + 1] - C->rowstart[i]);
    slong pb = FLINT_MIN(62, (127 - (slong)FLINT_BIT_COUNT(maxrow)) / 2);
    ulong p;
    ct_crt_mm_t T;
    ct_crt_mm_init(T, WORD(1) << 22);
    ct_crt_mm_add(T, C->deg, C->size);
    ct_crt_mm_add(T, C->w, C->rowstart[C->size]);
    ct_crt_mm_add(T, C->q, C->m);
    *pd = NULL;
    ct_crt_init(R, pb - 1, bits + 1);
    while (ct_crt_next(&p, R)) {
        slong i = 0;
        ct_crt_mm_at(T, R);
        while (i < C->size && ct_crt_mm_ui(T, 0, i) != 0)
            i++;
        if (i < C->size) /* D is not invertible mod p */
            continue;
        if (R->np == alloc)
            *pd = flint_realloc(*pd, (alloc = 2 * alloc + 8) * sizeof(alpha_prime));
        alpha_prime_init(*pd + R->np, C, p, T);
        ct_crt_accept(R);
    }
    ct_crt_mm_clear(T);
    ct_crt_prepare(R);
}

/* y = T x for a block of NB right-hand sides (row-major, n x NB). Inlined
   with NB a constant (1 to 4) the two-limb accumulators live in registers:
   with a run-time width they went through memory at every product, half the
   time of alpha at n = 400. */
static inline void alpha_step_rows(ulong *y, const ulong *x, const ct_alpha_comp *C,
                                   const alpha_prime *P, const slong NB)
{
    for (slong i = 0; i < C->size; i++) {
        ulong hi[NB], lo[NB];
        for (slong r = 0; r < NB; r++)
            hi[r] = lo[r] = 0;
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++) {
            const ulong v = P->t[e], *xr = x + C->col[e] * NB;
            for (slong r = 0; r < NB; r++) {
                ulong ph, pl;
                umul_ppmm(ph, pl, v, xr[r]);
                add_ssaaaa(hi[r], lo[r], hi[r], lo[r], ph, pl);
            }
        }
        for (slong r = 0; r < NB; r++)
            NMOD2_RED2(y[i * NB + r], hi[r], lo[r], P->mod);
    }
}

/* y = T x + cj b for a block of nb right-hand sides (row-major, n x nb); the
   right-hand sides are groups g0 .. g0 + nb - 1. Two-limb accumulators. */
static void alpha_step(ulong *y, const ulong *x, const ct_alpha_comp *C,
                       const alpha_prime *P, ulong cj, slong g0, slong nb)
{
    if (nb == 1)
        alpha_step_rows(y, x, C, P, 1);
    else if (nb == 2)
        alpha_step_rows(y, x, C, P, 2);
    else if (nb == 3)
        alpha_step_rows(y, x, C, P, 3);
    else if (nb == 4)
        alpha_step_rows(y, x, C, P, 4);
    else
        alpha_step_rows(y, x, C, P, nb);
    for (slong j = 0; cj != 0 && j < C->m; j++) {
        slong g = C->grp[j] - g0;
        if (g >= 0 && g < nb) {
            ulong *e = y + C->lab[j] * nb + g;
            *e = nmod_add(*e, nmod_mul(cj, P->bq[j], P->mod), P->mod);
        }
    }
}

/* The Krylov vectors of all primes advance in lockstep (x[pi] is prime pi's
   n x nb block), so that the residues of one coefficient, stored together
   at res[(((g - g0) nsc + t) size + e) np + pi] for the CRT, are written as
   one contiguous run per step instead of one scattered word per prime. det(D)
   is folded into b: the recurrence is linear in b. */
static void alpha_batch_mod_primes(ulong *res, const ct_alpha_comp *C,
                                   const alpha_prime *pd, slong np, slong i0, slong k,
                                   const slong *rows, slong nsc, slong g0, slong nb)
{
    slong n = C->size, blk = n * nb;
    ulong *x = flint_calloc(k * blk, sizeof(ulong)),
          *y = flint_malloc(k * blk * sizeof(ulong));
    ulong *swap;
    alpha_prime *pb = flint_malloc(k * sizeof(alpha_prime));
    pd += i0;
    for (slong i = 0; i < k; i++) { /* b = det(D) D^{-1} v */
        pb[i] = pd[i];
        pb[i].bq = flint_malloc(FLINT_MAX(C->m, 1) * sizeof(ulong));
        for (slong j = 0; j < C->m; j++)
            pb[i].bq[j] = nmod_mul(pd[i].bq[j], pd[i].detd, pd[i].mod);
        for (slong j = 0; j < C->m; j++) /* w_0 = b */
            if (C->grp[j] >= g0 && C->grp[j] < g0 + nb)
                x[i * blk + C->lab[j] * nb + C->grp[j] - g0] = pb[i].bq[j];
    }
    for (slong e = 0; e < n; e++) { /* x = w_e */
        for (slong t = 0; t < nsc; t++)
            for (slong g = 0; g < nb; g++) {
                ulong *dst = res + ((g * nsc + t) * n + e) * np + i0;
                const ulong *src = x + rows[t] * nb + g;
                for (slong i = 0; i < k; i++)
                    dst[i] = src[i * blk];
            }
        for (slong i = 0; i < k; i++)
            alpha_step(y + i * blk, x + i * blk, C, pb + i, pb[i].c[e + 1], g0, nb);
        swap = x, x = y, y = swap;
    }
    for (slong i = 0; i < k * blk; i++)
        if (x[i] != 0) { /* w_n = 0 by Cayley-Hamilton: else a bug */
            fprintf(stderr,
                    "ct_alpha_adj_groups: Cayley-Hamilton check failed (a bug)\n");
            flint_abort();
        }
    for (slong i = 0; i < k; i++)
        flint_free(pb[i].bq);
    flint_free(pb), flint_free(x), flint_free(y);
}

static void alpha_batch_mod(ulong *res, const ct_alpha_comp *C, const alpha_prime *pd,
                            slong np, const slong *rows, slong nsc, slong g0, slong nb)
{
    alpha_batch_mod_primes(res, C, pd, np, 0, np, rows, nsc, g0, nb);
}

/* Right-hand sides per batch: the residues of a batch stay below 2^21 words (16 MB). */
static slong alpha_batch_size(const ct_alpha_comp *C, slong nsc, slong np)
{
    slong per = FLINT_MAX(nsc * C->size * np, 1);
    return FLINT_MAX(1, FLINT_MIN(C->ng, (WORD(1) << 21) / per));
}

/* One group batch shared by the threads of ct_alpha_adj_groups: the Krylov
   products split by primes (each thread writes its primes' words of res), then
   the CRT split by values into limbs (each thread its own scratch), a part of
   at most ALPHA_CRT_PART values at a time. Plain words only: the fmpz are made
   by the calling thread. */
#define ALPHA_CRT_PART (WORD(1) << 14) /* 4 MB of limbs at 32 primes */

typedef struct {
    ulong *res, *limbs;
    char *neg;
    const ct_alpha_comp *C;
    const alpha_prime *pd;
    const ct_crt_struct *R;
    const slong *rows;
    slong np, nsc, g0, nb, nparts;
    slong v0, nval; /* the CRT part: values v0 .. v0 + nval - 1 of res */
} alpha_par;

static void alpha_par_mod(void *arg, slong t)
{
    alpha_par *A = arg;
    slong i0 = t * A->np / A->nparts, i1 = (t + 1) * A->np / A->nparts;
    if (i1 > i0)
        alpha_batch_mod_primes(A->res, A->C, A->pd, A->np, i0, i1 - i0, A->rows, A->nsc,
                               A->g0, A->nb);
}

static void alpha_par_crt(void *arg, slong t)
{
    alpha_par *A = arg;
    slong np = A->np, u0 = t * A->nval / A->nparts, u1 = (t + 1) * A->nval / A->nparts;
    ulong *a = flint_malloc(np * sizeof(ulong));
    for (slong u = u0; u < u1; u++)
        A->neg[u] = (char)ct_crt_get_limbs(A->limbs + u * (np + 1), a,
                                           A->res + (A->v0 + u) * np, 1, A->R);
    flint_free(a);
}

/* The group batch's nval values on nth threads, into P. */
static void alpha_batch_threads(fmpz *P, alpha_par *A, slong nth, slong nval)
{
    A->nparts = nth;
    ct_pool_for(nth, nth, alpha_par_mod, NULL, A);
    for (A->v0 = 0; A->v0 < nval; A->v0 += ALPHA_CRT_PART) {
        A->nval = FLINT_MIN(ALPHA_CRT_PART, nval - A->v0);
        ct_pool_for(nth, nth, alpha_par_crt, NULL, A);
        for (slong u = 0; u < A->nval; u++) {
            fmpz *out = P + A->v0 + u;
            fmpz_set_ui_array(out, A->limbs + u * (A->np + 1), A->np + 1);
            if (A->neg[u])
                fmpz_neg(out, out);
        }
    }
}

void ct_alpha_adj_groups(fmpz *P, const ct_alpha_comp *C, const slong *rows, slong nsc)
{
    ct_crt_t R;
    alpha_prime *pd;
    alpha_primes(R, &pd, C, alpha_bound_bits(C));
    slong np = R->np, n = C->size;
    slong nb = alpha_batch_size(C, nsc, np);
    ulong *res = flint_malloc(FLINT_MAX(nb * nsc * n * np, 1) * sizeof(ulong));
    /* spare threads (a set of one large instance): the same words, split */
    slong nth = R->comb == NULL ? FLINT_MIN(ct_pool_inner_threads(), np) : 1;
    alpha_par A = {res, NULL, NULL, C, pd, R, rows, np, nsc, 0, 0, 1, 0, 0};
    if (nth > 1) {
        A.limbs = flint_malloc(ALPHA_CRT_PART * (np + 1) * sizeof(ulong));
        A.neg = flint_malloc(ALPHA_CRT_PART);
    }
    for (slong g0 = 0; g0 < C->ng; g0 += nb) {
        slong b = FLINT_MIN(nb, C->ng - g0);
        if (nth > 1) {
            A.g0 = g0, A.nb = b;
            alpha_batch_threads(P + g0 * nsc * n, &A, nth, b * nsc * n);
            continue;
        }
        alpha_batch_mod(res, C, pd, np, rows, nsc, g0, b);
        for (slong idx = 0; idx < b * nsc * n; idx++)
            ct_crt_get(P + g0 * nsc * n + idx, res + idx * np, 1, R);
    }
    flint_free(A.limbs), flint_free(A.neg);
    ct_crt_clear(R);
    for (slong i = 0; i < np; i++)
        alpha_prime_clear(pd + i);
    flint_free(pd), flint_free(res);
}

slong ct_alpha_coeff_bits(const ct_alpha_comp *C)
{
    return alpha_bound_bits(C) + 1;
}
