/* mqroot_ball: the Descartes bisection of mqroot_tree.c on one real polynomial
   with Arb ball coefficients instead of one exact integer polynomial per
   square class.

   f = sum_k sqrt(r_k) F_k is summed once into ball coefficients at a working
   precision; the Bernstein coefficients and the de Casteljau halvings are
   ball operations, so every ball contains the true coefficient. When all
   balls of a node exclude 0 their signs are the true signs and Descartes'
   rule concludes exactly as in the exact tree. A node with an undecided sign
   is split: inserting signs into a sequence never lowers its variation count,
   so splitting is what the exact test would do, or more. When the balls grow
   too wide (too deep for the precision, or too many undecided splits) the run
   gives up and the caller retries at a higher precision or with the exact
   tree. f has no rational zero (its components are coprime over Q:
   ct_mqroot_isolate), so its values at the dyadic ends are never 0. */
#include <stdlib.h>
#include <arb_poly.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpz_vec.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

/* Leaves are refined to width 2^-MQBALL_LEAF_DEPTH inside the tree (cheap
   there), so the exact sort of all breakpoints mostly compares disjoint
   intervals. */
#define MQBALL_LEAF_DEPTH 16

/* Precision of the zero-free test (an undecided sign only makes it answer
   "not proved"). */
#define MQROOT_ZERO_FREE_PREC 128

typedef struct {
    arb_ptr B; /* d + 1 Bernstein coefficients on the node's interval */
    fmpz_t c;  /* the interval is (c / 2^k, (c + 1) / 2^k) */
    slong k;
} mqball_node;

typedef struct {
    const ct_mqpoly_struct *f;
    arb_ptr a;                        /* f's coefficients (ball), for evaluation */
    slong d, prec, depth_max, budget; /* budget: undecided splits left */
    mqball_node *st;
    slong nst, ast;
    ct_mqroot_struct *r;
    slong n, alloc;
    int status; /* 0, or -1 (cap with > 1 variation), -2 (precision) */
} mqball_tree;

static void mqball_push(mqball_tree *t, arb_ptr B, const fmpz_t c, slong k)
{
    if (t->nst == t->ast) {
        t->ast = FLINT_MAX(16, 2 * t->ast);
        t->st = flint_realloc(t->st, t->ast * sizeof(mqball_node));
    }
    mqball_node *nd = t->st + t->nst++;
    nd->B = B;
    fmpz_init_set(nd->c, c);
    nd->k = k;
}

/* The Taylor shift of the Bernstein transform, exactly on integers: with
   r = a reversed, its midpoints scaled by 2^(*sh) to about prec bits and
   rounded, each within e of 2^(*sh) r[k], T[j] = sum_{k >= j} binom(k, j) r[k]
   is within e binom(d + 1, j + 1) of 2^(*sh) times the true T[j], where
   T(x) = (1 + x)^d f(1 / (1 + x)). T has d + 1 entries; a not all 0. */
static void mqball_shift(fmpz *T, mag_t e, slong *sh, arb_srcptr a, slong d, slong prec)
{
    fmpz_t one;
    arf_t m;
    mag_t t;
    fmpz_init_set_ui(one, 1), arf_init(m), mag_init(t);
    slong E = WORD_MIN;
    for (slong i = 0; i <= d; i++)
        if (!arf_is_zero(arb_midref(a + i)))
            E = FLINT_MAX(E, arf_abs_bound_lt_2exp_si(arb_midref(a + i)));
    *sh = E == WORD_MIN ? 0 : prec - E; /* (f != 0: some midpoint is not 0) */
    mag_zero(e);
    for (slong i = 0; i <= d; i++) {
        arf_mul_2exp_si(m, arb_midref(a + i), *sh);
        arf_get_fmpz(T + d - i, m, ARF_RND_NEAR); /* within 1/2 */
        mag_mul_2exp_si(t, arb_radref(a + i), *sh);
        mag_max(e, e, t);
    }
    mag_one(t);
    mag_mul_2exp_si(t, t, -1);
    mag_add(e, e, t);
    _fmpz_poly_taylor_shift(T, one, d + 1);
    fmpz_clear(one), arf_clear(m), mag_clear(t);
}

/* Bernstein coefficients of f (ball coefficients a, not all 0) on [0, 1]:
   B[i] = T[d - i] / binom(d, i), within e binom(d + 1, i) / binom(d, i) =
   e (d + 1) / (d + 1 - i) <= e (d + 1), all over 2^sh (mqball_shift). */
static arb_ptr mqball_bernstein(arb_srcptr a, slong d, slong prec)
{
    arb_ptr B = _arb_vec_init(d + 1);
    fmpz *T = _fmpz_vec_init(d + 1);
    fmpz_t bin;
    mag_t e;
    slong sh;
    fmpz_init(bin), mag_init(e);
    mqball_shift(T, e, &sh, a, d, prec);
    mag_mul_ui(e, e, (ulong)d + 1);
    fmpz_one(bin);
    for (slong i = 0; i <= d; i++) {
        arb_set_fmpz(B + i, T + d - i);
        arb_add_error_mag(B + i, e);
        arb_div_fmpz(B + i, B + i, bin, prec);
        arb_mul_2exp_si(B + i, B + i, -sh);
        fmpz_mul_ui(bin, bin, (ulong)(d - i)); /* binom(d, i + 1) */
        fmpz_divexact_ui(bin, bin, (ulong)(i + 1));
    }
    _fmpz_vec_clear(T, d + 1);
    fmpz_clear(bin), mag_clear(e);
    return B;
}

/* Halving at t = 1/2: B becomes the left child, R (scratch) the right one;
   b^j_i = (b^(j-1)_i + b^(j-1)_(i+1)) / 2, left b^i_0, right b^(d-i)_i. */
static void mqball_casteljau(arb_ptr B, arb_ptr R, slong d, slong prec)
{
    _arb_vec_set(R, B, d + 1);
    for (slong j = 1; j <= d; j++) {
        for (slong i = 0; i <= d - j; i++) {
            arb_add(R + i, R + i, R + i + 1, prec);
            arb_mul_2exp_si(R + i, R + i, -1);
        }
        arb_set(B + j, R);
    }
}

/* The sign variations among the decided signs of B (capped at 2), *first the
   sign of B[0]; returns 1 when some sign is undecided. */
static int mqball_signs(slong *var, int *first, arb_srcptr B, slong d)
{
    int undecided = 0, last = 0;
    *var = 0;
    *first = arb_is_positive(B) ? 1 : arb_is_negative(B) ? -1 : 0;
    for (slong i = 0; i <= d && *var < 2; i++) {
        int s = arb_is_positive(B + i) ? 1 : arb_is_negative(B + i) ? -1 : 0;
        if (s == 0) {
            undecided = 1;
            continue;
        }
        *var += last != 0 && s != last;
        last = s;
    }
    return undecided;
}

/* A root of f in the node's interval with f's sign s at its left end. */
static void mqball_new_root(mqball_tree *t, const fmpz_t c, slong k, int s)
{
    if (t->n == t->alloc) {
        t->alloc = FLINT_MAX(4, 2 * t->alloc);
        t->r = flint_realloc(t->r, t->alloc * sizeof(ct_mqroot_struct));
    }
    ct_mqroot_struct *r = t->r + t->n++;
    ct_mqroot_init(r);
    ct_mqpoly_set(&r->fn, t->f);
    fmpz_t one, c1;
    fmpz_init_set_ui(one, 1);
    fmpz_init(c1);
    fmpz_add_ui(c1, c, 1);
    fmpq_set_fmpz_frac(r->lo, c, one);
    fmpq_div_2exp(r->lo, r->lo, k);
    fmpq_set_fmpz_frac(r->hi, c1, one);
    fmpq_div_2exp(r->hi, r->hi, k);
    fmpz_clear(one), fmpz_clear(c1);
    r->sign_lo = s;
}

static void mqball_split(mqball_tree *t, arb_ptr B, const fmpz_t c, slong k)
{
    arb_ptr R = _arb_vec_init(t->d + 1);
    fmpz_t cc;
    fmpz_init(cc);
    mqball_casteljau(B, R, t->d, t->prec);
    fmpz_mul_2exp(cc, c, 1);
    fmpz_add_ui(cc, cc, 1);
    mqball_push(t, R, cc, k + 1);
    fmpz_sub_ui(cc, cc, 1);
    mqball_push(t, B, cc, k + 1);
    fmpz_clear(cc);
}

static void mqball_node_run(mqball_tree *t, arb_ptr B, const fmpz_t c, slong k)
{
    slong var;
    int first, undecided = mqball_signs(&var, &first, B, t->d);
    int split = undecided || var >= 2;
    if (!split && var == 1)
        mqball_new_root(t, c, k, first);
    if (split && undecided && (t->budget-- <= 0 || k >= t->prec - 32))
        t->status = -2;
    else if (split && k >= t->depth_max)
        t->status = var >= 2 ? -1 : -2;
    else if (split) {
        mqball_split(t, B, c, k);
        return;
    }
    _arb_vec_clear(B, t->d + 1);
}

/* Halves r's interval while the sign of f at the midpoint is decided by a
   ball evaluation, down to width 2^-MQBALL_LEAF_DEPTH (r's interval is
   dyadic: (c / 2^k, (c + 1) / 2^k)). */
static void mqball_refine(ct_mqroot_t r, arb_srcptr a, slong d, slong prec)
{
    fmpq_t m, w;
    arb_t x, y;
    fmpq_init(m), fmpq_init(w), arb_init(x), arb_init(y);
    for (;;) {
        fmpq_sub(w, r->hi, r->lo);
        if (fmpz_bits(fmpq_denref(w)) > MQBALL_LEAF_DEPTH + fmpz_bits(fmpq_numref(w)))
            break;
        fmpq_add(m, r->lo, r->hi);
        fmpq_div_2exp(m, m, 1);
        arb_set_fmpz(x, fmpq_numref(m));
        arb_mul_2exp_si(x, x, -(slong)fmpz_bits(fmpq_denref(m)) + 1); /* exact */
        _arb_poly_evaluate(y, a, d + 1, x, prec);
        int s = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 0;
        if (s == 0)
            break; /* undecided here: the exact refinement takes over */
        if (s == r->sign_lo)
            fmpq_set(r->lo, m);
        else
            fmpq_set(r->hi, m);
    }
    fmpq_clear(m), fmpq_clear(w), arb_clear(x), arb_clear(y);
}

static void mqball_tree_clear(mqball_tree *t)
{
    while (t->nst > 0) {
        mqball_node *nd = t->st + --t->nst;
        _arb_vec_clear(nd->B, t->d + 1);
        fmpz_clear(nd->c);
    }
    flint_free(t->st);
}

slong _ct_mqroot_isolate_ball(ct_mqroot_struct **out, const ct_mqpoly_t f,
                              slong depth_max, slong prec)
{
    mqball_tree t = {0};
    fmpz_t c0;
    t.f = f;
    t.d = ct_mqpoly_degree(f);
    t.prec = prec;
    t.depth_max = depth_max;
    t.budget = 4 * (t.d + MQBALL_LEAF_DEPTH);
    fmpz_init(c0);
    t.a = _ct_mqroot_ball_coeffs(f, t.d, prec);
    mqball_push(&t, mqball_bernstein(t.a, t.d, prec), c0, 0);
    fmpz_clear(c0);
    while (t.nst > 0 && t.status == 0) {
        mqball_node nd = t.st[--t.nst];
        mqball_node_run(&t, nd.B, nd.c, nd.k);
        fmpz_clear(nd.c);
    }
    for (slong j = 0; t.status == 0 && j < t.n; j++)
        mqball_refine(t.r + j, t.a, t.d, prec);
    mqball_tree_clear(&t);
    _arb_vec_clear(t.a, t.d + 1);
    if (t.status != 0) {
        for (slong j = 0; j < t.n; j++)
            ct_mqroot_clear(t.r + j);
        flint_free(t.r);
        *out = NULL;
        return t.status;
    }
    _ct_mqroot_finish(t.r, t.n);
    *out = t.r;
    return t.n;
}

int ct_mqroot_zero_free(const ct_mqpoly_t g)
{
    if (g->len == 0)
        return 0;
    /* g / x^j: zeros at 0 are outside the domain; its coefficients are those
       of g from j on. The Bernstein coefficients are positive multiples of
       T[d - i], so the signs of T decide, in integers: T[k] is within
       e binom(d + 1, k + 1) (mqball_shift). */
    slong j = _ct_mqroot_low_order(g), D = ct_mqpoly_degree(g), d = D - j, sh;
    arb_ptr a = _ct_mqroot_ball_coeffs(g, D, MQROOT_ZERO_FREE_PREC);
    fmpz *T = _fmpz_vec_init(d + 1);
    fmpz_t err, bin;
    mag_t e;
    fmpz_init(err), fmpz_init_set_ui(bin, (ulong)d + 1), mag_init(e);
    mqball_shift(T, e, &sh, a + j, d, MQROOT_ZERO_FREE_PREC);
    mag_get_fmpz(err, e); /* an upper bound */
    int first = fmpz_sgn(T + 0), ok = 1;
    for (slong k = 0; k <= d && ok; k++) {
        fmpz_t bound;
        fmpz_init(bound);
        fmpz_mul(bound, err, bin); /* e binom(d + 1, k + 1) */
        ok = fmpz_cmpabs(T + k, bound) > 0 && fmpz_sgn(T + k) == first;
        fmpz_clear(bound);
        fmpz_mul_ui(bin, bin, (ulong)(d - k)); /* binom(d + 1, k + 2) */
        fmpz_divexact_ui(bin, bin, (ulong)(k + 2));
    }
    _arb_vec_clear(a, D + 1);
    _fmpz_vec_clear(T, d + 1);
    fmpz_clear(err), fmpz_clear(bin), mag_clear(e);
    return ok && first != 0;
}
