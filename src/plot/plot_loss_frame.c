/* plot_loss_frame: the loss plot's axes. x: lambda on a log10 axis by
   default, alpha and delta on [0, 1] linear, or as asked (linear, log, logit;
   docs/plots.md); y: fitted to the losses with a small margin. */
#include <math.h>
#include <string.h>
#include <arb.h>
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

/* log10 of x > 0, from x itself (64 bits of Arb: a drawing needs no more). */
static double plot_log10_q(const fmpq_t x)
{
    arb_t a, ten;
    double d;

    arb_init(a);
    arb_init(ten);
    arb_set_fmpq(a, x, 64);
    arb_log(a, a, 64);
    arb_set_ui(ten, 10);
    arb_log(ten, ten, 64);
    arb_div(a, a, ten, 64);
    d = arf_get_d(arb_midref(a), ARF_RND_NEAR);
    arb_clear(a);
    arb_clear(ten);
    return d;
}

double _ct_plot_loss_unit(const fmpq_t q, int scale, int *off)
{
    double t, cap = CT_PLOT_UNIT_MAX;
    fmpq_t r;

    if (scale == CT_PLOT_X_LINEAR) {
        t = fmpq_get_d(q);
        cap = pow(10, CT_PLOT_UNIT_MAX);
    } else if (fmpq_sgn(q) <= 0 || (scale == CT_PLOT_X_LOGIT && fmpq_cmp_ui(q, 1) >= 0)) {
        return fmpq_sgn(q) <= 0 ? -INFINITY : INFINITY;
    } else if (scale == CT_PLOT_X_LOGIT) {
        fmpq_init(r);
        fmpq_one(r);
        fmpq_sub(r, r, q); /* 1 - q exactly: its log is finite however close q is to 1 */
        t = plot_log10_q(q) - plot_log10_q(r);
        fmpq_clear(r);
    } else {
        t = plot_log10_q(q);
    }
    if (fabs(t) > cap) {
        *off = 1;
        t = copysign(cap, t);
    }
    return t;
}

/* Axis range (axis units) covering the breakpoints (bpx, in units) and the
   representative (rep, in units; not finite when it is an end), with a
   margin of a quarter of the span (0.3 to 1 units). */
static void plot_loss_range(double *lo, double *hi, const double *bpx, slong nbp,
                            double rep)
{
    double a, b, pad;

    if (nbp == 0) {
        *lo = -1;
        *hi = 1;
    } else {
        a = bpx[0];
        b = bpx[nbp - 1];
        pad = nbp == 1 ? 1.0 : fmin(1.0, fmax(0.3, (b - a) / 4));
        *lo = a - pad;
        *hi = b + pad;
    }
    if (isfinite(rep)) {
        *lo = fmin(*lo, rep - 0.15);
        *hi = fmax(*hi, rep + 0.15);
    }
}

/* The representative in the units of scale. */
static double plot_rep_unit(const ct_analysis_t A, int scale)
{
    int off = 0;

    return _ct_plot_loss_unit(A->representative, scale, &off);
}

/* Bounded domain on a log or logit axis: the frame's edges stand for 0 and 1
   (labelled so); a log axis ends at 1 itself when the data come near it. */
static void plot_loss_x_bounded_scaled(ct_plot_axis_struct *x, const ct_analysis_t A,
                                       const double *bpx, int logit, double p0, double p1)
{
    double lo, hi;

    plot_loss_range(&lo, &hi, bpx, A->nbp,
                    plot_rep_unit(A, logit ? CT_PLOT_X_LOGIT : CT_PLOT_X_LOG));
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
    double lo, hi;

    if (_ct_plot_loss_bounded(A) && scale == CT_PLOT_X_LINEAR) {
        ct_plot_axis_linear(x, 0, 1, 5, p0, p1); /* ticks 0, 0.2, ..., 1 */
        x->trim = 1;
    } else if (_ct_plot_loss_bounded(A)) {
        plot_loss_x_bounded_scaled(x, A, bpx, scale == CT_PLOT_X_LOGIT, p0, p1);
    } else if (scale == CT_PLOT_X_LINEAR) {
        hi = A->nbp > 0 ? bpx[A->nbp - 1] : 1;
        hi = fmax(hi * 1.1, plot_rep_unit(A, CT_PLOT_X_LINEAR) * 1.1);
        ct_plot_axis_linear(x, 0, hi, 6, p0, p1);
        x->trim = 1;
    } else {
        plot_loss_range(&lo, &hi, bpx, A->nbp, plot_rep_unit(A, CT_PLOT_X_LOG));
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
        close += ct_plot_axis_at(&f->x, bpx[b]) - ct_plot_axis_at(&f->x, bpx[b - 1]) <
                 CT_PLOT_CROWDED;
    f->many = A->nbp > CT_PLOT_FEW_BP || 4 * close > A->nbp;
}
