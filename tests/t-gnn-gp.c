/* gnn_gp: posterior and LML against a hand computation, LML gradient against
   finite differences, EI against its closed form, the fit, BO, the errors. */
#include <math.h>
#include <string.h>
#include "certune/gnn_gp.h"
#include "check.h"

#define NEAR(a, b, tol) (fabs((a) - (b)) <= (tol) * (1 + fabs(b)))
#define SQRT_2PI 2.50662827463100050242

static double det3(const double m[3][3])
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/* u . M^{-1} v for a 3 x 3 M by Cramer's rule, written as the adjugate:
   (M^{-1})_ij = cofactor_ji / det M. Independent of LAPACK and of gnn_gp. */
static double quad3(const double M[3][3], const double *u, const double *v)
{
    double s = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            s += u[i] * v[j] *
                 (M[(j + 1) % 3][(i + 1) % 3] * M[(j + 2) % 3][(i + 2) % 3] -
                  M[(j + 1) % 3][(i + 2) % 3] * M[(j + 2) % 3][(i + 1) % 3]);
    return s / det3(M);
}

/* x = 0, 1/2, 1 with ell = sqrt(5)/2, so a = sqrt(5) r / ell = 2 r and the
   Matern 5/2 correlations (1 + a + a^2/3) e^{-a} are, for r = 1/2, 1, 1/4,
   3/4: (7/3) e^{-1}, (13/3) e^{-2}, (19/12) e^{-1/2}, (13/4) e^{-3/2}. */
static void test_posterior_3pt(void)
{
    const double x[3] = {0, 0.5, 1}, y[3] = {0.2, 1.0, -0.5}, sf2 = 1.5, sn2 = 0.01;
    const double theta[3] = {log(sqrt(5.0) / 2), log(sf2) / 2, log(sn2) / 2};
    double k1 = 7.0 / 3 * exp(-1.0), k2 = 13.0 / 3 * exp(-2.0);
    double kq = 19.0 / 12 * exp(-0.5), k3q = 13.0 / 4 * exp(-1.5);
    double K[3][3] = {{sf2 + sn2, sf2 * k1, sf2 * k2},
                      {sf2 * k1, sf2 + sn2, sf2 * k1},
                      {sf2 * k2, sf2 * k1, sf2 + sn2}};
    double ks[2][3] = {{sf2 * kq, sf2 * kq, sf2 * k3q}, {sf2 * k1, sf2, sf2 * k1}};
    ct_gnn_gp_t gp;
    CHECK(ct_gnn_gp_init(gp, x, y, 3) == CT_GNN_GP_OK);
    CHECK(ct_gnn_gp_set_hyper(gp, theta) == CT_GNN_GP_OK);
    for (int t = 0; t < 2; t++) {
        double m, v, xs = 0.25 * (t + 1);
        double em = quad3(K, ks[t], y), ev = sf2 - quad3(K, ks[t], ks[t]);
        CHECK(ct_gnn_gp_predict(&m, &v, gp, xs) == CT_GNN_GP_OK);
        CHECK_MSG(NEAR(m, em, 1e-12), "mean at %g: %.17g vs %.17g", xs, m, em);
        CHECK_MSG(NEAR(v, ev, 1e-10), "var at %g: %.17g vs %.17g", xs, v, ev);
    }
    double lml,
        elml = -quad3(K, y, y) / 2 - log(det3(K)) / 2 - 1.5 * log(SQRT_2PI * SQRT_2PI);
    CHECK(ct_gnn_gp_lml(&lml, NULL, gp, theta) == CT_GNN_GP_OK);
    CHECK_MSG(NEAR(lml, elml, 1e-12), "lml %.17g vs %.17g", lml, elml);
    ct_gnn_gp_clear(gp);
}

static void test_gradient(void)
{
    const double x[7] = {0, 0.1, 0.25, 0.4, 0.62, 0.8, 1};
    const double y[7] = {-1.1, -0.3, 0.5, 1.2, 0.4, -0.2, -1.4};
    const double thetas[3][3] = {{-1.2, 0.2, -1.6}, {-2.5, -0.7, -4.6}, {0.7, 0.7, -0.3}};
    ct_gnn_gp_t gp;
    CHECK(ct_gnn_gp_init(gp, x, y, 7) == CT_GNN_GP_OK);
    for (int t = 0; t < 3; t++) {
        double f, g[3], h = 1e-5;
        CHECK(ct_gnn_gp_lml(&f, g, gp, thetas[t]) == CT_GNN_GP_OK);
        for (int k = 0; k < 3; k++) {
            double tp[3] = {thetas[t][0], thetas[t][1], thetas[t][2]}, fp, fm, fd;
            tp[k] += h;
            CHECK(ct_gnn_gp_lml(&fp, NULL, gp, tp) == CT_GNN_GP_OK);
            tp[k] -= 2 * h;
            CHECK(ct_gnn_gp_lml(&fm, NULL, gp, tp) == CT_GNN_GP_OK);
            fd = (fp - fm) / (2 * h);
            CHECK_MSG(NEAR(g[k], fd, 1e-6), "theta %d, d/dtheta_%d: %.12g vs fd %.12g", t,
                      k, g[k], fd);
        }
    }
    ct_gnn_gp_clear(gp);
}

static void test_ei(void)
{
    const double c[6][4] = {{0.5, 0.2, 0.3, 0.01}, {0.0, 1.0, 0.0, 0.0},
                            {-1, 0.5, 0.2, 0.1},   {2.0, 0.05, 1.0, 0},
                            {0.3, 3.0, 0.9, 0.5},  {1, 1e-3, 1, 1e-3}};
    for (int i = 0; i < 6; i++) {
        double e = ct_gnn_gp_ei(c[i][0], c[i][1], c[i][2], c[i][3]);
        /* The closed form sigma (z Phi(z) + phi(z)), z = (mu - best - xi) / sigma. */
        double z = (c[i][0] - c[i][2] - c[i][3]) / c[i][1];
        double r =
            c[i][1] * (z * 0.5 * erfc(-z / sqrt(2.0)) + exp(-z * z / 2) / SQRT_2PI);
        CHECK_MSG(NEAR(e, r, 1e-13), "case %d: %.17g vs %.17g", i, e, r);
    }
    /* sigma = 0 (and sigma so small that z overflows): max(improvement, 0). */
    CHECK(ct_gnn_gp_ei(0.5, 0, 0.2, 0.1) == 0.5 - 0.2 - 0.1 &&
          ct_gnn_gp_ei(0.1, 0, 0.2, 0.1) == 0);
    CHECK(ct_gnn_gp_ei(0.5, -1, 0.2, 0) == 0.5 - 0.2);
    CHECK(NEAR(ct_gnn_gp_ei(0.5, 1e-300, 0.2, 0.1), 0.2, 1e-15) &&
          ct_gnn_gp_ei(0.1, 1e-300, 0.2, 0.1) == 0);
    /* Continuity into the limit: sigma 1e-8 is within 1e-8 of max(imp, 0). */
    CHECK(fabs(ct_gnn_gp_ei(0.5, 1e-8, 0.2, 0.1) - 0.2) < 1e-8);
    CHECK(ct_gnn_gp_ei(0.1, 1e-8, 0.2, 0.1) < 1e-8);
    CHECK(NEAR(ct_gnn_gp_ei(0.3, 1e-8, 0.2, 0.1), 1e-8 / SQRT_2PI, 1e-12));
}

/* Noisy samples of a smooth function: the fit must raise the likelihood from
   the default start, stay in the box, be stationary inside it, and repeat. */
static void test_fit(void)
{
    double x[12], y[12], f0, f1, g[3], th[3];
    for (int i = 0; i < 12; i++)
        x[i] = i / 11.0, y[i] = sin(6 * x[i]) + 0.1 * sin(97.0 * i);
    ct_gnn_gp_fit_opts_t o;
    ct_gnn_gp_fit_opts_default(&o);
    o.seed = 7;
    ct_gnn_gp_t gp;
    CHECK(ct_gnn_gp_init(gp, x, y, 12) == CT_GNN_GP_OK);
    CHECK(ct_gnn_gp_lml(&f0, NULL, gp, gp->theta) == CT_GNN_GP_OK);
    CHECK(ct_gnn_gp_fit(&f1, gp, &o) == CT_GNN_GP_OK);
    CHECK_MSG(f1 > f0 + 1, "lml %g after the fit, %g before", f1, f0);
    memcpy(th, gp->theta, sizeof(th));
    CHECK(ct_gnn_gp_lml(&f0, g, gp, th) == CT_GNN_GP_OK && f0 == f1);
    for (int k = 0; k < 3; k++) {
        CHECK(th[k] >= o.lo[k] && th[k] <= o.hi[k]);
        CHECK_MSG(th[k] == o.lo[k] || th[k] == o.hi[k] || fabs(g[k]) < 1e-3,
                  "gradient %d: %g in the interior", k, g[k]);
    }
    /* From init's start again, the same seed must give the same fit, bit for bit. */
    gp->theta[0] = log(0.2), gp->theta[1] = 0, gp->theta[2] = log(0.1);
    CHECK(ct_gnn_gp_fit(&f0, gp, &o) == CT_GNN_GP_OK);
    CHECK(f0 == f1 && memcmp(gp->theta, th, sizeof(th)) == 0);
    ct_gnn_gp_clear(gp);
}

typedef struct {
    double peak;
    int kind;
    long calls;
} objective_ctx;

/* Peaks plus deterministic "noise" sin(1e4 x) (kinds 0, 1); kind 2 fails on call 3. */
static double objective(double x, void *ctx)
{
    objective_ctx *c = ctx;
    double d = x - c->peak;
    c->calls++;
    if (c->kind == 2)
        return c->calls == 3 ? NAN : x;
    return c->kind ? exp(-d * d / 0.02) + 0.01 * sin(1e4 * x)
                   : 1 - d * d + 0.003 * sin(1e4 * x);
}

static void test_bo(void)
{
    const double peaks[3] = {0.3, 0.71, 0.93};
    for (int t = 0; t < 3; t++) {
        objective_ctx c = {peaks[t], t == 1, 0};
        ct_gnn_gp_bo_opts_t o;
        ct_gnn_gp_bo_opts_default(&o, 2024);
        ct_gnn_gp_bo_result_t r;
        CHECK(ct_gnn_gp_bo(&r, objective, &c, &o) == CT_GNN_GP_OK && r.n == 15);
        CHECK(c.calls == 15);
        CHECK_MSG(fabs(r.best_x - peaks[t]) < 0.05, "peak %g: chose %g", peaks[t],
                  r.best_x);
        for (long i = 0; i < r.n; i++)
            CHECK(r.x[i] >= 0 && r.x[i] <= 1 && r.y[i] == objective(r.x[i], &c));
        ct_gnn_gp_bo_result_clear(&r);
    }
}

static void test_errors_gp(void)
{
    const double x[3] = {0.5, 0.5, 0.2}, y[3] = {1, 2, 0}, bad[2] = {0, NAN};
    double m, th[3] = {0, 0, -40}, thnan[3] = {0, NAN, 0};
    ct_gnn_gp_t gp;
    CHECK(ct_gnn_gp_init(gp, x, y, 0) == CT_GNN_GP_EINVAL &&
          ct_gnn_gp_init(gp, NULL, y, 3) == CT_GNN_GP_EINVAL &&
          ct_gnn_gp_init(gp, x, bad, 2) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_init(gp, x, y, 3037000500L) == CT_GNN_GP_ENOMEM); /* n^2 overflows */
    CHECK(ct_gnn_gp_init(gp, x, y, 3) == CT_GNN_GP_OK);
    CHECK(ct_gnn_gp_predict(&m, NULL, gp, 0.1) == CT_GNN_GP_EINVAL); /* not factored */
    CHECK(ct_gnn_gp_ei_argmax(&m, NULL, gp, 0, 0, 11) == CT_GNN_GP_EINVAL);
    /* Two equal inputs, sf = 1, sn = e^-40: singular, as 1 + e^-80 - 1 = 0. */
    CHECK(ct_gnn_gp_set_hyper(gp, th) == CT_GNN_GP_ENOTPD);
    CHECK(ct_gnn_gp_predict(&m, NULL, gp, 0.1) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_set_hyper(gp, thnan) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_set_hyper(gp, NULL) == CT_GNN_GP_EINVAL);
    ct_gnn_gp_fit_opts_t fo[4];
    for (int i = 0; i < 4; i++)
        ct_gnn_gp_fit_opts_default(&fo[i]);
    fo[0].starts = 0, fo[1].iters = 0, fo[2].lo[1] = fo[2].hi[1] + 1;
    for (int i = 0; i < 3; i++)
        CHECK(ct_gnn_gp_fit(NULL, gp, &fo[i]) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_fit(NULL, gp, NULL) == CT_GNN_GP_EINVAL);
    fo[2].lo[1] = fo[2].hi[1] = 0, fo[2].lo[2] = fo[2].hi[2] = -40; /* all singular */
    CHECK(ct_gnn_gp_fit(NULL, gp, &fo[2]) == CT_GNN_GP_ENOTPD);
    CHECK(ct_gnn_gp_fit(&m, gp, &fo[3]) == CT_GNN_GP_OK && isfinite(m));
    CHECK(ct_gnn_gp_ei_argmax(&m, NULL, gp, 0, 0, 2) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_ei_argmax(&m, NULL, gp, 0, 0, 3) == CT_GNN_GP_OK);
    ct_gnn_gp_clear(gp);
}

static void test_errors_bo(void)
{
    objective_ctx c = {0, 2, 0}, q = {0.4, 0, 0};
    ct_gnn_gp_bo_opts_t o[6];
    ct_gnn_gp_bo_result_t r;
    for (int i = 0; i < 6; i++)
        ct_gnn_gp_bo_opts_default(&o[i], 1);
    o[0].budget = 3, o[1].n_init = 0, o[2].xi = -1, o[3].grid = 2, o[4].fit.iters = 0;
    for (int i = 0; i < 5; i++)
        CHECK(ct_gnn_gp_bo(&r, objective, &c, &o[i]) == CT_GNN_GP_EINVAL && r.n == 0 &&
              !r.x && !r.y);
    CHECK(ct_gnn_gp_bo(&r, NULL, &c, &o[5]) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_bo(NULL, objective, &c, &o[5]) == CT_GNN_GP_EINVAL);
    CHECK(ct_gnn_gp_bo(&r, objective, &c, NULL) == CT_GNN_GP_EINVAL);
    /* f fails on its third call: two evaluations kept (and calls == 3 shows that
       the EINVAL runs above never called f). */
    o[5].n_init = 2;
    CHECK(ct_gnn_gp_bo(&r, objective, &c, &o[5]) == CT_GNN_GP_EOBJ);
    CHECK(r.n == 2 && r.x[0] == 0 && r.x[1] == 1 && r.y[1] == 1 && c.calls == 3);
    ct_gnn_gp_bo_result_clear(&r);
    /* budget = n_init: no acquisition, still a fitted choice. */
    o[5].budget = o[5].n_init = 5;
    CHECK(ct_gnn_gp_bo(&r, objective, &q, &o[5]) == CT_GNN_GP_OK && r.n == 5 &&
          r.best_x == 0.5);
    ct_gnn_gp_bo_result_clear(&r);
    /* One initial point (the middle): the first fit sees a single value. */
    o[5].budget = 6, o[5].n_init = 1;
    CHECK(ct_gnn_gp_bo(&r, objective, &q, &o[5]) == CT_GNN_GP_OK && r.n == 6 &&
          r.x[0] == 0.5);
    ct_gnn_gp_bo_result_clear(&r);
}

int main(void)
{
    test_posterior_3pt();
    test_gradient();
    test_ei();
    test_fit();
    test_bo();
    test_errors_gp();
    test_errors_bo();
    return check_finish("t-gnn-gp");
}
