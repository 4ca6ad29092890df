/* lsroot_kron_roots: the search's zeros in alpha as certified roots in
   lambda, narrowed with 96-bit models. lambda = rho (1 - alpha) / (scale
   alpha) is decreasing, so [lo, hi] in alpha becomes [lambda(hi),
   lambda(lo)] with the opposite sign at its left end. The narrowing, as
   lsroot_build.c's: the 96-bit data of S once, then one model per disk and
   pair on the spare threads, then every root on them. */
#include "certune/pool.h"
#include "lsroot_kron.h"

#define KR_KEEP_BITS 96

/* lambda(alpha) for a dyadic alpha in (0, 1). */
static void kroots_lambda(fmpq_t x, const ct_lsroot_kron_struct *S, double alpha)
{
    arf_t a;
    fmpq_t t;
    arf_init(a), fmpq_init(t);
    arf_set_d(a, alpha);
    arf_get_fmpq(t, a);
    fmpq_set_si(x, 1, 1);
    fmpq_sub(x, x, t);
    fmpq_div(x, x, t);
    fmpq_mul_si(x, x, (slong)S->rho);
    fmpq_div_fmpz(x, x, S->scale);
    arf_clear(a), fmpq_clear(t);
}

typedef struct {
    ct_lsroot_kroot_struct *z;
    ct_lsroot_kdisk_struct **jd; /* per job: a disk and a class to model */
    slong *jk;
} kr_narrow_ctx;

static void kr_model_job(void *arg, slong j)
{
    kr_narrow_ctx *X = arg;
    _ct_kdisk_model(X->jd[j], 0, X->jk[j]);
}

static void kr_alpha(fmpq_t a, const void *S, const fmpq_t x)
{
    _ct_kron_alpha(a, S, x);
}

static void kr_narrow_job(void *arg, slong j)
{
    ct_lsroot_kroot_struct *r = ((kr_narrow_ctx *)arg)->z + j;
    ct_lsroot_kdisk_struct *D = r->disk;
    const _ct_kron_pmodel *M = D->pm[r->k], *N = D->pm[r->l]; /* level 0 */
    if (M == NULL || N == NULL)
        return;
    _ct_lspoly P;
    _ct_kron_pmodel_poly(&P, D->sys, D->sys->hi[0], M, N, r->row);
    _ct_lspoly_narrow(r->lo, r->hi, r->sign_lo, &P, KR_KEEP_BITS, kr_alpha, D->sys);
    _ct_lspoly_free(&P);
}

/* Narrows the nz roots (models built first, one builder per disk and pair). */
static void kroots_narrow(ct_lsroot_kroot_struct *z, slong nz, ct_lsroot_kron_struct *S)
{
    if (nz == 0 || _ct_kron_hi_get(S, 0) == NULL)
        return;
    slong nj = 0;
    kr_narrow_ctx X = {z, flint_malloc(2 * nz * sizeof(void *)),
                       flint_malloc(2 * nz * sizeof(slong))};
    for (slong j = 0; j < nz; j++) /* one job per disk and class needed */
        for (int s = 0; s < 2; s++) {
            slong k = s ? z[j].l : z[j].k, t = 0;
            while (t < nj && !(X.jd[t] == z[j].disk && X.jk[t] == k))
                t++;
            if (t == nj)
                X.jd[nj] = z[j].disk, X.jk[nj++] = k;
        }
    slong nth = ct_pool_inner_threads();
    ct_pool_for(nj, nth, kr_model_job, NULL, &X);
    ct_pool_for(nz, nth, kr_narrow_job, NULL, &X);
    flint_free(X.jd), flint_free(X.jk);
}

int ct_lsroot_kron_roots(ct_lsroot_kroot_struct **out, ct_lsroot_kron_struct *S,
                         const ct_lsroot_kron_zero *z, slong nz)
{
    *out = NULL;
    for (slong j = 0; j < nz; j++)
        if (!(z[j].lo > 0 && z[j].hi < 1) || z[j].disk < 0 || z[j].disk >= S->nd)
            return 1;
    ct_lsroot_kdisk_struct **disks = flint_calloc(FLINT_MAX(S->nd, 1), sizeof(void *));
    ct_lsroot_kroot_struct *r = flint_malloc(FLINT_MAX(nz, 1) * sizeof(*r));
    for (slong j = 0; j < nz; j++) {
        slong d = z[j].disk;
        if (disks[d] == NULL)
            disks[d] = _ct_kdisk_new(S, S->cr[2 * d], S->cr[2 * d + 1]);
        ct_lsroot_kroot_init(r + j);
        kroots_lambda(r[j].lo, S, z[j].hi);
        kroots_lambda(r[j].hi, S, z[j].lo);
        fmpq_set(r[j].ilo, r[j].lo), fmpq_set(r[j].ihi, r[j].hi);
        r[j].sign_lo = -z[j].sign_lo;
        r[j].disk = _ct_kdisk_ref(disks[d]);
        r[j].row = r[j].node = z[j].node;
        r[j].k = z[j].k, r[j].l = z[j].l;
    }
    for (slong d = 0; d < S->nd; d++)
        _ct_kdisk_unref(disks[d]);
    flint_free(disks);
    kroots_narrow(r, nz, S);
    *out = r;
    return 0;
}
