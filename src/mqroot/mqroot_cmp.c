/* ct_mqroot_cmp: exact comparison of zeros of multi-quadratic polynomials with
   each other and with real algebraic numbers (roots.h). Disjoint intervals
   and equal functions decide at once; otherwise both are bisected, and below
   width 2^-CT_MQROOT_CMP_BITS equality is decided exactly (mqroot_norm.c). */
#include "certune/mqroot.h"
#include "mqroot_internal.h"

/* a, b inexact zeros of the same fn, each the unique zero of fn in its
   interval, where fn changes sign. Overlapping intervals hold the same zero
   iff fn changes sign over their intersection (whose ends are ends of a or b,
   of known signs); otherwise the zeros are ordered like the left ends. */
static int _mqroot_cmp_same(const ct_mqroot_t a, const ct_mqroot_t b)
{
    int alo = fmpq_cmp(a->lo, b->lo) >= 0, ahi = fmpq_cmp(a->hi, b->hi) <= 0;
    const fmpq *lo = alo ? a->lo : b->lo, *hi = ahi ? a->hi : b->hi;
    int slo = (alo ? a : b)->sign_lo, shi = -(ahi ? a : b)->sign_lo;

    if (fmpq_cmp(lo, hi) < 0 && slo * shi < 0)
        return 0;
    return fmpq_cmp(a->lo, b->lo) < 0 ? -1 : 1;
}

/* Whether hi - lo < 2^-CT_MQROOT_CMP_BITS */
static int _mqroot_narrow(const fmpq_t lo, const fmpq_t hi)
{
    fmpq_t w;
    int r;

    fmpq_init(w);
    fmpq_sub(w, hi, lo);
    fmpq_mul_2exp(w, w, CT_MQROOT_CMP_BITS);
    r = fmpz_cmp(fmpq_numref(w), fmpq_denref(w)) < 0;
    fmpq_clear(w);
    return r;
}

/* Whether [alo, ahi] is at least as wide as [blo, bhi] */
static int _mqroot_wider(const fmpq_t alo, const fmpq_t ahi, const fmpq_t blo,
                         const fmpq_t bhi)
{
    fmpq_t wa, wb;
    int r;

    fmpq_init(wa);
    fmpq_init(wb);
    fmpq_sub(wa, ahi, alo);
    fmpq_sub(wb, bhi, blo);
    r = fmpq_cmp(wa, wb) >= 0;
    fmpq_clear(wa);
    fmpq_clear(wb);
    return r;
}

/* 1 if [alo, ahi] lies left of [blo, bhi], -1 if right (touching ends are
   no zeros, so they separate too), 0 if they overlap */
static int _mqroot_disjoint(const fmpq_t alo, const fmpq_t ahi, const fmpq_t blo,
                            const fmpq_t bhi)
{
    if (fmpq_cmp(ahi, blo) <= 0)
        return 1;
    if (fmpq_cmp(bhi, alo) <= 0)
        return -1;
    return 0;
}

/* Equality of two inexact zeros of different functions through the norm of
   b's function: b is refined to hold one root of it, then a is compared. */
static int _mqroot_equal_mq(ct_mqroot_t a, ct_mqroot_t b)
{
    fmpz_poly_t N;
    int res = -1;

    fmpz_poly_init(N);
    if (_ct_mqroot_norm_sqfree(N, &b->fn, CT_MQROOT_NORM_DEG_MAX) &&
        _ct_mqroot_refine_to_norm(b, N)) {
        if (ct_mqroot_is_exact(b))
            res = ct_mqroot_cmp_fmpq(a, b->lo) == 0;
        else
            res = _ct_mqroot_equal_alg(a, N, b->lo, b->hi);
    }
    fmpz_poly_clear(N);
    return res;
}

int ct_mqroot_cmp(int *cmp, ct_mqroot_t a, ct_mqroot_t b)
{
    int same = ct_mqpoly_equal(&a->fn, &b->fn), tried = 0, d, e;

    for (;;) {
        if (ct_mqroot_is_exact(a)) {
            *cmp = -ct_mqroot_cmp_fmpq(b, a->lo);
            return 1;
        }
        if (ct_mqroot_is_exact(b)) {
            *cmp = ct_mqroot_cmp_fmpq(a, b->lo);
            return 1;
        }
        if ((d = _mqroot_disjoint(a->lo, a->hi, b->lo, b->hi)) != 0) {
            *cmp = -d;
            return 1;
        }
        if (same) {
            *cmp = _mqroot_cmp_same(a, b);
            return 1;
        }
        if (!tried && _mqroot_narrow(a->lo, a->hi) && _mqroot_narrow(b->lo, b->hi)) {
            tried = 1; /* different zeros separate by further bisection */
            if ((e = _mqroot_equal_mq(a, b)) != 0) {
                *cmp = 0;
                return e == 1;
            }
            continue;
        }
        ct_mqroot_bisect(_mqroot_wider(a->lo, a->hi, b->lo, b->hi) ? a : b);
    }
}

int ct_mqroot_cmp_rroot(int *cmp, ct_mqroot_t a, ct_rroot_t b)
{
    int tried = 0, d, e;

    for (;;) {
        if (fmpq_cmp(b->lo, b->hi) == 0) {
            *cmp = ct_mqroot_cmp_fmpq(a, b->lo);
            return 1;
        }
        if (ct_mqroot_is_exact(a)) {
            *cmp = -ct_rroot_cmp_fmpq(b, a->lo);
            return 1;
        }
        if ((d = _mqroot_disjoint(a->lo, a->hi, b->lo, b->hi)) != 0) {
            *cmp = -d;
            return 1;
        }
        if (!tried && _mqroot_narrow(a->lo, a->hi) && _mqroot_narrow(b->lo, b->hi)) {
            tried = 1;
            if ((e = _ct_mqroot_equal_alg(a, b->poly, b->lo, b->hi)) != 0) {
                *cmp = 0;
                return e == 1;
            }
            continue;
        }
        if (_mqroot_wider(a->lo, a->hi, b->lo, b->hi))
            ct_mqroot_bisect(a);
        else
            ct_rroot_bisect(b);
    }
}
