/* analysis_threads: a set held in memory analyzed as a stream of chunks
   (analysis_stream.c) on any number of threads, and the chunk plan. The
   result does not depend on the chunks: ct_analysis_merge is exact. */
#include <stdlib.h>
#include <string.h>
#include "analysis_internal.h"

#define THREADS_CHUNKS_PER_THREAD 8 /* chunks per thread at least, to balance */
#define THREADS_UNKNOWN_NODES 32    /* the size assumed of an instance not yet read */

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

/* The chunk size forced by CT_ANALYSIS_CHUNK_ENV: "all" (one chunk), or at most
   N instances per chunk; 0 when unset or malformed. */
static slong threads_forced_chunk(slong m)
{
    const char *env = getenv(CT_ANALYSIS_CHUNK_ENV);
    if (env == NULL)
        return 0;
    if (strcmp(env, "all") == 0)
        return m;
    char *end;
    long v = strtol(env, &end, 10);
    return *end == '\0' && v >= 1 ? (slong)v : 0;
}

slong _ct_analysis_plan_chunks(slong *start, const ct_analysis_source_struct *src,
                               slong nthreads)
{
    slong m = src->m, most = m, budget = CT_ANALYSIS_CHUNK_NODES;
    if (nthreads > 1) /* enough chunks for every thread to keep busy */
        most = (m + THREADS_CHUNKS_PER_THREAD * nthreads - 1) /
               (THREADS_CHUNKS_PER_THREAD * nthreads);
    slong forced = threads_forced_chunk(m);
    if (forced > 0)
        most = forced, budget = forced == m ? WORD_MAX : budget;
    slong n = 0, count = 0, nodes = 0;
    start[0] = 0;
    for (slong t = 0; t < m; t++) {
        slong w = src->nodes != NULL ? src->nodes[t] : THREADS_UNKNOWN_NODES;
        if (count > 0 && (count == most || nodes > budget - w)) {
            start[++n] = t;
            count = nodes = 0;
        }
        count++;
        nodes += w;
    }
    start[++n] = m;
    return n;
}

int ct_analysis_run_threads(ct_analysis_t A, const ct_analysis_family_struct *fam,
                            const fmpq_t c, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads, FILE *warn,
                            char *err, size_t errlen)
{
    if (ct_analysis_check(insts, m, score_all, ties, err, errlen)) {
        ct_analysis_init_empty(A, fam->id, m);
        return -1;
    }
    slong *nodes = flint_malloc(m * sizeof(slong));
    for (slong t = 0; t < m; t++)
        nodes[t] = insts[t].n;
    ct_analysis_source_struct src = {m, nodes, threads_get, threads_put, (void *)insts};
    int rc = ct_analysis_run_stream(A, fam, c, &src, score_all, ties, nthreads, warn, err,
                                    errlen);
    flint_free(nodes);
    return rc;
}
