/* analysis_internal: shared between the analysis module's files only. */
#ifndef CERTUNE_ANALYSIS_INTERNAL_H
#define CERTUNE_ANALYSIS_INTERNAL_H

#include "certune/analysis.h"
#include "certune/sweep.h"

/* Fills A's per-instance places and events from the sweep P of C's points,
   once A's breakpoints are compressed (A->nbp, A->closed set). */
void _ct_analysis_inst_build(ct_analysis_t A, const ct_analysis_common *C,
                             const ct_sweep_t P, const slong *nscored);

/* Frees what _ct_analysis_inst_build allocated (harmless when nothing was). */
void _ct_analysis_inst_clear(ct_analysis_t A);

/* The progress hook in place (ct_analysis_set_progress), to be restored. */
void _ct_analysis_get_progress(void (**fn)(void *arg, slong done, slong total),
                               void **arg);

/* Records in A that a and b could not be compared (the interval spanning
   both, and their exact functions): one message for the analyzer and the
   merge. Returns 2. */
int _ct_analysis_undecided_pair(ct_analysis_t A, const ct_bpoint_t a,
                                const ct_bpoint_t b);

/* ct_analysis_init_empty for fam's id with fam's domain end (hi_inf). */
void _ct_analysis_init_family(ct_analysis_t A, const ct_analysis_family_struct *fam,
                              slong m);

/* The old one-run analysis of m instances held in memory (what each chunk of
   a stream gets): same contract as ct_analysis_run_ties; settings not NULL. */
int _ct_analysis_run_chunk(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, const ct_instance_struct *insts, slong m,
                           int score_all, int ties,
                           const ct_analysis_settings_struct *settings, FILE *warn,
                           char *err, size_t errlen);

/* Cuts src's instances into chunks for nthreads threads: chunk k is instances
   start[k] .. start[k + 1] - 1 (start has room for src->m + 1). Returns the
   number of chunks (>= 1 when src->m >= 1). */
slong _ct_analysis_plan_chunks(slong *start, const ct_analysis_source_struct *src,
                               slong nthreads);

#endif
