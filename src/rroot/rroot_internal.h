/* Helpers shared by the roots module's files (src/roots*.c) only. */
#ifndef CERTUNE_ROOTS_INTERNAL_H
#define CERTUNE_ROOTS_INTERNAL_H

#include <arb.h>
#include "certune/rroot.h"

slong _ct_rroot_descartes_interval(const fmpz_poly_t f, const fmpq_t a, const fmpq_t b);
slong _ct_rroot_fmpq_log2(const fmpq_t x);
void _ct_rroot_fmpq_set_2exp(fmpq_t x, slong e);
int _ct_rroot_poly_sign_at(const fmpz_poly_t f, const fmpq_t x);
int _ct_rroot_sign_on_interval(const fmpz_poly_t g, const fmpz_poly_t dg, const fmpq_t lo,
                               const fmpq_t hi, slong prec);
int _ct_rroot_sign_right_of(const fmpz_poly_t f, const fmpq_t x);
slong _ct_rroot_sign_variations(const fmpz *a, slong len);
void _ct_rroot_step(ct_rroot_t r);
/* ct_rroot_view with _ct_rroot_step as the step: refinement splits
   geometrically where it pays (wide intervals), else bisects. */
void _ct_rroot_view_step(ct_root_struct *v, ct_rroot_t r);

/* (fmpq_cmp rather than the inline fmpq_equal, which trips GCC 12's
   -Wstringop-overread on the struct fields) */
static inline int ct_rroot_is_exact(const ct_rroot_t r)
{
    return fmpq_cmp(r->lo, r->hi) == 0;
}

static inline void ct_rroot_set_exact(ct_rroot_t r, const fmpq_t x)
{
    fmpq_set(r->lo, x);
    fmpq_set(r->hi, x);
    r->sign_lo = 0;
}

#endif
