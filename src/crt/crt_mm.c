/* crt_mm: huge integers modulo many primes at once.

   Reducing an integer of L limbs modulo np primes one at a time costs L np
   limb divisions (mpn_mod_1): for the weights of 10^5 digits, whose scaled
   Laplacian entries have 10^4 limbs and need some 10^4 primes, that was a third
   of lambda's time. FLINT's remainder tree (fmpz_comb, fmpz_multi_mod_ui)
   reduces one integer modulo all the primes of a run in quasi-linear time. The
   run is the candidates ct_crt_next will return next, as many as could still be
   needed if all are accepted; a rejected candidate only leaves its column
   unused, and a candidate past the run starts a new one. */
#include "crt_internal.h"

void ct_crt_mm_init(ct_crt_mm_t T, slong budget)
{
    T->narr = T->nbig = T->k = 0;
    T->budget = budget;
    T->arr = NULL;
    T->len = NULL;
    T->pos = NULL;
    T->p = T->res = NULL;
    T->at = -1;
}

void ct_crt_mm_clear(ct_crt_mm_t T)
{
    for (slong a = 0; a < T->narr; a++)
        flint_free(T->pos[a]);
    flint_free(T->arr), flint_free(T->len), flint_free(T->pos);
    flint_free(T->p), flint_free(T->res);
}

slong ct_crt_mm_add(ct_crt_mm_t T, const fmpz *x, slong len)
{
    slong a = T->narr++;
    T->arr = flint_realloc(T->arr, T->narr * sizeof(const fmpz *));
    T->len = flint_realloc(T->len, T->narr * sizeof(slong));
    T->pos = flint_realloc(T->pos, T->narr * sizeof(slong *));
    T->arr[a] = x;
    T->len[a] = len;
    T->pos[a] = flint_malloc(FLINT_MAX(len, 1) * sizeof(slong));
    for (slong i = 0; i < len; i++)
        T->pos[a][i] = fmpz_size(x + i) > CT_CRT_MM_LIMBS ? T->nbig++ : -1;
    return a;
}

/* The table for the run of k candidates from p0 (p0 included). */
static void crt_mm_fill(ct_crt_mm_t T, ulong p0, slong k)
{
    T->k = k;
    T->p = flint_realloc(T->p, k * sizeof(ulong));
    T->p[0] = p0;
    for (slong j = 1; j < k; j++)
        T->p[j] = n_nextprime(T->p[j - 1], 1);
    flint_free(T->res);
    T->res = flint_malloc(FLINT_MAX(T->nbig * k, 1) * sizeof(ulong));
    if (T->nbig == 0)
        return;
    fmpz_comb_t comb;
    fmpz_comb_temp_t temp;
    fmpz_comb_init(comb, T->p, k);
    fmpz_comb_temp_init(temp, comb);
    for (slong a = 0; a < T->narr; a++)
        for (slong i = 0; i < T->len[a]; i++)
            if (T->pos[a][i] >= 0)
                fmpz_multi_mod_ui(T->res + T->pos[a][i] * k, T->arr[a] + i, comb, temp);
    fmpz_comb_temp_clear(temp);
    fmpz_comb_clear(comb);
}

void ct_crt_mm_at(ct_crt_mm_t T, const ct_crt_t C)
{
    ulong p = C->cand;
    slong lo = 0, hi = T->k - 1;
    while (lo <= hi) { /* the run is increasing */
        slong mid = (lo + hi) / 2;
        if (T->p[mid] == p) {
            T->at = mid;
            return;
        }
        if (T->p[mid] < p)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    /* p is C's candidate, not yet accepted: remaining counts it */
    slong k = FLINT_MAX(ct_crt_remaining(C), 1);
    if (T->nbig == 0)
        k = 1;
    else
        k = FLINT_MAX(1, FLINT_MIN(k, T->budget / T->nbig));
    crt_mm_fill(T, p, k);
    T->at = 0;
}

ulong ct_crt_mm_ui(const ct_crt_mm_t T, slong id, slong i)
{
    slong r = T->pos[id][i];
    return r >= 0 ? T->res[r * T->k + T->at] : fmpz_fdiv_ui(T->arr[id] + i, T->p[T->at]);
}

void ct_crt_mm_mat(nmod_mat_t out, const ct_crt_mm_t T, slong id)
{
    for (slong i = 0; i < out->r; i++)
        for (slong j = 0; j < out->c; j++)
            nmod_mat_entry(out, i, j) = ct_crt_mm_ui(T, id, i * out->c + j);
}
