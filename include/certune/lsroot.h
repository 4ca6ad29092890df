/* lsroot: certified zeros in (0, 1) of the alpha family's pair functions
   computed in balls from the linear system itself, not from exact polynomials
   (docs/alpha.md, "The ball path"). For one connected component with integer
   weights W, degrees d, T = D^{-1} W and b = D^{-1/2} (Y_k - Y_l),

       h(alpha) = e_i^T (I - alpha T)^{-1} b

   has the sign of F[i][k] - F[i][l]. h is covered by Taylor models on disks
   whose coefficients come from a floating LU with rigorous residual bounds
   and whose tails are bounded through a certified bound mu > lambda_2(S); a
   sign the models cannot decide falls back to an exact rational solve. */
#ifndef CERTUNE_LSROOT_H
#define CERTUNE_LSROOT_H

#include <flint/fmpq.h>
#include <flint/fmpz.h>
#include "certune/root.h"

/* A component's system (opaque, reference counted; not shared between
   threads while in use). */
typedef struct ct_lssys_struct ct_lssys_struct;
/* One Taylor disk of a system (opaque, reference counted). */
typedef struct ct_lsdisk_struct ct_lsdisk_struct;

/* A new system for a connected component of n >= 2 nodes: weights w in
   compressed rows rowstart/col (both directions, positive integers), degrees
   deg[i] = sum of row i, nlab >= 1 labeled nodes lab[j] of class cls[j]
   (0 <= cls < c) with deg[lab[j]] = q[j]^2 r[j], the r pairwise equal or with
   linearly independent square roots. Copies its inputs. Returns NULL when the
   ball path does not apply (a weight, degree or the volume too large for
   exact doubles, or inconsistent degrees). */
ct_lssys_struct *ct_lssys_new(slong n, const slong *rowstart, const slong *col,
                              const fmpz *w, const fmpz *deg, slong nlab,
                              const slong *lab, const slong *cls, const fmpz *q,
                              const fmpz *r, slong c);

/* Drops one reference (frees at the last; S may be NULL). */
void ct_lssys_unref(ct_lssys_struct *S);

/* A certified zero of h for row `row` and classes k < l: lo == hi is that
   rational; else lo < hi, h(lo), h(hi) nonzero of opposite signs (sign_lo at
   lo) and h has exactly one zero, a simple one, in [lo, hi], and none else
   in [ilo, ihi] (the interval the search isolated; lo and hi are narrowed
   far beyond it at once, and decimal bounds are accepted anywhere inside
   it). disk holds a reference (NULL only for an initialized, unset root). */
typedef struct {
    fmpq_t lo, hi;
    fmpq_t ilo, ihi; /* [ilo, ihi] contains [lo, hi] and no other zero of h */
    int sign_lo;
    ct_lsdisk_struct *disk;
    slong row, k, l;
    slong node; /* the instance's 0-based id of the scored node reported (row,
                   or a twin or leaf sharing its zeros), for the text */
} ct_lsroot_struct;
typedef ct_lsroot_struct ct_lsroot_t[1];

void ct_lsroot_init(ct_lsroot_t r);
void ct_lsroot_clear(ct_lsroot_t r);
void ct_lsroot_set(ct_lsroot_t r, const ct_lsroot_t s);

/* The view of r for the certified-root core (root.h): interval, exact sign
   oracle (models in balls at rising precision, then an exact solve), bisection. */
void ct_lsroot_view(ct_root_struct *v, ct_lsroot_t r);

/* Sign (-1, 0, 1) of h at the rational x in (0, 1), decided exactly. */
int ct_lsroot_sign_fmpq(const ct_lsroot_t r, const fmpq_t x);

/* Compares two zeros: zeros of one function (the same row and classes of
   equal systems, as when an instance appears twice) by the sign over their
   intervals' intersection (ct_root_cmp_same), others by refinement until
   disjoint; sets *cmp and returns 1 when decided, 0 when both are narrower
   than 2^-CT_LSROOT_CMP_BITS and still overlap (equal zeros of different
   functions cannot be told apart in balls: the caller reports it). */
#define CT_LSROOT_CMP_BITS 256
int ct_lsroot_cmp(int *cmp, ct_lsroot_t a, ct_lsroot_t b);

/* Decimal certificates as ct_mqroot_get_strs (refines r). */
void ct_lsroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_t r, slong digits);

/* The defining function in words (malloc'ed), e.g. "F[17][0] - F[17][2] (alpha;
   zero certified by Taylor models in balls)" with the 1-based node. */
char *ct_lsroot_get_str(const ct_lsroot_t r);

/* Text form (the system, the disk, the interval) and its reader: returns 0,
   or -1 on malformed text. */
void ct_lsroot_write(FILE *f, const ct_lsroot_t r);
int ct_lsroot_read(ct_lsroot_t r, const char **s);

/* For rows rows[0..nr) of S and every class pair p = (k, l), k < l < c:
   sign0[t * np + p] is the sign of h right of 0 (0: the pair ties everywhere,
   when neither class has a labeled node), and the zeros in (0, 1) are
   returned in *z (*nz of them, all simple, malloc'ed), zrow / zpair giving
   each one's t and p; np = c (c - 1) / 2. same[t] (nr entries, given) is set
   to t, or to an earlier row t' whose functions provably have the same signs
   on (0, 1) (twins: equal neighbours, weights and label; an unlabeled leaf
   and its neighbour): t' carries the zeros for both, and a zero's row is the
   node actually searched (node ids in text come from the caller).
   Returns 0, or 1 when some sign or zero could not be certified in balls
   (then nothing is allocated: use the exact path). */
int ct_lsroot_component(int *sign0, slong *same, ct_lsroot_struct **z, slong **zrow,
                        slong **zpair, slong *nz, ct_lssys_struct *S, const slong *rows,
                        slong nr);

/* Components of at least this many nodes take the ball path in the alpha
   analysis (default 120; 0 restores it; a huge value turns it off). Process-wide,
   not thread-safe to change during an analysis. Returns the previous value. */
slong ct_lsroot_set_min_nodes(slong n);
slong ct_lsroot_min_nodes(void);

/* Counters for tests and benchmarks (this process, all threads): components
   solved on the ball path, components that fell back, exact oracle calls. */
void ct_lsroot_counts(long *ball, long *fallback, long *exact);

/* ---- The lambda family's system (docs/lambda.md, "The ball path") ----
   One connected component with positive integer weights W (Laplacian L),
   labeled nodes l (m >= 1 of them, Y their one-hot labels) and unlabeled
   nodes u. With H = L_uu^{-1} W_ul (the harmonic extension), the
   Kron-reduced Laplacian K = L_ll - W_lu H, rho a power of 2 with
   rho >= 2 max_l d, M = I - K / rho (symmetric, doubly stochastic, spectrum
   in [0, 1]) and alpha = rho / (lambda + rho) in (0, 1), decreasing in lambda,

       F[i][k] - F[i][l] has the sign of h(alpha) = g_i^T (I - alpha M)^{-1} b,

   b = Y_k - Y_l on the labeled nodes, g_i = e_i (labeled i) or row i of H
   (unlabeled i): F_l = (alpha / rho) (I - alpha M)^{-1} Y_l and F_u = H F_l.
   H and K are computed in doubles with certified error bounds; the Taylor
   models then enclose the exact h. */
typedef struct ct_lsroot_kron_struct ct_lsroot_kron_struct;

/* A new system for a connected component of n >= 2 nodes: weights w in
   compressed rows rowstart/col (both directions, positive integers: the
   component's rational weights times scale, so that lambda = lambda' /
   scale with lambda' in these units; scale NULL means 1), nlab >= 1 labeled
   nodes lab[j] of class cls[j] (0 <= cls < c), c >= 2. Copies what it needs.
   Returns NULL when the ball path does not apply here (a degree of 2^40 or
   more, more than 16384 unlabeled nodes, OpenBLAS not loadable, a floating
   factorization or a bound that fails): the caller takes the exact path.
   Reference counted (the roots below hold it): _unref drops one (NULL ok). */
ct_lsroot_kron_struct *ct_lsroot_kron_new(slong n, const slong *rowstart,
                                          const slong *col, const fmpz *w, slong nlab,
                                          const slong *lab, const slong *cls, slong c,
                                          const fmpz_t scale);
void ct_lsroot_kron_unref(ct_lsroot_kron_struct *S);

/* rho: lambda = rho (1 - alpha) / alpha. */
slong ct_lsroot_kron_rho(const ct_lsroot_kron_struct *S);

/* A zero of h in alpha: lo < hi dyadic in (0, 1], h(lo) has the sign sign_lo,
   h(hi) the opposite one, and h has exactly one zero in [lo, hi], a simple
   one; t is the row's index in rows, p = (k, l) its pair, node the node whose
   function was searched (rows[t], or the node whose pair function has the
   same signs and zeros, see same below). */
typedef struct {
    double lo, hi;
    int sign_lo;
    slong t, p, k, l, node;
    slong disk; /* the covering's disk that certified it */
} ct_lsroot_kron_zero;

/* For rows rows[0..nr) (node indices of the component) and every class pair
   p = (k, l), k < l < c, np = c (c - 1) / 2: sign_inf[t * np + p] is the sign
   of h right of alpha = 0, i.e. of F[i][k] - F[i][l] for every large enough
   lambda (0: neither class has a labeled node, a tie everywhere);
   same[t * np + p] (nr np entries, set) is t, or an earlier row t' whose
   pair p provably has the same signs and zeros (twins: equal neighbours,
   weights and label; a node whose part of the graph hangs off the rest
   through one node outside the pair's labels: a positive multiple of that
   node's function); *z (flint_malloc'ed, *nz entries, sorted by lo,
   disjoint) holds every zero in (0, 1) of the pairs with same[t * np + p] ==
   t. Returns 0, or 1 when something could not be certified in balls
   (nothing allocated: use the exact path). */
int ct_lsroot_kron_component(int *sign_inf, slong *same, ct_lsroot_kron_zero **z,
                             slong *nz, ct_lsroot_kron_struct *S, const slong *rows,
                             slong nr);

/* A disk of a lambda system (opaque, reference counted; holds its system). */
typedef struct ct_lsroot_kdisk_struct ct_lsroot_kdisk_struct;

/* A certified zero of F[row][k] - F[row][l] in lambda (the instance's
   variable), as ct_lsroot_struct's in alpha: lo == hi is that rational, else
   lo < hi with nonzero opposite signs there (sign_lo at lo) and exactly one
   zero, a simple one, in [lo, hi] and no other in [ilo, ihi] (0 < ilo). */
typedef struct {
    fmpq_t lo, hi, ilo, ihi;
    int sign_lo;
    ct_lsroot_kdisk_struct *disk;
    slong row, k, l;
    slong node; /* the instance's 0-based node reported (row, a twin or a leaf) */
} ct_lsroot_kroot_struct;
typedef ct_lsroot_kroot_struct ct_lsroot_kroot_t[1];

void ct_lsroot_kroot_init(ct_lsroot_kroot_t r);
void ct_lsroot_kroot_clear(ct_lsroot_kroot_t r);
void ct_lsroot_kroot_set(ct_lsroot_kroot_t r, const ct_lsroot_kroot_t s);

/* The certified roots of the nz zeros z of S's last ct_lsroot_kron_component
   (row and node set to the zero's node), narrowed to about 2^-96 relative
   with 96-bit models (on the spare threads). *out is malloc'ed (nz roots,
   each to be cleared). Returns 0, or 1 when a zero cannot be taken (a zero
   too close to lambda = 0; nothing allocated: use the exact path). */
int ct_lsroot_kron_roots(ct_lsroot_kroot_struct **out, ct_lsroot_kron_struct *S,
                         const ct_lsroot_kron_zero *z, slong nz);

/* Sign (-1, 0, 1) of F[row][k] - F[row][l] at the rational x > 0 inside r's
   disk, decided exactly: models at 96 to 768 bits, then an exact solve. */
int ct_lsroot_kroot_sign_fmpq(const ct_lsroot_kroot_t r, const fmpq_t x);

/* The view for the certified-root core, the comparison (as ct_lsroot_cmp),
   decimal certificates, the function in words ("F[17][0] - F[17][2] (lambda;
   zero certified by Taylor models in balls)", malloc'ed), and the text form
   (the system, the disk, row, classes, intervals, sign; reading re-checks
   the signs at lo and hi and returns 0, or -1). */
void ct_lsroot_kroot_view(ct_root_struct *v, ct_lsroot_kroot_t r);
int ct_lsroot_kroot_cmp(int *cmp, ct_lsroot_kroot_t a, ct_lsroot_kroot_t b);
void ct_lsroot_kroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_kroot_t r,
                              slong digits);
char *ct_lsroot_kroot_get_str(const ct_lsroot_kroot_t r);
void ct_lsroot_kroot_write(FILE *f, const ct_lsroot_kroot_t r);
int ct_lsroot_kroot_read(ct_lsroot_kroot_t r, const char **s);
/* The reader keeps the last system it built (per thread) for the next line;
   this drops it (the roots read keep their own references). */
void ct_lsroot_kroot_read_release(void);

/* Components of at least this many nodes take the ball path in the lambda
   analysis (default CT_LSROOT_KRON_MIN_NODES; 0 restores it; a huge value
   turns it off). Process-wide, as ct_lsroot_set_min_nodes. */
#define CT_LSROOT_KRON_MIN_NODES 400
slong ct_lsroot_kron_set_min_nodes(slong n);
slong ct_lsroot_kron_min_nodes(void);

/* Counters (this process): lambda components solved in balls, fallen back,
   exact oracle calls; the analysis counts its components (0: in balls, 1:
   fell back). */
void ct_lsroot_kron_counts(long *ball, long *fallback, long *exact);
void ct_lsroot_kron_count(int which);

#endif
