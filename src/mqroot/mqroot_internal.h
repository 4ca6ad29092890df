/* Helpers shared by the mqroot module's files (src/mqroot*.c) only. */
#ifndef CERTUNE_MQROOT_INTERNAL_H
#define CERTUNE_MQROOT_INTERNAL_H

#include <arb.h>
#include "certune/decimal.h"
#include "certune/mqroot.h"

/* Exact signs of numbers sum_k sqrt(rad[k]) c[k] (c[k] integers): the sqrt are
   linearly independent over Q, so the sum is 0 iff every c[k] is 0; otherwise
   Arb balls at doubling precision decide (the value is a nonzero algebraic
   number; a floating-point filter with a proven error bound answers first
   when the sum is not close to 0). The square roots are cached at the
   largest precision used. */
typedef struct {
    slong len;
    const fmpz *rad;
    slong prec;
    arb_ptr sq;
    double *dsq; /* sqrt(rad[k]) rounded to double (the filter's input) */
    arb_t s, t;
} ct_mqroot_sgn_struct;
typedef ct_mqroot_sgn_struct ct_mqroot_sgn_t[1];

void _ct_mqroot_sgn_init(ct_mqroot_sgn_t ctx, const fmpz *rad, slong len);
void _ct_mqroot_sgn_clear(ct_mqroot_sgn_t ctx);

/* Sign of sum_k sqrt(rad[k]) c[k * stride], k < len. */
int _ct_mqroot_sgn(ct_mqroot_sgn_t ctx, const fmpz *c, slong stride);

/* A coprime base of the radicands of g: pairwise coprime squarefree b[0..m) > 1
   with rad[k] = prod of the b[i] for the bits i of mask[k] (mask has g->len
   entries; free b with _fmpz_vec_clear(b, m + 1)). Returns 0 (nothing
   allocated) when m would exceed 62. */
int _ct_mqroot_basis(fmpz **b, slong *m, ulong *mask, const ct_mqpoly_t g);

/* 1 if the mqpoly f (degree >= 1) is proved squarefree by the modular test. */
int _ct_mqroot_prove_squarefree(const ct_mqpoly_t f);

/* The smallest j with some G_k[j] != 0 (WORD_MAX for zero g): g = x^j (...). */
slong _ct_mqroot_low_order(const ct_mqpoly_t g);

/* The zeros in (0, 1) of f (degree >= 1, f(0) != 0) by Descartes bisection
   down to depth_max halvings. Returns their number and sets *out (increasing,
   disjoint, certified: one sign variation proves one simple zero), or -1 when
   some interval still had more than one variation at the cap: for squarefree f
   Vincent's theorem bounds the depth, so a cap hit means zeros closer than
   2^-depth_max or a multiple zero. */
slong _ct_mqroot_isolate_sqfree(ct_mqroot_struct **out, const ct_mqpoly_t f,
                                slong depth_max);

/* The same search in Arb balls at working precision prec (mqroot_ball.c):
   f's components must be coprime over Q (no rational zero). Returns the count
   and *out as above, -1 as above, or -2 when the balls could not decide (then
   nothing is allocated: retry at a higher precision or exactly). Leaves are
   refined to width 2^-16. */
slong _ct_mqroot_isolate_ball(ct_mqroot_struct **out, const ct_mqpoly_t f,
                              slong depth_max, slong prec);

/* f's coefficients sum_k sqrt(r_k) F_k[i], i <= d, as Arb balls at precision
   prec (free with _arb_vec_clear(., d + 1)). */
arb_ptr _ct_mqroot_ball_coeffs(const ct_mqpoly_t f, slong d, slong prec);

/* Frees r's cached ball coefficients (r->ball NULL, ball_prec 0). */
void _ct_mqroot_ball_clear(ct_mqroot_t r);

/* Sorts the n roots by lo, separates leaves sharing an end and bisects each to
   width at most 2^-16 (mqroot_tree.c). */
void _ct_mqroot_finish(ct_mqroot_struct *r, slong n);

/* N = the squarefree part of the norm of f over Q (product of the conjugates
   of f under all sign changes of the square roots), primitive with positive
   leading coefficient. Returns 0 if its degree would exceed maxdeg. */
int _ct_mqroot_norm_sqfree(fmpz_poly_t N, const ct_mqpoly_t f, slong maxdeg);

/* An upper bound (Descartes' rule, with the parity of) on the number of roots
   of the integer polynomial P in the open interval (lo, hi), lo < hi. */
slong _ct_mqroot_descartes(const fmpz_poly_t P, const fmpq_t lo, const fmpq_t hi);

/* Bisects r until its interval holds a single root of the squarefree N (a
   multiple of r's fn's norm) by Descartes' rule, or r is exact; 0 if a cap
   on the bisections is reached first. */
int _ct_mqroot_refine_to_norm(ct_mqroot_t r, const fmpz_poly_t N);

/* Decides whether the zeros of a and of the real algebraic number given by
   the squarefree polynomial P on [blo, bhi] (its only root there, with
   P(blo), P(bhi) != 0) are equal, exactly through norms; may refine a.
   Returns 1 (equal), 0 (different) or -1 (undecided: degree cap). */
int _ct_mqroot_equal_alg(ct_mqroot_t a, const fmpz_poly_t P, const fmpq_t blo,
                         const fmpq_t bhi);

#define CT_MQROOT_NORM_DEG_MAX 400

/* (fmpq_cmp rather than fmpq_equal: GCC 12's -Wstringop-overread) */
static inline int ct_mqroot_is_exact(const ct_mqroot_t r)
{
    return fmpq_cmp(r->lo, r->hi) == 0;
}

#endif
