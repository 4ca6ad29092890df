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

/* Sign of fn at an end of r's interval (hi: the end is r->hi). */
static int _exroot_end_sign(const ct_expsum_root_t r, int hi)
{
    return hi ? -r->sign_lo : r->sign_lo;
}

/* a, b inexact zeros of the same fn, each the unique zero of fn in its
   interval, where fn changes sign. Overlapping intervals hold the same zero
   iff fn changes sign over their intersection (whose ends are ends of a or b,
   of known signs); otherwise the zeros are ordered like the left ends. */
static int _exroot_cmp_same(const ct_expsum_root_t a, const ct_expsum_root_t b)
{
    int alo = fmpq_cmp(a->lo, b->lo) >= 0, ahi = fmpq_cmp(a->hi, b->hi) <= 0;
    const fmpq *lo = alo ? a->lo : b->lo, *hi = ahi ? a->hi : b->hi;
    int slo = _exroot_end_sign(alo ? a : b, 0), shi = _exroot_end_sign(ahi ? a : b, 1);

    if (fmpq_cmp(lo, hi) < 0 && slo * shi < 0)
        return 0;
    return fmpq_cmp(a->lo, b->lo) < 0 ? -1 : 1;
}

static void _exroot_bisect_wider(ct_expsum_root_t a, ct_expsum_root_t b)
{
    fmpq_t wa, wb;

    fmpq_init(wa);
    fmpq_init(wb);
    fmpq_sub(wa, a->hi, a->lo);
    fmpq_sub(wb, b->hi, b->lo);
    ct_expsum_root_bisect(fmpq_cmp(wa, wb) >= 0 ? a : b);
    fmpq_clear(wa);
    fmpq_clear(wb);
}

/* Whether both intervals are narrower than 2^-CT_EXPSUM_ROOT_CMP_BITS. */
static int _exroot_both_narrow(const ct_expsum_root_t a, const ct_expsum_root_t b)
{
    fmpq_t w;
    int r;

    fmpq_init(w);
    fmpq_sub(w, a->hi, a->lo);
    fmpq_mul_2exp(w, w, CT_EXPSUM_ROOT_CMP_BITS);
    r = fmpz_cmp(fmpq_numref(w), fmpq_denref(w)) < 0;
    fmpq_sub(w, b->hi, b->lo);
    fmpq_mul_2exp(w, w, CT_EXPSUM_ROOT_CMP_BITS);
    r = r && fmpz_cmp(fmpq_numref(w), fmpq_denref(w)) < 0;
    fmpq_clear(w);
    return r;
}

int ct_expsum_root_cmp(int *cmp, ct_expsum_root_t a, ct_expsum_root_t b)
{
    int same = ct_expsum_equal(&a->fn, &b->fn), distinct = 0;

    for (;;) {
        if (ct_expsum_root_is_exact(a)) {
            *cmp = -ct_expsum_root_cmp_fmpq(b, a->lo);
            return 1;
        }
        if (ct_expsum_root_is_exact(b)) {
            *cmp = ct_expsum_root_cmp_fmpq(a, b->lo);
            return 1;
        }
        if (fmpq_cmp(a->hi, b->lo) <= 0 || fmpq_cmp(b->hi, a->lo) <= 0) {
            *cmp = fmpq_cmp(a->hi, b->lo) <= 0 ? -1 : 1;
            return 1;
        }
        if (same) {
            *cmp = _exroot_cmp_same(a, b);
            return 1;
        }
        if (!distinct && _exroot_both_narrow(a, b)) {
            /* bases all powers of one integer: decide exactly (gcd in y = n^x) */
            int eq = _ct_expsum_root_equal_common_base(a, b);
            if (eq == 1) {
                *cmp = 0;
                return 1;
            }
            if (eq < 0) {
                *cmp = 0;
                return 0;
            }
            distinct = 1; /* proved different: refining separates them */
        }
        _exroot_bisect_wider(a, b);
    }
}
