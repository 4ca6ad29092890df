/* lskron_pencil: the 96-bit class models of the lambda system on a disk c > 0
   without the Kron reduction (docs/lambda.md, "The pencil"), for components
   with many labeled nodes, where K's m^2 entries make the dense models slow.

   P = (1 - c) Delta + (c / rho) L is symmetric positive definite and sparse;
   its Schur complement on the labeled nodes is A = (1 - c) I + (c / rho) K.
   With s = 2^se (about the disk's radius) the scaled terms Y_j = s^j X_j
   satisfy A Y_j = s M Y_{j-1}: y_j over every node solves P y_j = s N p with
   N p = [p_l - (L p)_l / rho; 0], so that y_j's unlabeled part is (about) the
   harmonic extension H y_j,l. For any vector z, K z_l = (L z)_l + W_lu L_uu^-1
   (L z)_u; hence with z = c y_j + s y_{j-1} the labeled residual
       r_j = A y_j,l - s M y_{j-1},l = q + W_lu L_uu^-1 (L z)_u / rho,
       q = (1 - c) y_j,l - s y_{j-1},l + (L z)_l / rho,
   and ||r_j||_2 <= ||q||_2 + ||W_lu zd||_2 max_a |(L z)_a| / (d_a rho) (zd >=
   L_uu^-1 d_u, lskron_sys.c; L_uu^-1 >= 0). The error e_j = y_j,l - Y_j is
   its mean (Y_j's is 0) plus its part on 1^perp, where A >= 1 - c mu:
       ||e_j||_2 <= F_j + |mean y_j,l| sqrt(m),
       F_j = s kappa F_{j-1} + ||r_j||_2 / (1 - c mu).
   An unlabeled row a reads y_j,a, off H_a Y_j by at most ||e_j||_2 + zd_a
   max_b |(L y_j)_b| / d_b (y_u - H y_l = L_uu^-1 (L y)_u, and H_a >= 0 sums
   to 1). Every bound comes from compensated residuals (certune/dd.h) of the
   stored double-double terms; the floating factor of P only steers. */
#include <math.h>
#include <string.h>
#include "certune/spchol.h"
#include "lskron_internal.h"

/* Solves per term at most 1 + PENCIL_STEPS. */
#define PENCIL_STEPS 4

/* Entries kept below this (Dekker's products need factors below 2^995;
   tests lower it to make every pencil model decline). */
static double PENCIL_RANGE = 0x1p900;

void _ct_lskron_pencil_set_range(double r)
{
    PENCIL_RANGE = r;
}

static _Atomic slong pencil_min = CT_LSKRON_PENCIL_MIN, pencil_built = 0;

slong _ct_lskron_pencil_count(void)
{
    return pencil_built;
}

void _ct_lskron_set_pencil_min(slong m)
{
    pencil_min = m > 0 ? m : CT_LSKRON_PENCIL_MIN;
}

int _ct_lskron_pencil_on(const ct_lskron_struct *S)
{
    return S->m >= pencil_min && ct_spchol_load(NULL, 0) == 0;
}

struct ct_spchol_struct *_ct_lskron_pencil_factor(const ct_lskron_struct *S, double c)
{
    slong n = S->head.n, nnz = 0;
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc((S->rowstart[n] + n) * sizeof(slong));
    double *v = flint_malloc((S->rowstart[n] + n) * sizeof(double)), g = c / S->rho;
    for (slong j = 0; j < n; j++) {
        cp[j] = nnz;
        ri[nnz] = j, v[nnz++] = (S->pos[j] >= 0 ? 1 - c : 0) + g * S->deg[j];
        for (slong e = S->rowstart[j]; e < S->rowstart[j + 1]; e++)
            if (S->col[e] > j)
                ri[nnz] = S->col[e], v[nnz++] = -g * S->w[e];
    }
    cp[n] = nnz;
    struct ct_spchol_struct *F = ct_spchol_factor(n, cp, ri, v);
    flint_free(cp), flint_free(ri), flint_free(v);
    return F;
}

/* One class's state: y (the term), p (the previous), z = c y + s p with
   zerr, b' on the labeled rows as bh + bl with berr, the unlabeled rows'
   bounds of |(L y)_a| / d_a (sy, and sp of p), the labeled rows' |q_i| (qb). */
typedef struct {
    double *yh, *yl, *ph, *pl, *zh, *zl, *zerr, *bh, *bl, *berr, *sy, *sp, *qb;
    mag_t F;    /* >= ||P_V e_j||_2 */
    double top; /* max |y_0| */
} pen_state;

typedef struct {
    const ct_lskron_struct *S;
    struct ct_spchol_struct *F;
    double c, s, wz;
    slong j;
} pen_ctx;

static void pen_state_init(pen_state *X, slong n, const ct_lskron_struct *S, slong k)
{
    double **a[] = {&X->yh, &X->yl, &X->ph,   &X->pl, &X->zh, &X->zl, &X->zerr,
                    &X->bh, &X->bl, &X->berr, &X->sy, &X->sp, &X->qb};
    for (size_t t = 0; t < sizeof(a) / sizeof(a[0]); t++)
        *a[t] = flint_calloc(FLINT_MAX(n, 1), sizeof(double));
    mag_init(X->F);
    X->top = 0;
    arb_t q, t;
    arb_init(q), arb_init(t);
    arb_set_si(q, S->nlabk[k]);
    arb_div_si(q, q, S->m, 192);
    for (slong i = 0; i < n; i++) { /* b' = [cls == k] - n_k / m */
        slong j = S->pos[i];
        if (j < 0)
            continue;
        arb_set_si(t, S->cls[j] == k);
        arb_sub(t, t, q, 192);
        ct_dd_from_arb(X->bh + i, X->bl + i, X->berr + i, t);
    }
    arb_clear(q), arb_clear(t);
}

static void pen_state_clear(pen_state *X)
{
    double *a[] = {X->yh, X->yl, X->ph,   X->pl, X->zh, X->zl, X->zerr,
                   X->bh, X->bl, X->berr, X->sy, X->sp, X->qb};
    for (size_t t = 0; t < sizeof(a) / sizeof(a[0]); t++)
        flint_free(a[t]);
    mag_clear(X->F);
}

/* z = c y + s p (j = 0: c y) per node as zh + zl with zerr. */
static void pen_z(pen_state *X, const pen_ctx *C)
{
    for (slong i = 0; i < C->S->head.n; i++) {
        ct_dd_acc A = {0, 0, 0, 0, 0};
        ct_dd_acc_add_prod(&A, C->c, X->yh[i]);
        ct_dd_acc_add_prod(&A, C->c, X->yl[i]);
        if (C->j > 0) {
            ct_dd_acc_add(&A, C->s * X->ph[i]);
            ct_dd_acc_add(&A, C->s * X->pl[i]);
        }
        double t = A.c + A.d;
        X->zh[i] = A.s, X->zl[i] = t;
        X->zerr[i] = ct_dd_acc_tail(&A, t);
    }
}

/* -sum_e w_e v_e over row i's edges into A (v = vh + vl exactly); returns
   sum_e w_e ve_e (ve NULL: 0). */
static double pen_edges(ct_dd_acc *A, const ct_lskron_struct *S, slong i,
                        const double *vh, const double *vl, const double *ve)
{
    double err = 0;
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong k = S->col[e];
        double w = S->w[e];
        if (w == 1) {
            ct_dd_acc_add(A, -vh[k]);
            ct_dd_acc_part(A, -vl[k]);
        } else {
            ct_dd_acc_add_prod(A, -w, vh[k]);
            ct_dd_acc_add_prod(A, -w, vl[k]);
        }
        if (ve != NULL)
            err += w * ve[k];
    }
    return err;
}

/* Labeled row i: rho q_i = rho (1 - c) y_i - rho (s p_i or b'_i) + (L z)_i;
   returns an upper bound of |q_i|, its value into *val. */
static double pen_lab_row(double *val, const pen_state *X, const pen_ctx *C, slong i)
{
    const ct_lskron_struct *S = C->S;
    ct_dd_acc A = {0, 0, 0, 0, 0};
    double a = S->rho * (1 - C->c), q = C->j > 0 ? -S->rho * C->s : -S->rho;
    ct_dd_acc_add_prod(&A, a, X->yh[i]);
    ct_dd_acc_add_prod(&A, a, X->yl[i]);
    ct_dd_acc_add(&A, q * (C->j > 0 ? X->ph[i] : X->bh[i]));
    ct_dd_acc_add(&A, q * (C->j > 0 ? X->pl[i] : X->bl[i]));
    ct_dd_acc_add_prod(&A, S->deg[i], X->zh[i]);
    ct_dd_acc_add_prod(&A, S->deg[i], X->zl[i]);
    double ze = pen_edges(&A, S, i, X->zh, X->zl, X->zerr) + S->deg[i] * X->zerr[i];
    if (C->j == 0)
        ze += S->rho * X->berr[i];
    double len = (double)(S->rowstart[i + 1] - S->rowstart[i] + 8);
    double b = (ct_dd_acc_bound(&A, val) + ze * (1 + len * 0x1p-52)) * (1 + 0x1p-50);
    *val /= S->rho;
    return b / S->rho;
}

/* Unlabeled row a (node i): (L y)_i; bound returned, value into *val. */
static double pen_unl_row(double *val, const pen_state *X, const ct_lskron_struct *S,
                          slong i)
{
    ct_dd_acc A = {0, 0, 0, 0, 0};
    ct_dd_acc_add_prod(&A, S->deg[i], X->yh[i]);
    ct_dd_acc_add_prod(&A, S->deg[i], X->yl[i]);
    pen_edges(&A, S, i, X->yh, X->yl, NULL);
    return ct_dd_acc_bound(&A, val);
}

/* The labeled mean of y: its value into *val, an upper bound of |mean|. */
static double pen_mean(const pen_state *X, const ct_lskron_struct *S, double *val)
{
    ct_dd_acc A = {0, 0, 0, 0, 0};
    for (slong j = 0; j < S->m; j++) {
        ct_dd_acc_add(&A, X->yh[S->lab[j]]);
        ct_dd_acc_add(&A, X->yl[S->lab[j]]);
    }
    double b = ct_dd_acc_bound(&A, val);
    *val /= (double)S->m;
    return b / (double)S->m * (1 + 0x1p-50);
}

/* The steering residual of y (P y - s N p) into column d (not a bound). */
static void pen_steer(double *d, pen_state *X, const pen_ctx *C)
{
    const ct_lskron_struct *S = C->S;
    double cr = C->c / S->rho;
    pen_z(X, C);
    for (slong i = 0; i < S->head.n; i++) {
        if (S->pos[i] >= 0)
            pen_lab_row(d + i, X, C, i);
        else
            pen_unl_row(d + i, X, S, i), d[i] *= cr;
    }
}

static double pen_max_abs(const double *x, slong n)
{
    double m = 0;
    for (slong i = 0; i < n; i++)
        m = fmax(m, fabs(x[i]));
    return m;
}

/* Term j's first right-hand side of every class into B (s N p, or b'). */
static void pen_rhs(double *B, pen_state *X, slong nv, const pen_ctx *C)
{
    const ct_lskron_struct *S = C->S;
    slong n = S->head.n;
    for (slong v = 0; v < nv; v++) {
        double *b = B + v * n;
        for (slong i = 0; i < n; i++) {
            b[i] = 0;
            if (S->pos[i] < 0)
                continue;
            if (C->j == 0) {
                b[i] = X[v].bh[i];
                continue;
            }
            double lp = S->deg[i] * (X[v].ph[i] + X[v].pl[i]);
            for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
                lp -= S->w[e] * (X[v].ph[S->col[e]] + X[v].pl[S->col[e]]);
            b[i] = C->s * (X[v].ph[i] + X[v].pl[i] - lp / S->rho);
        }
    }
}

/* Term j's y for every class: a solve, then corrections against the
   steering residual while it is above 2^-110 of term 0 (at most
   PENCIL_STEPS). Returns 1 when a solve fails. */
static int pen_solve(pen_state *X, slong nv, double *B, const pen_ctx *C)
{
    slong n = C->S->head.n;
    pen_rhs(B, X, nv, C);
    if (ct_spchol_solve_each(C->F, B, nv) != 0)
        return 1;
    for (slong v = 0; v < nv; v++) {
        memcpy(X[v].yh, B + v * n, n * sizeof(double));
        memset(X[v].yl, 0, n * sizeof(double));
        if (C->j == 0)
            X[v].top = pen_max_abs(X[v].yh, n);
    }
    double *last = flint_malloc(nv * sizeof(double));
    for (slong v = 0; v < nv; v++)
        last[v] = INFINITY;
    for (int step = 0; step < PENCIL_STEPS; step++) {
        int more = 0;
        for (slong v = 0; v < nv; v++) { /* until 2^-104 of term 0, or stalled */
            pen_steer(B + v * n, X + v, C);
            double d = pen_max_abs(B + v * n, n);
            more |= d > ldexp(X[v].top, -104) && d < last[v] / 16;
            last[v] = d;
        }
        if (!more)
            break;
        if (ct_spchol_solve_each(C->F, B, nv) != 0) {
            flint_free(last);
            return 1;
        }
        for (slong v = 0; v < nv; v++)
            for (slong i = 0; i < n; i++) {
                double e, h = ct_dd_sum(X[v].yh[i], -B[v * n + i], &e);
                X[v].yh[i] = ct_dd_sum(h, X[v].yl[i] + e, X[v].yl + i);
            }
    }
    flint_free(last);
    return 0;
}

/* y minus its labeled mean on every node (the harmonic extension of 1 is 1). */
static void pen_project(pen_state *X, const ct_lskron_struct *S)
{
    double mean, e;
    pen_mean(X, S, &mean);
    for (slong i = 0; i < S->head.n; i++) {
        X->yh[i] = ct_dd_sum(X->yh[i], -mean, &e);
        X->yl[i] += e;
    }
}

/* Term j's bounds for one class (y made): E into P->E[j], max_a |(L y)_a| /
   d_a into P->U[j], the term stored. Returns 1 when out of range. */
static int pen_finish(_ct_lskron_pmodel *P, pen_state *X, const pen_ctx *C,
                      const mag_t inv, const mag_t kap)
{
    const ct_lskron_struct *S = C->S;
    slong n = S->head.n, j = C->j;
    double v, qs = 0, qmax = 0, zmax = 0, umax = 0;
    pen_project(X, S);
    for (slong i = 0; i < n; i++)
        if (!(fabs(X->yh[i]) <= PENCIL_RANGE))
            return 1;
    pen_z(X, C);
    for (slong i = 0; i < n; i++) {
        if (S->pos[i] >= 0) {
            X->qb[i] = pen_lab_row(&v, X, C, i);
            qmax = fmax(qmax, X->qb[i]);
            continue;
        }
        X->sy[i] = pen_unl_row(&v, X, S, i) / S->deg[i] * (1 + 0x1p-50);
        umax = fmax(umax, X->sy[i]);
        zmax =
            fmax(zmax, (C->c * X->sy[i] + (j > 0 ? C->s * X->sp[i] : 0)) * (1 + 0x1p-50));
    }
    for (slong i = 0; i < n && qmax > 0; i++)
        if (S->pos[i] >= 0)
            qs += (X->qb[i] / qmax) * (X->qb[i] / qmax);
    double rn = _ct_lskron_up(_ct_lskron_up(qmax * sqrt(_ct_lskron_up(qs, S->m)), 4) +
                                  C->wz * zmax / S->rho,
                              4);
    if (!(rn <= PENCIL_RANGE && umax <= PENCIL_RANGE))
        return 1;
    mag_t t, u;
    mag_init(t), mag_init(u);
    mag_mul(X->F, X->F, kap); /* F = s kap F + rn / (1 - c mu) */
    mag_mul_2exp_si(X->F, X->F, (slong)log2(C->s));
    mag_set_d(u, rn);
    mag_addmul(X->F, u, inv);
    double mean = pen_mean(X, S, &v) * sqrt((double)S->m) * (1 + 0x1p-50);
    mag_set_d(t, mean); /* E = F + |mean y_l| sqrt m */
    mag_add(P->E + j, X->F, t);
    P->U[j] = _ct_lskron_up(umax, 2);
    memcpy(P->yh + j * n, X->yh, n * sizeof(double));
    memcpy(P->yl + j * n, X->yl, n * sizeof(double));
    memcpy(X->ph, X->yh, n * sizeof(double)); /* p = y for the next term */
    memcpy(X->pl, X->yl, n * sizeof(double));
    memcpy(X->sp, X->sy, n * sizeof(double));
    mag_clear(t), mag_clear(u);
    return 0;
}

/* >= ||W_lu zd||_2 (the labeled rows' weights into unlabeled nodes). */
static double pen_wz(const ct_lskron_struct *S)
{
    double s = 0, mx = 0;
    double *t = flint_calloc(FLINT_MAX(S->m, 1), sizeof(double));
    for (slong j = 0; j < S->m; j++) {
        slong i = S->lab[j], len = S->rowstart[i + 1] - S->rowstart[i];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            if (S->pos[S->col[e]] < 0)
                t[j] += S->w[e] * S->zd[-1 - S->pos[S->col[e]]];
        t[j] = _ct_lskron_up(t[j], len);
        mx = fmax(mx, t[j]);
    }
    for (slong j = 0; j < S->m && mx > 0; j++)
        s += (t[j] / mx) * (t[j] / mx);
    flint_free(t);
    return mx == 0 ? 0 : _ct_lskron_up(mx * sqrt(_ct_lskron_up(s, S->m)), 4);
}

static _ct_lskron_pmodel *pen_model_new(const ct_lskron_struct *S, double c, double r,
                                        slong k, slong se)
{
    _ct_lskron_pmodel *P = flint_calloc(1, sizeof(_ct_lskron_pmodel));
    slong n = S->head.n;
    P->prec = 96, P->c = c, P->r = r, P->k = k, P->n = n, P->se = se;
    P->J = ct_lsroot_terms(96, _ct_lskron_kappa(S, c) * r);
    P->E = _mag_vec_init(P->J + 1);
    P->U = flint_malloc((P->J + 1) * sizeof(double));
    P->yh = flint_malloc((P->J + 1) * n * sizeof(double));
    P->yl = flint_malloc((P->J + 1) * n * sizeof(double));
    return P;
}

int _ct_lskron_pencil_build(_ct_lskron_pmodel **out, const ct_lskron_struct *S,
                            struct ct_spchol_struct *F, double c, double r,
                            const slong *k, slong nv)
{
    slong n = S->head.n, se = (slong)floor(log2(r) + 0.5);
    pen_ctx C = {S, F, c, ldexp(1, (int)se), pen_wz(S), 0};
    pen_state *X = flint_malloc(nv * sizeof(pen_state));
    double *B = flint_malloc(FLINT_MAX(n * nv, 1) * sizeof(double));
    mag_t inv, kap;
    mag_init(inv), mag_init(kap);
    mag_one(kap); /* inv >= 1 / (1 - c mu) */
    mag_set_d(inv, c * S->mu * (1 + 0x1p-50));
    mag_sub_lower(inv, kap, inv);
    mag_div(inv, kap, inv);
    mag_set_d(kap, _ct_lskron_kappa(S, c));
    for (slong v = 0; v < nv; v++) {
        pen_state_init(X + v, n, S, k[v]);
        out[v] = pen_model_new(S, c, r, k[v], se);
    }
    int bad = 0;
    for (C.j = 0; C.j <= out[0]->J && !bad; C.j++) {
        bad = pen_solve(X, nv, B, &C);
        for (slong v = 0; v < nv && !bad; v++)
            bad = pen_finish(out[v], X + v, &C, inv, kap);
    }
    pencil_built += bad ? 0 : nv;
    for (slong v = 0; v < nv; v++) {
        pen_state_clear(X + v);
        if (bad) {
            _ct_lskron_pmodel_free(out[v], S->m);
            out[v] = NULL;
        }
    }
    flint_free(X), flint_free(B);
    mag_clear(inv), mag_clear(kap);
    return bad;
}

int _ct_lskron_pencil_all(_ct_lskron_pmodel **keep, const ct_lskron_struct *S, double c,
                          double r)
{
    slong nc = S->head.c, nk = 0, *k = flint_malloc(nc * sizeof(slong));
    _ct_lskron_pmodel **out = flint_calloc(nc, sizeof(void *));
    for (slong t = 0; t < nc; t++) {
        keep[t] = NULL;
        if (S->nlabk[t] > 0)
            k[nk++] = t;
    }
    struct ct_spchol_struct *F = _ct_lskron_pencil_factor(S, c);
    int bad = F == NULL || _ct_lskron_pencil_build(out, S, F, c, r, k, nk);
    for (slong t = 0; t < nk && !bad; t++)
        keep[k[t]] = out[t];
    ct_spchol_free(F);
    flint_free(k), flint_free(out);
    return bad;
}
