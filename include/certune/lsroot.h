/* lsroot: the ball paths' root kind (docs/alpha.md and docs/lambda.md, "The
   ball path"): certified zeros of pair functions computed in balls from a
   linear system, which a family plugs in through a const ct_lsroot_type_struct
   (lsalpha.h, lskron.h). Systems and disks are reference counted (the last
   unref frees through the type); a root owns its rationals and one reference
   to its disk (init/clear; ct_lsroot_set may alias, no other output aliases an
   input). Models are built on demand: one thread at a time per system unless
   stated. Arrays returned are flint_malloc'ed, strings malloc'ed. */
#ifndef CERTUNE_LSROOT_H
#define CERTUNE_LSROOT_H

#include <stdio.h>
#include <arb.h>
#include <flint/fmpq.h>
#include <flint/fmpz.h>
#include "certune/root.h"

/* This module holds what does not depend on the system: Taylor polynomials
   with remainder bounds on disks, the covering of [0, 1] by disks, the search
   for zeros, the narrowing, the one root type with its sign oracle chain, and
   the root's text.

   Representation. A system defines, per row i and class pair k < l, a
   function h whose sign is that of F[i][k] - F[i][l]. Its models live in the
   variable a in [0, 1] (alpha itself for alpha; for lambda a = rho / (scale
   lambda + rho)); a root lives in the family's variable x, a = map(x), and x
   = unmap(a) is monotone (increasing or decreasing). A root is an isolating
   interval [lo, hi] of x (lo == hi: that rational) inside its disk; its sign
   oracle asks the disk's models at rising precision and then the system's
   exact sign.

   Ownership. A system starts with a ct_lsroot_sys_struct (refs, type,
   sizes), a disk holds one reference to its system, a root one to its disk.
   Functions that build models on demand (the oracle, comparisons,
   certificates, reading) modify the disk and system they reach; the search
   and the narrowing use threads only on models built before. */

typedef struct ct_lsroot_type_struct ct_lsroot_type_struct;
struct ct_lsroot_s;

/* The first member of every family's system, so that a pointer to the system
   is a pointer to this: refs (the last ct_lsroot_sys_unref frees through
   type->clear), the type, and n rows (nodes), c classes (for the text's checks). */
typedef struct {
    slong refs;
    const ct_lsroot_type_struct *type;
    slong n, c;
} ct_lsroot_sys_struct;

/* A disk of a system: center c (0: the power series) and radius r, both
   dyadic (multiples of 2^-50 below 1), and the family's models on it
   (type->disk_init makes them, type->disk_clear frees them; built on
   demand). fine: NULL, or a small disk inside this one around the last root
   the oracle refined on it (ct_lsroot_sign_fmpq), which this disk holds. */
typedef struct ct_lsroot_disk_s {
    slong refs;
    ct_lsroot_sys_struct *sys;
    double c, r;
    void *models;
    struct ct_lsroot_disk_s *fine;
} ct_lsroot_disk_struct;

/* A pair's function on one disk as a polynomial in t = a - c with ball
   coefficients Q[0..len) (the first `shift` coefficients of the series,
   exactly zero, divided out when c = 0) and bounds tau, dtau on the remainder
   and its derivative for |t| <= r. Made by the families, cleared by
   ct_lsroot_poly_clear. */
typedef struct {
    arb_ptr Q;
    slong len, shift;
    mag_t tau, dtau;
    double c, r;
} ct_lsroot_poly_struct;

/* The same polynomial's coefficients as doubles, for the search's signs in
   double arithmetic (lsroot_dpoly.c): m[j] +- r[j] holds Q[j] (j < len),
   tau >= the remainder's bound, dtau >= its derivative's, c and r the disk's;
   m and r in one flint_malloc'd block at m. ok = 0: not usable (every sign
   from it is undecided). */
typedef struct {
    double *m, *r, tau, dtau, c, rad;
    slong len;
    int ok;
} ct_lsroot_dpoly_struct;

void ct_lsroot_poly_clear(ct_lsroot_poly_struct *P);

/* tau = K q^e / (1 - q), dtau = K s m q^(e-1) / (1 - q)^2: the tails of a
   Taylor model (q < 1 assumed; infinite otherwise). */
void ct_lsroot_poly_tails(mag_t tau, mag_t dtau, const mag_t K, const mag_t q, slong e,
                          const mag_t s, slong m);

/* P (its tau, dtau initialized, c and r set by the caller) from the power
   series' coefficients a[0..J] on a disk of radius r around 0, |a_j| <= K
   beyond J: divided by a^shift, the leading coefficients that are exactly 0. */
void ct_lsroot_poly_set_series(ct_lsroot_poly_struct *P, arb_srcptr a, slong J, double r,
                               const mag_t K);

/* How a system plugs in: one const row per family (ct_lsalpha_type,
   ct_lskron_type). Levels: -1 is the search's model (present only while its
   component is searched), 0..CT_LSROOT_LEVELS - 1 the models at 96 << level
   bits. */
#define CT_LSROOT_LEVELS 4
struct ct_lsroot_type_struct {
    const char *family; /* in the function's words: "alpha", "lambda" */
    int trim;           /* decimal approximations without trailing zeros */
    int slot;           /* its settings and counters (ct_lsroot_count) */
    /* a = the models' variable at x; 0 when x is outside the system's domain */
    int (*map)(fmpq_t a, const ct_lsroot_sys_struct *S, const fmpq_t x);
    /* x at a dyadic a (monotone; the inverse of map) */
    void (*unmap)(fmpq_t x, const ct_lsroot_sys_struct *S, double a);
    /* The polynomial of row, pair (k, l) on D from its model at level, built
       if needed: 0 with *prec the precision to evaluate it at, 1 when there
       is no model at this level, -1 when there is none at this level or
       above (the oracle goes to sign_exact) */
    int (*pair_poly)(ct_lsroot_poly_struct *P, slong *prec, ct_lsroot_disk_struct *D,
                     int level, slong row, slong k, slong l);
    /* The keys (at most 2) of the models pair (k, l)'s polynomial reads, and
       the build of one of them (if absent) at level on D; the narrowing builds
       distinct disks' keys on several threads at once */
    slong (*keys)(slong *key, const ct_lsroot_sys_struct *S, slong k, slong l);
    void (*build)(ct_lsroot_disk_struct *D, int level, slong k, slong l, slong key);
    /* Optional (NULL: build per key): the builds of nkeys distinct keys of
       D at once (k[t], l[t] a pair reading key[t]), as build would make
       them one by one; the narrowing gives each disk's keys to one thread */
    void (*build_keys)(ct_lsroot_disk_struct *D, int level, const slong *k,
                       const slong *l, const slong *key, slong nkeys);
    /* Optional (NULL: none): root r narrowed without the disk's models (far
       beyond the report's digits), both new ends' signs certified; 1 when
       done, 0 (r unchanged) when the models must. Called on several threads
       at once (distinct roots) */
    int (*narrow)(struct ct_lsroot_s *r);
    /* Optional (NULL: none): the sign of root r's function at the rational x
       without the disk's models, 0 when it cannot tell (the oracle asks them
       next); thread-safe */
    int (*sign_fast)(const struct ct_lsroot_s *r, const fmpq_t x);
    /* The sign (-1, 0, 1) of the pair's function at the rational x, exactly */
    int (*sign_exact)(const ct_lsroot_sys_struct *S, slong row, slong k, slong l,
                      const fmpq_t x);
    /* Whether two systems of this type have equal data (equal functions) */
    int (*equal)(const ct_lsroot_sys_struct *S, const ct_lsroot_sys_struct *T);
    /* The system's text, and a new system (one reference) read from it, NULL
       when malformed or not valid */
    void (*write)(FILE *f, const ct_lsroot_sys_struct *S);
    ct_lsroot_sys_struct *(*read)(const char **s);
    /* Nonzero when the oracle may ask models on a small disk of its own
       around a root (any center c in (0, 1), the family's models taking
       their length from kappa(c) r) */
    int fine;
    void (*disk_init)(ct_lsroot_disk_struct *D);
    void (*disk_clear)(ct_lsroot_disk_struct *D);
    void (*clear)(ct_lsroot_sys_struct *S); /* frees S at its last reference */
};

ct_lsroot_sys_struct *ct_lsroot_sys_ref(ct_lsroot_sys_struct *S);
/* Drops one reference (S may be NULL). */
void ct_lsroot_sys_unref(ct_lsroot_sys_struct *S);

/* Taylor terms J of a model at prec bits on a disk with q = kappa r <= 1/4:
   the least J with q^(J + 1) <= 2^-(prec + 6) (prec / 2 + 2 at q = 1/4,
   fewer below: 43 at 96 bits and q = 0.2, 2 on a fine disk); prec / 2 + 2
   for larger q. Any J is valid: the tails bound the rest. */
slong ct_lsroot_terms(slong prec, double q);

/* A new disk (one reference; it holds one to S). */
ct_lsroot_disk_struct *ct_lsroot_disk_new(ct_lsroot_sys_struct *S, double c, double r);
ct_lsroot_disk_struct *ct_lsroot_disk_ref(ct_lsroot_disk_struct *D);
void ct_lsroot_disk_unref(ct_lsroot_disk_struct *D); /* D may be NULL */
/* Whether the rational a lies in [c - r, c + r]. */
int ct_lsroot_disk_contains(const ct_lsroot_disk_struct *D, const fmpq_t a);

/* The covering of [0, 1] for a bound kappa(ctx, c) on the Taylor coefficients'
   growth at center c: *nd disks, centers cr[2m], radii cr[2m + 1], segments
   [seg[m], seg[m + 1]] partitioning [0, 1], each inside its disk. Disk 0 is
   centered at 0 with radius 1/4; every other has kappa(c) r <= 1/4. */
void ct_lsroot_cover(slong *nd, double **cr, double **seg,
                     double (*kappa)(const void *ctx, double c), const void *ctx);

/* In-place upper Cholesky factor of the dense symmetric row-major n x n C
   (row k of R in row k's upper part; the strict lower part is left as it
   was), by LAPACK when it loads (n >= 64) or here. 0 when it completes with
   positive pivots and finite entries, ||R||_F^2 in *fro; 1 otherwise. The
   computed R satisfies R^T R = C + E with |E| <= gamma_{n+2} |R^T| |R| (the
   systems' gap certificates rely on it; lsroot_chol.c says why). */
int ct_lsroot_cholesky(double *C, slong n, double *fro);

/* Rows that provably share a function (both families: docs/alpha.md and
   docs/lambda.md, "Shared signs"). A component's graph: weights in
   compressed rows (symmetric, no self-loops needed), c classes, cls[i] node
   i's label class or -1; the arrays are the caller's. For a class pair (k,
   l) let T be the nodes labeled k or l; a part P of the graph without a node
   of T whose rows are homogeneous given one scalar of the rest (P hangs off
   the rest through one cut vertex v, or sees the rest through a rank-one
   block of weights) has every row's pair function a positive multiple of one
   function, for lambda's system (L + lambda Delta) and alpha's (D - alpha W)
   alike (positive for lambda > 0, 0 < alpha < 1). */
typedef struct {
    slong n, c;
    const slong *rowstart, *col;
    const double *w;
    const slong *cls;
} ct_lsroot_graph_struct;

/* The blocks (lsroot_blocks.c): block b holds the nodes bnode[boff[b] ..
   boff[b + 1]) of a connected graph G, with its block-cut tree. _carriers:
   for the nodes i with in_t[i] as T (at least one), carrier[i] = i, or the
   cut vertex through which i's part of the graph (without a node of T)
   hangs off the rest. init allocates, clear frees. */
typedef struct {
    slong nb;
    slong *boff, *bnode;
    slong *toff, *tadj, *tnode; /* the block-cut tree (lsroot_blocks.c) */
} ct_lsroot_blocks_struct;

void ct_lsroot_blocks_init(ct_lsroot_blocks_struct *B, const ct_lsroot_graph_struct *G);
void ct_lsroot_blocks_clear(ct_lsroot_blocks_struct *B);
void ct_lsroot_blocks_carriers(slong *carrier, const ct_lsroot_blocks_struct *B,
                               const ct_lsroot_graph_struct *G, const char *in_t);
/* The block with the most nodes (the first such; 0 when there is none). */
slong ct_lsroot_blocks_largest(const ct_lsroot_blocks_struct *B);

/* Parts coupled to the rest through a rank-one block (lsroot_rank1.c): part
   j holds node[off[j] .. off[j + 1]), grown from two of the nodes
   hang[rows[t]] (the scored rows' carriers for T = every labeled node: their
   label-free hanging parts count as them) and att[rows[t]] (the cut vertex
   through which a row's part hangs off the largest block, labels or not),
   labels ignored. _carriers: for
   pair (k, l), the nodes of the parts without a labeled node of k or l, and
   every node whose carrier shares a function with one of them, get one
   common carrier (carrier holds the block carriers on entry). */
typedef struct {
    slong nparts;
    slong *off, *node;
} ct_lsroot_parts_struct;

void ct_lsroot_parts_init(ct_lsroot_parts_struct *Q, const ct_lsroot_graph_struct *G,
                          const slong *rows, slong nr, const slong *hang,
                          const slong *att);
void ct_lsroot_parts_clear(ct_lsroot_parts_struct *Q);
void ct_lsroot_parts_carriers(slong *carrier, const ct_lsroot_parts_struct *Q,
                              const ct_lsroot_graph_struct *G, slong k, slong l);

/* Both rules together (lsroot_share.c). init: the blocks, hang[i] the
   carriers for T = every labeled node (i itself when nothing is labeled),
   and the rank-one parts seeded at hang[rows[t]]. _carriers: for pair (k,
   l), carrier[i], the node whose function node i shares (i when k or l has
   no labeled node: that pair's sign is constant). clear frees. */
typedef struct {
    ct_lsroot_blocks_struct B;
    ct_lsroot_parts_struct Q;
    char *in_t; /* workspace, n */
} ct_lsroot_share_struct;

void ct_lsroot_share_init(ct_lsroot_share_struct *X, slong *hang,
                          const ct_lsroot_graph_struct *G, const slong *rows, slong nr);
void ct_lsroot_share_carriers(slong *carrier, ct_lsroot_share_struct *X,
                              const ct_lsroot_graph_struct *G, slong k, slong l);
void ct_lsroot_share_clear(ct_lsroot_share_struct *X);

/* cell[i] (lsroot_cells.c): a partition of G's nodes, each cell of one
   label, on whose cells every column of F is constant; returns the number of
   cells. hang NULL: alpha's system (D - alpha W); else lambda's (L + lambda
   Delta) with hang the carriers for T = every labeled node (their label-free
   hanging parts, on which lambda's F is its attachment's). */
slong ct_lsroot_cells(slong *cell, const ct_lsroot_graph_struct *G, const slong *hang);
/* An unlabeled node (outside the hanging parts of hang; NULL: none) whose
   neighbours all lie in one cell C (outside them too) joins C: its row of
   (L + lambda Delta) F = Y makes F_i the weighted mean of C's equal rows,
   and of (I - alpha S) F = Y a positive multiple alpha sum_j S_ij of them.
   After it, cells hold rows with the same signs and zeros of every pair
   function (no longer equal rows for alpha). On Cora with the split random:1
   node 1052 (0-based) averages 228 and 1404, which a symmetry makes one
   cell; their zeros were exactly equal. */
void ct_lsroot_cells_average(slong *cell, const ct_lsroot_graph_struct *G,
                             const slong *hang);

/* The index of the class pair (k, l), k < l < c, in row-major order (as
   signfn's ct_signfn_pair, a layer above). */
static inline slong ct_lsroot_pair(slong k, slong l, slong c)
{
    return k * c - k * (k + 1) / 2 + (l - k - 1);
}

/* A zero found by the search, in the models' variable: [lo, hi] dyadic, the
   sign at lo (the opposite at hi), exactly one zero inside, a simple one; t
   the row's index, p = (k, l) its pair, disk the covering's disk; node the
   node whose function was searched (set by the family). */
typedef struct {
    double lo, hi;
    int sign_lo;
    slong t, p, k, l, disk, node;
} ct_lsroot_zero_struct;

/* What the search needs of a system: the polynomial of row i, classes (k, l)
   on disk m of its search's models (make: reads only, called on several
   threads), the segments [seg[m], seg[m + 1]] of the nd disks, c classes and
   the labeled nodes per class (a class without labels has F = 0, one with
   labels F > 0: such pairs get their constant sign without a model). */
typedef struct {
    void (*make)(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i, slong k,
                 slong l);
    const void *ctx;
    const double *seg;
    slong nd, c;
    const slong *nlabk;
    /* Optional (NULL: none): when the model cannot decide segment [a, b] of
       row i, pair (k, l), the sign the function is proved to have on all of
       [a, b] (no zero there), or 0. Called on several threads. */
    int (*sign_on)(void *bctx, slong i, slong k, slong l, double a, double b);
    void *bctx;
    /* Optional (NULL: none; not with sign_on): the same polynomial from
       finer models (errors far below make's), for the pairs make's leave
       undecided (a zero within their error of a segment's end or of 1),
       from the disk where they stopped on. Called on one thread, after the
       others are done (it may keep models between calls). */
    void (*make_hi)(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i, slong k,
                    slong l);
    /* Optional (NULL: none; not with sign_on): before make's polynomial of
       disk m is searched on [a, b], the sign the function is proved to have
       on all of [a, b] from a cheaper bound (ctx as make's), or 0 (then the
       polynomial decides). Called on several threads. */
    int (*fast)(const void *ctx, slong m, slong i, slong k, slong l, double a, double b);
    /* Optional (NULL: the search fails as a whole): nr entries, 0 on entry;
       a row t with a pair that cannot be decided gets failed[t] = 1 instead:
       the search goes on, no zero of that row is returned, and it returns 0
       (the rows sharing its functions: ct_lsroot_rows_leave). Rows refused
       by the test hook _ct_lsroot_search_set_refuse are marked as well. */
    char *failed;
    /* Optional (NULL: from make's polynomial): make's polynomial as doubles
       directly from the family's models (D->m allocated here), 1; or 0 when
       it cannot (D untouched: the search makes it from make's). Called on
       several threads. */
    int (*make_d)(ct_lsroot_dpoly_struct *D, const void *ctx, slong m, slong i, slong k,
                  slong l);
} ct_lsroot_search_struct;

/* Per row t < nr and pair p (np = c (c - 1) / 2 of them) with same[t * np + p]
   == t: searches the polynomial of row rows[t * np + p] over every segment
   (rows in blocks on nthreads threads); sign0[t * np + p] is its sign right of
   0; rows with same[t * np + p] = t' < t copy the sign of t' (same signs and
   zeros). The zeros (*z, *nz of them, node unset; set on failure too) are
   sorted by lo; zeros of different functions may overlap (the caller checks
   their narrowed roots, ct_lsroot_roots_overlap). Without sign_on, a
   segment's end where the two disks' models cannot both decide the sign moves
   to a nearby point inside both disks where they do (a zero within the
   models' error of a covering's end), and a zero's interval may not touch 0
   or 1. A pair still undecided is searched again with make_hi's models when
   there are any, from the segment where it stopped (its zeros before that
   segment kept). Returns 0, or 1 when a sign could not be decided or a zero
   not isolated (a depth limit, a zero at 0 or 1) and F->failed is NULL: the
   caller falls back (with F->failed, the rows that did are marked there). */
int ct_lsroot_search(ct_lsroot_zero_struct **z, slong *nz, int *sign0,
                     const ct_lsroot_search_struct *F, const slong *rows,
                     const slong *same, slong nr, slong nthreads);

/* Test hook (not thread-safe; 0, the default, is off): with mod != 0 a
   search with F->failed marks every row t with t % |mod| == |mod| - 1 as
   failed, as if one of its pairs were undecided (mod > 0: before its search;
   mod < 0: its pairs fail the search's models and again make_hi's, when
   there is a make_hi), so that the callers' per-row fallback can be tested
   against the exact path. */
void _ct_lsroot_search_set_refuse(slong mod);

/* The rows that leave a ball path: those in failed (nr entries: the
   search's), the rows t of the zeros z[j] with over[j] set (over may be
   NULL: none; zeros whose roots still overlap others), and with them every
   row they share a function with: failed is closed under same[] (nr * np
   entries, as ct_lsroot_search takes it) both ways, so that equal zeros of
   different rows either all stay in balls or all go exact; a failed row's
   entries of same are then set to itself. Returns the number of failed
   rows. */
slong ct_lsroot_rows_leave(char *failed, slong *same, slong nr, slong np,
                           const ct_lsroot_zero_struct *z, const char *over, slong nz);

/* A certified zero of the pair function of row `row` and classes k < l, in
   the family's variable: lo == hi is that rational; else lo < hi, the function
   is nonzero of opposite signs at lo and hi (sign_lo at lo) and has exactly
   one zero, a simple one, in [lo, hi] and none else in [ilo, ihi] (the
   interval the search isolated; lo and hi are narrowed far beyond it at once,
   and decimal bounds are accepted anywhere inside it). disk holds a reference
   (NULL only for an initialized, unset root). */
typedef struct ct_lsroot_s {
    fmpq_t lo, hi;
    fmpq_t ilo, ihi; /* [ilo, ihi] contains [lo, hi] and no other zero */
    int sign_lo;
    ct_lsroot_disk_struct *disk;
    slong row, k, l;
    slong node; /* the instance's 0-based id of the scored node reported (row,
                   or a node sharing its zeros), for the text */
} ct_lsroot_struct;
typedef ct_lsroot_struct ct_lsroot_t[1];

void ct_lsroot_init(ct_lsroot_t r);
void ct_lsroot_clear(ct_lsroot_t r);
void ct_lsroot_set(ct_lsroot_t r, const ct_lsroot_t s);

/* The certified roots of the nz zeros z found on the covering's disks
   (disks[z[j].disk] set for every j): row and node z[j].node, intervals
   unmapped into the family's variable, then narrowed by the type's narrow
   where it has one (lambda: to about 2^-87, 2^-79 or 2^-73 relative), the rest to about
   2^-96 relative with the level-0 models (built once per disk and key on
   nthreads threads; the system's level-0 data must be built before). *out holds nz roots,
   each to be cleared. */
void ct_lsroot_roots(ct_lsroot_struct **out, ct_lsroot_disk_struct *const *disks,
                     const ct_lsroot_zero_struct *z, slong nz, slong nthreads);

/* As ct_lsroot_roots, but the roots j with wide[j] set (wide NULL: none) keep
   the search's intervals (certified roots all the same: comparisons and
   decimal texts narrow them through the oracle when they need to). */
void ct_lsroot_roots_some(ct_lsroot_struct **out, ct_lsroot_disk_struct *const *disks,
                          const ct_lsroot_zero_struct *z, slong nz, const char *wide,
                          slong nthreads);
/* Narrows the roots j < nz of r with which[j] set (which NULL: all) as
   ct_lsroot_roots does, on nthreads threads. */
void ct_lsroot_roots_narrow(ct_lsroot_struct *r, slong nz, const char *which,
                            slong nthreads);

/* wide[j] for the nz zeros z of one search (sign0, same, nr rows and c
   classes as ct_lsroot_search's): 1 when the zero can be no breakpoint, at
   every row sharing its function some third class being above both of its
   classes over the zero's whole interval (lsroot_relevant.c); else 0. */
void ct_lsroot_zeros_wide(char *wide, const ct_lsroot_zero_struct *z, slong nz,
                          const int *sign0, const slong *same, slong nr, slong c);

/* Whether two of the nz roots r (of different functions, or distinct zeros of
   one) still overlap: some lo strictly below another's hi, the intervals
   sorted by lo. Such zeros may be equal, which balls cannot prove: the
   caller falls back to its exact path. */
int ct_lsroot_roots_overlap(const ct_lsroot_struct *r, slong nz);
/* The same, counting: sets mark[j] = 1 (mark may be NULL) for the roots met
   in an overlap (each overlap marks at least the two it found) and returns
   the number of overlaps found (0: none). */
slong ct_lsroot_roots_overlapping(char *mark, const ct_lsroot_struct *r, slong nz);
/* Whether roots of r still overlap once the roots left wide (wide[j] set;
   wide may be NULL) that meet in overlaps are narrowed, on nthreads threads:
   three rounds (narrowing one may uncover another), then every wide root
   left. 0: the roots are disjoint. */
int ct_lsroot_roots_settle(ct_lsroot_struct *r, slong nz, const char *wide,
                           slong nthreads);

/* Sign (-1, 0, 1) of the pair function at the rational x, decided exactly:
   the search's model if still held, the models at 96, 192, 384, 768 bits
   while x maps into the disk, then the system's exact sign. For a type with
   fine disks and a root narrow against its disk (2^-16 of its radius), the
   models at 96 to 768 bits are those of a disk around the root (r->disk's
   fine one, made anew when x lies outside it): a few Taylor terms each
   instead of up to 50 to 386, and one more floating factorization. */
int ct_lsroot_sign_fmpq(const ct_lsroot_t r, const fmpq_t x);

/* The view of r for the certified-root core (root.h): interval, the sign
   oracle above, bisection. */
void ct_lsroot_view(ct_root_struct *v, ct_lsroot_t r);

/* Compares two zeros: zeros of one function (the same row and classes of
   systems of one type with equal data, as when an instance appears twice) by
   the sign over their intervals' intersection (ct_root_cmp_same), others by
   refinement until disjoint; sets *cmp and returns 1 when decided, 0 when both
   are narrower than 2^-CT_LSROOT_CMP_BITS and still overlap (equal zeros of
   different functions cannot be told apart in balls: the caller reports it). */
#define CT_LSROOT_CMP_BITS 256
int ct_lsroot_cmp(int *cmp, ct_lsroot_t a, ct_lsroot_t b);

/* Decimal certificates as ct_mqroot_get_strs, bounds accepted anywhere in
   [ilo, ihi] (refines r). */
void ct_lsroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_t r, slong digits);

/* The defining function in words, e.g. "F[17][0] - F[17][2] (alpha; zero
   certified by Taylor models in balls)" with the 1-based node. */
char *ct_lsroot_get_str(const ct_lsroot_t r);

/* Text form: the system's text (type->write), then " C R ROW K L NODE ILO LO
   HI IHI SIGN" (the disk's center and radius in C99 hex). Reading with the
   root's type T (r initialized) checks the fields (row < n, k < l < c, the
   intervals ordered, sign +-1 for lo < hi and 0 for lo == hi, ilo, lo, hi in
   the domain, lo and hi in the disk) and re-certifies the signs at lo and hi
   with the oracle: 0, or -1 on malformed or false text. Consecutive roots of
   one system share it and its disks: the reader keeps the last system read
   (per thread, keyed by its text) until ct_lsroot_read_release (the roots
   read keep their own references). */
void ct_lsroot_write(FILE *f, const ct_lsroot_t r);
int ct_lsroot_read(ct_lsroot_t r, const ct_lsroot_type_struct *T, const char **s);
void ct_lsroot_read_release(void);

/* For the systems' writers: "N C" and each row as " COUNT (NEIGHBOUR WEIGHT)..."
   (integer weights held as doubles). */
void ct_lsroot_write_graph(FILE *f, slong n, slong c, const slong *rowstart,
                           const slong *col, const double *w);

/* The same text read back with the labels that follow it (" M (LAB
   CLS)..."): n >= 2 nodes, c >= 2 classes, integer weights >= 1 present in
   both directions, 1 <= m <= n labeled nodes (their range and classes are
   the system's to check). 0, or 1 when malformed; G is cleared by
   ct_lsroot_tgraph_clear either way. */
typedef struct {
    slong n, c, m, nnz, walloc;
    slong *rowstart, *col, *lab, *cls;
    fmpz *w;
} ct_lsroot_tgraph_struct;

int ct_lsroot_tgraph_read(ct_lsroot_tgraph_struct *G, const char **s);
void ct_lsroot_tgraph_clear(ct_lsroot_tgraph_struct *G);

/* ---- Counters (lsroot_count.c), per slot: 0 for alpha's ball path, 1 for
   lambda's, 2 for delta's. Statistics of this process for tests and benchmarks, never
   settings (those are an analysis's: ct_analysis_settings_struct); atomic,
   so any thread may count. ---- */
#define CT_LSROOT_SLOT_ALPHA 0
#define CT_LSROOT_SLOT_LAMBDA 1
#define CT_LSROOT_SLOT_DELTA 2

/* Counts, for the type T's slot, a component solved in balls (which = 0), a
   fallback to the exact path (1) or an exact oracle call (2). */
void ct_lsroot_count(const ct_lsroot_type_struct *T, int which);

/* This process's counts (all threads): components solved on the ball path,
   components that fell back, exact oracle calls; alpha's, then lambda's;
   ct_lsroot_kron_count counts for lambda's slot (its analysis counts its
   components: 0 in balls, 1 fell back). */
void ct_lsroot_counts(long *ball, long *fallback, long *exact);
void ct_lsroot_kron_counts(long *ball, long *fallback, long *exact);
void ct_lsroot_kron_count(int which);

#endif
