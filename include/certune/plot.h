/* plot: the analyzer's result (loss step functions) and count experiments as
   standalone SVG (docs/plots.md). Everything given is only read, and the
   series' names and arrays are borrowed; titles, captions and labels are
   plain text, escaped here. Doubles are used for drawing only. Every writer
   returns 0, or -1 on a write error; out of memory ends the process (mem.h). */
#ifndef CERTUNE_PLOT_H
#define CERTUNE_PLOT_H

#include <stdio.h>
#include "certune/analysis.h"

/* Writes the empirical loss of A as a step function of the hyperparameter
   (lambda on a log10 axis, alpha and delta on [0, 1]; the y axis fitted to the
   losses): a horizontal segment per open piece (the minimizing ones thicker,
   in the highlight colour, on a light band), a dotted vertical line per
   breakpoint, open and filled circles where the loss at a breakpoint differs
   from a side, the representative as a labelled tick, axes, a title and a
   legend. */
int ct_plot_loss_svg(FILE *out, const ct_analysis_t A);

/* x scales of the loss plot (docs/plots.md): DEFAULT is log for lambda and
   linear for alpha and delta; LOGIT (log10 of v / (1 - v)) spreads the ends
   of (0, 1) and applies to alpha and delta only (lambda gets log). */
#define CT_PLOT_X_DEFAULT 0
#define CT_PLOT_X_LINEAR 1
#define CT_PLOT_X_LOG 2
#define CT_PLOT_X_LOGIT 3

/* "default", "linear", "log", "logit" -> CT_PLOT_X_*, or -1. */
int ct_plot_x_parse(const char *name);

/* ct_plot_loss_svg with the x scale xscale. With more than 40 breakpoints,
   or crowded ones (a quarter of the neighbours within 8 px), they are drawn
   as ticks on the x axis (else dotted lines), the steps are joined by thin
   risers and only points that differ from both sides get a dot. */
int ct_plot_loss_svg_x(FILE *out, const ct_analysis_t A, int xscale);

/* Two loss plots (ct_plot_loss_svg_x with xscale) stacked in one SVG, each
   under its caption: `tune --plot` draws the training profile above the test
   profile. */
int ct_plot_loss_pair_svg(FILE *out, const ct_analysis_t top, const char *top_caption,
                          const ct_analysis_t bottom, const char *bottom_caption,
                          int xscale);

/* One named series of a scatter: n points (x[i], y[i]) and the value it chose
   (NaN: none), all borrowed. */
typedef struct {
    const char *name; /* plain text (escaped when written) */
    slong n;
    const double *x, *y;
    double chosen;
} ct_plot_series_struct;

/* Writes the nseries series (at most 8 drawn, each in its own colour, one
   legend entry each naming its chosen value, marked by a dashed vertical
   line) on linear axes fitted to the finite data. */
int ct_plot_series_svg(FILE *out, const char *title, const char *xlabel,
                       const char *ylabel, const ct_plot_series_struct *S, slong nseries);

/* Writes a scatter of y[i] against x[i] (i < npoints, "observed") with bound[i]
   drawn as a line through the points sorted by x ("bound"; bound may be NULL).
   The x axis is log10 when all x > 0 span more than a factor of 8. Non-finite
   values are skipped. */
int ct_plot_counts_svg(FILE *out, const char *title, slong npoints, const double *x,
                       const double *y, const double *bound, const char *xlabel,
                       const char *ylabel);

#endif
