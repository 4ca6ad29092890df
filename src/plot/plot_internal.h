/* Drawing helpers shared by the plot module's files (src/plot*.c) only. */
#ifndef CERTUNE_PLOT_INTERNAL_H
#define CERTUNE_PLOT_INTERNAL_H

#include <stdio.h>
#include <flint/fmpq.h>
#include "certune/analysis.h"

#define CT_PLOT_COL_STEP "#1f5fa8"
#define CT_PLOT_COL_MIN "#e07000"
#define CT_PLOT_COL_BP "#9a9a9a"
#define CT_PLOT_COL_BPTICK "#555555"
#define CT_PLOT_COL_GRID "#e6e6e6"
#define CT_PLOT_COL_AXIS "#333333"
#define CT_PLOT_COL_TEXT "#222222"
#define CT_PLOT_COL_OBS "#1f5fa8"
#define CT_PLOT_COL_BOUND "#c0392b"

#define CT_PLOT_FONT 11.0  /* tick label size, px */
#define CT_PLOT_CHAR_W 6.3 /* width of a digit at CT_PLOT_FONT, px */
#define CT_PLOT_SUP_W 4.8  /* width of a superscript character, px */
#define CT_PLOT_MAXTICKS 160
#define CT_PLOT_NOLABEL 9 /* tick priority: never labelled */
#define CT_PLOT_LABEL_LEN 96
#define CT_PLOT_MAXGIVEN 12 /* counts plot: at most this many distinct x get ticks */
/* A white outline behind text drawn over lines. */
#define CT_PLOT_HALO " stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""

/* An axis: data in [lo, hi] in axis units (log10 of the value when log) drawn
   from pixel p0 (at lo) to pixel p1 (at hi). */
typedef struct {
    double lo, hi;
    int log;
    int plain;   /* log axis: label ticks as decimals rather than 10^k */
    double step; /* linear axis: the tick step */
    int trim;    /* linear axis: labels without trailing zeros (0, 0.2, 1) */
    double p0, p1;
    int ngiven; /* > 0: ticks at given[0..ngiven-1] (data values) */
    const double *given;
    int logit;               /* axis units are log10(v / (1 - v)), 0 < v < 1 */
    const char *end_text[2]; /* non-NULL: a labelled tick at lo (0) or hi (1)
                                standing for a value off the scale (0, 1) */
} ct_plot_axis_struct;

typedef struct {
    double t; /* position in axis units */
    int prio; /* label priority, 0 first; CT_PLOT_NOLABEL never */
    int label;
    const char *text; /* the label, when not the value (end_text) */
} ct_plot_tick_struct;

typedef struct {
    ct_plot_axis_struct x, y;
    int many; /* loss plot: breakpoints as ticks on the axis (too many or too
                 crowded for lines and circles) */
} ct_plot_frame_struct;

typedef enum {
    CT_PLOT_KEY_LINE,
    CT_PLOT_KEY_DOTTED,
    CT_PLOT_KEY_DOT,
    CT_PLOT_KEY_OPEN,
    CT_PLOT_KEY_TICK,
    CT_PLOT_KEY_MARKER
} ct_plot_key_kind;

typedef struct {
    ct_plot_key_kind kind;
    const char *color;
    double width;
    char text[CT_PLOT_LABEL_LEN]; /* SVG text content (already escaped) */
} ct_plot_key_struct;

void ct_plot_axis_linear(ct_plot_axis_struct *ax, double lo, double hi, int target,
                         double p0, double p1);

double ct_plot_axis_map(const ct_plot_axis_struct *ax, double v);

double ct_plot_axis_pos(const ct_plot_axis_struct *ax, double t);

/* Pixel position of t in axis units, clamped to the axis [lo, hi]. */
double ct_plot_axis_at(const ct_plot_axis_struct *ax, double t);

void ct_plot_axis_set(ct_plot_axis_struct *ax, double lo, double hi, int lg, double p0,
                      double p1);

int ct_plot_finish(FILE *out);

void ct_plot_fmpq_label(char *buf, size_t len, const fmpq_t q);

void ct_plot_key_set(ct_plot_key_struct *k, ct_plot_key_kind kind, const char *color,
                     double width, const char *text);

void ct_plot_write_axes(FILE *out, const ct_plot_frame_struct *f, const char *xlabel,
                        const char *ylabel, int escape);

void ct_plot_write_header(FILE *out, int w, int h);
/* Writes the plain text s as SVG text content (& < > " escaped). */
void ct_plot_write_plain(FILE *out, const char *s);
/* buf (len bytes, len >= 1) = the plain text s escaped as ct_plot_write_plain
   writes it, cut before the first character whose escape does not fit. */
void ct_plot_escape(char *buf, size_t len, const char *s);

void ct_plot_write_legend(FILE *out, double x, double y, const ct_plot_key_struct *keys,
                          int n);

void ct_plot_write_title(FILE *out, const ct_plot_frame_struct *f, const char *title,
                         int escape, const char *subtitle);

/* A step of 1, 2 or 5 times a power of ten near raw > 0. */
double _ct_plot_nice_step(double raw);

/* The ticks of ax into tk (room for CT_PLOT_MAXTICKS): its end ticks first,
   then the scale's; returns their number. */
int _ct_plot_ticks_make(ct_plot_tick_struct *tk, const ct_plot_axis_struct *ax);

/* The label of tick tk as SVG text content into buf; returns its width (px). */
double _ct_plot_tick_text(char *buf, size_t len, const ct_plot_axis_struct *ax,
                          const ct_plot_tick_struct *tk);

/* Marks the ticks to label on a horizontal axis, by priority, so that no two
   labels come closer than a small gap. */
void _ct_plot_ticks_choose(ct_plot_tick_struct *tk, int n, const ct_plot_axis_struct *ax);

/* ------------------------------------------------ the loss plot's files */

#define CT_PLOT_LOSS_W 960
#define CT_PLOT_LOSS_H 500
#define CT_PLOT_LOSS_X0 80.0  /* frame left */
#define CT_PLOT_LOSS_X1 690.0 /* frame right; the legend is beyond */
#define CT_PLOT_FEW_BP 40     /* more breakpoints: ticks on the axis, not lines */
#define CT_PLOT_CROWDED 8.0   /* px: closer neighbours' circles overlap */

/* The scale drawn for xscale (CT_PLOT_X_*): DEFAULT resolved to lambda's log
   and the others' linear; logit falls back to log for lambda. */
int _ct_plot_loss_xscale(const ct_analysis_t A, int xscale);

/* Units of a loss plot's x axis past which a point is drawn at this bound
   (and the plot says so): 10^-300 .. 10^300 on a log axis, the odds of
   10^-300 .. 1 - 10^-300 on a logit axis, 10^300 on a linear one. */
#define CT_PLOT_UNIT_MAX 300.0

/* The exact q in the units of the x scale `scale` (CT_PLOT_X_LINEAR: q;
   LOG: log10 q; LOGIT: log10(q / (1 - q))), computed from q itself, not from
   a double near it (a double has no 1 - 10^-90); -inf / +inf off the scale's
   domain (q <= 0; q >= 1 for logit). Finite values are clamped to
   +-CT_PLOT_UNIT_MAX (10^CT_PLOT_UNIT_MAX when linear), and *off is set to 1
   when that happened. */
double _ct_plot_loss_unit(const fmpq_t q, int scale, int *off);

/* The axes of the loss plot of A (bpx: the breakpoints in the units of the
   scale drawn, _ct_plot_loss_unit), and
   f->many: more than CT_PLOT_FEW_BP breakpoints, or more than a quarter of
   the neighbouring pairs closer than CT_PLOT_CROWDED pixels. */
void _ct_plot_loss_frame(ct_plot_frame_struct *f, const ct_analysis_t A,
                         const double *bpx, int scale);

/* 1 when A's domain is the bounded interval from 0 to 1 (not (0, +inf)). */
static inline int _ct_plot_loss_bounded(const ct_analysis_t A)
{
    return !A->hi_inf;
}

/* The hyperparameter's symbol as SVG text (an entity). */
const char *_ct_plot_family_symbol(ct_family_t family);

/* Title, subtitle and axes; the legend (only what the plot shows) right of
   the frame. */
void _ct_plot_loss_titles(FILE *out, const ct_analysis_t A,
                          const ct_plot_frame_struct *f);
void _ct_plot_loss_legend(FILE *out, const ct_analysis_t A,
                          const ct_plot_frame_struct *f);

/* Breakpoints (dotted lines when few, else ticks on the x axis: f->many), their labels
   thinned to fit (the best piece's ends first), and the band behind each minimizing
   piece. Return -1 when memory runs out. */
int _ct_plot_loss_breakpoints(FILE *out, const ct_analysis_t A, const double *bpx,
                              const ct_plot_frame_struct *f);
void _ct_plot_loss_minbands(FILE *out, const ct_analysis_t A, const double *bpx,
                            const ct_plot_frame_struct *f);

#endif
