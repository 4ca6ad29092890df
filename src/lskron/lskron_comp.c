/* lskron_comp: lambda's ball path for one component (ct_lskron_component):
   the covering of alpha in [0, 1] by Taylor disks (kept in S for the roots),
   the rows' shared functions (lskron_rows.c), the search's models of every
   disk (disk 0 first: it tells whether the exact leading terms are needed;
   the others on the spare threads), and the search (ct_lsroot_search). */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "certune/pool.h"
#include "lskron_internal.h"

typedef struct {
    ct_lskron_struct *S;
    _ct_lskron_model **models;
    double *tl;                    /* per disk and pair: the doubles' tau, dtau */
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

/* Per disk m and classes (k, l) with labels, at 2 (m c^2 + k c + l): the
   doubles' remainder bounds (the same for every row). */
static double *kron_tails(const ct_lskron_struct *S, _ct_lskron_model **models, slong nd)
{
    slong c = S->head.c;
    double *tl = flint_calloc(2 * nd * c * c, sizeof(double));
    for (slong m = 0; m < nd; m++)
        for (slong k = 0; k < c; k++)
            for (slong l = k + 1; l < c; l++)
                if (S->nlabk[k] > 0 && S->nlabk[l] > 0)
                    _ct_lskron_dpoly_tails(tl + 2 * (m * c * c + k * c + l), S, models[m],
                                           k, l);
    return tl;
}

/* make's polynomial in doubles (lskron_fast.c). */
static int kron_make_d(ct_lsroot_dpoly_struct *D, const void *ctx, slong m, slong t,
                       slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    slong c = X->S->head.c, p = k * c + l;
    return _ct_lskron_dpoly_make(D, X->S, X->models[m], t, k, l,
                                 X->tl + 2 * (m * c * c + p));
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

/* The rows' functions, disk 0's model first (it tells whether the exact
   leading terms are needed) and those terms. */
static void kron_first(ct_lskron_struct *S, _ct_lskron_rows *R, kron_build_ctx *B,
                       slong *same, const slong *rows, slong nr)
{
    _ct_lskron_rows_init(R, same, S, rows, nr);
    kron_build_job(B, 0);
    if (B->models[0] != NULL && _ct_lskron_lead_needed(S, B->models[0]) &&
        !_ct_lskron_lead_compute(S))
        while (_ct_lskron_lead_needed(S, B->models[0]) && _ct_lskron_lead_more(S))
            ;
}

/* Whether the 96-bit H and K (which the roots need) are built beside the
   first phase (kron_phase_job): on two threads or more, without the pencil,
   for components where their build is worth a thread (nu m >=
   CT_LSKRON_HI_EARLY). */
#define CT_LSKRON_HI_EARLY 20000

static atomic_long hi_early = CT_LSKRON_HI_EARLY, hi_early_count = 0;

void _ct_lskron_set_hi_early(slong min)
{
    atomic_store(&hi_early, min > 0 ? min : CT_LSKRON_HI_EARLY);
}

long _ct_lskron_hi_early_count(void)
{
    return atomic_load(&hi_early_count);
}

static int kron_early_hi(const ct_lskron_struct *S, slong nth, slong nd)
{
    int on = nth >= 2 && nd > 1 && !_ct_lskron_pencil_on(S) &&
             S->nu * S->m >= atomic_load(&hi_early);
    if (on)
        atomic_fetch_add(&hi_early_count, 1);
    return on;
}

/* The first phase on nth threads: thread 0 runs kron_first (its inner work
   on one thread), the last builds H_hi, then both, and the others from the
   start, take disks 1 .. nd - 1 from a shared counter once kron_first is
   done. The thread budget stays nth; the build of H_hi fills what
   kron_first leaves idle. */
typedef struct {
    ct_lskron_struct *S;
    _ct_lskron_rows *R;
    kron_build_ctx *B;
    slong *same;
    const slong *rows;
    slong nr;
    atomic_long next; /* the next disk to build */
    int ready;        /* kron_first done */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    slong nth;
} kron_phase;

static void kron_phase_job(void *arg, slong t)
{
    kron_phase *P = arg;
    ct_lskron_struct *S = P->S;
    if (t == 0) {
        slong in = ct_pool_set_inner_threads(1);
        kron_first(S, P->R, P->B, P->same, P->rows, P->nr);
        ct_pool_set_inner_threads(in);
        pthread_mutex_lock(&P->lock);
        P->ready = 1;
        pthread_cond_broadcast(&P->cond);
        pthread_mutex_unlock(&P->lock);
    } else {
        if (t == P->nth - 1)
            _ct_lskron_hi_get(S, 0);
        pthread_mutex_lock(&P->lock);
        while (!P->ready)
            pthread_cond_wait(&P->cond, &P->lock);
        pthread_mutex_unlock(&P->lock);
    }
    for (slong m; (m = atomic_fetch_add(&P->next, 1)) < S->nd;)
        kron_build_job(P->B, m);
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
    kron_build_ctx B = {S, models, cr, &R};
    if (kron_early_hi(S, nth, nd)) {
        kron_phase P = {S,
                        &R,
                        &B,
                        same,
                        rows,
                        nr,
                        1,
                        0,
                        PTHREAD_MUTEX_INITIALIZER,
                        PTHREAD_COND_INITIALIZER,
                        nth};
        ct_pool_for(nth, nth, kron_phase_job, NULL, &P);
        pthread_mutex_destroy(&P.lock), pthread_cond_destroy(&P.cond);
    } else {
        kron_first(S, &R, &B, same, rows, nr);
        ct_pool_for(nd - 1, nth, kron_build_job_rest, NULL, &B);
    }
    int bad = 0;
    for (slong m = 0; m < nd; m++)
        bad |= models[m] == NULL;
    ct_lsroot_zero_struct *y = NULL;
    if (!bad) {
        kron_search_ctx X = {S, models, kron_tails(S, models, nd), R.U,
                             flint_calloc(nd, sizeof(void *))};
        ct_lsroot_search_struct F = {kron_make,    &X,        seg,    nd,
                                     S->head.c,    S->nlabk,  NULL,   NULL,
                                     kron_make_hi, kron_fast, failed, kron_make_d};
        bad = ct_lsroot_search(&y, &n0, sign_inf, &F, R.mrow, same, nr, nth);
        for (slong m = 0; m < nd; m++) { /* the retries' models: the narrowing's */
            if (X.disks[m] != NULL)
                _ct_lskron_disk_keep(S, X.disks[m], m);
            ct_lsroot_disk_unref(X.disks[m]);
        }
        flint_free(X.disks), flint_free(X.tl);
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
