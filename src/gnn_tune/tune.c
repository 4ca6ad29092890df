/* gnn_tune: the three tuners and the two fixed-value baselines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "certune/mem.h"
#include "certune/gnn_gp.h"
#include "certune/gnn_stats.h"
#include "gnn_tune_internal.h"

void ct_gnn_tune_opts_init(ct_gnn_tune_opts *o, int kind)
{
    memset(o, 0, sizeof(*o));
    ct_gnn_model_arch_init(&o->arch, kind);
    ct_gnn_train_opts_init(&o->train, kind);
    if (kind != CT_GNN_SGC) { /* the paper's appendix, docs/gnn.md */
        o->arch.hidden = 1;
        o->arch.heads = 3;
        o->arch.dropout = o->arch.att_dropout = 0.4;
        o->train.lr = 7e-3;
        o->train.epochs = 1000;
        o->train.patience = 100;
        o->train.patience_loss = 1;
    }
    o->runs = 3;
    o->grid = 11;
    o->bo_evals = 15;
    o->bo_init = 4;
    o->threads = 2;
}

const char *ct_gnn_tune_method_name(int method, int kind)
{
    static const char *names[] = {"grid", "backprop", "bo"};
    if (method >= 0 && method < CT_GNN_TUNE_BASE0)
        return names[method];
    if (kind == CT_GNN_SGC)
        return method == CT_GNN_TUNE_BASE0 ? "beta0" : "beta1";
    return method == CT_GNN_TUNE_BASE0 ? "gcn" : "gat";
}

void ct_gnn_tune_result_clear(ct_gnn_tune_result *res)
{
    free(res->steps);
    free(res->test_acc);
    memset(res, 0, sizeof(*res));
}

static void push_step(ct_gnn_tune_result *res, slong run, slong step, double x,
                      double val_acc, double test_acc, slong passes)
{
    if ((res->nsteps & (res->nsteps - 1)) == 0) /* 0, 1, 2, 4, ...: double */
        res->steps =
            ct_mem_realloc(res->steps, sizeof(ct_gnn_tune_step) *
                                           (size_t)(res->nsteps ? 2 * res->nsteps : 1));
    ct_gnn_tune_step *s = res->steps + res->nsteps++;
    s->run = run, s->step = step, s->x = x, s->val_acc = val_acc;
    s->test_acc = test_acc, s->passes = passes;
}

static _ct_gnn_tune_job job_make(int side, int base, double h, uint64_t seed)
{
    _ct_gnn_tune_job j;
    memset(&j, 0, sizeof(j));
    j.side = side, j.base = base, j.h = h, j.seed = seed;
    j.epochs = j.patience = -1;
    return j;
}

static void tune_grid(ct_gnn_tune_result *res, const ct_gnn_tune_problem_t P,
                      const ct_gnn_tune_opts *o)
{
    slong G = o->grid, R = o->grid_runs > 0 ? o->grid_runs : o->runs;
    _ct_gnn_tune_job *jobs = ct_mem_malloc(sizeof(_ct_gnn_tune_job) * (size_t)(G * R));
    for (slong g = 0; g < G; g++)
        for (slong r = 0; r < R; r++)
            jobs[g * R + r] = job_make(0, -1, (double)g / (double)(G - 1), (uint64_t)r);
    _ct_gnn_tune_run_jobs(jobs, G * R, P, o);
    res->val_acc = -1;
    for (slong g = 0; g < G; g++) {
        double x = jobs[g * R].h, sum = 0, tsum = 0;
        for (slong r = 0; r < R; r++) {
            const ct_gnn_train_result *tr = &jobs[g * R + r].res;
            sum += tr->val_acc;
            tsum += tr->other_acc;
            res->forward_passes += tr->forward_passes;
            res->unconverged += !tr->converged;
        }
        double mean = sum / (double)R;
        push_step(res, -1, g, x, mean, tsum / (double)R, res->forward_passes);
        if (o->progress != NULL)
            fprintf(o->progress, "tune grid step %ld/%ld value %g val_acc %.4f\n",
                    (long)g + 1, (long)G, x, mean);
        if (mean > res->val_acc) /* ties go to the smaller value */
            res->val_acc = mean, res->value = x;
    }
    free(jobs);
}

/* Run r's trajectory: every 10th epoch, the first and the last. */
static void backprop_steps(ct_gnn_tune_result *res, const _ct_gnn_tune_job *job, slong r,
                           const ct_gnn_tune_opts *o)
{
    const double *trace = job->trace;
    slong last = job->res.epochs_run;
    for (slong e = 1; e <= last; e++) {
        if (e % 10 != 0 && e != 1 && e != last)
            continue;
        push_step(res, r, e, trace[2 * (e - 1)], trace[2 * (e - 1) + 1],
                  job->other_trace[e - 1], 2 * e);
        if (o->progress != NULL && (e % 100 == 0 || e == last))
            fprintf(o->progress,
                    "tune backprop run %ld/%ld epoch %ld value %.4f val_acc %.4f\n",
                    (long)r + 1, (long)o->runs, (long)e, trace[2 * (e - 1)],
                    trace[2 * (e - 1) + 1]);
    }
}

static void tune_backprop(ct_gnn_tune_result *res, const ct_gnn_tune_problem_t P,
                          const ct_gnn_tune_opts *o)
{
    slong R = o->runs, cap = o->train.epochs;
    double start = 0.5; /* the middle: the baselines cover both ends */
    double *trace = ct_mem_malloc(sizeof(double) * (size_t)(3 * cap * R));
    _ct_gnn_tune_job *jobs = ct_mem_malloc(sizeof(_ct_gnn_tune_job) * (size_t)R);
    for (slong r = 0; r < R; r++) {
        jobs[r] = job_make(0, -1, start, (uint64_t)r);
        jobs[r].learn = 1;
        jobs[r].trace = trace + 2 * cap * r;
        jobs[r].other_trace = trace + 2 * cap * R + cap * r;
    }
    for (slong i = 2 * cap * R; i < 3 * cap * R; i++)
        trace[i] = NAN; /* SGC is not scored on the test side */
    _ct_gnn_tune_run_jobs(jobs, R, P, o);
    double vsum = 0, hsum = 0;
    for (slong r = 0; r < R; r++) {
        backprop_steps(res, jobs + r, r, o);
        res->forward_passes += jobs[r].res.forward_passes;
        res->unconverged += !jobs[r].res.converged;
        hsum += jobs[r].res.hyper_best;
        vsum += jobs[r].res.val_acc;
    }
    /* each run's value at its best validation epoch, averaged over the runs */
    res->value = hsum / (double)R;
    res->val_acc = vsum / (double)R;
    free(jobs);
    free(trace);
}

/* BO's objective: one training run of a fixed length (no early stopping, so
   that the forward passes add up to the budget exactly). */
typedef struct {
    const ct_gnn_tune_problem_struct *P;
    const ct_gnn_tune_opts *o;
    ct_gnn_tune_result *res;
    slong k, n, base, extra; /* evaluation k of n: base + (k < extra) epochs */
} bo_ctx;

static double bo_objective(double x, void *arg)
{
    bo_ctx *c = arg;
    slong epochs = c->base + (c->k < c->extra);
    _ct_gnn_tune_job job = job_make(0, -1, x, (uint64_t)c->k);
    job.epochs = epochs;
    job.patience = 0;
    _ct_gnn_tune_run_job(&job, c->P, c->o);
    const ct_gnn_train_result tr = job.res;
    /* not counted in unconverged: these runs are cut short by design */
    c->res->forward_passes += tr.forward_passes;
    push_step(c->res, -1, c->k, x, tr.val_acc, tr.other_acc, c->res->forward_passes);
    if (c->o->progress != NULL)
        fprintf(c->o->progress,
                "tune bo step %ld/%ld value %.4f val_acc %.4f (%ld epochs)\n",
                (long)c->k + 1, (long)c->n, x, tr.val_acc, (long)epochs);
    c->k++;
    return tr.val_acc;
}

static int tune_bo(ct_gnn_tune_result *res, const ct_gnn_tune_problem_t P,
                   const ct_gnn_tune_opts *o, slong hint)
{
    slong budget = o->budget > 0 ? o->budget
                   : hint > 0    ? hint
                                 : 2 * o->runs * o->train.epochs;
    slong epochs = budget / 2 > 0 ? budget / 2 : 1; /* a pass to train, one to score */
    slong n = epochs / 10 < o->bo_evals ? epochs / 10 : o->bo_evals;
    n = n < 1 ? 1 : n;
    bo_ctx c = {P, o, res, 0, n, epochs / n, epochs % n};
    ct_gnn_gp_bo_opts_t bo;
    ct_gnn_gp_bo_opts_default(&bo, 0);
    bo.budget = n;
    bo.n_init = o->bo_init < n ? o->bo_init : n;
    ct_gnn_gp_bo_result_t br;
    int rc = ct_gnn_gp_bo(&br, bo_objective, &c, &bo);
    if (rc == CT_GNN_GP_OK)
        res->value = br.best_x, res->val_acc = br.best_y;
    ct_gnn_gp_bo_result_clear(&br);
    return rc == CT_GNN_GP_OK ? 0 : -1;
}

/* runs training runs on the test side at res->value. */
static void tune_test(ct_gnn_tune_result *res, const ct_gnn_tune_problem_t P,
                      const ct_gnn_tune_opts *o, int base)
{
    slong R = o->runs;
    _ct_gnn_tune_job *jobs = ct_mem_malloc(sizeof(_ct_gnn_tune_job) * (size_t)R);
    for (slong r = 0; r < R; r++)
        jobs[r] = job_make(1, base, res->value, (uint64_t)r);
    _ct_gnn_tune_run_jobs(jobs, R, P, o);
    res->runs = R;
    res->test_acc = ct_mem_malloc(sizeof(double) * (size_t)R);
    for (slong r = 0; r < R; r++) {
        res->test_acc[r] = jobs[r].res.test_acc;
        res->test_passes += jobs[r].res.forward_passes;
        res->unconverged += !jobs[r].res.converged;
        if (o->progress != NULL)
            fprintf(o->progress, "tune %s test run %ld/%ld value %g test_acc %.4f\n",
                    ct_gnn_tune_method_name(res->method, o->arch.kind), (long)r + 1,
                    (long)R, res->value, res->test_acc[r]);
    }
    ct_gnn_stats_mean_ci90(&res->test_mean, NULL, &res->test_ci90, res->test_acc, R);
    free(jobs);
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int ct_gnn_tune_run(ct_gnn_tune_result *res, int method, const ct_gnn_tune_problem_t P,
                    const ct_gnn_tune_opts *opts, slong budget_hint)
{
    memset(res, 0, sizeof(*res));
    res->method = method;
    double t0 = wall_seconds();
    int rc = 0, base = -1, sgc = opts->arch.kind == CT_GNN_SGC;
    if (method == CT_GNN_TUNE_GRID)
        tune_grid(res, P, opts);
    else if (method == CT_GNN_TUNE_BACKPROP)
        tune_backprop(res, P, opts);
    else if (method == CT_GNN_TUNE_BO)
        rc = tune_bo(res, P, opts, budget_hint);
    else {
        res->value = method == CT_GNN_TUNE_BASE0 ? 0.0 : 1.0;
        base = sgc ? -1 : (method == CT_GNN_TUNE_BASE0 ? CT_GNN_GCN : CT_GNN_GAT);
    }
    if (rc == 0)
        tune_test(res, P, opts, base);
    res->seconds = wall_seconds() - t0;
    return rc;
}
