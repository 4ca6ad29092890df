/* roots: certified positive real roots of integer polynomials.

   Isolation (this file) is the continued-fraction form of Descartes' rule of
   signs (Vincent-Akritas-Strzebonski) on exact integer polynomials; refinement
   and comparison (roots_refine.c) decide signs with Arb balls and fall back to
   exact integer evaluation whenever a ball contains zero (roots_sign.c), so
   every sign used is certain; roots_str.c writes the decimal certificates.
   docs/roots.md explains why the output is certified. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "rroot_internal.h"

/* ------------------------------------------------------------------------ */
/* rroot basics                                                              */

void ct_rroot_init(ct_rroot_t r)
{
    fmpz_poly_init(r->poly);
    fmpq_init(r->lo);
    fmpq_init(r->hi);
    r->sign_lo = 0;
}

void ct_rroot_clear(ct_rroot_t r)
{
    fmpz_poly_clear(r->poly);
    fmpq_clear(r->lo);
    fmpq_clear(r->hi);
}

void ct_rroot_set(ct_rroot_t r, const ct_rroot_t s)
{
    if (r == s)
        return;
    fmpz_poly_set(r->poly, s->poly);
    fmpq_set(r->lo, s->lo);
    fmpq_set(r->hi, s->hi);
    r->sign_lo = s->sign_lo;
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
    ct_rroot_struct *r;
    slong len, alloc;
} _roots_list_struct;

static ct_rroot_struct *_roots_list_new(_roots_list_struct *L, const fmpz_poly_t f,
                                        const fmpq_t lo, const fmpq_t hi)
{
    ct_rroot_struct *r;

    if (L->len == L->alloc) {
        L->alloc = FLINT_MAX(4, 2 * L->alloc);
        L->r = flint_realloc(L->r, L->alloc * sizeof(ct_rroot_struct));
    }
    r = L->r + L->len++;
    ct_rroot_init(r);
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
    v = _ct_rroot_sign_variations(p->coeffs, p->length);
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
            v = _ct_rroot_sign_variations(p->coeffs, p->length);
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
        vr = _ct_rroot_sign_variations(q->coeffs, q->length);
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
            vl = _ct_rroot_sign_variations(p->coeffs, p->length);
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
static void _roots_fix_endpoints(ct_rroot_t r, const fmpz_poly_t f)
{
    fmpq_t m;
    int s, slo, shi;

    if (ct_rroot_is_exact(r))
        return;
    fmpq_init(m);
    slo = _ct_rroot_poly_sign_at(f, r->lo);
    shi = _ct_rroot_poly_sign_at(f, r->hi);
    s = slo != 0 ? slo : _ct_rroot_sign_right_of(f, r->lo);
    while (slo == 0 || shi == 0) {
        fmpq_add(m, r->lo, r->hi);
        fmpq_div_2exp(m, m, 1);
        slo = _ct_rroot_poly_sign_at(f, m);
        if (slo == 0) {
            ct_rroot_set_exact(r, m);
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
    if (!ct_rroot_is_exact(r))
        r->sign_lo = s;
    fmpq_clear(m);
}

/* Moves the ends of r, one simple root of f inside, to dyadic numbers
   inside the interval: an end c' past c keeps the root iff f(c') has the sign
   f has at c; else c' bounds the root from the other side, closer. */
static void _roots_make_dyadic(ct_rroot_t r, const fmpz_poly_t f)
{
    fmpq_t w, c;
    fmpz_t n;
    slong k;
    int s, end;

    fmpq_init(w);
    fmpq_init(c);
    fmpz_init(n);
    for (end = 0; end < 2 && !ct_rroot_is_exact(r); end++) {
        fmpq *x = end == 0 ? r->lo : r->hi;
        while (!ct_rroot_is_exact(r) && _roots_fmpz_log2_exact(fmpq_denref(x)) < 0) {
            fmpq_sub(w, r->hi, r->lo);
            k = 2 - _ct_rroot_fmpq_log2(w);
            k = FLINT_MAX(k, 0);
            fmpz_mul_2exp(n, fmpq_numref(x), k);
            if (end == 0)
                fmpz_cdiv_q(n, n, fmpq_denref(x));
            else
                fmpz_fdiv_q(n, n, fmpq_denref(x));
            fmpq_set_fmpz(c, n);
            fmpq_div_2exp(c, c, k);
            s = _ct_rroot_poly_sign_at(f, c);
            if (s == 0) {
                ct_rroot_set_exact(r, c);
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

/* Bisections of the left interval alone before alternating with the right. */
#define ROOTS_PULL_ALTERNATE 64

static int _roots_cmp_lo(const void *a, const void *b)
{
    return fmpq_cmp(((const ct_rroot_struct *)a)->lo, ((const ct_rroot_struct *)b)->lo);
}

slong ct_rroot_isolate_positive(ct_rroot_struct **out, const fmpz_poly_t f)
{
    _roots_list_struct L = {NULL, 0, 0};
    fmpz_poly_t g;
    fmpq_t a, b;
    slong v, i, khi, klo;
    ct_rroot_struct *r;

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
        _ct_rroot_fmpq_set_2exp(a, -klo);
        _ct_rroot_fmpq_set_2exp(b, khi);
        _roots_cf_tree(&L, f, g, b);
        for (i = 0; i < L.len; i++) {
            r = L.r + i;
            if (fmpq_is_zero(r->lo))
                fmpq_set(r->lo, a);
            _roots_fix_endpoints(r, f);
            _roots_make_dyadic(r, f);
        }
        if (L.len > 1)
            qsort(L.r, L.len, sizeof(ct_rroot_struct), _roots_cmp_lo);
        /* leaves may share an end: pull the left interval back; when its root
           hugs the shared end (alpha with weights of 10^5 digits: one bisection
           per bit of the distance), alternate with pushing the right one
           forward (tests/cli-robust.sh, 1e30000) */
        for (i = 0; i + 1 < L.len; i++)
            for (slong t = 0; fmpq_cmp(L.r[i].hi, L.r[i + 1].lo) >= 0; t++) {
                int right = ct_rroot_is_exact(L.r + i) ||
                            (t >= ROOTS_PULL_ALTERNATE && t % 2 == 1 &&
                             !ct_rroot_is_exact(L.r + i + 1));
                ct_rroot_bisect(L.r + i + right);
            }
    }
    fmpz_poly_clear(g);
    fmpq_clear(a);
    fmpq_clear(b);
    *out = L.r;
    return L.len;
}
