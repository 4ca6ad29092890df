/* plot_loss: the empirical loss as a step function of the hyperparameter. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/report.h"
#include "plot_internal.h"
#include "certune/mem.h"
#include "certune/qparse.h"

/* ------------------------------------------------------------- loss plot */

/* 1 when the representative is an end of a closed domain (only an end attains
   the minimum): it then lies on no open piece. */
static int plot_loss_rep_at_end(const ct_analysis_t A)
{
    return A->closed &&
           (fmpq_is_zero(A->representative) || fmpq_is_one(A->representative));
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
    int arrows = !_ct_plot_loss_bounded(A);

    for (slong i = 0; i <= A->nbp; i++) {
        int mn = fmpq_equal(A->piece_loss + i, A->min_loss);
        const char *col = mn ? CT_PLOT_COL_MIN : CT_PLOT_COL_STEP;
        double w = mn ? 4 : 2.2;
        double x0 = i == 0 ? f->x.p0 : ct_plot_axis_at(&f->x, bpx[i - 1]);
        double x1 = i == A->nbp ? f->x.p1 : ct_plot_axis_at(&f->x, bpx[i]);
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

/* Many breakpoints: a thin riser joins the two sides of each breakpoint, and
   only a point whose loss differs from both sides gets a (small) dot; open
   circles would blot the curve. */
static void plot_loss_risers(FILE *out, const ct_analysis_t A, const double *bpx,
                             const ct_plot_frame_struct *f)
{
    for (slong b = 0; b < A->nbp; b++) {
        const fmpq *l = A->piece_loss + b, *r = A->piece_loss + b + 1;
        const fmpq *p = A->point_loss + b;
        double x = ct_plot_axis_at(&f->x, bpx[b]);
        double yl = ct_plot_axis_map(&f->y, fmpq_get_d(l));
        double yr = ct_plot_axis_map(&f->y, fmpq_get_d(r));
        if (!fmpq_equal(l, r))
            fprintf(out,
                    "<line class=\"riser\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1\"/>\n",
                    x, yl, x, yr, CT_PLOT_COL_STEP);
        if (!fmpq_equal(l, p) && !fmpq_equal(r, p))
            fprintf(out,
                    "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" "
                    "fill=\"%s\"/>\n",
                    x, ct_plot_axis_map(&f->y, fmpq_get_d(p)),
                    fmpq_equal(p, A->min_loss) ? CT_PLOT_COL_MIN : CT_PLOT_COL_STEP);
    }
}

/* Step-function conventions at each breakpoint: an open circle ends a side
   whose loss differs from the point's, a filled circle gives the point's own
   loss; nothing when both sides and the point agree. */
static void plot_loss_dots(FILE *out, const ct_analysis_t A, const double *bpx,
                           const ct_plot_frame_struct *f)
{
    if (f->many) {
        plot_loss_risers(out, A, bpx, f);
        return;
    }
    for (slong b = 0; b < A->nbp; b++) {
        const fmpq *l = A->piece_loss + b, *r = A->piece_loss + b + 1;
        const fmpq *p = A->point_loss + b;
        double x = ct_plot_axis_at(&f->x, bpx[b]);
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
    for (int e = 0; _ct_plot_loss_bounded(A) && e < 2; e++) {
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

/* A tick across the minimum segment at the representative, labelled below it
   (above when the segment is too close to the x axis). */
static void plot_loss_representative(FILE *out, const ct_analysis_t A,
                                     const ct_plot_frame_struct *f)
{
    char q[CT_PLOT_LABEL_LEN];
    int off = 0, scale = f->x.logit ? CT_PLOT_X_LOGIT
                         : f->x.log ? CT_PLOT_X_LOG
                                    : CT_PLOT_X_LINEAR;
    double x = ct_plot_axis_at(&f->x, _ct_plot_loss_unit(A->representative, scale, &off));
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
            x, ty, _ct_plot_family_symbol(A->family), q);
}

/* Two short slanted strokes across the x axis near each edge that stands for
   a value off the scale (0 or 1 on a log or logit axis). */
static void plot_loss_axis_breaks(FILE *out, const ct_plot_frame_struct *f)
{
    for (int e = 0; e < 2; e++) {
        double x = e ? f->x.p1 - 10 : f->x.p0 + 10, y = f->y.p0;
        if (f->x.end_text[e] == NULL)
            continue;
        fprintf(out,
                "<path class=\"axisbreak\" d=\"M %.1f %.1f l 6 -10 M %.1f %.1f l 6 -10\" "
                "stroke=\"%s\" stroke-width=\"1.2\" fill=\"none\"/>\n",
                x - 5, y + 5, x - 1, y + 5, CT_PLOT_COL_AXIS);
    }
}

/* The breakpoints in the units of scale (from their decimal approximations,
   exactly: _ct_plot_loss_unit); returns how many lie beyond the drawable
   range (drawn at its edge). */
static slong plot_loss_bp_units(double *bpx, const ct_analysis_t A, int scale)
{
    slong off = 0;
    fmpq_t q;

    fmpq_init(q);
    for (slong b = 0; b < A->nbp; b++) {
        int o = 0;
        if (ct_qparse_fmpq(q, A->approx[b]) != 0) { /* (never: the analyzer wrote it) */
            bpx[b] = 0;
            off++;
            continue;
        }
        bpx[b] = _ct_plot_loss_unit(q, scale, &o);
        off += o;
    }
    fmpq_clear(q);
    return off;
}

/* Says in the picture that off breakpoints lie beyond the drawable range. */
static void plot_loss_offscale(FILE *out, slong off, int scale)
{
    if (off == 0)
        return;
    fprintf(out,
            "<text class=\"offscale\" x=\"%.1f\" y=\"%d\" font-size=\"10\" "
            "fill=\"%s\">%ld breakpoint%s %s: drawn at the axis's end</text>\n",
            CT_PLOT_LOSS_X0, CT_PLOT_LOSS_H - 8, CT_PLOT_COL_TEXT, (long)off,
            off == 1 ? "" : "s",
            scale == CT_PLOT_X_LOGIT ? "closer to 0 or 1 than 10^-300"
            : scale == CT_PLOT_X_LOG ? "below 10^-300 or above 10^300"
                                     : "above 10^300");
}

int ct_plot_loss_svg_x(FILE *out, const ct_analysis_t A, int xscale)
{
    ct_plot_frame_struct f;
    double *bpx = ct_mem_malloc(sizeof(double) * (size_t)(A->nbp > 0 ? A->nbp : 1));
    int rc = 0, scale = _ct_plot_loss_xscale(A, xscale);
    slong off = plot_loss_bp_units(bpx, A, scale);

    _ct_plot_loss_frame(&f, A, bpx, scale);
    ct_plot_write_header(out, CT_PLOT_LOSS_W, CT_PLOT_LOSS_H);
    _ct_plot_loss_minbands(out, A, bpx, &f);
    _ct_plot_loss_titles(out, A, &f);
    plot_loss_axis_breaks(out, &f);
    rc = _ct_plot_loss_breakpoints(out, A, bpx, &f);
    plot_loss_segments(out, A, bpx, &f);
    plot_loss_dots(out, A, bpx, &f);
    plot_loss_ends(out, A, &f);
    plot_loss_representative(out, A, &f);
    _ct_plot_loss_legend(out, A, &f);
    plot_loss_offscale(out, off, scale);
    free(bpx);
    return ct_plot_finish(out) || rc ? -1 : 0;
}

int ct_plot_loss_svg(FILE *out, const ct_analysis_t A)
{
    return ct_plot_loss_svg_x(out, A, CT_PLOT_X_DEFAULT);
}
