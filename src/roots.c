/* roots: certified positive real roots of integer polynomials.

   Isolation is exact Descartes bisection on integer polynomials; refinement and
   comparison decide signs with Arb balls and fall back to exact integer
   evaluation whenever a ball contains zero, so every sign used is certain.
   docs/roots.md explains why the output is certified. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/roots.h"

/* ------------------------------------------------------------------------ */
/* rroot basics                                                              */

void rroot_init(rroot_t r)
{
    fmpz_poly_init(r->poly);
    fmpq_init(r->lo);
    fmpq_init(r->hi);
    r->sign_lo = 0;
}

void rroot_clear(rroot_t r)
{
    fmpz_poly_clear(r->poly);
    fmpq_clear(r->lo);
    fmpq_clear(r->hi);
}

void rroot_set(rroot_t r, const rroot_t s)
{
    if (r == s)
        return;
    fmpz_poly_set(r->poly, s->poly);
    fmpq_set(r->lo, s->lo);
    fmpq_set(r->hi, s->hi);
    r->sign_lo = s->sign_lo;
}

/* (fmpq_cmp rather than the inline fmpq_equal, which trips GCC 12's
   -Wstringop-overread on the struct fields) */
static int rroot_is_exact(const rroot_t r)
{
    return fmpq_cmp(r->lo, r->hi) == 0;
}

static void rroot_set_exact(rroot_t r, const fmpq_t x)
{
    fmpq_set(r->lo, x);
    fmpq_set(r->hi, x);
    r->sign_lo = 0;
}

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

static int _roots_poly_sign_at(const fmpz_poly_t f, const fmpq_t x)
{
    return _roots_sign_at(f->coeffs, f->length, x);
}

/* Sign of f just right of x: f(x) if nonzero, else f'(x) (x is then a simple
   root, f being squarefree). */
static int _roots_sign_right_of(const fmpz_poly_t f, const fmpq_t x)
{
    fmpz_poly_t df;
    int s = _roots_poly_sign_at(f, x);

    if (s != 0)
        return s;
    fmpz_poly_init(df);
    fmpz_poly_derivative(df, f);
    s = _roots_poly_sign_at(df, x);
    fmpz_poly_clear(df);
    return s;
}

/* Sign of g on the whole interval [lo, hi] by the centred form
   g(m) + g'([lo, hi]) ([lo, hi] - m), or 2 if the enclosure contains 0. The
   centred form converges quadratically, so shrinking intervals decide fast. */
static int _roots_sign_on_interval(const fmpz_poly_t g, const fmpz_poly_t dg,
                                   const fmpq_t lo, const fmpq_t hi, slong prec)
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

static slong _roots_sign_variations(const fmpz *a, slong len)
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
static slong _roots_descartes_interval(const fmpz_poly_t f, const fmpq_t a,
                                       const fmpq_t b)
{
    fmpz_poly_t p;
    slong v;

    fmpz_poly_init(p);
    _roots_poly_mobius(p, f, a, b);
    v = _roots_sign_variations(p->coeffs, p->length);
    fmpz_poly_clear(p);
    return v;
}

/* ------------------------------------------------------------------------ */
/* Isolation                                                                 */

/* k with every positive root of a below 2^k strictly (Kioustelidis' bound
   2 max over coefficients of sign opposite to the leading one of
   |a_i / a_d|^(1 / (d - i)), each term rounded up to a power of 2). Returns 0
   and leaves *k unset when there is no such coefficient: then Descartes' rule
   says there is no positive root. */
static int _roots_bound_2exp(slong *k, const fmpz *a, slong len)
{
    slong d = len - 1, i, num, c, best = 0;
    slong bd = fmpz_bits(a + d);
    int sd = fmpz_sgn(a + d), found = 0;

    for (i = 0; i < d; i++) {
        if (fmpz_sgn(a + i) != -sd)
            continue;
        num = (slong)fmpz_bits(a + i) - bd + 1;
        c = num >= 0 ? (num + (d - i) - 1) / (d - i) : -((-num) / (d - i));
        if (!found || c > best)
            best = c;
        found = 1;
    }
    *k = best + 1;
    return found;
}

/* k if c = 2^k, else -1 */
static slong _roots_fmpz_log2_exact(const fmpz_t c)
{
    flint_bitcnt_t k = fmpz_val2(c);

    return k + 1 == fmpz_bits(c) ? (slong)k : -1;
}

/* floor(log2(x)) up to 1, for x > 0 */
static slong _roots_fmpq_log2(const fmpq_t x)
{
    return (slong)fmpz_bits(fmpq_numref(x)) - (slong)fmpz_bits(fmpq_denref(x));
}

/* x = 2^e */
static void _roots_fmpq_set_2exp(fmpq_t x, slong e)
{
    fmpq_one(x);
    if (e >= 0)
        fmpq_mul_2exp(x, x, e);
    else
        fmpq_div_2exp(x, x, -e);
}

/* A node of the search: the roots x > 0 of p are, through the Möbius map
   x -> (M[0] x + M[1]) / (M[2] x + M[3]), the roots of the input in the open
   interval between M(0) and M(+inf); v = var(p) >= 2. */
typedef struct {
    fmpz_poly_t p;
    fmpz M[4];
    slong v;
} _roots_node_struct;

typedef struct {
    _roots_node_struct *node;
    slong len, alloc;
} _roots_stack_struct;

static void _roots_stack_push(_roots_stack_struct *st, fmpz_poly_t p, fmpz *M, slong v)
{
    _roots_node_struct *n;

    if (st->len == st->alloc) {
        slong i, j, k = FLINT_MAX(16, 2 * st->alloc);
        st->node = flint_realloc(st->node, k * sizeof(_roots_node_struct));
        for (i = st->alloc; i < k; i++) {
            fmpz_poly_init(st->node[i].p);
            for (j = 0; j < 4; j++)
                fmpz_init(st->node[i].M + j);
        }
        st->alloc = k;
    }
    n = st->node + st->len++;
    fmpz_poly_swap(n->p, p);
    _fmpz_vec_swap(n->M, M, 4);
    n->v = v;
}

static void _roots_stack_clear(_roots_stack_struct *st)
{
    slong i, j;

    for (i = 0; i < st->alloc; i++) {
        fmpz_poly_clear(st->node[i].p);
        for (j = 0; j < 4; j++)
            fmpz_clear(st->node[i].M + j);
    }
    flint_free(st->node);
}

typedef struct {
    rroot_struct *r;
    slong len, alloc;
} _roots_list_struct;

static rroot_struct *_roots_list_new(_roots_list_struct *L, const fmpz_poly_t f,
                                     const fmpq_t lo, const fmpq_t hi)
{
    rroot_struct *r;

    if (L->len == L->alloc) {
        L->alloc = FLINT_MAX(4, 2 * L->alloc);
        L->r = flint_realloc(L->r, L->alloc * sizeof(rroot_struct));
    }
    r = L->r + L->len++;
    rroot_init(r);
    fmpz_poly_set(r->poly, f);
    fmpq_set(r->lo, lo);
    fmpq_set(r->hi, hi);
    return r;
}

/* Divides p by the largest power of 2 dividing all its coefficients: scalings
   by powers of 2 often leave one. */
static void _roots_poly_remove_2content(fmpz_poly_t p)
{
    slong i;
    flint_bitcnt_t v = WORD_MAX;

    for (i = 0; i < p->length; i++)
        if (!fmpz_is_zero(p->coeffs + i))
            v = FLINT_MIN(v, fmpz_val2(p->coeffs + i));
    if (v > 0 && v != (flint_bitcnt_t)WORD_MAX)
        _fmpz_vec_scalar_fdiv_q_2exp(p->coeffs, p->coeffs, p->length, v);
}

/* p <- p(2^k (1 + x)) and M <- M(2^k (1 + x)), k >= 0 */
static void _roots_node_shift(fmpz_poly_t p, fmpz *M, slong k, const fmpz_t one)
{
    slong i;

    for (i = 1; i < p->length; i++)
        fmpz_mul_2exp(p->coeffs + i, p->coeffs + i, k * i);
    _fmpz_poly_taylor_shift(p->coeffs, one, p->length);
    _roots_poly_remove_2content(p);
    for (i = 0; i < 4; i += 2) {
        fmpz_mul_2exp(M + i, M + i, k);
        fmpz_add(M + i + 1, M + i + 1, M + i);
    }
}

/* M(c) for c = 0, 1 (as M[1] / M[3], (M[0] + M[1]) / (M[2] + M[3])) */
static void _roots_mobius_at(fmpq_t x, const fmpz *M, int c, fmpq_t t)
{
    fmpz_set(fmpq_numref(t), M + 1);
    fmpz_set(fmpq_denref(t), M + 3);
    if (c) {
        fmpz_add(fmpq_numref(t), fmpq_numref(t), M + 0);
        fmpz_add(fmpq_denref(t), fmpq_denref(t), M + 2);
    }
    fmpq_canonicalise(t);
    fmpq_set(x, t);
}

/* Records the interval between M(0) and M(+inf) (an infinite end replaced by
   the bound hi: no positive root reaches it). */
static void _roots_leaf(_roots_list_struct *L, const fmpz_poly_t f, const fmpz *M,
                        const fmpq_t hi)
{
    fmpq_t a, b;

    fmpq_init(a);
    fmpq_init(b);
    fmpq_set_fmpz_frac(a, M + 1, M + 3);
    if (fmpz_is_zero(M + 2))
        fmpq_set(b, hi);
    else
        fmpq_set_fmpz_frac(b, M + 0, M + 2);
    if (fmpq_cmp(a, b) < 0)
        _roots_list_new(L, f, a, b);
    else
        _roots_list_new(L, f, b, a);
    fmpq_clear(a);
    fmpq_clear(b);
}

/* Vincent–Akritas–Strzeboński continued fractions on the roots of g in
   (0, +inf). A node first jumps over the root-free (0, 2^k) given by the
   lower bound 2^k (k >= 0) on its positive roots, then splits at 1 into
   p(1 + x) and (1 + x)^d p(1 / (1 + x)). Roots spread over many orders of
   magnitude cost few steps, and every transformation is a power-of-2 scaling,
   a reversal or a Taylor shift by 1. Budan's theorem bounds the roots in
   (0, 1] by var(p) - var(p(1 + x)), with the same parity, so when that is 0
   or 1 the left child is never computed. */
static void _roots_cf_tree(_roots_list_struct *L, const fmpz_poly_t f,
                           const fmpz_poly_t g, const fmpq_t hi)
{
    _roots_stack_struct st = {NULL, 0, 0};
    fmpz_poly_t p, q;
    fmpz_t one;
    fmpz *M, *ML;
    fmpq_t x, t;
    slong v, vr, vl, k, i;

    fmpz_poly_init(p);
    fmpz_poly_init(q);
    fmpz_init_set_ui(one, 1);
    fmpq_init(x);
    fmpq_init(t);
    M = _fmpz_vec_init(8);
    ML = M + 4;

    fmpz_poly_set(p, g);
    fmpz_one(M + 0);
    fmpz_one(M + 3);
    v = _roots_sign_variations(p->coeffs, p->length);
    if (v == 1)
        _roots_leaf(L, f, M, hi);
    else if (v >= 2)
        _roots_stack_push(&st, p, M, v);

    while (st.len > 0) {
        _roots_node_struct *n = st.node + --st.len;
        fmpz_poly_swap(p, n->p);
        _fmpz_vec_swap(M, n->M, 4);
        v = n->v;

        /* 2^k < every positive root, from the upper bound for the reverse */
        fmpz_poly_reverse(q, p, p->length);
        if (_roots_bound_2exp(&k, q->coeffs, q->length) && k <= 0) {
            _roots_node_shift(p, M, -k, one);
            v = _roots_sign_variations(p->coeffs, p->length);
            if (v <= 1) {
                if (v == 1)
                    _roots_leaf(L, f, M, hi);
                continue;
            }
        }

        /* left child's map M(1 / (1 + x)) before M moves to the right child */
        fmpz_set(ML + 0, M + 1);
        fmpz_add(ML + 1, M + 0, M + 1);
        fmpz_set(ML + 2, M + 3);
        fmpz_add(ML + 3, M + 2, M + 3);

        fmpz_poly_set(q, p);
        _fmpz_poly_taylor_shift(q->coeffs, one, q->length);
        vl = v;
        if (fmpz_is_zero(q->coeffs)) {
            /* M(1) is a root; endpoints that are roots are moved off later */
            _roots_mobius_at(x, M, 1, t);
            _roots_list_new(L, f, x, x);
            fmpz_poly_shift_right(q, q, 1);
            vl--;
        }
        vr = _roots_sign_variations(q->coeffs, q->length);
        vl -= vr;
        for (i = 0; i < 4; i += 2)
            fmpz_add(M + i + 1, M + i + 1, M + i);
        if (vr == 1)
            _roots_leaf(L, f, M, hi);
        else if (vr >= 2)
            _roots_stack_push(&st, q, M, vr);

        if (vl >= 2) {
            /* (1 + x)^d p(1 / (1 + x)), without the root at x = 0 that a root
               at M(1) would leave */
            fmpz_poly_reverse(p, p, p->length);
            _fmpz_poly_taylor_shift(p->coeffs, one, p->length);
            if (fmpz_is_zero(p->coeffs))
                fmpz_poly_shift_right(p, p, 1);
            vl = _roots_sign_variations(p->coeffs, p->length);
        }
        if (vl == 1)
            _roots_leaf(L, f, ML, hi);
        else if (vl >= 2)
            _roots_stack_push(&st, p, ML, vl);
    }

    _roots_stack_clear(&st);
    fmpz_poly_clear(p);
    fmpz_poly_clear(q);
    fmpz_clear(one);
    fmpq_clear(x);
    fmpq_clear(t);
    _fmpz_vec_clear(M, 8);
}

/* Makes the endpoints of the isolating interval of r (one simple root of f in
   the open interval) non-roots of f and sets sign_lo. Endpoints may be roots
   when an adjacent midpoint was an exact root. On (lo, root) f has the sign s
   it has just right of lo, so a midpoint of that sign lies left of the root. */
static void _roots_fix_endpoints(rroot_t r, const fmpz_poly_t f)
{
    fmpq_t m;
    int s, slo, shi;

    if (rroot_is_exact(r))
        return;
    fmpq_init(m);
    slo = _roots_poly_sign_at(f, r->lo);
    shi = _roots_poly_sign_at(f, r->hi);
    s = slo != 0 ? slo : _roots_sign_right_of(f, r->lo);
    while (slo == 0 || shi == 0) {
        fmpq_add(m, r->lo, r->hi);
        fmpq_div_2exp(m, m, 1);
        slo = _roots_poly_sign_at(f, m);
        if (slo == 0) {
            rroot_set_exact(r, m);
            break;
        }
        if (slo == s) {
            fmpq_set(r->lo, m);
        } else {
            fmpq_set(r->hi, m);
            shi = slo;
            slo = s;
        }
    }
    if (!rroot_is_exact(r))
        r->sign_lo = s;
    fmpq_clear(m);
}

/* Moves the ends of r, one simple root of f inside, to dyadic numbers
   inside the interval: an end c' past c keeps the root iff f(c') has the sign
   f has at c; else c' bounds the root from the other side, closer. */
static void _roots_make_dyadic(rroot_t r, const fmpz_poly_t f)
{
    fmpq_t w, c;
    fmpz_t n;
    slong k;
    int s, end;

    fmpq_init(w);
    fmpq_init(c);
    fmpz_init(n);
    for (end = 0; end < 2 && !rroot_is_exact(r); end++) {
        fmpq *x = end == 0 ? r->lo : r->hi;
        while (!rroot_is_exact(r) && _roots_fmpz_log2_exact(fmpq_denref(x)) < 0) {
            fmpq_sub(w, r->hi, r->lo);
            k = 2 - _roots_fmpq_log2(w);
            k = FLINT_MAX(k, 0);
            fmpz_mul_2exp(n, fmpq_numref(x), k);
            if (end == 0)
                fmpz_cdiv_q(n, n, fmpq_denref(x));
            else
                fmpz_fdiv_q(n, n, fmpq_denref(x));
            fmpq_set_fmpz(c, n);
            fmpq_div_2exp(c, c, k);
            s = _roots_poly_sign_at(f, c);
            if (s == 0) {
                rroot_set_exact(r, c);
            } else if ((s == r->sign_lo) == (end == 0)) {
                fmpq_set(x, c);
            } else {
                fmpq_set(end == 0 ? r->hi : r->lo, c);
                if (end == 1)
                    r->sign_lo = s;
            }
        }
    }
    fmpq_clear(w);
    fmpq_clear(c);
    fmpz_clear(n);
}

static int _roots_cmp_lo(const void *a, const void *b)
{
    return fmpq_cmp(((const rroot_struct *)a)->lo, ((const rroot_struct *)b)->lo);
}

slong roots_isolate_positive(rroot_struct **out, const fmpz_poly_t f)
{
    _roots_list_struct L = {NULL, 0, 0};
    fmpz_poly_t g;
    fmpq_t a, b;
    slong v, i, khi, klo;
    rroot_struct *r;

    fmpz_poly_init(g);
    fmpq_init(a);
    fmpq_init(b);
    for (v = 0; v < f->length && fmpz_is_zero(f->coeffs + v); v++)
        ;
    fmpz_poly_shift_right(g, f, v);

    if (g->length == 2) {
        if (fmpz_sgn(g->coeffs) != fmpz_sgn(g->coeffs + 1)) {
            fmpq_set_fmpz_frac(a, g->coeffs, g->coeffs + 1);
            fmpq_neg(a, a);
            _roots_list_new(&L, f, a, a);
        }
    } else if (g->length > 2 && _roots_bound_2exp(&khi, g->coeffs, g->length)) {
        /* the positive roots lie strictly between 2^-klo and 2^khi, klo from
           the bound for the reversed polynomial: ends that are no roots */
        fmpz_poly_reverse(g, g, g->length);
        _roots_bound_2exp(&klo, g->coeffs, g->length);
        fmpz_poly_reverse(g, g, g->length);
        _roots_fmpq_set_2exp(a, -klo);
        _roots_fmpq_set_2exp(b, khi);
        _roots_cf_tree(&L, f, g, b);
        for (i = 0; i < L.len; i++) {
            r = L.r + i;
            if (fmpq_is_zero(r->lo))
                fmpq_set(r->lo, a);
            _roots_fix_endpoints(r, f);
            _roots_make_dyadic(r, f);
        }
        if (L.len > 1)
            qsort(L.r, L.len, sizeof(rroot_struct), _roots_cmp_lo);
        /* leaves may share an end: pull the left interval back */
        for (i = 0; i + 1 < L.len; i++)
            while (fmpq_cmp(L.r[i].hi, L.r[i + 1].lo) >= 0)
                rroot_bisect(rroot_is_exact(L.r + i) ? L.r + i + 1 : L.r + i);
    }
    fmpz_poly_clear(g);
    fmpq_clear(a);
    fmpq_clear(b);
    *out = L.r;
    return L.len;
}

/* ------------------------------------------------------------------------ */
/* Refinement                                                                */

/* Splits the interval of r at m, lo < m < hi. */
static void _rroot_split_at(rroot_t r, const fmpq_t m)
{
    int s = _roots_poly_sign_at(r->poly, m);

    if (s == 0)
        rroot_set_exact(r, m);
    else if (s == r->sign_lo)
        fmpq_set(r->lo, m);
    else
        fmpq_set(r->hi, m);
}

void rroot_bisect(rroot_t r)
{
    fmpq_t m;

    if (rroot_is_exact(r))
        return;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    _rroot_split_at(r, m);
    fmpq_clear(m);
}

/* One refinement step: a split at a power of 2 near the geometric mean while
   hi / lo is large (isolating intervals can span (2^-k, 2^k)), else a
   bisection. */
static void _rroot_step(rroot_t r)
{
    fmpq_t lo, hi, m;
    slong la, lb;
    int sg, split = 0;

    if (rroot_is_exact(r))
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
        la = _roots_fmpq_log2(lo);
        lb = _roots_fmpq_log2(hi);
        if (lb - la >= 4) {
            _roots_fmpq_set_2exp(m, la + (lb - la) / 2);
            split = fmpq_cmp(lo, m) < 0 && fmpq_cmp(m, hi) < 0;
            if (sg < 0)
                fmpq_neg(m, m);
        }
    }
    if (split)
        _rroot_split_at(r, m);
    else
        rroot_bisect(r);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(m);
}

static int _rroot_wider_than(const rroot_t r, const fmpq_t eps)
{
    fmpq_t w;
    int c;

    fmpq_init(w);
    fmpq_sub(w, r->hi, r->lo);
    c = fmpq_cmp(w, eps) > 0;
    fmpq_clear(w);
    return c;
}

void rroot_refine(rroot_t r, const fmpq_t eps)
{
    while (_rroot_wider_than(r, eps))
        _rroot_step(r);
}

/* ------------------------------------------------------------------------ */
/* Comparison                                                                */

/* Compares a and b whose roots are both roots of the squarefree p, each
   interval holding exactly one root of p and having non-root endpoints. Two
   overlapping intervals hold the same root iff p changes sign over their
   intersection; if not, neither contains the other and the roots are ordered
   like the left ends. */
static int _rroot_cmp_same_poly(const fmpz_poly_t p, const rroot_t a, const rroot_t b)
{
    const fmpq *lo, *hi;
    int ea = rroot_is_exact(a), eb = rroot_is_exact(b), s;

    if (ea && eb)
        return fmpq_cmp(a->lo, b->lo);
    if (ea || eb) {
        const rroot_struct *x = ea ? a : b, *y = ea ? b : a;
        s = fmpq_cmp(x->lo, y->lo) < 0 ? -1 : fmpq_cmp(x->lo, y->hi) > 0 ? 1 : 0;
        return ea ? s : -s;
    }
    lo = fmpq_cmp(a->lo, b->lo) >= 0 ? a->lo : b->lo;
    hi = fmpq_cmp(a->hi, b->hi) <= 0 ? a->hi : b->hi;
    if (fmpq_cmp(lo, hi) < 0 &&
        _roots_poly_sign_at(p, lo) * _roots_poly_sign_at(p, hi) < 0)
        return 0;
    return fmpq_cmp(a->lo, b->lo) < 0 ? -1 : 1;
}

/* Whether the root of r is a root of h, h dividing r->poly: h has at most one
   root in r's interval, found by a sign change. */
static int _rroot_is_root_of_divisor(const rroot_t r, const fmpz_poly_t h)
{
    if (rroot_is_exact(r))
        return _roots_poly_sign_at(h, r->lo) == 0;
    return _roots_poly_sign_at(h, r->lo) * _roots_poly_sign_at(h, r->hi) < 0;
}

/* Sign of the root of y relative to the rational x: -1 if x < root. */
static int _rroot_cmp_fmpq(const fmpq_t x, const rroot_t y)
{
    int s;

    if (fmpq_cmp(x, y->lo) <= 0 && !rroot_is_exact(y))
        return -1;
    if (fmpq_cmp(x, y->hi) >= 0 && !rroot_is_exact(y))
        return 1;
    if (rroot_is_exact(y))
        return fmpq_cmp(x, y->lo);
    s = _roots_poly_sign_at(y->poly, x);
    if (s == 0)
        return 0; /* x is a root of y->poly inside y's isolating interval */
    return s == y->sign_lo ? -1 : 1;
}

int rroot_cmp_fmpq(const rroot_t r, const fmpq_t q)
{
    return -_rroot_cmp_fmpq(q, r);
}

int rroot_cmp(rroot_t a, rroot_t b)
{
    slong iter;
    int gcd_done = 0, c = 2;
    fmpq_t wa, wb;

    if (fmpz_poly_equal(a->poly, b->poly))
        return _rroot_cmp_same_poly(a->poly, a, b);
    fmpq_init(wa);
    fmpq_init(wb);
    for (iter = 0; c == 2; iter++) {
        if (rroot_is_exact(a)) {
            c = _rroot_cmp_fmpq(a->lo, b);
        } else if (rroot_is_exact(b)) {
            c = -_rroot_cmp_fmpq(b->lo, a);
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
            _rroot_step(fmpq_cmp(wa, wb) >= 0 ? a : b);
        }
    }
    fmpq_clear(wa);
    fmpq_clear(wb);
    return c;
}

/* ------------------------------------------------------------------------ */
/* Sign of a polynomial at a root                                            */

static slong _rroot_prec(const rroot_t r)
{
    return 64 + FLINT_MAX(fmpz_bits(fmpq_denref(r->lo)), fmpz_bits(fmpq_denref(r->hi))) +
           FLINT_MAX(fmpz_bits(fmpq_numref(r->lo)), fmpz_bits(fmpq_numref(r->hi)));
}

int rroot_sign_poly(rroot_t r, const fmpz_poly_t g)
{
    fmpz_poly_t dg, h;
    int s;

    if (g->length <= 1)
        return g->length == 0 ? 0 : fmpz_sgn(g->coeffs);
    if (rroot_is_exact(r))
        return _roots_poly_sign_at(g, r->lo);
    fmpz_poly_init(dg);
    fmpz_poly_derivative(dg, g);
    s = _roots_sign_on_interval(g, dg, r->lo, r->hi, _rroot_prec(r));
    if (s == 2) {
        fmpz_poly_init(h);
        fmpz_poly_gcd(h, r->poly, g);
        if (h->length > 1 && _rroot_is_root_of_divisor(r, h))
            s = 0;
        fmpz_poly_clear(h);
    }
    /* g(root) != 0: shrink until the enclosure of g over the interval excludes 0 */
    while (s == 2) {
        _rroot_step(r);
        if (rroot_is_exact(r))
            s = _roots_poly_sign_at(g, r->lo);
        else
            s = _roots_sign_on_interval(g, dg, r->lo, r->hi, _rroot_prec(r));
    }
    fmpz_poly_clear(dg);
    return s;
}

/* ------------------------------------------------------------------------ */
/* Decimal output                                                            */

static int _roots_fmpq_cmpabs(const fmpq_t x, const fmpq_t y)
{
    fmpz_t s, t;
    int c;

    fmpz_init(s);
    fmpz_init(t);
    fmpz_mul(s, fmpq_numref(x), fmpq_denref(y));
    fmpz_mul(t, fmpq_numref(y), fmpq_denref(x));
    c = fmpz_cmpabs(s, t);
    fmpz_clear(s);
    fmpz_clear(t);
    return c;
}

/* floor(log10(x)) for x > 0 */
static slong _roots_dec_exponent(const fmpq_t x)
{
    slong e =
        (slong)(((slong)fmpz_bits(fmpq_numref(x)) - (slong)fmpz_bits(fmpq_denref(x))) *
                0.30102999566398120);
    fmpz_t t;
    fmpq_t y;

    fmpz_init(t);
    fmpq_init(y);
    for (;;) {
        /* y = x / 10^e; want 1 <= y < 10 */
        fmpz_set_ui(t, 10);
        fmpz_pow_ui(t, t, FLINT_ABS(e));
        if (e >= 0)
            fmpq_div_fmpz(y, x, t);
        else
            fmpq_mul_fmpz(y, x, t);
        if (fmpz_cmp(fmpq_numref(y), fmpq_denref(y)) < 0) {
            e--;
            continue;
        }
        fmpz_mul_ui(t, fmpq_denref(y), 10);
        if (fmpz_cmp(fmpq_numref(y), t) >= 0) {
            e++;
            continue;
        }
        break;
    }
    fmpz_clear(t);
    fmpq_clear(y);
    return e;
}

/* n = x / 10^E rounded by mode: 0 nearest (ties away from 0), -1 floor, 1 ceil */
static void _roots_dec_scale(fmpz_t n, const fmpq_t x, slong E, int mode)
{
    fmpz_t num, den;

    fmpz_init(num);
    fmpz_init(den);
    fmpz_set_ui(num, 10);
    fmpz_pow_ui(num, num, FLINT_ABS(E));
    if (E >= 0) {
        fmpz_mul(den, fmpq_denref(x), num);
        fmpz_set(num, fmpq_numref(x));
    } else {
        fmpz_mul(num, fmpq_numref(x), num);
        fmpz_set(den, fmpq_denref(x));
    }
    if (mode < 0) {
        fmpz_fdiv_q(n, num, den);
    } else if (mode > 0) {
        fmpz_cdiv_q(n, num, den);
    } else {
        /* round(|num| / den) = floor((2 |num| + den) / (2 den)) */
        int neg = fmpz_sgn(num) < 0;
        fmpz_abs(num, num);
        fmpz_mul_2exp(num, num, 1);
        fmpz_add(num, num, den);
        fmpz_mul_2exp(den, den, 1);
        fmpz_fdiv_q(n, num, den);
        if (neg)
            fmpz_neg(n, n);
    }
    fmpz_clear(num);
    fmpz_clear(den);
}

/* The string of n 10^E: plain decimal unless that would need long runs of
   padding zeros, then "d.ddde-30" (accepted by qparse). With trim, trailing
   fractional zeros are dropped. */
static char *_roots_dec_get_str(const fmpz_t n, slong E, int trim)
{
    char *s, *out, *p;
    slong len, lead, i;
    int neg = fmpz_sgn(n) < 0;
    fmpz_t t;

    fmpz_init(t);
    fmpz_abs(t, n);
    if (trim && !fmpz_is_zero(t))
        while (fmpz_divisible_si(t, 10) && E < 0) {
            fmpz_divexact_ui(t, t, 10);
            E++;
        }
    s = fmpz_get_str(NULL, 10, t);
    fmpz_clear(t);
    len = strlen(s);
    lead = len - 1 + E;
    out = flint_malloc(len + FLINT_ABS(E) + 32);
    p = out;
    if (neg)
        *p++ = '-';
    if (fmpz_is_zero(n)) {
        *p++ = '0';
    } else if (lead < -7 || lead >= 21) {
        *p++ = s[0];
        for (i = len - 1; trim && i > 0 && s[i] == '0'; i--)
            len = i;
        if (len > 1) {
            *p++ = '.';
            memcpy(p, s + 1, len - 1);
            p += len - 1;
        }
        p += sprintf(p, "e%ld", (long)lead);
    } else if (E >= 0) {
        memcpy(p, s, len);
        p += len;
        for (i = 0; i < E; i++)
            *p++ = '0';
    } else if (lead >= 0) {
        memcpy(p, s, lead + 1);
        p += lead + 1;
        *p++ = '.';
        memcpy(p, s + lead + 1, len - lead - 1);
        p += len - lead - 1;
    } else {
        *p++ = '0';
        *p++ = '.';
        for (i = 0; i < -lead - 1; i++)
            *p++ = '0';
        memcpy(p, s, len);
        p += len;
    }
    *p = '\0';
    flint_free(s);
    /* callers free with free(): hand back a malloc'ed copy */
    s = malloc(strlen(out) + 1);
    strcpy(s, out);
    flint_free(out);
    return s;
}

/* x != 0 rounded to `digits` significant digits */
static char *_roots_dec_round(const fmpq_t x, slong digits)
{
    fmpz_t n, t;
    fmpq_t ax;
    slong E;
    char *s;

    fmpz_init(n);
    fmpz_init(t);
    fmpq_init(ax);
    fmpq_abs(ax, x);
    E = _roots_dec_exponent(ax) - digits + 1;
    _roots_dec_scale(n, x, E, 0);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, digits);
    if (fmpz_cmpabs(n, t) >= 0) {
        /* rounding carried into a new digit: 9.99 -> 10.0 */
        fmpz_tdiv_q_ui(n, n, 10);
        E++;
    }
    s = _roots_dec_get_str(n, E, 0);
    fmpz_clear(n);
    fmpz_clear(t);
    fmpq_clear(ax);
    return s;
}

/* The exact decimal n 10^E of x if its denominator is 2^a 5^b (returns 1). */
static int _roots_dec_exact(fmpz_t n, slong *E, const fmpq_t x)
{
    fmpz_t q, f;
    slong a, b, m;
    int ok;

    fmpz_init(q);
    fmpz_init(f);
    fmpz_set(q, fmpq_denref(x));
    fmpz_set_ui(f, 2);
    a = fmpz_remove(q, q, f);
    fmpz_set_ui(f, 5);
    b = fmpz_remove(q, q, f);
    ok = fmpz_is_one(q);
    if (ok) {
        m = FLINT_MAX(a, b);
        fmpz_set_ui(f, 10);
        fmpz_pow_ui(f, f, m);
        fmpz_mul(n, fmpq_numref(x), f);
        fmpz_divexact(n, n, fmpq_denref(x));
        *E = -m;
        while (!fmpz_is_zero(n) && fmpz_divisible_si(n, 10)) {
            fmpz_divexact_ui(n, n, 10);
            (*E)++;
        }
    }
    fmpz_clear(q);
    fmpz_clear(f);
    return ok;
}

static char *_roots_fmpq_get_str(const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x), *t = malloc(strlen(s) + 1);

    strcpy(t, s);
    flint_free(s);
    return t;
}

static void _rroot_get_strs_exact(char **approx, char **lo, char **hi, const fmpq_t x,
                                  slong digits)
{
    fmpz_t n;
    slong E;

    fmpz_init(n);
    if (_roots_dec_exact(n, &E, x)) {
        *lo = _roots_dec_get_str(n, E, 1);
        *hi = _roots_dec_get_str(n, E, 1);
        if ((slong)fmpz_sizeinbase(n, 10) <= digits || fmpz_is_zero(n))
            *approx = _roots_dec_get_str(n, E, 1);
        else
            *approx = _roots_dec_round(x, digits);
    } else {
        *lo = _roots_fmpq_get_str(x);
        *hi = _roots_fmpq_get_str(x);
        *approx = _roots_dec_round(x, digits);
    }
    fmpz_clear(n);
}

/* Moves the interval of r off 0 (0 is then no root of r->poly or r is exact):
   the relative accuracy below needs a bound away from 0. */
static void _rroot_avoid_zero(rroot_t r)
{
    fmpq_t z;
    int s;

    if (rroot_is_exact(r) || (fmpq_sgn(r->lo) > 0 || fmpq_sgn(r->hi) < 0))
        return;
    if (fmpq_sgn(r->lo) < 0 && fmpq_sgn(r->hi) > 0) {
        fmpq_init(z);
        s = _roots_poly_sign_at(r->poly, z);
        if (s == 0)
            rroot_set_exact(r, z);
        else if (s == r->sign_lo)
            fmpq_zero(r->lo);
        else
            fmpq_zero(r->hi);
        fmpq_clear(z);
    }
    while (!rroot_is_exact(r) && (fmpq_is_zero(r->lo) || fmpq_is_zero(r->hi)))
        rroot_bisect(r);
}

/* Whether hi - lo <= 10^-digits min(|lo|, |hi|) */
static int _rroot_rel_narrow(const rroot_t r, slong digits)
{
    fmpq_t w, m;
    fmpz_t t;
    int c;

    fmpq_init(w);
    fmpq_init(m);
    fmpz_init(t);
    fmpq_sub(w, r->hi, r->lo);
    if (_roots_fmpq_cmpabs(r->lo, r->hi) <= 0)
        fmpq_abs(m, r->lo);
    else
        fmpq_abs(m, r->hi);
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, digits);
    fmpq_mul_fmpz(w, w, t);
    c = fmpq_cmp(w, m) <= 0;
    fmpq_clear(w);
    fmpq_clear(m);
    fmpz_clear(t);
    return c;
}

void rroot_get_strs(char **approx, char **lo, char **hi, rroot_t r, slong digits)
{
    fmpz_t L, H;
    fmpq_t a, b;
    slong i, sig, E;
    int ok;

    digits = FLINT_MAX(digits, 1);
    _rroot_avoid_zero(r);
    while (!rroot_is_exact(r) && !_rroot_rel_narrow(r, digits + 2))
        _rroot_step(r);
    if (rroot_is_exact(r)) {
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }

    /* correctly rounded when both ends round alike, which a few more
       bisections nearly always achieve; else the midpoint rounded */
    *approx = NULL;
    for (i = 0; i < 64 && !rroot_is_exact(r); i++) {
        char *u = _roots_dec_round(r->lo, digits), *v = _roots_dec_round(r->hi, digits);
        ok = strcmp(u, v) == 0;
        free(v);
        if (ok) {
            *approx = u;
            break;
        }
        free(u);
        rroot_bisect(r);
    }
    if (rroot_is_exact(r)) {
        free(*approx);
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
        return;
    }
    if (*approx == NULL) {
        fmpq_init(a);
        fmpq_add(a, r->lo, r->hi);
        fmpq_div_2exp(a, a, 1);
        *approx = _roots_dec_round(a, digits);
        fmpq_clear(a);
    }

    /* lo, hi: the interval rounded outward to a grid of about digits/2
       significant digits, made finer until Descartes certifies exactly one root */
    fmpz_init(L);
    fmpz_init(H);
    fmpq_init(a);
    fmpq_init(b);
    fmpq_abs(a, _roots_fmpq_cmpabs(r->lo, r->hi) <= 0 ? r->lo : r->hi);
    E = _roots_dec_exponent(a);
    for (sig = FLINT_MAX(1, (digits + 1) / 2);; sig++) {
        _roots_dec_scale(L, r->lo, E - sig + 1, -1);
        _roots_dec_scale(H, r->hi, E - sig + 1, 1);
        fmpq_set_fmpz(a, L);
        fmpq_set_fmpz(b, H);
        fmpz_set_ui(L, 10);
        fmpz_pow_ui(L, L, FLINT_ABS(E - sig + 1));
        if (E - sig + 1 >= 0) {
            fmpq_mul_fmpz(a, a, L);
            fmpq_mul_fmpz(b, b, L);
        } else {
            fmpq_div_fmpz(a, a, L);
            fmpq_div_fmpz(b, b, L);
        }
        if (_roots_poly_sign_at(r->poly, a) != 0 &&
            _roots_poly_sign_at(r->poly, b) != 0 &&
            _roots_descartes_interval(r->poly, a, b) == 1)
            break;
        /* Descartes needs an interval small against the root separation */
        if (sig > digits + 2)
            rroot_bisect(r);
        if (rroot_is_exact(r))
            break;
    }
    if (rroot_is_exact(r)) {
        free(*approx);
        _rroot_get_strs_exact(approx, lo, hi, r->lo, digits);
    } else {
        _roots_dec_scale(L, a, E - sig + 1, 0);
        _roots_dec_scale(H, b, E - sig + 1, 0);
        *lo = _roots_dec_get_str(L, E - sig + 1, 1);
        *hi = _roots_dec_get_str(H, E - sig + 1, 1);
    }
    fmpz_clear(L);
    fmpz_clear(H);
    fmpq_clear(a);
    fmpq_clear(b);
}

/* ------------------------------------------------------------------------ */
/* Polynomial strings                                                        */

char *roots_poly_get_str(const fmpz_poly_t poly)
{
    slong i, n = 0, alloc = 16;
    char *out = malloc(alloc), *c;
    fmpz_t a;
    int first = 1;

    fmpz_init(a);
    for (i = poly->length - 1; i >= 0; i--) {
        const fmpz *ci = poly->coeffs + i;
        if (fmpz_is_zero(ci))
            continue;
        fmpz_abs(a, ci);
        c = fmpz_get_str(NULL, 10, a);
        if (n + (slong)strlen(c) + 48 > alloc) {
            alloc = 2 * (n + strlen(c) + 48);
            out = realloc(out, alloc);
        }
        if (first)
            n += sprintf(out + n, "%s", fmpz_sgn(ci) < 0 ? "-" : "");
        else
            n += sprintf(out + n, " %c ", fmpz_sgn(ci) < 0 ? '-' : '+');
        if (i == 0 || !fmpz_is_one(a))
            n += sprintf(out + n, "%s%s", c, i > 0 ? "*" : "");
        if (i == 1)
            n += sprintf(out + n, "x");
        else if (i > 1)
            n += sprintf(out + n, "x^%ld", (long)i);
        flint_free(c);
        first = 0;
    }
    if (first)
        strcpy(out, "0");
    fmpz_clear(a);
    return out;
}
