/* lskron_comp: lambda's ball path for one component (ct_lskron_component):
   the covering of alpha in [0, 1] by Taylor disks (kept in S for the roots),
   the rows' shared functions (lskron_rows.c), the search's models of every
   disk (disk 0 first: it tells whether the exact leading terms are needed;
   the others on the spare threads), and the search (ct_lsroot_search). */
#include <string.h>
#include "certune/pool.h"
#include "lskron_internal.h"

/* The 96-bit class models of the retry, pm[m * c + k] for disk m and class
   k, built at first use (failed[m * c + k] once one could not be) and kept
   until the search ends: at most nd c models of (J + 1) m balls. */
typedef struct {
    _ct_lskron_pmodel **pm;
    char *failed;
} kron_hi_cache;

typedef struct {
    ct_lskron_struct *S;
    _ct_lskron_model **models;
    const slong *U;    /* the model rows' nodes */
    kron_hi_cache *hi; /* make_hi's models (one thread) */
} kron_search_ctx;

static void kron_make(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong t,
                      slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    _ct_lskron_poly_make(P, X->S, X->models[m], t, k, l);
}

/* Class k's 96-bit model on disk m, from the cache (NULL when it cannot be
   built). The first call builds S's 96-bit H and K. */
static const _ct_lskron_pmodel *kron_hi_model(const kron_search_ctx *X, slong m, slong k)
{
    ct_lskron_struct *S = X->S;
    slong at = m * S->head.c + k;
    if (X->hi->pm[at] == NULL && !X->hi->failed[at]) {
        const _ct_lskron_hi *H = _ct_lskron_hi_get(S, 0);
        if (H != NULL)
            X->hi->pm[at] =
                _ct_lskron_pmodel_build(S, H, S->cr[2 * m], S->cr[2 * m + 1], k);
        X->hi->failed[at] = X->hi->pm[at] == NULL;
    }
    return X->hi->pm[at];
}

/* The same from the 96-bit class models of the narrowing (lskron_pm.c),
   kept between calls (only the pairs the search's models leave undecided
   come here, on one thread); the search's model when one cannot be built. */
static void kron_make_hi(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong t,
                         slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    const _ct_lskron_pmodel *Pk = kron_hi_model(X, m, k);
    const _ct_lskron_pmodel *Pl = Pk ? kron_hi_model(X, m, l) : NULL;
    if (Pl != NULL)
        _ct_lskron_pmodel_poly(P, X->S, _ct_lskron_hi_get(X->S, 0), Pk, Pl, X->U[t]);
    else
        kron_make(P, ctx, m, t, k, l);
}

static void kron_hi_cache_clear(kron_hi_cache *C, slong len, slong m)
{
    for (slong t = 0; t < len; t++)
        _ct_lskron_pmodel_free(C->pm[t], m);
    flint_free(C->pm), flint_free(C->failed);
}

static double kron_kappa_cb(const void *S, double c)
{
    return _ct_lskron_kappa(S, c);
}

typedef struct {
    const ct_lskron_struct *S;
    _ct_lskron_model **models;
    const double *cr;
    const slong *rows;
    slong nr;
} kron_build_ctx;

static void kron_build_job(void *arg, slong m)
{
    kron_build_ctx *X = arg;
    X->models[m] =
        _ct_lskron_model_build(X->S, X->cr[2 * m], X->cr[2 * m + 1], X->rows, X->nr);
}

static void kron_build_job_rest(void *arg, slong m) /* disks 1, 2, ... */
{
    kron_build_job(arg, m + 1);
}

/* The zeros with the nodes searched (a new array, never NULL). */
static void kron_copy_zeros(ct_lsroot_zero_struct **z, const ct_lsroot_zero_struct *y,
                            slong nz, const slong *node, slong np)
{
    *z = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_lsroot_zero_struct));
    for (slong j = 0; j < nz; j++) {
        ct_lsroot_zero_struct *d = *z + j;
        *d = y[j];
        d->node = node[y[j].t * np + y[j].p];
    }
}

int ct_lskron_component(int *sign_inf, slong *same, ct_lsroot_zero_struct **z, slong *nz,
                        ct_lskron_struct *S, const slong *rows, slong nr)
{
    slong nd, nth = ct_pool_inner_threads(), n0 = 0;
    double *cr, *seg;
    *z = NULL, *nz = 0;
    ct_lsroot_cover(&nd, &cr, &seg, kron_kappa_cb, S);
    flint_free(S->cr); /* kept for the roots' disks */
    S->cr = flint_malloc(2 * nd * sizeof(double));
    memcpy(S->cr, cr, 2 * nd * sizeof(double));
    S->nd = nd;
    _ct_lskron_model **models = flint_calloc(nd, sizeof(_ct_lskron_model *));
    _ct_lskron_rows R;
    _ct_lskron_rows_init(&R, same, S, rows, nr);
    kron_build_ctx B = {S, models, cr, R.U, R.nu};
    kron_build_job(&B, 0); /* disk 0 first: exact leading terms if needed */
    if (models[0] != NULL && _ct_lskron_lead_needed(S, models[0]))
        _ct_lskron_lead_compute(S);
    ct_pool_for(nd - 1, nth, kron_build_job_rest, NULL, &B);
    int bad = 0;
    for (slong m = 0; m < nd; m++)
        bad |= models[m] == NULL;
    ct_lsroot_zero_struct *y = NULL;
    if (!bad) {
        slong len = nd * S->head.c;
        kron_hi_cache C = {flint_calloc(len, sizeof(_ct_lskron_pmodel *)),
                           flint_calloc(len, 1)};
        kron_search_ctx X = {S, models, R.U, &C};
        ct_lsroot_search_struct F = {kron_make, &X,   seg,  nd,          S->head.c,
                                     S->nlabk,  NULL, NULL, kron_make_hi};
        bad = ct_lsroot_search(&y, &n0, sign_inf, &F, R.mrow, same, nr, nth);
        kron_hi_cache_clear(&C, len, S->m);
    }
    if (!bad) {
        kron_copy_zeros(z, y, n0, R.node, S->head.c * (S->head.c - 1) / 2);
        *nz = n0;
    }
    for (slong m = 0; m < nd; m++)
        _ct_lskron_model_free(models[m], S->head.c);
    flint_free(models), flint_free(cr), flint_free(seg), flint_free(y);
    _ct_lskron_rows_clear(&R);
    return bad;
}
