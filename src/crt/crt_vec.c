/* crt_vec: many values rebuilt a chunk of primes at a time.

   ct_crt_accept_vec folds each prime into every value at once: for np primes
   that is np^2/2 limb products per value (one mpn_mul_1 and one reduction of
   the growing value per prime), the whole cost of lambda on inputs with weights
   of 10^5 digits. Here the residues of a chunk of primes are kept, the chunk's
   values are rebuilt together (ct_crt_get: Garner or the product tree), and the
   chunk is folded into the value modulo the earlier chunks by one exact CRT step
   v + Mv ((u - v) Mv^-1 mod Mq). With one chunk (the usual case: few values)
   this is the quasi-linear product-tree reconstruction; the values, being
   determined modulo M, are the same. */
#include "crt_internal.h"

/* Below this many primes per chunk the plain incremental CRT is used. */
#define CRT_VEC_MIN_CHUNK 8

/* Primes a chunk may hold whatever the budget: with fewer, many values (lambda
   at n = 1600: 1.2 million over 2^22 words, 3 primes) fell to the incremental
   CRT, np^2/2 limb products and a reallocation per value and prime (45% of
   that run). 32 words of residues per value are about the values' own size
   once 32 primes are needed (58 bits each). */
#define CRT_VEC_FLOOR 32

void ct_crt_vec_init(ct_crt_vec_t V, slong len, slong budget, const ct_crt_t C)
{
    slong want = ct_crt_remaining(C);
    slong fit = FLINT_MAX(budget / FLINT_MAX(len, 1), CRT_VEC_FLOOR);
    V->len = len;
    V->chunk = FLINT_MIN(want, fit);
    if (V->chunk < CRT_VEC_MIN_CHUNK)
        V->chunk = 1;
    V->k = 0;
    V->res =
        V->chunk > 1 ? flint_malloc(FLINT_MAX(len * V->chunk, 1) * sizeof(ulong)) : NULL;
    V->v = _fmpz_vec_init(FLINT_MAX(len, 1));
    fmpz_init_set_ui(V->Mv, 1);
}

void ct_crt_vec_clear(ct_crt_vec_t V)
{
    flint_free(V->res);
    _fmpz_vec_clear(V->v, FLINT_MAX(V->len, 1));
    fmpz_clear(V->Mv);
}

/* The chunk's values (primes C->p[np - k .. np - 1]) folded into V->v. */
static void crt_vec_fold(ct_crt_vec_t V, const ct_crt_t C)
{
    slong k = V->k;
    if (k == 0)
        return;
    ct_crt_t Q;
    ct_crt_init(Q, C->start, 0);
    for (slong j = 0; j < k; j++) {
        Q->cand = C->p[C->np - k + j];
        ct_crt_accept(Q);
    }
    ct_crt_prepare(Q);
    const fmpz *MQ = ct_crt_modulus(Q);
    fmpz_t u, inv, t;
    fmpz_init(u), fmpz_init(inv), fmpz_init(t);
    int first = fmpz_is_one(V->Mv);
    if (!first)
        fmpz_invmod(inv, V->Mv, MQ); /* coprime: distinct primes */
    for (slong i = 0; i < V->len; i++) {
        ct_crt_get(u, V->res + i * V->chunk, 0, Q);
        if (first) {
            fmpz_swap(V->v + i, u);
            continue;
        }
        fmpz_sub(t, u, V->v + i);
        fmpz_mod(t, t, MQ);
        fmpz_mul(t, t, inv);
        fmpz_mod(t, t, MQ);
        fmpz_addmul(V->v + i, V->Mv, t);
    }
    fmpz_mul(V->Mv, V->Mv, MQ);
    V->k = 0;
    fmpz_clear(u), fmpz_clear(inv), fmpz_clear(t);
    ct_crt_clear(Q);
}

void ct_crt_vec_accept(const ulong *res, ct_crt_vec_t V, ct_crt_t C)
{
    if (V->chunk == 1) {
        ct_crt_accept_vec(V->v, res, V->len, C);
        return;
    }
    for (slong i = 0; i < V->len; i++)
        V->res[i * V->chunk + V->k] = res[i];
    V->k++;
    ct_crt_accept(C);
    if (V->k == V->chunk)
        crt_vec_fold(V, C);
}

void ct_crt_vec_finish(fmpz *out, ct_crt_vec_t V, ct_crt_t C)
{
    if (V->chunk > 1) {
        fmpz_t half;
        fmpz_init(half);
        crt_vec_fold(V, C);
        fmpz_fdiv_q_2exp(half, V->Mv, 1);
        for (slong i = 0; i < V->len; i++)
            if (fmpz_cmp(V->v + i, half) > 0) /* Mv odd: (-Mv/2, Mv/2] */
                fmpz_sub(V->v + i, V->v + i, V->Mv);
        fmpz_clear(half);
    }
    for (slong i = 0; i < V->len; i++)
        fmpz_swap(out + i, V->v + i);
}
