/* Shared by the lskron files only: lambda's system (lskron.h) and the pieces
   of its ball path (docs/lambda.md, "The ball path"). Every bound below is an
   upper bound computed in doubles and inflated (_ct_lskron_up) past its own
   roundings. */
#ifndef CERTUNE_LSKRON_INTERNAL_H
#define CERTUNE_LSKRON_INTERNAL_H

#include <pthread.h>
#include <stdio.h>
#include <arb_mat.h>
#include <flint/fmpz_mat.h>
#include "certune/dd.h"
#include "certune/lskron.h"

struct ct_lskron_struct {
    ct_lsroot_sys_struct head; /* refs, type, n nodes, c classes */
    slong m, nu;               /* labeled, unlabeled */
    slong *lab, *cls;          /* labeled node j and its class */
    slong *unl;                /* unlabeled node a */
    slong *pos;                /* pos[node]: j >= 0 (labeled) or -1 - a (unlabeled) */
    slong *nlabk;              /* labeled nodes per class */
    double *H;                 /* nu x m row-major: H~, exactly 0 off the structure */
    double *Hrs, *Herr;        /* per a: sum_j |H~[a][j]|, and >= ||H_a - H~_a||_1 */
    slong *Hoff, *Hcol;        /* per a: the structural support of H_a (CSR) */
    double *K;                 /* m x m row-major, symmetric: K~ */
    double *Kabs;              /* |K~| entrywise, for the batched models' bounds */
    slong *Koff, *Kcol;        /* per j: the structural support of K_j (with j) */
    double eps;                /* >= ||K - K~||_2 */
    double rho, mu; /* rho = 2^e >= 2 max_l d; M's spectrum on 1^perp in [0, mu] */
    slong far;      /* >= graph distance (Kron structure) of any row to any class */
    slong *rowstart, *col; /* the graph (for the twin rule) */
    double *w;
    slong *ncls;  /* per node: its class or -1 */
    double *zb;   /* per a: >= (L_uu^{-1} 1)_a */
    double *zd;   /* per a: >= (L_uu^{-1} d_u)_a, d_u the degrees */
    double wnorm; /* >= sqrt(2) ||W_lu||_2 */
    fmpz_t scale; /* lambda = lambda' / scale (lambda' in the integer weights' units) */
    double *deg;  /* per node */
    slong sparse_min; /* unlabeled nodes from which L_uu is factored sparse */
    slong nd; /* the covering of the last search: centers cr[2m], radii cr[2m + 1] */
    double *cr;
    /* H and K at 96 << level bits, built on demand (lskron_hi.c) */
    struct _ct_lskron_hi_struct *hi[CT_LSROOT_LEVELS];
    struct _ct_lskron_lead_struct
        *lead; /* NULL, or exact leading terms (lskron_lead.c) */
    int hi_failed[CT_LSROOT_LEVELS];
    pthread_mutex_t hilock; /* _ct_lskron_hi_get's builds */
    /* the last search's level-0 class models per disk (nd x c: the
       pencil's, or those its retries built), kept for the narrowing's disks
       of the same center and radius, which take them; NULL when not made */
    struct _ct_lskron_pmodel_struct **pen;
    /* the floating factor of L_uu made for H~, kept until the 96-bit H is
       refined (lskron_hi.c), or NULL */
    struct _ct_lskron_luu_s *luu;
    /* M's eigendecomposition for the narrowing (lskron_eig.c), once tried */
    struct _ct_lskron_eig_struct *eig;
    int eig_tried;
};

static inline ct_lskron_struct *_ct_lskron_of(ct_lsroot_sys_struct *S)
{
    return (ct_lskron_struct *)S; /* head is the first member */
}

static inline const ct_lskron_struct *_ct_lskron_const(const ct_lsroot_sys_struct *S)
{
    return (const ct_lskron_struct *)S;
}

/* x inflated by (k + 8) units of 2^-52: past the roundings of a sum of k
   nonnegative doubles computed in any order (gamma_k < (k + 1) 2^-53). */
static inline double _ct_lskron_up(double x, slong k)
{
    return x * (1 + (double)(k + 8) * 0x1p-52);
}

/* The radius of H_a X_j at an unlabeled row a from H~_a x_j computed in
   doubles: sa >= |H~_a| |x_j| (computed), hr >= |H~_a| rad, mx >= max |x_j|
   + rad over a's support, e >= ||X_j - x_j|| (docs/lambda.md, "Models"). */
static inline double _ct_lskron_hrow_radius(const ct_lskron_struct *S, slong a, double sa,
                                            double hr, double mx, double e)
{
    slong len = S->Hoff[a + 1] - S->Hoff[a];
    double r =
        (double)(len + 1) * 0x1p-53 * sa + hr + S->Hrs[a] * e + S->Herr[a] * (mx + e);
    return (mx == 0 && e == 0) ? 0 : _ct_lskron_up(r, len + 8);
}

/* lskron_sys.c: H~ and its bounds, K~ and eps (0, or 1 when declined). */
int _ct_lskron_build(ct_lskron_struct *S, const slong *rowstart, const slong *col,
                     const double *w);
/* A floating Cholesky factor of L_uu (lskron_luu.c): dense (OpenBLAS, 8 nu^2
   bytes) below S->sparse_min unlabeled nodes, else sparse (CHOLMOD, the
   factor's nonzeros; dense when CHOLMOD is missing and nu <= 16384). Only
   the residuals certify H~, so either factor serves. _init returns 0, or 1
   when no factor was made; _solve replaces B (column-major nu x nrhs) by
   about L_uu^{-1} B and returns 0, or 1. */
typedef struct _ct_lskron_luu_s {
    slong nu;
    double *dense;
    struct ct_spchol_struct *sparse;
} _ct_lskron_luu;

int _ct_lskron_luu_init(_ct_lskron_luu *F, const ct_lskron_struct *S);
int _ct_lskron_luu_solve(const _ct_lskron_luu *F, double *B, slong nrhs);
void _ct_lskron_luu_clear(_ct_lskron_luu *F);
/* Clears and frees a factor made by flint_malloc (NULL: nothing). */
void _ct_lskron_luu_free(_ct_lskron_luu *F);

/* The gap: sets S->mu (0, or 1 when none is proved). */
int _ct_lskron_certify_mu(ct_lskron_struct *S);
/* kappa(c) = mu / (1 - c mu), an upper bound. */
double _ct_lskron_kappa(const ct_lskron_struct *S, double c);

/* H and K at prec = 96 << level bits: exact midpoints, H - H_hi bounded per
   row (Herr, ||.||_1) and K - K_hi by eps (||.||_2); Hrs_a >= ||H_hi,a||_1. */
typedef struct _ct_lskron_hi_struct {
    slong prec, nu, m;
    arb_ptr H, K; /* H: nu x m balls, NULL when fx holds H_hi */
    void *fx;     /* lskron_hifx.c: H_hi 2^160 as integers (nu x m), or NULL */
    mag_ptr Hrs, Herr;
    mag_t eps;
    double *Kd; /* level 0: K_hi = K1 + K2 + (below 2^-106 |K_hi|), per entry
                   (K1, K1's Dekker halves, K2) (4 m^2 doubles), for the
                   refinement's double-double residuals (lskron_pm.c); else
                   NULL */
} _ct_lskron_hi;

/* lskron_hifx.c: X->fx (H_hi's exact integers; X->H stays NULL), Herr, Hrs
   and hf >= ||H - H_hi||_F at 96 bits by corrections in fixed point with
   L's floating factor; 0, or 1 when the weights do not fit its integers or a
   step fails (X untouched: the balls' refinement then). */
int _ct_lskron_hi_fixed(_ct_lskron_hi *X, const ct_lskron_struct *S,
                        const _ct_lskron_luu *L, mag_t hf);
/* Row a of H_hi (m exact balls) into h, from X->H or X->fx. */
void _ct_lskron_hi_row(arb_ptr h, const _ct_lskron_hi *X, slong a);

/* Tests (lskron_comp.c): components with nu m >= min build H_hi beside
   the first phase (0 restores CT_LSKRON_HI_EARLY), and how many did. */
void _ct_lskron_set_hi_early(slong min);
long _ct_lskron_hi_early_count(void);
/* Tests: with off, every H_hi is refined in balls; the count of those made
   in fixed point so far. */
void _ct_lskron_hi_set_fixed_off(int off);
long _ct_lskron_hi_fixed_count(void);

/* S's hi data at level 0..3 (built and kept at the first call; NULL when the
   floating factor fails). Not thread-safe until built (or failed) once. */
const _ct_lskron_hi *_ct_lskron_hi_get(ct_lskron_struct *S, int level);
void _ct_lskron_hi_free(_ct_lskron_hi *X); /* lskron.c */

/* lskron_eig.c: M = I - K / rho as Q Theta Q^-1 up to E, at 128 bits, for
   the narrowing of zeros (docs/lambda.md, "Narrowing from one
   eigendecomposition"): Q, theta exact (radius 0), E >= ||M Q - Q Theta||_2
   for the exact M; sig_t = 1^T q_t, rE_t = sig_t (1 - theta_t); per class k,
   with Y_k' = Y_k - (n_k / m) 1, c_k = mid(Q^T Y_k') (exact, ck[k m ..]),
   beta_k >= ||Y_k' - Q c_k||_2 and tb_k = 1^T (Y_k' - Q c_k); P: Q^T H_hi,a for the
   unlabeled rows asked (row i's at prow[i] m, prow[i] = -1 when not kept). Made for 2 <=
   m <= CT_LSKRON_EIG_MAX without the pencil; memory about 3 m^2 + c m numbers of 128
   bits. */
#define CT_LSKRON_EIG_MAX 400
#define CT_LSKRON_EIG_KEYS 16 /* made when the roots read >= m / 16 disk models */
/* Tests: the decomposition made when the roots read >= m / k disk models (k
   <= 0: CT_LSKRON_EIG_KEYS); not thread-safe against running analyses. */
void _ct_lskron_set_eig_keys(slong k);
#define CT_LSKRON_EIG_PREC 128
typedef struct _ct_lskron_eig_struct {
    slong m, c;
    arb_mat_t Q;
    arb_ptr theta, ck;
    double *thd; /* theta's midpoints as two doubles: thd[t] + thd[m + t] */
    mag_ptr beta;
    mag_t E;
    arb_ptr sig, rE, tb; /* m, m and c entries (one allocation from sig) */
    arb_ptr P;
    slong np, *prow;
} _ct_lskron_eig;

/* S's eigendecomposition, made at the first call (NULL when it cannot be
   made or would not narrow: m out of range, no 96-bit H and K, LAPACK
   failing, E above 2^-90), with Q^T g kept for the rows[0..nr) (nodes of
   S) not kept yet. Not thread-safe: no other thread may read S's roots. */
const _ct_lskron_eig *_ct_lskron_eig_get(ct_lskron_struct *S, const slong *rows,
                                         slong nr);
void _ct_lskron_eig_free(_ct_lskron_eig *X); /* lskron.c */
/* lskron_eigroot.c. The type's narrow: root r of S narrowed to about 2^-87 (else 2^-79
   or 2^-73) of lambda from S's eigendecomposition (made before), its two new ends'
   signs certified; 1 when done, 0 (r unchanged) when there is none or it cannot
   certify them. Thread-safe (reads S). */
int _ct_lskron_eig_narrow(ct_lsroot_struct *r);
/* The type's sign_fast: the sign of r's function at x > 0 from S's
   eigendecomposition, 0 when there is none or the bound does not decide. */
int _ct_lskron_eig_sign(const ct_lsroot_struct *r, const fmpq_t x);
/* Tests: roots narrowed so far; every candidate moved by s widths (s != 0:
   the certificate must refuse it, the root is not inside). */
long _ct_lskron_eig_count(void);
void _ct_lskron_eig_set_shift(slong s);
/* Tests: off = 1: narrow and sign_fast decline (the models answer); loose =
   1: the sign drops its error bound (some signs near zeros then wrong). */
void _ct_lskron_eig_set_off(int off);
void _ct_lskron_eig_set_loose(int loose);

/* One class's labeled coefficients on a disk at hi's precision: c > 0: x_j
   (exact midpoints) with ||X_j - x_j||_2 <= E[j] for the deflated Y_k; c =
   0: M^j Y_k in balls (E = 0). J = prec / 2 + 2 (+ far when c = 0). */
typedef struct _ct_lskron_pmodel_struct {
    slong prec, J, k;
    double c, r;
    arb_ptr x; /* (J + 1) x m; NULL for a pencil model */
    mag_ptr E;
    /* a pencil model (lskron_pencil.c): term j of node i is (yh + yl)[j n +
       i] 2^(-j se), off by at most (E[j] + zb_a U[j]) 2^(-j se) (the zb term on
       unlabeled rows only) */
    slong n, se;
    double *yh, *yl, *U;
} _ct_lskron_pmodel;

_ct_lskron_pmodel *_ct_lskron_pmodel_build(const ct_lskron_struct *S,
                                           const _ct_lskron_hi *X, double c, double r,
                                           slong k);
void _ct_lskron_pmodel_free(_ct_lskron_pmodel *P, slong m);
/* lskron_pencil.c: class models at 96 bits on a disk c > 0 without the Kron
   reduction, for components of at least CT_LSKRON_PENCIL_MIN labeled nodes
   (_set_pencil_min: tests; 0 restores) when CHOLMOD loads (_pencil_on).
   _pencil_factor: the floating factor of P = (1 - c) Delta + (c / rho) L
   (NULL when it fails). _pencil_build: the models of classes k[0..nv) into
   out (several classes share each pass over F); 0, or 1 when a solve fails
   or a term leaves the doubles' range (out all NULL then). Memory: per
   model 16 n (J + 1) bytes, and the factor's nonzeros per disk. */
#define CT_LSKRON_PENCIL_MIN 1024
void _ct_lskron_set_pencil_min(slong m);
slong _ct_lskron_pencil_count(void);        /* pencil models built so far (tests) */
void _ct_lskron_pencil_set_range(double r); /* tests: terms above r decline */
int _ct_lskron_pencil_on(const ct_lskron_struct *S);
struct ct_spchol_struct *_ct_lskron_pencil_factor(const ct_lskron_struct *S, double c);
int _ct_lskron_pencil_build(_ct_lskron_pmodel **out, const ct_lskron_struct *S,
                            struct ct_spchol_struct *F, double c, double r,
                            const slong *k, slong nv);
/* Coefficient j of node i from pencil model P (lskron_pmodel.c). */
void _ct_lskron_pencil_coef(arb_t v, const ct_lskron_struct *S,
                            const _ct_lskron_pmodel *P, slong i, slong j);
/* The pencil models of every class with labels on disk (c, r), c > 0, into
   keep[0..c) (NULL for classes without labels); 0, or 1 (keep all NULL). */
int _ct_lskron_pencil_all(_ct_lskron_pmodel **keep, const ct_lskron_struct *S, double c,
                          double r);

/* The polynomial of node i's pair (Pk's class, Pl's class) from the two class
   models of one disk and level (i any node of S). */
void _ct_lskron_pmodel_poly(ct_lsroot_poly_struct *Q, const ct_lskron_struct *S,
                            const _ct_lskron_hi *X, const _ct_lskron_pmodel *Pk,
                            const _ct_lskron_pmodel *Pl, slong i);

/* A disk's Taylor model for every class with labels, rows[0..nr): coefficient
   j of class k at row t, e = (k * nr + t) * (J + 1) + j (classes without
   labels unset), in dm[e] +- dr[e] (doubles; the quick test, lskron_fast.c,
   and the ball polynomials read them); a model read off the pencil keeps its
   balls too, coef[e] inside dm[e] +- dr[e] (NULL otherwise: the doubles are
   the balls, mid and radius, exactly). c > 0: of the deflated x'; c = 0: of
   the power series. tail >= q^(J+1) / ((1 - q) (1 - c mu)), q = kappa r, so
   that a pair's remainder is at most sqrt(n_k + n_l) tail (c > 0). */
typedef struct {
    double c, r;
    slong J, nr;
    const slong *rows; /* the nodes of the rows (the caller's, kept alive) */
    arb_ptr coef;
    double *dm, *dr;
    double tail;
} _ct_lskron_model;

/* Sets coefficient e of M to mid +- r (the balls too where M keeps them). */
static inline void _ct_lskron_model_set(_ct_lskron_model *M, slong e, double mid,
                                        double r)
{
    if (M->coef != NULL) {
        arb_set_d(M->coef + e, mid);
        mag_set_d(arb_radref(M->coef + e), r);
    }
    M->dm[e] = mid, M->dr[e] = r;
}

/* lskron_fast.c: the sign of row t's pair (k, l) on all of [a, b] (a < b,
   inside M's disk, c > 0), proved from M's doubles alone, or 0 (a zero there,
   or too close to tell: the search's ball polynomials decide). Splits [a, b]
   at most depth times. Reads only. */
int _ct_lskron_fast_sign(const ct_lskron_struct *S, const _ct_lskron_model *M, slong t,
                         slong k, slong l, double a, double b, int depth);
/* Tests: with on, the quick test drops every error bound (so that its
   check can be seen to fail); 0 restores. */
void _ct_lskron_fast_set_loose(int on);
/* Row t's pair (k, l) on M's disk as the search's polynomial in doubles
   (lsroot's make_d; D->m allocated), with tl from _ct_lskron_dpoly_tails,
   1; 0 when M keeps balls, or at c = 0 when S keeps exact leading terms or
   a_0 is exactly 0 (D untouched). Reads only. */
int _ct_lskron_dpoly_make(ct_lsroot_dpoly_struct *D, const ct_lskron_struct *S,
                          const _ct_lskron_model *M, slong t, slong k, slong l,
                          const double *tl);
/* tl[0] >= tau, tl[1] >= dtau of the pair (k, l)'s polynomials on M's disk
   (the same for every row). */
void _ct_lskron_dpoly_tails(double *tl, const ct_lskron_struct *S,
                            const _ct_lskron_model *M, slong k, slong l);
/* The remainder bounds of the pair (k, l)'s polynomial on the disk (c, r),
   c > 0, with J + 1 terms: tau and dtau as lskron_poly.c's balls have them. */
void _ct_lskron_deflated_tails(mag_t tau, mag_t dtau, const ct_lskron_struct *S, double c,
                               double r, slong J, slong k, slong l);
/* M->tail for M's disk and J (c > 0). */
double _ct_lskron_fast_tail(const ct_lskron_struct *S, double c, double r, slong J);

/* The functions searched (lskron_rows.c): per row t and pair p the
   node node[t * np + p] whose function has the signs and zeros of rows[t]'s,
   same[t * np + p] (t, or an earlier row searching an equal one), and the
   distinct nodes U[0..nu) with mrow[t * np + p] = the node's index in U. */
typedef struct {
    slong nu;
    slong *U, *mrow, *node;
    slong nh;        /* the unlabeled nodes among U */
    slong *slot;     /* per U index: its row in Hs (or -1: labeled) */
    double *Hs, *Ha; /* nh x m row-major: their rows of H~ and |H~| */
} _ct_lskron_rows;

/* lskron_hang.c: rows in small hanging parts whose own labels cancel at
   them (the math there). _init finds, per row t, the parts of at most 64
   nodes hanging off the rest through one cut vertex that hold row t's node
   and a labeled node (cand[coff[t] .. coff[t + 1]), largest first), with
   exact solves; _carriers sets carrier[rows[t]] = carrier[v] for pair (k,
   l) where row t's node (its own carrier on entry) shares the function of
   such a part's cut vertex v. Memory: per part its nodes times c. */
typedef struct {
    slong np, nc;
    slong *pv, *poff, *pnode, *eq; /* per part: v, its nodes, their classes */
    slong *cand, *coff;
} _ct_lskron_hang;

void _ct_lskron_hang_init(_ct_lskron_hang *H, const ct_lskron_struct *S,
                          const ct_lsroot_blocks_struct *B, const slong *rows, slong nr);
void _ct_lskron_hang_carriers(slong *carrier, const _ct_lskron_hang *H,
                              const ct_lskron_struct *S, const slong *rows, slong nr,
                              slong k, slong l);
void _ct_lskron_hang_clear(_ct_lskron_hang *H);

void _ct_lskron_rows_init(_ct_lskron_rows *R, slong *same, const ct_lskron_struct *S,
                          const slong *rows, slong nr);
void _ct_lskron_rows_clear(_ct_lskron_rows *R);

/* The upper Cholesky factor (row-major) of the floating A = (1 - c) I + (c /
   rho) K~ (NULL if it fails), and x = A^{-1} x with it, in place. */
double *_ct_lskron_afactor(const ct_lskron_struct *S, double c);
void _ct_lskron_chol_solve(const double *R, slong m, double *x);

/* keep: NULL, or c entries: on a disk c > 0 of a component that takes the
   pencil, the models are read off its level-0 class models, which are
   returned there (the caller's; else all NULL). */
_ct_lskron_model *_ct_lskron_model_build(const ct_lskron_struct *S, double c, double r,
                                         const _ct_lskron_rows *R,
                                         _ct_lskron_pmodel **keep);
/* lskron_dmodel.c: the deflated coefficients (c > 0) of every class with
   labels into M (rows R->U), all classes a term at a time through BLAS, with
   Rf the upper Cholesky factor of A (as _ct_lskron_afactor). */
void _ct_lskron_deflated_all(const ct_lskron_struct *S, _ct_lskron_model *M,
                             const _ct_lskron_rows *R, const double *Rf);
void _ct_lskron_model_free(_ct_lskron_model *M, slong c);

/* The polynomial (c, r, J) of node i's classes (k, l) from its coefficients
   a[0..J] (which it may tighten), combined at prec. */
void _ct_lskron_poly_from(ct_lsroot_poly_struct *P, const ct_lskron_struct *S, arb_ptr a,
                          slong J, double c, double r, slong i, slong k, slong l,
                          slong prec);

/* Exact leading power-series coefficients (lskron_lead.c; the math there).
   The pair's coefficient j is a_j = (M^j b)_i for labeled i and (H M^j b)_i
   for unlabeled i (b = Y_k - Y_l); exactly 0 by symmetry, its ball contains
   0 and the sign for large lambda is undecided. _compute makes level 0
   (a_0 of unlabeled rows, a_0 and a_1 of labeled ones; 0, or 1 when the
   exact solve of L_uu cannot be made), _more the next level (1, or 0 at
   CT_LSKRON_LEAD_LEVELS or before _compute): a_p of unlabeled rows whose
   unlabeled piece has at most CT_LSKRON_LEAD_PIECE nodes, a_{p+1} of labeled
   rows whose neighbours have level p. _needed says whether some row's
   first coefficient on disk 0 of the level-1 models M0 that is not exactly
   0, after _exact_lead, contains 0; _exact_lead replaces a's first
   coefficients that are not exactly 0 by their exact values while they are
   0 and known, then the first nonzero one (if known). Memory: per level (m
   + nu) c rationals; per small piece P its |P| x |N(P)| integers. */
#define CT_LSKRON_LEAD_PIECE 256
#define CT_LSKRON_LEAD_LEVELS 8
int _ct_lskron_lead_needed(const ct_lskron_struct *S, const _ct_lskron_model *M0);
int _ct_lskron_lead_compute(ct_lskron_struct *S);
int _ct_lskron_lead_more(ct_lskron_struct *S);
void _ct_lskron_lead_free(struct _ct_lskron_lead_struct *L);
void _ct_lskron_exact_lead(arb_ptr a, slong J, const ct_lskron_struct *S, slong i,
                           slong k, slong l, slong prec);

/* The polynomial of row t, classes (k, l) (both with labels) on M. */
void _ct_lskron_poly_make(ct_lsroot_poly_struct *P, const ct_lskron_struct *S,
                          const _ct_lskron_model *M, slong t, slong k, slong l);

/* lskron.c: alpha = rho / (scale x + rho) for lambda = x, and lambda =
   rho (1 - alpha) / (scale alpha) for a dyadic alpha in (0, 1). */
void _ct_lskron_alpha(fmpq_t a, const ct_lskron_struct *S, const fmpq_t x);
void _ct_lskron_lambda(fmpq_t x, const ct_lskron_struct *S, double alpha);

/* The exact sign of F[i][k] - F[i][l] at lambda = x > 0 (lskron_exact.c). */
int _ct_lskron_sign_exact(const ct_lskron_struct *S, slong i, slong k, slong l,
                          const fmpq_t x);

/* lskron.c: frees S->pen (the last search's pencil models). */
void _ct_lskron_pen_free(ct_lskron_struct *S);
/* Moves D's level-0 class models into S->pen's row of the search's disk d
   (where that is empty), for the narrowing's disk of the same center and
   radius to take (lskron_root.c); D keeps the rest. */
void _ct_lskron_disk_keep(ct_lskron_struct *S, ct_lsroot_disk_struct *D, slong d);

/* lskron.c: the system's release at its last reference (T->clear). */
void _ct_lskron_clear(ct_lsroot_sys_struct *S);

/* lskron_make.c: the system from a component as ct_lskron_new says, of type
   T (NULL when the ball path does not apply). */
ct_lskron_struct *_ct_lskron_make(slong sparse_min, slong n, const slong *rowstart,
                                  const slong *col, const fmpz *w, slong nlab,
                                  const slong *lab, const slong *cls, slong c,
                                  const fmpz_t scale, const ct_lsroot_type_struct *T);

/* lskron_io.c: the system's text, and a system of type T read from it (NULL
   when malformed, not symmetric, or the system cannot be built). */
void _ct_lskron_write(FILE *f, const ct_lskron_struct *S);
ct_lskron_struct *_ct_lskron_read(const char **s, const ct_lsroot_type_struct *T);

#endif
