/* roots_refine: refinement, exact comparison, and signs at real algebraic
   numbers. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "rroot_internal.h"

/* ------------------------------------------------------------------------ */
/* Refinement                                                                */

static int _rroot_sign(const void *poly, const fmpq_t x)
{
    return _ct_rroot_poly_sign_at((const fmpz_poly_struct *)poly, x);
}

static void _rroot_bisect_cb(void *r)
{
    ct_rroot_bisect((ct_rroot_struct *)r);
}

void ct_rroot_view(ct_root_struct *v, ct_rroot_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = r->poly;
    v->sign = _rroot_sign;
    v->step = _rroot_bisect_cb;
    v->self = r;
}

/* Splits the interval of r at m, lo < m < hi. */
static void _rroot_split_at(ct_rroot_t r, const fmpq_t m)
{
    ct_root_struct v;
    ct_rroot_view(&v, r);
    ct_root_cut(&v, m, _ct_rroot_poly_sign_at(r->poly, m));
}

void ct_rroot_bisect(ct_rroot_t r)
{
    ct_root_struct v;
    ct_rroot_view(&v, r);
    ct_root_bisect(&v);
}

/* One refinement step: a split at a power of 2 near the geometric mean while
   hi / lo is large (isolating intervals can span (2^-k, 2^k)), else a
   bisection. */
void _ct_rroot_step(ct_rroot_t r)
{
    fmpq_t lo, hi, m;
    slong la, lb;
    int sg, split = 0;

    if (ct_rroot_is_exact(r))
        return;
    /* local copies: GCC 12's -Wstringop-overread misreads the struct fields */
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(m);
    fmpq_set(lo, r->lo);
    fmpq_set(hi, r->hi);
    sg = fmpq_sgn(lo);
    if (sg != 0 && sg == fmpq_sgn(hi)) {
        if (sg < 0) {
            fmpq_neg(m, lo);
            fmpq_neg(lo, hi);
            fmpq_swap(hi, m);
        }
        la = _ct_rroot_fmpq_log2(lo);
        lb = _ct_rroot_fmpq_log2(hi);
        if (lb - la >= 4) {
            _ct_rroot_fmpq_set_2exp(m, la + (lb - la) / 2);
            split = fmpq_cmp(lo, m) < 0 && fmpq_cmp(m, hi) < 0;
            if (sg < 0)
                fmpq_neg(m, m);
        }
    }
    if (split)
        _rroot_split_at(r, m);
    else
        ct_rroot_bisect(r);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(m);
}

static void _rroot_step_cb(void *r)
{
    _ct_rroot_step((ct_rroot_struct *)r);
}

void _ct_rroot_view_step(ct_root_struct *v, ct_rroot_t r)
{
    ct_rroot_view(v, r);
    v->step = _rroot_step_cb;
}

void ct_rroot_refine(ct_rroot_t r, const fmpq_t eps)
{
    ct_root_struct v;
    _ct_rroot_view_step(&v, r);
    ct_root_refine(&v, eps);
}

/* ------------------------------------------------------------------------ */
/* Comparison                                                                */

/* Compares a and b whose roots are both roots of the squarefree p, each
   interval holding exactly one root of p and having non-root endpoints. Two
   overlapping intervals hold the same root iff p changes sign over their
   intersection; if not, neither contains the other and the roots are ordered
   like the left ends. */
static int _rroot_cmp_same_poly(const fmpz_poly_t p, const ct_rroot_t a,
                                const ct_rroot_t b)
{
    const fmpq *lo, *hi;
    int ea = ct_rroot_is_exact(a), eb = ct_rroot_is_exact(b), s;

    if (ea && eb)
        return fmpq_cmp(a->lo, b->lo);
    if (ea || eb) {
        const ct_rroot_struct *x = ea ? a : b, *y = ea ? b : a;
        s = fmpq_cmp(x->lo, y->lo) < 0 ? -1 : fmpq_cmp(x->lo, y->hi) > 0 ? 1 : 0;
        return ea ? s : -s;
    }
    lo = fmpq_cmp(a->lo, b->lo) >= 0 ? a->lo : b->lo;
    hi = fmpq_cmp(a->hi, b->hi) <= 0 ? a->hi : b->hi;
    if (fmpq_cmp(lo, hi) < 0 &&
        _ct_rroot_poly_sign_at(p, lo) * _ct_rroot_poly_sign_at(p, hi) < 0)
        return 0;
    return fmpq_cmp(a->lo, b->lo) < 0 ? -1 : 1;
}

/* Whether the root of r is a root of h, h dividing r->poly: h has at most one
   root in r's interval, found by a sign change. */
static int _rroot_is_root_of_divisor(const ct_rroot_t r, const fmpz_poly_t h)
{
    if (ct_rroot_is_exact(r))
        return _ct_rroot_poly_sign_at(h, r->lo) == 0;
    return _ct_rroot_poly_sign_at(h, r->lo) * _ct_rroot_poly_sign_at(h, r->hi) < 0;
}

int ct_rroot_cmp_fmpq(const ct_rroot_t r, const fmpq_t q)
{
    ct_root_struct v;
    ct_rroot_view(&v, (ct_rroot_struct *)r);
    return ct_root_cmp_fmpq(&v, q);
}

int ct_rroot_cmp(ct_rroot_t a, ct_rroot_t b)
{
    slong iter;
    int gcd_done = 0, c = 2;
    fmpq_t wa, wb;

    if (fmpz_poly_equal(a->poly, b->poly))
        return _rroot_cmp_same_poly(a->poly, a, b);
    fmpq_init(wa);
    fmpq_init(wb);
    for (iter = 0; c == 2; iter++) {
        if (ct_rroot_is_exact(a)) {
            c = -ct_rroot_cmp_fmpq(b, a->lo);
        } else if (ct_rroot_is_exact(b)) {
            c = ct_rroot_cmp_fmpq(a, b->lo);
        } else if (fmpq_cmp(a->hi, b->lo) <= 0) {
            c = -1;
        } else if (fmpq_cmp(b->hi, a->lo) <= 0) {
            c = 1;
        } else if (!gcd_done && iter >= 32) {
            /* For irreducible polys distinct roots separate; check for a common
               root anyway so that reducible input cannot loop forever. */
            fmpz_poly_t h;
            fmpz_poly_init(h);
            fmpz_poly_gcd(h, a->poly, b->poly);
            if (h->length > 1 && _rroot_is_root_of_divisor(a, h) &&
                _rroot_is_root_of_divisor(b, h))
                c = _rroot_cmp_same_poly(h, a, b);
            fmpz_poly_clear(h);
            gcd_done = 1;
        } else {
            fmpq_sub(wa, a->hi, a->lo);
            fmpq_sub(wb, b->hi, b->lo);
            _ct_rroot_step(fmpq_cmp(wa, wb) >= 0 ? a : b);
        }
    }
    fmpq_clear(wa);
    fmpq_clear(wb);
    return c;
}

/* ------------------------------------------------------------------------ */
/* Sign of a polynomial at a root                                            */

static slong _rroot_prec(const ct_rroot_t r)
{
    return 64 + FLINT_MAX(fmpz_bits(fmpq_denref(r->lo)), fmpz_bits(fmpq_denref(r->hi))) +
           FLINT_MAX(fmpz_bits(fmpq_numref(r->lo)), fmpz_bits(fmpq_numref(r->hi)));
}

int ct_rroot_sign_poly(ct_rroot_t r, const fmpz_poly_t g)
{
    fmpz_poly_t dg, h;
    int s;

    if (g->length <= 1)
        return g->length == 0 ? 0 : fmpz_sgn(g->coeffs);
    if (ct_rroot_is_exact(r))
        return _ct_rroot_poly_sign_at(g, r->lo);
    fmpz_poly_init(dg);
    fmpz_poly_derivative(dg, g);
    s = _ct_rroot_sign_on_interval(g, dg, r->lo, r->hi, _rroot_prec(r));
    if (s == 2) {
        fmpz_poly_init(h);
        fmpz_poly_gcd(h, r->poly, g);
        if (h->length > 1 && _rroot_is_root_of_divisor(r, h))
            s = 0;
        fmpz_poly_clear(h);
    }
    /* g(root) != 0: shrink until the enclosure of g over the interval excludes 0 */
    while (s == 2) {
        _ct_rroot_step(r);
        if (ct_rroot_is_exact(r))
            s = _ct_rroot_poly_sign_at(g, r->lo);
        else
            s = _ct_rroot_sign_on_interval(g, dg, r->lo, r->hi, _rroot_prec(r));
    }
    fmpz_poly_clear(dg);
    return s;
}
