/* spldl: A = P^T L D L^T P modulo a word-size prime for a sparse symmetric
   integer matrix A given by its residues, in CHOLMOD's fill-reducing order
   (spchol), by the up-looking algorithm (row k of L from a sparse
   triangular solve along the elimination tree; T. Davis, Direct Methods for
   Sparse Linear Systems, 4.7, written here for residues). The pattern (the
   order, the elimination tree, L's column counts) depends on A's pattern
   only and is made once for every prime, with (when asked) L's nonzeros by
   rows in the order the up-looking algorithm needs them and their places in
   L's columns, so that a prime's factorization is arithmetic only (Shoup's
   products with the row's fixed multiplier). Without pivoting a leading
   minor of P A P^T divisible by p stops the factorization (about n / p of
   the time): the caller takes another prime. Memory: the pattern 4 n + 1
   words, with rows 3 words per nonzero of L more; a factor 1 word per
   nonzero of L plus 2 n. Arrays are the caller's (read); the structs own
   what they allocate and are freed by _clear. */
#ifndef CERTUNE_SPLDL_H
#define CERTUNE_SPLDL_H

#include <flint/flint.h>
#include <flint/nmod_vec.h>

/* A's pattern, n x n, in compressed rows (start, col: row i's columns at
   start[i] .. start[i + 1], both triangles, each row holding its diagonal). */
typedef struct {
    slong n;
    slong *perm, *iperm; /* perm[k]: the k-th row eliminated */
    slong *parent;       /* the elimination tree (-1: a root) */
    slong *Lp;           /* column k of L at Lp[k] .. Lp[k + 1] */
    slong *Li;           /* with rows: the row of each nonzero of L */
    slong *Rp, *Ri, *Rq; /* with rows: row k's nonzeros at Rp[k] .. Rp[k + 1],
                            in elimination order: column Ri, place Rq in Li */
} ct_spldl_sym_struct;

/* perm (n entries): CHOLMOD's fill-reducing order of the symmetric pattern
   start, col (both triangles). Returns 0, or -1 when CHOLMOD does not load
   or fails. */
int ct_spldl_order(slong *perm, slong n, const slong *start, const slong *col);

/* The elimination tree (parent, n) and L's column offsets (Lp, n + 1) of the
   pattern eliminated in the order perm (iperm its inverse): Davis's
   ldl_symbolic. Shared with evaluate's long double factorization. */
void ct_spldl_etree(slong *parent, slong *Lp, slong n, const slong *start,
                    const slong *col, const slong *perm, const slong *iperm);

/* The order and the symbolic factorization of the pattern (n >= 1,
   symmetric); with rows nonzero also L's pattern (needed by
   ct_spldl_factor). Returns 0, or -1 when CHOLMOD does not load or fails (Y
   then holds nothing to clear). */
int ct_spldl_sym_init(ct_spldl_sym_struct *Y, slong n, const slong *start,
                      const slong *col, int rows);
void ct_spldl_sym_clear(ct_spldl_sym_struct *Y);

/* The factor modulo mod.n of the matrix with Y's pattern and residues val
   (aligned with col); det = det(A) mod p. */
typedef struct {
    const ct_spldl_sym_struct *Y;
    nmod_t mod;
    ulong *Lx, *dinv; /* L's entries (rows Y->Li), D^{-1} */
    ulong det;
} ct_spldl_struct;

/* Factors (Y made with rows): returns 1, or 0 when a pivot is 0 modulo p (F
   then holds nothing to clear). Y must outlive F. */
int ct_spldl_factor(ct_spldl_struct *F, const ct_spldl_sym_struct *Y, const slong *start,
                    const slong *col, const ulong *val, nmod_t mod);
void ct_spldl_clear(ct_spldl_struct *F);

/* X := A^{-1} X modulo p for X (n x c row-major residues, row stride c);
   w: n c words of work space. */
void ct_spldl_solve(ulong *X, const ct_spldl_struct *F, slong c, ulong *w);

#endif
