/* gnn_gp: expected improvement, its maximization over [0, 1], and the
   Bayesian-optimization loop around a noisy objective. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_gp.h"
#include "certune/mem.h"

#define SQRT1_2 0.70710678118654752440
#define INV_SQRT_2PI 0.39894228040143267794
#define GOLDEN 0.61803398874989484820
#define GOLDEN_ITERS 40 /* shrinks a grid bracket 0.618^40 ~ 4e-9 times */

double ct_gnn_gp_ei(double mu, double sigma, double best, double xi)
{
    double imp = mu - best - xi;
    if (!(sigma > 0))
        return imp > 0 ? imp : 0;
    /* imp Phi(z) + sigma phi(z) rather than sigma (z Phi + phi): the same
       value, but finite when sigma is so small that z overflows. */
    double z = imp / sigma;
    double e = imp * 0.5 * erfc(-z * SQRT1_2) + sigma * INV_SQRT_2PI * exp(-z * z / 2);
    return e > 0 ? e : 0; /* far below best the two terms cancel to rounding */
}

/* EI at x and the posterior sd there; gp is factored and x finite (the
   callers' invariants), so the prediction cannot fail. */
static double ei_at(double *sd, ct_gnn_gp_t gp, double x, double best, double xi)
{
    double m = 0, v = 0;
    ct_gnn_gp_predict(&m, &v, gp, x);
    *sd = sqrt(v);
    return ct_gnn_gp_ei(m, *sd, best, xi);
}

/* Golden-section search for the largest EI in [a, b], starting from the best
   grid point (xb, eb); only ever improves on it. EI is unimodal between the
   grid neighbours of its grid maximum unless the grid is far too coarse. */
static void golden(double *xb, double *eb, ct_gnn_gp_t gp, double a, double b,
                   double best, double xi)
{
    double c = b - GOLDEN * (b - a), d = a + GOLDEN * (b - a), s;
    double fc = ei_at(&s, gp, c, best, xi), fd = ei_at(&s, gp, d, best, xi);
    for (int it = 0; it < GOLDEN_ITERS; it++) {
        if (fc >= fd) {
            b = d, d = c, fd = fc, c = b - GOLDEN * (b - a);
            fc = ei_at(&s, gp, c, best, xi);
        } else {
            a = c, c = d, fc = fd, d = a + GOLDEN * (b - a);
            fd = ei_at(&s, gp, d, best, xi);
        }
    }
    double xm = fc >= fd ? c : d, em = fc >= fd ? fc : fd;
    if (em > *eb)
        *xb = xm, *eb = em;
}

int ct_gnn_gp_ei_argmax(double *x, double *ei, ct_gnn_gp_t gp, double best, double xi,
                        long grid)
{
    if (grid < 3 || !gp->factored || x == NULL || !isfinite(best) || !isfinite(xi))
        return CT_GNN_GP_EINVAL;
    long kb = 0;
    double eb = -1, sb = -1;
    for (long k = 0; k < grid; k++) {
        double s, e = ei_at(&s, gp, (double)k / (double)(grid - 1), best, xi);
        /* Ties (typically EI underflowing to 0 everywhere once the model is
           confident) go to the most uncertain point: exploring beats x = 0. */
        if (e > eb || (e == eb && s > sb))
            kb = k, eb = e, sb = s;
    }
    double xb = (double)kb / (double)(grid - 1);
    if (eb > 0) {
        double a = (double)(kb > 0 ? kb - 1 : kb) / (double)(grid - 1);
        double b = (double)(kb < grid - 1 ? kb + 1 : kb) / (double)(grid - 1);
        golden(&xb, &eb, gp, a, b, best, xi);
    }
    *x = xb;
    if (ei)
        *ei = eb;
    return CT_GNN_GP_OK;
}

void ct_gnn_gp_bo_opts_default(ct_gnn_gp_bo_opts_t *opts, uint64_t seed)
{
    opts->budget = 15;
    opts->n_init = 4;
    opts->xi = 0.01;
    opts->grid = 201;
    ct_gnn_gp_fit_opts_default(&opts->fit);
    opts->fit.seed = seed;
}

void ct_gnn_gp_bo_result_clear(ct_gnn_gp_bo_result_t *res)
{
    free(res->x);
    free(res->y);
    memset(res, 0, sizeof(*res));
}

static int evaluate(ct_gnn_gp_bo_result_t *res, ct_gnn_gp_objective_t f, void *ctx,
                    double x)
{
    double y = f(x, ctx);
    if (!isfinite(y))
        return CT_GNN_GP_EOBJ;
    res->x[res->n] = x;
    res->y[res->n] = y;
    res->n++;
    return CT_GNN_GP_OK;
}

/* Fits a GP to the evaluations so far, with targets standardized to mean 0
   and sd 1 (so the fit's default bounds and xi are scale-free), warm-started
   at and updating theta. On error gp is cleared. */
static int model(ct_gnn_gp_t gp, double *mean, double *sd, double *theta,
                 const ct_gnn_gp_bo_result_t *res, double *ys,
                 const ct_gnn_gp_bo_opts_t *o)
{
    long n = res->n;
    double m = 0, v = 0;
    for (long i = 0; i < n; i++)
        m += res->y[i] / (double)n;
    for (long i = 0; i < n; i++)
        v += (res->y[i] - m) * (res->y[i] - m) / (double)n;
    /* Constant observations carry no scale: keep the raw units then. */
    *mean = m;
    *sd = v > 1e-24 * (1 + m * m) ? sqrt(v) : 1;
    for (long i = 0; i < n; i++)
        ys[i] = (res->y[i] - m) / *sd;
    int rc = ct_gnn_gp_init(gp, res->x, ys, n);
    if (rc == CT_GNN_GP_OK) {
        memcpy(gp->theta, theta, sizeof(gp->theta));
        ct_gnn_gp_fit_opts_t fo = o->fit;
        fo.seed += (uint64_t)n; /* fresh restarts at every step, still seeded */
        rc = ct_gnn_gp_fit(NULL, gp, &fo);
    }
    if (rc != CT_GNN_GP_OK)
        ct_gnn_gp_clear(gp);
    else
        memcpy(theta, gp->theta, sizeof(gp->theta));
    return rc;
}

/* Index of the evaluated point with the largest posterior mean, and that mean
   (standardized units). Used both as the EI incumbent and as the final
   choice: with noisy values the largest observation is biased upward. */
static long incumbent(double *mu, ct_gnn_gp_t gp)
{
    long ib = 0;
    *mu = -INFINITY;
    for (long i = 0; i < gp->n; i++) {
        double m = 0;
        ct_gnn_gp_predict(&m, NULL, gp, gp->x[i]);
        if (m > *mu)
            ib = i, *mu = m;
    }
    return ib;
}

static int opts_check(const ct_gnn_gp_bo_opts_t *o)
{
    if (o == NULL || o->n_init < 1 || o->budget < o->n_init || o->grid < 3)
        return CT_GNN_GP_EINVAL;
    if (!isfinite(o->xi) || o->xi < 0)
        return CT_GNN_GP_EINVAL;
    return ct_gnn_gp_fit_opts_check(&o->fit);
}

/* The loop proper, once res and ys are allocated. */
static int run(ct_gnn_gp_bo_result_t *res, ct_gnn_gp_objective_t f, void *ctx,
               const ct_gnn_gp_bo_opts_t *o, double *ys)
{
    int rc = CT_GNN_GP_OK;
    /* Evenly spaced with both ends: eta = 0 (GCN) and 1 (GAT) are the named
       special cases, and the GP is most uncertain at the ends anyway. */
    for (long i = 0; i < o->n_init && rc == CT_GNN_GP_OK; i++)
        rc = evaluate(res, f, ctx,
                      o->n_init == 1 ? 0.5 : (double)i / (double)(o->n_init - 1));
    double theta[CT_GNN_GP_NHYPER] = {log(0.2), 0, log(0.1)}, mean, sd, mu = 0, x;
    ct_gnn_gp_t gp;
    while (rc == CT_GNN_GP_OK) {
        if ((rc = model(gp, &mean, &sd, theta, res, ys, o)) != CT_GNN_GP_OK)
            return rc;
        long ib = incumbent(&mu, gp);
        if (res->n == o->budget) {
            res->best_x = res->x[ib];
            res->best_y = res->y[ib];
            res->best_mean = mean + sd * mu;
            memcpy(res->theta, theta, sizeof(theta));
            ct_gnn_gp_clear(gp);
            return CT_GNN_GP_OK;
        }
        rc = ct_gnn_gp_ei_argmax(&x, NULL, gp, mu, o->xi, o->grid);
        ct_gnn_gp_clear(gp);
        if (rc == CT_GNN_GP_OK)
            rc = evaluate(res, f, ctx, x);
    }
    return rc;
}

int ct_gnn_gp_bo(ct_gnn_gp_bo_result_t *res, ct_gnn_gp_objective_t f, void *ctx,
                 const ct_gnn_gp_bo_opts_t *opts)
{
    if (res == NULL)
        return CT_GNN_GP_EINVAL;
    memset(res, 0, sizeof(*res));
    if (f == NULL || opts_check(opts) != CT_GNN_GP_OK)
        return CT_GNN_GP_EINVAL;
    size_t b = (size_t)opts->budget;
    if (b > SIZE_MAX / sizeof(double))
        return CT_GNN_GP_ENOMEM;
    res->x = ct_mem_malloc(sizeof(double) * b);
    res->y = ct_mem_malloc(sizeof(double) * b);
    double *ys = ct_mem_malloc(sizeof(double) * b);
    int rc = res->x && res->y && ys ? run(res, f, ctx, opts, ys) : CT_GNN_GP_ENOMEM;
    free(ys);
    return rc;
}
