/* mqroot_tree: Descartes bisection on (0, 1) for a squarefree multi-quadratic
   polynomial f = sum_k sqrt(r_k) F_k, on exact integer Bernstein coefficients.

   A node is a dyadic interval I = (c / 2^k, (c + 1) / 2^k) with, for every
   class k, integers B_k[0..d] (d = deg f) such that f(lo + (hi - lo) t) =
   C sum_i (sum_k sqrt(r_k) B_k[i]) binom(d, i) t^i (1 - t)^(d - i) with a
   common C > 0. The sign variations of the coefficients sum_k sqrt(r_k) B_k[i]
   (signs decided exactly, mqroot_sgn) are those of T(x) = (1 + x)^d
   f((lo + hi x) / (1 + x)), whose coefficient of x^(d - i) is the i-th
   Bernstein coefficient times binom(d, i): Descartes' rule bounds the zeros
   in I with parity, 0 or 1 settle I. B[0] is f(lo), B[d] f(hi) (up to C), and
   a zero at an end only lowers the count. Children come from one integer de
   Casteljau pass at t = 1/2 per class (docs/mqroot.md). */
#include <stdlib.h>
#include <flint/fmpz_vec.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

#define MQROOT_DEPTH_MAX 4096

typedef struct {
    fmpz *P; /* len rows of w = d + 1 coefficients */
    fmpz_t c;
    slong k;
} _mqroot_node_struct;

typedef struct {
    const ct_mqpoly_struct *f;
    slong len, d, w;
    ct_mqroot_sgn_t sgn;
    fmpz_t one;
    _mqroot_node_struct *st;
    slong nst, ast;
    ct_mqroot_struct *r;
    slong n, alloc;
    int failed;
    slong depth_max; /* deeper intervals are given up (failed) */
} _mqroot_tree_struct;

static void _mqroot_push(_mqroot_tree_struct *t, fmpz *P, const fmpz_t c, slong k)
{
    _mqroot_node_struct *nd;

    if (t->nst == t->ast) {
        t->ast = FLINT_MAX(16, 2 * t->ast);
        t->st = flint_realloc(t->st, t->ast * sizeof(_mqroot_node_struct));
    }
    nd = t->st + t->nst++;
    nd->P = P;
    fmpz_init_set(nd->c, c);
    nd->k = k;
}

/* The leaf [lo, hi] holds one simple zero, f has the sign s on (lo, zero); an
   end where f vanishes (zlo, zhi) is moved inward by exact bisection. */
static void _mqroot_fix_ends(ct_mqroot_t r, int s, int zlo, int zhi)
{
    fmpq_t m;
    int sm;

    fmpq_init(m);
    while ((zlo || zhi) && !ct_mqroot_is_exact(r)) {
        fmpq_add(m, r->lo, r->hi);
        fmpq_div_2exp(m, m, 1);
        sm = ct_mqroot_sign_fmpq(&r->fn, m);
        if (sm == 0) {
            fmpq_set(r->lo, m);
            fmpq_set(r->hi, m);
        } else if (sm == s) {
            fmpq_set(r->lo, m);
            zlo = 0;
        } else {
            fmpq_set(r->hi, m);
            zhi = 0;
        }
    }
    r->sign_lo = ct_mqroot_is_exact(r) ? 0 : s;
    fmpq_clear(m);
}

static int _mqroot_cmp_lo(const void *a, const void *b)
{
    return fmpq_cmp(((const ct_mqroot_struct *)a)->lo, ((const ct_mqroot_struct *)b)->lo);
}

/* Sorts the roots; leaves sharing an end are separated by bisection. */
void _ct_mqroot_finish(ct_mqroot_struct *r, slong n)
{
    slong i;

    if (n > 1)
        qsort(r, n, sizeof(ct_mqroot_struct), _mqroot_cmp_lo);
    for (i = 0; i + 1 < n; i++)
        while (fmpq_cmp(r[i].hi, r[i + 1].lo) >= 0)
            ct_mqroot_bisect(ct_mqroot_is_exact(r + i) ? r + i + 1 : r + i);
    /* Intervals of width 2^-16 now (Newton steps are cheap there) make the exact sort
       of all breakpoints compare disjoint intervals, mostly. */
    fmpq_t w;
    fmpq_init(w);
    for (i = 0; i < n; i++)
        while (!ct_mqroot_is_exact(r + i)) {
            fmpq_sub(w, r[i].hi, r[i].lo);
            if (fmpz_bits(fmpq_denref(w)) > 16 + fmpz_bits(fmpq_numref(w)))
                break;
            ct_mqroot_bisect(r + i);
        }
    fmpq_clear(w);
}

/* A new root of f with interval [c / 2^k, (c + 1) / 2^k] (hi = lo if exact). */
static ct_mqroot_struct *_mqroot_new(_mqroot_tree_struct *t, const fmpz_t c, slong k,
                                     int exact)
{
    ct_mqroot_struct *r;

    if (t->n == t->alloc) {
        t->alloc = FLINT_MAX(4, 2 * t->alloc);
        t->r = flint_realloc(t->r, t->alloc * sizeof(ct_mqroot_struct));
    }
    r = t->r + t->n++;
    ct_mqroot_init(r);
    ct_mqpoly_set(&r->fn, t->f);
    fmpq_set_fmpz_frac(r->lo, c, t->one);
    fmpq_div_2exp(r->lo, r->lo, k);
    fmpq_set(r->hi, r->lo);
    if (!exact) {
        fmpq_set_fmpz_frac(r->hi, t->one, t->one);
        fmpq_div_2exp(r->hi, r->hi, k);
        fmpq_add(r->hi, r->hi, r->lo);
    }
    return r;
}

/* Descartes' test of the node's B: returns the sign variations (capped at 2),
 *first the sign of the lowest nonzero coefficient (f right of lo), *zlo,
 *zhi whether f vanishes at lo, hi. */
static slong _mqroot_test(_mqroot_tree_struct *t, const fmpz *B, int *first, int *zlo,
                          int *zhi)
{
    slong i, w = t->w, var = 0;
    int s, last = 0;

    *first = 0;
    *zlo = 0;
    *zhi = 0;
    for (i = 0; i < w && var < 2; i++) {
        s = _ct_mqroot_sgn(t->sgn, B + i, w);
        if (i == 0)
            *zlo = s == 0;
        if (i == w - 1)
            *zhi = s == 0;
        if (s == 0)
            continue;
        if (*first == 0)
            *first = s;
        var += last != 0 && s != last;
        last = s;
    }
    return var;
}

/* Divides all components by the largest common power of 2. */
static void _mqroot_remove_2content(fmpz *P, slong n)
{
    slong i;
    flint_bitcnt_t v = WORD_MAX;

    for (i = 0; i < n && v > 0; i++)
        if (!fmpz_is_zero(P + i))
            v = FLINT_MIN(v, fmpz_val2(P + i));
    if (v > 0 && v != (flint_bitcnt_t)WORD_MAX)
        _fmpz_vec_scalar_fdiv_q_2exp(P, P, n, v);
}

/* de Casteljau at t = 1/2 on one class: with b^0 = B and b^j_i = b^(j-1)_i +
   b^(j-1)_(i+1) (2^j times the usual averages), the left child is
   2^(d-i) b^i_0, the right one 2^i b^(d-i)_i. B becomes the left child, R
   (a copy of B on entry) the right one. */
static void _mqroot_casteljau(fmpz *B, fmpz *R, slong d)
{
    slong i, j;

    for (j = 1; j <= d; j++) {
        for (i = 0; i <= d - j; i++)
            fmpz_add(R + i, R + i, R + i + 1);
        fmpz_set(B + j, R);
    }
    for (i = 0; i <= d; i++) {
        fmpz_mul_2exp(B + i, B + i, d - i);
        fmpz_mul_2exp(R + i, R + i, i);
    }
}

/* Children of the node; f vanishes at the midpoint iff the left child's last
   coefficient is 0 in every class: an exact zero. */
static void _mqroot_split(_mqroot_tree_struct *t, fmpz *P, const fmpz_t c, slong k)
{
    slong j, w = t->w, n = t->len * w;
    fmpz *R = _fmpz_vec_init(n);
    fmpz_t cc;
    int zero = 1;

    _fmpz_vec_set(R, P, n);
    for (j = 0; j < t->len; j++) {
        _mqroot_casteljau(P + j * w, R + j * w, w - 1);
        zero &= fmpz_is_zero(R + j * w);
    }
    _mqroot_remove_2content(P, n);
    _mqroot_remove_2content(R, n);
    fmpz_init(cc);
    fmpz_mul_2exp(cc, c, 1);
    fmpz_add_ui(cc, cc, 1);
    if (zero)
        _mqroot_new(t, cc, k + 1, 1);
    _mqroot_push(t, R, cc, k + 1);
    fmpz_sub_ui(cc, cc, 1);
    _mqroot_push(t, P, cc, k + 1);
    fmpz_clear(cc);
}

static void _mqroot_node(_mqroot_tree_struct *t, fmpz *P, const fmpz_t c, slong k)
{
    int first, zlo, zhi;
    slong var = _mqroot_test(t, P, &first, &zlo, &zhi);

    if (var == 1)
        _mqroot_fix_ends(_mqroot_new(t, c, k, 0), first, zlo, zhi);
    if (var <= 1 || k >= t->depth_max) {
        t->failed |= var > 1;
        _fmpz_vec_clear(P, t->len * t->w);
        return;
    }
    _mqroot_split(t, P, c, k);
}

/* B_k = Bernstein coefficients of F_k on [0, 1] times L = lcm binom(d, i):
   the coefficient of x^(d - i) of (1 + x)^d F_k(1 / (1 + x)) times
   L / binom(d, i). */
static fmpz *_mqroot_bernstein(const ct_mqpoly_t f, slong d)
{
    slong j, i, w = d + 1;
    fmpz *B = _fmpz_vec_init(f->len * w), *m = _fmpz_vec_init(w);
    fmpz_t L, one;

    fmpz_init_set_ui(L, 1);
    fmpz_init_set_ui(one, 1);
    for (i = 0; i <= d; i++) {
        fmpz_bin_uiui(m + i, d, i);
        fmpz_lcm(L, L, m + i);
    }
    for (i = 0; i <= d; i++)
        fmpz_divexact(m + i, L, m + i);
    for (j = 0; j < f->len; j++) {
        fmpz *row = B + j * w;
        _fmpz_poly_reverse(row, f->poly[j].coeffs, f->poly[j].length, w);
        _fmpz_poly_taylor_shift(row, one, w); /* T */
        _fmpz_poly_reverse(row, row, w, w);   /* row[i] = T[d - i] */
        for (i = 0; i <= d; i++)
            fmpz_mul(row + i, row + i, m + i);
    }
    _fmpz_vec_clear(m, w);
    fmpz_clear(L);
    fmpz_clear(one);
    return B;
}

slong _ct_mqroot_isolate_sqfree(ct_mqroot_struct **out, const ct_mqpoly_t f,
                                slong depth_max)
{
    _mqroot_tree_struct t = {0};
    slong j;
    fmpz *P;
    fmpz_t c0;

    t.depth_max = FLINT_MIN(depth_max, MQROOT_DEPTH_MAX);
    t.f = f;
    t.len = f->len;
    t.d = ct_mqpoly_degree(f);
    t.w = t.d + 1;
    _ct_mqroot_sgn_init(t.sgn, f->rad, f->len);
    fmpz_init_set_ui(t.one, 1);
    P = _mqroot_bernstein(f, t.d);
    fmpz_init(c0);
    _mqroot_push(&t, P, c0, 0);
    fmpz_clear(c0);
    while (t.nst > 0) {
        _mqroot_node_struct nd = t.st[--t.nst];
        _mqroot_node(&t, nd.P, nd.c, nd.k);
        fmpz_clear(nd.c);
    }
    _ct_mqroot_finish(t.r, t.n);
    _ct_mqroot_sgn_clear(t.sgn);
    fmpz_clear(t.one);
    flint_free(t.st);
    *out = t.r;
    if (t.failed) {
        for (j = 0; j < t.n; j++)
            ct_mqroot_clear(t.r + j);
        flint_free(t.r);
        *out = NULL;
        return -1;
    }
    return t.n;
}
