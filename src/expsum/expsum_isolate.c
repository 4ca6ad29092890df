/* ct_expsum_isolate: certified isolation of the zeros of an exponential sum in
   (0, 1) by bisection with Arb enclosures and the rule of signs. */
#include "certune/expsum.h"
#include "expsum_internal.h"

/* Root intervals are narrowed to at least this width (2^-bits). */
#define EXPSUM_ROOT_BITS 10

typedef struct {
    fmpq_t a, b;
    int sa, sb; /* exact or Arb-certified signs of fn at a and b */
} _expsum_ival;

typedef struct {
    ct_expsum_ctx_t ctx;
    slong cbits;  /* bits of the largest coefficient */
    slong cancel; /* bits lost to cancellation at the ends (an estimate) */
    _expsum_ival *stack;
    slong top, alloc;
    ct_expsum_root_struct *roots;
    slong n, ralloc;
    slong budget;  /* zeros (with multiplicity) still possible in (0, 1) */
    slong pending; /* intervals on the stack whose ends have opposite signs */
} _expsum_iso;

static void _expsum_push(_expsum_iso *S, const fmpq_t a, const fmpq_t b, int sa, int sb)
{
    if (S->top == S->alloc) {
        S->alloc = 2 * S->alloc + 8;
        S->stack = flint_realloc(S->stack, S->alloc * sizeof(_expsum_ival));
    }
    fmpq_init(S->stack[S->top].a);
    fmpq_init(S->stack[S->top].b);
    fmpq_set(S->stack[S->top].a, a);
    fmpq_set(S->stack[S->top].b, b);
    S->stack[S->top].sa = sa;
    S->stack[S->top].sb = sb;
    S->top++;
    S->pending += sa * sb < 0;
}

/* Records the simple zero in [a, b] (sign sa at a, -sa at b), narrowed. */
static void _expsum_add_root(_expsum_iso *S, fmpq_t a, fmpq_t b, int sa)
{
    ct_expsum_root_struct *r;

    _ct_expsum_narrow(S->ctx, a, b, sa, EXPSUM_ROOT_BITS);
    if (S->n == S->ralloc) {
        S->ralloc = 2 * S->ralloc + 4;
        S->roots = flint_realloc(S->roots, S->ralloc * sizeof(ct_expsum_root_struct));
    }
    r = S->roots + S->n++;
    ct_expsum_root_init(r);
    ct_expsum_set(&r->fn, S->ctx->h);
    fmpq_set(r->lo, a);
    fmpq_set(r->hi, b);
    r->sign_lo = sa;
    S->budget--;
}

/* -log2(b - a), rounded down */
static slong _expsum_depth(const fmpq_t a, const fmpq_t b)
{
    fmpq_t w;
    slong d;

    fmpq_init(w);
    fmpq_sub(w, b, a);
    d = (slong)fmpz_bits(fmpq_denref(w)) - (slong)fmpz_bits(fmpq_numref(w));
    fmpq_clear(w);
    return d;
}

/* Sets m to a point of (a, b) where the sign sm of fn is certified nonzero:
   the midpoint, else nearby dyadics, at rising precision, exact as a last
   resort. Returns 0 if none was found. */
static int _expsum_split_point(fmpq_t m, int *sm, _expsum_iso *S, const fmpq_t a,
                               const fmpq_t b)
{
    static const int num[9] = {8, 9, 7, 10, 6, 11, 5, 12, 4};
    slong prec = S->ctx->prec;
    fmpq_t w;
    int i, k, s = 2;

    fmpq_init(w);
    fmpq_sub(w, b, a);
    for (k = 0; k < 4 && s != 1 && s != -1; k++) {
        _ct_expsum_ctx_set_prec(S->ctx, prec << (k < 3 ? k : 2));
        for (i = 0; i < 9 && s != 1 && s != -1; i++) {
            fmpq_mul_ui(m, w, num[i]);
            fmpq_div_2exp(m, m, 4);
            fmpq_add(m, m, a);
            s = k < 3 ? _ct_expsum_ctx_sign(S->ctx, m)
                      : ct_expsum_sign_fmpq(S->ctx->h, m);
        }
    }
    fmpq_clear(w);
    *sm = s;
    return s == 1 || s == -1;
}

/* Processes one interval; returns 1 if it is undecided (set into und). */
static int _expsum_step(_expsum_iso *S, _expsum_ival *I, fmpq_t und_lo, fmpq_t und_hi)
{
    slong d = _expsum_depth(I->a, I->b), cap;
    int sh, sd, sm;
    fmpq_t m;

    /* Counting with multiplicity: each other pending interval holds a zero,
       so I holds at most cap; their number has the parity of the sign change
       when both end signs are nonzero. A single zero found so is simple. */
    cap = S->budget - S->pending;
    if (cap <= 0 || (cap == 1 && I->sa != 0 && I->sb != 0)) {
        if (I->sa * I->sb < 0)
            _expsum_add_root(S, I->a, I->b, I->sa);
        return 0;
    }
    /* The enclosures' radii are relative to the terms, so the precision must
       cover the cancellation between terms, not the coefficients' size: start
       from the cancellation seen at the ends and grow with the depth; deep
       intervals get the full coefficient size (always sufficient). */
    slong prec = d < 128 ? 64 + 2 * d + S->cancel : d + S->cbits + 32;
    _ct_expsum_ctx_set_prec(S->ctx, FLINT_MAX(64, ((prec + 31) / 32) * 32));
    _ct_expsum_ctx_interval(&sh, &sd, S->ctx, I->a, I->b);
    if (sh != 2)
        return 0;
    if (sd != 2) {
        if (I->sa * I->sb < 0)
            _expsum_add_root(S, I->a, I->b, I->sa);
        return 0;
    }
    fmpq_init(m);
    if (d >= CT_EXPSUM_ROOT_CMP_BITS || !_expsum_split_point(m, &sm, S, I->a, I->b)) {
        fmpq_set(und_lo, I->a);
        fmpq_set(und_hi, I->b);
        fmpq_clear(m);
        return 1;
    }
    _expsum_push(S, m, I->b, sm, I->sb);
    _expsum_push(S, I->a, m, I->sa, sm);
    fmpq_clear(m);
    return 0;
}

/* Depth-first, left child first: roots come out in increasing order. */
static int _expsum_search(_expsum_iso *S, int s0, int s1, fmpq_t und_lo, fmpq_t und_hi)
{
    fmpq_t a, b;
    int und = 0;

    fmpq_init(a);
    fmpq_init(b);
    fmpq_one(b);
    _expsum_push(S, a, b, s0, s1);
    while (S->top > 0) {
        _expsum_ival I = S->stack[--S->top]; /* moved out: pushes reuse the slot */
        S->pending -= I.sa * I.sb < 0;
        if (!und)
            und = _expsum_step(S, &I, und_lo, und_hi);
        fmpq_clear(I.a);
        fmpq_clear(I.b);
    }
    fmpq_clear(a);
    fmpq_clear(b);
    return und;
}

/* Adjacent root intervals may share an end (a split point): bisecting the
   left one exactly until its hi moves makes them disjoint. */
static void _expsum_separate(ct_expsum_root_struct *r, slong n)
{
    slong i;

    for (i = 1; i < n; i++)
        while (fmpq_cmp(r[i - 1].hi, r[i].lo) >= 0)
            ct_expsum_root_bisect(r + i - 1);
}

static void _expsum_iso_free_roots(_expsum_iso *S)
{
    slong i;

    for (i = 0; i < S->n; i++)
        ct_expsum_root_clear(S->roots + i);
    flint_free(S->roots);
    S->roots = NULL;
    S->n = 0;
}

/* The sign of fn on (0, 1) when it has no zero there. */
static int _expsum_sign_no_root(const ct_expsum_t fn, int s0, int s1)
{
    fmpq_t q;
    int s;

    if (s0 != 0 || s1 != 0)
        return s0 != 0 ? s0 : s1;
    fmpq_init(q);
    fmpq_set_si(q, 1, 2);
    s = ct_expsum_sign_fmpq(fn, q);
    fmpq_clear(q);
    return s;
}

int ct_expsum_isolate(ct_expsum_root_struct **out, slong *n, int *sign_first,
                      fmpq_t und_lo, fmpq_t und_hi, const ct_expsum_t h)
{
    _expsum_iso S = {0};
    ct_expsum_t fn;
    int mult, s0, s1, und = 0;

    *out = NULL;
    *n = 0;
    *sign_first = 0;
    if (h->len == 0) {
        fmpq_zero(und_lo);
        fmpq_one(und_hi);
        return 1;
    }
    ct_expsum_init(fn);
    ct_expsum_set(fn, h);
    mult = ct_expsum_normalize(fn);
    s0 = ct_expsum_sign_at_end(fn, 0);
    s1 = ct_expsum_sign_at_end(fn, 1);
    S.budget = ct_expsum_sign_changes(fn) - (s0 == 0) - (s1 == 0);
    S.cbits = _ct_expsum_coef_bits(fn);
    S.cancel = _ct_expsum_end_cancellation(fn);
    _ct_expsum_ctx_init(S.ctx, fn, 64);
    if (S.budget > 0)
        und = _expsum_search(&S, s0, s1, und_lo, und_hi);
    _ct_expsum_ctx_clear(S.ctx);
    flint_free(S.stack);
    if (und) {
        _expsum_iso_free_roots(&S);
    } else {
        *sign_first =
            mult * (S.n > 0 ? S.roots[0].sign_lo : _expsum_sign_no_root(fn, s0, s1));
        _expsum_separate(S.roots, S.n);
        *out = S.roots;
        *n = S.n;
    }
    ct_expsum_clear(fn);
    return und;
}
