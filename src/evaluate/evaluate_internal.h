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

#endif
