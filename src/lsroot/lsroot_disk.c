/* lsroot_disk: the disks covering [0, 1] and their lifetimes.

   Disk 0 is centered at 0 with radius 1/4 (the power series; no gap needed).
   Every other disk has center c < 1 and radius r with kappa(c) r <= 1/4, so
   that the tail of its Taylor model shrinks by 4 per term. Segments
   [seg[m], seg[m + 1]] partition [0, 1], each inside its disk; the last disk
   is centered at 1 - r/2 with the radius allowed at alpha = 1. */
#include <math.h>
#include "lsroot_internal.h"

ct_lsdisk_struct *_ct_lsdisk_new(ct_lssys_struct *S, double c, double r)
{
    ct_lsdisk_struct *D = flint_calloc(1, sizeof(ct_lsdisk_struct));
    D->refs = 1;
    D->sys = _ct_lssys_ref(S);
    D->c = c;
    D->r = r;
    D->npairs = S->c * (S->c - 1) / 2;
    D->lev2 = flint_calloc(FLINT_MAX(D->npairs, 1), sizeof(_ct_lsmodel *));
    return D;
}

ct_lsdisk_struct *_ct_lsdisk_ref(ct_lsdisk_struct *D)
{
    D->refs++;
    return D;
}

void _ct_lsdisk_release(ct_lsdisk_struct *D)
{
    _ct_lsmodel_free(D->lev1);
    D->lev1 = NULL;
    for (slong p = 0; p < D->npairs; p++) {
        _ct_lsmodel_free(D->lev2[p]);
        D->lev2[p] = NULL;
    }
    flint_free(D->lu);
    D->lu = NULL;
}

void _ct_lsdisk_unref(ct_lsdisk_struct *D)
{
    if (D == NULL || --D->refs > 0)
        return;
    _ct_lsdisk_release(D);
    flint_free(D->lev2);
    ct_lssys_unref(D->sys);
    flint_free(D);
}

/* The largest dyadic r <= 1/8 with r kappa(a + r) <= 1/4 (and a + r < 1). */
static double lsdisk_radius(double (*kappa)(const void *, double), const void *ctx,
                            double a)
{
    double r = 0.125;
    while (r * kappa(ctx, a + r) > 0.25 || a + r >= 1)
        r /= 2;
    return r;
}

static void lsdisk_push(double **cr, double **seg, slong *nd, slong *alloc, double c,
                        double r, double end)
{
    if (*nd + 1 >= *alloc) {
        *alloc = 2 * *alloc + 8;
        *cr = flint_realloc(*cr, 2 * *alloc * sizeof(double));
        *seg = flint_realloc(*seg, (*alloc + 1) * sizeof(double));
    }
    (*cr)[2 * *nd] = c, (*cr)[2 * *nd + 1] = r;
    (*seg)[++*nd] = end;
}

void _ct_ls_cover(slong *nd, double **cr, double **seg,
                  double (*kappa)(const void *ctx, double c), const void *ctx)
{
    slong alloc = 0;
    *nd = 0;
    *cr = *seg = NULL;
    lsdisk_push(cr, seg, nd, &alloc, 0, 0.25, 0.25);
    (*seg)[0] = 0;
    double kap1 = kappa(ctx, 1), rend = 0.125;
    while (rend * kap1 > 0.25)
        rend /= 2;
    double a = 0.25, stop = 1 - rend; /* the last disk covers [1 - 1.5 rend, 1] */
    while (a < stop) {
        double r = lsdisk_radius(kappa, ctx, a), end = FLINT_MIN(a + 2 * r, stop);
        lsdisk_push(cr, seg, nd, &alloc, a + r, r, end);
        a = end;
    }
    lsdisk_push(cr, seg, nd, &alloc, 1 - rend / 2, rend, 1);
}

static double lsdisk_kappa(const void *S, double c)
{
    return _ct_lssys_kappa(S, c);
}

ct_lsdisk_struct **_ct_lsdisk_cover(slong *nd, double **seg, ct_lssys_struct *S)
{
    double *cr;
    _ct_ls_cover(nd, &cr, seg, lsdisk_kappa, S);
    ct_lsdisk_struct **d = flint_malloc(*nd * sizeof(ct_lsdisk_struct *));
    for (slong m = 0; m < *nd; m++)
        d[m] = _ct_lsdisk_new(S, cr[2 * m], cr[2 * m + 1]);
    flint_free(cr);
    return d;
}
