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
static double lsdisk_radius(const ct_lssys_struct *S, double a)
{
    double r = 0.125;
    while (r * _ct_lssys_kappa(S, a + r) > 0.25 || a + r >= 1)
        r /= 2;
    return r;
}

static void lsdisk_push(ct_lsdisk_struct ***d, double **seg, slong *nd, slong *alloc,
                        ct_lsdisk_struct *D, double end)
{
    if (*nd + 1 >= *alloc) {
        *alloc = 2 * *alloc + 8;
        *d = flint_realloc(*d, *alloc * sizeof(ct_lsdisk_struct *));
        *seg = flint_realloc(*seg, (*alloc + 1) * sizeof(double));
    }
    (*d)[*nd] = D;
    (*seg)[++*nd] = end;
}

ct_lsdisk_struct **_ct_lsdisk_cover(slong *nd, double **seg, ct_lssys_struct *S)
{
    ct_lsdisk_struct **d = NULL;
    slong alloc = 0;
    *nd = 0;
    *seg = NULL;
    lsdisk_push(&d, seg, nd, &alloc, _ct_lsdisk_new(S, 0, 0.25), 0.25);
    (*seg)[0] = 0;
    double kap1 = _ct_lssys_kappa(S, 1), rend = 0.125;
    while (rend * kap1 > 0.25)
        rend /= 2;
    double a = 0.25, stop = 1 - rend; /* the last disk covers [1 - 1.5 rend, 1] */
    while (a < stop) {
        double r = lsdisk_radius(S, a), end = FLINT_MIN(a + 2 * r, stop);
        lsdisk_push(&d, seg, nd, &alloc, _ct_lsdisk_new(S, a + r, r), end);
        a = end;
    }
    lsdisk_push(&d, seg, nd, &alloc, _ct_lsdisk_new(S, 1 - rend / 2, rend), 1);
    return d;
}
