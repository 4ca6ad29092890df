/* lambda: the smoothing family F = (L + lambda Delta)^{-1} Y, lambda > 0
   (docs/lambda.md): its sign functions (integer polynomials in lambda), its
   exact builder and the entries of its row of the family table. Sign
   functions are appended to the caller's array (ct_signfn_append; free it
   with ct_signfn_vec_clear), and instances built are the caller's
   (ct_instance_clear). The arithmetic is exact: only zeros certified on the
   ball path can leave a comparison undecided (the builder's 1). */
#ifndef CERTUNE_LAMBDA_H
#define CERTUNE_LAMBDA_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/signfn.h"

/* Components of at least this many nodes take lambda's ball path (lskron)
   unless an analysis's settings say otherwise (ball_min_nodes). */
#define CT_LAMBDA_BALL_MIN_NODES 400

/* score_all values: see signfn.h (CT_LAMBDA_EVERY_NODE is CT_SIGNFN_EVERY_NODE). */
#define CT_LAMBDA_EVERY_NODE CT_SIGNFN_EVERY_NODE

/* Appends to *out (*count entries) the sign functions, of type
   ct_signfn_type_poly (read diff.poly), of every scored node of inst (held-out
   nodes; labeled ones too if score_all), as polynomials in lambda. Components
   without a labeled node give zero polynomials (F = 0) and a warning on warn
   (if not NULL). inst_idx is stored in each entry. */
void ct_lambda_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, int score_all,
                              FILE *warn);

/* The number of distinct eigenvalues of the Kron-reduced Laplacian of component
   k (numbered as ct_component_assign does), or 0 when it has no labeled node:
   each sign function has at most that many minus one sign changes. */
slong ct_lambda_kron_distinct_eigenvalues(const ct_instance_t inst, const slong *comp,
                                          slong k);

/* The lambda family's exact builder, the build of its analysis descriptor
   (ct_analysis_family_struct, in its row of the family table): same contract. */
int ct_lambda_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                             const ct_instance_struct *insts, slong m, int score_all,
                             FILE *warn);

/* For `certune bounds` (its row's bounds): the sign functions of every node
   (ct_lambda_sign_functions with CT_SIGNFN_EVERY_NODE, no warnings; c unused). */
void ct_lambda_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                     const ct_instance_struct *inst, slong inst_idx,
                                     const fmpq_t c);

/* Its own bound of the pair's component: ct_lambda_kron_distinct_eigenvalues
   (k and l unused). */
slong ct_lambda_bounds_sharp(const ct_instance_struct *inst, const slong *comp,
                             slong comp_id, slong k, slong l);

/* The lambda lower-bound construction (docs/shatter.md, lambda_shatter.c):
   threshold j (1 <= j < 2^M) is j + 1; the gadget with x = 2 t / (t - 1) has
   its single breakpoint at t. Instance k (1 <= k <= M): one gadget for each
   j in 1 .. 2^M - 1 at which bit k - 1 of j flips (j a multiple of 2^(k-1)),
   held-out labels alternating so that its loss is low on (t_j, t_{j+1}) when
   bit k - 1 of j is 0, high when 1. The parameter of pattern j is a rational
   inside (t_j, t_{j+1}) (t_0 = 0, t_{2^M} = +inf), where the loss pattern is
   the binary expansion of j. c is unused (the row's signature). */
void ct_lambda_shatter_threshold(fmpq_t t, slong j);
void ct_lambda_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k);
void ct_lambda_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j);

#endif
