/* mqroot_refine: refinement of a zero and its comparison with rationals.
   Signs at rationals come from fn's coefficients summed once into Arb balls
   and cached in the root (an exact sign only when a ball contains 0); close
   to the zero a certified Newton step shrinks the interval by up to 2^19. */
#include <arb_poly.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

/* fn's coefficients as balls at precision >= prec (computed once per
   doubling of the precision and kept in r). */
static arb_srcptr _mqroot_ball(ct_mqroot_struct *r, slong prec)
{
    if (r->ball_prec < prec) {
        slong d = FLINT_MAX(ct_mqpoly_degree(&r->fn), 0);
        /* 320 bits cover a refinement to 20 digits: usually one computation */
        prec = FLINT_MAX(FLINT_MAX(prec, 2 * r->ball_prec), 320);
        _ct_mqroot_ball_clear(r);
        r->ball = _ct_mqroot_ball_coeffs(&r->fn, d, prec);
        r->ball_prec = prec;
    }
    return r->ball;
}

/* The sign of r's fn at x: a ball evaluation of the cached coefficients at
   a precision covering x's size first (a ball excluding 0 is a proof), the
   exact ct_mqroot_sign_fmpq when it contains 0. */
static int _mqroot_sign_at(ct_mqroot_struct *r, const fmpq_t x)
{
    slong d = FLINT_MAX(ct_mqpoly_degree(&r->fn), 0);
    slong prec = 128 + fmpz_bits(fmpq_numref(x)) + fmpz_bits(fmpq_denref(x));
    arb_t y, t;
    arb_init(y), arb_init(t);
    arb_set_fmpq(t, x, prec);
    _arb_poly_evaluate(y, _mqroot_ball(r, prec), d + 1, t, prec);
    int s = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 0;
    arb_clear(y), arb_clear(t);
    return s != 0 ? s : ct_mqroot_sign_fmpq(&r->fn, x);
}

static int _mqroot_sign(const void *fn, const fmpq_t x)
{
    return _mqroot_sign_at((ct_mqroot_struct *)fn, x);
}

static void _mqroot_step(void *r)
{
    ct_mqroot_bisect((ct_mqroot_struct *)r);
}

void ct_mqroot_view(ct_root_struct *v, ct_mqroot_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = r; /* _mqroot_sign reads (and caches in) the root */
    v->sign = _mqroot_sign;
    v->step = _mqroot_step;
    v->self = r;
}

/* Moves the end of r on the side of m given by the sign s of fn(m) to m
   (s == 0: m is the zero). */
static void _mqroot_cut(ct_mqroot_t r, const fmpq_t m, int s)
{
    ct_root_struct v;
    ct_mqroot_view(&v, r);
    ct_root_cut(&v, m, s);
}

/* A Newton estimate x from the midpoint (Arb), then the signs at x -+ d with
   d about the Newton error (4 w^2 for the width w, at least w 2^-20): when
   they bracket the zero, r shrinks by w / 2d (up to 2^19) at the cost of two
   sign evaluations. Returns 0 when the estimate is not usable (then r is
   unchanged, or only cut at an end). */
static int _mqroot_newton(ct_mqroot_t r)
{
    /* |fn| near the zero is about |fn'| w: coefficient bits plus log2(1/w)
       plus a margin suffice */
    slong e = fmpz_bits(fmpq_denref(r->hi)) + fmpz_bits(fmpq_denref(r->lo));
    slong prec = 96 + e; /* an estimate only: the signs below certify */
    arb_t x, y, dy;
    arb_init(x), arb_init(y), arb_init(dy);
    fmpq_t w, a, b;
    fmpq_init(w), fmpq_init(a), fmpq_init(b);
    fmpq_add(a, r->lo, r->hi);
    fmpq_div_2exp(a, a, 1);
    arb_set_fmpq(x, a, prec);
    _arb_poly_evaluate2(y, dy, _mqroot_ball(r, prec + 64),
                        FLINT_MAX(ct_mqpoly_degree(&r->fn), 0) + 1, x, prec);
    int ok = 0;
    if (!arb_contains_zero(dy) && arb_is_finite(y)) {
        arb_div(y, y, dy, prec);
        arb_sub(x, x, y, prec);
        /* half-width d: the Newton error, about 4 w^2, at least w 2^-20; a
           power of two, and the estimate on the grid of step d / 2^8, so that
           the ends stay dyadic with numerators of a few bits */
        fmpq_sub(w, r->hi, r->lo);
        slong k = fmpz_bits(fmpq_denref(w)) - fmpz_bits(fmpq_numref(w)); /* ~log2(1/w) */
        slong dk = FLINT_MIN(2 * k - 2, k + 20);
        fmpq_one(w);
        fmpq_div_2exp(w, w, dk);
        slong g = dk + 8;
        arf_t t;
        arf_init(t);
        arf_mul_2exp_si(t, arb_midref(x), g);
        arf_get_fmpz(fmpq_numref(a), t, ARF_RND_FLOOR);
        fmpz_one(fmpq_denref(a));
        fmpq_div_2exp(a, a, g);
        arf_clear(t);
        fmpq_add(b, a, w);
        fmpq_sub(a, a, w);
        if (fmpq_cmp(r->lo, a) < 0 && fmpq_cmp(b, r->hi) < 0) {
            int sa = _mqroot_sign_at(r, a);
            _mqroot_cut(r, a, sa);
            if (sa == r->sign_lo && !ct_mqroot_is_exact(r)) {
                int sb = _mqroot_sign_at(r, b);
                _mqroot_cut(r, b, sb);
                ok = sb != r->sign_lo;
            } else
                ok = sa == 0;
        }
    }
    arb_clear(x), arb_clear(y), arb_clear(dy);
    fmpq_clear(w), fmpq_clear(a), fmpq_clear(b);
    return ok;
}

void ct_mqroot_bisect(ct_mqroot_t r)
{
    fmpq_t m, w;

    if (ct_mqroot_is_exact(r))
        return;
    fmpq_init(w);
    fmpq_sub(w, r->hi, r->lo);
    int near = fmpz_bits(fmpq_denref(w)) > 7 + fmpz_bits(fmpq_numref(w));
    fmpq_clear(w);
    if (near && _mqroot_newton(r))
        return;
    if (ct_mqroot_is_exact(r))
        return;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    _mqroot_cut(r, m, _mqroot_sign_at(r, m));
    fmpq_clear(m);
}

int ct_mqroot_cmp_fmpq(const ct_mqroot_t r, const fmpq_t q)
{
    ct_root_struct v;
    ct_mqroot_view(&v, (ct_mqroot_struct *)r);
    return ct_root_cmp_fmpq(&v, q);
}
