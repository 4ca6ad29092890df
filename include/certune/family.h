/* family: the three hyperparameter families by name, and the analyzer run
   through their descriptors. */
#ifndef CERTUNE_FAMILY_H
#define CERTUNE_FAMILY_H

#include "certune/analysis.h"

/* The descriptor of family f (never NULL for a valid ct_family_t). */
const ct_analysis_family_struct *ct_family_get(ct_family_t f);

/* The default constant of the delta family, 99/100. */
void ct_family_default_c(fmpq_t c);

/* ct_analysis_run for family: delta takes c (NULL: the default 99/100), the
   others ignore it. Same returns and ownership as ct_analysis_run. */
int ct_family_analyze(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                      const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                      char *err, size_t errlen);

/* ct_family_analyze with the tie rule ties (CT_SIGNFN_TIES_*, signfn.h); same
   returns as ct_analysis_run_ties. */
int ct_family_analyze_ties(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                           const ct_instance_struct *insts, slong m, int score_all,
                           int ties, FILE *warn, char *err, size_t errlen);

/* ct_family_analyze_ties on nthreads threads (ct_analysis_run_threads: the
   result does not depend on nthreads). Same returns. */
int ct_family_analyze_threads(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                              const ct_instance_struct *insts, slong m, int score_all,
                              int ties, slong nthreads, FILE *warn, char *err,
                              size_t errlen);

/* ct_analysis_run_stream for family (c as in ct_family_analyze): the
   instances come from src chunk by chunk. Same returns. */
int ct_family_analyze_stream(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                             const ct_analysis_source_struct *src, int score_all,
                             int ties, slong nthreads, FILE *warn, char *err,
                             size_t errlen);

#endif
