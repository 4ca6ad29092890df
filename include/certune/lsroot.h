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

#endif
