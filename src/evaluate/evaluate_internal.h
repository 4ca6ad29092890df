/* evaluate_internal: shared between the evaluate module's files only. */
#ifndef CERTUNE_EVALUATE_INTERNAL_H
#define CERTUNE_EVALUATE_INTERNAL_H

#include "certune/evaluate.h"

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
