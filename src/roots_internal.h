/* Helpers shared by the roots module's files (src/roots*.c) only. */
#ifndef CERTUNE_ROOTS_INTERNAL_H
#define CERTUNE_ROOTS_INTERNAL_H

#include <arb.h>
#include "certune/roots.h"

slong _roots_descartes_interval(const fmpz_poly_t f, const fmpq_t a, const fmpq_t b);
slong _roots_fmpq_log2(const fmpq_t x);
void _roots_fmpq_set_2exp(fmpq_t x, slong e);
int _roots_poly_sign_at(const fmpz_poly_t f, const fmpq_t x);
int _roots_sign_on_interval(const fmpz_poly_t g, const fmpz_poly_t dg, const fmpq_t lo,
                            const fmpq_t hi, slong prec);
int _roots_sign_right_of(const fmpz_poly_t f, const fmpq_t x);
slong _roots_sign_variations(const fmpz *a, slong len);
void _rroot_step(rroot_t r);

/* (fmpq_cmp rather than the inline fmpq_equal, which trips GCC 12's
   -Wstringop-overread on the struct fields) */
static inline int rroot_is_exact(const rroot_t r)
{
    return fmpq_cmp(r->lo, r->hi) == 0;
}

static inline void rroot_set_exact(rroot_t r, const fmpq_t x)
{
    fmpq_set(r->lo, x);
    fmpq_set(r->hi, x);
    r->sign_lo = 0;
}

#endif
