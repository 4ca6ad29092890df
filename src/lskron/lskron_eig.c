/* lskron_eig: M = I - K / rho diagonalized once, at 128 bits, so that a
   zero of lambda's pair function is narrowed by a few sums of m terms
   instead of the 96-bit Taylor models of its disk (docs/lambda.md,
   "Narrowing from one eigendecomposition").

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
#include <stdatomic.h>
#include "certune/blas.h"
#include "certune/pool.h"
#include "lskron_internal.h"

#define EIG_PREC 128
#define EIG_STEPS 3
#define EIG_E_GOOD (-112)  /* ||E|| <= 2^-112: refined enough */
#define EIG_E_USEFUL (-90) /* above 2^-90 no zero would be narrowed */
#define EIG_WIDTH_BITS 88  /* the narrowed interval: lambda* (1 -+ 2^-88) */

static atomic_long eig_narrowed;
static _Atomic slong eig_shift;
static atomic_int eig_off, eig_loose;

void _ct_lskron_eig_set_off(int off)
{
    atomic_store(&eig_off, off);
}

void _ct_lskron_eig_set_loose(int loose)
{
    atomic_store(&eig_loose, loose);
}

long _ct_lskron_eig_count(void)
{
    return atomic_load(&eig_narrowed);
}

void _ct_lskron_eig_set_shift(slong s)
{
    atomic_store(&eig_shift, s);
}

/* C = A B at EIG_PREC in balls (approx: midpoints only), A's rows in blocks
   on the calling thread's inner threads (C must not alias A or B). */
typedef struct {
    arb_mat_struct *C;
    const arb_mat_struct *A, *B;
    slong nb;
    int approx;
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
        arb_mat_approx_mul(Cw, Aw, X->B, EIG_PREC);
    else
        arb_mat_mul(Cw, Aw, X->B, EIG_PREC);
    arb_mat_window_clear(Aw), arb_mat_window_clear(Cw);
}

static void eig_mul(arb_mat_t C, const arb_mat_t A, const arb_mat_t B, int approx)
{
    slong nt = FLINT_MAX(1, FLINT_MIN(ct_pool_inner_threads(), arb_mat_nrows(A) / 16));
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
            arb_submul(p, arb_mat_entry(X->Q, i, j), X->theta + j, EIG_PREC);
            arb_get_mag(t, p);
            mag_addmul(e, t, t);
        }
    mag_sqrt(e, e);
    mag_clear(t);
}

/* One step of Ogita and Aishima's refinement (BIT 58, 2018): with G = Q^T Q
   and T = Q^T M Q (= Q^T (P + Q Theta)), theta_i = T_ii / G_ii and Q += Q F,
   F_ij = (T_ij - theta_j G_ij) / (theta_j - theta_i) for well separated
   eigenvalues, -G_ij / 2 within a cluster, (1 - G_ii) / 2 on the diagonal.
   Midpoints only: a step only moves Q; E is measured after it. */
static void eig_step(_ct_lskron_eig *X, const arb_mat_t Mh)
{
    slong m = X->m;
    arb_mat_t G, T, F, Qt;
    arb_mat_init(G, m, m), arb_mat_init(T, m, m), arb_mat_init(F, m, m);
    arb_mat_init(Qt, m, m);
    arb_mat_transpose(Qt, X->Q);
    eig_mul(G, Qt, X->Q, 1);
    eig_mul(F, Mh, X->Q, 1);
    eig_mul(T, Qt, F, 1);
    double *th = flint_malloc(m * sizeof(double)), off = 0, gerr = 0;
    for (slong i = 0; i < m; i++) {
        arb_div(X->theta + i, arb_mat_entry(T, i, i), arb_mat_entry(G, i, i), EIG_PREC);
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
    arb_t d;
    arb_init(d);
    for (slong i = 0; i < m; i++)
        for (slong j = 0; j < m; j++) {
            arb_ptr f = arb_mat_entry(F, i, j);
            if (i == j) {
                arb_sub_si(f, arb_mat_entry(G, i, i), 1, EIG_PREC);
                arb_mul_2exp_si(f, f, -1), arb_neg(f, f);
            } else if (fabs(th[i] - th[j]) > delta) {
                arb_mul(f, X->theta + j, arb_mat_entry(G, i, j), EIG_PREC);
                arb_sub(f, arb_mat_entry(T, i, j), f, EIG_PREC);
                arb_sub(d, X->theta + j, X->theta + i, EIG_PREC);
                arb_div(f, f, d, EIG_PREC);
            } else {
                arb_mul_2exp_si(f, arb_mat_entry(G, i, j), -1), arb_neg(f, f);
            }
        }
    eig_mul(T, X->Q, F, 1);
    arb_mat_add(X->Q, X->Q, T, EIG_PREC);
    arb_mat_get_mid(X->Q, X->Q);
    flint_free(th), arb_clear(d);
    arb_mat_clear(G), arb_mat_clear(T), arb_mat_clear(F), arb_mat_clear(Qt);
}

/* Mh = I - K_hi / rho, exactly (K_hi's midpoints; rho is a power of 2). */
static void eig_mh(arb_mat_t Mh, const ct_lskron_struct *S, const _ct_lskron_hi *H)
{
    int e2;
    frexp(S->rho, &e2); /* rho = 2^(e2 - 1) */
    for (slong i = 0; i < S->m; i++)
        for (slong j = 0; j < S->m; j++) {
            arb_ptr e = arb_mat_entry(Mh, i, j);
            arb_mul_2exp_si(e, H->K + i * S->m + j, 1 - e2);
            arb_neg(e, e);
            if (i == j)
                arb_add_ui(e, e, 1, ARF_PREC_EXACT);
        }
}

/* X->E >= ||M Q - Q Theta||_2 for the exact M: the refined residual's norm
   plus ||M - Mh||_2 ||Q||_2 <= (eps / rho) sqrt(||Q||_1 ||Q||_inf). Returns
   0, or 1 when E stays too large to narrow anything. */
static int eig_refine(_ct_lskron_eig *X, const arb_mat_t Mh, const mag_t eps, double rho)
{
    slong m = X->m;
    arb_mat_t P;
    arb_mat_init(P, m, m);
    /* LAPACK's residual is about 2^-46 and a step squares it (up to the
       eigenvalues' separation): two steps before the first measure */
    for (int step = 0; step < EIG_STEPS; step++) {
        eig_step(X, Mh);
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
    mag_mul(t, r, c), mag_sqrt(t, t), mag_mul(t, t, eps);
    mag_div_ui(t, t, (ulong)rho); /* rho is an integer power of 2 */
    mag_add(X->E, X->E, t);
    mag_clear(r), mag_clear(c), mag_clear(t);
    return mag_cmp_2exp_si(X->E, EIG_E_USEFUL) > 0;
}

/* Per class k: c_k = mid(Q^T Y_k) (exact) and beta_k >= ||Y_k - Q c_k||_2. */
static void eig_classes(_ct_lskron_eig *X, const ct_lskron_struct *S)
{
    slong m = X->m;
    arb_t s;
    mag_t t;
    arb_init(s), mag_init(t);
    for (slong k = 0; k < X->c; k++) {
        arb_ptr ck = X->ck + k * m;
        for (slong t2 = 0; t2 < m; t2++) {
            arb_zero(s);
            for (slong j = 0; j < m; j++)
                if (S->cls[j] == k)
                    arb_add(s, s, arb_mat_entry(X->Q, j, t2), EIG_PREC);
            arb_get_mid_arb(ck + t2, s);
        }
        mag_zero(X->beta + k);
        for (slong j = 0; j < m; j++) {
            arb_dot(s, NULL, 1, arb_mat_entry(X->Q, j, 0), 1, ck, 1, m, EIG_PREC);
            arb_add_si(s, s, S->cls[j] == k, EIG_PREC);
            arb_get_mag(t, s);
            mag_addmul(X->beta + k, t, t);
        }
        mag_sqrt(X->beta + k, X->beta + k);
    }
    arb_clear(s), mag_clear(t);
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
    mag_init(X->E);
    X->P = NULL, X->np = 0;
    X->prow = flint_malloc(S->head.n * sizeof(slong));
    for (slong i = 0; i < S->head.n; i++)
        X->prow[i] = -1;
    arb_mat_t Mh;
    arb_mat_init(Mh, m, m);
    eig_mh(Mh, S, H);
    int bad = eig_start(X, S) || eig_refine(X, Mh, H->eps, S->rho);
    arb_mat_clear(Mh);
    if (bad) {
        _ct_lskron_eig_free(X);
        return NULL;
    }
    eig_classes(X, S);
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
            _arb_vec_set(arb_mat_entry(G, t, 0), H->H + u * m, m);
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

/* Row `row`'s pair (k, l) over the eigenvectors: w_t = p_t c_t with c = c_k -
   c_l, p = Q^T g (g = e_j for labeled node j, H_hi's row for an unlabeled
   one), and the constants of the bound: ||g_hi||_2 <= gn, ||g - g_hi||_2
   ||b||_2 <= gb (b = Y_k - Y_l), ||beta||_2 <= be. */
typedef struct {
    const ct_lskron_struct *S;
    const _ct_lskron_eig *X;
    arb_ptr w, c;
    double *wd, *td; /* w's and theta's midpoints, for the first Newton */
    mag_t gn, gb, be;
} eig_fn;

static void eig_fn_p(arb_ptr p, mag_t gn, mag_t gb, const eig_fn *F,
                     const _ct_lskron_hi *H, slong row, slong k, slong l)
{
    const ct_lskron_struct *S = F->S;
    slong m = S->m, j = S->pos[row];
    if (j >= 0) {
        _arb_vec_set(p, arb_mat_entry(F->X->Q, j, 0), m);
        mag_one(gn), mag_zero(gb);
        return;
    }
    slong a = -1 - j, o = S->Hoff[a], len = S->Hoff[a + 1] - o;
    if (F->X->prow[row] >= 0)
        _arb_vec_set(p, F->X->P + F->X->prow[row] * m, m);
    arb_struct *q = flint_malloc(FLINT_MAX(len, 1) * sizeof(arb_struct));
    arb_struct *g = flint_malloc(FLINT_MAX(len, 1) * sizeof(arb_struct));
    for (slong s = 0; s < len; s++)
        g[s] = H->H[a * m + S->Hcol[o + s]]; /* shallow: read only */
    for (slong t = 0; t < m && F->X->prow[row] < 0; t++) {
        for (slong s = 0; s < len; s++)
            q[s] = *arb_mat_entry(F->X->Q, S->Hcol[o + s], t);
        arb_dot(p + t, NULL, 0, g, 1, q, 1, len, EIG_PREC);
    }
    flint_free(q), flint_free(g);
    mag_set(gn, H->Hrs + a); /* >= ||H_hi,a||_1 >= ||.||_2 */
    mag_set_ui(gb, (ulong)(S->nlabk[k] + S->nlabk[l]));
    mag_sqrt(gb, gb);
    mag_mul(gb, gb, H->Herr + a);
}

static void eig_fn_init(eig_fn *F, const ct_lskron_struct *S, const _ct_lskron_eig *X,
                        slong row, slong k, slong l)
{
    slong m = S->m;
    F->S = S, F->X = X;
    F->w = _arb_vec_init(2 * m), F->c = F->w + m;
    F->wd = flint_malloc(2 * m * sizeof(double)), F->td = F->wd + m;
    mag_init(F->gn), mag_init(F->gb), mag_init(F->be);
    eig_fn_p(F->w, F->gn, F->gb, F, S->hi[0], row, k, l);
    _arb_vec_sub(F->c, X->ck + k * m, X->ck + l * m, m, EIG_PREC);
    for (slong t = 0; t < m; t++) {
        arb_mul(F->w + t, F->w + t, F->c + t, EIG_PREC);
        F->wd[t] = arf_get_d(arb_midref(F->w + t), ARF_RND_NEAR);
        F->td[t] = arf_get_d(arb_midref(X->theta + t), ARF_RND_NEAR);
    }
    mag_add(F->be, X->beta + k, X->beta + l);
}

static void eig_fn_clear(eig_fn *F)
{
    _arb_vec_clear(F->w, 2 * F->S->m);
    flint_free(F->wd);
    mag_clear(F->gn), mag_clear(F->gb), mag_clear(F->be);
}

/* The sign of the pair's function at lambda = x (x > 0), 0 when the bound
   does not decide it: sum_t w_t / (1 - alpha theta_t) widened by
   (gn (alpha E ||D^{-1} c|| + be) + gb) / (1 - alpha). */
static int eig_sign(const eig_fn *F, const fmpq_t x)
{
    slong m = F->S->m;
    fmpq_t q;
    arb_t al, v, n2;
    arb_ptr u = _arb_vec_init(2 * m), cu = u + m;
    mag_t R, t, om;
    fmpq_init(q), arb_init(al), arb_init(v), arb_init(n2);
    mag_init(R), mag_init(t), mag_init(om);
    _ct_lskron_alpha(q, F->S, x);
    arb_set_fmpq(al, q, EIG_PREC);
    int s = 0, ok = 1;
    for (slong j = 0; j < m && ok; j++) { /* u_j = 1 / (1 - alpha theta_j) */
        arb_mul(u + j, al, F->X->theta + j, EIG_PREC);
        arb_sub_si(u + j, u + j, 1, EIG_PREC), arb_neg(u + j, u + j);
        ok = arb_is_positive(u + j);
        arb_inv(u + j, u + j, EIG_PREC);
        arb_mul(cu + j, F->c + j, u + j, EIG_PREC);
    }
    arb_sub_si(v, al, 1, EIG_PREC), arb_neg(v, v);
    if (ok && arb_is_positive(v)) {
        arb_get_mag_lower(om, v);
        arb_dot(n2, NULL, 0, cu, 1, cu, 1, m, EIG_PREC);
        arb_get_mag(R, n2), mag_sqrt(R, R);
        arb_get_mag(t, al);
        mag_mul(R, R, t), mag_mul(R, R, F->X->E), mag_add(R, R, F->be);
        mag_mul(R, R, F->gn), mag_add(R, R, F->gb), mag_div(R, R, om);
        arb_dot(v, NULL, 0, F->w, 1, u, 1, m, EIG_PREC);
        if (!atomic_load(&eig_loose)) /* tests: without the bound, refuted */
            arb_add_error_mag(v, R);
        s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    }
    _arb_vec_clear(u, 2 * m);
    fmpq_clear(q), arb_clear(al), arb_clear(v), arb_clear(n2);
    mag_clear(R), mag_clear(t), mag_clear(om);
    return s;
}

/* alpha at x as a double (rounded). */
static double eig_alpha_d(const ct_lskron_struct *S, const fmpq_t x)
{
    fmpq_t q;
    fmpq_init(q);
    _ct_lskron_alpha(q, S, x);
    double d = fmpq_get_d(q);
    fmpq_clear(q);
    return d;
}

/* The zero of the midpoints' function in (a, b) (sign s at b), by Newton's
   method kept inside the bracket, in doubles. */
static double eig_newton_d(const eig_fn *F, double a, double b, int s)
{
    double x = a + (b - a) / 2;
    for (int it = 0; it < 200 && b - a > 0x1p-60 * b; it++) {
        double f = 0, d = 0;
        for (slong t = 0; t < F->S->m; t++) {
            double u = 1 / (1 - x * F->td[t]);
            f += F->wd[t] * u, d += F->wd[t] * F->td[t] * u * u;
        }
        if (f == 0)
            break;
        if ((f > 0) == (s > 0))
            b = x;
        else
            a = x;
        double y = x - f / d;
        y = (y > a && y < b) ? y : a + (b - a) / 2;
        if (fabs(y - x) <= 0x1p-58 * x)
            return y;
        x = y;
    }
    return x;
}

/* Two Newton steps at EIG_PREC bits from x (midpoints only: where to put the
   narrow interval, not a proof). */
static void eig_newton_hi(arf_t x, const eig_fn *F)
{
    arb_t a, f, d, u, v;
    arb_init(a), arb_init(f), arb_init(d), arb_init(u), arb_init(v);
    for (int it = 0; it < 2; it++) {
        arb_set_arf(a, x);
        arb_zero(f), arb_zero(d);
        for (slong t = 0; t < F->S->m; t++) {
            arb_mul(u, a, F->X->theta + t, EIG_PREC);
            arb_sub_si(u, u, 1, EIG_PREC), arb_neg(u, u), arb_inv(u, u, EIG_PREC);
            arb_mul(v, F->w + t, u, EIG_PREC);
            arb_add(f, f, v, EIG_PREC);
            arb_mul(v, v, u, EIG_PREC), arb_mul(v, v, F->X->theta + t, EIG_PREC);
            arb_add(d, d, v, EIG_PREC);
        }
        arf_div(arb_midref(f), arb_midref(f), arb_midref(d), EIG_PREC, ARF_RND_NEAR);
        arf_sub(x, x, arb_midref(f), EIG_PREC, ARF_RND_NEAR);
    }
    arb_clear(a), arb_clear(f), arb_clear(d), arb_clear(u), arb_clear(v);
}

/* lambda = rho (1 - x) / (scale x), rounded to 100 bits, into y. */
static void eig_lambda(fmpq_t y, const ct_lskron_struct *S, const arf_t x)
{
    arb_t a, b;
    arb_init(a), arb_init(b);
    arb_set_arf(a, x);
    arb_sub_si(b, a, 1, EIG_PREC), arb_neg(b, b);
    arb_mul_si(b, b, (slong)S->rho, EIG_PREC);
    arb_div(b, b, a, EIG_PREC);
    arb_div_fmpz(b, b, S->scale, EIG_PREC);
    arf_set_round(arb_midref(a), arb_midref(b), 100, ARF_RND_NEAR);
    arf_get_fmpq(y, arb_midref(a));
    arb_clear(a), arb_clear(b);
}

int _ct_lskron_eig_narrow(ct_lsroot_struct *r)
{
    const ct_lskron_struct *S = _ct_lskron_const(r->disk->sys);
    const _ct_lskron_eig *X = S->eig;
    if (X == NULL || atomic_load(&eig_off) || r->sign_lo == 0 ||
        fmpq_equal(r->lo, r->hi) || fmpq_sgn(r->lo) <= 0)
        return 0;
    eig_fn F;
    eig_fn_init(&F, S, X, r->row, r->k, r->l);
    fmpq_t y, lo, hi;
    arf_t x;
    fmpq_init(y), fmpq_init(lo), fmpq_init(hi), arf_init(x);
    /* lambda is decreasing in alpha: lo is alpha's upper end, of sign sign_lo */
    double a = eig_alpha_d(S, r->hi), b = eig_alpha_d(S, r->lo);
    arf_set_d(x, eig_newton_d(&F, a, b, r->sign_lo));
    eig_newton_hi(x, &F);
    /* far outside [a, b] (or not finite) only when Newton went astray */
    int ok = arf_cmp_d(x, a / 2) > 0 && arf_cmp_d(x, b + (1 - b) / 2) < 0;
    if (ok)
        eig_lambda(y, S, x);
    fmpq_div_2exp(lo, y, EIG_WIDTH_BITS - 1); /* the interval's width */
    fmpq_mul_si(hi, lo, atomic_load(&eig_shift)), fmpq_add(y, y, hi); /* tests */
    fmpq_div_2exp(lo, lo, 1);
    fmpq_add(hi, y, lo), fmpq_sub(lo, y, lo);
    if (fmpq_cmp(lo, r->lo) < 0)
        fmpq_set(lo, r->lo);
    if (fmpq_cmp(hi, r->hi) > 0)
        fmpq_set(hi, r->hi);
    ok = ok && fmpq_cmp(lo, hi) < 0 &&
         (fmpq_equal(lo, r->lo) || eig_sign(&F, lo) == r->sign_lo) &&
         (fmpq_equal(hi, r->hi) || eig_sign(&F, hi) == -r->sign_lo);
    /* A rational zero (a gadget's) is left to the models: their narrowing
       stops undecided at it and the decimal certificate then finds it
       exactly. The simplest rational of an interval of 2^-87 has about 88
       bits; one of at most 64 lies inside by chance about once in 2^23. */
    fmpq_simplest_between(y, lo, hi);
    if (ok && fmpz_bits(fmpq_numref(y)) + fmpz_bits(fmpq_denref(y)) <= 64)
        ok = eig_sign(&F, y) != 0;
    if (ok) {
        fmpq_swap(r->lo, lo), fmpq_swap(r->hi, hi);
        atomic_fetch_add(&eig_narrowed, 1);
    }
    fmpq_clear(y), fmpq_clear(lo), fmpq_clear(hi), arf_clear(x);
    eig_fn_clear(&F);
    return ok;
}

int _ct_lskron_eig_sign(const ct_lsroot_struct *r, const fmpq_t x)
{
    const ct_lskron_struct *S = _ct_lskron_const(r->disk->sys);
    if (S->eig == NULL || atomic_load(&eig_off) || fmpq_sgn(x) <= 0)
        return 0;
    eig_fn F;
    eig_fn_init(&F, S, S->eig, r->row, r->k, r->l);
    int s = eig_sign(&F, x);
    eig_fn_clear(&F);
    return s;
}
