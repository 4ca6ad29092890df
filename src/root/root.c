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
