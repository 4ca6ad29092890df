/* plot_ticks: tick positions and labels for linear, log10, logit and given
   axes, and the choice of which ticks to label so that labels never meet. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "plot_internal.h"

double ct_plot_axis_pos(const ct_plot_axis_struct *ax, double t)
{
    return ax->p0 + (t - ax->lo) / (ax->hi - ax->lo) * (ax->p1 - ax->p0);
}

/* A step of 1, 2 or 5 times a power of ten near raw > 0. */
double _ct_plot_nice_step(double raw)
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

/* ------------------------------------------------------------------ ticks */

static int plot_ticks_linear(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
{
    double step = ax->step > 0 ? ax->step : _ct_plot_nice_step((ax->hi - ax->lo) / 5);
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

/* Odds 10^-k and 1 - 10^-k (labelled first; past 16 decades every k-th one,
   as on a log axis), then 0.2, 0.3, 0.7, 0.8. */
static int plot_ticks_logit(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax, int n)
{
    static const double mid[4] = {0.2, 0.3, 0.7, 0.8};
    int kmax = (int)fmax(15, ceil(fmax(fabs(ax->lo), fabs(ax->hi))));
    int stride = kmax > 16 ? (int)ceil(kmax / 8.0) : 1;

    n = plot_tick_push(tk, n, ax, 0, 0); /* 0.5 */
    for (int k = 1; k <= kmax; k++) {
        double v = pow(10, -k);
        if (k % stride != 0)
            continue;
        n = plot_tick_push(tk, n, ax, log10(v / (1 - v)), 0);
        n = plot_tick_push(tk, n, ax, log10((1 - v) / v), 0);
    }
    for (int i = 0; i < 4; i++)
        n = plot_tick_push(tk, n, ax, log10(mid[i] / (1 - mid[i])), 1);
    return n;
}

/* The end ticks first (so they are labelled first), then the scale's. */
int _ct_plot_ticks_make(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax)
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
           CT_PLOT_SUP_W * (labs(k) >= 100  ? 3
                            : labs(k) >= 10 ? 2
                                            : 1);
}

/* A logit tick's value: 0.001, 0.2, 0.5, 0.999; 10^-5 and 1-10^-5 beyond
   (the smaller of v and 1 - v from t itself: 1 - v is no double near 1). */
static double plot_tick_logit_label(char *buf, size_t len, double t)
{
    double small = 1 / (1 + pow(10, fabs(t))), v = t < 0 ? small : 1 - small;
    long k = lround(-log10(small));

    if (small >= 1e-4 - 1e-12) {
        int d = (int)fmax(1, ceil(-log10(small) - 1e-9));
        snprintf(buf, len, "%.*f", d, v);
        return CT_PLOT_CHAR_W * strlen(buf);
    }
    return plot_tick_pow10(buf, len, -k, t < 0 ? "" : "1&#8722;");
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
double _ct_plot_tick_text(char *buf, size_t len, const ct_plot_axis_struct *ax,
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
void _ct_plot_ticks_choose(ct_plot_tick_struct *tk, int n, const ct_plot_axis_struct *ax)
{
    double lo[CT_PLOT_MAXTICKS], hi[CT_PLOT_MAXTICKS];
    char buf[CT_PLOT_LABEL_LEN];

    for (int i = 0; i < n; i++) {
        double w = _ct_plot_tick_text(buf, sizeof(buf), ax, tk + i) / 2 + 5;
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
