/* lsroot_sign: the root on the certified-root core. Its sign oracle is exact:
   the disk's models from the coarsest the system holds to 768 bits (while the
   point maps into the disk), then the system's exact sign. Comparison,
   certificates and the function's words are the same for every system. */
#include <stdio.h>
#include "certune/mem.h"
#include "lsroot_internal.h"

int ct_lsroot_sign_fmpq(const ct_lsroot_t r, const fmpq_t x)
{
    ct_lsroot_disk_struct *D = r->disk;
    const ct_lsroot_type_struct *T = D->sys->type;
    fmpq_t a;
    fmpq_init(a);
    int s = 0, in = T->map(a, D->sys, x) && ct_lsroot_disk_contains(D, a);
    for (int level = -1; s == 0 && in && level < CT_LSROOT_LEVELS; level++) {
        ct_lsroot_poly_struct P;
        slong prec;
        int got = T->pair_poly(&P, &prec, D, level, r->row, r->k, r->l);
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
