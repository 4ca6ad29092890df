/* plot_counts: a scatter of counts against n, with a bound. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/report.h"
#include "plot_internal.h"
#include "certune/mem.h"

/* ----------------------------------------------------------- counts plot */

#define PLOT_COUNTS_W 760
#define PLOT_COUNTS_H 480

typedef struct {
    double x, b;
} plot_xb_struct;

static int plot_xb_cmp(const void *a, const void *b)
{
    double u = ((const plot_xb_struct *)a)->x, v = ((const plot_xb_struct *)b)->x;
    return (u > v) - (u < v);
}

/* Ranges of the finite data: x over points with finite x and y, y over those
   and the finite bounds (with 0). Returns 1 when x should be on a log scale. */
static int plot_counts_ranges(double r[4], slong n, const double *x, const double *y,
                              const double *bound)
{
    r[0] = INFINITY, r[1] = -INFINITY, r[2] = 0, r[3] = 0;
    for (slong i = 0; i < n; i++) {
        int okb = bound && isfinite(bound[i]) && isfinite(x[i]);
        if (isfinite(x[i]) && (isfinite(y[i]) || okb)) {
            r[0] = fmin(r[0], x[i]);
            r[1] = fmax(r[1], x[i]);
        }
        if (isfinite(x[i]) && isfinite(y[i]))
            r[2] = fmin(r[2], y[i]), r[3] = fmax(r[3], y[i]);
        if (okb)
            r[2] = fmin(r[2], bound[i]), r[3] = fmax(r[3], bound[i]);
    }
    if (!(r[0] <= r[1]))
        r[0] = 0, r[1] = 1;
    return r[0] > 0 && r[1] > 8 * r[0];
}

/* Sorts the distinct finite x into xs (room for CT_PLOT_MAXGIVEN + 1); returns
   their number, or 0 when there are more than CT_PLOT_MAXGIVEN. */
static int plot_counts_distinct(double *xs, slong n, const double *x)
{
    int m = 0;

    for (slong i = 0; i < n; i++) {
        int j = 0;
        if (!isfinite(x[i]))
            continue;
        while (j < m && xs[j] < x[i])
            j++;
        if (j < m && xs[j] == x[i])
            continue;
        if (m == CT_PLOT_MAXGIVEN)
            return 0;
        memmove(xs + j + 1, xs + j, sizeof(double) * (size_t)(m - j));
        xs[j] = x[i];
        m++;
    }
    return m;
}

static void plot_counts_frame(ct_plot_frame_struct *f, double *xs, slong n,
                              const double *x, const double *y, const double *bound)
{
    double r[4], p0 = 80, p1 = PLOT_COUNTS_W - 170;
    int lg = plot_counts_ranges(r, n, x, y, bound);

    if (lg) {
        double a = log10(r[0]), b = log10(r[1]);
        ct_plot_axis_set(&f->x, a - 0.07 * (b - a), b + 0.07 * (b - a), 1, p0, p1);
    } else {
        double pad = r[1] > r[0] ? 0.05 * (r[1] - r[0]) : fmax(1, fabs(r[0]) / 2);
        ct_plot_axis_linear(&f->x, r[0] - pad, r[1] + pad, 6, p0, p1);
    }
    ct_plot_axis_linear(&f->y, r[2] < 0 ? 1.05 * r[2] : 0, r[3] > 0 ? 1.05 * r[3] : 1, 6,
                        PLOT_COUNTS_H - 70, 60);
    f->x.ngiven = plot_counts_distinct(xs, n, x);
    f->x.given = xs;
}

/* The bound as a polyline through the points sorted by x. */
static int plot_counts_bound(FILE *out, const ct_plot_frame_struct *f, slong n,
                             const double *x, const double *bound)
{
    plot_xb_struct *xb = ct_mem_malloc(sizeof(plot_xb_struct) * (size_t)(n > 0 ? n : 1));
    slong m = 0;

    if (xb == NULL)
        return -1;
    for (slong i = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(bound[i]) && (!f->x.log || x[i] > 0))
            xb[m].x = x[i], xb[m++].b = bound[i];
    qsort(xb, (size_t)m, sizeof(plot_xb_struct), plot_xb_cmp);
    fputs("<polyline class=\"bound\" points=\"", out);
    for (slong i = 0; i < m; i++)
        fprintf(out, "%s%.1f,%.1f", i ? " " : "", ct_plot_axis_map(&f->x, xb[i].x),
                ct_plot_axis_map(&f->y, xb[i].b));
    fprintf(out,
            "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
            "stroke-linejoin=\"round\"/>\n",
            CT_PLOT_COL_BOUND);
    /* A dash at each distinct (x, bound): the polyline alone vanishes when all
       points share one x (one instance size), leaving a legend key with no line. */
    for (slong i = 0; i < m; i++) {
        if (i > 0 && xb[i].x == xb[i - 1].x && xb[i].b == xb[i - 1].b)
            continue;
        double px = ct_plot_axis_map(&f->x, xb[i].x),
               py = ct_plot_axis_map(&f->y, xb[i].b);
        fprintf(out,
                "<line class=\"boundmark\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                px - 12, py, px + 12, py, CT_PLOT_COL_BOUND);
    }
    free(xb);
    return 0;
}

static void plot_counts_points(FILE *out, const ct_plot_frame_struct *f, slong n,
                               const double *x, const double *y)
{
    for (slong i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]) || (f->x.log && x[i] <= 0))
            continue;
        fprintf(out,
                "<circle class=\"obs\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" "
                "fill-opacity=\"0.7\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                ct_plot_axis_map(&f->x, x[i]), ct_plot_axis_map(&f->y, y[i]),
                CT_PLOT_COL_OBS, CT_PLOT_COL_OBS);
    }
}

int ct_plot_counts_svg(FILE *out, const char *title, slong npoints, const double *x,
                       const double *y, const double *bound, const char *xlabel,
                       const char *ylabel)
{
    ct_plot_frame_struct f = {0};
    ct_plot_key_struct k[2];
    double xs[CT_PLOT_MAXGIVEN + 1];
    int rc = 0;

    plot_counts_frame(&f, xs, npoints, x, y, bound);
    ct_plot_write_header(out, PLOT_COUNTS_W, PLOT_COUNTS_H);
    ct_plot_write_title(out, &f, title ? title : "", 1, NULL);
    ct_plot_write_axes(out, &f, xlabel ? xlabel : "", ylabel ? ylabel : "", 1);
    if (bound)
        rc = plot_counts_bound(out, &f, npoints, x, bound);
    plot_counts_points(out, &f, npoints, x, y);
    ct_plot_key_set(k + 0, CT_PLOT_KEY_MARKER, CT_PLOT_COL_OBS, 1, "observed");
    ct_plot_key_set(k + 1, CT_PLOT_KEY_LINE, CT_PLOT_COL_BOUND, 2, "bound");
    ct_plot_write_legend(out, f.x.p1 + 22, f.y.p1, k, bound ? 2 : 1);
    return ct_plot_finish(out) || rc ? -1 : 0;
}
