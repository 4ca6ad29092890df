/* lsroot_kron: the lambda family's ball path for one component (lsroot.h):
   the system, the covering of alpha in [0, 1] by Taylor disks, each pair's
   polynomial on a disk, and the search shared with alpha (lsroot_isolate.c). */
#include <string.h>
#include "certune/blas.h"
#include "certune/pool.h"
#include "lsroot_kron.h"

#define KRON_MAX_DEGREE 1099511627776.0 /* 2^40: sums of weights stay exact */

/* The weights as doubles; 1 when a degree reaches 2^40. */
static int kron_weights(double *w, slong n, const slong *rowstart, const fmpz *wz)
{
    for (slong i = 0; i < n; i++) {
        double s = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            if (fmpz_sgn(wz + e) <= 0 || fmpz_cmp_ui(wz + e, 1UL << 40) >= 0)
                return 1;
            w[e] = (double)fmpz_get_ui(wz + e);
            s += w[e];
        }
        if (s >= KRON_MAX_DEGREE || s <= 0)
            return 1;
    }
    return 0;
}

/* lab, cls, unl, pos, nlabk. */
static void kron_nodes(ct_lsroot_kron_struct *S, const slong *lab, const slong *cls)
{
    S->lab = flint_malloc(S->m * sizeof(slong));
    S->cls = flint_malloc(S->m * sizeof(slong));
    S->pos = flint_malloc(S->n * sizeof(slong));
    S->nlabk = flint_calloc(S->c, sizeof(slong));
    S->unl = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(slong));
    S->ncls = flint_malloc(S->n * sizeof(slong));
    for (slong i = 0; i < S->n; i++)
        S->pos[i] = S->ncls[i] = -1;
    for (slong j = 0; j < S->m; j++) {
        S->lab[j] = lab[j], S->cls[j] = cls[j];
        S->pos[lab[j]] = j, S->ncls[lab[j]] = cls[j];
        S->nlabk[cls[j]]++;
    }
    for (slong i = 0, a = 0; i < S->n; i++)
        if (S->pos[i] < 0)
            S->unl[a] = i, S->pos[i] = -1 - a, a++;
}

/* Whether the labels are valid: distinct nodes in range, classes in range. */
static int kron_labels_ok(slong n, slong nlab, const slong *lab, const slong *cls,
                          slong c)
{
    char *seen = flint_calloc(n, 1);
    int ok = nlab >= 1 && c >= 2;
    for (slong j = 0; j < nlab && ok; j++) {
        ok = lab[j] >= 0 && lab[j] < n && !seen[lab[j]] && cls[j] >= 0 && cls[j] < c;
        if (ok)
            seen[lab[j]] = 1;
    }
    flint_free(seen);
    return ok;
}

ct_lsroot_kron_struct *ct_lsroot_kron_new(slong n, const slong *rowstart,
                                          const slong *col, const fmpz *w, slong nlab,
                                          const slong *lab, const slong *cls, slong c,
                                          const fmpz_t scale)
{
    if (n < 2 || !kron_labels_ok(n, nlab, lab, cls, c) || ct_blas_load(NULL, 0) != 0)
        return NULL;
    double *wd = flint_malloc(FLINT_MAX(rowstart[n], 1) * sizeof(double));
    ct_lsroot_kron_struct *S = NULL;
    if (!kron_weights(wd, n, rowstart, w)) {
        S = flint_calloc(1, sizeof(ct_lsroot_kron_struct));
        S->n = n, S->c = c, S->m = nlab, S->nu = n - nlab;
        S->refs = 1;
        fmpz_init_set_ui(S->scale, 1);
        fmpz_init(S->den0);
        if (scale != NULL)
            fmpz_set(S->scale, scale);
        kron_nodes(S, lab, cls);
        S->rowstart = flint_malloc((n + 1) * sizeof(slong));
        S->col = flint_malloc(FLINT_MAX(rowstart[n], 1) * sizeof(slong));
        memcpy(S->rowstart, rowstart, (n + 1) * sizeof(slong));
        memcpy(S->col, col, rowstart[n] * sizeof(slong));
        S->w = wd, wd = NULL;
        if (_ct_kron_build(S, rowstart, col, S->w) || _ct_kron_certify_mu(S)) {
            ct_lsroot_kron_unref(S);
            S = NULL;
        }
    }
    flint_free(wd);
    return S;
}

void ct_lsroot_kron_unref(ct_lsroot_kron_struct *S)
{
    if (S == NULL || --S->refs > 0)
        return;
    flint_free(S->lab), flint_free(S->cls), flint_free(S->unl), flint_free(S->pos);
    flint_free(S->nlabk), flint_free(S->H), flint_free(S->Hrs), flint_free(S->Herr);
    flint_free(S->Hoff), flint_free(S->Hcol), flint_free(S->K);
    flint_free(S->Koff), flint_free(S->Kcol);
    flint_free(S->rowstart), flint_free(S->col), flint_free(S->w), flint_free(S->ncls);
    flint_free(S->zb), flint_free(S->deg), flint_free(S->cr);
    fmpz_clear(S->scale), fmpz_clear(S->den0);
    if (S->Y0 != NULL)
        fmpz_mat_clear(S->Y0), flint_free(S->Y0);
    for (int v = 0; v < 4; v++)
        _ct_kron_hi_free(S->hi[v]);
    flint_free(S);
}

slong ct_lsroot_kron_rho(const ct_lsroot_kron_struct *S)
{
    return (slong)S->rho;
}

typedef struct {
    const ct_lsroot_kron_struct *S;
    _ct_kron_model **models;
} kron_search_ctx;

static void kron_make(_ct_lspoly *P, const void *ctx, slong m, slong t, slong k, slong l)
{
    const kron_search_ctx *X = ctx;
    _ct_kron_poly_make(P, X->S, X->models[m], t, k, l);
}

static double kron_kappa_cb(const void *S, double c)
{
    return _ct_kron_kappa(S, c);
}

typedef struct {
    const ct_lsroot_kron_struct *S;
    _ct_kron_model **models;
    const double *cr;
    const slong *rows;
    slong nr;
} kron_build_ctx;

static void kron_build_job(void *arg, slong m)
{
    kron_build_ctx *X = arg;
    X->models[m] =
        _ct_kron_model_build(X->S, X->cr[2 * m], X->cr[2 * m + 1], X->rows, X->nr);
}

static void kron_build_job_rest(void *arg, slong m) /* disks 1, 2, ... */
{
    kron_build_job(arg, m + 1);
}

static void kron_copy_zeros(ct_lsroot_kron_zero **z, const _ct_lszero *y, slong nz,
                            const slong *node, slong np)
{
    *z = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_lsroot_kron_zero));
    for (slong j = 0; j < nz; j++) {
        ct_lsroot_kron_zero *d = *z + j;
        d->lo = y[j].lo, d->hi = y[j].hi, d->sign_lo = y[j].sign_lo;
        d->t = y[j].t, d->p = y[j].p, d->k = y[j].k, d->l = y[j].l;
        d->disk = y[j].disk, d->node = node[y[j].t * np + y[j].p];
    }
}

int ct_lsroot_kron_component(int *sign_inf, slong *same, ct_lsroot_kron_zero **z,
                             slong *nz, ct_lsroot_kron_struct *S, const slong *rows,
                             slong nr)
{
    slong nd, nth = ct_pool_inner_threads(), n0 = 0;
    double *cr, *seg;
    *z = NULL, *nz = 0;
    _ct_ls_cover(&nd, &cr, &seg, kron_kappa_cb, S);
    flint_free(S->cr); /* kept for the roots' disks */
    S->cr = flint_malloc(2 * nd * sizeof(double));
    memcpy(S->cr, cr, 2 * nd * sizeof(double));
    S->nd = nd;
    _ct_kron_model **models = flint_calloc(nd, sizeof(_ct_kron_model *));
    _ct_kron_rows R;
    _ct_kron_rows_init(&R, same, S, rows, nr);
    kron_build_ctx B = {S, models, cr, R.U, R.nu};
    kron_build_job(&B, 0); /* disk 0 first: exact leading terms if needed */
    if (models[0] != NULL && _ct_kron_lead_needed(S, models[0]))
        _ct_kron_lead_compute(S);
    ct_pool_for(nd - 1, nth, kron_build_job_rest, NULL, &B);
    int bad = 0;
    for (slong m = 0; m < nd; m++)
        bad |= models[m] == NULL;
    _ct_lszero *y = NULL;
    if (!bad) {
        kron_search_ctx X = {S, models};
        _ct_lssearch_spec F = {kron_make, &X, seg, nd, S->c, S->nlabk};
        bad = _ct_lssearch_run(&y, &n0, sign_inf, &F, R.mrow, same, nr, nth);
    }
    if (!bad) {
        kron_copy_zeros(z, y, n0, R.node, S->c * (S->c - 1) / 2);
        *nz = n0;
    }
    for (slong m = 0; m < nd; m++)
        _ct_kron_model_free(models[m], S->c);
    flint_free(models), flint_free(cr), flint_free(seg), flint_free(y);
    _ct_kron_rows_clear(&R);
    return bad;
}
