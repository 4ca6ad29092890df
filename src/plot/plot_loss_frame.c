/* plot_loss_frame: the loss plot's axes. x: lambda on a log10 axis by
   default, alpha and delta on [0, 1] linear, or as asked (linear, log, logit;
   docs/plots.md); y: fitted to the losses with a small margin. */
#include <math.h>
#include <string.h>
#include "certune/plot.h"
#include "plot_internal.h"

int ct_plot_x_parse(const char *name)
{
    static const char *names[4] = {"default", "linear", "log", "logit"};

    for (int k = 0; k < 4; k++)
        if (strcmp(name, names[k]) == 0)
            return k;
    return -1;
}

/* The scale actually drawn: DEFAULT resolved, logit only on (0, 1). */
int _ct_plot_loss_xscale(const ct_analysis_t A, int xscale)
{
    int bounded = _ct_plot_loss_bounded(A);

    if (xscale == CT_PLOT_X_DEFAULT || (xscale == CT_PLOT_X_LOGIT && !bounded))
        return bounded ? CT_PLOT_X_LINEAR : CT_PLOT_X_LOG;
    return xscale;
}

/* u in axis units: log10(v) or log10(v / (1 - v)). */
static double plot_unit(double v, int logit)
{
    return logit ? log10(v / (1 - v)) : log10(v);
}

/* Axis range (axis units) covering the breakpoints and the representative,
   with a margin of a quarter of the span (0.3 to 1 units). */
static void plot_loss_range(double *lo, double *hi, const double *bpx, slong nbp,
                            double rep, int logit)
{
    double a, b, pad, r;

    if (nbp == 0) {
        *lo = -1;
        *hi = 1;
    } else {
        a = plot_unit(bpx[0], logit);
        b = plot_unit(bpx[nbp - 1], logit);
        pad = nbp == 1 ? 1.0 : fmin(1.0, fmax(0.3, (b - a) / 4));
        *lo = a - pad;
        *hi = b + pad;
    }
    r = plot_unit(rep, logit);
    if (rep > 0 && isfinite(r)) {
        *lo = fmin(*lo, r - 0.15);
        *hi = fmax(*hi, r + 0.15);
    }
}

/* Bounded domain on a log or logit axis: the frame's edges stand for 0 and 1
   (labelled so); a log axis ends at 1 itself when the data come near it. */
static void plot_loss_x_bounded_scaled(ct_plot_axis_struct *x, const ct_analysis_t A,
                                       const double *bpx, int logit, double p0, double p1)
{
    double lo, hi;

    plot_loss_range(&lo, &hi, bpx, A->nbp, fmpq_get_d(A->representative), logit);
    if (!logit)
        hi = fmin(hi, 0);
    ct_plot_axis_set(x, lo, hi, !logit, p0, p1);
    x->logit = logit;
    x->end_text[0] = "0";
    x->end_text[1] = logit || hi < 0 ? "1" : NULL;
}

static void plot_loss_x(ct_plot_axis_struct *x, const ct_analysis_t A, const double *bpx,
                        int scale, double p0, double p1)
{
    double lo, hi, rep = fmpq_get_d(A->representative);

    if (_ct_plot_loss_bounded(A) && scale == CT_PLOT_X_LINEAR) {
        ct_plot_axis_linear(x, 0, 1, 5, p0, p1); /* ticks 0, 0.2, ..., 1 */
        x->trim = 1;
    } else if (_ct_plot_loss_bounded(A)) {
        plot_loss_x_bounded_scaled(x, A, bpx, scale == CT_PLOT_X_LOGIT, p0, p1);
    } else if (scale == CT_PLOT_X_LINEAR) {
        hi = A->nbp > 0 ? bpx[A->nbp - 1] : 1;
        hi = fmax(hi * 1.1, rep * 1.1);
        ct_plot_axis_linear(x, 0, hi, 6, p0, p1);
        x->trim = 1;
    } else {
        plot_loss_range(&lo, &hi, bpx, A->nbp, rep, 0);
        ct_plot_axis_set(x, lo, hi, 1, p0, p1);
    }
}

/* The smallest and largest loss drawn (pieces, points, closed ends). */
static void plot_loss_yextent(double *lo, double *hi, const ct_analysis_t A)
{
    *lo = *hi = fmpq_get_d(A->piece_loss + 0);
    for (slong i = 0; i <= A->nbp; i++) {
        *lo = fmin(*lo, fmpq_get_d(A->piece_loss + i));
        *hi = fmax(*hi, fmpq_get_d(A->piece_loss + i));
    }
    for (slong b = 0; b < A->nbp; b++) {
        *lo = fmin(*lo, fmpq_get_d(A->point_loss + b));
        *hi = fmax(*hi, fmpq_get_d(A->point_loss + b));
    }
    for (int e = 0; A->closed && e < 2; e++) {
        *lo = fmin(*lo, fmpq_get_d(A->end_loss + e));
        *hi = fmax(*hi, fmpq_get_d(A->end_loss + e));
    }
}

/* y: the losses' range with a margin of 8% of it (a flat loss gets +-10% of
   its value, at least 0.02), never below 0, rounded out to nice ticks. */
static void plot_loss_y(ct_plot_axis_struct *y, const ct_analysis_t A, double p0,
                        double p1)
{
    double lo, hi, margin;

    plot_loss_yextent(&lo, &hi, A);
    margin = hi > lo ? 0.08 * (hi - lo) : fmax(0.02, 0.1 * hi);
    ct_plot_axis_linear(y, fmax(0, lo - margin), hi + margin, 6, p0, p1);
    y->trim = 0;
}

void _ct_plot_loss_frame(ct_plot_frame_struct *f, const ct_analysis_t A,
                         const double *bpx, int scale)
{
    slong close = 0;

    plot_loss_x(&f->x, A, bpx, scale, CT_PLOT_LOSS_X0, CT_PLOT_LOSS_X1);
    plot_loss_y(&f->y, A, CT_PLOT_LOSS_H - 70, 70);
    for (slong b = 1; b < A->nbp; b++)
        close += ct_plot_axis_map(&f->x, bpx[b]) - ct_plot_axis_map(&f->x, bpx[b - 1]) <
                 CT_PLOT_CROWDED;
    f->many = A->nbp > CT_PLOT_FEW_BP || 4 * close > A->nbp;
}
