/* alpha: local and global consistency F = (I - alpha D^{-1/2} W D^{-1/2})^{-1} Y,
   alpha in (0, 1). */
#ifndef CERTUNE_ALPHA_H
#define CERTUNE_ALPHA_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/mqpoly.h"

/* For one scored node: for each class pair k < l (index ct_signfn_pair(k, l, c)),
   a multi-quadratic polynomial whose sign at every alpha in (0, 1) is the sign
   of F[node][k] - F[node][l]. Zero means a tie everywhere. */
typedef struct {
    slong inst, node, truth, c;
    ct_mqpoly_struct *diff; /* c (c - 1) / 2 */
} ct_alpha_signfn_struct;

void ct_alpha_signfn_init(ct_alpha_signfn_struct *s, slong inst, slong node, slong truth,
                          slong c);
void ct_alpha_signfn_clear(ct_alpha_signfn_struct *s);

/* Appends to *out (NULL with *count 0, or an array grown by these functions
   with ct_mem_grow_flint; *count entries; flint_free it) the sign functions
   of every scored node of inst (held-out nodes; labeled ones too if score_all;
   every node, truth -1 where unknown, if score_all == CT_LAMBDA_EVERY_NODE). Exact.
   Nodes of degree 0 keep F = Y (constants); components without a labeled node
   give zero functions and a warning on warn (if not NULL). */
void ct_alpha_sign_functions(ct_alpha_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, int score_all,
                             FILE *warn);

/* The number of distinct square classes among the degrees of the labeled nodes
   of component comp_id (comp as numbered by ct_component_assign). */
slong ct_alpha_square_classes(const ct_instance_t inst, const slong *comp, slong comp_id);

/* The alpha family's descriptor for ct_analysis_run. */
extern const ct_analysis_family_struct ct_alpha_family;

#endif
