/* alpha: local and global consistency F = (I - alpha D^{-1/2} W D^{-1/2})^{-1}
   Y, alpha in (0, 1) (docs/alpha.md): its sign functions (multi-quadratic
   polynomials in alpha), its exact builder and the entries of its row of the
   family table. Sign functions are appended to the caller's array
   (ct_signfn_append; free it with ct_signfn_vec_clear) or handed to a consumer
   one node at a time; instances built are the caller's (ct_instance_clear).
   What cannot be certified is the builder's 1 (undecided), not an error. */
#ifndef CERTUNE_ALPHA_H
#define CERTUNE_ALPHA_H

#include <stddef.h>
#include <stdio.h>
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/mqpoly.h"
#include "certune/signfn.h"

/* Appends to *out (*count entries) the sign functions, of type
   ct_signfn_type_mqpoly (read diff.mq): for each class pair k < l a
   multi-quadratic polynomial whose sign at every alpha in (0, 1) is the sign
   of F[node][k] - F[node][l], of every scored node of inst (held-out nodes;
   labeled ones too if score_all; every node, truth -1 where unknown, if
   score_all == CT_SIGNFN_EVERY_NODE). Exact. Nodes of degree 0 keep F = Y
   (constants); components without a labeled node give zero functions and a
   warning on warn (if not NULL). */
void ct_alpha_sign_functions(ct_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, int score_all,
                             FILE *warn);

/* The same functions handed over one scored node at a time, as soon as they
   are built (memory: one component's group solutions plus one node's
   functions, not the whole instance's): fn(arg, s) may move the functions out
   of s (s is cleared after the call; fn must not clear it). */
typedef void (*ct_alpha_consumer)(void *arg, ct_signfn_struct *s);
void ct_alpha_sign_functions_each(const ct_instance_t inst, slong inst_idx, int score_all,
                                  FILE *warn, ct_alpha_consumer fn, void *arg);

/* The analysis's settings (ct_analysis_settings_struct) alpha reads:
   memory_budget, the bytes of exact group solutions held at once per
   component (default 512 MiB, about the n = 300 benchmark instance's need;
   above it the scored rows are solved in batches, each repeating the modular
   products: bounded memory for more time); keep_silent_zeros, which keeps the
   zeros that change no prediction instead of moving them to a rational point
   of their isolating interval and freeing their functions (the output is the
   same either way); ball_min_nodes, below; pencil_max_nodes, the size up
   to which a component with a weight of 512 bits or more is solved as
   polynomials in it (default any, -1 never: docs/alpha.md "Huge weights"). */
#define CT_ALPHA_BALL_MIN_NODES 120

/* The number of zeros so moved in this process so far (all threads). */
long ct_alpha_moved_zeros(void);

/* The number of distinct square classes among the degrees of the labeled nodes
   of component comp_id (comp as numbered by ct_component_assign). */
slong ct_alpha_square_classes(const ct_instance_t inst, const slong *comp, slong comp_id);

/* The alpha family's exact builder, the build of its analysis descriptor
   (ct_analysis_family_struct, in its row of the family table): same contract. */
int ct_alpha_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                            const ct_instance_struct *insts, slong m, int score_all,
                            FILE *warn);

/* For `certune bounds` (its row's bounds): the sign functions of every node
   (ct_alpha_sign_functions with CT_SIGNFN_EVERY_NODE, no warnings; c unused). */
void ct_alpha_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                    const ct_instance_struct *inst, slong inst_idx,
                                    const fmpq_t c);

/* Its own quantity of the pair's component: ct_alpha_square_classes (no
   bound; k and l unused). */
slong ct_alpha_bounds_sharp(const ct_instance_struct *inst, const slong *comp,
                            slong comp_id, slong k, slong l);

/* The alpha construction (docs/shatter.md, alpha_shatter.c): thresholds at
   the rationals t_j = (3N + j) / (4N) in (3/4, 1), j = 1 .. N - 1 (N = 2^M);
   the gadget with weight x_j = 4 t_j^2 - 2 (in (1/4, 2)) switches from class 0
   to class 1 at alpha = sqrt(x_j + 2) / 2 = t_j exactly. The realizing
   parameters are q_j = (6N + 2j + 1) / (8N), j = 0 .. N - 1, inside
   (t_j, t_{j+1}) (t_0 = 0, t_N = 1). Instance k: as for lambda (same
   direction of change, same held-out classes, same witnesses), on the delta
   gadget's graph. c is unused (the row's signature). */
void ct_alpha_shatter_threshold(fmpq_t t, slong M, slong j);
void ct_alpha_shatter_weight(fmpq_t x, slong M, slong j);
void ct_alpha_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j);
void ct_alpha_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k);

#endif
