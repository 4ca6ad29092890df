/* analysis_threads: a set held in memory analyzed as a stream of chunks
   (analysis_stream.c) on any number of threads; ct_analysis_run and
   ct_analysis_run_ties are that on one thread. The result does not depend on
   the chunks: ct_analysis_merge is exact. */
#include <stdlib.h>
#include <string.h>
#include "analysis_internal.h"

static const ct_instance_struct *threads_get(void *arg, slong first, slong n, char *err,
                                             size_t errlen)
{
    (void)n, (void)err, (void)errlen;
    return (const ct_instance_struct *)arg + first;
}

static void threads_put(void *arg, slong first, slong n, const ct_instance_struct *insts)
{
    (void)arg, (void)first, (void)n, (void)insts; /* the caller owns them */
}

int ct_analysis_run_threads(ct_analysis_t A, const ct_analysis_family_struct *fam,
                            const fmpq_t c, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads,
                            const ct_analysis_settings_struct *settings, FILE *warn,
                            char *err, size_t errlen)
{
    if (ct_analysis_check(insts, m, score_all, ties, err, errlen)) {
        _ct_analysis_init_family(A, fam, m);
        return -1;
    }
    slong *nodes = flint_malloc(m * sizeof(slong));
    for (slong t = 0; t < m; t++)
        nodes[t] = insts[t].n;
    ct_analysis_source_struct src = {m, nodes, threads_get, threads_put, (void *)insts};
    int rc = ct_analysis_run_stream(A, fam, c, &src, score_all, ties, nthreads, settings,
                                    warn, err, errlen);
    flint_free(nodes);
    return rc;
}

int ct_analysis_run(ct_analysis_t A, const ct_analysis_family_struct *fam, const fmpq_t c,
                    const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                    char *err, size_t errlen)
{
    return ct_analysis_run_ties(A, fam, c, insts, m, score_all, CT_SIGNFN_TIES_SMALLEST,
                                warn, err, errlen);
}

int ct_analysis_run_ties(ct_analysis_t A, const ct_analysis_family_struct *fam,
                         const fmpq_t c, const ct_instance_struct *insts, slong m,
                         int score_all, int ties, FILE *warn, char *err, size_t errlen)
{
    return ct_analysis_run_threads(A, fam, c, insts, m, score_all, ties, 1, NULL, warn,
                                   err, errlen);
}
