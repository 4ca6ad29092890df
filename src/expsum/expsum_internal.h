/* Helpers shared by the expsum module's files (src/expsum*.c) only. */
#ifndef CERTUNE_EXPSUM_INTERNAL_H
#define CERTUNE_EXPSUM_INTERNAL_H

#include <arb.h>
#include "certune/decimal.h"
#include "certune/expsum.h"

/* A per-call evaluation context: the logarithms of h's bases at precision prec
   (computed on first use, again only when the precision grows), and scratch
   balls. No global
   state: one context per call, so the module is thread-safe. */
typedef struct {
    const ct_expsum_struct *h;
    slong prec;  /* working precision */
    slong lprec; /* precision of logs and coefs, set lazily by _ct_expsum_ctx_eval */
    arb_ptr logs;
    arb_ptr coefs; /* the coefficients rounded to lprec + 64 bits: a product with
                      a coefficient of thousands of bits (large delta
                      components) then costs one of working size */
    arb_t e, t;
    arb_t x, hm, dm, hx, dx, d2x; /* scratch of _ct_expsum_ctx_interval */
} ct_expsum_ctx_struct;
typedef ct_expsum_ctx_struct ct_expsum_ctx_t[1];

void _ct_expsum_ctx_init(ct_expsum_ctx_t c, const ct_expsum_t h, slong prec);
void _ct_expsum_ctx_clear(ct_expsum_ctx_t c);
void _ct_expsum_ctx_set_prec(ct_expsum_ctx_t c, slong prec);

/* y, dy, d2y (each may be NULL) contain h, h', h'' on the ball x. */
void _ct_expsum_ctx_eval(ct_expsum_ctx_t c, arb_t y, arb_t dy, arb_t d2y, const arb_t x);

/* Sign of h at q from one Arb evaluation at c's precision; 2 if undecided. */
int _ct_expsum_ctx_sign(ct_expsum_ctx_t c, const fmpq_t q);

/* Enclosures of h and h' on [a, b] (mean-value forms intersected with the
   naive ones): sets *sh and *sd to their signs, 2 where they contain 0. */
void _ct_expsum_ctx_interval(int *sh, int *sd, ct_expsum_ctx_t c, const fmpq_t a,
                             const fmpq_t b);

/* x = q exactly when q is dyadic and fits prec, else a ball around q. */
void _ct_expsum_arb_set_fmpq(arb_t x, const fmpq_t q, slong prec);

/* Largest bit size of h's coefficients. */
slong _ct_expsum_coef_bits(const ct_expsum_t h);

/* Bits lost to cancellation between the terms at the ends 0 and 1 (the
   smaller; the coefficient bits when both ends are zeros): where a working
   precision starts, the coefficients' size being where it may end. */
slong _ct_expsum_end_cancellation(const ct_expsum_t h);

/* Exactly whether h(q) = 0 (linear independence of real radicals). */
int _ct_expsum_is_zero_at(const ct_expsum_t h, const fmpq_t q);

/* Shrinks the isolating interval [lo, hi] of a simple zero of h (sign slo at lo,
   -slo at hi) to a width of at most 2^-bits, using a floating-point guess
   certified by Arb, or Arb bisection. */
void _ct_expsum_narrow(ct_expsum_ctx_t c, fmpq_t lo, fmpq_t hi, int slo, slong bits);

/* Exact equality of the zeros of a and b when every base of both sums is a
   power of one integer: 1 equal, 0 different, -1 not decided (src/expsum_common.c). */
int _ct_expsum_root_equal_common_base(const ct_expsum_root_t a, const ct_expsum_root_t b);

static inline int ct_expsum_root_is_exact(const ct_expsum_root_t r)
{
    return fmpq_cmp(r->lo, r->hi) == 0;
}

#endif
