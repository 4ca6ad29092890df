/* lsdelta: delta's system for the ball path (docs/delta.md, "The ball
   path"): A = q D - p W of one connected component in machine integers with
   its floating Cholesky factor, certified floating and lifted solves, and
   the component's pair functions as a root kind of lsroot.h (kind "ld"). A
   ct_lsdelta_struct starts with its ct_lsroot_sys_struct, copies what it
   needs of the component and is reference counted (the roots' disks hold
   theirs); one thread at a time while in use. Arrays returned are
   flint_malloc'ed. */
#ifndef CERTUNE_LSDELTA_H
#define CERTUNE_LSDELTA_H

#include <arb.h>
#include <flint/fmpq.h>
#include "certune/lsroot.h"

/* ---- The system in machine integers (lsdelta_msys.c) ---- */

/* A = q D - p W for c = p / q (0 < p < q) and positive integer weights W:
   off-diagonal entries off = p w in CSR (rowstart, col; both directions),
   diag = q d, deg = d = W 1 (>= 1), pq = q - p, amax = ||A||_inf, and a
   floating Cholesky factor (sp: CHOLMOD, or dense: LAPACK's, column-major).
   Owns its arrays. */
typedef struct {
    slong n, nnz, pq, amax;
    slong *rowstart, *col, *off, *diag, *deg;
    struct ct_spchol_struct *sp;
    double *dense;
} ct_lsdelta_msys_struct;

/* Dense factors up to this many nodes (when CHOLMOD is missing or the
   component is below sparse_min). */
#define CT_LSDELTA_DENSE_MAX 8192

/* Entries of A below 2^CT_LSDELTA_BITS: exact in doubles, and the lifting's
   products stay in 128 bits. */
#define CT_LSDELTA_BITS 40

/* Builds M from n >= 2 nodes' weights w (CSR, both directions, positive
   integers) at c = p / q: 0, or -1 when an entry of A has CT_LSDELTA_BITS
   bits or more or the factorization fails (sparse from sparse_min nodes when
   CHOLMOD loads, else dense). M is cleared either way by
   ct_lsdelta_msys_clear. */
int ct_lsdelta_msys_init(ct_lsdelta_msys_struct *M, slong n, const slong *rowstart,
                         const slong *col, const fmpz *w, const fmpq_t c,
                         slong sparse_min);
void ct_lsdelta_msys_clear(ct_lsdelta_msys_struct *M);

/* B := A~^{-1} B with the floating factor (column-major n x nrhs). 0 or -1. */
int ct_lsdelta_msys_solve(ct_lsdelta_msys_struct *M, double *B, slong nrhs);

/* X0 + X1 (column-major n x ng, the caller's) ~ A^{-1} E, E the groups' 0/1
   columns (node lab[j] in group grp[j], j < m), with certified bounds:
   |(A^{-1} E)_ig - X0_ig - X1_ig| <= min(rmax[g], rsum[g] / deg_i) (ng
   mags, initialized by the caller). 0, or -1 when a floating solve fails. */
int ct_lsdelta_msys_balls(double *X0, double *X1, mag_ptr rmax, mag_ptr rsum,
                          ct_lsdelta_msys_struct *M, const slong *lab, const slong *grp,
                          slong m, slong ng);

/* ---- Numeric lifting (lsdelta_nlift.c) ---- */

/* Progress of a lifting: done of total (blocks of columns, as the caller's
   units); NULL for none. */
typedef void (*ct_lsdelta_progress_fn)(const void *ctx, slong done, slong total);

/* Exact V = S^T A^{-1} B by numeric lifting with M's floating factor: B's
   columns and S's columns ("functionals") are 0/1 vectors given as index
   lists (column j: cidx[cstart[j] .. cstart[j + 1]), likewise fstart, fidx);
   V column-major (nf x ncols, fmpq, initialized by the caller). Every entry
   is proved (a rational of denominator at most Hadamard's bound on det A in
   an interval narrower than that bound's -2nd power). bfast > 0: digits of
   bfast bits first (tests: 59 makes every block overflow and be lifted again
   with the safe digits); 0 the default. Returns 0, or -1 when the integers
   would overflow or the iteration does not contract (V unspecified). */
int ct_lsdelta_nlift(fmpq *V, ct_lsdelta_msys_struct *M, const slong *cstart,
                     const slong *cidx, slong ncols, const slong *fstart,
                     const slong *fidx, slong nf, ct_lsdelta_progress_fn progress,
                     const void *pctx, slong bfast);

/* The same entries as balls of radius at most 2^-bits (absolute), lifted
   only as far as that needs (V: nf x ncols arbs, column-major). 0 or -1. */
int ct_lsdelta_nlift_balls(arb_ptr V, ct_lsdelta_msys_struct *M, const slong *cstart,
                           const slong *cidx, slong ncols, const slong *fstart,
                           const slong *fidx, slong nf, slong bits);

/* Blocks lifted again with the safe digits since the process started (tests). */
long ct_lsdelta_nlift_retries(void);

/* ---- The pair functions as a root kind (lsdelta_sys.c, lsdelta_root.c) ---- */

/* For a scored node i and classes k < l, with G = (D - c W)^{-1}, F[i][k] -
   F[i][l] = d_i^(1 - delta) h(delta) and

       h(delta) = sum_g (A^{-1} E)_ig s_g B_g^delta,

   g over the (class, degree) groups of the labeled nodes of k (s_g = 1) and
   l (s_g = -1), B_g their degree: the sign is h's. The roots' variable and
   the models' are delta itself, in [0, 1]. */
typedef struct ct_lsdelta_struct ct_lsdelta_struct;

extern const ct_lsroot_type_struct ct_lsdelta_type;

/* A new system (one reference) for a connected component of n >= 2 nodes:
   positive integer weights w (CSR, both directions), nlab >= 1 labeled nodes
   lab[j] of class cls[j] (0 <= cls < nc), nc >= 2 classes, c = p / q in
   (0, 1). NULL when the system in machine integers cannot be built
   (ct_lsdelta_msys_init). */
ct_lsdelta_struct *ct_lsdelta_new(slong n, const slong *rowstart, const slong *col,
                                  const fmpz *w, slong nlab, const slong *lab,
                                  const slong *cls, slong nc, const fmpq_t c,
                                  slong sparse_min);

/* Drops one reference (frees at the last; S may be NULL). */
void ct_lsdelta_unref(ct_lsdelta_struct *S);

/* The system's groups: ng of them, group g of class gcls[g] and base (the
   degree d of its nodes) gbase[g], its nodes gidx[gstart[g] .. gstart[g +
   1]); grp[j] the group of labeled node j (the arrays are S's). */
slong ct_lsdelta_groups(const slong **grp, const slong **gcls, const fmpz **gbase,
                        const slong **gstart, const slong **gidx,
                        const ct_lsdelta_struct *S);

/* The system in machine integers (S's; its factor is used by the caller's
   lifting, one thread at a time). */
ct_lsdelta_msys_struct *ct_lsdelta_msys(ct_lsdelta_struct *S);

/* Row i's values (A^{-1} E)_ig as balls x[0 .. ng) from the floating solve
   (X0, X1, rmax, rsum as ct_lsdelta_msys_balls gives them, n x ng). */
void ct_lsdelta_row_balls(arb_ptr x, const ct_lsdelta_struct *S, const double *X0,
                          const double *X1, mag_srcptr rmax, mag_srcptr rsum, slong i);

/* The zeros of node i's pair function (k, l) in [0, 1], each isolated and
   narrowed to about 2^-96 relative, from the node's values x (ng balls, as
   ct_lsdelta_row_balls gives them; kept by S as the node's coarsest model
   the first time): *out (*nz roots sorted by lo, to be cleared; their node
   set to node) and *sign0 the sign right of 0. Returns 0, or 1 (nothing
   allocated) when a sign or a zero cannot be decided in balls (a zero at 0
   or 1, a pair function equal to 0, a double zero, balls too wide): the
   caller solves the row exactly. Not thread-safe (models are stored). */
int ct_lsdelta_pair_roots(ct_lsroot_struct **out, slong *nz, int *sign0,
                          ct_lsdelta_struct *S, arb_srcptr x, slong i, slong k, slong l,
                          slong node);

/* Statistics of this process for tests and benchmarks: pair functions
   whose zeros were certified in balls, pair functions left to the caller,
   exact signs computed (the oracle's last resort). */
void ct_lsdelta_counts(long *pairs, long *failed, long *exact);

#endif
