/* The delta family's exact solve, shared by src/delta*.c only. */
#ifndef CERTUNE_DELTA_INTERNAL_H
#define CERTUNE_DELTA_INTERNAL_H

#include <flint/fmpq.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpz_poly_mat.h>
#include "certune/component.h"
#include "certune/expsum.h"
#include "certune/signfn.h"
#include "certune/zadj.h"
#include "certune/analysis.h"
#include <arb.h>

/* One component: its nodes, its labeled ones, their (class, degree) groups. */
typedef struct {
    slong size, m, ng;
    slong *node; /* node ids, increasing */
    slong *lab;  /* positions (in node) of the labeled nodes */
    slong *pos;  /* node id -> position in node (members only) */
    slong *grp;  /* group of the labeled node lab[j] */
    slong *gcls; /* class of group g */
    slong *gpos; /* position of a node of group g (its degree) */
    fmpz *deg;   /* s * degree, by position */
} delta_comp;

/* The component's parts (delta.c; the groups in delta_solve.c): fill collects the nodes
   of component k of X into C (node, pos, lab) and returns its labeled count; system sets
   A = q D - p W of it for c = p / q with the weights scaled by s (the lcm of their
   denominators) to integers, and C->deg = s D (C->deg zeroed by the caller); groups sets
   the (class, degree) groups of its labeled nodes. */
slong _ct_delta_comp_fill(delta_comp *C, const ct_instance_t inst,
                          const ct_component_index_struct *X, slong k);
void _ct_delta_system(fmpz_mat_t A, delta_comp *C, const ct_instance_t inst,
                      const ct_component_index_struct *X, slong k, const fmpq_t c);
void _ct_delta_groups(delta_comp *C, const ct_instance_t inst);

/* Y (nr x ngroups) = rows rows[0..nr-1] of d A^{-1} E for an integer d > 0
   (d = det(A) on the multimodular path, a common denominator on the lifting
   path: the sums are divided by their content, so d never shows), exactly,
   where A (n x n) is q D - p W of a connected component with integer weights
   and 0 < p < q (so symmetric, strictly diagonally dominant with a positive
   diagonal: positive definite, an M-matrix with A^{-1} >= 0) and E (n x
   ngroups) is 0/1 with a 1 at (lab[j], grp[j]) for j < m; rows distinct. Y >= 0.
   Components of at least lift_min nodes try p-adic lifting first (zadj). */
void ct_delta_adj_rows(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab,
                       const slong *grp, slong m, slong ngroups, const slong *rows,
                       slong nr, slong lift_min);

/* h = sum_t coef[t] base[t]^x reduced (delta.c): divided by the gcd of its
   merged coefficients (none when primitive: known coprime) and its bases by
   theirs; marked primitive for the normalizations after it. */
void _ct_delta_set_reduced(ct_expsum_t h, const fmpz *coef, const fmpz *base, slong n,
                           int primitive);

/* Whether a component of n nodes takes the pencil path at c (its parameter
   huge, n small: ct_zadj_pencil_pays, and n within max_nodes: the setting,
   0 for CT_ZADJ_PENCIL_MAX, -1 for never). */
int _ct_delta_pencil_pays(slong n, const fmpq_t c, slong max_nodes);

/* The pencil path for a huge c (delta_pencil.c): P (C->size x C->ng) = X with
   (s D - t s W) X = den E over Z[t], *sd the sign of den at t = c; A = q s D -
   p s W the component's system (its off-diagonal divided by p is -s W).
   Returns 0 when singular (never: A is positive definite). */
int _ct_delta_pencil_solve(fmpz_poly_mat_t P, int *sd, const fmpz_mat_t A,
                           const delta_comp *C, const fmpq_t c);

/* The pair sums of one scored row (xrow: its C->ng polynomials) at c (pw: its
   powers up to C->size), terms of
   equal base merged as polynomials and the coefficients made coprime from
   them (ct_zadj_forms_primitive): the sums delta_node_sums would give, with
   no gcd of huge integers. */
void _ct_delta_pencil_sums(ct_signfn_struct *f, const fmpz_poly_struct *xrow, int sd,
                           const delta_comp *C, slong nc, const ct_zadj_pow_t pw);

/* A huge weight (delta_pencil.c, docs/delta.md "Huge weights"): when some
   weight (A = q D - p W, p the numerator of c) has at least
   CT_ZADJ_PENCIL_BITS bits and every entry of A has small
   balanced digits in one base H (and n <= max_nodes: the settings'
   pencil_max_nodes, 0 any, -1 never), fills rows rows[0 .. nr) of P with
   adj(A(t)) E as polynomials in t of degree <= *dt (A = A(H)) and returns 1;
   else 0. The sums are then _ct_delta_pencil_sums with sd = 1 at a / b = H / 1. */
int _ct_delta_weight_pencil(fmpz_poly_mat_t P, fmpz_t H, slong *dt, const fmpz_mat_t A,
                            const fmpz_t p, const delta_comp *C, const slong *rows,
                            slong nr, slong max_nodes);

/* ---- The ball path (docs/delta.md, "The ball path") ---- */

/* A = q s D - p s W of a component in machine integers (delta_msys.c):
   off-diagonal entries -off in CSR over the component's positions, diag = q s d,
   deg = s d (>= 1), pq = q - p, amax = ||A||_inf, and a floating Cholesky
   factor (sp: CHOLMOD, or dense: LAPACK's, column-major). Owns its arrays. */
typedef struct {
    slong n, nnz, pq, amax;
    slong *rowstart, *col, *off, *diag, *deg;
    struct ct_spchol_struct *sp;
    double *dense;
} delta_msys;

/* Dense factors up to this many nodes (when CHOLMOD is missing or the
   component is below the sparse threshold). */
#define CT_DELTA_BALL_DENSE_MAX 8192

/* Builds M for component k (C filled: node, pos, lab, m) at c = p / q and
   adds s d to deg (C->size entries, zeroed by the caller): 0, or -1 when an
   entry of A has 40 bits or more, or the factorization fails (sparse from
   sparse_min nodes when CHOLMOD loads, else dense). M is cleared either way
   by _ct_delta_msys_clear. */
int _ct_delta_msys_init(delta_msys *M, fmpz *deg, const ct_instance_t inst,
                        const ct_component_index_struct *X, slong k, const delta_comp *C,
                        const fmpq_t c, slong sparse_min);
void _ct_delta_msys_clear(delta_msys *M);

/* B := A~^{-1} B with the floating factor (column-major n x nrhs). 0 or -1. */
int _ct_delta_msys_solve(delta_msys *M, double *B, slong nrhs);

/* X0 + X1 (column-major n x C->ng, the caller's) ~ A^{-1} E, E the groups'
   0/1 columns, with certified bounds: |(A^{-1} E)_ig - X0_ig - X1_ig| <=
   min(rmax[g], rsum[g] / deg_i) (rmax, rsum: C->ng mags, initialized by the
   caller). 0, or -1 when a floating solve fails. */
int _ct_delta_msys_balls(double *X0, double *X1, mag_ptr rmax, mag_ptr rsum,
                         delta_msys *M, const delta_comp *C);

/* Exact V = S^T A^{-1} B by numeric lifting with M's floating factor
   (delta_nlift.c): B's columns and S's columns ("functionals") are 0/1
   vectors given as index lists (column j: cidx[cstart[j] .. cstart[j + 1]),
   likewise fstart, fidx); V (nf x ncols, fmpq, initialized by the caller).
   Every entry is proved (a rational of denominator at most Hadamard's bound
   on det A in an interval narrower than that bound's -2nd power). Returns
   0, or -1 when the integers would overflow or the iteration does not
   contract (then V is unspecified). ph: "component rows (exact rows)". */
int _ct_delta_nlift(fmpq *V, delta_msys *M, const slong *cstart, const slong *cidx,
                    slong ncols, const slong *fstart, const slong *fidx, slong nf,
                    const ct_analysis_phase_struct *ph, slong nsc);

/* _ct_delta_nlift with bfast > 0 fast digits of bfast bits (tests: 59 makes
   every block overflow and be lifted again with the safe digits). */
int _ct_delta_nlift_bits(fmpq *V, delta_msys *M, const slong *cstart, const slong *cidx,
                         slong ncols, const slong *fstart, const slong *fidx, slong nf,
                         const ct_analysis_phase_struct *ph, slong nsc, slong bfast);

/* Blocks _ct_delta_nlift lifted again with the safe digits since the
   process started (tests). */
long _ct_delta_nlift_retries(void);

/* The pair sums of row r of Y (C->ng columns; any positive multiple of
   A^{-1} E's row) into f, as the exact path makes them (delta_solve.c). */
void _ct_delta_node_sums(ct_signfn_struct *f, const fmpz_mat_t Y, slong r,
                         const delta_comp *C, slong nc, fmpz *coef, fmpz *base);

/* The components offered to the ball path (large enough, with scored rows),
   those it declined and their scored rows: the analysis's ball_fallbacks. */
typedef struct {
    slong tried, declined, declined_rows;
} _ct_delta_ball_tally;

/* ct_delta_sign_functions with the ball path when ball is not NULL (the
   analysis's builder, which reads the tally; its constant sums are right for
   the analysis only, never for `certune bounds`, which counts zeros: NULL
   there). */
void _ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                              int score_all, const ct_analysis_settings_struct *settings,
                              FILE *warn, _ct_delta_ball_tally *ball);

/* The ball path for component k (delta_ball.c): appends the sign functions
   of its nsc scored rows (positions rows[]) in order and returns 1, or
   returns 0 (nothing appended) when it declines. Rows whose predicted class
   is certified constant on [0, 1] in balls get constant sums with those
   signs; the others the exact sums (_ct_delta_nlift), so the analysis and its
   report are the exact path's. */
int _ct_delta_ball_component(ct_signfn_struct **out, slong *count, slong inst_idx,
                             const ct_instance_t inst, const ct_component_index_struct *X,
                             slong k, delta_comp *C, const fmpq_t c, const slong *rows,
                             slong nsc, const ct_analysis_settings_struct *S);

#endif
