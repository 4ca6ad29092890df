/* lsroot_sign: the root on the certified-root core. Its sign oracle is exact:
   the disk's models from the coarsest the system holds to 768 bits (while the
   point maps into the disk; for a root narrow against its disk, those of a
   fine disk around it, docs/alpha.md "Fine disks"), then the system's exact
   sign. Comparison, certificates and the function's words are the same for
   every system. */
#include <math.h>
#include <stdio.h>
#include "certune/mem.h"
#include "lsroot_internal.h"

/* A fine disk is at most 2^-LS_FINE_BITS of its disk's radius: its models
   need a sixteenth of the Taylor terms or fewer. */
#define LS_FINE_BITS 16

/* c, a multiple of 2^-50 nearest the middle of [lo, hi], and r, the least
   power of two >= 2^-50 with [lo, hi] inside [c - r, c + r]; returns 0 when
   that disk does not lie inside (0, 1). */
static int lsroot_fine_fit(double *c, double *r, const fmpq_t lo, const fmpq_t hi)
{
    fmpq_t t, u;
    fmpz_t k, num, den;
    fmpq_init(t), fmpq_init(u), fmpz_init(k), fmpz_init(num), fmpz_init(den);
    fmpq_add(t, lo, hi); /* k = floor((lo + hi) 2^49 + 1/2) */
    fmpz_mul_2exp(num, fmpq_numref(t), 50);
    fmpz_add(num, num, fmpq_denref(t));
    fmpz_mul_2exp(den, fmpq_denref(t), 1);
    fmpz_fdiv_q(k, num, den);
    int ok = fmpz_sgn(k) > 0 && fmpz_bits(k) <= 50;
    if (ok) {
        *c = ldexp((double)fmpz_get_ui(k), -50); /* exact: k < 2^50 */
        fmpq_mul_2exp(t, hi, 50);
        fmpq_sub_fmpz(t, t, k); /* (hi - c) 2^50 */
        fmpq_mul_2exp(u, lo, 50);
        fmpq_sub_fmpz(u, u, k);
        fmpq_neg(u, u); /* (c - lo) 2^50 */
        if (fmpq_cmp(u, t) > 0)
            fmpq_swap(t, u);
        fmpz_cdiv_q(k, fmpq_numref(t), fmpq_denref(t));
        slong e = fmpz_cmp_ui(k, 1) <= 0 ? 0 : fmpz_clog_ui(k, 2); /* 2^e >= k */
        *r = ldexp(1, (int)FLINT_MIN(e, 50) - 50);
        ok = e < 50 && *c - *r > 0 && *c + *r < 1; /* exact in doubles */
    }
    fmpq_clear(t), fmpq_clear(u), fmpz_clear(k), fmpz_clear(num), fmpz_clear(den);
    return ok;
}

/* The fine disk of r's disk for the oracle at a (the models' variable,
   inside r's disk): the one held when it contains a, else a new one around
   r's interval and a, made when it fits and is small against r's disk;
   NULL when the type has none or none fits. */
static ct_lsroot_disk_struct *lsroot_fine(const ct_lsroot_struct *r, const fmpq_t a)
{
    ct_lsroot_disk_struct *D = r->disk;
    const ct_lsroot_type_struct *T = D->sys->type;
    if (!T->fine)
        return NULL;
    if (D->fine != NULL && ct_lsroot_disk_contains(D->fine, a))
        return D->fine;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    double c, rad;
    int ok = T->map(lo, D->sys, r->lo) && T->map(hi, D->sys, r->hi);
    if (ok) { /* the hull of the interval's ends and a */
        if (fmpq_cmp(lo, hi) > 0)
            fmpq_swap(lo, hi);
        if (fmpq_cmp(a, lo) < 0)
            fmpq_set(lo, a);
        if (fmpq_cmp(a, hi) > 0)
            fmpq_set(hi, a);
        ok = lsroot_fine_fit(&c, &rad, lo, hi) && rad <= ldexp(D->r, -LS_FINE_BITS);
    }
    fmpq_clear(lo), fmpq_clear(hi);
    if (!ok)
        return NULL;
    ct_lsroot_disk_unref(D->fine);
    D->fine = ct_lsroot_disk_new(D->sys, c, rad);
    return ct_lsroot_disk_contains(D->fine, a) ? D->fine : NULL;
}

int ct_lsroot_sign_fmpq(const ct_lsroot_t r, const fmpq_t x)
{
    ct_lsroot_disk_struct *D = r->disk;
    const ct_lsroot_type_struct *T = D->sys->type;
    int s = T->sign_fast != NULL ? T->sign_fast(r, x) : 0;
    if (s != 0)
        return s;
    fmpq_t a;
    fmpq_init(a);
    int in = T->map(a, D->sys, x) && ct_lsroot_disk_contains(D, a);
    ct_lsroot_disk_struct *F = in ? lsroot_fine(r, a) : NULL;
    for (int level = F != NULL ? 0 : -1; s == 0 && in && level < CT_LSROOT_LEVELS;
         level++) {
        ct_lsroot_poly_struct P;
        slong prec;
        int got = T->pair_poly(&P, &prec, F != NULL ? F : D, level, r->row, r->k, r->l);
        if (got < 0)
            break;
        if (got == 0) {
            s = _ct_lsroot_poly_sign(&P, a, prec);
            ct_lsroot_poly_clear(&P);
        }
    }
    fmpq_clear(a);
    if (s == 0) {
        _ct_lsroot_count(T->slot, 2);
        s = T->sign_exact(D->sys, r->row, r->k, r->l, x);
    }
    return s;
}

static int lsroot_sign_fn(const void *fn, const fmpq_t x)
{
    return ct_lsroot_sign_fmpq((const ct_lsroot_struct *)fn, x);
}

static void lsroot_step(void *self)
{
    ct_root_struct v;
    ct_lsroot_view(&v, self);
    ct_root_bisect(&v);
}

void ct_lsroot_view(ct_root_struct *v, ct_lsroot_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = r;
    v->sign = lsroot_sign_fn;
    v->step = lsroot_step;
    v->self = r;
}

/* Decimal bounds inside the isolating interval of the search. */
static int lsroot_isolates(const ct_root_struct *v, const fmpq_t a, const fmpq_t b,
                           slong sig)
{
    const ct_lsroot_struct *r = v->self;
    (void)sig;
    return fmpq_cmp(a, r->ilo) >= 0 && fmpq_cmp(b, r->ihi) <= 0;
}

/* The two certificates differ only in trimming the approximation (as the two
   ball paths wrote them before they shared this type). */
static const ct_root_strs_spec lsroot_strs[2] = {
    {.trim = 0, .coarse = 0, .entry = 1, .isolates = lsroot_isolates, .bisect_after = -1},
    {.trim = 1,
     .coarse = 0,
     .entry = 1,
     .isolates = lsroot_isolates,
     .bisect_after = -1}};

void ct_lsroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_t r, slong digits)
{
    ct_root_struct v;
    ct_lsroot_view(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits,
                     &lsroot_strs[r->disk->sys->type->trim != 0]);
}

char *ct_lsroot_get_str(const ct_lsroot_t r)
{
    char *s = ct_mem_malloc(160);
    long v = (long)r->node + 1;
    snprintf(s, 160,
             "F[%ld][%ld] - F[%ld][%ld] (%s; zero certified by Taylor models in balls)",
             v, (long)r->k, v, (long)r->l, r->disk->sys->type->family);
    return s;
}

/* Whether a and b are zeros of one function: the same row and classes of one
   system, or of two systems of one type with equal data. */
static int lsroot_same_function(const ct_lsroot_struct *a, const ct_lsroot_struct *b)
{
    const ct_lsroot_sys_struct *S = a->disk->sys, *T = b->disk->sys;
    if (a->row != b->row || a->k != b->k || a->l != b->l)
        return 0;
    return S == T || (S->type == T->type && S->type->equal(S, T));
}

int ct_lsroot_cmp(int *cmp, ct_lsroot_t a, ct_lsroot_t b)
{
    ct_root_struct va, vb;
    ct_lsroot_view(&va, a);
    ct_lsroot_view(&vb, b);
    if (fmpq_cmp(a->hi, b->lo) <= 0 || fmpq_cmp(b->hi, a->lo) <= 0 ||
        !lsroot_same_function(a, b))
        return ct_root_cmp_refine(cmp, &va, &vb, CT_LSROOT_CMP_BITS);
    return ct_root_cmp(cmp, &va, &vb, 1, NULL, CT_LSROOT_CMP_BITS);
}
