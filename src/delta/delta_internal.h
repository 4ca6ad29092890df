/* The delta family's exact solve, shared by src/delta*.c only. */
#ifndef CERTUNE_DELTA_INTERNAL_H
#define CERTUNE_DELTA_INTERNAL_H

#include <flint/fmpq.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpz_poly_mat.h>
#include "certune/component.h"
#include "certune/expsum.h"
#include "certune/lsdelta.h"
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

/* The pair sums of row r of Y (C->ng columns; any positive multiple of
   A^{-1} E's row) into f, as the exact path makes them (delta_solve.c). */
void _ct_delta_node_sums(ct_signfn_struct *f, const fmpz_mat_t Y, slong r,
                         const delta_comp *C, slong nc, fmpz *coef, fmpz *base);

/* The ball path's sink: the components offered to it (large enough, with
   scored rows), those it declined and their scored rows (the analysis's
   ball_fallbacks); and, when C is set (the analysis), the scored nodes whose
   zeros it certified in balls, added to C as nodes[0 .. nnodes) with
   function ids 0 .. nfuncs - 1 of their own, and those functions' zeros
   (zeros[0 .. nzeros), kind ld). */
typedef struct {
    slong tried, declined, declined_rows;
    ct_analysis_common *C;
    slong nnodes, nfuncs, nzeros, zalloc;
    ct_analysis_zero *zeros;
} _ct_delta_ball_tally;

/* ct_delta_sign_functions with the ball path when ball is not NULL (the
   analysis's builder, which reads the tally; its constant sums are right for
   the analysis only, never for `certune bounds`, which counts zeros: NULL
   there). */
void _ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                              int score_all, const ct_analysis_settings_struct *settings,
                              FILE *warn, _ct_delta_ball_tally *ball);

/* The ball path for component k (delta_ball.c): its nsc scored rows
   (positions rows[]) as sign functions appended in order or nodes of the
   sink, and returns 1; or returns 0 (nothing appended) when it declines.
   Rows whose predicted class is certified constant on [0, 1] in balls get
   constant sums with those signs; rows whose pair functions' zeros are all
   certified in balls (and distinct from the other functions') go to the
   sink when it has an analysis (K->C); the others get the exact sums
   (numeric lifting). */
int _ct_delta_ball_component(ct_signfn_struct **out, slong *count, slong inst_idx,
                             const ct_instance_t inst, const ct_component_index_struct *X,
                             slong k, delta_comp *C, const fmpq_t c, const slong *rows,
                             slong nsc, const ct_analysis_settings_struct *S,
                             _ct_delta_ball_tally *K);

#endif
