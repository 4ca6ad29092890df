/* crt: the prime sequence under a proved bound, and Chinese remaindering.

   Garner's mixed-radix form: value = sum_i a_i p_0 ... p_{i-1}, with a_i found
   modulo p_i from one dot product with the precomputed c_ij = p_0 ... p_{j-1}
   mod p_i (np^2/2 word products) and np limb multiply-adds per value; for the
   millions of coefficients of the alpha family this is several times faster
   than FLINT's fmpz_comb, whose general signed reduction dominates. */
#include "certune/crt.h"

void ct_crt_init(ct_crt_t C, slong start_bits, slong bits)
{
    C->bits = bits;
    C->cand = UWORD(1) << start_bits;
    C->np = 0;
    C->alloc = 8;
    C->p = flint_malloc(C->alloc * sizeof(ulong));
    fmpz_init_set_ui(C->M, 1);
    C->mod = NULL;
    C->inv = C->c = C->a = C->ML = NULL;
}

void ct_crt_clear(ct_crt_t C)
{
    flint_free(C->p);
    fmpz_clear(C->M);
    flint_free(C->mod), flint_free(C->inv), flint_free(C->c), flint_free(C->a);
    flint_free(C->ML);
}

int ct_crt_next(ulong *p, ct_crt_t C)
{
    if ((slong)fmpz_bits(C->M) > C->bits)
        return 0;
    *p = C->cand = n_nextprime(C->cand, 1);
    return 1;
}

void ct_crt_accept(ct_crt_t C)
{
    if (C->np == C->alloc)
        C->p = flint_realloc(C->p, (C->alloc *= 2) * sizeof(ulong));
    C->p[C->np++] = C->cand;
    fmpz_mul_ui(C->M, C->M, C->cand);
}

void ct_crt_accept_vec(fmpz *v, const ulong *res, slong len, ct_crt_t C)
{
    for (slong i = 0; i < len; i++)
        fmpz_CRT_ui(v + i, v + i, C->M, res[i], C->cand, 1);
    ct_crt_accept(C);
}

void ct_crt_prepare(ct_crt_t C)
{
    slong np = C->np;
    flint_free(C->mod), flint_free(C->inv), flint_free(C->c), flint_free(C->a);
    flint_free(C->ML);
    C->mod = flint_malloc(FLINT_MAX(np, 1) * sizeof(nmod_t));
    C->inv = flint_malloc(FLINT_MAX(np, 1) * sizeof(ulong));
    C->a = flint_malloc(FLINT_MAX(np, 1) * sizeof(ulong));
    C->c = flint_malloc(FLINT_MAX(np * np, 1) * sizeof(ulong));
    C->ML = flint_calloc(3 * (np + 1), sizeof(ulong)); /* M, M/2, x in limbs */
    C->half = C->ML + np + 1;
    C->x = C->half + np + 1;
    C->ML[0] = 1;
    for (slong i = 0; i < np; i++) {
        ulong prod = 1; /* c_ij = p_0 ... p_{j-1} mod p_i, then its inverse for j = i */
        nmod_init(C->mod + i, C->p[i]);
        for (slong j = 0; j < i; j++) {
            C->c[i * np + j] = prod;
            prod = nmod_mul(prod, C->p[j], C->mod[i]);
        }
        C->inv[i] = n_invmod(prod, C->p[i]);
        mpn_mul_1(C->ML, C->ML, np + 1, C->p[i]);
    }
    mpn_rshift(C->half, C->ML, np + 1, 1);
}

/* The mixed-radix digits a_i of the residues. */
static void crt_digits(const ulong *res, ct_crt_t C)
{
    slong np = C->np;
    for (slong i = 0; i < np; i++) {
        const ulong *c = C->c + i * np;
        ulong s2 = 0, s1 = 0, s0 = 0, v; /* sum_j a_j c_ij in three limbs */
        for (slong j = 0; j < i; j++) {
            ulong ph, pl;
            umul_ppmm(ph, pl, C->a[j], c[j]);
            add_sssaaaaaa(s2, s1, s0, s2, s1, s0, 0, ph, pl);
        }
        NMOD_RED3(v, s2, s1, s0, C->mod[i]);
        C->a[i] = nmod_mul(nmod_sub(res[i], v, C->mod[i]), C->inv[i], C->mod[i]);
    }
}

void ct_crt_get(fmpz_t out, const ulong *res, int sign, ct_crt_t C)
{
    slong np = C->np, i;
    for (i = 0; i < np && res[i] == 0; i++)
        ;
    if (i == np) {
        fmpz_zero(out);
        return;
    }
    crt_digits(res, C);
    slong len = 1; /* Horner on the limbs in use only */
    C->x[0] = C->a[np - 1];
    for (i = np - 2; i >= 0; i--) {
        C->x[len] = mpn_mul_1(C->x, C->x, len, C->p[i]);
        len += C->x[len] != 0;
        ulong cy = mpn_add_1(C->x, C->x, len, C->a[i]);
        if (cy)
            C->x[len++] = cy;
    }
    flint_mpn_zero(C->x + len, np + 1 - len);
    int neg = sign && mpn_cmp(C->x, C->half, np + 1) > 0;
    if (neg)
        mpn_sub_n(C->x, C->ML, C->x, np + 1);
    fmpz_set_ui_array(out, C->x, np + 1);
    if (neg)
        fmpz_neg(out, out);
}
