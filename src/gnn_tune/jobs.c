/* gnn_tune: independent training runs, spread over a few threads. */
#include <pthread.h>
#include <stdlib.h>
#include "certune/mem.h"
#include "gnn_tune_internal.h"

void _ct_gnn_tune_run_job(_ct_gnn_tune_job *job, const ct_gnn_tune_problem_struct *P,
                          const ct_gnn_tune_opts *o)
{
    ct_gnn_arch_struct arch = o->arch;
    ct_gnn_train_opts t = o->train;
    if (arch.kind == CT_GNN_SGC)
        t.beta = job->h;
    else
        arch.eta = job->h;
    if (job->base >= 0)
        arch.kind = job->base;
    if (job->epochs >= 0)
        t.epochs = job->epochs;
    if (job->patience >= 0)
        t.patience = job->patience;
    t.learn_hyper = job->learn;
    t.trace = job->trace;
    const ct_gnn_tune_side_struct *S = P->side + job->side;
    ct_gnn_train_run(&job->res, &arch, &t, S->D, S->X, S->A, S->split, job->seed, NULL);
}

typedef struct {
    _ct_gnn_tune_job *jobs;
    slong n, next;
    const ct_gnn_tune_problem_struct *P;
    const ct_gnn_tune_opts *o;
    pthread_mutex_t lock;
} job_queue;

static void *job_worker(void *arg)
{
    job_queue *q = arg;
    for (;;) {
        pthread_mutex_lock(&q->lock);
        slong j = q->next < q->n ? q->next++ : -1;
        pthread_mutex_unlock(&q->lock);
        if (j < 0)
            return NULL;
        _ct_gnn_tune_run_job(q->jobs + j, q->P, q->o);
    }
}

void _ct_gnn_tune_run_jobs(_ct_gnn_tune_job *jobs, slong n,
                           const ct_gnn_tune_problem_struct *P, const ct_gnn_tune_opts *o)
{
    job_queue q = {jobs, n, 0, P, o, PTHREAD_MUTEX_INITIALIZER};
    slong extra = (o->threads < n ? o->threads : n) - 1, started = 0;
    pthread_t *tid = ct_mem_malloc(sizeof(pthread_t) * (size_t)(extra > 0 ? extra : 1));
    for (slong k = 0; k < extra; k++)
        if (pthread_create(tid + started, NULL, job_worker, &q) == 0)
            started++; /* a thread that fails to start leaves its jobs to the others */
    job_worker(&q);
    for (slong k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    free(tid);
    pthread_mutex_destroy(&q.lock);
}
