/* delta: the normalized-adjacency family
   F = (I - c D^{-delta} W D^{delta-1})^{-1} Y, delta in [0, 1], c a rational
   in (0, 1) (docs/delta.md): its sign functions (exponential sums in delta,
   expsum.h), its exact builder and the entries of its row of the family
   table. Sign functions are appended to the caller's array (ct_signfn_append;
   free it with ct_signfn_vec_clear); instances built are the caller's
   (ct_instance_clear). The solves are exact; zeros of sums that cannot be
   separated are the builder's 1 (undecided), not an error. Which solve runs
   is a setting of the analysis (ct_analysis_settings_struct), never state. */
#ifndef CERTUNE_DELTA_H
#define CERTUNE_DELTA_H

#include <stdio.h>
#include "certune/expsum.h"
#include "certune/pexpsum.h"
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/signfn.h"

/* Appends to *out (*count entries) the sign functions, of type
   ct_signfn_type_expsum (read diff.es): for each class pair k < l an
   exponential sum whose sign at every delta in [0, 1] is the sign of
   F[node][k] - F[node][l], of every scored node of inst (held-out nodes;
   labeled ones too if score_all; every node, truth -1 where unknown, if
   score_all == CT_SIGNFN_EVERY_NODE), for the constant c (0 < c < 1). Exact:
   one integer linear solve per component.
   Nodes of degree 0 keep F = Y (constant sums); components without a labeled
   node give zero sums and a warning on warn (if not NULL). settings (NULL:
   the defaults) chooses the solve: components of at least lift_min_nodes
   nodes by p-adic lifting, components of at most pencil_max_nodes nodes at a
   huge c over Z[t] (zadj.h), else multimodular; the sums are the same. */
void ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                             int score_all, const ct_analysis_settings_struct *settings,
                             FILE *warn);

/* The analysis's ball path (docs/delta.md, "The ball path"): components of
   at least this many nodes (the analysis settings' ball_min_nodes; WORD_MAX
   never) are solved in floating point with certified bounds: rows whose
   prediction is constant on [0, 1] are proved so, the zeros of the others
   certified in balls (breakpoints of kind ld), and only rows the balls
   cannot settle get exact sums. ct_delta_sign_functions itself stays exact. */
#define CT_DELTA_BALL_MIN_NODES 200

/* CHOLMOD factors the ball path's systems from this many nodes (when it
   loads; else LAPACK's dense factor, up to 8192 nodes). */
#define CT_DELTA_BALL_SPARSE_MIN 2

/* Counts since the process started (all threads): components the ball path
   took and declined (they went exact), their scored rows and how many of
   those needed exact sums. For tests and benchmarks. */
void ct_delta_ball_counts(long *comps, long *declined, long *rows, long *exact_rows);

/* Scored rows whose zeros the ball path certified in balls (same counting). */
long ct_delta_ball_root_rows(void);

/* Two hyperparameters at once (docs/joint.md; the family table's joint):
   sets *out to *n distinct normalized nonzero sums (pexpsum.h) whose curves
   H = 0 in (c, delta) are the zero sets, for every c in (0, 1), of the sign
   functions F[i][k] - F[i][l] of the scored nodes of the m instances, and
   line to the squarefree product of their contents (their vertical lines;
   1 for none). Free each sum with ct_pexpsum_clear, then *out with
   flint_free. nodes non-NULL: *nodes gets *nnodes records (pexpsum.h), one
   per scored node in instance order (free each with ct_pexpsum_node_clear,
   then the array with flint_free). Exact: one fraction-free solve over Z[c]
   per component. */
void ct_delta_joint_functions(ct_pexpsum_struct **out, slong *n, fmpz_poly_t line,
                              ct_pexpsum_node_struct **nodes, slong *nnodes,
                              const ct_instance_struct *insts, slong m, int score_all);

/* The number of distinct degrees among the labeled nodes of classes k and l in
   component comp_id (comp as numbered by ct_component_assign): each sign function
   of that pair in the component has at most this many minus one zeros. */
slong ct_delta_distinct_degrees(const ct_instance_t inst, const slong *comp,
                                slong comp_id, slong k, slong l);

/* The delta family's exact builder, the build of its analysis descriptor
   (ct_analysis_family_struct, in its row of the family table): same contract. */
int ct_delta_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                            const ct_instance_struct *insts, slong m, int score_all,
                            FILE *warn);

/* For `certune bounds` (its row's bounds): the sign functions of every node
   (ct_delta_sign_functions with CT_SIGNFN_EVERY_NODE, no warnings). */
void ct_delta_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                    const ct_instance_struct *inst, slong inst_idx,
                                    const fmpq_t c);

/* The delta construction (docs/shatter.md, delta_shatter.c), for a rational c
   in (1/2, 1) (check_c: 0, or -1 with the message for another c, quoting
   text, the command line's --c, when not NULL). Its scale
   L is a short rational in (0, log_2(2c)): the realizing parameters are
   q_j = L (2N + 2j + 1) / (4N), j = 0 .. N - 1 (N = 2^M), inside (L/2, L).
   gadget_y: y_j = x_j + 2 (1 <= j < 2^M), a short rational with
   (2c)^(1/q_j) < y_j < (2c)^(1/q_{j-1}), certified with Arb, so that the
   gadget with weight x_j has its threshold ln(2c) / ln(y_j) inside
   (q_{j-1}, q_j). Instance k: as for lambda, one gadget per flip of bit
   k - 1, the held-out classes reversed (the delta gadget goes from class 1 to
   class 0 at its threshold), so the loss pattern is the same. */
void ct_delta_shatter_scale(fmpq_t L, const fmpq_t c);
void ct_delta_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j);
void ct_delta_shatter_gadget_y(fmpq_t y, const fmpq_t c, slong M, slong j);
void ct_delta_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k);
int ct_delta_shatter_check_c(const fmpq_t c, const char *text, char *err, size_t errlen);

#endif
