/* tune_internal: shared between the tune module's files only. */
#ifndef CERTUNE_TUNE_INTERNAL_H
#define CERTUNE_TUNE_INTERNAL_H

#include <pthread.h>
#include "certune/tune.h"

/* 0 when the analyses A (training) and B (test) pose the same problem (family,
   c, tie rule, every instance's class count); else -1 with err naming the
   instance (an[i], bn[i]: instance i's name). */
int _ct_tune_check_alike(const ct_analysis_t A, const char *const *an,
                         const ct_analysis_t B, const char *const *bn, char *err,
                         size_t errlen);

/* One analysis (ct_family_analyze_threads on nthreads threads, no warnings,
   scoring the labeled nodes too when score_all)
   on a thread of its own when nthreads > 1 (else at the join), so that the
   caller can work beside it. A is initialized either way after the join. */
typedef struct {
    ct_analysis_struct *A;
    ct_family_t family;
    const fmpq *c;
    const ct_instance_struct *insts;
    slong m, nthreads;
    const ct_analysis_settings_struct *settings; /* &own */
    ct_analysis_settings_struct own; /* the caller's (defaults for NULL), without
                                        its phase hook: the command line follows
                                        the training analysis only */
    int score_all, ties, rc, threaded;
    pthread_t tid;
    char err[512];
} _ct_tune_side;

void _ct_tune_side_start(_ct_tune_side *S, ct_analysis_t A, ct_family_t family,
                         const fmpq *c, const ct_instance_struct *insts, slong m,
                         int score_all, int ties, slong nthreads,
                         const ct_analysis_settings_struct *settings);

/* Waits for (or runs) the analysis. Returns 0, or -1 with its message in err
   (when err is not NULL). */
int _ct_tune_side_join(_ct_tune_side *S, char *err, size_t errlen);

#endif
