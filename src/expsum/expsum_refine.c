/* expsum_refine: refinement and exact comparison of certified zeros of
   exponential sums. */
#include "certune/expsum.h"
#include "expsum_internal.h"

void ct_expsum_root_bisect(ct_expsum_root_t r)
{
    fmpq_t m;
    int s;

    if (ct_expsum_root_is_exact(r))
        return;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    s = ct_expsum_sign_fmpq(&r->fn, m);
    if (s == 0) {
        fmpq_set(r->lo, m);
        fmpq_set(r->hi, m);
        r->sign_lo = 0;
    } else if (s == r->sign_lo) {
        fmpq_swap(r->lo, m);
    } else {
        fmpq_swap(r->hi, m);
    }
    fmpq_clear(m);
}

static int _exroot_wider_than(const ct_expsum_root_t r, const fmpq_t eps)
{
    fmpq_t w;
    int c;

    fmpq_init(w);
    fmpq_sub(w, r->hi, r->lo);
    c = fmpq_cmp(w, eps) > 0;
    fmpq_clear(w);
    return c;
}

void ct_expsum_root_refine(ct_expsum_root_t r, const fmpq_t eps)
{
    while (_exroot_wider_than(r, eps))
        ct_expsum_root_bisect(r);
}

int ct_expsum_root_cmp_fmpq(const ct_expsum_root_t r, const fmpq_t q)
{
    int s;

    if (ct_expsum_root_is_exact(r))
        return fmpq_cmp(r->lo, q);
    if (fmpq_cmp(q, r->lo) <= 0)
        return 1;
    if (fmpq_cmp(q, r->hi) >= 0)
        return -1;
    /* q inside: the unique zero of fn in [lo, hi] is q iff fn(q) = 0, else the
       sign at q tells the side */
    s = ct_expsum_sign_fmpq(&r->fn, q);
    if (s == 0)
        return 0;
    return s == r->sign_lo ? 1 : -1;
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
