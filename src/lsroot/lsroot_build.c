/* lsroot_build: the models of a component's disks and the narrowing of its
   zeros, on the spare threads of a large instance (ct_pool_inner_threads):
   disks, and then pairs of a disk, are independent; each job writes only
   its own disk's or pair's model, and the narrowing reads them. */
#include "certune/pool.h"
#include "lsroot_internal.h"

typedef struct {
    ct_lsdisk_struct **disks;
    const _ct_lsrhs *v;
    slong nv;
} ls_level1_ctx;

static void ls_level1_job(void *arg, slong m)
{
    ls_level1_ctx *X = arg;
    X->disks[m]->lev1 = _ct_lsmodel_build(X->disks[m], X->v, X->nv, 56);
}

void _ct_lsroot_build_level1(ct_lsdisk_struct **disks, slong nd, const _ct_lsrhs *v,
                             slong nv, slong nthreads)
{
    ls_level1_ctx X = {disks, v, nv};
    ct_pool_for(nd, nthreads, ls_level1_job, NULL, &X);
}

/* Narrows each root to about 2^-LS_KEEP_BITS relative (beyond the report's
   20 digits) with its pair's 96-bit model, built once per disk and pair, so
   that later comparisons and decimal certificates rarely need the oracle. */
#define LS_KEEP_BITS 96

static slong ls_pair_index(const ct_lsroot_struct *r)
{
    return _ct_lsroot_pair(r->k, r->l, r->disk->sys->c);
}

typedef struct {
    ct_lsroot_struct *z, **first; /* first[j]: the root that builds a model, or NULL */
} ls_narrow_ctx;

static void ls_level2_job(void *arg, slong j)
{
    ls_narrow_ctx *X = arg;
    ct_lsroot_struct *r = X->first[j];
    if (r != NULL) {
        _ct_lsrhs v = {r->k, r->l};
        r->disk->lev2[ls_pair_index(r)] = _ct_lsmodel_build(r->disk, &v, 1, LS_KEEP_BITS);
    }
}

static void ls_narrow_job(void *arg, slong j)
{
    ct_lsroot_struct *r = ((ls_narrow_ctx *)arg)->z + j;
    ct_lsdisk_struct *D = r->disk;
    _ct_lspoly P;
    _ct_lspoly_make(&P, D->lev2[ls_pair_index(r)], D, r->row, r->k, r->l);
    _ct_lspoly_narrow(r->lo, r->hi, r->sign_lo, &P, LS_KEEP_BITS, NULL, NULL);
    _ct_lspoly_free(&P);
}

void _ct_lsroot_narrow(ct_lsroot_struct *z, slong nz, slong nthreads)
{
    ls_narrow_ctx X = {z, flint_calloc(FLINT_MAX(nz, 1), sizeof(ct_lsroot_struct *))};
    for (slong j = 0; j < nz; j++) { /* one builder per disk and pair */
        slong p = ls_pair_index(z + j);
        if (z[j].disk->lev2[p] == NULL) {
            int seen = 0;
            for (slong t = 0; t < j && !seen; t++)
                seen = X.first[t] != NULL && X.first[t]->disk == z[j].disk &&
                       ls_pair_index(X.first[t]) == p;
            X.first[j] = seen ? NULL : z + j;
        }
    }
    ct_pool_for(nz, nthreads, ls_level2_job, NULL, &X);
    ct_pool_for(nz, nthreads, ls_narrow_job, NULL, &X);
    flint_free(X.first);
}
