/* lsalpha: alpha's system for the ball path (docs/alpha.md, "The ball path"),
   a root kind of lsroot.h whose roots' variable is alpha itself. A
   ct_lsalpha_struct starts with its ct_lsroot_sys_struct (of type
   ct_lsalpha_type), holds copies of the component's data and is reference
   counted (the roots' disks hold theirs); one thread at a time while in use,
   except inside ct_lsalpha_component. Arrays returned are flint_malloc'ed. A
   NULL or 1 return means the ball path does not apply: nothing is allocated,
   and the caller takes the exact path. */
#ifndef CERTUNE_LSALPHA_H
#define CERTUNE_LSALPHA_H

#include "certune/lsroot.h"

/* For one connected component with integer weights W, degrees d,
   T = D^{-1} W and b = D^{-1/2} (Y_k - Y_l),

       h(alpha) = e_i^T (I - alpha T)^{-1} b

   has the sign of F[i][k] - F[i][l] on (0, 1). h is covered by Taylor models
   on disks whose coefficients come from a floating LU with rigorous residual
   bounds and whose tails are bounded through a certified bound mu >
   lambda_2(S); a sign the models cannot decide falls back to an exact rational
   solve. */

typedef struct ct_lsalpha_struct ct_lsalpha_struct;

/* The interface row of alpha's systems (roots read with it: kind "ls"). */
extern const ct_lsroot_type_struct ct_lsalpha_type;

/* A new system for a connected component of n >= 2 nodes: weights w in
   compressed rows rowstart/col (both directions, positive integers), degrees
   deg[i] = sum of row i, nlab >= 1 labeled nodes lab[j] of class cls[j]
   (0 <= cls < c) with deg[lab[j]] = q[j]^2 r[j], the r pairwise equal or with
   linearly independent square roots. Returns NULL when a weight, degree or
   the volume is too large for exact doubles, or the degrees are
   inconsistent. */
ct_lsalpha_struct *ct_lsalpha_new(slong n, const slong *rowstart, const slong *col,
                                  const fmpz *w, const fmpz *deg, slong nlab,
                                  const slong *lab, const slong *cls, const fmpz *q,
                                  const fmpz *r, slong c);

/* Drops one reference (frees at the last; S may be NULL). */
void ct_lsalpha_unref(ct_lsalpha_struct *S);

/* For rows rows[0..nr) of S and every class pair p = (k, l), k < l < c,
   np = c (c - 1) / 2 of them: sign0[t * np + p] is the sign of h right of 0
   (0: the pair ties everywhere, when neither class has a labeled node), and
   the zeros in (0, 1) are returned in *z (*nz roots, all simple, each to be
   cleared), zrow / zpair giving each one's t and p. same[t * np + p] (nr np
   entries, given) is set to t, or to an earlier row t' whose function of
   pair p provably has the same signs on (0, 1) (twins: equal neighbours,
   weights and label; a pendant tree labeled neither k nor l and the node it
   hangs from): t' carries the zeros for both, and a zero's row is the node
   actually searched (node ids in text come from the caller). Counts the component (ball
   or fallback, ct_lsroot_counts). Returns 0, or 1 when some sign or zero could not be
   certified in balls. With failed non-NULL (nr entries, 0 on entry) a row
   whose search fails or whose zero still overlaps another row's is marked
   there instead, with every row it shares a function with
   (ct_lsroot_rows_leave: their same[] entries then name themselves); none
   of their zeros is returned, every returned root is disjoint from all the
   others, and 1 means the whole component failed (mu not certified). */
int ct_lsalpha_component(int *sign0, slong *same, ct_lsroot_struct **z, slong **zrow,
                         slong **zpair, slong *nz, ct_lsalpha_struct *S,
                         const slong *rows, slong nr, char *failed);

#endif
