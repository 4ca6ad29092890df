/* lambda: the smoothing family F = (L + lambda Delta)^{-1} Y, lambda > 0. */
#ifndef CERTUNE_LAMBDA_H
#define CERTUNE_LAMBDA_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/instance.h"
#include "certune/signfn.h"

/* score_all values: see signfn.h (CT_LAMBDA_EVERY_NODE is CT_SIGNFN_EVERY_NODE). */
#define CT_LAMBDA_EVERY_NODE CT_SIGNFN_EVERY_NODE

/* Appends to *out (ct_signfn_append; *count entries) the sign functions, of type
   ct_signfn_type_poly (read diff.poly),
   of every scored node of inst (held-out nodes; labeled ones too if score_all),
   as polynomials in lambda. Components without a labeled node give zero
   polynomials (F = 0) and a warning on warn (if not NULL). inst_idx is stored
   in each entry. */
void ct_lambda_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, int score_all,
                              FILE *warn);

/* The number of distinct eigenvalues of the Kron-reduced Laplacian of component
   k (numbered as ct_component_assign does), or 0 when it has no labeled node:
   each sign function has at most that many minus one sign changes. */
slong ct_lambda_kron_distinct_eigenvalues(const ct_instance_t inst, const slong *comp,
                                          slong k);

/* The lambda family's descriptor for ct_analysis_run. */
extern const ct_analysis_family_struct ct_lambda_family;

#endif
