/* evaluate_internal: shared between the evaluate module's files only. */
#ifndef CERTUNE_EVALUATE_INTERNAL_H
#define CERTUNE_EVALUATE_INTERNAL_H

#include <arb.h>
#include "certune/evaluate.h"

#define CT_EVALUATE_PREC 128

/* One connected component being evaluated (evaluate_solve.c): its members,
   the groups (class, base) of its labeled nodes, and its system M Z = E
   (E[u][g] = 1 when member u is labeled in group g) scaled to integers,
   A = S M for an integer S > 0, in compressed rows (symmetric, the diagonal
   included). When the family's parameter a / b (b > 0) enters M linearly,
   A = b A0 + a A1 with A0, A1 aligned with A (pencil; else val0 is NULL). */
typedef struct {
    slong s, ngroups;
    const slong *idx; /* member node ids */
    slong *group;     /* per member: its group, or -1 when unlabeled */
    slong *gclass;
    fmpz *gbase;
    arb_struct *gpow; /* gbase[g]^e as balls */
    slong *rowstart;  /* s + 1 offsets into col and val */
    slong *col;
    fmpz *val;
    fmpz *val0, *val1; /* the pencil, or NULL */
    fmpz_t pa, pb;
} _ct_evaluate_comp;

/* A sparse L D L^T of a symmetric positive definite matrix in long double,
   in a minimum degree order (evaluate_ldl.c). */
typedef struct {
    slong n;
    slong *perm, *pinv, *parent; /* perm[k]: the k-th eliminated row */
    slong *Lp, *Li;              /* L's columns (below the unit diagonal) */
    long double *Lx, *D;
} _ct_evaluate_ldl;

/* Factors the matrix (CSR rowstart, col, val; symmetric, diagonal included).
   Returns 1, or 0 when a pivot is not positive and finite (clear F either
   way). */
int _ct_evaluate_ldl_init(_ct_evaluate_ldl *F, const slong *rowstart, const slong *col,
                          const long double *val, slong n);
void _ct_evaluate_ldl_clear(_ct_evaluate_ldl *F);

/* x = the matrix^-1 x (n entries), w: n entries of scratch. */
void _ct_evaluate_ldl_solve(long double *x, const _ct_evaluate_ldl *F, long double *w);

/* The lower triangle of the symmetric n x n matrix given by all its rows
   (rowstart, col; values val, or NULL for the pattern only) in compressed
   columns: column j holds ri[cp[j] .. cp[j + 1]) with values v (NULL:
   none). cp has n + 1 entries, ri and v room for rowstart[n]. */
void _ct_evaluate_lower(slong *cp, slong *ri, double *v, const slong *rowstart,
                        const slong *col, const long double *val, slong n);

/* Tests: components of at least n nodes (n <= 0: the default, 2000) try
   CHOLMOD's factor in doubles before the long-double LDL; and the counts of
   components settled in doubles and tried again in long double since the
   process started. */
void _ct_evaluate_ball_sparse_min(slong n);
void _ct_evaluate_ball_sparse_counts(long *settled, long *again);

/* The signs of every class pair at K's members u with want[K->idx[u]], from
   a long double solve with a proved bound per entry (evaluate_ball.c): A is
   an M-matrix (A^{-1} >= 0), so |Z - Z~| <= A^{-1} |E - A Z~| <= theta u~
   for any u~ with A u~ >= |E - A Z~| / theta > 0, both products checked in
   balls from the exact A. Sets the signs of the members it decides and lists
   the others (wanted, some sign not proved: a tie, a near one, or no
   floating solve possible) in und; returns their number. *inv_bits is set to
   a proved bound |A^{-1}_ij| <= 2^inv_bits when the solve ran (for the
   lifting solve of the rest), else to -1. */
slong _ct_evaluate_ball_signs(int *sgn, slong *und, slong *inv_bits,
                              const _ct_evaluate_comp *K, slong c, const char *want);

/* The signs of the members und[0 .. nu) exactly (evaluate_exact.c): rows of
   adj(A) E by the pencil over Z[t] (small components, a huge parameter), the
   lifting solve (inv_bits >= 0, large components) or the multimodular one
   (zadj.h), then each pair's exponential sum at the point. */
void _ct_evaluate_exact_signs(int *sgn, const _ct_evaluate_comp *K, slong c,
                              const fmpq_t e, const slong *und, slong nu, slong inv_bits);

/* sgn[i * npairs + p] = sign(F[i][k] - F[i][l]) for p = ct_signfn_pair(k, l, c),
   for every node i of inst with want[i] (npairs = c (c - 1) / 2; the others
   are left 0 or arbitrary), decided exactly for
   family at x (c_delta: delta's constant). */
void _ct_evaluate_signs(int *sgn, ct_family_t family, const fmpq *c_delta, const fmpq *x,
                        const ct_instance_struct *inst, const char *want);

/* Which nodes of inst are scored under score_all (want, inst->n entries);
   returns how many. */
slong _ct_evaluate_want(char *want, const ct_instance_struct *inst, int score_all);

/* inst's signs (as above, for its scored nodes) at E's family, c and x, in
   a flint_malloc'ed array, or NULL when inst has no scored node. */
int *_ct_evaluate_instance_signs(const ct_evaluate_struct *E,
                                 const ct_instance_struct *inst, int score_all);

/* sgn[t] = _ct_evaluate_instance_signs of insts[t] for every t < m, on
   nthreads threads (evaluate_threads.c, ct_pool_for). */
void _ct_evaluate_all_signs(int **sgn, const ct_evaluate_struct *E,
                            const ct_instance_struct *insts, slong m, int score_all,
                            slong nthreads);

#endif
