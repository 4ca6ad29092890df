/* lsroot: the lifetimes of systems, disks and roots. A system's and a disk's
   data belong to the family (freed through its type); the references are
   counted here, so that a root keeps its disk and system as long as it lives. */
#include <math.h>
#include "lsroot_internal.h"

ct_lsroot_sys_struct *ct_lsroot_sys_ref(ct_lsroot_sys_struct *S)
{
    S->refs++;
    return S;
}

void ct_lsroot_sys_unref(ct_lsroot_sys_struct *S)
{
    if (S == NULL || --S->refs > 0)
        return;
    S->type->clear(S);
}

slong ct_lsroot_terms(slong prec, double q)
{
    if (!(q <= 0.25)) /* also NaN */
        return prec / 2 + 2;
    double b = q > 0 ? -log2(q) : 1000; /* bits per term */
    return (slong)ceil((double)(prec + 6) / b) - 1;
}

ct_lsroot_disk_struct *ct_lsroot_disk_new(ct_lsroot_sys_struct *S, double c, double r)
{
    ct_lsroot_disk_struct *D = flint_calloc(1, sizeof(ct_lsroot_disk_struct));
    D->refs = 1;
    D->sys = ct_lsroot_sys_ref(S);
    D->c = c;
    D->r = r;
    S->type->disk_init(D);
    return D;
}

ct_lsroot_disk_struct *ct_lsroot_disk_ref(ct_lsroot_disk_struct *D)
{
    D->refs++;
    return D;
}

void ct_lsroot_disk_unref(ct_lsroot_disk_struct *D)
{
    if (D == NULL || --D->refs > 0)
        return;
    ct_lsroot_disk_unref(D->fine);
    D->sys->type->disk_clear(D);
    ct_lsroot_sys_unref(D->sys);
    flint_free(D);
}

int ct_lsroot_disk_contains(const ct_lsroot_disk_struct *D, const fmpq_t a)
{
    arb_t x, y;
    arb_init(x), arb_init(y);
    arb_set_d(x, D->c - D->r); /* exact: multiples of 2^-50 below 2 */
    arb_set_d(y, D->c + D->r);
    arb_union(x, x, y, 64);
    arb_set_fmpq(y, a, 64);
    int in = arb_contains(x, y);
    arb_clear(x), arb_clear(y);
    return in;
}

void ct_lsroot_init(ct_lsroot_t r)
{
    fmpq_init(r->lo), fmpq_init(r->hi);
    fmpq_init(r->ilo), fmpq_init(r->ihi);
    r->sign_lo = 0;
    r->disk = NULL;
    r->row = r->k = r->l = r->node = 0;
}

void ct_lsroot_clear(ct_lsroot_t r)
{
    fmpq_clear(r->lo), fmpq_clear(r->hi);
    fmpq_clear(r->ilo), fmpq_clear(r->ihi);
    ct_lsroot_disk_unref(r->disk);
    r->disk = NULL;
}

void ct_lsroot_set(ct_lsroot_t r, const ct_lsroot_t s)
{
    if (r == s)
        return;
    fmpq_set(r->lo, s->lo), fmpq_set(r->hi, s->hi);
    fmpq_set(r->ilo, s->ilo), fmpq_set(r->ihi, s->ihi);
    r->sign_lo = s->sign_lo;
    ct_lsroot_disk_unref(r->disk);
    r->disk = s->disk == NULL ? NULL : ct_lsroot_disk_ref(s->disk);
    r->row = s->row, r->k = s->k, r->l = s->l, r->node = s->node;
}
