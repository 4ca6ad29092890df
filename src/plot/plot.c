/* plot: the analyzer's result and count experiments as standalone SVG, written
   with plain fprintf. Doubles are used for drawing only: nothing here is a
   certified output. This file holds the shared drawing (coordinates, ticks,
   text, axes, legend); plot_loss.c and plot_counts.c the two plots. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/report.h"
#include "plot_internal.h"

/* ------------------------------------------------------------ coordinates */

double ct_plot_axis_pos(const ct_plot_axis_struct *ax, double t)
{
    return ax->p0 + (t - ax->lo) / (ax->hi - ax->lo) * (ax->p1 - ax->p0);
}

/* Pixel position of the data value v; on a log or logit axis a value off
   the scale (v <= 0, or v >= 1 for logit) goes to the frame's edge. */
double ct_plot_axis_map(const ct_plot_axis_struct *ax, double v)
{
    double t;

    if (ax->logit)
        t = v <= 0 ? ax->lo : v >= 1 ? ax->hi : log10(v / (1 - v));
    else if (ax->log)
        t = v <= 0 ? ax->lo : log10(v);
    else
        return ct_plot_axis_pos(ax, v);
    return ct_plot_axis_pos(ax, fmin(fmax(t, ax->lo), ax->hi));
}

void ct_plot_axis_set(ct_plot_axis_struct *ax, double lo, double hi, int lg, double p0,
                      double p1)
{
    ax->lo = lo;
    ax->hi = hi;
    ax->log = lg;
    ax->plain = lg && floor(lo + 1e-9) >= -3 && ceil(hi - 1e-9) <= 5;
    ax->step = 0;
    ax->trim = 0;
    ax->p0 = p0;
    ax->p1 = p1;
    ax->ngiven = 0;
    ax->given = NULL;
    ax->logit = 0;
    ax->end_text[0] = ax->end_text[1] = NULL;
}

/* A step of 1, 2 or 5 times a power of ten near raw > 0. */
static double plot_nice_step(double raw)
{
    double e = pow(10, floor(log10(raw)));
    double f = raw / e;

    if (f < 1.5)
        return e;
    if (f < 3.5)
        return 2 * e;
    if (f < 7.5)
        return 5 * e;
    return 10 * e;
}

/* A linear axis [lo, hi'] with hi' >= hi a multiple of a nice step (about
   `target` steps), lo itself a multiple of the step. */
void ct_plot_axis_linear(ct_plot_axis_struct *ax, double lo, double hi, int target,
                         double p0, double p1)
{
    double step;

    if (!(hi > lo))
        hi = lo + 1;
    step = plot_nice_step((hi - lo) / target);
    ct_plot_axis_set(ax, floor(lo / step + 1e-9) * step, ceil(hi / step - 1e-9) * step, 0,
                     p0, p1);
    ax->step = step;
}

/* ------------------------------------------------------------------ ticks */

static int plot_ticks_linear(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
{
    double step = ax->step > 0 ? ax->step : plot_nice_step((ax->hi - ax->lo) / 5);
    double first = ceil(ax->lo / step - 1e-9) * step;
    int n = 0;

    for (int k = 0; n < CT_PLOT_MAXTICKS; k++) {
        double t = first + k * step;
        if (t > ax->hi + 1e-9 * step)
            break;
        tk[n].t = t;
        tk[n].prio = 0;
        tk[n].text = NULL;
        tk[n++].label = 0;
    }
    return n;
}

static int plot_tick_push(ct_plot_tick_struct *tk, int n, const ct_plot_axis_struct *ax,
                          double t, int prio)
{
    double eps = 1e-9 * (ax->hi - ax->lo);

    if (n >= CT_PLOT_MAXTICKS || t < ax->lo - eps || t > ax->hi + eps)
        return n;
    tk[n].t = t;
    tk[n].prio = prio;
    tk[n].label = 0;
    tk[n].text = NULL;
    return n + 1;
}

/* Label priority of the minor tick m * 10^k (m = 2..9). */
static int plot_tick_minor_prio(const ct_plot_axis_struct *ax, int m)
{
    if (!ax->plain)
        return CT_PLOT_NOLABEL;
    if (m == 2 || m == 5)
        return 1;
    return m == 3 ? 2 : CT_PLOT_NOLABEL;
}

/* Decades (every stride-th one labelled when there are many) and, over at most
   four decades, the minor ticks 2..9 times a decade. */
static int plot_ticks_log(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
{
    double span = ax->hi - ax->lo;
    int stride = span > 8 ? (int)ceil(span / 8) : 1;
    int n = 0;

    for (double k = floor(ax->lo); k <= ceil(ax->hi); k++) {
        int lab = fmod(k, stride) == 0;
        if (lab || span <= 64)
            n = plot_tick_push(tk, n, ax, k, lab ? 0 : CT_PLOT_NOLABEL);
        for (int m = 2; m <= 9 && span <= 4; m++)
            n = plot_tick_push(tk, n, ax, k + log10(m), plot_tick_minor_prio(ax, m));
    }
    return n;
}

static int plot_ticks_given(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
{
    int n = 0;

    for (int i = 0; i < ax->ngiven; i++)
        n = plot_tick_push(tk, n, ax, ax->log ? log10(ax->given[i]) : ax->given[i], 0);
    return n;
}

/* Odds 10^-k and 1 - 10^-k (labelled first), then 0.2, 0.3, 0.7, 0.8. */
static int plot_ticks_logit(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax, int n)
{
    static const double mid[4] = {0.2, 0.3, 0.7, 0.8};

    n = plot_tick_push(tk, n, ax, 0, 0); /* 0.5 */
    for (int k = 1; k <= 15; k++) {
        double v = pow(10, -k);
        n = plot_tick_push(tk, n, ax, log10(v / (1 - v)), 0);
        n = plot_tick_push(tk, n, ax, log10((1 - v) / v), 0);
    }
    for (int i = 0; i < 4; i++)
        n = plot_tick_push(tk, n, ax, log10(mid[i] / (1 - mid[i])), 1);
    return n;
}

/* The end ticks first (so they are labelled first), then the scale's. */
static int plot_ticks_make(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
{
    int n = 0;

    for (int e = 0; e < 2; e++)
        if (ax->end_text[e] != NULL) {
            n = plot_tick_push(tk, n, ax, e ? ax->hi : ax->lo, 0);
            tk[n - 1].text = ax->end_text[e];
        }
    if (ax->ngiven > 0)
        return n + plot_ticks_given(tk + n, ax);
    if (ax->logit)
        return plot_ticks_logit(tk, ax, n);
    return n + (ax->log ? plot_ticks_log(tk + n, ax) : plot_ticks_linear(tk + n, ax));
}

/* 10^-k as markup, its width. */
static double plot_tick_pow10(char *buf, size_t len, long k, const char *prefix)
{
    snprintf(buf, len, "%s10<tspan dy=\"-5\" font-size=\"8\">%s%ld</tspan>", prefix,
             k < 0 ? "&#8722;" : "", labs(k));
    return CT_PLOT_CHAR_W * (2 + 2 * (prefix[0] != '\0')) + CT_PLOT_SUP_W * (k < 0) +
           CT_PLOT_SUP_W * (labs(k) >= 100 ? 3 : labs(k) >= 10 ? 2 : 1);
}

/* A logit tick's value: 0.001, 0.2, 0.5, 0.999; 10^-5 and 1-10^-5 beyond. */
static double plot_tick_logit_label(char *buf, size_t len, double t)
{
    double v = 1 / (1 + pow(10, -t)), small = fmin(v, 1 - v);
    long k = lround(-log10(small));

    if (small >= 1e-4 - 1e-12) {
        int d = (int)fmax(1, ceil(-log10(small) - 1e-9));
        snprintf(buf, len, "%.*f", d, v);
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    return plot_tick_pow10(buf, len, -k, v < 0.5 ? "" : "1&#8722;");
}

/* Writes the label of the tick at t as SVG text content into buf; returns its
   width in pixels. */
static double plot_tick_label(char *buf, size_t len, const ct_plot_axis_struct *ax,
                              double t)
{
    if (ax->logit)
        return plot_tick_logit_label(buf, len, t);
    if (ax->ngiven > 0) {
        snprintf(buf, len, "%g", ax->log ? pow(10, t) : t);
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    if (!ax->log) {
        int d = ax->step < 1 ? (int)ceil(-log10(ax->step) - 1e-9) : 0;
        snprintf(buf, len, "%.*f", d, fabs(t) < 1e-12 * ax->step ? 0.0 : t);
        if (ax->trim && strchr(buf, '.') != NULL) {
            size_t n = strlen(buf);
            while (buf[n - 1] == '0')
                buf[--n] = '\0';
            if (buf[n - 1] == '.')
                buf[n - 1] = '\0';
        }
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    if (ax->plain) {
        int d = (int)fmax(0, -floor(t + 1e-9));
        snprintf(buf, len, "%.*f", d, pow(10, t));
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    return plot_tick_pow10(buf, len, lround(t), "");
}

/* The tick's label: its own text or the value's. */
static double plot_tick_text(char *buf, size_t len, const ct_plot_axis_struct *ax,
                             const ct_plot_tick_struct *tk)
{
    if (tk->text != NULL) {
        snprintf(buf, len, "%s", tk->text);
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    return plot_tick_label(buf, len, ax, tk->t);
}

/* Marks ticks to label on a horizontal axis, by priority, so that no two
   labels come closer than a small gap. */
static void plot_ticks_choose(ct_plot_tick_struct *tk, int n,
                              const ct_plot_axis_struct *ax)
{
    double lo[CT_PLOT_MAXTICKS], hi[CT_PLOT_MAXTICKS];
    char buf[CT_PLOT_LABEL_LEN];

    for (int i = 0; i < n; i++) {
        double w = plot_tick_text(buf, sizeof(buf), ax, tk + i) / 2 + 5;
        lo[i] = ct_plot_axis_pos(ax, tk[i].t) - w;
        hi[i] = lo[i] + 2 * w;
    }
    for (int p = 0; p < CT_PLOT_NOLABEL; p++)
        for (int i = 0; i < n; i++) {
            int ok = tk[i].prio == p;
            for (int j = 0; j < n && ok; j++)
                ok = !(tk[j].label && lo[j] < hi[i] && lo[i] < hi[j]);
            tk[i].label |= ok;
        }
}

/* ------------------------------------------------------------------ text */

/* Writes s with the XML special characters escaped. */
static void plot_write_escaped(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            fputc(*s, out);
    }
}

/* A short spelling of q: the exact fraction when short, else 6 digits. */
void ct_plot_fmpq_label(char *buf, size_t len, const fmpq_t q)
{
    char *s = fmpq_get_str(NULL, 10, q);

    if (strlen(s) <= 11 && strlen(s) < len)
        strcpy(buf, s);
    else
        snprintf(buf, len, "%.6g", fmpq_get_d(q));
    flint_free(s);
}

void ct_plot_write_header(FILE *out, int w, int h)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, "
            "sans-serif\" font-size=\"%g\" fill=\"%s\">\n",
            w, h, w, h, CT_PLOT_FONT, CT_PLOT_COL_TEXT);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w,
            h);
}

/* Writes s as markup, or as plain text escaped when escape. */
static void plot_write_text(FILE *out, const char *s, int escape)
{
    if (escape)
        plot_write_escaped(out, s);
    else
        fputs(s, out);
}

/* Title centred over the frame, and an optional subtitle (markup). */
void ct_plot_write_title(FILE *out, const ct_plot_frame_struct *f, const char *title,
                         int escape, const char *subtitle)
{
    double xc = (f->x.p0 + f->x.p1) / 2;

    fprintf(out,
            "<text class=\"title\" x=\"%.1f\" y=\"26\" text-anchor=\"middle\" "
            "font-size=\"16\" font-weight=\"bold\">",
            xc);
    plot_write_text(out, title, escape);
    fputs("</text>\n", out);
    if (subtitle)
        fprintf(out,
                "<text class=\"subtitle\" x=\"%.1f\" y=\"44\" text-anchor=\"middle\" "
                "font-size=\"11\" fill=\"#555555\">%s</text>\n",
                xc, subtitle);
}

/* ------------------------------------------------------------------ axes */

/* The x axis; its label gets " (log scale)" on a log axis. */
static void plot_write_xaxis(FILE *out, const ct_plot_frame_struct *f, const char *label,
                             int escape)
{
    ct_plot_tick_struct tk[CT_PLOT_MAXTICKS];
    char buf[CT_PLOT_LABEL_LEN];
    int n = plot_ticks_make(tk, &f->x);
    double yb = f->y.p0;

    plot_ticks_choose(tk, n, &f->x);
    for (int i = 0; i < n; i++) {
        double x = ct_plot_axis_pos(&f->x, tk[i].t);
        int major = tk[i].prio == 0;
        if (major)
            fprintf(
                out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                x, f->y.p1, x, yb, CT_PLOT_COL_GRID);
        fprintf(out,
                "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                x, yb, x, yb + (major || tk[i].label ? 5 : 3), CT_PLOT_COL_AXIS);
        if (!tk[i].label)
            continue;
        plot_tick_text(buf, sizeof(buf), &f->x, tk + i);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x,
                yb + 19, buf);
    }
    fprintf(out,
            "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\">",
            (f->x.p0 + f->x.p1) / 2, yb + 44);
    plot_write_text(out, label, escape);
    fputs(f->x.logit ? " (logit scale)</text>\n"
          : f->x.log ? " (log scale)</text>\n"
                     : "</text>\n",
          out);
}

static void plot_write_yaxis(FILE *out, const ct_plot_frame_struct *f, const char *label,
                             int escape)
{
    ct_plot_tick_struct tk[CT_PLOT_MAXTICKS];
    char buf[CT_PLOT_LABEL_LEN];
    int n = plot_ticks_make(tk, &f->y);
    double xl = f->x.p0, yc = (f->y.p0 + f->y.p1) / 2;

    for (int i = 0; i < n; i++) {
        double y = ct_plot_axis_pos(&f->y, tk[i].t);
        fprintf(out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                xl, y, f->x.p1, y, CT_PLOT_COL_GRID);
        fprintf(out,
                "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                xl - 5, y, xl, y, CT_PLOT_COL_AXIS);
        plot_tick_text(buf, sizeof(buf), &f->y, tk + i);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                xl - 8, y + 4, buf);
    }
    fprintf(out,
            "<text class=\"ylabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\" transform=\"rotate(-90 %.1f %.1f)\">",
            xl - 50, yc, xl - 50, yc);
    plot_write_text(out, label, escape);
    fputs("</text>\n", out);
}

/* Grid, ticks, labels, then the two axis lines. */
void ct_plot_write_axes(FILE *out, const ct_plot_frame_struct *f, const char *xlabel,
                        const char *ylabel, int escape)
{
    plot_write_xaxis(out, f, xlabel, escape);
    plot_write_yaxis(out, f, ylabel, escape);
    fprintf(out,
            "<path class=\"axes\" d=\"M %.1f %.1f V %.1f H %.1f\" fill=\"none\" "
            "stroke=\"%s\"/>\n",
            f->x.p0, f->y.p1, f->y.p0, f->x.p1, CT_PLOT_COL_AXIS);
}

/* ---------------------------------------------------------------- legend */

static void plot_write_key_swatch(FILE *out, const ct_plot_key_struct *k, double x,
                                  double y)
{
    switch (k->kind) {
    case CT_PLOT_KEY_LINE:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"%g\"/>\n",
                x, y, x + 24, y, k->color, k->width);
        break;
    case CT_PLOT_KEY_DOTTED:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-dasharray=\"2,3\"/>\n",
                x + 12, y - 7, x + 12, y + 7, k->color);
        break;
    case CT_PLOT_KEY_TICK:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"%g\"/>\n",
                x + 12, y - 7, x + 12, y + 7, k->color, k->width);
        break;
    default:
        fprintf(out,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" stroke=\"%s\" "
                "stroke-width=\"1.5\"%s/>\n",
                x + 12, y, k->kind == CT_PLOT_KEY_OPEN ? "white" : k->color, k->color,
                k->kind == CT_PLOT_KEY_MARKER ? " fill-opacity=\"0.7\"" : "");
    }
}

/* A boxed legend with its top left corner at (x, y). */
void ct_plot_write_legend(FILE *out, double x, double y, const ct_plot_key_struct *keys,
                          int n)
{
    double w = 0;

    for (int i = 0; i < n; i++)
        w = fmax(w, 0.62 * CT_PLOT_FONT * strlen(keys[i].text));
    fputs("<g class=\"legend\">\n", out);
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" rx=\"4\" "
            "fill=\"white\" stroke=\"#bbbbbb\"/>\n",
            x, y, fmin(w, 200) + 48, 20 * n + 10);
    for (int i = 0; i < n; i++) {
        double yr = y + 15 + 20 * i;
        plot_write_key_swatch(out, keys + i, x + 8, yr);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x + 40, yr + 4,
                keys[i].text);
    }
    fputs("</g>\n", out);
}

void ct_plot_key_set(ct_plot_key_struct *k, ct_plot_key_kind kind, const char *color,
                     double width, const char *text)
{
    k->kind = kind;
    k->color = color;
    k->width = width;
    snprintf(k->text, sizeof(k->text), "%s", text);
}

int ct_plot_finish(FILE *out)
{
    fputs("</svg>\n", out);
    return fflush(out) != 0 || ferror(out) ? -1 : 0;
}
