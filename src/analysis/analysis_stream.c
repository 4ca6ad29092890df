/* analysis_stream: a set analyzed as a stream of chunks, so that memory stays
   the profile so far plus a few chunks, whatever the number of instances.
   Chunks (contiguous instance ranges, _ct_analysis_plan_chunks) are fetched
   from a source, analyzed on a pool of threads (each chunk its own analysis;
   FLINT, Arb and GMP objects are never shared between threads), and pushed in
   chunk order into a binary counter of partial results: a result covering 2^j
   chunks is merged (ct_analysis_merge, exact) with its equal neighbour as soon
   as one appears, so each instance's breakpoints are copied O(log chunks)
   times. At most `window` chunks are analyzed or waiting ahead of the next one
   to push. Whichever thread finds the next chunk ready pushes it (one at a
   time), so merges overlap the other threads' analyses. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "analysis_internal.h"
#include "certune/pool.h"

#define STREAM_ERRLEN 1024
#define STREAM_DEPTH 64 /* > log2 of any chunk count */

typedef struct {
    ct_analysis_struct res;
    slong count; /* chunks merged into res */
} stream_level;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    const ct_analysis_family_struct *fam;
    const fmpq *c;
    const ct_analysis_source_struct *src;
    int score_all, ties;
    ct_analysis_settings_struct settings; /* the caller's, or the defaults */
    FILE *warn;
    slong nchunks, *start; /* chunk k: instances start[k] .. start[k + 1] - 1 */
    slong window, next, pushed, stop, done, running;
    slong inner; /* threads each chunk's analysis may use inside (ct_pool.h) */
    int merging;
    ct_analysis_struct *slot; /* chunk k's result waits in slot[k % window] */
    int *ready;
    char **wbuf; /* its warnings */
    size_t *wlen;
    stream_level stack[STREAM_DEPTH]; /* the counter, touched by the pusher only */
    slong top;
    char err[STREAM_ERRLEN]; /* the message of chunk stop */
    void (*progress)(void *arg, slong done, slong total);
    void *progress_arg;
} stream_state;

/* Records under the lock that chunk k failed with msg: chunks from the
   lowest failing one on are neither started nor pushed. */
static void stream_fail(stream_state *S, slong k, const char *msg)
{
    if (k < S->stop) {
        S->stop = k;
        snprintf(S->err, sizeof(S->err), "%s", msg);
    }
}

/* Analyzes chunk k (called without the lock) and files its result. */
static void stream_run_chunk(stream_state *S, slong k)
{
    slong a = S->start[k], n = S->start[k + 1] - a, w = k % S->window;
    char err[STREAM_ERRLEN], *buf = NULL;
    size_t len = 0;
    ct_analysis_struct R;
    int rc = -1;
    FILE *wf = S->warn != NULL ? open_memstream(&buf, &len) : NULL;
    const ct_instance_struct *insts = S->src->get(S->src->arg, a, n, err, sizeof(err));
    if (insts != NULL) {
        rc = _ct_analysis_run_chunk(&R, S->fam, S->c, insts, n, S->score_all, S->ties,
                                    &S->settings, wf, err, sizeof(err));
        S->src->put(S->src->arg, a, n, insts);
        if (rc)
            ct_analysis_clear(&R);
    }
    if (wf != NULL)
        fclose(wf);
    pthread_mutex_lock(&S->lock);
    S->running--;
    if (rc == 0) {
        S->slot[w] = R, S->wbuf[w] = buf, S->wlen[w] = len, S->ready[w] = 1;
        S->done += n;
        if (S->progress != NULL)
            S->progress(S->progress_arg, S->done, S->src->m);
    } else {
        free(buf);
        stream_fail(S, k, err);
    }
    pthread_cond_broadcast(&S->cond);
    pthread_mutex_unlock(&S->lock);
}

/* Merges the counter's two top results (the lower one holds the earlier
   instances). Returns 0, or -1 with err set (the top is then an empty
   analysis, still to be cleared). */
static int stream_merge_top(stream_state *S, char *err, size_t errlen)
{
    stream_level *a = S->stack + S->top - 2, *b = a + 1;
    ct_analysis_t R;
    int rc = ct_analysis_merge(R, &a->res, &b->res, err, errlen);
    ct_analysis_clear(&a->res);
    ct_analysis_clear(&b->res);
    a->res = *R;
    a->count += b->count;
    S->top--;
    return rc;
}

/* Pushes chunk k's result R (its warnings first, in chunk order) and carries
   like a binary counter. Called without the lock, by one thread at a time. */
static int stream_push(stream_state *S, ct_analysis_struct *R, char *buf, size_t len,
                       char *err, size_t errlen)
{
    if (S->warn != NULL && len > 0)
        fwrite(buf, 1, len, S->warn);
    free(buf);
    S->stack[S->top].res = *R;
    S->stack[S->top].count = 1;
    S->top++;
    while (S->top >= 2 && S->stack[S->top - 2].count == S->stack[S->top - 1].count)
        if (stream_merge_top(S, err, errlen))
            return -1;
    return 0;
}

/* Under the lock: pushes the next chunk if it is ready and nobody pushes.
   Returns 1 when it did something. */
static int stream_try_push(stream_state *S)
{
    slong k = S->pushed, w = k % S->window;
    if (S->merging || k >= FLINT_MIN(S->nchunks, S->stop) || !S->ready[w])
        return 0;
    ct_analysis_struct R = S->slot[w];
    char *buf = S->wbuf[w], err[STREAM_ERRLEN];
    size_t len = S->wlen[w];
    S->ready[w] = 0, S->wbuf[w] = NULL, S->merging = 1;
    pthread_mutex_unlock(&S->lock);
    int rc = stream_push(S, &R, buf, len, err, sizeof(err));
    pthread_mutex_lock(&S->lock);
    if (rc)
        stream_fail(S, k, err);
    S->pushed++, S->merging = 0;
    pthread_cond_broadcast(&S->cond);
    return 1;
}

/* Under the lock: starts the next chunk when the window allows. Returns 1
   when it did. */
static int stream_try_run(stream_state *S)
{
    slong k = S->next;
    if (k >= FLINT_MIN(S->nchunks, S->stop) || k >= S->pushed + S->window)
        return 0;
    S->next++, S->running++;
    pthread_mutex_unlock(&S->lock);
    stream_run_chunk(S, k);
    pthread_mutex_lock(&S->lock);
    return 1;
}

/* Each thread's loop: push, else analyze, else wait; ends when every chunk
   before the stop is pushed and no chunk is being analyzed. */
static void stream_loop(stream_state *S)
{
    slong inner = ct_pool_set_inner_threads(S->inner);
    pthread_mutex_lock(&S->lock);
    while (S->pushed < FLINT_MIN(S->nchunks, S->stop) || S->running > 0) {
        if (stream_try_push(S) || stream_try_run(S))
            continue;
        pthread_cond_wait(&S->cond, &S->lock);
    }
    pthread_mutex_unlock(&S->lock);
    ct_pool_set_inner_threads(inner);
}

static void *stream_worker(void *arg)
{
    stream_loop(arg);
    flint_cleanup(); /* this thread's FLINT/Arb caches */
    return NULL;
}

static void stream_init(stream_state *S, const ct_analysis_source_struct *src,
                        slong nthreads)
{
    memset(S, 0, sizeof(*S));
    pthread_mutex_init(&S->lock, NULL);
    pthread_cond_init(&S->cond, NULL);
    S->src = src;
    S->start = flint_malloc((src->m + 1) * sizeof(slong));
    S->nchunks = _ct_analysis_plan_chunks(S->start, src, nthreads);
    S->stop = S->nchunks;
    S->window = 2 * nthreads;
    S->slot = flint_malloc(S->window * sizeof(ct_analysis_struct));
    S->ready = flint_calloc(S->window, sizeof(int));
    S->wbuf = flint_calloc(S->window, sizeof(char *));
    S->wlen = flint_calloc(S->window, sizeof(size_t));
    _ct_analysis_get_progress(&S->progress, &S->progress_arg);
}

/* Frees the state and what is left in it (results past a failure). */
static void stream_clear(stream_state *S)
{
    for (slong w = 0; w < S->window; w++) {
        if (S->ready[w])
            ct_analysis_clear(S->slot + w);
        free(S->wbuf[w]);
    }
    for (slong j = 0; j < S->top; j++)
        ct_analysis_clear(&S->stack[j].res);
    flint_free(S->wlen);
    flint_free(S->wbuf);
    flint_free(S->ready);
    flint_free(S->slot);
    flint_free(S->start);
    pthread_cond_destroy(&S->cond);
    pthread_mutex_destroy(&S->lock);
}

/* Runs the loop on nthreads threads (the calling thread is one of them). */
static void stream_run_pool(stream_state *S, slong nthreads)
{
    pthread_t *tid = flint_malloc(FLINT_MAX(nthreads, 1) * sizeof(pthread_t));
    slong started = 0;
    /* FLINT sets its fmpz allocator's page constants (process globals) on the
       first large integer: do that here, before any worker races to. */
    fmpz_t big;
    fmpz_init_set_ui(big, 1);
    fmpz_mul_2exp(big, big, 2 * FLINT_BITS);
    fmpz_clear(big);
    ct_analysis_set_progress(NULL, NULL);
    for (slong t = 1; t < nthreads; t++)
        if (pthread_create(tid + started, NULL, stream_worker, S) == 0)
            started++;
    stream_loop(S); /* the caller works too, without flint_cleanup */
    for (slong t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    ct_analysis_set_progress(S->progress, S->progress_arg);
    flint_free(tid);
}

int ct_analysis_run_stream(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, const ct_analysis_source_struct *src,
                           int score_all, int ties, slong nthreads,
                           const ct_analysis_settings_struct *settings, FILE *warn,
                           char *err, size_t errlen)
{
    if (src->m < 1) {
        _ct_analysis_init_family(A, fam, 0);
        snprintf(err, errlen, "no instance given");
        return -1;
    }
    stream_state S;
    stream_init(&S, src, FLINT_MAX(nthreads, 1));
    S.fam = fam, S.c = c, S.score_all = score_all, S.ties = ties, S.warn = warn;
    if (settings != NULL)
        S.settings = *settings; /* else zeroed by stream_init: the defaults */
    /* fewer chunks than threads (one large instance): the spare threads work
       inside each chunk's analysis */
    slong used = FLINT_MIN(FLINT_MAX(nthreads, 1), S.nchunks);
    S.inner = FLINT_MAX(nthreads, 1) / FLINT_MAX(used, 1);
    stream_run_pool(&S, used);
    int rc = S.stop < S.nchunks ? -1 : 0;
    while (rc == 0 && S.top >= 2)
        rc = stream_merge_top(&S, S.err, sizeof(S.err));
    if (rc == 0) {
        *A = S.stack[0].res;
        S.top = 0;
    } else {
        snprintf(err, errlen, "%s", S.err);
        _ct_analysis_init_family(A, fam, src->m);
    }
    stream_clear(&S);
    return rc;
}
