/* analysis_threads: one analysis on several cores. Instances are independent
   until their breakpoints are merged, so contiguous chunks are analyzed by a
   pool of threads (each chunk its own analysis; FLINT, Arb and GMP objects are
   never shared between threads) and the chunk results are merged exactly, in
   a fixed tree order, by ct_analysis_merge. The process-wide progress hook is
   detached while the workers run and fed by them under the pool's lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "analysis_internal.h"

#define THREADS_CHUNKS_PER_THREAD 8
#define THREADS_ERRLEN 1024

typedef struct {
    pthread_mutex_t lock;
    const ct_analysis_family_struct *fam;
    const fmpq *c;
    const ct_instance_struct *insts;
    slong m, nchunks, next, done;
    int score_all, ties, warn_on;
    slong *start;            /* chunk k is instances start[k] .. start[k + 1] - 1 */
    ct_analysis_struct *res; /* per chunk */
    int *rc;
    char (*err)[THREADS_ERRLEN];
    char **warn_buf;
    size_t *warn_len;
    void (*progress)(void *arg, slong done, slong total);
    void *progress_arg;
} threads_pool;

static void threads_run_chunk(threads_pool *P, slong k)
{
    FILE *w = P->warn_on ? open_memstream(P->warn_buf + k, P->warn_len + k) : NULL;
    slong a = P->start[k], n = P->start[k + 1] - a;
    P->rc[k] = ct_analysis_run_ties(P->res + k, P->fam, P->c, P->insts + a, n,
                                    P->score_all, P->ties, w, P->err[k], THREADS_ERRLEN);
    if (w != NULL)
        fclose(w);
    pthread_mutex_lock(&P->lock);
    P->done += n;
    if (P->progress != NULL)
        P->progress(P->progress_arg, P->done, P->m);
    pthread_mutex_unlock(&P->lock);
}

static void *threads_worker(void *arg)
{
    threads_pool *P = arg;
    for (;;) {
        pthread_mutex_lock(&P->lock);
        slong k = P->next < P->nchunks ? P->next++ : -1;
        pthread_mutex_unlock(&P->lock);
        if (k < 0)
            break;
        threads_run_chunk(P, k);
    }
    flint_cleanup(); /* this thread's FLINT/Arb caches */
    return NULL;
}

/* Merges the chunk results pairwise, level by level (a fixed order); the union
   ends in res[0]. Returns -1 with err set when a merge refuses. */
static int threads_merge(ct_analysis_struct *res, slong n, char *err, size_t errlen)
{
    for (slong w = 1; w < n; w *= 2)
        for (slong i = 0; i + w < n; i += 2 * w) {
            ct_analysis_t R;
            int rc = ct_analysis_merge(R, res + i, res + i + w, err, errlen);
            ct_analysis_clear(res + i);
            ct_analysis_clear(res + i + w);
            res[i] = *R;
            if (rc) { /* clears what is still live */
                for (slong j = 0; j <= i; j += 2 * w)
                    ct_analysis_clear(res + j);
                for (slong j = i + 2 * w; j < n; j += w)
                    ct_analysis_clear(res + j);
                return -1;
            }
        }
    return 0;
}

static void threads_pool_init(threads_pool *P, slong m, slong nthreads)
{
    memset(P, 0, sizeof(*P));
    pthread_mutex_init(&P->lock, NULL);
    P->m = m;
    P->nchunks = FLINT_MIN(m, THREADS_CHUNKS_PER_THREAD * nthreads);
    P->start = flint_malloc((P->nchunks + 1) * sizeof(slong));
    for (slong k = 0; k <= P->nchunks; k++)
        P->start[k] = k * m / P->nchunks;
    P->res = flint_malloc(P->nchunks * sizeof(ct_analysis_struct));
    P->rc = flint_calloc(P->nchunks, sizeof(int));
    P->err = flint_calloc(P->nchunks, THREADS_ERRLEN);
    P->warn_buf = flint_calloc(P->nchunks, sizeof(char *));
    P->warn_len = flint_calloc(P->nchunks, sizeof(size_t));
    _ct_analysis_get_progress(&P->progress, &P->progress_arg);
}

static void threads_pool_clear(threads_pool *P)
{
    for (slong k = 0; k < P->nchunks; k++)
        free(P->warn_buf[k]);
    flint_free(P->warn_buf);
    flint_free(P->warn_len);
    flint_free(P->err);
    flint_free(P->rc);
    flint_free(P->res);
    flint_free(P->start);
    pthread_mutex_destroy(&P->lock);
}

/* Runs the pool on nthreads threads (the calling thread is one of them). */
static void threads_pool_run(threads_pool *P, slong nthreads)
{
    pthread_t *tid = flint_malloc(nthreads * sizeof(pthread_t));
    slong started = 0;
    /* FLINT sets its fmpz allocator's page constants (process globals) on the
       first large integer: do that here, before any worker races to. */
    fmpz_t big;
    fmpz_init_set_ui(big, 1);
    fmpz_mul_2exp(big, big, 2 * FLINT_BITS);
    fmpz_clear(big);
    ct_analysis_set_progress(NULL, NULL);
    for (slong t = 1; t < nthreads; t++)
        if (pthread_create(tid + started, NULL, threads_worker, P) == 0)
            started++;
    for (;;) { /* the caller works too, without flint_cleanup */
        pthread_mutex_lock(&P->lock);
        slong k = P->next < P->nchunks ? P->next++ : -1;
        pthread_mutex_unlock(&P->lock);
        if (k < 0)
            break;
        threads_run_chunk(P, k);
    }
    for (slong t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    ct_analysis_set_progress(P->progress, P->progress_arg);
    flint_free(tid);
}

int ct_analysis_run_threads(ct_analysis_t A, const ct_analysis_family_struct *fam,
                            const fmpq_t c, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads, FILE *warn,
                            char *err, size_t errlen)
{
    if (nthreads <= 1 || m < 2)
        return ct_analysis_run_ties(A, fam, c, insts, m, score_all, ties, warn, err,
                                    errlen);
    threads_pool P;
    threads_pool_init(&P, m, nthreads);
    P.fam = fam, P.c = c, P.insts = insts;
    P.score_all = score_all, P.ties = ties, P.warn_on = warn != NULL;
    threads_pool_run(&P, FLINT_MIN(nthreads, P.nchunks));
    int rc = 0;
    for (slong k = 0; k < P.nchunks; k++) {
        if (warn != NULL && P.warn_len[k] > 0)
            fwrite(P.warn_buf[k], 1, P.warn_len[k], warn);
        if (P.rc[k] && rc == 0) {
            snprintf(err, errlen, "%s", P.err[k]);
            rc = -1;
        }
    }
    if (rc == 0)
        rc = threads_merge(P.res, P.nchunks, err, errlen);
    else
        for (slong k = 0; k < P.nchunks; k++)
            ct_analysis_clear(P.res + k);
    if (rc == 0)
        *A = P.res[0];
    else
        ct_analysis_init_empty(A, fam->id, m);
    threads_pool_clear(&P);
    return rc;
}
