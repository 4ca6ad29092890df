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

double ct_plot_axis_at(const ct_plot_axis_struct *ax, double t)
{
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

/* A linear axis [lo, hi'] with hi' >= hi a multiple of a nice step (about
   `target` steps), lo itself a multiple of the step. */
void ct_plot_axis_linear(ct_plot_axis_struct *ax, double lo, double hi, int target,
                         double p0, double p1)
{
    double step;

    if (!(hi > lo))
        hi = lo + 1;
    step = _ct_plot_nice_step((hi - lo) / target);
    ct_plot_axis_set(ax, floor(lo / step + 1e-9) * step, ceil(hi / step - 1e-9) * step, 0,
                     p0, p1);
    ax->step = step;
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

void ct_plot_write_plain(FILE *out, const char *s)
{
    plot_write_escaped(out, s);
}

void ct_plot_escape(char *buf, size_t len, const char *s)
{
    size_t k = 0;
    for (; s && *s; s++) {
        const char *e = *s == '&'   ? "&amp;"
                        : *s == '<' ? "&lt;"
                        : *s == '>' ? "&gt;"
                        : *s == '"' ? "&quot;"
                                    : NULL;
        size_t n = e != NULL ? strlen(e) : 1;
        if (k + n >= len)
            break; /* cut before an entity or byte that does not fit */
        memcpy(buf + k, e != NULL ? e : s, n);
        k += n;
    }
    if (len > 0)
        buf[k] = '\0';
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
    int n = _ct_plot_ticks_make(tk, &f->x);
    double yb = f->y.p0;

    _ct_plot_ticks_choose(tk, n, &f->x);
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
        _ct_plot_tick_text(buf, sizeof(buf), &f->x, tk + i);
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
    int n = _ct_plot_ticks_make(tk, &f->y);
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
        _ct_plot_tick_text(buf, sizeof(buf), &f->y, tk + i);
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
