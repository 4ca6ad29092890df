#include <stdio.h>
/* lsroot_narrow: the search's zeros as certified roots, narrowed at once to
   about 2^-96 relative (beyond the report's 20 digits) with the level-0
   models, so that later comparisons and decimal certificates rarely need the
   oracle. On the spare threads of a large instance (ct_pool_inner_threads):
   first every model the roots read, one job per disk and key (each writes only
   its own model), then every root (reading them). */
#include <stdlib.h>
#include "certune/pool.h"
#include "lsroot_internal.h"

#define LS_KEEP_BITS 96

/* r from zero z on disk D: [lo, hi] unmapped into the family's variable (a
   decreasing map swaps the ends and the sign). */
static void ls_set_zero(ct_lsroot_struct *r, ct_lsroot_disk_struct *D,
                        const ct_lsroot_zero_struct *z)
{
    const ct_lsroot_sys_struct *S = D->sys;
    S->type->unmap(r->lo, S, z->lo);
    S->type->unmap(r->hi, S, z->hi);
    r->sign_lo = z->sign_lo;
    if (fmpq_cmp(r->lo, r->hi) > 0) {
        fmpq_swap(r->lo, r->hi);
        r->sign_lo = -r->sign_lo;
    }
    fmpq_set(r->ilo, r->lo);
    fmpq_set(r->ihi, r->hi);
    r->disk = ct_lsroot_disk_ref(D);
    r->row = r->node = z->node;
    r->k = z->k, r->l = z->l;
}

/* One model to build: disk D, the key of pair (k, l). */
typedef struct {
    ct_lsroot_disk_struct *D;
    slong k, l, key;
} ls_job;

typedef struct {
    ct_lsroot_struct *z;
    ls_job *job;
} ls_narrow_ctx;

static void ls_build_job(void *arg, slong j)
{
    ls_job *b = ((ls_narrow_ctx *)arg)->job + j;
    b->D->sys->type->build(b->D, 0, b->k, b->l, b->key);
}

static void ls_narrow_job(void *arg, slong j)
{
    ct_lsroot_struct *r = ((ls_narrow_ctx *)arg)->z + j;
    ct_lsroot_disk_struct *D = r->disk;
    ct_lsroot_poly_struct P;
    slong prec;
    if (D->sys->type->pair_poly(&P, &prec, D, 0, r->row, r->k, r->l) != 0)
        return; /* no model: the oracle refines when asked */
    _ct_lsroot_poly_narrow(r->lo, r->hi, r->sign_lo, &P, LS_KEEP_BITS, D->sys);
    ct_lsroot_poly_clear(&P);
}

/* The distinct (disk, key) of the roots' pairs, in the roots' order. */
static slong ls_jobs(ls_job *job, const ct_lsroot_struct *z, slong nz)
{
    slong nj = 0, key[2];
    for (slong j = 0; j < nz; j++) {
        const ct_lsroot_sys_struct *S = z[j].disk->sys;
        slong nk = S->type->keys(key, S, z[j].k, z[j].l);
        for (slong e = 0; e < nk; e++) {
            slong t = 0;
            while (t < nj && !(job[t].D == z[j].disk && job[t].key == key[e]))
                t++;
            if (t == nj)
                job[nj++] = (ls_job){z[j].disk, z[j].k, z[j].l, key[e]};
        }
    }
    return nj;
}

void ct_lsroot_roots(ct_lsroot_struct **out, ct_lsroot_disk_struct *const *disks,
                     const ct_lsroot_zero_struct *z, slong nz, slong nthreads)
{
    ct_lsroot_struct *r = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_lsroot_struct));
    for (slong j = 0; j < nz; j++) {
        ct_lsroot_init(r + j);
        ls_set_zero(r + j, disks[z[j].disk], z + j);
    }
    ls_narrow_ctx X = {r, flint_malloc(FLINT_MAX(2 * nz, 1) * sizeof(ls_job))};
    slong nj = ls_jobs(X.job, r, nz);
    ct_pool_for(nj, nthreads, ls_build_job, NULL, &X);
    ct_pool_for(nz, nthreads, ls_narrow_job, NULL, &X);
    flint_free(X.job);
    *out = r;
}

static int ls_root_cmp(const void *a, const void *b)
{
    const ct_lsroot_struct *x = *(const ct_lsroot_struct *const *)a,
                           *y = *(const ct_lsroot_struct *const *)b;
    return fmpq_cmp(x->lo, y->lo);
}

int ct_lsroot_roots_overlap(const ct_lsroot_struct *r, slong nz)
{
    const ct_lsroot_struct **ord = flint_malloc(FLINT_MAX(nz, 1) * sizeof(void *));
    for (slong j = 0; j < nz; j++)
        ord[j] = r + j;
    qsort(ord, nz, sizeof(void *), ls_root_cmp);
    int bad = 0;
    for (slong j = 1, far = 0; j < nz; j++) {
        int b1 = fmpq_cmp(ord[j]->lo, ord[far]->hi) < 0;
        bad |= b1;
        if (fmpq_cmp(ord[j]->hi, ord[far]->hi) > 0)
            far = j;
    }
    flint_free(ord);
    return bad;
}
