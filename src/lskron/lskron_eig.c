/* lskron_eig: M = I - K / rho diagonalized once, at 128 bits, so that a
   zero of lambda's pair function is narrowed by a few sums of m terms
   instead of the 96-bit Taylor models of its disk (docs/lambda.md,
   "Narrowing from one eigendecomposition"; the roots' side in
   lskron_eigroot.c).

   With Q any matrix and Theta = diag(theta) exact, E = M Q - Q Theta, and
   A = I - alpha M, D = I - alpha Theta: A Q = Q D - alpha E, so for any exact
   c and beta = b - Q c

       A^{-1} b = Q D^{-1} c + alpha A^{-1} E D^{-1} c + A^{-1} beta.

   M's spectrum lies in [0, 1], so ||A^{-1}||_2 <= 1 / (1 - alpha), and
   g^T A^{-1} b = sum_t p_t c_t / (1 - alpha theta_t) (p = Q^T g) up to
   ||g|| (alpha ||E|| ||D^{-1} c|| + ||beta||) / (1 - alpha). Q and theta come
   from LAPACK's dsyev, refined by Ogita and Aishima's iteration until E is
   small; only E, beta and p are rigorous (balls), the refinement need not be. */
#include <math.h>
#include "certune/blas.h"
#include "certune/dd.h"
#include "certune/ozaki.h"
#include "certune/pool.h"
#include "lskron_internal.h"

#define EIG_STEPS 3
#define EIG_E_GOOD (-112)  /* ||E|| <= 2^-112: refined enough */
#define EIG_E_USEFUL (-90) /* above 2^-90 no zero would be narrowed */

/* C = A B at CT_LSKRON_EIG_PREC in balls (approx: midpoints only), A's rows in blocks
   on the calling thread's inner threads (C must not alias A or B). */
typedef struct {
    arb_mat_struct *C;
    const arb_mat_struct *A, *B;
    slong nb;
    slong approx;
} eig_mul_ctx;

static void eig_mul_job(void *arg, slong t)
{
    const eig_mul_ctx *X = arg;
    slong n = arb_mat_nrows(X->A), r0 = n * t / X->nb, r1 = n * (t + 1) / X->nb;
    if (r1 == r0)
        return;
    arb_mat_t Aw, Cw;
    arb_mat_window_init(Aw, X->A, r0, 0, r1, arb_mat_ncols(X->A));
    arb_mat_window_init(Cw, X->C, r0, 0, r1, arb_mat_ncols(X->C));
    if (X->approx)
        arb_mat_approx_mul(Cw, Aw, X->B, CT_LSKRON_EIG_PREC);
    else
        arb_mat_mul(Cw, Aw, X->B, CT_LSKRON_EIG_PREC);
    arb_mat_window_clear(Aw), arb_mat_window_clear(Cw);
}

/* Through BLAS when it can (ozaki.c: exact slices, the error in the radii),
   else in balls. approx = 0: rigorous at CT_LSKRON_EIG_PREC; else midpoints
   only, through BLAS to about 2^-approx of the scales. */
static void eig_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, slong approx)
{
    slong nt = FLINT_MAX(1, FLINT_MIN(ct_pool_inner_threads(), arb_mat_nrows(A) / 16));
    int done = approx ? !ct_ozaki_approx_mul(C, A, B, approx, nt)
                      : !ct_ozaki_mul(C, A, B, CT_LSKRON_EIG_PREC, nt);
    if (done)
        return;
    eig_mul_ctx X = {C, A, B, nt, approx};
    ct_pool_for(nt, nt, eig_mul_job, NULL, &X);
}

/* Q, theta from dsyev on the floating M~ = I - K~ / rho; 0, or 1 when LAPACK
   fails. */
static int eig_start(_ct_lskron_eig *X, const ct_lskron_struct *S)
{
    slong m = S->m, lwork = 66 * m;
    double *a = flint_malloc((m * m + m + lwork) * sizeof(double)), *w = a + m * m;
    for (slong i = 0; i < m * m; i++)
        a[i] = (i / m == i % m) - S->K[i] / S->rho; /* symmetric: either layout */
    int info = ct_blas_dsyev_lower((int)m, a, (int)m, w, w + m, (int)lwork);
    for (slong i = 0; info == 0 && i < m; i++) { /* column t of a: eigenvector t */
        arb_set_d(X->theta + i, w[i]);
        for (slong t = 0; t < m; t++)
            arb_set_d(arb_mat_entry(X->Q, i, t), a[t * m + i]);
    }
    flint_free(a);
    return info != 0;
}

/* P = Mh Q - Q Theta in balls; ||P||_F into e. */
static void eig_residual(mag_t e, arb_mat_t P, const arb_mat_t Mh,
                         const _ct_lskron_eig *X)
{
    eig_mul(P, Mh, X->Q, 0);
    mag_zero(e);
    mag_t t;
    mag_init(t);
    for (slong i = 0; i < X->m; i++)
        for (slong j = 0; j < X->m; j++) {
            arb_ptr p = arb_mat_entry(P, i, j);
            arb_submul(p, arb_mat_entry(X->Q, i, j), X->theta + j, CT_LSKRON_EIG_PREC);
            arb_get_mag(t, p);
            mag_addmul(e, t, t);
        }
    mag_sqrt(e, e);
    mag_clear(t);
}

/* F's rows in blocks (eig_step) on the inner threads. */
typedef struct {
    arb_mat_struct *F;
    const arb_mat_struct *G, *T;
    const _ct_lskron_eig *X;
    const double *th;
    double delta;
    slong nb;
} eig_f_ctx;

static void eig_f_job(void *arg, slong b)
{
    const eig_f_ctx *C = arg;
    slong m = C->X->m, i0 = m * b / C->nb, i1 = m * (b + 1) / C->nb;
    arb_t d;
    arb_init(d);
    for (slong i = i0; i < i1; i++)
        for (slong j = 0; j < m; j++) {
            arb_ptr f = arb_mat_entry(C->F, i, j);
            const arb_struct *g = arb_mat_entry(C->G, i, j);
            if (i == j) {
                arb_sub_si(f, g, 1, CT_LSKRON_EIG_PREC);
                arb_mul_2exp_si(f, f, -1), arb_neg(f, f);
            } else if (fabs(C->th[i] - C->th[j]) > C->delta) {
                arb_mul(f, C->X->theta + j, g, CT_LSKRON_EIG_PREC);
                arb_sub(f, arb_mat_entry(C->T, i, j), f, CT_LSKRON_EIG_PREC);
                arb_sub(d, C->X->theta + j, C->X->theta + i, CT_LSKRON_EIG_PREC);
                arb_div(f, f, d, CT_LSKRON_EIG_PREC);
            } else {
                arb_mul_2exp_si(f, g, -1), arb_neg(f, f);
            }
        }
    arb_clear(d);
}

/* One step of Ogita and Aishima's refinement (BIT 58, 2018): with G = Q^T Q
   and T = Q^T M Q (= Q^T (P + Q Theta)), theta_i = T_ii / G_ii and Q += Q F,
   F_ij = (T_ij - theta_j G_ij) / (theta_j - theta_i) for well separated
   eigenvalues, -G_ij / 2 within a cluster, (1 - G_ii) / 2 on the diagonal.
   Midpoints only: a step only moves Q; E is measured after it. */
static void eig_step(_ct_lskron_eig *X, const arb_mat_t Mh, slong prec)
{
    slong m = X->m;
    arb_mat_t G, T, F, Qt;
    arb_mat_init(G, m, m), arb_mat_init(T, m, m), arb_mat_init(F, m, m);
    arb_mat_init(Qt, m, m);
    arb_mat_transpose(Qt, X->Q);
    eig_mul(G, Qt, X->Q, prec);
    eig_mul(F, Mh, X->Q, prec);
    eig_mul(T, Qt, F, prec);
    double *th = flint_malloc(m * sizeof(double)), off = 0, gerr = 0;
    for (slong i = 0; i < m; i++) {
        arb_div(X->theta + i, arb_mat_entry(T, i, i), arb_mat_entry(G, i, i),
                CT_LSKRON_EIG_PREC);
        mag_zero(arb_radref(X->theta + i));
        th[i] = arf_get_d(arb_midref(X->theta + i), ARF_RND_NEAR);
    }
    for (slong i = 0; i < m; i++)
        for (slong j = 0; j < m; j++) {
            double g = arf_get_d(arb_midref(arb_mat_entry(G, i, j)), ARF_RND_NEAR);
            double t = arf_get_d(arb_midref(arb_mat_entry(T, i, j)), ARF_RND_NEAR);
            gerr += (g - (i == j)) * (g - (i == j));
            off += i == j ? 0 : t * t;
        }
    /* the cluster threshold: 2 (||T - diag|| + ||M|| ||I - G||), ||M|| <= 1 */
    double delta = 2 * (sqrt(off) + sqrt(gerr)) + 0x1p-60;
    eig_f_ctx C = {
        F, G, T, X, th, delta, FLINT_MAX(1, FLINT_MIN(ct_pool_inner_threads(), m / 16))};
    ct_pool_for(C.nb, C.nb, eig_f_job, NULL, &C);
    /* Q F to 2^-prec of Q's scale: F's own scale 2^fe is far below 1 */
    slong fe = WORD_MIN;
    for (slong i = 0; i < m; i++)
        for (slong j = 0; j < m; j++)
            if (!arf_is_zero(arb_midref(arb_mat_entry(F, i, j))))
                fe = FLINT_MAX(
                    fe, arf_abs_bound_lt_2exp_si(arb_midref(arb_mat_entry(F, i, j))));
    fe = fe == WORD_MIN || fe > 0 ? 0 : fe;
    eig_mul(T, X->Q, F, FLINT_MAX(53, prec + fe + 16));
    arb_mat_add(X->Q, X->Q, T, CT_LSKRON_EIG_PREC);
    arb_mat_get_mid(X->Q, X->Q);
    flint_free(th);
    arb_mat_clear(G), arb_mat_clear(T), arb_mat_clear(F), arb_mat_clear(Qt);
}

/* Mh = I - K_hi / rho (K_hi's midpoints; rho is a power of 2), each entry
   rounded to CT_LSKRON_EIG_PREC bits (so that the products take it whole);
   dm >= ||I - K_hi / rho - Mh||_F. */
static void eig_mh(arb_mat_t Mh, mag_t dm, const ct_lskron_struct *S,
                   const _ct_lskron_hi *H)
{
    int e2;
    frexp(S->rho, &e2); /* rho = 2^(e2 - 1) */
    arf_t d;
    mag_t t;
    arf_init(d), mag_init(t);
    mag_zero(dm);
    for (slong i = 0; i < S->m; i++)
        for (slong j = 0; j < S->m; j++) {
            arb_ptr e = arb_mat_entry(Mh, i, j);
            arb_mul_2exp_si(e, H->K + i * S->m + j, 1 - e2);
            arb_neg(e, e);
            if (i == j)
                arb_add_ui(e, e, 1, ARF_PREC_EXACT);
            arf_set(d, arb_midref(e));
            arf_set_round(arb_midref(e), arb_midref(e), CT_LSKRON_EIG_PREC, ARF_RND_NEAR);
            arf_sub(d, d, arb_midref(e), ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_get_mag(t, d);
            mag_addmul(dm, t, t);
        }
    mag_sqrt(dm, dm);
    arf_clear(d), mag_clear(t);
}

/* X->E >= ||M Q - Q Theta||_2 for the exact M: the refined residual's norm
   plus ||M - Mh||_2 ||Q||_2 <= (eps / rho + dm) sqrt(||Q||_1 ||Q||_inf)
   (dm: Mh's rounding). Returns 0, or 1 when E stays too large to narrow
   anything. */
static int eig_refine(_ct_lskron_eig *X, const arb_mat_t Mh, const mag_t eps, double rho,
                      const mag_t dm)
{
    slong m = X->m;
    arb_mat_t P;
    arb_mat_init(P, m, m);
    /* LAPACK's residual is about 2^-46 and a step squares it (up to the
       eigenvalues' separation): two steps before the first measure */
    for (int step = 0; step < EIG_STEPS; step++) {
        /* the first step only reaches about 2^-92 from LAPACK's 2^-46 */
        eig_step(X, Mh, step == 0 ? 104 : CT_LSKRON_EIG_PREC);
        if (step > 0) {
            eig_residual(X->E, P, Mh, X);
            if (mag_cmp_2exp_si(X->E, EIG_E_GOOD) <= 0)
                break;
        }
    }
    arb_mat_clear(P);
    mag_t r, c, t;
    mag_init(r), mag_init(c), mag_init(t);
    for (slong i = 0; i < m; i++) { /* row sums (||Q||_inf), column sums (||Q||_1) */
        mag_t a, b;
        mag_init(a), mag_init(b);
        for (slong j = 0; j < m; j++) {
            arb_get_mag(t, arb_mat_entry(X->Q, i, j)), mag_add(a, a, t);
            arb_get_mag(t, arb_mat_entry(X->Q, j, i)), mag_add(b, b, t);
        }
        mag_max(r, r, a), mag_max(c, c, b);
        mag_clear(a), mag_clear(b);
    }
    mag_div_ui(t, eps, (ulong)rho); /* rho is an integer power of 2 */
    mag_add(t, t, dm);
    mag_mul(r, r, c), mag_sqrt(r, r), mag_mul(t, t, r);
    mag_add(X->E, X->E, t);
    mag_clear(r), mag_clear(c), mag_clear(t);
    return mag_cmp_2exp_si(X->E, EIG_E_USEFUL) > 0;
}

/* sig_t = 1^T q_t and rE_t = sig_t (1 - theta_t) in balls (u^T E = u^T Q (I -
   Theta) for u = 1 / sqrt(m): M u = u exactly). */
static void eig_sums(_ct_lskron_eig *X)
{
    slong m = X->m;
    for (slong t = 0; t < m; t++) {
        arb_ptr g = X->sig + t, e = X->rE + t;
        arb_zero(g);
        for (slong j = 0; j < m; j++)
            arb_add(g, g, arb_mat_entry(X->Q, j, t), CT_LSKRON_EIG_PREC);
        arb_sub_si(e, X->theta + t, 1, CT_LSKRON_EIG_PREC);
        arb_mul(e, e, g, CT_LSKRON_EIG_PREC), arb_neg(e, e);
    }
}

/* Per class k with Y_k' = Y_k - (n_k / m) 1 (orthogonal to 1): c_k =
   mid(Q^T Y_k') (exact), beta_k >= ||Y_k' - Q c_k||_2 and tb_k = 1^T (Y_k' -
   Q c_k) = -sig^T c_k in balls. */
static void eig_classes(_ct_lskron_eig *X, const ct_lskron_struct *S)
{
    slong m = X->m;
    arb_t s, nk;
    mag_t t;
    arb_init(s), arb_init(nk), mag_init(t);
    for (slong k = 0; k < X->c; k++) {
        arb_ptr ck = X->ck + k * m;
        arb_set_si(nk, S->nlabk[k]);
        arb_div_si(nk, nk, m, CT_LSKRON_EIG_PREC); /* n_k / m */
        for (slong t2 = 0; t2 < m; t2++) {
            arb_mul(s, nk, X->sig + t2, CT_LSKRON_EIG_PREC), arb_neg(s, s);
            for (slong j = 0; j < m; j++)
                if (S->cls[j] == k)
                    arb_add(s, s, arb_mat_entry(X->Q, j, t2), CT_LSKRON_EIG_PREC);
            arb_get_mid_arb(ck + t2, s);
        }
        mag_zero(X->beta + k);
        for (slong j = 0; j < m; j++) {
            arb_dot(s, NULL, 1, arb_mat_entry(X->Q, j, 0), 1, ck, 1, m,
                    CT_LSKRON_EIG_PREC);
            arb_add_si(s, s, S->cls[j] == k, CT_LSKRON_EIG_PREC);
            arb_sub(s, s, nk, CT_LSKRON_EIG_PREC);
            arb_get_mag(t, s);
            mag_addmul(X->beta + k, t, t);
        }
        mag_sqrt(X->beta + k, X->beta + k);
        arb_dot(X->tb + k, NULL, 1, X->sig, 1, ck, 1, m, CT_LSKRON_EIG_PREC);
    }
    arb_clear(s), arb_clear(nk), mag_clear(t);
}

/* The eigendecomposition of S's M, NULL when it was not made (m above
   CT_LSKRON_EIG_MAX, no 96-bit H and K, LAPACK failing, E too large). */
static _ct_lskron_eig *eig_make(ct_lskron_struct *S)
{
    const _ct_lskron_hi *H = _ct_lskron_hi_get(S, 0);
    slong m = S->m;
    if (H == NULL || m < 2 || m > CT_LSKRON_EIG_MAX || _ct_lskron_pencil_on(S))
        return NULL;
    _ct_lskron_eig *X = flint_malloc(sizeof(_ct_lskron_eig));
    X->m = m, X->c = S->head.c;
    arb_mat_init(X->Q, m, m);
    X->theta = _arb_vec_init(m);
    X->ck = _arb_vec_init(m * X->c);
    X->beta = _mag_vec_init(X->c);
    X->sig = _arb_vec_init(2 * m + X->c), X->rE = X->sig + m, X->tb = X->rE + m;
    mag_init(X->E);
    X->P = NULL, X->np = 0;
    X->thd = flint_malloc(2 * m * sizeof(double));
    X->prow = flint_malloc(S->head.n * sizeof(slong));
    for (slong i = 0; i < S->head.n; i++)
        X->prow[i] = -1;
    arb_mat_t Mh;
    mag_t dm;
    arb_mat_init(Mh, m, m), mag_init(dm);
    eig_mh(Mh, dm, S, H);
    int bad = eig_start(X, S) || eig_refine(X, Mh, H->eps, S->rho, dm);
    arb_mat_clear(Mh), mag_clear(dm);
    if (bad) {
        _ct_lskron_eig_free(X);
        return NULL;
    }
    eig_sums(X);
    eig_classes(X, S);
    for (slong t = 0; t < m; t++)
        ct_dd_set_arf(X->thd + t, X->thd + m + t, arb_midref(X->theta + t), 0);
    return X;
}

/* Q^T g for the unlabeled rows among rows[0..nr) not kept yet, added to P:
   one product of their H_hi rows with Q. */
static void eig_rows(_ct_lskron_eig *X, const ct_lskron_struct *S, const slong *rows,
                     slong nr)
{
    slong m = X->m, add = 0;
    slong *a = flint_malloc(FLINT_MAX(nr, 1) * sizeof(slong));
    for (slong t = 0; t < nr; t++)
        if (S->pos[rows[t]] < 0 && X->prow[rows[t]] == -1)
            X->prow[rows[t]] = -2, a[add++] = rows[t];
    if (add > 0) {
        const _ct_lskron_hi *H = S->hi[0];
        arb_mat_t G, P;
        arb_mat_init(G, add, m), arb_mat_init(P, add, m);
        for (slong t = 0; t < add; t++) {
            slong u = -1 - S->pos[a[t]];
            _ct_lskron_hi_row(arb_mat_entry(G, t, 0), H, u);
        }
        eig_mul(P, G, X->Q, 0);
        X->P = flint_realloc(X->P, (X->np + add) * m * sizeof(arb_struct));
        for (slong t = 0; t < add; t++) {
            for (slong j = 0; j < m; j++)
                arb_init(X->P + (X->np + t) * m + j);
            _arb_vec_swap(X->P + (X->np + t) * m, arb_mat_entry(P, t, 0), m);
            X->prow[a[t]] = X->np + t;
        }
        X->np += add;
        arb_mat_clear(G), arb_mat_clear(P);
    }
    flint_free(a);
}

const _ct_lskron_eig *_ct_lskron_eig_get(ct_lskron_struct *S, const slong *rows, slong nr)
{
    if (!S->eig_tried)
        S->eig_tried = 1, S->eig = eig_make(S);
    if (S->eig != NULL)
        eig_rows(S->eig, S, rows, nr);
    return S->eig;
}
