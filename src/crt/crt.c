/* crt: the prime sequence under a proved bound, and Chinese remaindering.

   Garner's mixed-radix form: value = sum_i a_i p_0 ... p_{i-1}, with a_i found
   modulo p_i from one dot product with the precomputed c_ij = p_0 ... p_{j-1}
   mod p_i (np^2/2 word products) and np limb multiply-adds per value; for the
   millions of coefficients of the alpha family this is several times faster
   than FLINT's fmpz_comb, whose general signed reduction dominates, while the
   primes are few. Its tables grow as np^2 and its time per value as np^2, so
   above CT_CRT_GARNER_MAX primes the product tree of fmpz_comb is used.

   The stopping rule needs no product: with S = sum_i floor(log2 p_i), M >= 2^S,
   so S >= bits proves bits(M) > bits. M itself is formed only when asked for
   (ct_crt_modulus), by a product tree: a running product would cost np^2/2
   limb products, as much as the rest for weights of 10^5 digits. */
#include "crt_internal.h"

static void prod_rec(fmpz_t out, const ulong *p, slong n)
{
    if (n <= 16) {
        fmpz_one(out);
        for (slong i = 0; i < n; i++)
            fmpz_mul_ui(out, out, p[i]);
        return;
    }
    fmpz_t right;
    fmpz_init(right);
    prod_rec(out, p, n / 2);
    prod_rec(right, p + n / 2, n - n / 2);
    fmpz_mul(out, out, right);
    fmpz_clear(right);
}

void _ct_crt_prod(fmpz_t out, const ulong *p, slong n)
{
    prod_rec(out, p, n);
}

void ct_crt_init(ct_crt_t C, slong start_bits, slong bits)
{
    C->bits = bits;
    C->start = start_bits;
    C->cand = UWORD(1) << start_bits;
    C->np = C->Mnp = C->lbits = 0;
    C->alloc = 8;
    C->p = flint_malloc(C->alloc * sizeof(ulong));
    fmpz_init_set_ui(C->M, 1);
    C->mod = NULL;
    C->inv = C->c = C->a = C->ML = NULL;
    C->comb = NULL;
    C->comb_temp = NULL;
}

static void crt_tables_clear(ct_crt_t C)
{
    flint_free(C->mod), flint_free(C->inv), flint_free(C->c), flint_free(C->a);
    flint_free(C->ML);
    C->mod = NULL;
    C->inv = C->c = C->a = C->ML = NULL;
    if (C->comb != NULL) {
        fmpz_comb_temp_clear(C->comb_temp);
        fmpz_comb_clear(C->comb);
        flint_free(C->comb_temp), flint_free(C->comb);
        C->comb = NULL;
        C->comb_temp = NULL;
    }
}

void ct_crt_clear(ct_crt_t C)
{
    flint_free(C->p);
    fmpz_clear(C->M);
    crt_tables_clear(C);
}

int ct_crt_next(ulong *p, ct_crt_t C)
{
    if (C->lbits >= C->bits)
        return 0;
    *p = C->cand = n_nextprime(C->cand, 1);
    return 1;
}

slong ct_crt_remaining(const ct_crt_t C)
{
    if (C->lbits >= C->bits)
        return 0;
    return (C->bits - C->lbits + C->start - 1) / C->start; /* each adds >= start */
}

void ct_crt_accept(ct_crt_t C)
{
    if (C->np == C->alloc)
        C->p = flint_realloc(C->p, (C->alloc *= 2) * sizeof(ulong));
    C->p[C->np++] = C->cand;
    C->lbits += FLINT_BIT_COUNT(C->cand) - 1;
}

const fmpz *ct_crt_modulus(ct_crt_t C)
{
    if (C->Mnp < C->np) {
        fmpz_t rest;
        fmpz_init(rest);
        _ct_crt_prod(rest, C->p + C->Mnp, C->np - C->Mnp);
        fmpz_mul(C->M, C->M, rest);
        fmpz_clear(rest);
        C->Mnp = C->np;
    }
    return C->M;
}

/* fmpz_CRT_ui(v, v, M, r, p, 1) for every value, with what depends on M and p
   alone (M^-1 mod p, M p, p's inverse limb) computed once, not per value. */
void ct_crt_accept_vec(fmpz *v, const ulong *res, slong len, ct_crt_t C)
{
    const fmpz *M = ct_crt_modulus(C);
    ulong p = C->cand, c = n_invmod(fmpz_fdiv_ui(M, p), p), pinv = n_preinvert_limb(p);
    fmpz_t Mp;
    fmpz_init(Mp);
    fmpz_mul_ui(Mp, M, p);
    for (slong i = 0; i < len; i++)
        _fmpz_CRT_ui_precomp(v + i, v + i, M, res[i], p, pinv, Mp, c, 1);
    ct_crt_accept(C);
    fmpz_swap(C->M, Mp); /* kept current: the next call needs it */
    C->Mnp = C->np;
    fmpz_clear(Mp);
}

void ct_crt_prepare(ct_crt_t C)
{
    slong np = C->np;
    crt_tables_clear(C);
    if (np > CT_CRT_GARNER_MAX) {
        C->comb = flint_malloc(sizeof(fmpz_comb_struct));
        C->comb_temp = flint_malloc(sizeof(fmpz_comb_temp_struct));
        fmpz_comb_init(C->comb, C->p, np);
        fmpz_comb_temp_init(C->comb_temp, C->comb);
        return;
    }
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

/* The mixed-radix digits a[i] of the residues. */
static void crt_digits(ulong *a, const ulong *res, const ct_crt_struct *C)
{
    slong np = C->np;
    for (slong i = 0; i < np; i++) {
        const ulong *c = C->c + i * np;
        ulong s2 = 0, s1 = 0, s0 = 0, v; /* sum_j a_j c_ij in three limbs */
        for (slong j = 0; j < i; j++) {
            ulong ph, pl;
            umul_ppmm(ph, pl, a[j], c[j]);
            add_sssaaaaaa(s2, s1, s0, s2, s1, s0, 0, ph, pl);
        }
        NMOD_RED3(v, s2, s1, s0, C->mod[i]);
        a[i] = nmod_mul(nmod_sub(res[i], v, C->mod[i]), C->inv[i], C->mod[i]);
    }
}

int ct_crt_get_limbs(ulong *x, ulong *a, const ulong *res, int sign, const ct_crt_t C)
{
    slong np = C->np, i;
    for (i = 0; i < np && res[i] == 0; i++)
        ;
    if (i == np) {
        flint_mpn_zero(x, np + 1);
        return 0;
    }
    crt_digits(a, res, C);
    /* Horner, x = x p_i + a_i on the limbs in use only, fused in one pass
       (a GMP call per step cost more than its few limbs of work: np is
       10 to 40 here). x_k p_i + carry < 2^128, so each limb step is exact. */
    slong len = 1;
    x[0] = a[np - 1];
    for (i = np - 2; i >= 0; i--) {
        ulong carry = a[i], p = C->p[i];
        for (slong k = 0; k < len; k++) {
            ulong hi, lo;
            umul_ppmm(hi, lo, x[k], p);
            add_ssaaaa(hi, lo, hi, lo, UWORD(0), carry);
            x[k] = lo;
            carry = hi;
        }
        if (carry != 0)
            x[len++] = carry;
    }
    flint_mpn_zero(x + len, np + 1 - len);
    int neg = sign && mpn_cmp(x, C->half, np + 1) > 0;
    if (neg)
        mpn_sub_n(x, C->ML, x, np + 1);
    return neg;
}

void ct_crt_get(fmpz_t out, const ulong *res, int sign, ct_crt_t C)
{
    if (C->comb != NULL) {
        fmpz_multi_CRT_ui(out, res, C->comb, C->comb_temp, sign);
        return;
    }
    int neg = ct_crt_get_limbs(C->x, C->a, res, sign, C);
    fmpz_set_ui_array(out, C->x, C->np + 1);
    if (neg)
        fmpz_neg(out, out);
}
