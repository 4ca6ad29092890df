/* zlift: the driver (the header states the method and its proof): the
   applicability checks and the denominator guess; the columns and the proof
   are in zlift_cols.c. */
#include <flint/fmpq.h>
#include "certune/blas.h"
#include "certune/zlift.h"
#include "zlift_internal.h"

/* Bits of prod_i (floor(sqrt(sum_j A_ij^2)) + 1) >= |det A| (Hadamard). */
static slong zlift_det_bits(const fmpz_mat_t A)
{
    fmpz_t sq, prod;
    fmpz_init(sq);
    fmpz_init_set_ui(prod, 1);
    for (slong i = 0; i < A->r; i++) {
        fmpz_zero(sq);
        for (slong j = 0; j < A->c; j++)
            fmpz_addmul(sq, fmpz_mat_entry(A, i, j), fmpz_mat_entry(A, i, j));
        fmpz_sqrt(sq, sq);
        fmpz_add_ui(sq, sq, 1);
        fmpz_mul(prod, prod, sq);
    }
    slong bits = fmpz_bits(prod);
    fmpz_clear(sq);
    fmpz_clear(prod);
    return bits;
}

/* d: a common denominator guessed from b = B w (w_j in 1 .. 16) lifted far
   enough for rational reconstruction of its entries under the bounds
   den <= 2^hbits, |num| <= 2^nbits. colbits: bits of B's largest column sum
   of absolute values. Returns 0 when b does not fit or a reconstruction
   fails. Only a guess: the proof is in _ct_zlift_columns. */
static int zlift_denominator(fmpz_t d, const zlift_sys *S, const fmpz_mat_t B,
                             slong colbits, slong hbits, slong inv_bits)
{
    slong n = S->n, nch;
    int64_t *b = flint_calloc(FLINT_MAX(n, 1), sizeof(int64_t)), b1 = 0;
    /* sum_i |b_i| <= 16 c 2^colbits: below 2^40 before a word can overflow */
    int ok = colbits + (slong)FLINT_BIT_COUNT(16 * (ulong)B->c) <= 40;
    for (slong i = 0; ok && i < n; i++) {
        for (slong j = 0; j < B->c; j++)
            b[i] += fmpz_get_si(fmpz_mat_entry(B, i, j)) * (1 + (j * 37) % 16);
        b1 += b[i] < 0 ? -b[i] : b[i];
    }
    slong nbits = FLINT_MAX(0, hbits + inv_bits + (slong)FLINT_BIT_COUNT(b1));
    slong steps = _ct_zlift_steps(S->p, nbits + hbits + 2);
    uint64_t *chunk = ok ? _ct_zlift_digits(S, b, 1, steps, &nch) : NULL;
    fmpz_t P, z, t, N, D;
    fmpq_t q;
    fmpz_init(P), fmpz_init(z), fmpz_init(t), fmpz_init(N), fmpz_init(D), fmpq_init(q);
    ulong *limbs = flint_malloc((steps / ZLIFT_DIGITS + 2) * sizeof(ulong));
    fmpz_set_ui(P, S->p);
    fmpz_pow_ui(P, P, steps);
    fmpz_one(N), fmpz_mul_2exp(N, N, nbits);
    fmpz_one(D), fmpz_mul_2exp(D, D, hbits);
    fmpz_one(d);
    for (slong i = 0; chunk != NULL && i < n; i++) {
        _ct_zlift_combine(z, chunk + i, n, nch, S->pow[2] * S->p, limbs);
        fmpz_mul(t, z, d);
        fmpz_smod(t, t, P);
        if (fmpz_cmpabs(t, N) <= 0) /* d x_i already an integer, it seems */
            continue;
        if (!fmpq_reconstruct_fmpz_2(q, z, P, N, D)) {
            ok = 0;
            break;
        }
        fmpz_lcm(d, d, fmpq_denref(q));
    }
    ok &= chunk != NULL;
    fmpz_clear(P), fmpz_clear(z), fmpz_clear(t), fmpz_clear(N), fmpz_clear(D);
    fmpq_clear(q);
    flint_free(limbs), flint_free(chunk), flint_free(b);
    return ok;
}

int ct_zlift_solve_rows(fmpz_mat_t Y, fmpz_t den, const fmpz_mat_t A, const fmpz_mat_t B,
                        slong inv_bits, const slong *rows, slong nr, slong nthreads)
{
    return _ct_zlift_solve_rows_blocks(Y, den, A, B, inv_bits, rows, nr, nthreads,
                                       CT_ZLIFT_BLOCK_BYTES);
}

int _ct_zlift_solve_rows_blocks(fmpz_mat_t Y, fmpz_t den, const fmpz_mat_t A,
                                const fmpz_mat_t B, slong inv_bits, const slong *rows,
                                slong nr, slong nthreads, slong block_bytes)
{
    slong colbits, maxbits;
    zlift_sys S;
    if (A->r == 0 || ct_blas_load(NULL, 0) != 0 ||
        !_ct_zlift_rhs_bits(&colbits, &maxbits, B))
        return 0;
    if (!_ct_zlift_sys_init(&S, A))
        return 0;
    fmpz_t d;
    fmpz_init(d);
    int ok = zlift_denominator(d, &S, B, colbits, zlift_det_bits(A), inv_bits) &&
             _ct_zlift_columns(Y, den, &S, B, d, inv_bits, colbits, maxbits, rows, nr,
                               nthreads, FLINT_MAX(block_bytes, 1));
    fmpz_clear(d);
    _ct_zlift_sys_clear(&S);
    return ok;
}
