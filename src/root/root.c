/* root: cut, bisect, refine and compare isolating intervals through a kind's
   exact sign oracle (include/certune/root.h). */
#include "certune/root.h"

void ct_root_cut(ct_root_struct *r, const fmpq_t m, int s)
{
    if (s == 0) {
        fmpq_set(r->lo, m);
        fmpq_set(r->hi, m);
        *r->sign_lo = 0;
    } else if (s == *r->sign_lo) {
        fmpq_set(r->lo, m);
    } else {
        fmpq_set(r->hi, m);
    }
}

void ct_root_bisect(ct_root_struct *r)
{
    fmpq_t m;

    if (ct_root_is_exact(r))
        return;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    ct_root_cut(r, m, r->sign(r->fn, m));
    fmpq_clear(m);
}

static int root_wider_than(const ct_root_struct *r, const fmpq_t eps)
{
    fmpq_t w;
    int c;

    fmpq_init(w);
    fmpq_sub(w, r->hi, r->lo);
    c = fmpq_cmp(w, eps) > 0;
    fmpq_clear(w);
    return c;
}

void ct_root_refine(ct_root_struct *r, const fmpq_t eps)
{
    while (root_wider_than(r, eps))
        r->step(r->self);
}

int ct_root_cmp_fmpq(const ct_root_struct *r, const fmpq_t q)
{
    int s;

    if (ct_root_is_exact(r))
        return fmpq_cmp(r->lo, q);
    if (fmpq_cmp(q, r->lo) <= 0)
        return 1;
    if (fmpq_cmp(q, r->hi) >= 0)
        return -1;
    /* q inside: the unique zero of fn in [lo, hi] is q iff fn(q) = 0, else the
       sign at q tells the side */
    s = r->sign(r->fn, q);
    if (s == 0)
        return 0;
    return s == *r->sign_lo ? 1 : -1;
}

int ct_root_cmp_refine(int *cmp, ct_root_struct *a, ct_root_struct *b, slong lim_bits)
{
    fmpq_t w, lim;
    fmpq_init(w);
    fmpq_init(lim);
    fmpq_one(lim);
    fmpq_div_2exp(lim, lim, lim_bits);
    int decided = 0;
    for (;;) {
        if (fmpq_equal(a->lo, a->hi)) {
            *cmp = -ct_root_cmp_fmpq(b, a->lo), decided = 1;
            break;
        }
        if (fmpq_equal(b->lo, b->hi)) {
            *cmp = ct_root_cmp_fmpq(a, b->lo), decided = 1;
            break;
        }
        if (fmpq_cmp(a->hi, b->lo) < 0 || fmpq_cmp(b->hi, a->lo) < 0) {
            *cmp = fmpq_cmp(a->hi, b->lo) < 0 ? -1 : 1, decided = 1;
            break;
        }
        fmpq_sub(w, a->hi, a->lo);
        if (fmpq_cmp(w, lim) < 0)
            break;
        a->step(a->self);
        b->step(b->self);
    }
    fmpq_clear(w);
    fmpq_clear(lim);
    return decided;
}

int ct_root_cmp_same(const ct_root_struct *a, const ct_root_struct *b)
{
    int alo = fmpq_cmp(a->lo, b->lo) >= 0, ahi = fmpq_cmp(a->hi, b->hi) <= 0;
    const fmpq *lo = alo ? a->lo : b->lo, *hi = ahi ? a->hi : b->hi;
    int slo = *(alo ? a : b)->sign_lo, shi = -*(ahi ? a : b)->sign_lo;

    if (fmpq_cmp(lo, hi) < 0 && slo * shi < 0)
        return 0;
    return fmpq_cmp(a->lo, b->lo) < 0 ? -1 : 1;
}

/* Whether hi - lo < 2^-bits. */
static int root_narrow(const ct_root_struct *r, slong bits)
{
    fmpq_t w;
    int c;

    fmpq_init(w);
    fmpq_sub(w, r->hi, r->lo);
    fmpq_mul_2exp(w, w, bits);
    c = fmpz_cmp(fmpq_numref(w), fmpq_denref(w)) < 0;
    fmpq_clear(w);
    return c;
}

/* Steps the wider of a and b (a on a tie). */
static void root_step_wider(ct_root_struct *a, ct_root_struct *b)
{
    fmpq_t wa, wb;

    fmpq_init(wa);
    fmpq_init(wb);
    fmpq_sub(wa, a->hi, a->lo);
    fmpq_sub(wb, b->hi, b->lo);
    if (fmpq_cmp(wa, wb) >= 0)
        a->step(a->self);
    else
        b->step(b->self);
    fmpq_clear(wa);
    fmpq_clear(wb);
}

int ct_root_cmp(int *cmp, ct_root_struct *a, ct_root_struct *b, int same,
                int (*equal)(ct_root_struct *a, ct_root_struct *b), slong lim_bits)
{
    int tried = 0, e;

    for (;;) {
        if (ct_root_is_exact(a)) {
            *cmp = -ct_root_cmp_fmpq(b, a->lo);
            return 1;
        }
        if (ct_root_is_exact(b)) {
            *cmp = ct_root_cmp_fmpq(a, b->lo);
            return 1;
        }
        if (fmpq_cmp(a->hi, b->lo) <= 0 || fmpq_cmp(b->hi, a->lo) <= 0) {
            /* touching ends are no zeros: they separate too */
            *cmp = fmpq_cmp(a->hi, b->lo) <= 0 ? -1 : 1;
            return 1;
        }
        if (same) {
            *cmp = ct_root_cmp_same(a, b);
            return 1;
        }
        if (!tried && root_narrow(a, lim_bits) && root_narrow(b, lim_bits)) {
            tried = 1; /* proved different: refining separates them */
            if ((e = equal(a, b)) != 0) {
                *cmp = 0;
                return e == 1;
            }
            continue;
        }
        root_step_wider(a, b);
    }
}
