/* lskron_comp: lambda's ball path for one component (ct_lskron_component):
   the covering of alpha in [0, 1] by Taylor disks (kept in S for the roots),
   the rows' shared functions (lskron_rows.c), the search's models of every
   disk (disk 0 first: it tells whether the exact leading terms are needed;
   the others on the spare threads), and the search (ct_lsroot_search). */
#include <string.h>
#include "certune/pool.h"
#include "lskron_internal.h"

typedef struct {
    ct_lskron_struct *S;
    _ct_lskron_model **models;
    const slong *U;                /* the model rows' nodes */
    ct_lsroot_disk_struct **disks; /* make_hi's: the roots' disks, made at first
                                      use, with their 96-bit class models */
} kron_search_ctx;

static void kron_make(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong t,
                      slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    _ct_lskron_poly_make(P, X->S, X->models[m], t, k, l);
}

/* The same from the 96-bit class models of the narrowing (lskron_root.c's
   disks, kept until the search ends: at most c models per disk, whatever the
   number of pairs; only the pairs the search's models leave undecided come
   here, on one thread); the search's model when one cannot be built. */
static void kron_make_hi(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong t,
                         slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    ct_lskron_struct *S = X->S;
    slong prec;
    if (X->disks[m] == NULL)
        X->disks[m] = ct_lsroot_disk_new(&S->head, S->cr[2 * m], S->cr[2 * m + 1]);
    if (ct_lskron_type.pair_poly(P, &prec, X->disks[m], 0, X->U[t], k, l) != 0)
        kron_make(P, ctx, m, t, k, l);
}

/* make's polynomial in doubles (lskron_fast.c), when disk m has c > 0. */
static int kron_make_d(ct_lsroot_dpoly_struct *D, const void *ctx, slong m, slong t,
                       slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    return _ct_lskron_dpoly_make(D, X->S, X->models[m], t, k, l);
}

/* The quick test on disk m's search model (lskron_fast.c): up to 8 pieces. */
static int kron_fast(const void *ctx, slong m, slong t, slong k, slong l, double a,
                     double b)
{
    const kron_search_ctx *X = ctx;
    return _ct_lskron_fast_sign(X->S, X->models[m], t, k, l, a, b, 3);
}

static double kron_kappa_cb(const void *S, double c)
{
    return _ct_lskron_kappa(S, c);
}

typedef struct {
    const ct_lskron_struct *S;
    _ct_lskron_model **models;
    const double *cr;
    const _ct_lskron_rows *R;
} kron_build_ctx;

static void kron_build_job(void *arg, slong m)
{
    kron_build_ctx *X = arg;
    X->models[m] = _ct_lskron_model_build(X->S, X->cr[2 * m], X->cr[2 * m + 1], X->R,
                                          X->S->pen + m * X->S->head.c);
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
                        ct_lskron_struct *S, const slong *rows, slong nr, char *failed)
{
    slong nd, nth = ct_pool_inner_threads(), n0 = 0;
    double *cr, *seg;
    *z = NULL, *nz = 0;
    ct_lsroot_cover(&nd, &cr, &seg, kron_kappa_cb, S);
    flint_free(S->cr); /* kept for the roots' disks */
    S->cr = flint_malloc(2 * nd * sizeof(double));
    memcpy(S->cr, cr, 2 * nd * sizeof(double));
    _ct_lskron_pen_free(S);
    S->nd = nd;
    S->pen = flint_calloc(nd * S->head.c, sizeof(_ct_lskron_pmodel *));
    _ct_lskron_model **models = flint_calloc(nd, sizeof(_ct_lskron_model *));
    _ct_lskron_rows R;
    _ct_lskron_rows_init(&R, same, S, rows, nr);
    kron_build_ctx B = {S, models, cr, &R};
    kron_build_job(&B, 0); /* disk 0 first: exact leading terms if needed */
    if (models[0] != NULL && _ct_lskron_lead_needed(S, models[0]) &&
        !_ct_lskron_lead_compute(S))
        while (_ct_lskron_lead_needed(S, models[0]) && _ct_lskron_lead_more(S))
            ;
    ct_pool_for(nd - 1, nth, kron_build_job_rest, NULL, &B);
    int bad = 0;
    for (slong m = 0; m < nd; m++)
        bad |= models[m] == NULL;
    ct_lsroot_zero_struct *y = NULL;
    if (!bad) {
        kron_search_ctx X = {S, models, R.U, flint_calloc(nd, sizeof(void *))};
        ct_lsroot_search_struct F = {kron_make,    &X,        seg,    nd,
                                     S->head.c,    S->nlabk,  NULL,   NULL,
                                     kron_make_hi, kron_fast, failed, kron_make_d};
        bad = ct_lsroot_search(&y, &n0, sign_inf, &F, R.mrow, same, nr, nth);
        for (slong m = 0; m < nd; m++) { /* the retries' models: the narrowing's */
            if (X.disks[m] != NULL)
                _ct_lskron_disk_keep(S, X.disks[m], m);
            ct_lsroot_disk_unref(X.disks[m]);
        }
        flint_free(X.disks);
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
