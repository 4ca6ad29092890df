/* roots_sign: exact and ball signs of integer polynomials at rationals, and
   Descartes' rule on intervals. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "rroot_internal.h"

/* ------------------------------------------------------------------------ */
/* Exact and ball signs of f at rationals                                    */

/* Sign of f(p/q) from the homogenised value sum f_i p^i q^(d-i), whose sign
   equals that of f(p/q) because q > 0. Dyadic q become shifts. */
static int _roots_sign_exact(const fmpz *f, slong len, const fmpq_t x)
{
    const fmpz *p = fmpq_numref(x), *q = fmpq_denref(x);
    fmpz_t s, t;
    slong i, k;
    int sgn;

    if (len == 0)
        return 0;
    fmpz_init(s);
    fmpz_init(t);
    fmpz_set(s, f + len - 1);
    if (fmpz_val2(q) + 1 == fmpz_bits(q)) {
        k = fmpz_bits(q) - 1;
        for (i = len - 2; i >= 0; i--) {
            fmpz_mul(s, s, p);
            fmpz_mul_2exp(t, f + i, (ulong)k * (len - 1 - i));
            fmpz_add(s, s, t);
        }
    } else {
        fmpz_one(t);
        for (i = len - 2; i >= 0; i--) {
            fmpz_mul(s, s, p);
            fmpz_mul(t, t, q);
            fmpz_addmul(s, f + i, t);
        }
    }
    sgn = fmpz_sgn(s);
    fmpz_clear(s);
    fmpz_clear(t);
    return sgn;
}

/* Sign of the ball y if it is certain (a zero ball of radius 0 is an exact 0),
   else 2. */
static int _roots_arb_sign(const arb_t y)
{
    if (arb_is_positive(y))
        return 1;
    if (arb_is_negative(y))
        return -1;
    if (arb_is_zero(y))
        return 0;
    return 2;
}

/* Sign of f at x: a few Arb evaluations of rising precision (fast, rigorous when
   the ball excludes 0), then exact evaluation. */
static int _roots_sign_at(const fmpz *f, slong len, const fmpq_t x)
{
    arb_t ax, y;
    slong prec, tries;
    int s = 2;

    if (len == 0)
        return 0;
    arb_init(ax);
    arb_init(y);
    prec = 64 + fmpz_bits(fmpq_numref(x)) + fmpz_bits(fmpq_denref(x));
    for (tries = 0; tries < 3 && s == 2; tries++, prec *= 2) {
        arb_set_fmpq(ax, x, prec);
        _arb_fmpz_poly_evaluate_arb(y, f, len, ax, prec);
        s = _roots_arb_sign(y);
    }
    arb_clear(ax);
    arb_clear(y);
    return s != 2 ? s : _roots_sign_exact(f, len, x);
}

int _ct_rroot_poly_sign_at(const fmpz_poly_t f, const fmpq_t x)
{
    return _roots_sign_at(f->coeffs, f->length, x);
}

/* Sign of f just right of x: f(x) if nonzero, else f'(x) (x is then a simple
   root, f being squarefree). */
int _ct_rroot_sign_right_of(const fmpz_poly_t f, const fmpq_t x)
{
    fmpz_poly_t df;
    int s = _ct_rroot_poly_sign_at(f, x);

    if (s != 0)
        return s;
    fmpz_poly_init(df);
    fmpz_poly_derivative(df, f);
    s = _ct_rroot_poly_sign_at(df, x);
    fmpz_poly_clear(df);
    return s;
}

/* Sign of g on the whole interval [lo, hi] by the centred form
   g(m) + g'([lo, hi]) ([lo, hi] - m), or 2 if the enclosure contains 0. The
   centred form converges quadratically, so shrinking intervals decide fast. */
int _ct_rroot_sign_on_interval(const fmpz_poly_t g, const fmpz_poly_t dg, const fmpq_t lo,
                               const fmpq_t hi, slong prec)
{
    arf_t a, b;
    arb_t x, m, y, dy;
    int s;

    arf_init(a);
    arf_init(b);
    arb_init(x);
    arb_init(m);
    arb_init(y);
    arb_init(dy);
    arf_set_fmpq(a, lo, prec, ARF_RND_FLOOR);
    arf_set_fmpq(b, hi, prec, ARF_RND_CEIL);
    arb_set_interval_arf(x, a, b, prec);
    arb_set_arf(m, arb_midref(x));
    _arb_fmpz_poly_evaluate_arb(y, g->coeffs, g->length, m, prec);
    _arb_fmpz_poly_evaluate_arb(dy, dg->coeffs, dg->length, x, prec);
    arb_sub(x, x, m, prec);
    arb_mul(dy, dy, x, prec);
    arb_add(y, y, dy, prec);
    s = _roots_arb_sign(y);
    arf_clear(a);
    arf_clear(b);
    arb_clear(x);
    arb_clear(m);
    arb_clear(y);
    arb_clear(dy);
    return s;
}

/* ------------------------------------------------------------------------ */
/* Descartes' rule on (0, 1) and on rational intervals                        */

slong _ct_rroot_sign_variations(const fmpz *a, slong len)
{
    slong i, v = 0;
    int prev = 0, s;

    for (i = 0; i < len; i++) {
        s = fmpz_sgn(a + i);
        if (s == 0)
            continue;
        if (prev != 0 && s != prev)
            v++;
        prev = s;
    }
    return v;
}

/* p <- (1 + x)^d p(x / (1 + x)), d = deg p: the roots of p in (0, 1) become
   the roots in (0, +inf). It is the reverse of the Taylor shift by 1 of the
   reverse of p. */
static void _roots_poly_unit_to_half_line(fmpz_poly_t p)
{
    fmpz_t one;
    slong len = p->length;

    fmpz_init_set_ui(one, 1);
    fmpz_poly_reverse(p, p, len);
    fmpz_poly_fit_length(p, len);
    _fmpz_poly_taylor_shift(p->coeffs, one, p->length);
    fmpz_poly_reverse(p, p, len);
    fmpz_clear(one);
}

/* Sets p to D^d (1 + x)^d f((a + b x) / (1 + x)) for rationals a < b with
   common denominator D: the map sends (0, +inf) onto (a, b), so the roots of
   p in (0, +inf) are the roots of f in (a, b) and Descartes' rule applies to p
   directly. Done on integers: D^d f(x / D), a Taylor shift by A = a D, a
   scaling by B - A onto (0, 1), then _roots_poly_unit_to_half_line. */
static void _roots_poly_mobius(fmpz_poly_t p, const fmpz_poly_t f, const fmpq_t a,
                               const fmpq_t b)
{
    slong len = f->length, i;
    fmpz_t D, A, B, t;

    fmpz_poly_set(p, f);
    if (len <= 1)
        return;
    fmpz_init(D);
    fmpz_init(A);
    fmpz_init(B);
    fmpz_init(t);
    fmpz_lcm(D, fmpq_denref(a), fmpq_denref(b));
    fmpz_divexact(A, D, fmpq_denref(a));
    fmpz_mul(A, A, fmpq_numref(a));
    fmpz_divexact(B, D, fmpq_denref(b));
    fmpz_mul(B, B, fmpq_numref(b));
    fmpz_one(t);
    for (i = len - 1; i >= 0; i--) {
        fmpz_mul(p->coeffs + i, p->coeffs + i, t);
        fmpz_mul(t, t, D);
    }
    _fmpz_poly_taylor_shift(p->coeffs, A, len);
    fmpz_sub(B, B, A);
    fmpz_one(t);
    for (i = 1; i < len; i++) {
        fmpz_mul(t, t, B);
        fmpz_mul(p->coeffs + i, p->coeffs + i, t);
    }
    _roots_poly_unit_to_half_line(p);
    fmpz_clear(D);
    fmpz_clear(A);
    fmpz_clear(B);
    fmpz_clear(t);
}

/* Sign variations of f over the open interval (a, b): an upper bound for the
   number of roots there, of the same parity. */
slong _ct_rroot_descartes_interval(const fmpz_poly_t f, const fmpq_t a, const fmpq_t b)
{
    fmpz_poly_t p;
    slong v;

    fmpz_poly_init(p);
    _roots_poly_mobius(p, f, a, b);
    v = _ct_rroot_sign_variations(p->coeffs, p->length);
    fmpz_poly_clear(p);
    return v;
}

/* floor(log2(x)) up to 1, for x > 0 */
slong _ct_rroot_fmpq_log2(const fmpq_t x)
{
    return (slong)fmpz_bits(fmpq_numref(x)) - (slong)fmpz_bits(fmpq_denref(x));
}

/* x = 2^e */
void _ct_rroot_fmpq_set_2exp(fmpq_t x, slong e)
{
    fmpq_one(x);
    if (e >= 0)
        fmpq_mul_2exp(x, x, e);
    else
        fmpq_div_2exp(x, x, -e);
}
