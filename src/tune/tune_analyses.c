/* tune_analyses: the test profile analyzed on a thread of its own while the
   caller analyzes the training set and solves the test set at the choice.
   Each analysis alone leaves a core idle at its start and end (its chunk
   plan, its last chunk, its final merges); side by side on two cores the
   pair and the direct solve take about a tenth less wall time. */
#include "certune/family.h"
#include "tune_internal.h"

static void side_run(_ct_tune_side *S)
{
    S->rc = ct_family_analyze_threads(S->A, S->family, S->c, S->insts, S->m, S->score_all,
                                      S->ties, S->nthreads, S->settings, NULL, S->err,
                                      sizeof(S->err));
}

static void *side_thread(void *arg)
{
    side_run(arg);
    flint_cleanup(); /* this thread's FLINT/Arb caches */
    return NULL;
}

void _ct_tune_side_start(_ct_tune_side *S, ct_analysis_t A, ct_family_t family,
                         const fmpq *c, const ct_instance_struct *insts, slong m,
                         int score_all, int ties, slong nthreads,
                         const ct_analysis_settings_struct *settings)
{
    S->A = A, S->family = family, S->c = c, S->insts = insts, S->m = m;
    static const ct_analysis_settings_struct defaults;
    S->own = settings != NULL ? *settings : defaults;
    S->own.phase.fn = NULL, S->own.phase.arg = NULL;
    S->nthreads = nthreads, S->settings = &S->own, S->score_all = score_all;
    S->ties = ties, S->rc = 0;
    S->err[0] = '\0';
    S->threaded = nthreads > 1 && pthread_create(&S->tid, NULL, side_thread, S) == 0;
}

int _ct_tune_side_join(_ct_tune_side *S, char *err, size_t errlen)
{
    if (S->threaded)
        pthread_join(S->tid, NULL);
    else
        side_run(S);
    if (S->rc && err != NULL)
        snprintf(err, errlen, "%s", S->err);
    return S->rc ? -1 : 0;
}
