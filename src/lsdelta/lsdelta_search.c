/* lsdelta_search: the zeros of one pair function h(delta) = sum_b a_b
   B_b^delta on [0, 1] from ball coefficients, evaluated directly (a few
   exponentials per point): an interval whose enclosure of h excludes 0 has
   no zero; one whose enclosure of h' excludes 0 has one simple zero iff the
   (certified) signs at its ends differ; otherwise it is split. Each zero is
   then a root of ct_lsdelta_type on the disk of the covering (centers (2j +
   1) / 32 for j < 16, radius 1/16) nearest to it, narrowed with the node's
   level-0 model. */
#include <math.h>
#include "lsdelta_internal.h"

#define LSD_PREC 128
#define LSD_DEPTH 60
#define LSD_NARROW 1.4551915228366852e-11 /* 2^-36 */
#define LSD_DISKS 16

typedef struct {
    arb_ptr a, lb;
    slong nt;
} lsd_fn;

typedef struct {
    ct_lsroot_zero_struct *z;
    slong nz, alloc, i, k, l;
} lsd_out;

/* h, h' and h'' at the ball x (d2 may be NULL). */
static void lsd_eval3(arb_t v, arb_t d, arb_t d2, const lsd_fn *F, const arb_t x)
{
    arb_t e;
    arb_init(e);
    arb_zero(v), arb_zero(d);
    if (d2 != NULL)
        arb_zero(d2);
    for (slong t = 0; t < F->nt; t++) {
        arb_mul(e, F->lb + t, x, LSD_PREC);
        arb_exp(e, e, LSD_PREC);
        arb_mul(e, e, F->a + t, LSD_PREC);
        arb_add(v, v, e, LSD_PREC);
        arb_mul(e, e, F->lb + t, LSD_PREC);
        arb_add(d, d, e, LSD_PREC);
        if (d2 != NULL)
            arb_addmul(d2, e, F->lb + t, LSD_PREC);
    }
    arb_clear(e);
}

/* Enclosures of h and h' on the ball x in centered (mean value) form: h(m)
   + h'(x)(x - m) and h'(m) + h''(x)(x - m) around the midpoint m, far
   tighter than summing each term's enclosure when the terms cancel (the
   search would otherwise split down to tiny intervals). */
static void lsd_eval(arb_t v, arb_t d, const lsd_fn *F, const arb_t x)
{
    arb_t m, vm, dm, dx, d2x, w;
    arb_init(m), arb_init(vm), arb_init(dm), arb_init(dx), arb_init(d2x), arb_init(w);
    arb_get_mid_arb(m, x);
    lsd_eval3(vm, dm, NULL, F, m);
    lsd_eval3(w, dx, d2x, F, x);
    arb_sub(w, x, m, LSD_PREC); /* [-r, r] */
    arb_mul(v, dx, w, LSD_PREC);
    arb_add(v, v, vm, LSD_PREC);
    arb_mul(d, d2x, w, LSD_PREC);
    arb_add(d, d, dm, LSD_PREC);
    arb_clear(m), arb_clear(vm), arb_clear(dm), arb_clear(dx), arb_clear(d2x),
        arb_clear(w);
}

static int lsd_sign_at(const lsd_fn *F, double x)
{
    arb_t p, v, d;
    arb_init(p), arb_init(v), arb_init(d);
    arb_set_d(p, x);
    lsd_eval3(v, d, NULL, F, p);
    int s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    arb_clear(p), arb_clear(v), arb_clear(d);
    return s;
}

/* Records the zero of [a, b] (sign sa at a) after bisecting it while the
   midpoint's sign is decided; 1 when it stays wider than a disk allows. */
static int lsd_push(lsd_out *o, const lsd_fn *F, double a, double b, int sa)
{
    while (b - a > LSD_NARROW) {
        double m = a + (b - a) / 2;
        int sm = lsd_sign_at(F, m);
        if (sm == 0 || !(a < m && m < b))
            break;
        *(sm == sa ? &a : &b) = m;
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

/* The zeros in (a, b) given the nonzero signs sa, sb at a and b; 1 on failure. */
static int lsd_search(lsd_out *o, const lsd_fn *F, double a, double b, int sa, int sb,
                      int depth)
{
    arb_t x, v, d;
    arf_t lo, hi;
    arb_init(x), arb_init(v), arb_init(d);
    arf_init(lo), arf_init(hi);
    arf_set_d(lo, a), arf_set_d(hi, b);
    arb_set_interval_arf(x, lo, hi, LSD_PREC);
    lsd_eval(v, d, F, x);
    int zero_free = !arb_contains_zero(v), monotone = !arb_contains_zero(d);
    arb_clear(x), arb_clear(v), arb_clear(d);
    arf_clear(lo), arf_clear(hi);
    if (zero_free)
        return sa != sb; /* cannot happen with rigorous enclosures */
    if (monotone)
        return sa != sb ? lsd_push(o, F, a, b, sa) : 0;
    double m = a + (b - a) * (33.0 / 64.0);
    if (depth >= LSD_DEPTH || !(a < m && m < b))
        return 1;
    int sm = lsd_sign_at(F, m);
    if (sm == 0)
        return 1;
    return lsd_search(o, F, a, m, sa, sm, depth + 1) ||
           lsd_search(o, F, m, b, sm, sb, depth + 1);
}

/* The sign every coefficient has (0 when they differ or one is not decided):
   then h has that sign on all of [0, 1] (bases >= 1: B^delta > 0). */
static int lsd_one_sign(const lsd_fn *F)
{
    int s = 0;
    for (slong t = 0; t < F->nt; t++) {
        int st = arb_is_positive(F->a + t) ? 1 : arb_is_negative(F->a + t) ? -1 : 0;
        if (st == 0 || (s != 0 && st != s))
            return 0;
        s = st;
    }
    return s;
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

int ct_lsdelta_pair_roots(ct_lsroot_struct **out, slong *nz, int *sign0,
                          ct_lsdelta_struct *S, arb_srcptr x, slong i, slong k, slong l,
                          slong node)
{
    slong ng = S->ng;
    lsd_fn F = {_arb_vec_init(ng), _arb_vec_init(ng), 0};
    const fmpz **base = flint_malloc(FLINT_MAX(ng, 1) * sizeof(fmpz *));
    F.nt = _ct_lsdelta_pair_terms(F.a, F.lb, base, S, x, k, l, LSD_PREC);
    lsd_out o = {NULL, 0, 0, i, k, l};
    int bad = 0;
    *out = NULL, *nz = 0;
    *sign0 = lsd_one_sign(&F);
    if (F.nt > 0 && *sign0 == 0) {
        int s0 = lsd_sign_at(&F, 0), s1 = lsd_sign_at(&F, 1);
        bad = s0 == 0 || s1 == 0 || lsd_search(&o, &F, 0, 1, s0, s1, 0);
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
    flint_free(o.z), flint_free(base);
    _arb_vec_clear(F.a, ng), _arb_vec_clear(F.lb, ng);
    return bad;
}
