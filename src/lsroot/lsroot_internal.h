/* The ball path's system, disks and Taylor models, shared by the lsroot files. */
#ifndef CERTUNE_LSROOT_INTERNAL_H
#define CERTUNE_LSROOT_INTERNAL_H

#include <arb.h>
#include "certune/lsroot.h"

/* One component: exact integer data held as doubles (all below 2^40, sums
   below 2^50, so every value used is exact), labeled nodes with square parts. */
struct ct_lssys_struct {
    slong refs;
    slong n, c;
    slong *rowstart, *col;
    double *w, *deg, vol;
    arb_ptr wb; /* the weights as exact balls (built on first use, NULL after
                   _ct_lssys_compact) */
    slong nlab, *lab, *cls;
    fmpz *q, *r;
    slong *nlabk; /* labeled nodes per class */
    double mu;    /* 0 until certified: lambda_2(D^-1/2 W D^-1/2) < mu < 1 */
    int mu_failed;
};

/* A right-hand side v = b^(k) - b^(l) (l = -1: b^(k)), b^(k) = D^{-1/2} Y_k. */
typedef struct {
    slong k, l;
} _ct_lsrhs;

/* Taylor coefficients at a disk's center c of the functions of nv right-hand
   sides: c > 0: X_j with the deflated solution x'(alpha) = sum_j X_j t^j,
   phi(alpha) = pib + (1 - alpha) x'_i(alpha) = (1 - alpha) h(alpha); c = 0:
   X_j = T^j v, h(alpha) = sum_j X_j[i] alpha^j. Balls are rigorous; beyond J
   |X_j[i]| <= K[v] kappa^j sqrt(vol / d_i) (c > 0) or K[v] (c = 0). */
typedef struct {
    slong prec, J, nv, n;
    _ct_lsrhs *v;
    arb_ptr coef; /* [(v * n + i) * (J + 1) + j] */
    arb_ptr pib;  /* per v: pi^T v (0 when c = 0) */
    mag_ptr K;
} _ct_lsmodel;

struct ct_lsdisk_struct {
    slong refs;
    ct_lssys_struct *sys;
    double c, r; /* center and radius, dyadic; c = 0 is the power-series disk */
    double *lu;  /* n x n LU of D - cW (unit lower), NULL until needed or c = 0 */
    _ct_lsmodel *lev1;
    slong npairs;
    _ct_lsmodel **lev2; /* per pair of classes, the latest finer model */
};

/* A pair's function on one disk as a polynomial in t = alpha - c with ball
   coefficients Q (c > 0: phi; c = 0: h / alpha^shift) and bounds on the
   remainder and its derivative for |t| <= r. */
typedef struct {
    arb_ptr Q;
    slong len, shift;
    mag_t tau, dtau;
    double c, r;
} _ct_lspoly;

/* System: certifies mu once (0 on success, 1 when no mu up to 1 - 2^-20). */
int _ct_lssys_certify_mu(ct_lssys_struct *S);
ct_lssys_struct *_ct_lssys_ref(ct_lssys_struct *S);
/* S->wb, built if needed; _ct_lssys_compact frees it (rebuilt on demand). */
arb_srcptr _ct_lssys_weights(ct_lssys_struct *S);
void _ct_lssys_compact(ct_lssys_struct *S);
/* Whether lambda_2 < 1 - 2^-k is proved (0 also when the certificate's
   matrix would not be exact in doubles). */
int _ct_lssys_gap_proved(const ct_lssys_struct *S, int k);
/* kappa(c) = max(mu / (1 - c mu), 1 / (1 + c)), an upper bound. */
double _ct_lssys_kappa(const ct_lssys_struct *S, double c);

/* In-place upper Cholesky factor of the dense row-major n x n C (row k of R in
   row k's upper part; each entry subtracts its products in order, as Higham's
   bound assumes): 0 when it completes with positive pivots, ||R||_F^2 in *fro. */
int _ct_ls_cholesky(double *C, slong n, double *fro);

/* The tails of a Taylor model: tau = K q^e / (1 - q), dtau = K s m q^(e-1) /
   (1 - q)^2 (q < 1 assumed; infinite otherwise). */
void _ct_lspoly_tails(mag_t tau, mag_t dtau, const mag_t K, const mag_t q, slong e,
                      const mag_t s, slong m);

/* Narrows [lo, hi] (sign_lo at lo, the other at hi) by bisection with P's
   signs, at x or at map(x) when map is not NULL (the model's variable),
   until hi - lo <= 2^-bits hi or P cannot decide a midpoint. */
void _ct_lspoly_narrow(fmpq_t lo, fmpq_t hi, int sign_lo, const _ct_lspoly *P, slong bits,
                       void (*map)(fmpq_t a, const void *ctx, const fmpq_t x),
                       const void *ctx);

/* P (its tau, dtau initialized) from the power series' coefficients
   a[0..J] on the disk of radius r around 0, |a_j| <= K beyond J: divided by
   alpha^shift, the leading coefficients that are exactly 0. */
void _ct_lspoly_set_series(_ct_lspoly *P, arb_srcptr a, slong J, double r, const mag_t K);

/* The covering of [0, 1] for the bound kappa(ctx, c) (as _ct_lsdisk_cover):
 *nd disks, centers cr[2m], radii cr[2m + 1], segments seg[m..m + 1]. */
void _ct_ls_cover(slong *nd, double **cr, double **seg,
                  double (*kappa)(const void *ctx, double c), const void *ctx);

/* Dense LU without pivoting of D - cW (strictly diagonally dominant). */
double *_ct_lslu_new(const ct_lssys_struct *S, double c);
/* x = (LU)^{-1} y in place (n doubles). */
void _ct_lslu_solve(const double *lu, slong n, double *x);

/* Disks. */
ct_lsdisk_struct *_ct_lsdisk_new(ct_lssys_struct *S, double c, double r);
ct_lsdisk_struct *_ct_lsdisk_ref(ct_lsdisk_struct *D);
/* Frees D's LU and models (all rebuilt on demand from the system). */
void _ct_lsdisk_release(ct_lsdisk_struct *D);
void _ct_lsdisk_unref(ct_lsdisk_struct *D);
/* The covering of [0, 1]: *nd disks with segments [seg[m], seg[m + 1]]. */
ct_lsdisk_struct **_ct_lsdisk_cover(slong *nd, double **seg, ct_lssys_struct *S);

/* lsroot_build.c: the level-1 models of nd disks (right-hand sides v), and
   the narrowing of nz roots to about 2^-96 relative with their pairs'
   96-bit models, each on nthreads threads. */
void _ct_lsroot_build_level1(ct_lsdisk_struct **disks, slong nd, const _ct_lsrhs *v,
                             slong nv, slong nthreads);
void _ct_lsroot_narrow(ct_lsroot_struct *z, slong nz, slong nthreads);

/* Models: the level-1 model of all classes (prec 64), or a pair's model at prec. */
_ct_lsmodel *_ct_lsmodel_build(ct_lsdisk_struct *D, const _ct_lsrhs *v, slong nv,
                               slong prec);
void _ct_lsmodel_free(_ct_lsmodel *M);
/* The polynomial of classes (k, l) at row i from model M of disk D (absent
   classes contribute 0). P is initialized by this call; clear with _free. */
void _ct_lspoly_make(_ct_lspoly *P, const _ct_lsmodel *M, const ct_lsdisk_struct *D,
                     slong i, slong k, slong l);
void _ct_lspoly_free(_ct_lspoly *P);
/* Enclosures over alpha in the ball a (inside the disk): value and derivative. */
void _ct_lspoly_eval(arb_t val, arb_t der, const _ct_lspoly *P, const arb_t a,
                     slong prec);
/* Sign at the point a (an exact ball inside the disk), or at the rational x:
   -1, 1, or 0 when undecided. */
int _ct_lspoly_sign_ball(const _ct_lspoly *P, const arb_t a, slong prec);
int _ct_lspoly_sign(const _ct_lspoly *P, const fmpq_t x, slong prec);

/* The index of the class pair (k, l), k < l < c, in row-major order (as
   signfn's ct_signfn_pair, a layer above). */
static inline slong _ct_lsroot_pair(slong k, slong l, slong c)
{
    return k * c - k * (k + 1) / 2 + (l - k - 1);
}

/* A zero found by the search: [lo, hi] (dyadic), the sign at lo, its row
   index t, pair p = (k, l) and disk. */
typedef struct {
    double lo, hi;
    int sign_lo;
    slong t, p, k, l, disk;
} _ct_lszero;

/* What the search needs of a system: the polynomial of row i, classes
   (k, l) on disk m (make: thread-safe, reads only), the segments
   [seg[m], seg[m + 1]] of the nd disks, and the labeled nodes per class. */
typedef struct {
    void (*make)(_ct_lspoly *P, const void *ctx, slong m, slong i, slong k, slong l);
    const void *ctx;
    const double *seg;
    slong nd, c;
    const slong *nlabk;
} _ct_lssearch_spec;

/* The search of _ct_lsroot_search for any system F, per row t and pair p:
   the polynomial is F's of row rows[t * np + p], and same[t * np + p] is t or
   an earlier row t' whose pair p has the same signs and zeros (searched once;
   sign0 copied). */
int _ct_lssearch_run(_ct_lszero **z, slong *nz, int *sign0, const _ct_lssearch_spec *F,
                     const slong *rows, const slong *same, slong nr, slong nthreads);

/* A component's graph for the twin rule: weights in compressed rows and
   cls[i], node i's label class or -1. */
typedef struct {
    slong n;
    const slong *rowstart, *col;
    const double *w;
    const slong *cls;
} _ct_lsgraph;

/* node[t]: the node searched for row t (an unlabeled leaf's neighbour, else
   rows[t]); same[t]: the first row whose searched node is a twin of t's
   (equal neighbours, weights and label: equal functions), t when none. */
void _ct_ls_twins(slong *same, slong *node, const _ct_lsgraph *G, const slong *rows,
                  slong nr);

/* Searches the pairs of every row t with same[t] == t over the covering
   (lsroot_isolate.c), rows in blocks on nthreads threads: fills sign0 (rows
   with same[t] < t copy theirs) and the zeros (*z malloc'ed, *nz), sorted,
   with disjoint interiors. Returns 1 when something was not decided. The
   models must be built and S's weights too (read only here). */
int _ct_lsroot_search(_ct_lszero **z, slong *nz, int *sign0, ct_lsdisk_struct **disks,
                      const double *seg, slong nd, const ct_lssys_struct *S,
                      const slong *rows, const slong *same, slong nr, slong nthreads);

/* The exact sign of h at a rational x in (0, 1) for row i and classes k, l. */
int _ct_lsroot_sign_exact(const ct_lssys_struct *S, slong i, slong k, slong l,
                          const fmpq_t x);

/* Structural leading zeros: dist[k * n + i] = graph distance from i to the
   labeled nodes of class k (n when none). */
slong *_ct_lssys_dist(const ct_lssys_struct *S);

/* Whether x lies in [c - r, c + r] of D. */
int _ct_lsroot_in_disk(const ct_lsdisk_struct *D, const fmpq_t x);

/* Whether a root's text is consistent: lo < hi with sign +-1 (the sign at
   lo), or lo == hi with sign 0 (a zero found to be that rational). */
static inline int _ct_ls_exact_or_bracket(const fmpq_t lo, const fmpq_t hi, slong sign)
{
    int c = fmpq_cmp(lo, hi);
    return c < 0 ? sign == 1 || sign == -1 : c == 0 && sign == 0;
}

/* Text forms shared by both systems' roots (lsroot_io.c): "N C" and each
   row as "COUNT (NEIGHBOUR WEIGHT)..."; " CD RD ROW K L NODE ILO LO HI IHI S"
   from rkln = {row, k, l, node} and iv = {ilo, lo, hi, ihi}. */
void _ct_ls_write_graph(FILE *f, slong n, slong c, const slong *rowstart,
                        const slong *col, const double *w);
void _ct_ls_write_tail(FILE *f, double c, double r, const slong *rkln, const fmpq *iv,
                       int sign);
/* The tail written by _ct_ls_write_tail: the disk's c and rad, row, k, l,
   node into rkln, ilo, lo, hi, ihi into *iv[0..3], the sign; 0 when well formed
   and consistent (the disk in range, row < n, 0 <= k < l < nclass, lo < hi
   with sign +-1 or lo = hi with sign 0, ilo <= lo, hi <= ihi), else -1. */
int _ct_ls_read_tail(double *c, double *rad, slong *rkln, fmpq *const *iv, slong *sign,
                     slong n, slong nclass, const char **s);

/* Counts a ball component (0), a fallback (1) or an exact oracle call (2). */
void _ct_lsroot_count(int which);

#endif
