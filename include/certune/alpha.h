/* alpha: local and global consistency F = (I - alpha D^{-1/2} W D^{-1/2})^{-1} Y,
   alpha in (0, 1). */
#ifndef CERTUNE_ALPHA_H
#define CERTUNE_ALPHA_H

#include <stdio.h>
#include "certune/instance.h"
#include "certune/mqpoly.h"

/* For one scored node: for each class pair k < l (index signfn_pair(k, l, c)),
   a multi-quadratic polynomial whose sign at every alpha in (0, 1) is the sign
   of F[node][k] - F[node][l]. Zero means a tie everywhere. */
typedef struct {
    slong inst, node, truth, c;
    mqpoly_struct *diff; /* c (c - 1) / 2 */
} alpha_signfn_struct;

void alpha_signfn_init(alpha_signfn_struct *s, slong inst, slong node, slong truth,
                       slong c);
void alpha_signfn_clear(alpha_signfn_struct *s);

/* Appends to *out (grown with flint_realloc; *count entries) the sign functions
   of every scored node of inst (held-out nodes; labeled ones too if score_all;
   every node, truth -1 where unknown, if score_all == LAMBDA_EVERY_NODE). Exact.
   Nodes of degree 0 keep F = Y (constants); components without a labeled node
   give zero functions and a warning on warn (if not NULL). */
void alpha_sign_functions(alpha_signfn_struct **out, slong *count, const instance_t inst,
                          slong inst_idx, int score_all, FILE *warn);

/* The number of distinct square classes among the degrees of the labeled nodes
   of component comp_id (comp as numbered by component_assign). */
slong alpha_square_classes(const instance_t inst, const slong *comp, slong comp_id);

#endif
