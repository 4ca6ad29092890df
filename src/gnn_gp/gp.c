/* gnn_gp: the Gaussian process itself: the Matern 5/2 kernel, the Cholesky
   factor of K + sn^2 I (LAPACK), the posterior and the log marginal
   likelihood with its gradient in the log-hyperparameters. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_blas.h"
#include "certune/gnn_gp.h"
#include "certune/mem.h"

#define SQRT5 2.23606797749978969641
#define LOG_2PI 1.83787706640934548356

double ct_gnn_gp_matern52(double x1, double x2, const double *theta)
{
    double a = SQRT5 * fabs(x1 - x2) / exp(theta[CT_GNN_GP_LOG_ELL]);
    return exp(2 * theta[CT_GNN_GP_LOG_SF]) * (1 + a + a * a / 3) * exp(-a);
}

/* d k / d log ell = sf^2 a^2 (1 + a) exp(-a) / 3: differentiating in log ell
   keeps the fit's search unconstrained in sign and well scaled. */
static double matern52_dlogell(double x1, double x2, const double *theta)
{
    double a = SQRT5 * fabs(x1 - x2) / exp(theta[CT_GNN_GP_LOG_ELL]);
    return exp(2 * theta[CT_GNN_GP_LOG_SF]) * a * a * (1 + a) * exp(-a) / 3;
}

static int all_finite(const double *v, long n)
{
    for (long i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

int ct_gnn_gp_init(ct_gnn_gp_t gp, const double *x, const double *y, long n)
{
    memset(gp, 0, sizeof(*gp));
    if (n < 1 || x == NULL || y == NULL)
        return CT_GNN_GP_EINVAL;
    /* LAPACK takes int sizes; n^2 doubles must also fit in size_t. */
    if (n > INT_MAX || (size_t)n > SIZE_MAX / sizeof(double) / (size_t)n)
        return CT_GNN_GP_ENOMEM;
    if (!all_finite(x, n) || !all_finite(y, n))
        return CT_GNN_GP_EINVAL;
    size_t nn = (size_t)n * (size_t)n;
    gp->x = ct_mem_malloc(sizeof(double) * (size_t)n);
    gp->y = ct_mem_malloc(sizeof(double) * (size_t)n);
    gp->alpha = ct_mem_malloc(sizeof(double) * (size_t)n);
    gp->work = ct_mem_malloc(sizeof(double) * (size_t)n);
    gp->L = ct_mem_malloc(sizeof(double) * nn);
    gp->kinv = ct_mem_malloc(sizeof(double) * nn);
    if (!gp->x || !gp->y || !gp->alpha || !gp->work || !gp->L || !gp->kinv) {
        ct_gnn_gp_clear(gp);
        return CT_GNN_GP_ENOMEM;
    }
    gp->n = n;
    memcpy(gp->x, x, sizeof(double) * (size_t)n);
    memcpy(gp->y, y, sizeof(double) * (size_t)n);
    /* A length scale a fifth of the domain, unit output scale and a 10% noise
       sd: a neutral start for standardized targets on [0, 1]. */
    gp->theta[CT_GNN_GP_LOG_ELL] = log(0.2);
    gp->theta[CT_GNN_GP_LOG_SF] = 0;
    gp->theta[CT_GNN_GP_LOG_SN] = log(0.1);
    return CT_GNN_GP_OK;
}

void ct_gnn_gp_clear(ct_gnn_gp_t gp)
{
    free(gp->x);
    free(gp->y);
    free(gp->alpha);
    free(gp->work);
    free(gp->L);
    free(gp->kinv);
    memset(gp, 0, sizeof(*gp));
}

int ct_gnn_gp_set_hyper(ct_gnn_gp_t gp, const double *theta)
{
    if (theta == NULL || !all_finite(theta, CT_GNN_GP_NHYPER) || gp->n < 1)
        return CT_GNN_GP_EINVAL;
    long n = gp->n;
    int ni = (int)n, info = 0;
    memmove(gp->theta, theta, sizeof(gp->theta)); /* theta may be gp->theta */
    gp->factored = 0;
    double sn2 = exp(2 * theta[CT_GNN_GP_LOG_SN]);
    for (long j = 0; j < n; j++)
        for (long i = j; i < n; i++)
            gp->L[i + j * n] =
                ct_gnn_gp_matern52(gp->x[i], gp->x[j], theta) + (i == j ? sn2 : 0);
    info = ct_gnn_blas_dpotrf_lower(ni, gp->L, ni);
    if (info != 0)
        return CT_GNN_GP_ENOTPD;
    memcpy(gp->alpha, gp->y, sizeof(double) * (size_t)n);
    info = ct_gnn_blas_dpotrs_lower(ni, 1, gp->L, ni, gp->alpha, ni);
    if (info != 0)
        return CT_GNN_GP_ENOTPD;
    gp->factored = 1;
    return CT_GNN_GP_OK;
}

int ct_gnn_gp_predict(double *mean, double *var, ct_gnn_gp_t gp, double xs)
{
    if (!gp->factored || !isfinite(xs))
        return CT_GNN_GP_EINVAL;
    long n = gp->n;
    double *v = gp->work, m = 0, q = 0;
    for (long i = 0; i < n; i++) {
        v[i] = ct_gnn_gp_matern52(xs, gp->x[i], gp->theta);
        m += v[i] * gp->alpha[i];
    }
    /* var = k** - |L^{-1} k*|^2 by forward substitution: subtracting a sum of
       squares loses less than k*^T K^{-1} k* would near the data. */
    for (long i = 0; i < n; i++) {
        double s = v[i];
        for (long j = 0; j < i; j++)
            s -= gp->L[i + j * n] * v[j];
        v[i] = s / gp->L[i + i * n];
        q += v[i] * v[i];
    }
    double s2 = ct_gnn_gp_matern52(xs, xs, gp->theta) - q;
    if (mean)
        *mean = m;
    if (var)
        *var = s2 > 0 ? s2 : 0;
    return CT_GNN_GP_OK;
}

/* (K + sn^2 I)^{-1} into gp->kinv, by dpotrs on the identity. */
static int inverse(ct_gnn_gp_t gp)
{
    long n = gp->n;
    int ni = (int)n, info = 0;
    memset(gp->kinv, 0, sizeof(double) * (size_t)n * (size_t)n);
    for (long i = 0; i < n; i++)
        gp->kinv[i + i * n] = 1;
    info = ct_gnn_blas_dpotrs_lower(ni, ni, gp->L, ni, gp->kinv, ni);
    return info == 0 ? CT_GNN_GP_OK : CT_GNN_GP_ENOTPD;
}

/* d LML / d theta_k = tr((alpha alpha^T - K^{-1}) dK/dtheta_k) / 2, with
   dK/dlog sf = 2 (K - sn^2 I) and dK/dlog sn = 2 sn^2 I. The matrices dK are
   never stored: each entry is used once, as soon as it is computed. */
static int gradient(double *grad, ct_gnn_gp_t gp)
{
    int rc = inverse(gp);
    if (rc != CT_GNN_GP_OK)
        return rc;
    long n = gp->n;
    const double *a = gp->alpha, *t = gp->theta;
    double g_ell = 0, g_sf = 0, g_sn = 0;
    for (long j = 0; j < n; j++)
        for (long i = 0; i < n; i++) {
            double w = a[i] * a[j] - gp->kinv[i + j * n];
            g_ell += w * matern52_dlogell(gp->x[i], gp->x[j], t);
            g_sf += w * 2 * ct_gnn_gp_matern52(gp->x[i], gp->x[j], t);
            if (i == j)
                g_sn += w * 2 * exp(2 * t[CT_GNN_GP_LOG_SN]);
        }
    grad[CT_GNN_GP_LOG_ELL] = g_ell / 2;
    grad[CT_GNN_GP_LOG_SF] = g_sf / 2;
    grad[CT_GNN_GP_LOG_SN] = g_sn / 2;
    return CT_GNN_GP_OK;
}

int ct_gnn_gp_lml(double *lml, double *grad, ct_gnn_gp_t gp, const double *theta)
{
    int rc = ct_gnn_gp_set_hyper(gp, theta);
    if (rc != CT_GNN_GP_OK)
        return rc;
    long n = gp->n;
    /* -y^T alpha / 2 - log det(K + sn^2 I) / 2 - n log(2 pi) / 2, with
       log det = 2 sum log L_ii. */
    double fit = 0, logdet = 0;
    for (long i = 0; i < n; i++) {
        fit += gp->y[i] * gp->alpha[i];
        logdet += log(gp->L[i + i * n]);
    }
    if (lml)
        *lml = -fit / 2 - logdet - (double)n * LOG_2PI / 2;
    return grad ? gradient(grad, gp) : CT_GNN_GP_OK;
}
