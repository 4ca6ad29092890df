/* ct_alpha_crt: signed Chinese remaindering of many residue vectors over one set
   of word-size primes, by Garner's mixed-radix algorithm on limb arrays.

   The alpha family reconstructs millions of coefficients over a handful of
   primes; FLINT's fmpz_comb spends most of its time in the general signed
   reduction, while Garner needs np^2/2 word products (one dot product with
   precomputed c_ij = p_0 ... p_{j-1} mod p_i and one reduction per prime) and
   np limb multiply-adds per value. */
#include <flint/nmod_vec.h>
#include "alpha_internal.h"

/* primes: increasing. */
void ct_alpha_crt_init(ct_alpha_crt_struct *R, const ulong *primes, slong np)
{
    R->np = np;
    R->p = primes;
    R->mod = flint_malloc(FLINT_MAX(np, 1) * sizeof(nmod_t));
    R->inv = flint_malloc(FLINT_MAX(np, 1) * sizeof(ulong));
    R->a = flint_malloc(FLINT_MAX(np, 1) * sizeof(ulong));
    R->c = flint_malloc(FLINT_MAX(np * np, 1) * sizeof(ulong));
    R->M = flint_calloc(3 * (np + 1), sizeof(ulong));
    R->half = R->M + np + 1;
    R->x = R->half + np + 1;
    R->M[0] = 1;
    for (slong i = 0; i < np; i++) {
        ulong prod = 1; /* c_ij = p_0 ... p_{j-1} mod p_i, then its inverse for j = i */
        nmod_init(R->mod + i, primes[i]);
        for (slong j = 0; j < i; j++) {
            R->c[i * np + j] = prod;
            prod = nmod_mul(prod, primes[j], R->mod[i]);
        }
        R->inv[i] = n_invmod(prod, primes[i]);
        mpn_mul_1(R->M, R->M, np + 1, primes[i]);
    }
    mpn_rshift(R->half, R->M, np + 1, 1);
}

void ct_alpha_crt_clear(ct_alpha_crt_struct *R)
{
    flint_free(R->mod), flint_free(R->inv), flint_free(R->a), flint_free(R->M);
    flint_free(R->c);
}

/* out = the unique integer of absolute value < M/2 with out = res[i] mod p_i. */
void ct_alpha_crt(fmpz_t out, const ulong *res, ct_alpha_crt_struct *R)
{
    slong np = R->np, i, j;
    for (i = 0; i < np && res[i] == 0; i++)
        ;
    if (i == np) {
        fmpz_zero(out);
        return;
    }
    for (i = 0; i < np; i++) { /* value = sum_i a_i p_0 ... p_{i-1} */
        const ulong *c = R->c + i * np;
        ulong s2 = 0, s1 = 0, s0 = 0, v; /* sum_j a_j c_ij in three limbs */
        for (j = 0; j < i; j++) {
            ulong ph, pl;
            umul_ppmm(ph, pl, R->a[j], c[j]);
            add_sssaaaaaa(s2, s1, s0, s2, s1, s0, 0, ph, pl);
        }
        NMOD_RED3(v, s2, s1, s0, R->mod[i]);
        R->a[i] = nmod_mul(nmod_sub(res[i], v, R->mod[i]), R->inv[i], R->mod[i]);
    }
    slong len = 1; /* Horner on the limbs in use only */
    R->x[0] = R->a[np - 1];
    for (i = np - 2; i >= 0; i--) {
        R->x[len] = mpn_mul_1(R->x, R->x, len, R->p[i]);
        len += R->x[len] != 0;
        ulong cy = mpn_add_1(R->x, R->x, len, R->a[i]);
        if (cy)
            R->x[len++] = cy;
    }
    flint_mpn_zero(R->x + len, np + 1 - len);
    int neg = mpn_cmp(R->x, R->half, np + 1) > 0;
    if (neg)
        mpn_sub_n(R->x, R->M, R->x, np + 1);
    fmpz_set_ui_array(out, R->x, np + 1);
    if (neg)
        fmpz_neg(out, out);
}
