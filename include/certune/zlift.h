/* zlift: exact solutions of integer linear systems A Y = den B by p-adic
   (Dixon) lifting, the lifting's products in doubles (OpenBLAS's dgemm). The
   matrices are the caller's FLINT ones (Y initialized to its shape, never
   aliasing A or B); the solver frees its own memory before it returns. It
   never answers wrongly: 1 when the result is proved, 0 when the method does
   not apply or does not conclude, and the caller then solves otherwise. */
#ifndef CERTUNE_ZLIFT_H
#define CERTUNE_ZLIFT_H

#include <flint/fmpz_mat.h>

/* For a nonsingular integer A (n x n) and an integer B (n x c): one inverse of
   A modulo a prime p with n (p - 1)^2 < 2^53 (so that a dgemm of residues is
   exact in doubles) gives the p-adic digits x_t = A^{-1} R_t mod p, and
   R_{t+1} = (R_t - A x_t) / p with every division checked exact in integers,
   so B = A Z + p^k R_k holds exactly for Z = sum_t x_t p^t. A common
   denominator d is guessed by rational reconstruction of one combination of
   B's columns; Y = d Z mods p^k is then proved equal to d A^{-1} B by
   max|Y| and p^k > 2 (||A||_inf max|Y| + d max|B|): A Y - d B is 0 modulo p^k
   and below p^k / 2 in absolute value (docs/delta.md, "The lifting solve").
   The guess can only make the proof fail, never a wrong answer. */

/* Y (nr x c) = rows rows[0 .. nr) (distinct) of den A^{-1} B, den > 0 a common
   denominator, for A nonsingular (n x n) and B (n x c) integer. inv_bits: a
   bound |A^{-1}_ij| <= 2^inv_bits the caller proves (it sets how far to lift;
   a wrong one makes the proof fail, not the answer wrong). Column blocks go
   to nthreads threads. Returns 1 when proved; 0 when the method does not
   apply or does not conclude (OpenBLAS missing, ||A||_inf or |B| too large
   for the word-size residual, A singular modulo the primes tried, the
   denominator guess too small): Y and den are then unspecified. */
int ct_zlift_solve_rows(fmpz_mat_t Y, fmpz_t den, const fmpz_mat_t A, const fmpz_mat_t B,
                        slong inv_bits, const slong *rows, slong nr, slong nthreads);

/* Bytes of digit storage one column block may hold in ct_zlift_solve_rows:
   blocks are as wide as fit, so memory is about nthreads times this beyond
   A^{-1} mod p (8 n^2 bytes) and Y. */
#define CT_ZLIFT_BLOCK_BYTES (WORD(1) << 27)

/* ct_zlift_solve_rows with blocks of block_bytes (>= 1; tests use small
   ones to cut the columns into many blocks). Same returns. */
int _ct_zlift_solve_rows_blocks(fmpz_mat_t Y, fmpz_t den, const fmpz_mat_t A,
                                const fmpz_mat_t B, slong inv_bits, const slong *rows,
                                slong nr, slong nthreads, slong block_bytes);

/* From this many rows a symmetric A is factored sparse modulo p (LDL^T in
   CHOLMOD's order, zlift_ldl.c; memory the factor's nonzeros, 12 bytes
   each) instead of inverted (8 n^2 bytes); _set_ldl_min changes it (tests;
   0 restores). */
#define CT_ZLIFT_LDL_MIN 512
void _ct_zlift_set_ldl_min(slong n);
/* How many systems were factored sparse so far (tests). */
slong _ct_zlift_ldl_used(void);

#endif
