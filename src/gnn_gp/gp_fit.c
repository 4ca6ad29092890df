/* gnn_gp: fitting the hyperparameters by maximizing the log marginal
   likelihood: multi-start projected gradient ascent in the log-parameters
   with a backtracking (Armijo) line search and an adaptive step. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "certune/gnn_gp.h"

#define ARMIJO 1e-4   /* sufficient-increase fraction of the linear model */
#define MIN_STEP 1e-9 /* below this the line search gives up: a stationary point */
#define MIN_MOVE 1e-8 /* a projected move shorter than this (inf-norm) is a stop */
#define REL_TOL 1e-10 /* stop when one step gains less than this, relatively */

void ct_gnn_gp_fit_opts_default(ct_gnn_gp_fit_opts_t *opts)
{
    /* ell from 5% of [0, 1] (finer wiggles than the evaluations can resolve
       are overfitting) to 5 (nearly linear); sf around the unit sd of the
       standardized targets; sn from a 0.1% jitter to mostly noise. */
    opts->lo[CT_GNN_GP_LOG_ELL] = log(0.05);
    opts->hi[CT_GNN_GP_LOG_ELL] = log(5.0);
    opts->lo[CT_GNN_GP_LOG_SF] = log(0.1);
    opts->hi[CT_GNN_GP_LOG_SF] = log(10.0);
    opts->lo[CT_GNN_GP_LOG_SN] = log(1e-3);
    opts->hi[CT_GNN_GP_LOG_SN] = log(1.5);
    opts->starts = 5;
    opts->iters = 100;
    opts->seed = 0;
}

/* splitmix64: a tiny self-contained stream, so a seed gives the same starts
   on every platform and this module needs no other part of the tree. */
static uint64_t next_u64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
    return (double)(next_u64(s) >> 11) * 0x1p-53;
}

static void project(double *t, const ct_gnn_gp_fit_opts_t *o)
{
    for (int k = 0; k < CT_GNN_GP_NHYPER; k++)
        t[k] = t[k] < o->lo[k] ? o->lo[k] : (t[k] > o->hi[k] ? o->hi[k] : t[k]);
}

int ct_gnn_gp_fit_opts_check(const ct_gnn_gp_fit_opts_t *o)
{
    if (o == NULL || o->starts < 1 || o->iters < 1)
        return CT_GNN_GP_EINVAL;
    for (int k = 0; k < CT_GNN_GP_NHYPER; k++)
        if (!isfinite(o->lo[k]) || !isfinite(o->hi[k]) || o->lo[k] > o->hi[k])
            return CT_GNN_GP_EINVAL;
    return CT_GNN_GP_OK;
}

/* One line search from theta (value f, gradient g) along the projected
   gradient path. On success theta, f, g move to the accepted point and 1 is
   returned; 0 means no acceptable step (theta is numerically stationary).
   *step persists across calls: doubled after a success, halved per failure. */
static int line_search(double *theta, double *f, double *g, double *step, ct_gnn_gp_t gp,
                       const ct_gnn_gp_fit_opts_t *o)
{
    double trial[CT_GNN_GP_NHYPER], ft, gt[CT_GNN_GP_NHYPER];
    for (; *step > MIN_STEP; *step /= 2) {
        double lin = 0, move = 0;
        for (int k = 0; k < CT_GNN_GP_NHYPER; k++)
            trial[k] = theta[k] + *step * g[k];
        project(trial, o);
        for (int k = 0; k < CT_GNN_GP_NHYPER; k++) {
            lin += g[k] * (trial[k] - theta[k]);
            move = fmax(move, fabs(trial[k] - theta[k]));
        }
        if (move < MIN_MOVE)
            return 0; /* the gradient points out of the box: a KKT point */
        /* A failed factorization is a rejected step, not an error: very small
           noise with close inputs is legitimately out of reach. */
        if (ct_gnn_gp_lml(&ft, gt, gp, trial) == CT_GNN_GP_OK &&
            ft >= *f + ARMIJO * lin) {
            memcpy(theta, trial, sizeof(trial));
            memcpy(g, gt, sizeof(gt));
            *f = ft;
            *step *= 2;
            return 1;
        }
    }
    return 0;
}

/* Gradient ascent from theta; returns ENOTPD if theta itself cannot be
   factored (the start is then skipped), else OK with the end point. */
static int ascend(double *f, double *theta, ct_gnn_gp_t gp, const ct_gnn_gp_fit_opts_t *o)
{
    double g[CT_GNN_GP_NHYPER];
    int rc = ct_gnn_gp_lml(f, g, gp, theta);
    if (rc != CT_GNN_GP_OK)
        return rc;
    /* First step: a move of at most 1 in each log-parameter. */
    double gmax = fmax(fabs(g[0]), fmax(fabs(g[1]), fabs(g[2])));
    double step = 1 / fmax(gmax, 1);
    for (long it = 0; it < o->iters; it++) {
        double before = *f;
        if (!line_search(theta, f, g, &step, gp, o))
            break;
        if (*f - before < REL_TOL * (1 + fabs(*f)))
            break;
    }
    return CT_GNN_GP_OK;
}

int ct_gnn_gp_fit(double *lml, ct_gnn_gp_t gp, const ct_gnn_gp_fit_opts_t *opts)
{
    if (ct_gnn_gp_fit_opts_check(opts) != CT_GNN_GP_OK || gp->n < 1)
        return CT_GNN_GP_EINVAL;
    uint64_t s = opts->seed;
    double best[CT_GNN_GP_NHYPER], best_f = -INFINITY, theta[CT_GNN_GP_NHYPER], f;
    int found = 0;
    for (long r = 0; r < opts->starts; r++) {
        /* Start 0 is the caller's theta (a warm start across BO steps); the
           others are uniform in the box, drawn even when skipped so that the
           sequence of starts does not depend on which ones fail. */
        for (int k = 0; k < CT_GNN_GP_NHYPER; k++) {
            double u = uniform(&s);
            theta[k] =
                r == 0 ? gp->theta[k] : opts->lo[k] + u * (opts->hi[k] - opts->lo[k]);
        }
        project(theta, opts);
        if (ascend(&f, theta, gp, opts) != CT_GNN_GP_OK)
            continue;
        if (!found || f > best_f) {
            memcpy(best, theta, sizeof(best));
            best_f = f;
            found = 1;
        }
    }
    if (!found)
        return CT_GNN_GP_ENOTPD;
    /* Leave gp factored at the winner (it is at the last start's end now). */
    int rc = ct_gnn_gp_set_hyper(gp, best);
    if (rc == CT_GNN_GP_OK && lml)
        *lml = best_f;
    return rc;
}
