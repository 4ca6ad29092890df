/* plot: the analyzer's result and count experiments as standalone SVG. */
#ifndef CERTUNE_PLOT_H
#define CERTUNE_PLOT_H

#include <stdio.h>
#include "certune/analysis.h"

/* Writes the empirical loss of A as a step function of the hyperparameter on a
   log10 axis: a horizontal segment per open piece (the minimizing ones thicker,
   in the highlight colour), a dotted vertical line per breakpoint, open and
   filled circles where the loss at a breakpoint differs from a side, the
   representative as a labelled tick, axes, a title and a legend. Doubles are
   used for drawing only. Returns 0, or -1 on write error. */
int ct_plot_loss_svg(FILE *out, const ct_analysis_t A);

/* Writes a scatter of y[i] against x[i] (i < npoints, "observed") with bound[i]
   drawn as a line through the points sorted by x ("bound"; bound may be NULL).
   The x axis is log10 when all x > 0 span more than a factor of 8. Non-finite
   values are skipped. title, xlabel, ylabel are plain text (escaped here).
   Returns 0, or -1 on write error or when memory runs out. */
int ct_plot_counts_svg(FILE *out, const char *title, slong npoints, const double *x,
                       const double *y, const double *bound, const char *xlabel,
                       const char *ylabel);

#endif
