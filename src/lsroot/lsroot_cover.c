/* lsroot_cover: the disks covering [0, 1].

   Disk 0 is centered at 0 with radius 1/4 (the power series; no gap needed).
   Every other disk has center c < 1 and radius r with kappa(c) r <= 1/4, so
   that the tail of its Taylor model shrinks by 4 per term. Segments
   [seg[m], seg[m + 1]] partition [0, 1], each inside its disk; the last disk
   is centered at 1 - r/2 with the radius allowed at a = 1. */
#include "certune/lsroot.h"

/* The largest dyadic r <= 1/8 with r kappa(a + r) <= 1/4 (and a + r < 1). */
static double lscover_radius(double (*kappa)(const void *, double), const void *ctx,
                             double a)
{
    double r = 0.125;
    while (r * kappa(ctx, a + r) > 0.25 || a + r >= 1)
        r /= 2;
    return r;
}

static void lscover_push(double **cr, double **seg, slong *nd, slong *alloc, double c,
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

void ct_lsroot_cover(slong *nd, double **cr, double **seg,
                     double (*kappa)(const void *ctx, double c), const void *ctx)
{
    slong alloc = 0;
    *nd = 0;
    *cr = *seg = NULL;
    lscover_push(cr, seg, nd, &alloc, 0, 0.25, 0.25);
    (*seg)[0] = 0;
    double kap1 = kappa(ctx, 1), rend = 0.125;
    while (rend * kap1 > 0.25)
        rend /= 2;
    double a = 0.25, stop = 1 - rend; /* the last disk covers [1 - 1.5 rend, 1] */
    while (a < stop) {
        double r = lscover_radius(kappa, ctx, a), end = FLINT_MIN(a + 2 * r, stop);
        lscover_push(cr, seg, nd, &alloc, a + r, r, end);
        a = end;
    }
    lscover_push(cr, seg, nd, &alloc, 1 - rend / 2, rend, 1);
}
