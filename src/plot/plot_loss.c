/* plot_loss: the empirical loss as a step function of the hyperparameter. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/report.h"
#include "plot_internal.h"
#include "certune/mem.h"

/* ------------------------------------------------------------- loss plot */

#define PLOT_LOSS_W 900
#define PLOT_LOSS_H 500

/* 1 when the domain is the bounded interval from 0 to 1 (every family but
   lambda); A->closed then says whether it contains its ends. */
static int plot_loss_bounded(const ct_analysis_t A)
{
    return A->family != CT_FAMILY_LAMBDA;
}

/* 1 when the representative is an end of a closed domain (only an end attains
   the minimum): it then lies on no open piece. */
static int plot_loss_rep_at_end(const ct_analysis_t A)
{
    return A->closed &&
           (fmpq_is_zero(A->representative) || fmpq_is_one(A->representative));
}

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

static double plot_loss_ymax(const ct_analysis_t A)
{
    double m = 0;

    for (slong i = 0; i <= A->nbp; i++)
        m = fmax(m, fmpq_get_d(A->piece_loss + i));
    for (slong b = 0; b < A->nbp; b++)
        m = fmax(m, fmpq_get_d(A->point_loss + b));
    for (int e = 0; A->closed && e < 2; e++)
        m = fmax(m, fmpq_get_d(A->end_loss + e));
    return m;
}

static void plot_loss_frame(ct_plot_frame_struct *f, const ct_analysis_t A,
                            const double *bpx)
{
    double lo, hi, ymax = plot_loss_ymax(A);

    if (plot_loss_bounded(A)) {
        /* the whole domain, linear, ticks 0, 0.2, ..., 1 */
        ct_plot_axis_linear(&f->x, 0, 1, 5, 80, PLOT_LOSS_W - 230);
        f->x.lo = 0;
        f->x.hi = 1;
        f->x.trim = 1;
    } else {
        plot_loss_xrange(&lo, &hi, bpx, A->nbp, fmpq_get_d(A->representative));
        ct_plot_axis_set(&f->x, lo, hi, 1, 80, PLOT_LOSS_W - 230);
    }
    ct_plot_axis_linear(&f->y, 0, ymax > 0 ? 1.1 * ymax : 1, 6, PLOT_LOSS_H - 70, 70);
}

/* Dotted vertical line per breakpoint, labelled b1, b2, ... above the frame
   where the labels do not crowd. */
static void plot_loss_breakpoints(FILE *out, const ct_analysis_t A, const double *bpx,
                                  const ct_plot_frame_struct *f)
{
    double last = -1e30;

    for (slong b = 0; b < A->nbp; b++) {
        double x = ct_plot_axis_map(&f->x, bpx[b]);
        fprintf(out,
                "<line class=\"bp\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\" stroke-dasharray=\"2,3\"/>\n",
                x, f->y.p1, x, f->y.p0, CT_PLOT_COL_BP);
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
static void plot_loss_piece_label(FILE *out, const ct_analysis_t A, slong i, double x0,
                                  double x1, double y)
{
    char buf[CT_PLOT_LABEL_LEN];

    ct_plot_fmpq_label(buf, sizeof(buf), A->piece_loss + i);
    if (0.62 * 10 * strlen(buf) + 16 > x1 - x0)
        return;
    fprintf(out,
            "<text class=\"piecelabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"10\" fill=\"#444444\"" CT_PLOT_HALO ">%s</text>\n",
            (x0 + x1) / 2, y - 8, buf);
}

/* 1 when the representative's label goes above the minimum segment (which then
   carries no loss label), since below it would meet the x axis. */
static int plot_loss_rep_above(const ct_analysis_t A, const ct_plot_frame_struct *f)
{
    return ct_plot_axis_pos(&f->y, fmpq_get_d(A->min_loss)) > f->y.p0 - 24;
}

/* One horizontal segment per open piece; the minimizing ones thicker, in the
   highlight colour. On (0, +inf) the first and last pieces leave the frame with
   an arrow; a bounded domain's pieces end at x = 0 and x = 1 (the frame's
   edges). */
static void plot_loss_segments(FILE *out, const ct_analysis_t A, const double *bpx,
                               const ct_plot_frame_struct *f)
{
    int above = plot_loss_rep_above(A, f) && !plot_loss_rep_at_end(A);
    int arrows = !plot_loss_bounded(A);

    for (slong i = 0; i <= A->nbp; i++) {
        int mn = fmpq_equal(A->piece_loss + i, A->min_loss);
        const char *col = mn ? CT_PLOT_COL_MIN : CT_PLOT_COL_STEP;
        double w = mn ? 4 : 2.2;
        double x0 = i == 0 ? f->x.p0 : ct_plot_axis_map(&f->x, bpx[i - 1]);
        double x1 = i == A->nbp ? f->x.p1 : ct_plot_axis_map(&f->x, bpx[i]);
        double y = ct_plot_axis_map(&f->y, fmpq_get_d(A->piece_loss + i));
        fprintf(out,
                "<line class=\"step%s\" id=\"piece-%ld\" x1=\"%.1f\" y1=\"%.1f\" "
                "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%g\"/>\n",
                mn ? " min" : "", (long)i, x0, y, x1, y, col, w);
        if (arrows && i == 0)
            plot_loss_arrow(out, x0, y, -1, col, w / 2 + 0.5);
        if (arrows && i == A->nbp)
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
static void plot_loss_dots(FILE *out, const ct_analysis_t A, const double *bpx,
                           const ct_plot_frame_struct *f)
{
    for (slong b = 0; b < A->nbp; b++) {
        const fmpq *l = A->piece_loss + b, *r = A->piece_loss + b + 1;
        const fmpq *p = A->point_loss + b;
        double x = ct_plot_axis_map(&f->x, bpx[b]);
        int dl = !fmpq_equal(l, p), dr = !fmpq_equal(r, p);
        if (dl)
            plot_loss_circle(out, x, ct_plot_axis_map(&f->y, fmpq_get_d(l)), 1,
                             fmpq_equal(l, A->min_loss) ? CT_PLOT_COL_MIN
                                                        : CT_PLOT_COL_STEP);
        if (dr)
            plot_loss_circle(out, x, ct_plot_axis_map(&f->y, fmpq_get_d(r)), 1,
                             fmpq_equal(r, A->min_loss) ? CT_PLOT_COL_MIN
                                                        : CT_PLOT_COL_STEP);
        if (dl || dr)
            plot_loss_circle(out, x, ct_plot_axis_map(&f->y, fmpq_get_d(p)), 0,
                             fmpq_equal(p, A->min_loss) ? CT_PLOT_COL_MIN
                                                        : CT_PLOT_COL_STEP);
    }
}

/* The ends 0 and 1 of a bounded domain, as at a breakpoint with one side. A
   closed end always gets a filled circle at its own loss ("end", "end min" when
   it attains the minimum), and an open circle ends the adjacent piece when its
   loss differs. An open end is excluded: an open circle ends the piece. */
static void plot_loss_ends(FILE *out, const ct_analysis_t A,
                           const ct_plot_frame_struct *f)
{
    for (int e = 0; plot_loss_bounded(A) && e < 2; e++) {
        const fmpq *l = A->piece_loss + (e ? A->nbp : 0);
        double x = e ? f->x.p1 : f->x.p0;
        int mn = A->closed && (A->min_ends & (1 << e));
        const char *col = mn ? CT_PLOT_COL_MIN : CT_PLOT_COL_STEP;
        if (!A->closed || !fmpq_equal(l, A->end_loss + e))
            plot_loss_circle(out, x, ct_plot_axis_map(&f->y, fmpq_get_d(l)), 1,
                             fmpq_equal(l, A->min_loss) ? CT_PLOT_COL_MIN
                                                        : CT_PLOT_COL_STEP);
        if (!A->closed)
            continue;
        fprintf(out,
                "<circle class=\"end%s\" id=\"end-%d\" cx=\"%.1f\" cy=\"%.1f\" "
                "r=\"3.8\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.6\"/>\n",
                mn ? " min" : "", e, x,
                ct_plot_axis_map(&f->y, fmpq_get_d(A->end_loss + e)), col, col);
    }
}

/* The hyperparameter's symbol as SVG text. */
static const char *plot_family_symbol(ct_family_t family)
{
    switch (family) {
    case CT_FAMILY_LAMBDA:
        return "&#955;";
    case CT_FAMILY_DELTA:
        return "&#948;";
    case CT_FAMILY_ALPHA:
        return "&#945;";
    }
    return "?";
}

/* A tick across the minimum segment at the representative, labelled below it
   (above when the segment is too close to the x axis). */
static void plot_loss_representative(FILE *out, const ct_analysis_t A,
                                     const ct_plot_frame_struct *f)
{
    char q[CT_PLOT_LABEL_LEN];
    double x = ct_plot_axis_map(&f->x, fmpq_get_d(A->representative));
    double y = ct_plot_axis_map(&f->y, fmpq_get_d(A->min_loss));
    int above = plot_loss_rep_above(A, f);
    double w, ty = above ? y - 12 : y + 21;

    ct_plot_fmpq_label(q, sizeof(q), A->representative);
    w = 0.62 * CT_PLOT_FONT * (strlen(q) + 4);
    fprintf(out,
            "<line class=\"rep\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"%s\" stroke-width=\"2\"/>\n",
            x, above ? y - 9 : y - 4, x, above ? y + 4 : y + 9, CT_PLOT_COL_TEXT);
    x = fmin(fmax(x, f->x.p0 + w / 2 + 2), f->x.p1 - w / 2 - 2);
    fprintf(out,
            "<text class=\"replabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-weight=\"bold\"" CT_PLOT_HALO ">%s = %s</text>\n",
            x, ty, plot_family_symbol(A->family), q);
}

/* 1 when some breakpoint's loss differs from a side (circles are drawn). */
static int plot_loss_has_circles(const ct_analysis_t A)
{
    for (slong b = 0; b < A->nbp; b++)
        if (!fmpq_equal(A->point_loss + b, A->piece_loss + b) ||
            !fmpq_equal(A->point_loss + b, A->piece_loss + b + 1))
            return 1;
    return 0;
}

/* 1 when an open circle ends a piece at an end of a bounded domain. */
static int plot_loss_has_end_circles(const ct_analysis_t A)
{
    if (!plot_loss_bounded(A))
        return 0;
    return !A->closed || !fmpq_equal(A->end_loss + 0, A->piece_loss + 0) ||
           !fmpq_equal(A->end_loss + 1, A->piece_loss + A->nbp);
}

/* The legend, listing only what the plot shows. */
static void plot_loss_legend(FILE *out, const ct_analysis_t A,
                             const ct_plot_frame_struct *f)
{
    ct_plot_key_struct k[8];
    char buf[32], text[CT_PLOT_LABEL_LEN];
    int n = 0, circles = plot_loss_has_circles(A);
    /* only points attain the minimum: its key is a dot (bounded domains; lambda's
       legend is kept as it was) */
    int mindot = plot_loss_bounded(A) && A->nmin_pieces == 0;

    if (A->nmin_pieces <= A->nbp)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_LINE, CT_PLOT_COL_STEP, 2.2,
                        "loss on an open piece");
    ct_plot_fmpq_label(buf, sizeof(buf), A->min_loss);
    snprintf(text, sizeof(text), "minimum loss %s", buf);
    ct_plot_key_set(k + n++, mindot ? CT_PLOT_KEY_DOT : CT_PLOT_KEY_LINE, CT_PLOT_COL_MIN,
                    mindot ? 1 : 4, text);
    if (A->nbp > 0)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOTTED, CT_PLOT_COL_BP, 1, "breakpoint");
    if (circles)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOT, CT_PLOT_COL_STEP, 1,
                        "loss at a breakpoint");
    if (plot_loss_bounded(A) && A->closed)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOT, CT_PLOT_COL_STEP, 1, "loss at an end");
    if (circles || plot_loss_has_end_circles(A))
        ct_plot_key_set(k + n++, CT_PLOT_KEY_OPEN, CT_PLOT_COL_STEP, 1,
                        "excluded endpoint");
    ct_plot_fmpq_label(buf, sizeof(buf), A->representative);
    snprintf(text, sizeof(text), "representative %s = %s", plot_family_symbol(A->family),
             buf);
    ct_plot_key_set(k + n++, CT_PLOT_KEY_TICK, CT_PLOT_COL_TEXT, 2, text);
    ct_plot_write_legend(out, f->x.p1 + 22, f->y.p1, k, n);
}

/* The family as the subtitle names it: "lambda", or with a bounded domain
   "delta on [0, 1] (c = 99/100)" (the constant as a fraction when it is short). */
static void plot_loss_family_text(char *buf, size_t len, const ct_analysis_t A)
{
    char c[40] = "";

    if (!plot_loss_bounded(A)) {
        snprintf(buf, len, "%s", ct_report_family_name(A->family));
        return;
    }
    if (A->family == CT_FAMILY_DELTA) {
        char *s = fmpq_get_str(NULL, 10, A->c);
        if (strlen(s) <= 25)
            snprintf(c, sizeof(c), " (c = %s)", s);
        else
            snprintf(c, sizeof(c), " (c = %.10g)", fmpq_get_d(A->c));
        flint_free(s);
    }
    snprintf(buf, len, "%s on %s0, 1%s%s", ct_report_family_name(A->family),
             A->closed ? "[" : "(", A->closed ? "]" : ")", c);
}

static void plot_loss_titles(FILE *out, const ct_analysis_t A,
                             const ct_plot_frame_struct *f)
{
    char title[160], sub[256], fam[96];

    plot_loss_family_text(fam, sizeof(fam), A);
    snprintf(title, sizeof(title), "Empirical loss of label propagation vs %s",
             plot_family_symbol(A->family));
    snprintf(sub, sizeof(sub),
             "family %s, %ld instance%s, %ld scored node%s, %ld breakpoint%s, "
             "%ld loss piece%s",
             fam, (long)A->ninst, A->ninst == 1 ? "" : "s", (long)A->nscored,
             A->nscored == 1 ? "" : "s", (long)A->nbp, A->nbp == 1 ? "" : "s",
             (long)A->loss_pieces, A->loss_pieces == 1 ? "" : "s");
    ct_plot_write_title(out, f, title, 0, sub);
    ct_plot_write_axes(out, f, plot_family_symbol(A->family), "empirical loss", 0);
}

int ct_plot_loss_svg(FILE *out, const ct_analysis_t A)
{
    ct_plot_frame_struct f;
    double *bpx = ct_mem_malloc(sizeof(double) * (size_t)(A->nbp > 0 ? A->nbp : 1));

    if (bpx == NULL)
        return -1;
    for (slong b = 0; b < A->nbp; b++)
        bpx[b] = strtod(A->approx[b], NULL);
    plot_loss_frame(&f, A, bpx);
    ct_plot_write_header(out, PLOT_LOSS_W, PLOT_LOSS_H);
    plot_loss_titles(out, A, &f);
    plot_loss_breakpoints(out, A, bpx, &f);
    plot_loss_segments(out, A, bpx, &f);
    plot_loss_dots(out, A, bpx, &f);
    plot_loss_ends(out, A, &f);
    plot_loss_representative(out, A, &f);
    plot_loss_legend(out, A, &f);
    free(bpx);
    return ct_plot_finish(out);
}
