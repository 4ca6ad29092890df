/* zlift's system and lifting kernel, shared by the files of src/zlift only. */
#ifndef CERTUNE_ZLIFT_INTERNAL_H
#define CERTUNE_ZLIFT_INTERNAL_H

#include <stdint.h>
#include <flint/fmpz_mat.h>
#include "certune/spldl.h"

/* Digits per stored word: p^3 < 2^64 for p < 2^21. */
#define ZLIFT_DIGITS 3

/* A symmetric A = P^T L D L^T P modulo p (zlift_ldl.c): the pattern (order,
   elimination tree, L's columns Lp) from spldl.h, L strictly lower in
   columns (Li, Lx: residues below 2^21), dinv = D^{-1} mod p. */
typedef struct {
    slong n;
    ulong p;
    ct_spldl_sym_struct sym;
    slong *Li;
    uint32_t *Lx;
    int64_t *dinv;
} zlift_ldl;

/* A as a sparse matrix of words, its inverse modulo p in doubles (or, from
   CT_ZLIFT_LDL_MIN rows of a symmetric A, its sparse LDL^T modulo p). */
typedef struct {
    slong n;
    slong *start, *col; /* CSR: row i's entries at start[i] .. start[i+1] */
    int64_t *val;
    int64_t norm;  /* ||A||_inf = max_i sum_j |A_ij| */
    ulong p;       /* n (p - 1)^2 < 2^53 and p^3 < 2^64 (||A||_inf <= 2^40) */
    double *inv;   /* A^{-1} mod p, n x n row-major, entries in [0, p) */
    float *invf;   /* the same as floats (exact: p < 2^24), read by the one-column
                      lift at half the memory traffic */
    uint64_t pinv; /* p^{-1} mod 2^64 (exact division) */
    uint64_t pow[ZLIFT_DIGITS]; /* p^0, p^1, p^2 */
    zlift_ldl *ldl;             /* NULL: inv and invf are set */
} zlift_sys;

/* The factorization of S's A modulo p: 1, or 0 when A is not symmetric,
   CHOLMOD (the order) does not load, or a pivot is 0 mod p (F then holds
   nothing). _solve: x (n x c row-major, residues in [0, p)) = A^{-1} r mod
   p for residues r; w: n c words of work space. */
int _ct_zlift_ldl_init(zlift_ldl *F, const zlift_sys *S, ulong p);
void _ct_zlift_ldl_clear(zlift_ldl *F);
void _ct_zlift_ldl_solve(int64_t *x, const zlift_ldl *F, const int64_t *r, slong c,
                         int64_t *w);

/* Fills S from A: returns 1, or 0 when A does not fit (an entry or
   ||A||_inf above 2^40) or is singular modulo every prime tried. On 0, S
   holds nothing to clear. */
int _ct_zlift_sys_init(zlift_sys *S, const fmpz_mat_t A);
void _ct_zlift_sys_clear(zlift_sys *S);

/* Lifts c columns: R (n x c, row-major) holds the right-hand side on entry,
   |R_ij| <= 2^40; after `steps` steps chunk t (n x c words at
   chunk + t n c) holds digits 3t .. 3t + 2 as sum_s x_{3t+s} p^s. chunk must
   be zeroed, ceil(steps / 3) n c words. Returns 1, or 0 if a division by p was
   not exact (a fault: never expected). */
int _ct_zlift_run(const zlift_sys *S, int64_t *R, slong c, slong steps, uint64_t *chunk);

/* Steps k with p^k > 2^bits. */
slong _ct_zlift_steps(ulong p, slong bits);

/* _ct_zlift_run into a fresh zeroed chunk array (*nch chunks), or NULL when a
   division was not exact. The caller frees it (flint_free). */
uint64_t *_ct_zlift_digits(const zlift_sys *S, int64_t *R, slong c, slong steps,
                           slong *nch);

/* Bits of the largest column sum of |B| and of the largest |B_ij|; 0 when an
   entry is not below 2^40. */
int _ct_zlift_rhs_bits(slong *colbits, slong *maxbits, const fmpz_mat_t B);

/* Phase 2 for the guessed d: Y (rows rows[0 .. nr) of den A^{-1} B) and den;
   1 when proved (zlift_cols.c). colbits, maxbits: B's sizes by
   _ct_zlift_rhs_bits; block_bytes: the digits one column block may hold. */
int _ct_zlift_columns(fmpz_mat_t Y, fmpz_t den, const zlift_sys *S, const fmpz_mat_t B,
                      const fmpz_t d, slong inv_bits, slong colbits, slong maxbits,
                      const slong *rows, slong nr, slong nthreads, slong block_bytes);

/* z = sum_t chunk[t * stride] Q^t, Q = p^3, t < nch (Horner on limbs; limbs:
   room for nch + 1 words). */
void _ct_zlift_combine(fmpz_t z, const uint64_t *chunk, slong stride, slong nch, ulong Q,
                       ulong *limbs);

#endif
