/* The lambda family's ball system (lsroot.h, "The lambda family's system"),
   shared by the lsroot_kron files. Every bound below is an upper bound
   computed in doubles and inflated (kron_up) past its own roundings. */
#ifndef CERTUNE_LSROOT_KRON_H
#define CERTUNE_LSROOT_KRON_H

#include <flint/fmpz_mat.h>
#include "lsroot_internal.h"

typedef struct _ct_kron_pmodel_struct *_ct_kron_pmodel_ptr;

struct ct_lsroot_kron_struct {
    slong refs;
    slong n, c, m, nu;  /* nodes, classes, labeled, unlabeled */
    slong *lab, *cls;   /* labeled node j and its class */
    slong *unl;         /* unlabeled node a */
    slong *pos;         /* pos[node]: j >= 0 (labeled) or -1 - a (unlabeled) */
    slong *nlabk;       /* labeled nodes per class */
    double *H;          /* nu x m row-major: H~, exactly 0 off the structure */
    double *Hrs, *Herr; /* per a: sum_j |H~[a][j]|, and >= ||H_a - H~_a||_1 */
    slong *Hoff, *Hcol; /* per a: the structural support of H_a (CSR) */
    double *K;          /* m x m row-major, symmetric: K~ */
    slong *Koff, *Kcol; /* per j: the structural support of K_j (with j) */
    double eps;         /* >= ||K - K~||_2 */
    double rho, mu;     /* rho = 2^e >= 2 max_l d; M's spectrum on 1^perp in [0, mu] */
    slong far;          /* >= graph distance (Kron structure) of any row to any class */
    slong *rowstart, *col; /* the graph (for the twin rule) */
    double *w;
    slong *ncls;  /* per node: its class or -1 */
    double *zb;   /* per a: >= (L_uu^{-1} 1)_a */
    double wnorm; /* >= sqrt(2) ||W_lu||_2 */
    fmpz_t scale; /* lambda = lambda' / scale (lambda' in the integer weights' units) */
    double *deg;  /* per node */
    slong nd;     /* the covering of the last search: centers cr[2m], radii cr[2m + 1] */
    double *cr;
    struct _ct_kron_hi_struct *hi[4]; /* at 96 << level bits, built on demand */
    fmpz_mat_struct *Y0; /* NULL, or nu x c: den0 H Y exactly (lsroot_kron_lead.c) */
    fmpz_t den0;
    int hi_failed[4];
};

struct ct_lsroot_kdisk_struct {
    slong refs;
    ct_lsroot_kron_struct *sys;
    double c, r;
    _ct_kron_pmodel_ptr *pm; /* [level * c + k], built on demand */
};

/* x inflated by (k + 8) units of 2^-52: past the roundings of a sum of k
   nonnegative doubles computed in any order (gamma_k < (k + 1) 2^-53). */
static inline double kron_up(double x, slong k)
{
    return x * (1 + (double)(k + 8) * 0x1p-52);
}

/* lsroot_kron_sys.c: H~ and its bounds, K~ and eps (0, or 1 when declined). */
int _ct_kron_build(ct_lsroot_kron_struct *S, const slong *rowstart, const slong *col,
                   const double *w);
/* The dense lower Cholesky factor of L_uu (column-major, OpenBLAS; NULL when
   it fails). */
double *_ct_kron_luu_factor(const ct_lsroot_kron_struct *S, const slong *rowstart,
                            const slong *col, const double *w, const double *deg);

/* The gap: sets S->mu (0, or 1 when none is proved). */
int _ct_kron_certify_mu(ct_lsroot_kron_struct *S);
/* kappa(c) = mu / (1 - c mu), an upper bound. */
double _ct_kron_kappa(const ct_lsroot_kron_struct *S, double c);

/* H and K at prec = 96 << level bits: exact midpoints, H - H_hi bounded per
   row (Herr, ||.||_1) and K - K_hi by eps (||.||_2); Hrs_a >= ||H_hi,a||_1. */
typedef struct _ct_kron_hi_struct {
    slong prec, nu, m;
    arb_ptr H, K;
    mag_ptr Hrs, Herr;
    mag_t eps;
} _ct_kron_hi;

/* S's hi data at level 0..3 (built and kept at the first call; NULL when the
   floating factor fails). Not thread-safe. */
const _ct_kron_hi *_ct_kron_hi_get(ct_lsroot_kron_struct *S, int level);
void _ct_kron_hi_free(_ct_kron_hi *X);

/* One class's labeled coefficients on a disk at hi's precision: c > 0: x_j
   (exact midpoints) with ||X_j - x_j||_2 <= E[j] for the deflated Y_k; c =
   0: M^j Y_k in balls (E = 0). J = prec / 2 + 2 (+ far when c = 0). */
typedef struct _ct_kron_pmodel_struct {
    slong prec, J, k;
    double c, r;
    arb_ptr x; /* (J + 1) x m */
    mag_ptr E;
} _ct_kron_pmodel;

_ct_kron_pmodel *_ct_kron_pmodel_build(const ct_lsroot_kron_struct *S,
                                       const _ct_kron_hi *X, double c, double r, slong k);
void _ct_kron_pmodel_free(_ct_kron_pmodel *P, slong m);
/* The polynomial of node i's pair (Pk's class, Pl's class) from the two class
   models of one disk and level (i any node of S). */
void _ct_kron_pmodel_poly(_ct_lspoly *Q, const ct_lsroot_kron_struct *S,
                          const _ct_kron_hi *X, const _ct_kron_pmodel *Pk,
                          const _ct_kron_pmodel *Pl, slong i);

/* A disk's Taylor model for every class with labels, rows[0..nr): coefficient
   j of class k at row t in coef[(k * nr + t) * (J + 1) + j] (classes without
   labels unset). c > 0: of the deflated x'; c = 0: of the power series. */
typedef struct {
    double c, r;
    slong J, nr;
    const slong *rows; /* the nodes of the rows (the caller's, kept alive) */
    arb_ptr coef;
} _ct_kron_model;

/* The upper Cholesky factor (row-major) of the floating A = (1 - c) I + (c /
   rho) K~ (NULL if it fails), and x = A^{-1} x with it, in place. */
double *_ct_kron_afactor(const ct_lsroot_kron_struct *S, double c);
void _ct_kron_chol_solve(const double *R, slong m, double *x);

_ct_kron_model *_ct_kron_model_build(const ct_lsroot_kron_struct *S, double c, double r,
                                     const slong *rows, slong nr);
void _ct_kron_model_free(_ct_kron_model *M, slong c);

/* The polynomial (c, r, J) of node i's classes (k, l) from its coefficients
   a[0..J] (which it may tighten), combined at prec. */
void _ct_kron_poly_from(_ct_lspoly *P, const ct_lsroot_kron_struct *S, arb_ptr a, slong J,
                        double c, double r, slong i, slong k, slong l, slong prec);

/* Exact leading power-series coefficients (lsroot_kron_lead.c). For pair
   (k, l), a_0 = (H b)_i (unlabeled i) and a_1 = (M b)_i (labeled i) are
   rationals computed from one exact solve L_uu Z = W_ul Y (den0 Z in Y0):
   _needed says whether some row's first non-zero coefficient on disk 0 of
   the level-1 models M0 contains 0; _compute solves (0, or 1 when it
   cannot); _lead replaces a's first coefficient that is not exactly 0 by
   its exact value when it is one of those and S->Y0 is set. */
int _ct_kron_lead_needed(const ct_lsroot_kron_struct *S, const _ct_kron_model *M0);
int _ct_kron_lead_compute(ct_lsroot_kron_struct *S);
void _ct_kron_exact_lead(arb_ptr a, slong J, const ct_lsroot_kron_struct *S, slong i,
                         slong k, slong l, slong prec);

/* The polynomial of row t, classes (k, l) (both with labels) on M. */
void _ct_kron_poly_make(_ct_lspoly *P, const ct_lsroot_kron_struct *S,
                        const _ct_kron_model *M, slong t, slong k, slong l);

/* The blocks of S's graph (lsroot_kron_blocks.c): block b holds the nodes
   bnode[boff[b] .. boff[b + 1]). _carriers: for the nodes i with in_t[i]
   as T (at least one), carrier[i] = i, or the cut vertex through which i's
   part of the graph (without a node of T) hangs off the rest. */
typedef struct {
    slong nb;
    slong *boff, *bnode;
    slong *toff, *tadj, *tnode; /* the block-cut tree (lsroot_kron_blocks.c) */
} _ct_kron_blocks;

void _ct_kron_blocks_init(_ct_kron_blocks *B, const ct_lsroot_kron_struct *S);
void _ct_kron_blocks_clear(_ct_kron_blocks *B);
void _ct_kron_blocks_carriers(slong *carrier, const _ct_kron_blocks *B,
                              const ct_lsroot_kron_struct *S, const char *in_t);

/* cell[i] (lsroot_kron_cells.c): a partition of S's nodes, each cell of one
   label, on whose cells every F_k is constant; returns the number of cells.
   hang: the carriers for T = every labeled node (their label-free hanging
   parts, on which F is its attachment's). */
slong _ct_kron_cells(slong *cell, const ct_lsroot_kron_struct *S, const slong *hang);

/* The functions searched (lsroot_kron_rows.c): per row t and pair p the
   node node[t * np + p] whose function has the signs and zeros of rows[t]'s,
   same[t * np + p] (t, or an earlier row searching an equal one), and the
   distinct nodes U[0..nu) with mrow[t * np + p] = the node's index in U. */
typedef struct {
    slong nu;
    slong *U, *mrow, *node;
} _ct_kron_rows;

void _ct_kron_rows_init(_ct_kron_rows *R, slong *same, const ct_lsroot_kron_struct *S,
                        const slong *rows, slong nr);
void _ct_kron_rows_clear(_ct_kron_rows *R);

/* Disks (lsroot_kroot.c): a new one holds a reference to S; _model returns
   class k's model at level (built and kept at the first call; NULL when it
   cannot be built). Not thread-safe. */
ct_lsroot_kdisk_struct *_ct_kdisk_new(ct_lsroot_kron_struct *S, double c, double r);
ct_lsroot_kdisk_struct *_ct_kdisk_ref(ct_lsroot_kdisk_struct *D);
void _ct_kdisk_unref(ct_lsroot_kdisk_struct *D);
const _ct_kron_pmodel *_ct_kdisk_model(ct_lsroot_kdisk_struct *D, int level, slong k);

/* Whether alpha a lies in [c - r, c + r] of D. */
int _ct_kdisk_contains(const ct_lsroot_kdisk_struct *D, const fmpq_t a);

/* alpha = rho / (scale x + rho) for lambda = x. */
void _ct_kron_alpha(fmpq_t a, const ct_lsroot_kron_struct *S, const fmpq_t x);

/* The exact sign of F[i][k] - F[i][l] at lambda = x > 0 (lsroot_kron_exact.c). */
int _ct_kron_sign_exact(const ct_lsroot_kron_struct *S, slong i, slong k, slong l,
                        const fmpq_t x);

/* Counts a ball component (0), a fallback (1) or an exact oracle call (2). */
void _ct_kron_count(int which);

#endif
