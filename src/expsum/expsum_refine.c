/* expsum_refine: refinement and exact comparison of certified zeros of
   exponential sums. */
#include "certune/expsum.h"
#include "expsum_internal.h"

static int _exroot_sign(const void *fn, const fmpq_t x)
{
    return ct_expsum_sign_fmpq((const ct_expsum_struct *)fn, x);
}

static void _exroot_step(void *r)
{
    ct_expsum_root_bisect((ct_expsum_root_struct *)r);
}

void ct_expsum_root_view(ct_root_struct *v, ct_expsum_root_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = &r->fn;
    v->sign = _exroot_sign;
    v->step = _exroot_step;
    v->self = r;
}

void ct_expsum_root_bisect(ct_expsum_root_t r)
{
    ct_root_struct v;
    ct_expsum_root_view(&v, r);
    ct_root_bisect(&v);
}

void ct_expsum_root_refine(ct_expsum_root_t r, const fmpq_t eps)
{
    ct_root_struct v;
    ct_expsum_root_view(&v, r);
    ct_root_refine(&v, eps);
}

int ct_expsum_root_cmp_fmpq(const ct_expsum_root_t r, const fmpq_t q)
{
    ct_root_struct v;
    ct_expsum_root_view(&v, (ct_expsum_root_struct *)r);
    return ct_root_cmp_fmpq(&v, q);
}

/* Equality of two zeros of different sums, narrow and overlapping: exact
   when all bases are powers of one integer (a gcd in y = n^x), else unknown. */
static int _exroot_equal(ct_root_struct *a, ct_root_struct *b)
{
    return _ct_expsum_root_equal_common_base(a->self, b->self);
}

int ct_expsum_root_cmp(int *cmp, ct_expsum_root_t a, ct_expsum_root_t b)
{
    ct_root_struct va, vb;
    ct_expsum_root_view(&va, a);
    ct_expsum_root_view(&vb, b);
    return ct_root_cmp(cmp, &va, &vb, ct_expsum_equal(&a->fn, &b->fn), _exroot_equal,
                       CT_EXPSUM_ROOT_CMP_BITS);
}
