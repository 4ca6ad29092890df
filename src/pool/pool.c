/* pool: independent per-index work on a pool of POSIX threads (`bounds
   --threads N`, tune's direct solves): indices are handed out one at a time,
   each result is stored by its index, so the caller's output keeps the order. */
#include <pthread.h>
#include <flint/fmpz.h>
#include "certune/pool.h"

typedef struct {
    pthread_mutex_t lock;
    slong n, next, done;
    void (*fn)(void *arg, slong t);
    void (*progress)(void *arg, slong done);
    void *arg;
} pool_state;

static void *pool_work(pool_state *P)
{
    for (;;) {
        pthread_mutex_lock(&P->lock);
        slong t = P->next < P->n ? P->next++ : -1;
        pthread_mutex_unlock(&P->lock);
        if (t < 0)
            return NULL;
        P->fn(P->arg, t);
        pthread_mutex_lock(&P->lock);
        P->done++;
        if (P->progress != NULL)
            P->progress(P->arg, P->done);
        pthread_mutex_unlock(&P->lock);
    }
}

static void *pool_worker(void *arg)
{
    pool_work(arg);
    flint_cleanup(); /* this thread's FLINT/Arb caches */
    return NULL;
}

void ct_pool_for(slong n, slong nthreads, void (*fn)(void *arg, slong t),
                 void (*progress)(void *arg, slong done), void *arg)
{
    pool_state P = {PTHREAD_MUTEX_INITIALIZER, n, 0, 0, fn, progress, arg};
    slong w = FLINT_MAX(1, FLINT_MIN(nthreads, n)), started = 0;
    pthread_t *tid = flint_malloc(w * sizeof(pthread_t));
    fmpz_t big; /* FLINT's allocator constants, set before any worker runs */
    fmpz_init_set_ui(big, 1);
    fmpz_mul_2exp(big, big, 2 * FLINT_BITS);
    fmpz_clear(big);
    for (slong k = 1; k < w; k++)
        started += pthread_create(tid + started, NULL, pool_worker, &P) == 0;
    pool_work(&P); /* the calling thread works too */
    for (slong k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    flint_free(tid);
    pthread_mutex_destroy(&P.lock);
}

static _Thread_local slong pool_inner = 1;

slong ct_pool_set_inner_threads(slong n)
{
    slong old = pool_inner;
    pool_inner = FLINT_MAX(n, 1);
    return old;
}

slong ct_pool_inner_threads(void)
{
    return pool_inner;
}
