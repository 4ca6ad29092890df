/* lsroot_search: a component's zeros on the ball path. Per row and class
   pair, each segment of the covering is searched with its disk's search
   model (the system's, through ct_lsroot_search_struct): an interval whose
   value enclosure excludes 0 has no zero; one whose derivative enclosure
   excludes 0 has one simple zero iff the (certified) signs at its ends
   differ; otherwise it is split. A segment's end where the two disks'
   models cannot both decide the sign (a zero within their error of it: on
   PubMed one of 1065 zeros lay 4e-8 from 1 - 2^-10) moves to a nearby point
   inside both disks where they can; systems with their own proof of a
   segment's sign (sign_on) keep the covering's ends. A pair still undecided
   is searched again, after the others, with the system's finer models
   (make_hi, when it has them: lambda's 96-bit ones) from the disk where it
   failed, the zeros of the disks before kept; anything undecided then
   (a sign at a split point or an end, a depth limit) fails the component:
   the caller takes the exact path. */
#include <math.h>
#include <stdlib.h>
#include "certune/pool.h"
#include "lsroot_internal.h"

#define LS_MAX_DEPTH 60
#define LS_NARROW 1.4551915228366852e-11 /* 2^-36 */

/* Where a pair's search stopped: disk m's segment from a, sign sa there (0:
   unknown, only at disk 0); the pair's zeros before a are kept. */
typedef struct {
    slong m;
    double a;
    int sa;
} ls_at;

/* A pair left to make_hi: entry e = t * np + p and where it stopped. */
typedef struct {
    slong e;
    ls_at at;
} ls_fail;

typedef struct {
    ct_lsroot_zero_struct *z;
    slong nz, alloc;
    slong t, p, k, l, disk;
    int ends;      /* ls_narrow moves zeros off the domain's ends (no sign_on) */
    slong prec;    /* of the signs: LS_PREC, LS_PREC_HI with make_hi's models */
    ls_fail *fail; /* pairs left to make_hi (at most the block's entries) */
    slong nfail, afail;
} ls_out;

#define LS_PREC 64
#define LS_PREC_HI 128

/* A pair's polynomial on disk m in doubles and in balls, each made at
   first use: most segments need only the doubles (make_d's or made from
   make's balls). */
typedef void (*ls_make_fn)(ct_lsroot_poly_struct *, const void *, slong, slong, slong,
                           slong);
typedef struct {
    const ct_lsroot_search_struct *F;
    ls_make_fn make; /* make or make_hi */
    slong m, i, k, l;
    ct_lsroot_poly_struct P;
    ct_lsroot_dpoly_struct D;
    int has_p, has_d;
} ls_poly;

static void ls_make(ls_poly *L, const ct_lsroot_search_struct *F, ls_make_fn make,
                    slong m, slong i, slong k, slong l)
{
    L->F = F, L->make = make, L->m = m, L->i = i, L->k = k, L->l = l;
    L->has_p = L->has_d = 0;
}

static void ls_poly_clear(ls_poly *L)
{
    if (L->has_p)
        ct_lsroot_poly_clear(&L->P);
    if (L->has_d)
        _ct_lsroot_dpoly_clear(&L->D);
}

static const ct_lsroot_poly_struct *ls_balls(ls_poly *L)
{
    if (!L->has_p)
        L->make(&L->P, L->F->ctx, L->m, L->i, L->k, L->l), L->has_p = 1;
    return &L->P;
}

static const ct_lsroot_dpoly_struct *ls_doubles(ls_poly *L)
{
    if (!L->has_d) {
        if (L->make != L->F->make || L->F->make_d == NULL ||
            !L->F->make_d(&L->D, L->F->ctx, L->m, L->i, L->k, L->l))
            _ct_lsroot_dpoly_init(&L->D, ls_balls(L));
        L->has_d = 1;
    }
    return &L->D;
}

/* The sign at x: in doubles first, in balls when they cannot decide. */
static int ls_sign_at(ls_poly *L, double x, slong prec)
{
    int s = _ct_lsroot_dpoly_sign(ls_doubles(L), x);
    if (s != 0)
        return s;
    arb_t a;
    arb_init(a);
    arb_set_d(a, x);
    s = _ct_lsroot_poly_sign_ball(ls_balls(L), a, prec);
    arb_clear(a);
    return s;
}

static void ls_push(ls_out *o, double lo, double hi, int sign_lo)
{
    if (o->nz == o->alloc) {
        o->alloc = 2 * o->alloc + 16;
        o->z = flint_realloc(o->z, o->alloc * sizeof(ct_lsroot_zero_struct));
    }
    ct_lsroot_zero_struct *z = o->z + o->nz++;
    z->lo = lo, z->hi = hi, z->sign_lo = sign_lo;
    z->t = o->t, z->p = o->p, z->k = o->k, z->l = o->l, z->disk = o->disk;
    z->node = -1; /* the family's to set */
}

/* One step off an undecided midpoint of [*a, *b] (signs sa, -sa at the
   ends): the zero is within the model's error of the midpoint, so the points
   at a quarter and three quarters are farther from it; whichever decides
   replaces an end. Returns 0 when neither decides. */
static int ls_quarters(double *a, double *b, ls_poly *P, int sa, slong prec)
{
    double q1 = *a + (*b - *a) / 4, q3 = *a + 3 * ((*b - *a) / 4);
    int s1 = ls_sign_at(P, q1, prec);
    if (s1 != 0 && *a < q1 && q1 < *b) {
        *(s1 == sa ? a : b) = q1;
        return 1;
    }
    int s3 = ls_sign_at(P, q3, prec);
    if (s3 != 0 && *a < q3 && q3 < *b) {
        *(s3 == sa ? a : b) = q3;
        return 1;
    }
    return 0;
}

/* Records the zero of [a, b] (signs sa at a, -sa at b) after bisecting it
   down to LS_NARROW wide while the model decides the midpoint's sign, so that
   zeros of different functions rarely overlap. With o->ends an interval still
   touching 0 or 1 (the domain's ends, which a root may not touch: PubMed's
   test nodes have a zero at lambda = 0.007, 1e-4 from alpha = 1) steps
   through the quarter points when the midpoint is undecided. Returns 1 when
   it cannot leave 0. */
static int ls_narrow(ls_out *o, ls_poly *P, double a, double b, int sa)
{
    while (b - a > LS_NARROW) {
        double m = a + (b - a) / 2;
        int sm = ls_sign_at(P, m, o->prec);
        if (sm == 0 && o->ends && (a == 0 || b == 1) &&
            ls_quarters(&a, &b, P, sa, o->prec))
            continue;
        if (sm == 0 || !(a < m && m < b))
            break;
        if (sm == sa)
            a = m;
        else
            b = m;
    }
    if (a == 0 || (o->ends && b == 1))
        return 1; /* h may vanish at 0 itself; a root may not touch 1 (lambda =
                     0): the interval must leave them (make_hi's models may) */
    ls_push(o, a, b, sa);
    return 0;
}

/* The zeros in (a, b) given the nonzero signs sa, sb at a and b; 1 on failure. */
static int ls_search(ls_out *o, ls_poly *P, double a, double b, int sa, int sb, int depth)
{
    int zero_free, monotone;
    _ct_lsroot_dpoly_interval(&zero_free, &monotone, ls_doubles(P), a, b);
    if (!zero_free && !monotone) { /* the balls, when the doubles cannot say */
        arb_t x, v, d;
        arf_t lo, hi;
        arb_init(x), arb_init(v), arb_init(d);
        arf_init(lo), arf_init(hi);
        arf_set_d(lo, a), arf_set_d(hi, b);
        arb_set_interval_arf(x, lo, hi, o->prec);
        _ct_lsroot_poly_eval(v, d, ls_balls(P), x, o->prec);
        zero_free = !arb_contains_zero(v), monotone = !arb_contains_zero(d);
        arb_clear(x), arb_clear(v), arb_clear(d);
        arf_clear(lo), arf_clear(hi);
    }
    if (zero_free)
        return sa != sb; /* cannot happen with rigorous enclosures */
    if (monotone) {
        return sa != sb ? ls_narrow(o, P, a, b, sa) : 0;
    }
    double m = a + (b - a) * (33.0 / 64.0);
    if (depth >= LS_MAX_DEPTH || !(a < m && m < b))
        return 1;
    int sm = ls_sign_at(P, m, o->prec);
    if (sm == 0)
        return 1;
    return ls_search(o, P, a, m, sa, sm, depth + 1) ||
           ls_search(o, P, m, b, sm, sb, depth + 1);
}

/* Whether x lies in P's disk (where its remainder bounds hold). */
static int ls_in_disk(ls_poly *L, double x)
{
    const ct_lsroot_dpoly_struct *D = ls_doubles(L);
    return x >= D->c - D->rad && x <= D->c + D->rad;
}

/* The sign at x of both P and N (the models of two consecutive disks), 0
   unless both decide it and agree (they cannot disagree: both enclose h). */
static int ls_sign_both(ls_poly *P, ls_poly *N, double x, slong prec)
{
    if (!ls_in_disk(P, x) || !ls_in_disk(N, x))
        return 0;
    int s = ls_sign_at(P, x, prec);
    return s != 0 && ls_sign_at(N, x, prec) == s ? s : 0;
}

/* The end *b of the segment (a, *b) of P, where N's segment (*b, e) starts:
   *b itself, or when the two models do not both decide the sign there (a zero
   of h within the models' error of it), the nearest point x = *b -+ d with d
   from 2^-40 up to 1/4 of the shorter segment where they do, so that the zero
   falls inside one segment and is isolated there. The segments only
   partition the search: any point inside both disks serves. Returns the sign
   at the end (0: none found). */
static int ls_boundary(double *b, ls_poly *P, ls_poly *N, double a, double e, slong prec)
{
    int s = ls_sign_both(P, N, *b, prec);
    double w = FLINT_MIN(*b - a, e - *b) / 4;
    for (double d = ldexp(w, -40); s == 0 && d <= w; d *= 2)
        for (int side = -1; side <= 1 && s == 0; side += 2)
            if ((s = ls_sign_both(P, N, *b + side * d, prec)) != 0)
                *b += side * d;
    return s;
}

/* Row t, pair (k, l) over the covering's segments as they are, for systems
   with their own proof of a segment's sign (sign_on: alpha's monotone
   brackets, which decide where the models cannot); *first = the sign right
   of 0. */
static int ls_pair_fixed(ls_out *o, int *first, const ct_lsroot_search_struct *F, slong i,
                         slong k, slong l)
{
    const double *seg = F->seg;
    int prev = 0;
    for (slong m = 0; m < F->nd; m++) {
        ls_poly P;
        ls_make(&P, F, F->make, m, i, k, l);
        int sa = ls_sign_at(&P, seg[m], o->prec),
            sb = ls_sign_at(&P, seg[m + 1], o->prec);
        int bad = sa == 0 || sb == 0 || (m > 0 && sa != prev);
        if (m == 0)
            *first = sa;
        o->disk = m;
        slong nz0 = o->nz;
        if (!bad)
            bad = ls_search(o, &P, seg[m], seg[m + 1], sa, sb, 0);
        ls_poly_clear(&P);
        if (bad) { /* the family's proof of one sign */
            int s = F->sign_on(F->bctx, i, k, l, seg[m], seg[m + 1]);
            if (s != 0 && (m == 0 || s == prev)) {
                o->nz = nz0; /* no zero in this segment */
                sa = sb = s, bad = 0;
                if (m == 0)
                    *first = s;
            }
        }
        if (bad)
            return 1;
        prev = sb;
    }
    return 0;
}

/* Row t, pair (k, l) over the segments from at->m on (its segment from at->a,
   the sign at->sa there; 0: found here); *first = the sign right of 0 when
   disk 0 is searched. Each segment ends where its model and the next disk's
   both decide the sign (ls_boundary), so the sign carried into the next
   segment is certain. On failure *at is where it stopped and the zeros of
   that segment are dropped (those before it are certain). */
static int ls_pair(ls_out *o, int *first, const ct_lsroot_search_struct *F, slong i,
                   slong k, slong l, int hi, ls_at *at)
{
    o->prec = hi ? LS_PREC_HI : LS_PREC;
    if (F->sign_on != NULL)
        return ls_pair_fixed(o, first, F, i, k, l);
    o->ends = 1;
    const double *seg = F->seg;
    double a = at->a;
    ls_poly P, N;
    ls_make_fn make = hi ? F->make_hi : F->make;
    slong m = at->m;
    ls_make(&P, F, make, m, i, k, l);
    int sa = at->sa != 0 ? at->sa : ls_sign_at(&P, a, o->prec), bad = 0, live = 1;
    int made = 1; /* P is disk m's polynomial */
    if (m == 0)
        *first = sa;
    for (; m < F->nd; m++) {
        double b = seg[m + 1];
        if (!hi && F->fast != NULL && sa != 0 &&
            F->fast(F->ctx, m, i, k, l, a, b) == sa) {
            if (made) /* no zero on [a, b]: the sign at b is sa */
                ls_poly_clear(&P);
            made = 0, a = b;
            continue;
        }
        if (!made)
            ls_make(&P, F, make, m, i, k, l);
        slong nz0 = o->nz;
        int sb;
        if (m + 1 < F->nd) {
            ls_make(&N, F, make, m + 1, i, k, l);
            sb = ls_boundary(&b, &P, &N, a, seg[m + 2], o->prec);
        } else {
            sb = ls_sign_at(&P, b, o->prec);
        }
        o->disk = m;
        bad = sa == 0 || sb == 0 || ls_search(o, &P, a, b, sa, sb, 0);
        ls_poly_clear(&P);
        live = m + 1 < F->nd;
        made = live;
        if (bad) {
            o->nz = nz0;
            at->m = m, at->a = a, at->sa = sa;
            break;
        }
        if (live)
            P = N;
        a = b, sa = sb;
    }
    if (!bad && made)
        ls_poly_clear(&P);
    if (bad && live)
        ls_poly_clear(&N);
    return bad;
}

static int ls_zero_cmp(const void *a, const void *b)
{
    double x = ((const ct_lsroot_zero_struct *)a)->lo,
           y = ((const ct_lsroot_zero_struct *)b)->lo;
    return (x > y) - (x < y);
}

/* The zeros sorted by lo. Zeros of different functions may overlap here:
   they are told apart (or found equal) on the narrowed roots, whose
   intervals are about 2^60 times narrower (ct_lsroot_roots_overlap). */
static void ls_sort(ct_lsroot_zero_struct *z, slong nz)
{
    if (nz > 1)
        qsort(z, nz, sizeof(ct_lsroot_zero_struct), ls_zero_cmp);
}

static slong ls_refuse = 0;

void _ct_lsroot_search_set_refuse(slong mod)
{
    ls_refuse = mod;
}

/* Whether the test hook refuses row t (ls_refuse > 0: before its search;
   < 0: its pairs fail the first models and again make_hi's). */
static int ls_refused(const ct_lsroot_search_struct *F, slong t)
{
    slong mod = FLINT_ABS(ls_refuse);
    return F->failed != NULL && mod > 0 && t % mod == mod - 1;
}

static int ls_row_failed(const ct_lsroot_search_struct *F, slong t)
{
    return F->failed != NULL && F->failed[t];
}

/* The search's shared input and, per block of rows, its output. */
typedef struct {
    int *sign0;
    const ct_lsroot_search_struct *F;
    slong nr, nblocks;
    const slong *rows, *same;
    ls_out *out;
    int *bad;
} ls_search_ctx;

/* Row t, pair p = (k, l) with the search's models; a failure is kept for
   make_hi (from where it stopped) when there is one, else returns 1. */
static int ls_entry(ls_out *o, int *s, const ct_lsroot_search_struct *F, slong row,
                    slong t, slong p, slong k, slong l, slong np)
{
    ls_at at = {0, F->seg[0], 0};
    o->t = t, o->p = p, o->k = k, o->l = l;
    int hook = ls_refuse < 0 && ls_refused(F, t);
    if (!hook && !ls_pair(o, s, F, row, k, l, 0, &at))
        return 0;
    if (F->make_hi == NULL || F->sign_on != NULL)
        return 1;
    if (o->nfail == o->afail) {
        o->afail = 2 * o->afail + 4;
        o->fail = flint_realloc(o->fail, o->afail * sizeof(ls_fail));
    }
    o->fail[o->nfail].e = t * np + p;
    o->fail[o->nfail++].at = at;
    return 0;
}

/* The rows of block b (one thread's share; rows are independent). */
static void ls_search_block(void *arg, slong b)
{
    ls_search_ctx *X = arg;
    const ct_lsroot_search_struct *F = X->F;
    slong c = F->c, np = c * (c - 1) / 2, t0 = X->nr * b / X->nblocks;
    slong t1 = X->nr * (b + 1) / X->nblocks;
    ls_out *o = X->out + b;
    int bad = 0;
    for (slong t = t0; t < t1 && !bad; t++) {
        if (ls_refuse > 0 && ls_refused(F, t))
            F->failed[t] = 1;
        for (slong k = 0, p = 0; k < c && !bad && !ls_row_failed(F, t); k++)
            for (slong l = k + 1; l < c && !bad && !ls_row_failed(F, t); l++, p++) {
                int *s = X->sign0 + t * np + p;
                if (X->same[t * np + p] != t)
                    continue;
                if (F->nlabk[k] == 0 || F->nlabk[l] == 0) {
                    /* F of a class without labels is 0, of one with labels > 0 */
                    *s = (F->nlabk[k] > 0) - (F->nlabk[l] > 0);
                    continue;
                }
                bad = ls_entry(o, s, F, X->rows[t * np + p], t, p, k, l, np);
                if (bad && F->failed != NULL) /* the row alone falls back */
                    F->failed[t] = 1, bad = 0;
            }
    }
    X->bad[b] = bad;
}

/* The pairs the search's models failed, again with make_hi's from the
   segment where each stopped, one after the other (make_hi may build shared
   data and keep models between calls); 1 when one fails again. */
static int ls_retry(ls_search_ctx *X)
{
    const ct_lsroot_search_struct *F = X->F;
    slong c = F->c, np = c * (c - 1) / 2;
    for (slong b = 0; b < X->nblocks; b++) {
        ls_out *o = X->out + b;
        for (slong j = 0; j < o->nfail; j++) {
            slong e = o->fail[j].e, p = e % np, k = 0;
            while (p >= c - 1 - k) /* pair p = (k, l) in row-major order */
                p -= c - 1 - k, k++;
            o->t = e / np, o->p = e % np, o->k = k, o->l = k + 1 + p;
            if (ls_row_failed(F, o->t))
                continue;
            if ((ls_refuse < 0 && ls_refused(F, o->t)) ||
                ls_pair(o, X->sign0 + e, F, X->rows[e], k, k + 1 + p, 1,
                        &o->fail[j].at)) {
                if (F->failed == NULL)
                    return 1;
                F->failed[o->t] = 1; /* the row alone falls back */
            }
        }
    }
    return 0;
}

int ct_lsroot_search(ct_lsroot_zero_struct **z, slong *nz, int *sign0,
                     const ct_lsroot_search_struct *F, const slong *rows,
                     const slong *same, slong nr, slong nthreads)
{
    slong np = F->c * (F->c - 1) / 2, nb = nthreads > 1 ? FLINT_MIN(nr, 8 * nthreads) : 1;
    ls_search_ctx X = {sign0,
                       F,
                       nr,
                       FLINT_MAX(nb, 1),
                       rows,
                       same,
                       flint_calloc(FLINT_MAX(nb, 1), sizeof(ls_out)),
                       flint_calloc(FLINT_MAX(nb, 1), sizeof(int))};
    ct_pool_for(X.nblocks, nthreads, ls_search_block, NULL, &X);
    int bad = 0;
    for (slong b = 0; b < X.nblocks; b++)
        bad |= X.bad[b];
    if (!bad)
        bad = ls_retry(&X);
    ls_out o = {NULL, 0, 0, 0, 0, 0, 0, 0, 0, LS_PREC, NULL, 0, 0};
    for (slong b = 0; b < X.nblocks; b++) { /* in row order: the output is the same */
        flint_free(X.out[b].fail);
        for (slong j = 0; j < X.out[b].nz; j++) {
            ct_lsroot_zero_struct *w = X.out[b].z + j;
            if (ls_row_failed(F, w->t))
                continue;
            o.t = w->t, o.p = w->p, o.k = w->k, o.l = w->l, o.disk = w->disk;
            ls_push(&o, w->lo, w->hi, w->sign_lo);
        }
        flint_free(X.out[b].z);
    }
    flint_free(X.out), flint_free(X.bad);
    for (slong t = 0; t < nr; t++) /* twins: the same functions */
        for (slong p = 0; p < np; p++)
            if (same[t * np + p] != t)
                sign0[t * np + p] = sign0[same[t * np + p] * np + p];
    ls_sort(o.z, o.nz);
    *z = o.z;
    *nz = o.nz;
    return bad;
}
