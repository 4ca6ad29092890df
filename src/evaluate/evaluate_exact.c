/* evaluate_exact: the rows the certified floating solve left, exactly.

   Y = the rows asked of d A^{-1} E (d > 0, zadj.h): by the pencil over Z[t]
   when the component is small and the varying quantity huge (lambda at
   x = 1e99999: each multimodular solve of its 16 nodes needed tens of
   thousands of primes), by p-adic lifting on large components (with the
   bound on A^{-1} the floating solve proved), else multimodular, with
   Hadamard's bound. FLINT's dense fmpq_mat_solve used before was O(n^3)
   per prime: minutes at n = 1500. Each pair's sign is then that of an
   exponential sum at the point, decided exactly (ct_expsum_sign_fmpq). */
#include "certune/expsum.h"
#include "certune/zadj.h"
#include "evaluate_internal.h"

/* Components of at least this many nodes try lifting first (delta's
   threshold, docs/delta.md: where lifting starts to win). */
#define EXACT_LIFT_MIN 100

/* sign(F[u][k] - F[u][l]) from the row z (integers, a positive multiple of
   Z[u][.]); e is the exponent of the bases. */
static int exact_pair_sign(const fmpz *z, const _ct_evaluate_comp *K, slong k, slong l,
                           const fmpq_t e, fmpz *coef, fmpz *bases)
{
    /* First a ball: a sign it proves is the sign; else the exact decision. */
    arb_t sum, term;
    arb_init(sum);
    arb_init(term);
    slong n = 0;
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == k || K->gclass[g] == l) {
            arb_mul_fmpz(term, K->gpow + g, z + g, CT_EVALUATE_PREC);
            if (K->gclass[g] == k)
                arb_add(sum, sum, term, CT_EVALUATE_PREC);
            else
                arb_sub(sum, sum, term, CT_EVALUATE_PREC);
            if (K->gclass[g] == k)
                fmpz_set(coef + n, z + g);
            else
                fmpz_neg(coef + n, z + g);
            fmpz_set(bases + n++, K->gbase + g);
        }
    int sg = arb_is_positive(sum) ? 1 : arb_is_negative(sum) ? -1 : 0;
    arb_clear(sum);
    arb_clear(term);
    if (sg != 0 || n == 0)
        return sg;
    ct_expsum_t h;
    ct_expsum_init(h);
    ct_expsum_set_terms(h, coef, bases, n);
    sg = ct_expsum_sign_fmpq(h, e);
    ct_expsum_clear(h);
    return sg;
}

/* Bits of m prod_k (floor(sqrt(sum_i A_ik^2)) + 1): every entry of adj(A) E
   is a sum of at most m cofactors, each at most the product of the other
   columns' norms (Hadamard), every norm at least 1. */
static slong exact_bound_bits(const _ct_evaluate_comp *K)
{
    fmpz_t sq, prod;
    fmpz_init(sq);
    fmpz_init_set_ui(prod, 1);
    slong m = 0;
    for (slong i = 0; i < K->s; i++) { /* A is symmetric: rows are columns */
        fmpz_zero(sq);
        for (slong q = K->rowstart[i]; q < K->rowstart[i + 1]; q++)
            fmpz_addmul(sq, K->val + q, K->val + q);
        fmpz_sqrt(sq, sq);
        fmpz_add_ui(sq, sq, 1);
        fmpz_mul(prod, prod, sq);
        m += K->group[i] >= 0;
    }
    fmpz_mul_ui(prod, prod, (ulong)FLINT_MAX(m, 1));
    slong bits = fmpz_bits(prod);
    fmpz_clear(sq);
    fmpz_clear(prod);
    return bits;
}

/* A bound |A^{-1}_ij| <= 2^bits without the floating solve: 0 when every
   row's margin A_ii - sum_j |A_ij| is positive (an integer >= 1: Varah's
   ||A^{-1}||_inf <= 1 / min margin), else the bits of Hadamard's bound on
   adj(A) (det A >= 1). */
static slong exact_inv_bits(const _ct_evaluate_comp *K)
{
    fmpz_t margin;
    fmpz_init(margin);
    int dominant = 1;
    for (slong i = 0; dominant && i < K->s; i++) { /* the row sum: A_ij <= 0 off it */
        fmpz_zero(margin);
        for (slong q = K->rowstart[i]; q < K->rowstart[i + 1]; q++)
            fmpz_add(margin, margin, K->val + q);
        dominant = fmpz_sgn(margin) > 0;
    }
    fmpz_clear(margin);
    return dominant ? 0 : exact_bound_bits(K);
}

/* The dense matrix of the CSR values val. */
static void exact_dense(fmpz_mat_t A, const _ct_evaluate_comp *K, const fmpz *val)
{
    for (slong i = 0; i < K->s; i++)
        for (slong q = K->rowstart[i]; q < K->rowstart[i + 1]; q++)
            fmpz_set(fmpz_mat_entry(A, i, K->col[q]), val + q);
}

/* Y = the rows und of d A^{-1} E, d > 0. */
static void exact_rows(fmpz_mat_t Y, const _ct_evaluate_comp *K, const slong *und,
                       slong nu, slong inv_bits)
{
    slong n = K->s, m = 0;
    slong *lab = flint_malloc(n * sizeof(slong)), *grp = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++)
        if (K->group[i] >= 0)
            lab[m] = i, grp[m++] = K->group[i];
    int done = 0;
    if (K->val0 != NULL && ct_zadj_pencil_pays(n, K->pa, K->pb)) {
        fmpz_mat_t A0, A1;
        fmpz_mat_init(A0, n, n), fmpz_mat_init(A1, n, n);
        exact_dense(A0, K, K->val0), exact_dense(A1, K, K->val1);
        done = ct_zadj_pencil_rows(Y, A0, A1, K->pa, K->pb, lab, grp, m, K->ngroups, und,
                                   nu);
        fmpz_mat_clear(A0), fmpz_mat_clear(A1);
    }
    if (!done) {
        fmpz_mat_t A;
        fmpz_mat_init(A, n, n);
        exact_dense(A, K, K->val);
        if (inv_bits < 0)
            inv_bits = exact_inv_bits(K);
        ct_zadj_rows(Y, A, lab, grp, m, K->ngroups, und, nu, exact_bound_bits(K),
                     inv_bits, EXACT_LIFT_MIN);
        fmpz_mat_clear(A);
    }
    flint_free(lab), flint_free(grp);
}

void _ct_evaluate_exact_signs(int *sgn, const _ct_evaluate_comp *K, slong c,
                              const fmpq_t e, const slong *und, slong nu, slong inv_bits)
{
    slong ng = FLINT_MAX(K->ngroups, 1), npairs = c * (c - 1) / 2;
    fmpz_mat_t Y;
    fmpz_mat_init(Y, nu, K->ngroups);
    exact_rows(Y, K, und, nu, inv_bits);
    fmpz *coef = _fmpz_vec_init(ng), *bases = _fmpz_vec_init(ng);
    for (slong r = 0; r < nu; r++) {
        int *s = sgn + K->idx[und[r]] * npairs;
        for (slong k = 0; k < c; k++)
            for (slong l = k + 1; l < c; l++)
                s[ct_signfn_pair(k, l, c)] =
                    exact_pair_sign(Y->rows[r], K, k, l, e, coef, bases);
    }
    _fmpz_vec_clear(coef, ng), _fmpz_vec_clear(bases, ng);
    fmpz_mat_clear(Y);
}
