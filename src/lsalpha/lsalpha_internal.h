/* Shared by the lsalpha files only: alpha's system, its disks' models and
   the pieces of its ball path (docs/alpha.md, "The ball path"). */
#ifndef CERTUNE_LSALPHA_INTERNAL_H
#define CERTUNE_LSALPHA_INTERNAL_H

#include <stdio.h>
#include "certune/lsalpha.h"

/* One component: exact integer data held as doubles (all below 2^40, sums
   below 2^50, so every value used is exact), labeled nodes with square parts. */
struct ct_lsalpha_struct {
    ct_lsroot_sys_struct head; /* refs, type, n nodes, c classes */
    slong *rowstart, *col;
    double *w, *deg, vol;
    arb_ptr wb; /* the weights as exact balls (built on first use, NULL after
                   _ct_lsalpha_compact) */
    slong nlab, *lab, *cls;
    fmpz *q, *r;
    slong *nlabk; /* labeled nodes per class */
    char *pibz;   /* per pair of classes: _ct_lsalpha_pib_zero */
    double mu;    /* 0 until certified: lambda_2(D^-1/2 W D^-1/2) < mu < 1 */
    int mu_failed;
    slong *slot; /* NULL, or per node its row in the models (-1: none): the
                    nodes the search reads, which every root's row is */
    slong nslot;
};

static inline ct_lsalpha_struct *_ct_lsalpha_of(ct_lsroot_sys_struct *S)
{
    return (ct_lsalpha_struct *)S; /* head is the first member */
}

static inline const ct_lsalpha_struct *_ct_lsalpha_const(const ct_lsroot_sys_struct *S)
{
    return (const ct_lsalpha_struct *)S;
}

/* lsalpha.c: the system from a component as ct_lsalpha_new says, of type T
   (NULL when the ball path does not apply); its release at the last
   reference (T->clear). */
ct_lsalpha_struct *_ct_lsalpha_make(slong n, const slong *rowstart, const slong *col,
                                    const fmpz *w, const fmpz *deg, slong nlab,
                                    const slong *lab, const slong *cls, const fmpz *q,
                                    const fmpz *r, slong c,
                                    const ct_lsroot_type_struct *T);
void _ct_lsalpha_clear(ct_lsroot_sys_struct *S);
/* S->wb, built if needed; _ct_lsalpha_compact frees it (rebuilt on demand). */
arb_srcptr _ct_lsalpha_weights(ct_lsalpha_struct *S);
void _ct_lsalpha_compact(ct_lsalpha_struct *S);
/* kappa(c) = max(mu / (1 - c mu), 1 / (1 + c)), an upper bound. */
double _ct_lsalpha_kappa(const ct_lsalpha_struct *S, double c);
/* Whether pi^T (b^(k) - b^(l)) = 0 exactly (sum of sqrt(d_j) over the labeled
   nodes of k equal to l's, decided on the square parts): then phi = (1 -
   alpha) h vanishes at 1, and the models use h = x' itself. */
int _ct_lsalpha_pib_zero(const ct_lsalpha_struct *S, slong k, slong l);
/* Structural leading zeros: dist[k * n + i] = graph distance from i to the
   labeled nodes of class k (n when none). */
slong *_ct_lsalpha_dist(const ct_lsalpha_struct *S);

/* lsalpha_gap.c: certifies mu once (0 on success, 1 when no mu up to 1 -
   2^-20); whether lambda_2 < 1 - 2^-k is proved by the dense certificate (0
   also when the certificate's matrix would not be exact in doubles).
   lsalpha_ground.c: the same by the sparse grounded certificate, weaker (0
   when it does not hold, or CHOLMOD is missing or fails); n^2 memory only
   in the dense one, which certify_mu tries up to 8192 nodes. */
int _ct_lsalpha_certify_mu(ct_lsalpha_struct *S);
int _ct_lsalpha_gap_proved(const ct_lsalpha_struct *S, int k);
int _ct_lsalpha_gap_grounded(const ct_lsalpha_struct *S, int k);
/* The grounded certificate's check alone, for a given x (n entries; the
   grounded node's ignored): x > 0 and (mu D - W)_v x > 0 proved. */
int _ct_lsalpha_ground_check(const ct_lsalpha_struct *S, int k, const double *x);

/* lsalpha_lu.c: the floating factor of D - cW (strictly diagonally
   dominant, symmetric positive definite): LU without pivoting stored by its
   envelope, or CHOLMOD's Cholesky factor when the envelope is wide; x =
   (D - cW)^{-1} y approximately, in place (n doubles). Solves may run on
   several threads at once. */
typedef struct _ct_lsalpha_lu _ct_lsalpha_lu;
_ct_lsalpha_lu *_ct_lsalpha_lu_new(const ct_lsalpha_struct *S, double c);
void _ct_lsalpha_lu_free(_ct_lsalpha_lu *L);
void _ct_lsalpha_lu_solve(const _ct_lsalpha_lu *L, double *x);
/* The same for the nrhs columns of B (n x nrhs, column-major), each column's
   doubles those of its own _ct_lsalpha_lu_solve. */
void _ct_lsalpha_lu_solve_each(const _ct_lsalpha_lu *L, double *B, slong nrhs);

/* A right-hand side v = b^(k) - b^(l) (l = -1: b^(k)), b^(k) = D^{-1/2} Y_k. */
typedef struct {
    slong k, l;
} _ct_lsalpha_rhs;

/* Taylor coefficients at a disk's center c of the functions of nv right-hand
   sides: c > 0: X_j with the deflated solution x'(alpha) = sum_j X_j t^j,
   phi(alpha) = pib + (1 - alpha) x'_i(alpha) = (1 - alpha) h(alpha); c = 0:
   X_j = T^j v, h(alpha) = sum_j X_j[i] alpha^j. Balls are rigorous; beyond J
   |X_j[i]| <= K[v] kappa^j sqrt(vol / d_i) (c > 0) or K[v] (c = 0). */
typedef struct {
    slong prec, J, nv, n; /* n: the rows stored (S->nslot, or all nodes) */
    _ct_lsalpha_rhs *v;
    const slong *slot; /* S->slot (borrowed: the system outlives its disks'
                          models), or NULL: row i at i */
    arb_ptr coef;      /* [(v * n + slot[i]) * (J + 1) + j] */
    arb_ptr pib;       /* per v: pi^T v (0 when c = 0) */
    mag_ptr K;
} _ct_lsalpha_model;

/* Node i's row in M's coefficients (-1: not stored). */
static inline slong _ct_lsalpha_model_row(const _ct_lsalpha_model *M, slong i)
{
    return M->slot != NULL ? M->slot[i] : i;
}

/* A disk's models (D->models): the LU of D - cW (NULL until needed or c = 0),
   the search's model of every class (level -1; NULL where the search reads
   the classes' level-0 models) and the latest finer model (levels 0 to 3)
   per key: keys below npairs are a balanced pair's own model
   (_ct_lsalpha_pib_zero), npairs + k class k's, which every other pair with
   class k reads. */
typedef struct {
    _ct_lsalpha_lu *lu;
    _ct_lsalpha_model *lev1;
    slong npairs, nkeys;
    _ct_lsalpha_model **lev2;
} _ct_lsalpha_disk;

static inline _ct_lsalpha_disk *_ct_lsalpha_disk_of(const ct_lsroot_disk_struct *D)
{
    return D->models;
}

/* lsalpha_model.c: the model of right-hand sides v at prec on D (56: the
   search's, of all classes), and its release. */
_ct_lsalpha_model *_ct_lsalpha_model_build(ct_lsroot_disk_struct *D,
                                           const _ct_lsalpha_rhs *v, slong nv,
                                           slong prec);
void _ct_lsalpha_model_free(_ct_lsalpha_model *M);
/* The models of v[0..nv) at prec built together (their solves share passes
   over the factor), out[t] v[t]'s alone, as _ct_lsalpha_model_build(D, v +
   t, 1, prec) makes it (the same balls). */
void _ct_lsalpha_model_build_each(_ct_lsalpha_model **out, ct_lsroot_disk_struct *D,
                                  const _ct_lsalpha_rhs *v, slong nv, slong prec);
/* lsalpha_coef.c, shared by the two builders: the right-hand side v as balls
   y (n entries: D b', minus its constant part when deflate, with pib = pi^T
   b; else b); an upper bound of 1 / (1 - x), 0 <= x < 1; coefficient j of v
   stored on M's rows as x +- err sqrt(vol / d_i) (err >= ||e_j||_pi), x given
   as balls x or, x NULL, as doubles xh + xl (xl may be NULL; the sum rounded
   at 128 bits into the radius). */
void _ct_lsalpha_model_rhs(arb_ptr y, arb_t pib, const ct_lsalpha_struct *S,
                           _ct_lsalpha_rhs v, int deflate, slong prec);
void _ct_lsalpha_model_inv1m(mag_t r, double x);
void _ct_lsalpha_model_store(_ct_lsalpha_model *M, const ct_lsalpha_struct *S, slong v,
                             slong j, arb_srcptr x, const double *xh, const double *xl,
                             const mag_t err);

/* lsalpha_fmodel.c: the deflated coefficients of every right-hand side of
   M at c > 0 as lsalpha_model.c's, in doubles with certified radii: one
   solve per term (the search's 56 bits) or, with dd, two and the
   coefficients as sums of two doubles (96 bits); the right-hand sides
   advance together, so that their solves share passes over the factor.
   The disk's LU must be made; M's pib is set, K is not. Returns 0, or 1
   when the coefficients left the doubles' safe range (M then incomplete:
   build it in balls). */
int _ct_lsalpha_fmodel_build(_ct_lsalpha_model *M, const ct_lsroot_disk_struct *D,
                             int dd);
/* The bound on the entries (default 2^900), for tests only: not thread-safe. */
void _ct_lsalpha_fmodel_set_range(double r);

/* lsalpha_root.c: the level-0 models of the classes v[t].k (l = -1) on D,
   built together (the search reads them, and so does the narrowing). */
void _ct_lsalpha_disk_build_classes(ct_lsroot_disk_struct *D, const _ct_lsalpha_rhs *v,
                                    slong nv);

/* lsalpha_comp.c: the searched functions per disk (default 64) from which
   the search reads the classes' level-0 models instead of a 56-bit model of
   its own, for tests only: not thread-safe. */
void _ct_lsalpha_set_search_many(slong per_disk);

/* lsalpha_disk.c: D's models made (T->disk_init), freed keeping D (release:
   all rebuilt on demand from the system), and freed (T->disk_clear). */
void _ct_lsalpha_disk_init(ct_lsroot_disk_struct *D);
void _ct_lsalpha_disk_release(ct_lsroot_disk_struct *D);
void _ct_lsalpha_disk_clear(ct_lsroot_disk_struct *D);

/* lsalpha_lead.c: the leading coefficients a[0..J] of h at alpha = 0 (row i,
   pair (k, l)) made exact where needed: while a[j] is 0 or a ball holding 0,
   a[j] is replaced by 0 when the exact coefficient is 0, else by its
   enclosure at prec (which then decides its sign). */
void _ct_lsalpha_lead(arb_ptr a, slong J, const ct_lsalpha_struct *S, slong i, slong k,
                      slong l, slong prec);

/* lsalpha_poly.c: the polynomial of classes (k, l) at row i from the nm
   models M of disk D together (their right-hand sides summed with the pair's
   signs; absent classes contribute 0; the coarsest model's J and precision).
   P is initialized by this call. */
void _ct_lsalpha_poly_make(ct_lsroot_poly_struct *P, const _ct_lsalpha_model *const *M,
                           slong nm, const ct_lsroot_disk_struct *D, slong i, slong k,
                           slong l);

/* lsalpha_twins.c: for row t and class pair p (entry e = t * np + p, np =
   c (c - 1) / 2): node[e], the node searched (for a node of a part without
   a label k or l that hangs off the rest through a cut vertex or a rank-one
   block, that part's carrier; else rows[t]); same[e], the first row whose
   searched node for p lies in the same cell of lsroot_cells.c (equal rows
   of F, so equal functions), t when none. G must be connected. */
void _ct_lsalpha_twins(slong *same, slong *node, const ct_lsroot_graph_struct *G,
                       const slong *rows, slong nr);

/* lsalpha_bracket.c: the sign on a segment from monotone point values
   (NULL when the envelope of D - aW is too large for it), for the searched
   nodes node[0..nr) (repeats allowed); _ct_lsalpha_brk_sign is ct_lsroot_search_struct's
   sign_on. */
typedef struct _ct_lsalpha_brk _ct_lsalpha_brk;
_ct_lsalpha_brk *_ct_lsalpha_brk_new(ct_lsalpha_struct *S, const slong *node, slong nr);
void _ct_lsalpha_brk_free(_ct_lsalpha_brk *B);
int _ct_lsalpha_brk_sign(void *B, slong i, slong k, slong l, double a, double b);

/* lsalpha_exact.c: the exact sign of h at a rational x in (0, 1) for row i and
   classes k, l. */
int _ct_lsalpha_sign_exact(const ct_lsalpha_struct *S, slong i, slong k, slong l,
                           const fmpq_t x);

/* lsalpha_io.c: the system's text, and a system of type T read from it (NULL
   when malformed or not valid: symmetry, degrees, square parts). */
void _ct_lsalpha_write(FILE *f, const ct_lsalpha_struct *S);
ct_lsalpha_struct *_ct_lsalpha_read(const char **s, const ct_lsroot_type_struct *T);

#endif
