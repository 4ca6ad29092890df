/* The alpha family's per-component data and exact solve, shared by src/alpha*.c. */
#ifndef CERTUNE_ALPHA_INTERNAL_H
#define CERTUNE_ALPHA_INTERNAL_H

#include <flint/fmpz.h>
#include <flint/nmod_vec.h>
#include "certune/alpha.h"
#include "certune/analysis.h"
#include "certune/component.h"
#include "certune/instance.h"
#include "certune/signfn.h"
#include "certune/zadj.h"

/* One connected component with its weights scaled to integers by s (the lcm of
   their denominators): degrees d (>= 1 when size >= 2), s W in compressed rows
   (both directions), and the labeled nodes grouped by (class, square class). */
typedef struct {
    slong size, m, ng;
    slong *node;      /* node ids, increasing */
    const slong *pos; /* node id -> position in node (the index's local) */
    slong *lab;       /* positions of the labeled nodes */
    fmpz *deg;        /* s * degree, by position */
    slong *rowstart;  /* size + 1 offsets into col and w */
    slong *col;       /* positions of the neighbours */
    fmpz *w;          /* s * weight of each stored entry */
    fmpz *q;          /* deg[lab[j]] = q[j]^2 rad(j), q[j] >= 1 */
    slong *grp;       /* group of the labeled node lab[j] */
    slong *gcls;      /* class of group g */
    fmpz *grad;       /* square-class radicand of group g (alpha_square.c) */
} ct_alpha_comp;

/* Fills C for component k of the index X of inst; C->pos borrows X->local, so
   X must outlive C. Call ct_alpha_comp_clear after. Degrees are left 0 for an
   isolated node. Costs the component's size, not the instance's. */
void ct_alpha_comp_init(ct_alpha_comp *C, const ct_instance_t inst,
                        const ct_component_index_struct *X, slong k);
void ct_alpha_comp_clear(ct_alpha_comp *C);

/* d[j] = q[j]^2 r[j] (d[j] >= 1, j < len) with r[j] == r[k] exactly when
   d[j] d[k] is a square, and the sqrt of distinct r[j] linearly independent
   over Q; by a coprime basis, never by factoring (alpha_square.c). r[j] is
   squarefree in its small primes, not always in its large ones. */
void ct_alpha_square_parts(fmpz *q, fmpz *r, const fmpz *d, slong len);

/* For a component of size >= 2 with m >= 1: P[((g nsc) + t) size + e] is the
   coefficient of alpha^e in entry rows[t] of adj(D - alpha W) v_g, where
   v_g[lab[j]] = q[j] for the labeled j of group g and 0 elsewhere (D, W
   scaled). Exact (docs/alpha.md); P holds ng * nsc * size initialized fmpz. */
void ct_alpha_adj_groups(fmpz *P, const ct_alpha_comp *C, const slong *rows, slong nsc);

/* Bits of the largest |coefficient| of any entry of P above, plus one for
   the sign: the Hadamard bound of alpha_mod.c. */
slong ct_alpha_coeff_bits(const ct_alpha_comp *C);

/* c[k] (k = 0..n) = the coefficient of alpha^k in det(I - alpha T) mod p, for
   T = D^{-1} W given by its values t aligned with C->col (alpha_charpoly.c). */
void ct_alpha_charpoly(ulong *c, const ct_alpha_comp *C, const ulong *t, nmod_t mod);

/* One node's functions (local ids) and their zeros, for alpha_move.c: pair p
   uses function loc[p] (-1: identically zero), first[f] is f's sign right of
   0 and sign0 (in v) orients each pair; f's zeros are z[zbeg[f] .. zend[f])
   (zbeg[f] == zend[f]: proved zero-free; zbeg[f] < 0: not isolated). */
typedef struct {
    const ct_analysis_node *v;
    const slong *loc;
    const int *first;
    const slong *zbeg, *zend;
    ct_analysis_zero *z;
} _ct_alpha_node_zeros;

/* sign(F_a - F_b) right of 0 for the node's pair functions (0: a tie). */
int _ct_alpha_pair_sign(const ct_analysis_node *v, const slong *loc, const int *first,
                        slong a, slong b);

/* Moves each multi-quadratic zero of the node's nf functions that changes no
   prediction (every pair using its function beaten on its whole isolating
   interval by a third class) to the interval's rational midpoint, freeing the
   function it carried. Refines intervals; returns the number moved. */
slong _ct_alpha_move_zeros(const _ct_alpha_node_zeros *N, slong nf);

/* A component handler tried before the exact solve: returns 1 when it has
   handed over the functions or zeros of the scored rows rows[0..*nsc)
   itself but for the rows it leaves to the exact solve, which it moves to
   rows[0..*nsc) (in order; *nsc = 0: none); else 0, rows untouched
   (components of size >= 2 with a labeled node only). */
typedef int (*_ct_alpha_comp_hook)(void *arg, const ct_instance_struct *inst,
                                   slong inst_idx, const ct_alpha_comp *C, slong *rows,
                                   slong *nsc);

/* A component with a huge weight as a pencil (alpha_pencil.c, docs/alpha.md
   "Huge weights"): every scaled weight w_e(H) for a polynomial w_e with small
   coefficients and one huge H, the group solutions' t-degree at most dt; the
   labeled nodes with a huge q_j (own[j] >= 0, nown of them) are right-hand
   sides of their own. */
typedef struct {
    fmpz_t H;
    fmpz_poly_struct *w; /* aligned with C->w */
    slong dt, nown;
    slong *own; /* per labeled j: its own group's index after C's, or -1 */
} _ct_alpha_pencil;

/* Returns 1 and fills P when C (at most max_nodes nodes: the settings'
   pencil_max_nodes, 0 any size, -1 never) has an entry of at least
   CT_ZADJ_PENCIL_BITS bits and all its weights have small digits in one base H;
   else 0. Either way P is cleared with _ct_alpha_pencil_clear(P, C). */
int _ct_alpha_pencil_init(_ct_alpha_pencil *P, const ct_alpha_comp *C, slong max_nodes);
void _ct_alpha_pencil_clear(_ct_alpha_pencil *P, const ct_alpha_comp *C);

/* PT[((g nr) + t) size + e] (g < ng + nown; initialized) = the coefficient of
   alpha^e in entry rows[t] of adj(D - alpha W) v_g as a polynomial in t (its
   value at H is ct_alpha_adj_groups's, own groups with q = 1): dt + 1 solves at
   small t, interpolated. */
void _ct_alpha_pencil_solve(fmpz_poly_struct *PT, const _ct_alpha_pencil *P,
                            const ct_alpha_comp *C, const slong *rows, slong nr);

/* f's pair functions (f initialized for the node of scored row t) from PT,
   equal to the exact path's; pw holds H's powers up to dt (b = 1). */
void _ct_alpha_pencil_node(ct_signfn_struct *f, const fmpz_poly_struct *PT,
                           const _ct_alpha_pencil *P, const ct_alpha_comp *C, slong t,
                           slong nr, const ct_zadj_pow_t pw);

/* ct_alpha_sign_functions_each with a component hook (NULL: none) and the
   analysis settings S (NULL: the defaults; read: memory_budget, the bytes of
   rows solved at once; pencil_max_nodes; phase), reporting its phases:
   "components solved" k/N after each component of the instance, and inside
   one on the exact path "component rows" 0/R while its system is solved,
   then r/R as each scored row is handed over (the analysis isolates its
   zeros there; "component rows (ball path declined some)" for the rows the
   hook left). */
void _ct_alpha_sign_functions_hooked(const ct_instance_t inst, slong inst_idx,
                                     int score_all, FILE *warn, ct_alpha_consumer fn,
                                     void *arg, _ct_alpha_comp_hook hook, void *hook_arg,
                                     const ct_analysis_settings_struct *S);

/* The ball path (alpha_ball.c) for the analysis: if C has at least the
   settings' ball_min_nodes nodes (CT_ALPHA_BALL_MIN_NODES by default) and
   lsalpha certifies it, appends its nodes to
   *C_out with function ids from *nfuncs on, their signs right of 0 to
   sign_first and their zeros (kind CT_BPOINT_LS) through new_zero; returns 1.
   Returns 0 (nothing appended) otherwise. */
typedef struct {
    ct_analysis_common *C;
    slong *nfuncs;
    int **sign_first;
    slong *sf_alloc;
    ct_analysis_zero *(*new_zero)(void *work, slong f, slong mult);
    void *work;
    slong tried, declined, declined_rows; /* components offered with scored rows */
} _ct_alpha_ball_sink;
int _ct_alpha_ball_component(void *sink, const ct_instance_struct *inst, slong inst_idx,
                             const ct_alpha_comp *C, slong *rows, slong *nsc);

#endif
