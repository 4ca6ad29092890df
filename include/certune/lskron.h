/* lskron: lambda's Kron-reduced system for the ball path (docs/lambda.md,
   "The ball path"), a root kind of lsroot.h: models in alpha, roots in lambda.
   A ct_lskron_struct starts with its ct_lsroot_sys_struct (of type
   ct_lskron_type), copies what it needs of the component and is reference
   counted (the roots' disks hold theirs); one thread at a time while in use,
   except inside ct_lskron_component and ct_lskron_roots. Arrays returned are
   flint_malloc'ed. A NULL or 1 return means the ball path does not apply:
   nothing is allocated, and the caller takes the exact path. */
#ifndef CERTUNE_LSKRON_H
#define CERTUNE_LSKRON_H

#include "certune/lsroot.h"

/* One connected component with positive integer weights W (Laplacian L),
   labeled nodes l (m >= 1 of them, Y their one-hot labels) and unlabeled
   nodes u. With H = L_uu^{-1} W_ul
   (the harmonic extension), the Kron-reduced Laplacian K = L_ll - W_lu H, rho
   a power of 2 with rho >= 2 max_l d, M = I - K / rho (symmetric, doubly
   stochastic, spectrum in [0, 1]) and alpha = rho / (lambda + rho) in (0, 1),
   decreasing in lambda,

       F[i][k] - F[i][l] has the sign of h(alpha) = g_i^T (I - alpha M)^{-1} b,

   b = Y_k - Y_l on the labeled nodes, g_i = e_i (labeled i) or row i of H
   (unlabeled i): F_l = (alpha / rho) (I - alpha M)^{-1} Y_l and F_u = H F_l.
   H and K are computed in doubles with certified error bounds; the Taylor
   models then enclose the exact h. */

typedef struct ct_lskron_struct ct_lskron_struct;

/* The interface row of lambda's systems (roots read with it: kind "lk"). */
extern const ct_lsroot_type_struct ct_lskron_type;

/* A new system for a connected component of n >= 2 nodes: weights w in
   compressed rows rowstart/col (both directions, positive integers: the
   component's rational weights times scale, so that lambda = lambda' /
   scale with lambda' in these units; scale NULL means 1), nlab >= 1 labeled
   nodes lab[j] of class cls[j] (0 <= cls < c), c >= 2. L_uu is factored
   sparse (CHOLMOD) from sparse_min unlabeled nodes on (<= 0: the default
   CT_LSKRON_SPARSE_MIN), dense below. Returns NULL when a degree is 2^40 or
   more, OpenBLAS is not loadable, more than 16384 nodes are unlabeled and
   CHOLMOD is not loadable, or a floating factorization or a bound fails. */
#define CT_LSKRON_SPARSE_MIN 500
ct_lskron_struct *ct_lskron_new(slong sparse_min, slong n, const slong *rowstart,
                                const slong *col, const fmpz *w, slong nlab,
                                const slong *lab, const slong *cls, slong c,
                                const fmpz_t scale);

/* Drops one reference (frees at the last; S may be NULL). */
void ct_lskron_unref(ct_lskron_struct *S);

/* rho: lambda = rho (1 - alpha) / (scale alpha). */
slong ct_lskron_rho(const ct_lskron_struct *S);

/* For rows rows[0..nr) (node indices of the component) and every class pair p =
   (k, l), k < l < c, np = c (c - 1) / 2: sign_inf[t * np + p] is the sign of h
   right of alpha = 0, i.e. of F[i][k] - F[i][l] for every large enough lambda
   (0: neither class has a labeled node, a tie everywhere); same[t * np + p] (nr
   np entries, set) is t, or an earlier row t' whose pair p provably has the
   same signs and zeros (twins: equal neighbours, weights and label; a node
   whose part of the graph hangs off the rest through one node outside the
   pair's labels: a positive multiple of that node's function); *z (*nz entries,
   sorted by lo, disjoint, in alpha) holds every zero in (0, 1) of the pairs
   with same[t * np + p] == t, node the node whose function was searched
   (rows[t], or the node whose pair function has the same signs and zeros).
   Returns 0, or 1 when something could not be certified in balls. With
   failed non-NULL (nr entries, 0 on entry), a row whose search cannot be
   certified is marked there instead: none of its zeros is in *z, its
   sign_inf entries mean nothing, same[] is kept (the caller closes failed
   over it, ct_lsroot_rows_leave); 1 is then returned only for a failure of
   the whole component (its models). */
int ct_lskron_component(int *sign_inf, slong *same, ct_lsroot_zero_struct **z, slong *nz,
                        ct_lskron_struct *S, const slong *rows, slong nr, char *failed);

/* The certified roots in lambda of the nz zeros z of S's last
   ct_lskron_component (row and node set to the zero's node), narrowed to
   about 2^-96 relative with 96-bit models (on the spare threads), except
   those with wide[j] set (wide may be NULL), which keep the search's
   intervals while no other root overlaps them (ct_lsroot_roots_some). *out
   holds nz roots, each to be cleared. Returns 0, or 1 (nothing allocated)
   when a zero cannot be taken (a zero too close to lambda = 0) or, over
   NULL, zeros of different functions still overlap once narrowed (maybe
   equal). With over non-NULL (nz entries, 0 on entry) such zeros get over[j]
   = 1 instead and 0 is returned: every unmarked root is disjoint from every
   other root. */
int ct_lskron_roots(ct_lsroot_struct **out, ct_lskron_struct *S, const char *wide,
                    const ct_lsroot_zero_struct *z, slong nz, char *over);

#endif
