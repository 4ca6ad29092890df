/* gnn_tune: independent training runs, spread over a few threads. */
#include "certune/pool.h"
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
    const ct_gnn_tune_side_struct *S = P->side + job->side, *T = P->side + 1;
    ct_gnn_train_other other = {T->D, T->X, T->A, T->split};
    if (job->side == 0) /* inductive: the network trained here, on the test side */
        t.other = &other, t.other_trace = job->other_trace;
    ct_gnn_train_run(&job->res, &arch, &t, S->D, S->X, S->A, S->split, job->seed, NULL);
}

typedef struct {
    _ct_gnn_tune_job *jobs;
    const ct_gnn_tune_problem_struct *P;
    const ct_gnn_tune_opts *o;
} job_list;

static void job_run_one(void *arg, slong j)
{
    job_list *q = arg;
    _ct_gnn_tune_run_job(q->jobs + j, q->P, q->o);
}

/* The pool shared with the exact side (ct_pool_for): a run's result depends
   on its job alone, so the order the threads take them in does not matter. */
void _ct_gnn_tune_run_jobs(_ct_gnn_tune_job *jobs, slong n,
                           const ct_gnn_tune_problem_struct *P, const ct_gnn_tune_opts *o)
{
    job_list q = {jobs, P, o};
    ct_pool_for(n, o->threads, job_run_one, NULL, &q);
}
