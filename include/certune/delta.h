/* delta: the normalized-adjacency family F = (I - c D^{-delta} W D^{delta-1})^{-1} Y,
   delta in [0, 1], c a rational in (0, 1). */
#ifndef CERTUNE_DELTA_H
#define CERTUNE_DELTA_H

#include <stdio.h>
#include "certune/expsum.h"
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/signfn.h"

/* Appends to *out (ct_signfn_append; *count entries) the sign functions, of type
   ct_signfn_type_expsum (read diff.es): for each class pair k < l an
   exponential sum whose sign at every delta in [0, 1] is the sign of
   F[node][k] - F[node][l],
   of every scored node of inst (held-out nodes; labeled ones too if score_all;
   every node, truth -1 where unknown, if score_all == CT_SIGNFN_EVERY_NODE), for
   the constant c (0 < c < 1). Exact: one integer linear solve per component.
   Nodes of degree 0 keep F = Y (constant sums); components without a labeled
   node give zero sums and a warning on warn (if not NULL). */
void ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                             int score_all, FILE *warn);

/* The number of distinct degrees among the labeled nodes of classes k and l in
   component comp_id (comp as numbered by ct_component_assign): each sign function
   of that pair in the component has at most this many minus one zeros. */
slong ct_delta_distinct_degrees(const ct_instance_t inst, const slong *comp,
                                slong comp_id, slong k, slong l);

/* Components of at least n nodes (default 100) solve by p-adic lifting
   (zlift) before the multimodular solve, which remains the fallback; 0 or
   less: never. For tests and benchmarks; returns the previous value. Not
   synchronized: set it before analyzing. */
slong ct_delta_set_lift_min_nodes(slong n);

/* The delta family's descriptor for ct_analysis_run. */
extern const ct_analysis_family_struct ct_delta_family;

#endif
