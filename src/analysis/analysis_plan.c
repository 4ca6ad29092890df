/* analysis_plan: the chunks of a streamed analysis. A chunk is bounded by its
   nodes (the sign functions of an instance grow with its size), and on
   several threads also by a share of the set, so that every thread keeps
   busy. Tests force the size through CT_ANALYSIS_CHUNK_ENV. */
#include <stdlib.h>
#include <string.h>
#include "analysis_internal.h"

#define PLAN_CHUNKS_PER_THREAD 8 /* chunks per thread at least, to balance */
#define PLAN_UNKNOWN_NODES 32    /* the size assumed of an instance not yet read */

/* The chunk size forced by CT_ANALYSIS_CHUNK_ENV: "all" (one chunk), or at most
   N instances per chunk; 0 when unset or malformed. */
static slong plan_forced_chunk(slong m)
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
        most = (m + PLAN_CHUNKS_PER_THREAD * nthreads - 1) /
               (PLAN_CHUNKS_PER_THREAD * nthreads);
    slong forced = plan_forced_chunk(m);
    if (forced > 0)
        most = forced, budget = forced == m ? WORD_MAX : budget;
    slong n = 0, count = 0, nodes = 0;
    start[0] = 0;
    for (slong t = 0; t < m; t++) {
        slong w =
            src->nodes != NULL && src->nodes[t] > 0 ? src->nodes[t] : PLAN_UNKNOWN_NODES;
        if (count > 0 && (count == most || nodes > budget - w)) {
            start[++n] = t;
            count = nodes = 0;
        }
        count++;
        nodes += w;
    }
    start[++n] = m;
    if (forced > 0) /* what the tests check that they forced */
        fprintf(stderr, "certune: %s: %ld instances in %ld chunks\n",
                CT_ANALYSIS_CHUNK_ENV, (long)m, (long)n);
    return n;
}
