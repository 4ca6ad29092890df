/* plot: the analyzer's result and count experiments as standalone SVG, written
   with plain fprintf. Doubles are used for drawing only: nothing here is a
   certified output. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/report.h"

#define PLOT_COL_STEP "#1f5fa8"
#define PLOT_COL_MIN "#e07000"
#define PLOT_COL_BP "#9a9a9a"
#define PLOT_COL_GRID "#e6e6e6"
#define PLOT_COL_AXIS "#333333"
#define PLOT_COL_TEXT "#222222"
#define PLOT_COL_OBS "#1f5fa8"
#define PLOT_COL_BOUND "#c0392b"

#define PLOT_FONT 11.0  /* tick label size, px */
#define PLOT_CHAR_W 6.3 /* width of a digit at PLOT_FONT, px */
#define PLOT_SUP_W 4.8  /* width of a superscript character, px */
#define PLOT_MAXTICKS 160
#define PLOT_NOLABEL 9 /* tick priority: never labelled */
#define PLOT_LABEL_LEN 96
#define PLOT_MAXGIVEN 12 /* counts plot: at most this many distinct x get ticks */
/* A white outline behind text drawn over lines. */
#define PLOT_HALO " stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""

/* An axis: data in [lo, hi] in axis units (log10 of the value when log) drawn
   from pixel p0 (at lo) to pixel p1 (at hi). */
typedef struct {
    double lo, hi;
    int log;
    int plain;   /* log axis: label ticks as decimals rather than 10^k */
    double step; /* linear axis: the tick step */
    double p0, p1;
    int ngiven; /* > 0: ticks at given[0..ngiven-1] (data values) */
    const double *given;
} plot_axis_struct;

typedef struct {
    double t; /* position in axis units */
    int prio; /* label priority, 0 first; PLOT_NOLABEL never */
    int label;
} plot_tick_struct;

typedef struct {
    plot_axis_struct x, y;
} plot_frame_struct;

typedef enum {
    PLOT_KEY_LINE,
    PLOT_KEY_DOTTED,
    PLOT_KEY_DOT,
    PLOT_KEY_OPEN,
    PLOT_KEY_TICK,
    PLOT_KEY_MARKER
} plot_key_kind;

typedef struct {
    plot_key_kind kind;
    const char *color;
    double width;
    char text[PLOT_LABEL_LEN]; /* SVG text content (already escaped) */
} plot_key_struct;

/* ------------------------------------------------------------ coordinates */

static double plot_axis_pos(const plot_axis_struct *ax, double t)
{
    return ax->p0 + (t - ax->lo) / (ax->hi - ax->lo) * (ax->p1 - ax->p0);
}

/* Pixel position of the data value v (v > 0 on a log axis). */
static double plot_axis_map(const plot_axis_struct *ax, double v)
{
    return plot_axis_pos(ax, ax->log ? log10(v) : v);
}

static void plot_axis_set(plot_axis_struct *ax, double lo, double hi, int lg, double p0,
                          double p1)
{
    ax->lo = lo;
    ax->hi = hi;
    ax->log = lg;
    ax->plain = lg && floor(lo + 1e-9) >= -3 && ceil(hi - 1e-9) <= 5;
    ax->step = 0;
    ax->p0 = p0;
    ax->p1 = p1;
    ax->ngiven = 0;
    ax->given = NULL;
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
static void plot_axis_linear(plot_axis_struct *ax, double lo, double hi, int target,
                             double p0, double p1)
{
    double step;

    if (!(hi > lo))
        hi = lo + 1;
    step = plot_nice_step((hi - lo) / target);
    plot_axis_set(ax, floor(lo / step + 1e-9) * step, ceil(hi / step - 1e-9) * step, 0,
                  p0, p1);
    ax->step = step;
}

/* ------------------------------------------------------------------ ticks */

static int plot_ticks_linear(plot_tick_struct *tk, const plot_axis_struct *ax)
{
    double step = ax->step > 0 ? ax->step : plot_nice_step((ax->hi - ax->lo) / 5);
    double first = ceil(ax->lo / step - 1e-9) * step;
    int n = 0;

    for (int k = 0; n < PLOT_MAXTICKS; k++) {
        double t = first + k * step;
        if (t > ax->hi + 1e-9 * step)
            break;
        tk[n].t = t;
        tk[n].prio = 0;
        tk[n++].label = 0;
    }
    return n;
}

static int plot_tick_push(plot_tick_struct *tk, int n, const plot_axis_struct *ax,
                          double t, int prio)
{
    double eps = 1e-9 * (ax->hi - ax->lo);

    if (n >= PLOT_MAXTICKS || t < ax->lo - eps || t > ax->hi + eps)
        return n;
    tk[n].t = t;
    tk[n].prio = prio;
    tk[n].label = 0;
    return n + 1;
}

/* Label priority of the minor tick m * 10^k (m = 2..9). */
static int plot_tick_minor_prio(const plot_axis_struct *ax, int m)
{
    if (!ax->plain)
        return PLOT_NOLABEL;
    if (m == 2 || m == 5)
        return 1;
    return m == 3 ? 2 : PLOT_NOLABEL;
}

/* Decades (every stride-th one labelled when there are many) and, over at most
   four decades, the minor ticks 2..9 times a decade. */
static int plot_ticks_log(plot_tick_struct *tk, const plot_axis_struct *ax)
{
    double span = ax->hi - ax->lo;
    int stride = span > 8 ? (int)ceil(span / 8) : 1;
    int n = 0;

    for (double k = floor(ax->lo); k <= ceil(ax->hi); k++) {
        int lab = fmod(k, stride) == 0;
        if (lab || span <= 64)
            n = plot_tick_push(tk, n, ax, k, lab ? 0 : PLOT_NOLABEL);
        for (int m = 2; m <= 9 && span <= 4; m++)
            n = plot_tick_push(tk, n, ax, k + log10(m), plot_tick_minor_prio(ax, m));
    }
    return n;
}

static int plot_ticks_given(plot_tick_struct *tk, const plot_axis_struct *ax)
{
    int n = 0;

    for (int i = 0; i < ax->ngiven; i++)
        n = plot_tick_push(tk, n, ax, ax->log ? log10(ax->given[i]) : ax->given[i], 0);
    return n;
}

static int plot_ticks_make(plot_tick_struct *tk, const plot_axis_struct *ax)
{
    if (ax->ngiven > 0)
        return plot_ticks_given(tk, ax);
    return ax->log ? plot_ticks_log(tk, ax) : plot_ticks_linear(tk, ax);
}

/* Writes the label of the tick at t as SVG text content into buf; returns its
   width in pixels. */
static double plot_tick_label(char *buf, size_t len, const plot_axis_struct *ax, double t)
{
    if (ax->ngiven > 0) {
        snprintf(buf, len, "%g", ax->log ? pow(10, t) : t);
        return PLOT_CHAR_W * strlen(buf);
    }
    if (!ax->log) {
        int d = ax->step < 1 ? (int)ceil(-log10(ax->step) - 1e-9) : 0;
        snprintf(buf, len, "%.*f", d, fabs(t) < 1e-12 * ax->step ? 0.0 : t);
        return PLOT_CHAR_W * strlen(buf);
    }
    if (ax->plain) {
        int d = (int)fmax(0, -floor(t + 1e-9));
        snprintf(buf, len, "%.*f", d, pow(10, t));
        return PLOT_CHAR_W * strlen(buf);
    }
    long k = lround(t);
    snprintf(buf, len, "10<tspan dy=\"-5\" font-size=\"8\">%s%ld</tspan>",
             k < 0 ? "&#8722;" : "", labs(k));
    return 2 * PLOT_CHAR_W + PLOT_SUP_W * (k < 0) +
           PLOT_SUP_W * (labs(k) >= 100  ? 3
                         : labs(k) >= 10 ? 2
                                         : 1);
}

/* Marks ticks to label on a horizontal axis, by priority, so that no two
   labels come closer than a small gap. */
static void plot_ticks_choose(plot_tick_struct *tk, int n, const plot_axis_struct *ax)
{
    double lo[PLOT_MAXTICKS], hi[PLOT_MAXTICKS];
    char buf[PLOT_LABEL_LEN];

    for (int i = 0; i < n; i++) {
        double w = plot_tick_label(buf, sizeof(buf), ax, tk[i].t) / 2 + 5;
        lo[i] = plot_axis_pos(ax, tk[i].t) - w;
        hi[i] = lo[i] + 2 * w;
    }
    for (int p = 0; p < PLOT_NOLABEL; p++)
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
static void plot_fmpq_label(char *buf, size_t len, const fmpq_t q)
{
    char *s = fmpq_get_str(NULL, 10, q);

    if (strlen(s) <= 11 && strlen(s) < len)
        strcpy(buf, s);
    else
        snprintf(buf, len, "%.6g", fmpq_get_d(q));
    flint_free(s);
}

static void plot_write_header(FILE *out, int w, int h)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, "
            "sans-serif\" font-size=\"%g\" fill=\"%s\">\n",
            w, h, w, h, PLOT_FONT, PLOT_COL_TEXT);
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
static void plot_write_title(FILE *out, const plot_frame_struct *f, const char *title,
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
static void plot_write_xaxis(FILE *out, const plot_frame_struct *f, const char *label,
                             int escape)
{
    plot_tick_struct tk[PLOT_MAXTICKS];
    char buf[PLOT_LABEL_LEN];
    int n = plot_ticks_make(tk, &f->x);
    double yb = f->y.p0;

    plot_ticks_choose(tk, n, &f->x);
    for (int i = 0; i < n; i++) {
        double x = plot_axis_pos(&f->x, tk[i].t);
        int major = tk[i].prio == 0;
        if (major)
            fprintf(
                out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                x, f->y.p1, x, yb, PLOT_COL_GRID);
        fprintf(out,
                "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                x, yb, x, yb + (major || tk[i].label ? 5 : 3), PLOT_COL_AXIS);
        if (!tk[i].label)
            continue;
        plot_tick_label(buf, sizeof(buf), &f->x, tk[i].t);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x,
                yb + 19, buf);
    }
    fprintf(out,
            "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\">",
            (f->x.p0 + f->x.p1) / 2, yb + 44);
    plot_write_text(out, label, escape);
    fputs(f->x.log ? " (log scale)</text>\n" : "</text>\n", out);
}

static void plot_write_yaxis(FILE *out, const plot_frame_struct *f, const char *label,
                             int escape)
{
    plot_tick_struct tk[PLOT_MAXTICKS];
    char buf[PLOT_LABEL_LEN];
    int n = plot_ticks_make(tk, &f->y);
    double xl = f->x.p0, yc = (f->y.p0 + f->y.p1) / 2;

    for (int i = 0; i < n; i++) {
        double y = plot_axis_pos(&f->y, tk[i].t);
        fprintf(out,
                "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                xl, y, f->x.p1, y, PLOT_COL_GRID);
        fprintf(out,
                "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\"/>\n",
                xl - 5, y, xl, y, PLOT_COL_AXIS);
        plot_tick_label(buf, sizeof(buf), &f->y, tk[i].t);
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
static void plot_write_axes(FILE *out, const plot_frame_struct *f, const char *xlabel,
                            const char *ylabel, int escape)
{
    plot_write_xaxis(out, f, xlabel, escape);
    plot_write_yaxis(out, f, ylabel, escape);
    fprintf(out,
            "<path class=\"axes\" d=\"M %.1f %.1f V %.1f H %.1f\" fill=\"none\" "
            "stroke=\"%s\"/>\n",
            f->x.p0, f->y.p1, f->y.p0, f->x.p1, PLOT_COL_AXIS);
}

/* ---------------------------------------------------------------- legend */

static void plot_write_key_swatch(FILE *out, const plot_key_struct *k, double x, double y)
{
    switch (k->kind) {
    case PLOT_KEY_LINE:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"%g\"/>\n",
                x, y, x + 24, y, k->color, k->width);
        break;
    case PLOT_KEY_DOTTED:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-dasharray=\"2,3\"/>\n",
                x + 12, y - 7, x + 12, y + 7, k->color);
        break;
    case PLOT_KEY_TICK:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"%g\"/>\n",
                x + 12, y - 7, x + 12, y + 7, k->color, k->width);
        break;
    default:
        fprintf(out,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" stroke=\"%s\" "
                "stroke-width=\"1.5\"%s/>\n",
                x + 12, y, k->kind == PLOT_KEY_OPEN ? "white" : k->color, k->color,
                k->kind == PLOT_KEY_MARKER ? " fill-opacity=\"0.7\"" : "");
    }
}

/* A boxed legend with its top left corner at (x, y). */
static void plot_write_legend(FILE *out, double x, double y, const plot_key_struct *keys,
                              int n)
{
    double w = 0;

    for (int i = 0; i < n; i++)
        w = fmax(w, 0.62 * PLOT_FONT * strlen(keys[i].text));
    fputs("<g class=\"legend\">\n", out);
    fprintf(out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" rx=\"4\" "
            "fill=\"white\" stroke=\"#bbbbbb\"/>\n",
            x, y, fmin(w, 150) + 48, 20 * n + 10);
    for (int i = 0; i < n; i++) {
        double yr = y + 15 + 20 * i;
        plot_write_key_swatch(out, keys + i, x + 8, yr);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x + 40, yr + 4,
                keys[i].text);
    }
    fputs("</g>\n", out);
}

static void plot_key_set(plot_key_struct *k, plot_key_kind kind, const char *color,
                         double width, const char *text)
{
    k->kind = kind;
    k->color = color;
    k->width = width;
    snprintf(k->text, sizeof(k->text), "%s", text);
}

static int plot_finish(FILE *out)
{
    fputs("</svg>\n", out);
    return fflush(out) != 0 || ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------- loss plot */

#define PLOT_LOSS_W 900
#define PLOT_LOSS_H 500

/* Axis range (log10 units) for the breakpoints and the representative. */
static void plot_loss_xrange(double *lo, double *hi, const double *bpx, slong nbp,
                             double rep)
{
    double a, b, pad;

    if (nbp == 0) {
        *lo = -1;
        *hi = 1;
    } else {
        a = log10(bpx[0]);
        b = log10(bpx[nbp - 1]);
        pad = nbp == 1 ? 1.0 : fmin(1.0, fmax(0.3, (b - a) / 4));
        *lo = a - pad;
        *hi = b + pad;
    }
    if (rep > 0 && isfinite(log10(rep))) {
        *lo = fmin(*lo, log10(rep) - 0.15);
        *hi = fmax(*hi, log10(rep) + 0.15);
    }
}

static double plot_loss_ymax(const analysis_t A)
{
    double m = 0;

    for (slong i = 0; i <= A->nbp; i++)
        m = fmax(m, fmpq_get_d(A->piece_loss + i));
    for (slong b = 0; b < A->nbp; b++)
        m = fmax(m, fmpq_get_d(A->point_loss + b));
    return m;
}

static void plot_loss_frame(plot_frame_struct *f, const analysis_t A, const double *bpx)
{
    double lo, hi, ymax = plot_loss_ymax(A);

    plot_loss_xrange(&lo, &hi, bpx, A->nbp, fmpq_get_d(A->representative));
    plot_axis_set(&f->x, lo, hi, 1, 80, PLOT_LOSS_W - 230);
    plot_axis_linear(&f->y, 0, ymax > 0 ? 1.1 * ymax : 1, 6, PLOT_LOSS_H - 70, 70);
}

/* Dotted vertical line per breakpoint, labelled b1, b2, ... above the frame
   where the labels do not crowd. */
static void plot_loss_breakpoints(FILE *out, const analysis_t A, const double *bpx,
                                  const plot_frame_struct *f)
{
    double last = -1e30;

    for (slong b = 0; b < A->nbp; b++) {
        double x = plot_axis_map(&f->x, bpx[b]);
        fprintf(out,
                "<line class=\"bp\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\" stroke-dasharray=\"2,3\"/>\n",
                x, f->y.p1, x, f->y.p0, PLOT_COL_BP);
        if (x - last < 8 + 6.0 * (b >= 9 ? 3 : 2))
            continue;
        fprintf(out,
                "<text class=\"bplabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"10\" fill=\"#666666\">b%ld</text>\n",
                x, f->y.p1 - 5, (long)(b + 1));
        last = x;
    }
}

/* A small open arrowhead at (x, y) pointing left (dir = -1) or right (dir = 1). */
static void plot_loss_arrow(FILE *out, double x, double y, int dir, const char *col,
                            double width)
{
    fprintf(out,
            "<polyline class=\"arrow\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
            "fill=\"none\" stroke=\"%s\" stroke-width=\"%g\"/>\n",
            x - 7 * dir, y - 4.5, x, y, x - 7 * dir, y + 4.5, col, width);
}

/* The exact loss of piece i above its segment [x0, x1], when it fits. */
static void plot_loss_piece_label(FILE *out, const analysis_t A, slong i, double x0,
                                  double x1, double y)
{
    char buf[PLOT_LABEL_LEN];

    plot_fmpq_label(buf, sizeof(buf), A->piece_loss + i);
    if (0.62 * 10 * strlen(buf) + 16 > x1 - x0)
        return;
    fprintf(out,
            "<text class=\"piecelabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"10\" fill=\"#444444\"" PLOT_HALO ">%s</text>\n",
            (x0 + x1) / 2, y - 8, buf);
}

/* 1 when the representative's label goes above the minimum segment (which then
   carries no loss label), since below it would meet the x axis. */
static int plot_loss_rep_above(const analysis_t A, const plot_frame_struct *f)
{
    return plot_axis_pos(&f->y, fmpq_get_d(A->min_loss)) > f->y.p0 - 24;
}

/* One horizontal segment per open piece; the minimizing ones thicker, in the
   highlight colour; arrows where the first and last pieces leave the frame. */
static void plot_loss_segments(FILE *out, const analysis_t A, const double *bpx,
                               const plot_frame_struct *f)
{
    int above = plot_loss_rep_above(A, f);

    for (slong i = 0; i <= A->nbp; i++) {
        int mn = fmpq_equal(A->piece_loss + i, A->min_loss);
        const char *col = mn ? PLOT_COL_MIN : PLOT_COL_STEP;
        double w = mn ? 4 : 2.2;
        double x0 = i == 0 ? f->x.p0 : plot_axis_map(&f->x, bpx[i - 1]);
        double x1 = i == A->nbp ? f->x.p1 : plot_axis_map(&f->x, bpx[i]);
        double y = plot_axis_map(&f->y, fmpq_get_d(A->piece_loss + i));
        fprintf(out,
                "<line class=\"step%s\" id=\"piece-%ld\" x1=\"%.1f\" y1=\"%.1f\" "
                "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%g\"/>\n",
                mn ? " min" : "", (long)i, x0, y, x1, y, col, w);
        if (i == 0)
            plot_loss_arrow(out, x0, y, -1, col, w / 2 + 0.5);
        if (i == A->nbp)
            plot_loss_arrow(out, x1, y, 1, col, w / 2 + 0.5);
        if (!(above && i == A->best_piece))
            plot_loss_piece_label(out, A, i, x0, x1, y);
    }
}

static void plot_loss_circle(FILE *out, double x, double y, int open, const char *col)
{
    fprintf(out,
            "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.8\" fill=\"%s\" "
            "stroke=\"%s\" stroke-width=\"1.6\"/>\n",
            open ? "open" : "point", x, y, open ? "white" : col, col);
}

/* Step-function conventions at each breakpoint: an open circle ends a side
   whose loss differs from the point's, a filled circle gives the point's own
   loss; nothing when both sides and the point agree. */
static void plot_loss_dots(FILE *out, const analysis_t A, const double *bpx,
                           const plot_frame_struct *f)
{
    for (slong b = 0; b < A->nbp; b++) {
        const fmpq *l = A->piece_loss + b, *r = A->piece_loss + b + 1;
        const fmpq *p = A->point_loss + b;
        double x = plot_axis_map(&f->x, bpx[b]);
        int dl = !fmpq_equal(l, p), dr = !fmpq_equal(r, p);
        if (dl)
            plot_loss_circle(out, x, plot_axis_map(&f->y, fmpq_get_d(l)), 1,
                             fmpq_equal(l, A->min_loss) ? PLOT_COL_MIN : PLOT_COL_STEP);
        if (dr)
            plot_loss_circle(out, x, plot_axis_map(&f->y, fmpq_get_d(r)), 1,
                             fmpq_equal(r, A->min_loss) ? PLOT_COL_MIN : PLOT_COL_STEP);
        if (dl || dr)
            plot_loss_circle(out, x, plot_axis_map(&f->y, fmpq_get_d(p)), 0,
                             fmpq_equal(p, A->min_loss) ? PLOT_COL_MIN : PLOT_COL_STEP);
    }
}

/* The hyperparameter's symbol as SVG text. */
static const char *plot_family_symbol(family_t family)
{
    switch (family) {
    case FAMILY_LAMBDA:
        return "&#955;";
    }
    return "?";
}

/* A tick across the minimum segment at the representative, labelled below it
   (above when the segment is too close to the x axis). */
static void plot_loss_representative(FILE *out, const analysis_t A,
                                     const plot_frame_struct *f)
{
    char q[PLOT_LABEL_LEN];
    double x = plot_axis_map(&f->x, fmpq_get_d(A->representative));
    double y = plot_axis_map(&f->y, fmpq_get_d(A->min_loss));
    int above = plot_loss_rep_above(A, f);
    double w, ty = above ? y - 12 : y + 21;

    plot_fmpq_label(q, sizeof(q), A->representative);
    w = 0.62 * PLOT_FONT * (strlen(q) + 4);
    fprintf(out,
            "<line class=\"rep\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"%s\" stroke-width=\"2\"/>\n",
            x, above ? y - 9 : y - 4, x, above ? y + 4 : y + 9, PLOT_COL_TEXT);
    x = fmin(fmax(x, f->x.p0 + w / 2 + 2), f->x.p1 - w / 2 - 2);
    fprintf(out,
            "<text class=\"replabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-weight=\"bold\"" PLOT_HALO ">%s = %s</text>\n",
            x, ty, plot_family_symbol(A->family), q);
}

/* 1 when some breakpoint's loss differs from a side (circles are drawn). */
static int plot_loss_has_circles(const analysis_t A)
{
    for (slong b = 0; b < A->nbp; b++)
        if (!fmpq_equal(A->point_loss + b, A->piece_loss + b) ||
            !fmpq_equal(A->point_loss + b, A->piece_loss + b + 1))
            return 1;
    return 0;
}

/* The legend, listing only what the plot shows. */
static void plot_loss_legend(FILE *out, const analysis_t A, const plot_frame_struct *f)
{
    plot_key_struct k[6];
    char buf[32], text[PLOT_LABEL_LEN];
    int n = 0;

    if (A->nmin_pieces <= A->nbp)
        plot_key_set(k + n++, PLOT_KEY_LINE, PLOT_COL_STEP, 2.2, "loss on an open piece");
    plot_fmpq_label(buf, sizeof(buf), A->min_loss);
    snprintf(text, sizeof(text), "minimum loss %s", buf);
    plot_key_set(k + n++, PLOT_KEY_LINE, PLOT_COL_MIN, 4, text);
    if (A->nbp > 0)
        plot_key_set(k + n++, PLOT_KEY_DOTTED, PLOT_COL_BP, 1, "breakpoint");
    if (plot_loss_has_circles(A)) {
        plot_key_set(k + n++, PLOT_KEY_DOT, PLOT_COL_STEP, 1, "loss at a breakpoint");
        plot_key_set(k + n++, PLOT_KEY_OPEN, PLOT_COL_STEP, 1, "excluded endpoint");
    }
    plot_fmpq_label(buf, sizeof(buf), A->representative);
    snprintf(text, sizeof(text), "representative %s = %s", plot_family_symbol(A->family),
             buf);
    plot_key_set(k + n++, PLOT_KEY_TICK, PLOT_COL_TEXT, 2, text);
    plot_write_legend(out, f->x.p1 + 22, f->y.p1, k, n);
}

static void plot_loss_titles(FILE *out, const analysis_t A, const plot_frame_struct *f)
{
    char title[160], sub[200];

    snprintf(title, sizeof(title), "Empirical loss of label propagation vs %s",
             plot_family_symbol(A->family));
    snprintf(sub, sizeof(sub),
             "family %s, %ld instance%s, %ld scored node%s, %ld breakpoint%s, "
             "%ld loss piece%s",
             report_family_name(A->family), (long)A->ninst, A->ninst == 1 ? "" : "s",
             (long)A->nscored, A->nscored == 1 ? "" : "s", (long)A->nbp,
             A->nbp == 1 ? "" : "s", (long)A->loss_pieces,
             A->loss_pieces == 1 ? "" : "s");
    plot_write_title(out, f, title, 0, sub);
    plot_write_axes(out, f, plot_family_symbol(A->family), "empirical loss", 0);
}

int plot_loss_svg(FILE *out, const analysis_t A)
{
    plot_frame_struct f;
    double *bpx = malloc(sizeof(double) * (size_t)(A->nbp > 0 ? A->nbp : 1));

    if (bpx == NULL)
        return -1;
    for (slong b = 0; b < A->nbp; b++)
        bpx[b] = strtod(A->approx[b], NULL);
    plot_loss_frame(&f, A, bpx);
    plot_write_header(out, PLOT_LOSS_W, PLOT_LOSS_H);
    plot_loss_titles(out, A, &f);
    plot_loss_breakpoints(out, A, bpx, &f);
    plot_loss_segments(out, A, bpx, &f);
    plot_loss_dots(out, A, bpx, &f);
    plot_loss_representative(out, A, &f);
    plot_loss_legend(out, A, &f);
    free(bpx);
    return plot_finish(out);
}

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

/* Sorts the distinct finite x into xs (room for PLOT_MAXGIVEN + 1); returns
   their number, or 0 when there are more than PLOT_MAXGIVEN. */
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
        if (m == PLOT_MAXGIVEN)
            return 0;
        memmove(xs + j + 1, xs + j, sizeof(double) * (size_t)(m - j));
        xs[j] = x[i];
        m++;
    }
    return m;
}

static void plot_counts_frame(plot_frame_struct *f, double *xs, slong n, const double *x,
                              const double *y, const double *bound)
{
    double r[4], p0 = 80, p1 = PLOT_COUNTS_W - 170;
    int lg = plot_counts_ranges(r, n, x, y, bound);

    if (lg) {
        double a = log10(r[0]), b = log10(r[1]);
        plot_axis_set(&f->x, a - 0.07 * (b - a), b + 0.07 * (b - a), 1, p0, p1);
    } else {
        double pad = r[1] > r[0] ? 0.05 * (r[1] - r[0]) : fmax(1, fabs(r[0]) / 2);
        plot_axis_linear(&f->x, r[0] - pad, r[1] + pad, 6, p0, p1);
    }
    plot_axis_linear(&f->y, r[2] < 0 ? 1.05 * r[2] : 0, r[3] > 0 ? 1.05 * r[3] : 1, 6,
                     PLOT_COUNTS_H - 70, 60);
    f->x.ngiven = plot_counts_distinct(xs, n, x);
    f->x.given = xs;
}

/* The bound as a polyline through the points sorted by x. */
static int plot_counts_bound(FILE *out, const plot_frame_struct *f, slong n,
                             const double *x, const double *bound)
{
    plot_xb_struct *xb = malloc(sizeof(plot_xb_struct) * (size_t)(n > 0 ? n : 1));
    slong m = 0;

    if (xb == NULL)
        return -1;
    for (slong i = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(bound[i]) && (!f->x.log || x[i] > 0))
            xb[m].x = x[i], xb[m++].b = bound[i];
    qsort(xb, (size_t)m, sizeof(plot_xb_struct), plot_xb_cmp);
    fputs("<polyline class=\"bound\" points=\"", out);
    for (slong i = 0; i < m; i++)
        fprintf(out, "%s%.1f,%.1f", i ? " " : "", plot_axis_map(&f->x, xb[i].x),
                plot_axis_map(&f->y, xb[i].b));
    fprintf(out,
            "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
            "stroke-linejoin=\"round\"/>\n",
            PLOT_COL_BOUND);
    free(xb);
    return 0;
}

static void plot_counts_points(FILE *out, const plot_frame_struct *f, slong n,
                               const double *x, const double *y)
{
    for (slong i = 0; i < n; i++) {
        if (!isfinite(x[i]) || !isfinite(y[i]) || (f->x.log && x[i] <= 0))
            continue;
        fprintf(out,
                "<circle class=\"obs\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" "
                "fill-opacity=\"0.7\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                plot_axis_map(&f->x, x[i]), plot_axis_map(&f->y, y[i]), PLOT_COL_OBS,
                PLOT_COL_OBS);
    }
}

int plot_counts_svg(FILE *out, const char *title, slong npoints, const double *x,
                    const double *y, const double *bound, const char *xlabel,
                    const char *ylabel)
{
    plot_frame_struct f;
    plot_key_struct k[2];
    double xs[PLOT_MAXGIVEN + 1];
    int rc = 0;

    plot_counts_frame(&f, xs, npoints, x, y, bound);
    plot_write_header(out, PLOT_COUNTS_W, PLOT_COUNTS_H);
    plot_write_title(out, &f, title ? title : "", 1, NULL);
    plot_write_axes(out, &f, xlabel ? xlabel : "", ylabel ? ylabel : "", 1);
    if (bound)
        rc = plot_counts_bound(out, &f, npoints, x, bound);
    plot_counts_points(out, &f, npoints, x, y);
    plot_key_set(k + 0, PLOT_KEY_MARKER, PLOT_COL_OBS, 1, "observed");
    plot_key_set(k + 1, PLOT_KEY_LINE, PLOT_COL_BOUND, 2, "bound");
    plot_write_legend(out, f.x.p1 + 22, f.y.p1, k, bound ? 2 : 1);
    return plot_finish(out) || rc ? -1 : 0;
}
