/* evaluate_internal: shared between the evaluate module's files only. */
#ifndef CERTUNE_EVALUATE_INTERNAL_H
#define CERTUNE_EVALUATE_INTERNAL_H

#include <arb.h>
#include <flint/fmpq_mat.h>
#include "certune/evaluate.h"

#define CT_EVALUATE_PREC 128

/* One connected component being evaluated (evaluate_solve.c): its members,
   the groups (class, base) of its labeled nodes and the matrix M with
   M Z = E (E[u][g] = 1 when member u is labeled in group g). */
typedef struct {
    slong s, ngroups;
    slong *idx;   /* member node ids */
    slong *group; /* per member: its group, or -1 when unlabeled */
    slong *gclass;
    fmpz *gbase;
    arb_struct *gpow; /* gbase[g]^e as balls */
    fmpq_mat_t M;
} _ct_evaluate_comp;

/* The signs of every class pair at K's members u with want[K->idx[u]], from
   a double-precision solve of M Z = E with a proved error bound: M strictly
   diagonally dominant with margin sigma gives |Z - Z~| <= |E - M Z~| / sigma
   (Varah). Returns 1 with the signs set when every one is decided, else 0
   (M not so dominant, or a sign too close to call: the caller solves
   exactly; sgn may then hold partial results). */
int _ct_evaluate_ball_signs(int *sgn, const _ct_evaluate_comp *K, slong c,
                            const char *want);

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
