/* lsdelta_search: the zeros of one pair function h(delta) = sum_b a_b
   B_b^delta on [0, 1] from ball coefficients, evaluated directly in
   doubles with certified bounds (lsdelta_fpow.c for B^x; every sum and
   product's endpoints stepped outward): an interval whose enclosure of h
   excludes 0 has no zero; one whose enclosure of h' excludes 0 has one
   simple zero iff the (certified) signs at its ends differ; otherwise it is
   split. Each zero is then a root of ct_lsdelta_type on the disk of the
   covering (centers (2j + 1) / 32 for j < 16, radius 1/16) nearest to it,
   narrowed with the node's level-0 model. */
#include <math.h>
#include "lsdelta_internal.h"

#define LSD_PREC 64
#define LSD_DEPTH 60
#define LSD_NARROW 1.4551915228366852e-11 /* 2^-36 */
#define LSD_DISKS 16

typedef struct {
    double lo, hi;
} lsd_iv;

typedef struct {
    slong nt;
    lsd_iv *a;                  /* the coefficients */
    const _ct_lsdelta_fpow **P; /* their bases' tables */
    double *tmp, *at0, *at1;    /* 2 nt doubles each: the powers at a point, 0, 1 */
    double *lvl[LSD_DEPTH];     /* the same at each search depth's split (on use) */
} lsd_fn;

typedef struct {
    ct_lsroot_zero_struct *z;
    slong nz, alloc, i, k, l;
} lsd_out;

/* [lo, hi] stepped outward past one rounding to nearest of each end. */
static inline lsd_iv iv_out(double lo, double hi)
{
    lsd_iv r = {_ct_lsdelta_dn(lo), _ct_lsdelta_up(hi)};
    return r;
}

static inline lsd_iv iv_add(lsd_iv x, lsd_iv y)
{
    return iv_out(x.lo + y.lo, x.hi + y.hi);
}

/* x y for y >= 0 (y.lo >= 0). */
static inline lsd_iv iv_mulp(lsd_iv x, lsd_iv y)
{
    return iv_out(x.lo >= 0 ? x.lo * y.lo : x.lo * y.hi,
                  x.hi >= 0 ? x.hi * y.hi : x.hi * y.lo);
}

static lsd_iv iv_mul(lsd_iv x, lsd_iv y)
{
    double p[4] = {x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi};
    double lo = p[0], hi = p[0];
    for (int q = 1; q < 4; q++)
        lo = p[q] < lo ? p[q] : lo, hi = p[q] > hi ? p[q] : hi;
    return iv_out(lo, hi);
}

/* The bounds of B^x of every base of F: E[2 t], E[2 t + 1] for base t (x
   split once, four bases at a time). */
static void lsd_powers(double *E, const lsd_fn *F, double x)
{
    _ct_lsdelta_fpt T;
    _ct_lsdelta_fpt_set(&T, x);
    for (slong t = 0; t < F->nt; t += 4) {
        double lo[4], hi[4];
        int cnt = (int)FLINT_MIN(4, F->nt - t);
        _ct_lsdelta_fpow_pt4(lo, hi, F->P + t, cnt, &T);
        for (int q = 0; q < cnt; q++)
            E[2 * (t + q)] = lo[q], E[2 * (t + q) + 1] = hi[q];
    }
}

/* h, and h' and h'' unless NULL, on [xa, xb] (0 <= xa <= xb <= 1; a point
   when equal) from the powers Ea at xa and Eb at xb (B^[xa, xb] lies in
   [B^xa's lower bound, B^xb's upper one]). */
static void lsd_sum3(lsd_iv *v, lsd_iv *d, lsd_iv *d2, const lsd_fn *F, const double *Ea,
                     const double *Eb)
{
    lsd_iv zero = {0, 0};
    *v = zero;
    if (d != NULL)
        *d = zero;
    if (d2 != NULL)
        *d2 = zero;
    for (slong t = 0; t < F->nt; t++) {
        const _ct_lsdelta_fpow *P = F->P[t];
        lsd_iv e = {Ea[2 * t], Eb[2 * t + 1]}, l = {P->llo, P->lhi};
        *v = iv_add(*v, iv_mulp(F->a[t], e));
        if (d == NULL)
            continue;
        e = iv_mulp(e, l);
        *d = iv_add(*d, iv_mulp(F->a[t], e));
        if (d2 != NULL)
            *d2 = iv_add(*d2, iv_mulp(F->a[t], iv_mulp(e, l)));
    }
}

static int iv_sign(lsd_iv x)
{
    return x.lo > 0 ? 1 : x.hi < 0 ? -1 : 0;
}

/* Enclosures of h and h' on [a, b] in centered (mean value) form: h(m)
   + h'([a, b])([a, b] - m) and h'(m) + h''([a, b])([a, b] - m), far
   tighter than summing each term's enclosure when the terms cancel (the
   search would otherwise split down to tiny intervals). Ea, Eb: the powers
   at a and b (lsd_powers). */
static void lsd_eval(lsd_iv *v, lsd_iv *d, const lsd_fn *F, double a, double b,
                     const double *Ea, const double *Eb)
{
    double m = a + (b - a) / 2;
    lsd_iv vm, dm, vx, dx, d2x, w = iv_out(a - m, b - m);
    lsd_powers(F->tmp, F, m);
    lsd_sum3(&vm, &dm, NULL, F, F->tmp, F->tmp);
    lsd_sum3(&vx, &dx, &d2x, F, Ea, Eb);
    *v = iv_add(vm, iv_mul(dx, w));
    *d = iv_add(dm, iv_mul(d2x, w));
}

/* The sign of h at x (0: undecided); v and d (may be NULL): the midpoints
   of h(x) and h'(x). */
static int lsd_value(double *v, double *d, const lsd_fn *F, double x)
{
    lsd_iv hv, hd;
    lsd_powers(F->tmp, F, x);
    lsd_sum3(&hv, v != NULL ? &hd : NULL, NULL, F, F->tmp, F->tmp);
    if (v != NULL)
        *v = hv.lo / 2 + hv.hi / 2, *d = hd.lo / 2 + hd.hi / 2;
    return iv_sign(hv);
}

/* The sign of h at x (0: undecided), its powers kept in E. */
static int lsd_sign_keep(double *E, const lsd_fn *F, double x)
{
    lsd_iv hv;
    lsd_powers(E, F, x);
    lsd_sum3(&hv, NULL, NULL, F, E, E);
    return iv_sign(hv);
}

static int lsd_sign_at(const lsd_fn *F, double x)
{
    return lsd_sign_keep(F->tmp, F, x);
}

/* One Newton step from m (value v, slope d) for the zero in [*a, *b] (sign
   sa at *a): the points a small window around m - v / d away replace the
   ends whose signs they prove. It only steers: every end has a certified
   sign. */
static void lsd_newton(double *a, double *b, const lsd_fn *F, int sa, double m, double v,
                       double d)
{
    double t = m - v / d, w = fabs(t - m) / 64 + LSD_NARROW / 4;
    if (!(d != 0 && t > *a && t < *b))
        return;
    double lo = t - w, hi = t + w;
    if (lo > *a && lsd_sign_at(F, lo) == sa)
        *a = lo;
    if (hi < *b && lsd_sign_at(F, hi) == -sa)
        *b = hi;
}

/* Records the zero of [a, b] (sign sa at a) after narrowing it to
   LSD_NARROW while the midpoints' signs are decided (each bisection step
   followed by a Newton step, so that a few evaluations suffice); 1 when it
   stays wider than a disk allows. */
static int lsd_push(lsd_out *o, const lsd_fn *F, double a, double b, int sa)
{
    while (b - a > LSD_NARROW) {
        double m = a + (b - a) / 2, v, d;
        int sm = lsd_value(&v, &d, F, m);
        if (sm == 0 || !(a < m && m < b))
            break;
        *(sm == sa ? &a : &b) = m;
        lsd_newton(&a, &b, F, sa, m, v, d);
    }
    if (b - a > 1.0 / (2 * LSD_DISKS))
        return 1;
    if (o->nz == o->alloc) {
        o->alloc = 2 * o->alloc + 8;
        o->z = flint_realloc(o->z, o->alloc * sizeof(ct_lsroot_zero_struct));
    }
    ct_lsroot_zero_struct *z = o->z + o->nz++;
    z->lo = a, z->hi = b, z->sign_lo = sa;
    z->t = 0, z->p = 0, z->k = o->k, z->l = o->l, z->node = o->i;
    z->disk = FLINT_MIN((slong)floor((a + b) / 2 * LSD_DISKS), LSD_DISKS - 1);
    return 0;
}

/* The powers at depth's split point (F->lvl[depth], made on first use). */
static double *lsd_level(lsd_fn *F, int depth)
{
    if (F->lvl[depth] == NULL)
        F->lvl[depth] = flint_malloc(FLINT_MAX(2 * F->nt, 1) * sizeof(double));
    return F->lvl[depth];
}

/* The zeros in (a, b) given the nonzero signs sa, sb at a and b and the
   powers Ea, Eb there (each point's powers made once: a split point's serve
   its sign and both halves); 1 on failure. */
static int lsd_search(lsd_out *o, lsd_fn *F, double a, double b, int sa, int sb,
                      const double *Ea, const double *Eb, int depth)
{
    lsd_iv v, d;
    lsd_eval(&v, &d, F, a, b, Ea, Eb);
    int zero_free = iv_sign(v) != 0, monotone = iv_sign(d) != 0;
    if (zero_free)
        return sa != sb; /* cannot happen with rigorous enclosures */
    if (monotone)
        return sa != sb ? lsd_push(o, F, a, b, sa) : 0;
    double m = a + (b - a) * (33.0 / 64.0);
    if (depth >= LSD_DEPTH || !(a < m && m < b))
        return 1;
    double *Em = lsd_level(F, depth);
    int sm = lsd_sign_keep(Em, F, m);
    if (sm == 0)
        return 1;
    return lsd_search(o, F, a, m, sa, sm, Ea, Em, depth + 1) ||
           lsd_search(o, F, m, b, sm, sb, Em, Eb, depth + 1);
}

/* The sign every coefficient has (0 when they differ or one is not decided):
   then h has that sign on all of [0, 1] (bases >= 1: B^delta > 0). */
static int lsd_one_sign(const lsd_fn *F)
{
    int s = 0;
    for (slong t = 0; t < F->nt; t++) {
        int st = iv_sign(F->a[t]);
        if (st == 0 || (s != 0 && st != s))
            return 0;
        s = st;
    }
    return s;
}

/* The sign changes of h's coefficients ordered by base, or -1 when one
   sign is not certain. h has at most that many real zeros, counted with
   multiplicity (Descartes' rule of signs for sums of exponentials: the
   exponents ln B_b are distinct, terms of one base being merged). */
static slong lsd_sign_changes(const lsd_fn *F, const fmpz **base)
{
    slong *idx = flint_malloc(FLINT_MAX(F->nt, 1) * sizeof(slong)), v = 0;
    for (slong t = 0; t < F->nt; t++) { /* insertion sort: nt is small */
        slong u = t;
        for (; u > 0 && fmpz_cmp(base[idx[u - 1]], base[t]) > 0; u--)
            idx[u] = idx[u - 1];
        idx[u] = t;
    }
    int prev = 0;
    for (slong t = 0; t < F->nt && v >= 0; t++) {
        int st = iv_sign(F->a[idx[t]]);
        v = st == 0 ? -1 : v + (prev != 0 && st != prev);
        prev = st;
    }
    flint_free(idx);
    return v;
}

/* The search's zeros as narrowed roots on the covering's disks. */
static void lsd_roots(ct_lsroot_struct **out, ct_lsdelta_struct *S, const lsd_out *o)
{
    ct_lsroot_disk_struct *disks[LSD_DISKS] = {NULL};
    for (slong j = 0; j < o->nz; j++) {
        slong d = o->z[j].disk;
        if (disks[d] == NULL)
            disks[d] = ct_lsroot_disk_new(&S->head, (2.0 * d + 1) / (2 * LSD_DISKS),
                                          1.0 / LSD_DISKS);
    }
    ct_lsroot_roots(out, disks, o->z, o->nz, 1);
    for (slong d = 0; d < LSD_DISKS; d++)
        ct_lsroot_disk_unref(disks[d]);
}

/* S's base tables per group, made at the first call (the search of a
   component runs on one thread). */
static const _ct_lsdelta_fpow *lsd_tables(ct_lsdelta_struct *S)
{
    if (S->fpow == NULL) {
        S->fpow = flint_malloc(FLINT_MAX(S->ng, 1) * sizeof(_ct_lsdelta_fpow));
        for (slong g = 0; g < S->ng; g++)
            _ct_lsdelta_fpow_init(S->fpow + g, S->gbase + g);
    }
    return S->fpow;
}

/* F's coefficients as intervals of doubles and their tables, from the balls a. */
static void lsd_fn_set(lsd_fn *F, arb_srcptr a, const fmpz **base, ct_lsdelta_struct *S)
{
    const _ct_lsdelta_fpow *T = lsd_tables(S);
    for (slong u = 0; u < F->nt; u++) {
        _ct_lsdelta_arb_bounds(&F->a[u].lo, &F->a[u].hi, a + u);
        F->P[u] = T + (base[u] - S->gbase); /* base[u] is a group's base */
    }
}

int ct_lsdelta_pair_roots(ct_lsroot_struct **out, slong *nz, int *sign0,
                          ct_lsdelta_struct *S, arb_srcptr x, slong i, slong k, slong l,
                          slong node)
{
    slong ng = S->ng;
    arb_ptr a = _arb_vec_init(ng);
    const fmpz **base = flint_malloc(FLINT_MAX(ng, 1) * sizeof(fmpz *));
    lsd_fn F = {_ct_lsdelta_pair_terms(a, NULL, base, S, x, k, l, LSD_PREC),
                flint_malloc(FLINT_MAX(ng, 1) * sizeof(lsd_iv)),
                flint_malloc(FLINT_MAX(ng, 1) * sizeof(_ct_lsdelta_fpow *)),
                flint_malloc(FLINT_MAX(6 * ng, 1) * sizeof(double)),
                NULL,
                NULL,
                {NULL}};
    F.at0 = F.tmp + 2 * ng, F.at1 = F.tmp + 4 * ng;
    lsd_fn_set(&F, a, base, S);
    lsd_out o = {NULL, 0, 0, i, k, l};
    int bad = 0;
    *out = NULL, *nz = 0;
    *sign0 = lsd_one_sign(&F);
    if (F.nt > 0 && *sign0 == 0) {
        int s0 = lsd_sign_keep(F.at0, &F, 0), s1 = lsd_sign_keep(F.at1, &F, 1);
        if (s0 == 0 || s1 == 0)
            bad = 1;
        else if (lsd_sign_changes(&F, base) == 1) /* one zero at most */
            bad = s0 != s1 && lsd_push(&o, &F, 0, 1, s0);
        else
            bad = lsd_search(&o, &F, 0, 1, s0, s1, F.at0, F.at1, 0);
        *sign0 = s0;
    }
    if (!bad && o.nz > 0) {
        if (S->lev[0][i] == NULL) { /* the node's coarsest model */
            S->lev[0][i] = _arb_vec_init(ng);
            _arb_vec_set(S->lev[0][i], x, ng);
        }
        lsd_roots(out, S, &o);
        *nz = o.nz;
        for (slong j = 0; j < o.nz; j++)
            (*out)[j].node = node;
    }
    _ct_lsdelta_count(bad ? 1 : 0);
    flint_free(o.z), flint_free(base), flint_free(F.a), flint_free(F.P);
    flint_free(F.tmp);
    for (int t = 0; t < LSD_DEPTH; t++)
        flint_free(F.lvl[t]);
    _arb_vec_clear(a, ng);
    return bad;
}
