/* plot_series: a scatter of several named series on one pair of axes, one
   legend entry per series, each series' chosen value marked by a dashed
   vertical line in its colour (`gnn tune --plot`: every tuner's evaluations
   of the validation accuracy and the value it chose). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "certune/plot.h"
#include "plot_internal.h"

#define PLOT_SERIES_W 880
#define PLOT_SERIES_H 480
#define PLOT_SERIES_MAX 8 /* colours, and legend entries */

static const char *const plot_series_colors[PLOT_SERIES_MAX] = {
    "#1f5fa8", "#e07000", "#2e8b57", "#c0392b",
    "#7b4fa0", "#8c6d31", "#d6589f", "#555555"};

/* The finite ranges of x (and the chosen values) and y over every series. */
static void plot_series_ranges(double r[4], const ct_plot_series_struct *S, slong ns)
{
    r[0] = INFINITY, r[1] = -INFINITY, r[2] = INFINITY, r[3] = -INFINITY;
    for (slong s = 0; s < ns; s++) {
        for (slong i = 0; i < S[s].n; i++)
            if (isfinite(S[s].x[i]) && isfinite(S[s].y[i])) {
                r[0] = fmin(r[0], S[s].x[i]), r[1] = fmax(r[1], S[s].x[i]);
                r[2] = fmin(r[2], S[s].y[i]), r[3] = fmax(r[3], S[s].y[i]);
            }
        if (isfinite(S[s].chosen))
            r[0] = fmin(r[0], S[s].chosen), r[1] = fmax(r[1], S[s].chosen);
    }
    if (!(r[0] <= r[1]))
        r[0] = 0, r[1] = 1;
    if (!(r[2] <= r[3]))
        r[2] = 0, r[3] = 1;
}

static void plot_series_frame(ct_plot_frame_struct *f, const ct_plot_series_struct *S,
                              slong ns)
{
    double r[4];
    plot_series_ranges(r, S, ns);
    double px = r[1] > r[0] ? 0.05 * (r[1] - r[0]) : fmax(0.5, fabs(r[0]) / 2);
    double py = r[3] > r[2] ? 0.08 * (r[3] - r[2]) : fmax(0.05, fabs(r[2]) / 10);
    ct_plot_axis_linear(&f->x, r[0] - px, r[1] + px, 6, 80, PLOT_SERIES_W - 280);
    ct_plot_axis_linear(&f->y, r[2] - py, r[3] + py, 6, PLOT_SERIES_H - 70, 60);
}

static void plot_series_points(FILE *out, const ct_plot_frame_struct *f,
                               const ct_plot_series_struct *s, const char *color, slong k)
{
    fprintf(out, "<g class=\"series\" id=\"series-%ld\">\n", (long)k);
    for (slong i = 0; i < s->n; i++) {
        if (!isfinite(s->x[i]) || !isfinite(s->y[i]))
            continue;
        fprintf(
            out,
            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" fill-opacity=\"0.7\" "
            "stroke=\"%s\" stroke-width=\"1.5\"/>\n",
            ct_plot_axis_map(&f->x, s->x[i]), ct_plot_axis_map(&f->y, s->y[i]), color,
            color);
    }
    if (isfinite(s->chosen)) {
        double x = ct_plot_axis_map(&f->x, s->chosen);
        fprintf(out,
                "<line class=\"chosen\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\"/>\n",
                x, f->y.p0, x, f->y.p1, color);
    }
    fputs("</g>\n", out);
}

int ct_plot_series_svg(FILE *out, const char *title, const char *xlabel,
                       const char *ylabel, const ct_plot_series_struct *S, slong nseries)
{
    ct_plot_frame_struct f = {0};
    ct_plot_key_struct k[PLOT_SERIES_MAX];
    slong ns = nseries < PLOT_SERIES_MAX ? nseries : PLOT_SERIES_MAX;
    plot_series_frame(&f, S, ns);
    ct_plot_write_header(out, PLOT_SERIES_W, PLOT_SERIES_H);
    ct_plot_write_title(out, &f, title ? title : "", 1, NULL);
    ct_plot_write_axes(out, &f, xlabel ? xlabel : "", ylabel ? ylabel : "", 1);
    for (slong s = 0; s < ns; s++) {
        char plain[CT_PLOT_LABEL_LEN], text[CT_PLOT_LABEL_LEN];
        plot_series_points(out, &f, S + s, plot_series_colors[s], s);
        if (isfinite(S[s].chosen))
            snprintf(plain, sizeof(plain), "%s (chose %.4g)", S[s].name, S[s].chosen);
        else
            snprintf(plain, sizeof(plain), "%s", S[s].name);
        ct_plot_escape(text, sizeof(text), plain);
        ct_plot_key_set(k + s, CT_PLOT_KEY_MARKER, plot_series_colors[s], 1, text);
    }
    ct_plot_write_legend(out, f.x.p1 + 22, f.y.p1, k, (int)ns);
    return ct_plot_finish(out) ? -1 : 0;
}
