/* alpha: local and global consistency F = (I - alpha D^{-1/2} W D^{-1/2})^{-1} Y,
   alpha in (0, 1). */
#ifndef CERTUNE_ALPHA_H
#define CERTUNE_ALPHA_H

#include <stddef.h>
#include <stdio.h>
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/mqpoly.h"
#include "certune/signfn.h"

/* Appends to *out (ct_signfn_append; *count entries) the sign functions, of type
   ct_signfn_type_mqpoly (read diff.mq): for each class pair k < l a
   multi-quadratic polynomial whose sign at every alpha in (0, 1) is the sign of
   F[node][k] - F[node][l],
   of every scored node of inst (held-out nodes; labeled ones too if score_all;
   every node, truth -1 where unknown, if score_all == CT_SIGNFN_EVERY_NODE). Exact.
   Nodes of degree 0 keep F = Y (constants); components without a labeled node
   give zero functions and a warning on warn (if not NULL). */
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

/* Bytes of exact group solutions held at once per component (default 512
   MiB, about the n = 300 benchmark instance's need); above it the scored rows
   are solved in batches, each repeating the modular products: bounded memory
   for more time. Process-wide (not thread-safe to change during an analysis);
   0 restores the default. Returns the previous value. */
size_t ct_alpha_set_memory_budget(size_t bytes);

/* Whether the analysis moves zeros that change no prediction to a rational
   point of their isolating interval, freeing their functions (default 1: the
   output is the same either way; 0 keeps them, for tests). Process-wide, as
   ct_alpha_set_memory_budget. Returns the previous value. */
int ct_alpha_set_move_zeros(int on);

/* The number of zeros so moved in this process so far (all threads). */
long ct_alpha_moved_zeros(void);

/* The number of distinct square classes among the degrees of the labeled nodes
   of component comp_id (comp as numbered by ct_component_assign). */
slong ct_alpha_square_classes(const ct_instance_t inst, const slong *comp, slong comp_id);

/* The alpha family's descriptor for ct_analysis_run. */
extern const ct_analysis_family_struct ct_alpha_family;

#endif
