/* pexpsum: exponential sums with polynomial coefficients,
   H(c, d) = sum_t P_t(c) B_t^d (P_t in Z[c], integer bases B_t >= 1): the
   sign functions of the delta family over the square of (c, delta)
   (docs/joint.md), and the certified events of their zero curves: the
   c-values where the arrangement of the curves H = 0 in a rectangle
   [A, B] x [0, 1] can change, isolated by Krawczyk's test on boxes in Arb,
   never sampled. A sum owns its polynomials and bases (init/clear); a slab
   set owns its arrays (init/clear). What cannot be certified is reported
   as undecided (ct_pexpsum_slabs' 1 with the reason), never an error. */
#ifndef CERTUNE_PEXPSUM_H
#define CERTUNE_PEXPSUM_H

#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>
#include <arb.h>

/* len terms with nonzero coef[t] and strictly increasing bases base[t] >= 1. */
typedef struct {
    slong len;
    fmpz_poly_struct *coef;
    fmpz *base;
} ct_pexpsum_struct;
typedef ct_pexpsum_struct ct_pexpsum_t[1];

void ct_pexpsum_init(ct_pexpsum_t h);
void ct_pexpsum_clear(ct_pexpsum_t h);
void ct_pexpsum_set(ct_pexpsum_t h, const ct_pexpsum_t g);

/* h = sum_i coef[i](c) base[i]^d (n terms, bases >= 1 in any order, possibly
   repeated): equal bases merged, zero polynomials dropped, bases sorted. */
void ct_pexpsum_set_terms(ct_pexpsum_t h, const fmpz_poly_struct *coef, const fmpz *base,
                          slong n);

/* Divides the polynomials by their gcd g(c) (primitive, positive leading
   coefficient), which is set to content (1 for the zero sum), then by -1
   when the largest base's polynomial has a negative leading coefficient:
   h before = +-content * h after, so the zero set of h before is that of h
   after and the roots of content (vertical lines), and h and -h normalize
   alike. The bases are kept (linear relations between sums over Q(c)
   survive: the crossings of three pair curves of one node coincide). */
void ct_pexpsum_normalize(fmpz_poly_t content, ct_pexpsum_t h);

int ct_pexpsum_is_zero(const ct_pexpsum_t h);
int ct_pexpsum_equal(const ct_pexpsum_t h, const ct_pexpsum_t g);
/* Whether h = s^d g for a positive rational s (bases in one ratio, the same
   polynomials): one curve. */
int ct_pexpsum_equal_scaled(const ct_pexpsum_t h, const ct_pexpsum_t g);
/* 1 when no term depends on d (only the base 1): H = P(c). */
int ct_pexpsum_is_const_d(const ct_pexpsum_t h);

/* y = a ball containing (d/dc)^ic (d/dd)^id H over the balls c and d
   (ic <= 2 and any id), at precision prec. */
void ct_pexpsum_eval_arb(arb_t y, const ct_pexpsum_t h, const arb_t c, const arb_t d,
                         slong ic, slong id, slong prec);

/* The sign (-1, 0, 1) of H(c, d) at rationals c and d, decided exactly
   (ct_expsum_sign_fmpq of the sum with coefficients P_t(c) made integer). */
int ct_pexpsum_sign_fmpq(const ct_pexpsum_t h, const fmpq_t c, const fmpq_t d);

/* Writes h as a string such as "(3*c^2-1)*4^d + (-2*c)" (the caller frees). */
char *ct_pexpsum_get_str(const ct_pexpsum_t h);

/* The event kinds (docs/joint.md): a curve meets the edge d = 0 or d = 1, a
   vertical tangent (H = dH/dd = 0), two curves cross, a vertical line (a root
   of a content), an end of the c-range. */
typedef enum {
    CT_PEXPSUM_EVENT_EDGE,
    CT_PEXPSUM_EVENT_TANGENT,
    CT_PEXPSUM_EVENT_CROSS,
    CT_PEXPSUM_EVENT_LINE,
    CT_PEXPSUM_EVENT_END,
    CT_PEXPSUM_EVENT_KINDS
} ct_pexpsum_event_kind;

/* A vertex of the arrangement inside the c-range (A, B) (docs/joint.md,
   "Vertices"): a crossing, a vertical-tangent point or an edge point (d = 0
   or 1), or one point where several meet. The point lies in the closed box
   [clo, chi] x [dlo, dhi]; exact: it is the rational point (clo, dlo) (then
   clo = chi, dlo = dhi). z[0 .. nz): curves proved to vanish at the point
   (every curve through it when the point is not exact). */
typedef struct {
    int kind; /* of its first event: EDGE, TANGENT or CROSS */
    int exact;
    fmpq_t clo, chi, dlo, dhi;
    slong nz, *z;
} ct_pexpsum_vertex_struct;

/* The certified slabs of a c-range [A, B] (0 < A < B < 1): every event lies
   in one of the closed event intervals, which are pairwise disjoint (or one
   proved rational point), so the open slabs (lo[i], hi[i]) between them hold
   no event. count[k]: the events of each kind found (duplicates removed),
   pairs / pruned: the pairs of curves searched for crossings / skipped
   because their certified bounding boxes do not meet. */
typedef struct {
    slong nslab;
    fmpq *lo, *hi;
    slong count[CT_PEXPSUM_EVENT_KINDS];
    slong nevents, pairs, pruned, boxes;
    slong concurrent; /* crossings proved to be one point with another */
    slong nvertex;    /* the vertices met (c in (A, B)), in increasing c */
    ct_pexpsum_vertex_struct *vertex;
    char what[512]; /* when undecided: what and where */
} ct_pexpsum_slabs_struct;
typedef ct_pexpsum_slabs_struct ct_pexpsum_slabs_t[1];

void ct_pexpsum_slabs_init(ct_pexpsum_slabs_t S);
void ct_pexpsum_slabs_clear(ct_pexpsum_slabs_t S);

/* The slabs of the n normalized, distinct, nonzero sums h (curves H = 0) and
   the squarefree polynomial line (vertical lines at its roots; 1 for none)
   over [A, B] x [0, 1]. Returns 0 with S filled, or 1 (undecided) with
   S->what set: an event that Krawczyk's test cannot isolate within the box
   budget (a singular point, two curves tangent to each other or to an edge),
   or two events whose c-values it cannot separate and cannot prove equal to
   one rational (a vertical tangent at a rational c). */
int ct_pexpsum_slabs(ct_pexpsum_slabs_t S, const ct_pexpsum_struct *h, slong n,
                     const fmpz_poly_t line, const fmpq_t A, const fmpq_t B);

/* The same, the crossings searched by the kinetic sweep (the pairs adjacent
   along some vertical line, each once; ct_pexpsum_slabs) or over all pairs
   (the peer the tests and benchmarks compare with): the same events. */
#define CT_PEXPSUM_PAIRS_SWEEP 0
#define CT_PEXPSUM_PAIRS_ALL 1
int ct_pexpsum_slabs_pairs(ct_pexpsum_slabs_t S, const ct_pexpsum_struct *h, slong n,
                           const fmpz_poly_t line, const fmpq_t A, const fmpq_t B,
                           int pairs);

/* One scored node over the square, for the losses at the vertices: for
   each class pair p (ct_signfn_pair's order), a sum diff[p] whose sign is
   that of F[node][k] - F[node][l] at every (c, d) in (0, 1) x [0, 1] (the
   zero sum: a tie everywhere), and curve[p], the index of its curve among
   the normalized sums (-1: none). Owns its arrays (ct_pexpsum_node_clear). */
typedef struct {
    slong inst, truth, c;
    ct_pexpsum_struct *diff;
    slong *curve;
} ct_pexpsum_node_struct;

void ct_pexpsum_node_init(ct_pexpsum_node_struct *v, slong inst, slong truth, slong c);
void ct_pexpsum_node_clear(ct_pexpsum_node_struct *v);

/* The sign (-1, 0, 1) of H at the vertex V: exact when V is, else by Arb on
   its box, 0 when H's curve (curve, -1: none) is one of V's z. Returns 2
   when Arb cannot exclude 0 on the box (undecided). */
int ct_pexpsum_sign_vertex(const ct_pexpsum_t h, slong curve,
                           const ct_pexpsum_vertex_struct *V);

/* Whether no H_f (f < n) and not line vanish on the box [c - r, c + r] x
   [d - r, d + r] (r > 0): certified by Arb. */
int ct_pexpsum_box_clear(const ct_pexpsum_struct *h, slong n, const fmpz_poly_t line,
                         const fmpq_t c, const fmpq_t d, const fmpq_t r);

#endif
