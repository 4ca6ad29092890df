/* evaluate_threads: the instances' exact signs on several threads. Each
   instance is independent (its own FLINT and Arb objects); the results are
   appended in instance order by the caller, so they do not depend on the
   thread count. */
#include <pthread.h>
#include "evaluate_internal.h"

typedef struct {
    pthread_mutex_t lock;
    int **sgn;
    const ct_evaluate_struct *E;
    const ct_instance_struct *insts;
    slong m, next;
    int score_all;
} evaluate_pool;

static void *evaluate_worker(void *arg)
{
    evaluate_pool *P = arg;
    for (;;) {
        pthread_mutex_lock(&P->lock);
        slong t = P->next < P->m ? P->next++ : -1;
        pthread_mutex_unlock(&P->lock);
        if (t < 0)
            break;
        P->sgn[t] = _ct_evaluate_instance_signs(P->E, P->insts + t, P->score_all);
    }
    return NULL;
}

static void *evaluate_thread(void *arg)
{
    evaluate_worker(arg);
    flint_cleanup(); /* this thread's FLINT and Arb caches */
    return NULL;
}

void _ct_evaluate_all_signs(int **sgn, const ct_evaluate_struct *E,
                            const ct_instance_struct *insts, slong m, int score_all,
                            slong nthreads)
{
    evaluate_pool P = {PTHREAD_MUTEX_INITIALIZER, sgn, E, insts, m, 0, score_all};
    slong extra = FLINT_MIN(FLINT_MAX(nthreads, 1), m) - 1, started = 0;
    pthread_t *th = flint_malloc(FLINT_MAX(extra, 1) * sizeof(pthread_t));
    for (slong k = 0; k < extra; k++)
        started += pthread_create(th + started, NULL, evaluate_thread, &P) == 0;
    evaluate_worker(&P); /* the caller is one of the workers */
    for (slong k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    flint_free(th);
    pthread_mutex_destroy(&P.lock);
}
