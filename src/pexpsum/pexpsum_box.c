/* pexpsum_box: the zeros of a system of two equations in (c, d) on boxes,
   certified by Krawczyk's test in Arb (docs/joint.md, "Isolating events").

   A box is dropped when one equation excludes 0 on it (natural or centered
   form); else the Krawczyk operator K of the box inflated by 1/8 of its
   widths decides: K inside the inflated box's interior proves exactly one
   zero there (inflating puts a zero on the shared edge of two boxes inside
   one of them); K disjoint from it proves none; else the box is bisected
   along its longer side. A proved zero is narrowed by K (every box holding
   it holds it after K), and one found twice is recognized because each
   narrow enclosure lies in the other's box of uniqueness. */
#include <stdio.h>
#include "pexpsum_internal.h"

void _ct_pexpsum_box_init(_ct_pexpsum_box *X)
{
    arf_init(&X->c0), arf_init(&X->c1), arf_init(&X->d0), arf_init(&X->d1);
}

void _ct_pexpsum_box_clear(_ct_pexpsum_box *X)
{
    arf_clear(&X->c0), arf_clear(&X->c1), arf_clear(&X->d0), arf_clear(&X->d1);
}

void _ct_pexpsum_box_set(_ct_pexpsum_box *X, const _ct_pexpsum_box *Y)
{
    arf_set(&X->c0, &Y->c0), arf_set(&X->c1, &Y->c1);
    arf_set(&X->d0, &Y->d0), arf_set(&X->d1, &Y->d1);
}

void _ct_pexpsum_fn_eval(arb_t y, const _ct_pexpsum_fn *f, const arb_t c, const arb_t d,
                         slong ic, slong jd, slong prec)
{
    if (f->k != NULL) {
        _ct_pexpsum_cache_eval(y, f->k, f->div, c, d, ic, f->id + jd, prec);
        return;
    }
    if (f->h != NULL && f->div >= 0) {
        _ct_pexpsum_eval_div(y, f->h, f->div, c, d, ic, f->id + jd, prec);
        return;
    }
    if (f->h != NULL) {
        ct_pexpsum_eval_arb(y, f->h, c, d, ic, f->id + jd, prec);
        return;
    }
    if (ic == 0 && jd == 0)
        arb_sub_si(y, d, f->e, prec);
    else
        arb_set_si(y, ic == 0 && jd == 1);
}

static void box_balls(arb_t c, arb_t d, const _ct_pexpsum_box *X, slong prec)
{
    arb_set_interval_arf(c, &X->c0, &X->c1, prec);
    arb_set_interval_arf(d, &X->d0, &X->d1, prec);
}

int _ct_pexpsum_fn_excludes(const _ct_pexpsum_fn *f, const _ct_pexpsum_box *X, slong prec)
{
    arb_t c, d, y, mc, md, t;
    arb_init(c), arb_init(d), arb_init(y), arb_init(mc), arb_init(md), arb_init(t);
    box_balls(c, d, X, prec);
    _ct_pexpsum_fn_eval(y, f, c, d, 0, 0, prec);
    int ex = !arb_contains_zero(y);
    if (!ex) { /* f(m) + f_c(X) (c - mc) + f_d(X) (d - md) */
        arb_get_mid_arb(mc, c), arb_get_mid_arb(md, d);
        _ct_pexpsum_fn_eval(y, f, mc, md, 0, 0, prec);
        _ct_pexpsum_fn_eval(t, f, c, d, 1, 0, prec);
        arb_sub(mc, c, mc, prec);
        arb_addmul(y, t, mc, prec);
        _ct_pexpsum_fn_eval(t, f, c, d, 0, 1, prec);
        arb_sub(md, d, md, prec);
        arb_addmul(y, t, md, prec);
        ex = !arb_contains_zero(y);
    }
    arb_clear(c), arb_clear(d), arb_clear(y), arb_clear(mc), arb_clear(md), arb_clear(t);
    return ex;
}

enum { KRAW_UNKNOWN, KRAW_NONE, KRAW_ONE };

/* Whether the ball x lies inside (lo, hi) (1), outside [lo, hi] (-1), else 0. */
static int ball_vs(const arb_t x, const arf_t lo, const arf_t hi, slong prec)
{
    arf_t a, b;
    arf_init(a), arf_init(b);
    arb_get_interval_arf(a, b, x, 2 * prec);
    int r = arf_cmp(a, lo) > 0 && arf_cmp(b, hi) < 0   ? 1
            : arf_cmp(b, lo) < 0 || arf_cmp(a, hi) > 0 ? -1
                                                       : 0;
    arf_clear(a), arf_clear(b);
    return r;
}

/* Krawczyk's operator of X into (kc, kd); the verdict. */
static int krawczyk(arb_t kc, arb_t kd, const _ct_pexpsum_fn *f, const _ct_pexpsum_box *X,
                    slong prec)
{
    arb_t c, d, mc, md, J[2][2], Y[2][2], fm[2], det, t, u;
    arb_init(c), arb_init(d), arb_init(mc), arb_init(md), arb_init(det);
    arb_init(t), arb_init(u);
    for (int i = 0; i < 2; i++) {
        arb_init(fm[i]);
        for (int j = 0; j < 2; j++)
            arb_init(J[i][j]), arb_init(Y[i][j]);
    }
    box_balls(c, d, X, prec);
    arb_get_mid_arb(mc, c), arb_get_mid_arb(md, d);
    for (int i = 0; i < 2; i++) {
        _ct_pexpsum_fn_eval(fm[i], f + i, mc, md, 0, 0, prec);
        _ct_pexpsum_fn_eval(J[i][0], f + i, c, d, 1, 0, prec);
        _ct_pexpsum_fn_eval(J[i][1], f + i, c, d, 0, 1, prec);
    }
    /* Y: the midpoint of the inverse of mid(J) (any matrix is valid) */
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            arb_get_mid_arb(Y[i][j], J[i][j]);
    arb_mul(det, Y[0][0], Y[1][1], prec);
    arb_submul(det, Y[0][1], Y[1][0], prec);
    int v = KRAW_UNKNOWN;
    if (!arb_contains_zero(det)) {
        arb_swap(Y[0][0], Y[1][1]);
        arb_neg(Y[0][1], Y[0][1]), arb_neg(Y[1][0], Y[1][0]);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                arb_div(Y[i][j], Y[i][j], det, prec);
                arb_get_mid_arb(Y[i][j], Y[i][j]);
            }
        arb_sub(c, c, mc, prec), arb_sub(d, d, md, prec); /* X - m */
        for (int i = 0; i < 2; i++) {
            arb_ptr k = i == 0 ? kc : kd;
            arb_set(k, i == 0 ? mc : md);
            arb_submul(k, Y[i][0], fm[0], prec);
            arb_submul(k, Y[i][1], fm[1], prec);
            for (int j = 0; j < 2; j++) { /* (I - Y J)[i][j] (X - m)[j] */
                arb_mul(t, Y[i][0], J[0][j], prec);
                arb_addmul(t, Y[i][1], J[1][j], prec);
                arb_neg(t, t);
                if (i == j)
                    arb_add_ui(t, t, 1, prec);
                arb_addmul(k, t, j == 0 ? c : d, prec);
            }
        }
        int a = ball_vs(kc, &X->c0, &X->c1, prec), b = ball_vs(kd, &X->d0, &X->d1, prec);
        v = a == -1 || b == -1 ? KRAW_NONE : a == 1 && b == 1 ? KRAW_ONE : KRAW_UNKNOWN;
    }
    arb_clear(c), arb_clear(d), arb_clear(mc), arb_clear(md), arb_clear(det);
    arb_clear(t), arb_clear(u);
    for (int i = 0; i < 2; i++) {
        arb_clear(fm[i]);
        for (int j = 0; j < 2; j++)
            arb_clear(J[i][j]), arb_clear(Y[i][j]);
    }
    return v;
}

/* X inflated by 1/8 of its widths on each side, exactly (dyadic ends). */
static void box_inflate(_ct_pexpsum_box *Z, const _ct_pexpsum_box *X)
{
    arf_t w;
    arf_init(w);
    arf_sub(w, &X->c1, &X->c0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(w, w, -3);
    arf_sub(&Z->c0, &X->c0, w, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_add(&Z->c1, &X->c1, w, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_sub(w, &X->d1, &X->d0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(w, w, -3);
    arf_sub(&Z->d0, &X->d0, w, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_add(&Z->d1, &X->d1, w, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(w);
}

/* E = E intersected with the ball hull of (kc, kd), rounded outward to 64
   bits (still holding the zero). */
static void box_meet(_ct_pexpsum_box *E, const arb_t kc, const arb_t kd)
{
    arf_t a, b;
    arf_init(a), arf_init(b);
    arb_get_interval_arf(a, b, kc, 64);
    if (arf_cmp(a, &E->c0) > 0)
        arf_set(&E->c0, a);
    if (arf_cmp(b, &E->c1) < 0)
        arf_set(&E->c1, b);
    arb_get_interval_arf(a, b, kd, 64);
    if (arf_cmp(a, &E->d0) > 0)
        arf_set(&E->d0, a);
    if (arf_cmp(b, &E->d1) < 0)
        arf_set(&E->d1, b);
    arf_clear(a), arf_clear(b);
}

/* Narrows E (holding the unique zero) by Krawczyk steps. */
static void root_narrow(_ct_pexpsum_box *E, const _ct_pexpsum_fn *f)
{
    arb_t kc, kd;
    arb_init(kc), arb_init(kd);
    for (int it = 0; it < 40; it++) {
        krawczyk(kc, kd, f, E, f->prec);
        if (!arb_is_finite(kc) || !arb_is_finite(kd))
            break;
        box_meet(E, kc, kd);
        if (arb_rel_accuracy_bits(kc) > 100 && arb_rel_accuracy_bits(kd) > 100)
            break;
    }
    arb_clear(kc), arb_clear(kd);
}

static int box_inside(const _ct_pexpsum_box *A, const _ct_pexpsum_box *B)
{
    return arf_cmp(&A->c0, &B->c0) >= 0 && arf_cmp(&A->c1, &B->c1) <= 0 &&
           arf_cmp(&A->d0, &B->d0) >= 0 && arf_cmp(&A->d1, &B->d1) <= 0;
}

/* Records the zero proved in own (K = (kc, kd)) unless already found. */
static void root_add(_ct_pexpsum_root **roots, slong *nroots, slong *cap, slong first,
                     const _ct_pexpsum_fn *f, const _ct_pexpsum_box *own, const arb_t kc,
                     const arb_t kd)
{
    _ct_pexpsum_box E;
    _ct_pexpsum_box_init(&E);
    _ct_pexpsum_box_set(&E, own);
    box_meet(&E, kc, kd);
    root_narrow(&E, f);
    for (slong r = first; r < *nroots; r++)
        if (box_inside(&E, &(*roots)[r].own) || box_inside(&(*roots)[r].enc, own)) {
            _ct_pexpsum_box_clear(&E);
            return;
        }
    if (*nroots == *cap) {
        *cap = 2 * *cap + 4;
        *roots = flint_realloc(*roots, *cap * sizeof(_ct_pexpsum_root));
    }
    _ct_pexpsum_root *R = *roots + (*nroots)++;
    _ct_pexpsum_box_init(&R->own), _ct_pexpsum_box_init(&R->enc);
    _ct_pexpsum_box_set(&R->own, own);
    _ct_pexpsum_box_set(&R->enc, &E);
    _ct_pexpsum_box_clear(&E);
}

static int box_too_small(const _ct_pexpsum_box *X)
{
    arf_t w;
    arf_init(w);
    arf_sub(w, &X->c1, &X->c0, ARF_PREC_EXACT, ARF_RND_DOWN);
    int small = arf_cmpabs_2exp_si(w, -CT_PEXPSUM_MIN_BITS) < 0;
    arf_sub(w, &X->d1, &X->d0, ARF_PREC_EXACT, ARF_RND_DOWN);
    small = small || arf_cmpabs_2exp_si(w, -CT_PEXPSUM_MIN_BITS) < 0;
    arf_clear(w);
    return small;
}

/* Splits X along its longer side into X (lower half) and Y (upper half). */
static void box_split(_ct_pexpsum_box *X, _ct_pexpsum_box *Y)
{
    arf_t wc, wd;
    arf_init(wc), arf_init(wd);
    arf_sub(wc, &X->c1, &X->c0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_sub(wd, &X->d1, &X->d0, ARF_PREC_EXACT, ARF_RND_DOWN);
    _ct_pexpsum_box_set(Y, X);
    int alongc = arf_cmp(wc, wd) >= 0;
    arf_struct *lo = alongc ? &X->c0 : &X->d0, *hi = alongc ? &X->c1 : &X->d1;
    arf_struct *ylo = alongc ? &Y->c0 : &Y->d0;
    arf_add(ylo, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(ylo, ylo, -1);
    arf_set(hi, ylo);
    arf_clear(wc), arf_clear(wd);
}

static void what_box(char *what, size_t len, const char *why, const _ct_pexpsum_box *X)
{
    snprintf(what, len, "%s near c = %.17g, delta = %.17g", why,
             arf_get_d(&X->c0, ARF_RND_NEAR), arf_get_d(&X->d0, ARF_RND_NEAR));
}

int _ct_pexpsum_solve(_ct_pexpsum_root **roots, slong *nroots, slong *cap,
                      const _ct_pexpsum_fn *f, const _ct_pexpsum_box *start, slong nstart,
                      slong *boxes, char *what, size_t whatlen)
{
    slong first = *nroots, len = 0, alloc = nstart + 64, spent = 0;
    _ct_pexpsum_box *st = flint_malloc(alloc * sizeof(_ct_pexpsum_box)), Z;
    for (slong i = 0; i < alloc; i++)
        _ct_pexpsum_box_init(st + i);
    for (; len < nstart; len++)
        _ct_pexpsum_box_set(st + len, start + len);
    _ct_pexpsum_box_init(&Z);
    arb_t kc, kd;
    arb_init(kc), arb_init(kd);
    int rc = 0;
    while (len > 0 && rc == 0) {
        _ct_pexpsum_box *X = st + len - 1;
        (*boxes)++;
        if (++spent > CT_PEXPSUM_BUDGET) {
            what_box(what, whatlen, "box budget spent", X);
            rc = 1;
            break;
        }
        if (_ct_pexpsum_fn_excludes(f, X, f->prec) ||
            _ct_pexpsum_fn_excludes(f + 1, X, f->prec)) {
            len--;
            continue;
        }
        box_inflate(&Z, X);
        int v = krawczyk(kc, kd, f, &Z, f->prec);
        if (v == KRAW_ONE)
            root_add(roots, nroots, cap, first, f, &Z, kc, kd);
        if (v != KRAW_UNKNOWN) {
            len--;
            continue;
        }
        if (box_too_small(X)) {
            what_box(what, whatlen, "a zero that Krawczyk's test cannot isolate", X);
            rc = 1;
            break;
        }
        if (len == alloc) {
            st = flint_realloc(st, 2 * alloc * sizeof(_ct_pexpsum_box));
            for (slong i = alloc; i < 2 * alloc; i++)
                _ct_pexpsum_box_init(st + i);
            alloc *= 2;
            X = st + len - 1;
        }
        box_split(X, st + len);
        len++;
    }
    arb_clear(kc), arb_clear(kd);
    _ct_pexpsum_box_clear(&Z);
    for (slong i = 0; i < alloc; i++)
        _ct_pexpsum_box_clear(st + i);
    flint_free(st);
    return rc;
}
