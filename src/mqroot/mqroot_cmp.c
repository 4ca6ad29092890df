/* ct_mqroot_cmp: exact comparison of zeros of multi-quadratic polynomials with
   each other and with real algebraic numbers (roots.h). Disjoint intervals
   and equal functions decide at once; otherwise both are bisected, and below
   width 2^-CT_MQROOT_CMP_BITS equality is decided exactly (mqroot_norm.c). */
#include "certune/mqroot.h"
#include "mqroot_internal.h"

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

static int _mqroot_equal_views(ct_root_struct *a, ct_root_struct *b)
{
    return _mqroot_equal_mq(a->self, b->self);
}

int ct_mqroot_cmp(int *cmp, ct_mqroot_t a, ct_mqroot_t b)
{
    ct_root_struct va, vb;
    ct_mqroot_view(&va, a);
    ct_mqroot_view(&vb, b);
    return ct_root_cmp(cmp, &va, &vb, ct_mqpoly_equal(&a->fn, &b->fn),
                       _mqroot_equal_views, CT_MQROOT_CMP_BITS);
}

/* Equality with a real algebraic number (b's view), through its polynomial. */
static int _mqroot_equal_rroot(ct_root_struct *a, ct_root_struct *b)
{
    const ct_rroot_struct *r = b->self;
    return _ct_mqroot_equal_alg(a->self, r->poly, r->lo, r->hi);
}

int ct_mqroot_cmp_rroot(int *cmp, ct_mqroot_t a, ct_rroot_t b)
{
    ct_root_struct va, vb;
    ct_mqroot_view(&va, a);
    ct_rroot_view(&vb, b);
    return ct_root_cmp(cmp, &va, &vb, 0, _mqroot_equal_rroot, CT_MQROOT_CMP_BITS);
}
