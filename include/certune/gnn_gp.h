/* gnn_gp: a one-dimensional Gaussian process (Matern 5/2 kernel, zero prior
   mean) and Bayesian optimization over [0, 1], used to tune GCAN's eta. The
   math and the defaults are described in docs/gnn.md.

   A ct_gnn_gp_t owns copies of its data, its factor and its scratch
   (init/clear; clear is safe after a failed init), so one gp takes no
   concurrent calls; a BO result owns its points (ct_gnn_gp_bo_result_clear,
   safe after any return). Errors are the CT_GNN_GP_* codes below, which every
   int-returning function returns; an allocation that fails ends the process
   (mem.h). */
#ifndef CERTUNE_GNN_GP_H
#define CERTUNE_GNN_GP_H

#include <stdint.h>

/* Return codes. */
#define CT_GNN_GP_OK 0
#define CT_GNN_GP_EINVAL 1 /* bad argument: size, NULL, non-finite, bounds */
#define CT_GNN_GP_ENOMEM 2 /* a size beyond int or size_t */
#define CT_GNN_GP_ENOTPD 3 /* K + sn^2 I is not numerically positive definite */
#define CT_GNN_GP_EOBJ 4   /* the objective returned a non-finite value */

/* Hyperparameters are kept as logarithms, in this order, in a double[3]:
   log length scale ell, log output scale sf (k(x, x) = sf^2), log noise sd sn. */
#define CT_GNN_GP_NHYPER 3
#define CT_GNN_GP_LOG_ELL 0
#define CT_GNN_GP_LOG_SF 1
#define CT_GNN_GP_LOG_SN 2

typedef struct {
    long n;          /* observations */
    double *x, *y;   /* n inputs and targets, owned copies */
    double theta[3]; /* current log-hyperparameters */
    double *L;       /* n x n, column-major; lower triangle = Cholesky factor */
    double *alpha;   /* (K + sn^2 I)^{-1} y */
    double *kinv;    /* n x n scratch for (K + sn^2 I)^{-1} (gradient) */
    double *work;    /* n scratch for predictions */
    int factored;    /* L and alpha match theta */
} ct_gnn_gp_struct;
typedef ct_gnn_gp_struct ct_gnn_gp_t[1];

/* Matern 5/2 covariance of two inputs at log-hyperparameters theta (noise not
   included): sf^2 (1 + a + a^2/3) exp(-a) with a = sqrt(5) |x1 - x2| / ell. */
double ct_gnn_gp_matern52(double x1, double x2, const double *theta);

/* Copies x[0..n-1], y[0..n-1] into gp and sets theta to (log 0.2, 0, log 0.1)
   without factoring. EINVAL if n < 1, a pointer is NULL or a value is not
   finite; ENOMEM when n > INT_MAX (LAPACK's limit) or n^2 doubles overflow
   size_t. */
int ct_gnn_gp_init(ct_gnn_gp_t gp, const double *x, const double *y, long n);

/* Frees everything gp owns. */
void ct_gnn_gp_clear(ct_gnn_gp_t gp);

/* Sets the log-hyperparameters and factors K + sn^2 I (LAPACK dpotrf); theta
   may be gp->theta. EINVAL if theta is NULL or not finite (gp unchanged);
   ENOTPD if the factorization fails (no valid factor until the next success). */
int ct_gnn_gp_set_hyper(ct_gnn_gp_t gp, const double *theta);

/* Posterior mean and variance of the latent f(xs) (noise excluded; var >= 0).
   Either output may be NULL. EINVAL if gp has no valid factor or xs is not
   finite. */
int ct_gnn_gp_predict(double *mean, double *var, ct_gnn_gp_t gp, double xs);

/* Log marginal likelihood log p(y | theta) into *lml and its gradient in the
   three log-hyperparameters into grad[0..2] (either may be NULL). Leaves gp
   set and factored at theta (may be gp->theta). Errors as set_hyper. */
int ct_gnn_gp_lml(double *lml, double *grad, ct_gnn_gp_t gp, const double *theta);

/* Options of the hyperparameter fit: a box on the log-hyperparameters,
   multi-start projected gradient ascent with a backtracking line search. */
typedef struct {
    double lo[3], hi[3]; /* bounds on theta, lo[i] <= hi[i] */
    long starts;         /* starts >= 1; the first is gp's current theta */
    long iters;          /* gradient steps per start, >= 1 */
    uint64_t seed;       /* draws the other starts uniformly in the box */
} ct_gnn_gp_fit_opts_t;

/* Defaults for targets standardized to mean 0, sd 1 and inputs in [0, 1]:
   ell in [0.05, 5], sf in [0.1, 10], sn in [1e-3, 1.5], 5 starts x 100 steps. */
void ct_gnn_gp_fit_opts_default(ct_gnn_gp_fit_opts_t *opts);

/* OK if opts is usable by ct_gnn_gp_fit (non-NULL, finite lo <= hi, starts
   and iters >= 1), EINVAL otherwise. */
int ct_gnn_gp_fit_opts_check(const ct_gnn_gp_fit_opts_t *opts);

/* Maximizes the log marginal likelihood over the box; deterministic given
   opts->seed. On OK, gp is factored at the best theta and *lml (may be NULL)
   holds its value. EINVAL on bad opts; ENOTPD if no start could be factored. */
int ct_gnn_gp_fit(double *lml, ct_gnn_gp_t gp, const ct_gnn_gp_fit_opts_t *opts);

/* Expected improvement, for maximization, of a normal N(mu, sigma^2) over
   best + xi: imp Phi(z) + sigma phi(z), z = imp / sigma, imp = mu - best - xi;
   max(imp, 0) when sigma <= 0. Pure function. */
double ct_gnn_gp_ei(double mu, double sigma, double best, double xi);

/* Maximizes EI over [0, 1]: the grid k / (grid - 1), then golden-section
   search between the best grid point's neighbours (ties go to the larger
   posterior sd). *x (and *ei unless NULL) get the maximizer. EINVAL if x is
   NULL, grid < 3, best or xi is not finite, or gp has no valid factor. */
int ct_gnn_gp_ei_argmax(double *x, double *ei, ct_gnn_gp_t gp, double best, double xi,
                        long grid);

/* The objective to maximize; a non-finite return stops the optimization. */
typedef double (*ct_gnn_gp_objective_t)(double x, void *ctx);

typedef struct {
    long budget;              /* evaluations of f in total, budget >= n_init */
    long n_init;              /* evenly spaced first points, n_init >= 1 */
    double xi;                /* EI margin, in units of the observed sd, >= 0 */
    long grid;                /* EI grid size (>= 3) */
    ct_gnn_gp_fit_opts_t fit; /* hyperparameter fit, redone after each point */
} ct_gnn_gp_bo_opts_t;

/* budget 15, n_init 4, xi 0.01, grid 201, fit defaults with the given seed. */
void ct_gnn_gp_bo_opts_default(ct_gnn_gp_bo_opts_t *opts, uint64_t seed);

typedef struct {
    long n;           /* evaluations done */
    double *x, *y;    /* the n points and values in evaluation order, owned */
    double best_x;    /* chosen x: the evaluated point of largest posterior mean */
    double best_mean; /* that posterior mean, in the units of f */
    double best_y;    /* the value observed at best_x */
    double theta[3];  /* final log-hyperparameters (standardized targets) */
} ct_gnn_gp_bo_result_t;

/* Maximizes f over [0, 1] with at most opts->budget evaluations. res is
   always initialized (clear it) and holds every finite evaluation made, even
   on EOBJ, ENOTPD or ENOMEM; best_* and theta are valid only on OK. EINVAL,
   with f never called and res (unless NULL) empty, if f, res or opts is NULL
   or an option is out of range. Deterministic given opts->fit.seed. */
int ct_gnn_gp_bo(ct_gnn_gp_bo_result_t *res, ct_gnn_gp_objective_t f, void *ctx,
                 const ct_gnn_gp_bo_opts_t *opts);

/* Frees what res owns. */
void ct_gnn_gp_bo_result_clear(ct_gnn_gp_bo_result_t *res);

#endif
