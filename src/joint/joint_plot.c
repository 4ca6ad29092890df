/* joint_plot: `analyze --joint c --plot F.svg`, the loss over the rectangle as
   a heatmap (docs/joint.md, "The plot"). Column i is the exact delta analysis
   at the rational c_i = A + (B - A)(2i + 1)/(2 G): each open piece is drawn
   in the colour of its exact loss between the decimal approximations of its
   breakpoints (drawing only: no decision rests on them), the breakpoints as
   dots (they trace the curves), the minimum's pieces outlined, the witness
   marked. The columns are a picture of the exact answer, not the answer. */
#include <stdlib.h>
#include "certune/joint.h"

#define PLOT_W 640.0
#define PLOT_H 400.0
#define PLOT_L 60.0
#define PLOT_T 40.0

static double plot_d(const fmpq_t x)
{
    return fmpz_get_d(fmpq_numref(x)) / fmpz_get_d(fmpq_denref(x));
}

/* A colour for loss l on [lo, hi]: dark blue (lo) to light yellow (hi). */
static void plot_colour(char *buf, size_t len, double l, double lo, double hi)
{
    double t = hi > lo ? (l - lo) / (hi - lo) : 0.0;
    int r = (int)(30 + t * 225), g = (int)(40 + t * 200), b = (int)(120 - t * 60);
    snprintf(buf, len, "#%02x%02x%02x", r, g, b);
}

static double plot_x(const ct_joint_t J, double c)
{
    double a = plot_d(J->A), b = plot_d(J->B);
    return PLOT_L + PLOT_W * (c - a) / (b - a);
}

static double plot_y(double d)
{
    return PLOT_T + PLOT_H * (1.0 - d);
}

/* One column: the analysis at c, its pieces and breakpoints. */
static void plot_column(FILE *f, const ct_joint_t J, const ct_analysis_t A1, double x0,
                        double w, double lo, double hi)
{
    char col[16];
    for (slong k = 0; k <= A1->nbp; k++) {
        double d0 = k == 0 ? 0.0 : strtod(A1->approx[k - 1], NULL);
        double d1 = k == A1->nbp ? 1.0 : strtod(A1->approx[k], NULL);
        plot_colour(col, sizeof(col), plot_d(A1->piece_loss + k), lo, hi);
        fprintf(f,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                "fill=\"%s\"%s/>\n",
                x0, plot_y(d1), w + 0.3, plot_y(d0) - plot_y(d1), col,
                fmpq_equal(A1->piece_loss + k, J->min_loss)
                    ? " stroke=\"#e0007a\" stroke-width=\"0.6\""
                    : "");
    }
    for (slong k = 0; k < A1->nbp; k++)
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"0.9\" fill=\"#000\"/>\n",
                x0 + w / 2, plot_y(strtod(A1->approx[k], NULL)));
}

/* The frame, the axes' labels and the witness. */
static void plot_frame(FILE *f, const ct_joint_t J, const char *sym, double lo, double hi)
{
    fprintf(f,
            "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" "
            "stroke=\"#000\"/>\n",
            PLOT_L, PLOT_T, PLOT_W, PLOT_H);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\">c: %.4g</text>\n", PLOT_L,
            PLOT_T + PLOT_H + 18, plot_d(J->A));
    fprintf(
        f,
        "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" text-anchor=\"end\">%.4g</text>\n",
        PLOT_L + PLOT_W, PLOT_T + PLOT_H + 18, plot_d(J->B));
    fprintf(f, "<text x=\"8\" y=\"%.0f\" font-size=\"12\">%s 1</text>\n", PLOT_T + 4,
            sym);
    fprintf(f, "<text x=\"8\" y=\"%.0f\" font-size=\"12\">%s 0</text>\n", PLOT_T + PLOT_H,
            sym);
    fprintf(
        f,
        "<text x=\"%.0f\" y=\"24\" font-size=\"13\">loss over (c, %s): %.4g (dark) to "
        "%.4g (light); minimum outlined; witness circled</text>\n",
        PLOT_L, sym, lo, hi);
    double wx = plot_x(J, plot_d(J->wc)), wy = plot_y(plot_d(J->wx));
    fprintf(f,
            "<circle id=\"witness\" cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"none\" "
            "stroke=\"#e00\" stroke-width=\"2\"/>\n",
            wx, wy);
}

int ct_joint_write_svg(FILE *f, const ct_joint_t J, const ct_instance_struct *insts,
                       slong m, int score_all, int ties, slong G)
{
    const ct_family_struct *row = ct_family_row(J->family);
    ct_analysis_t *col = flint_malloc(G * sizeof(ct_analysis_t));
    fmpq_t c, w;
    fmpq_init(c), fmpq_init(w);
    fmpq_sub(w, J->B, J->A);
    char err[512];
    int rc = 0;
    slong done = 0;
    double lo = 1.0, hi = 0.0;
    for (; done < G && rc == 0; done++) { /* c_i = A + (B - A)(2i + 1)/(2G) */
        fmpq_mul_si(c, w, 2 * done + 1);
        fmpz_mul_si(fmpq_denref(c), fmpq_denref(c), 2 * G);
        fmpq_canonicalise(c);
        fmpq_add(c, c, J->A);
        rc = ct_analysis_run_ties(col[done], &row->analysis, c, insts, m, score_all, ties,
                                  NULL, err, sizeof(err)) ||
             col[done]->nundecided > 0;
        for (slong k = 0; rc == 0 && k <= col[done]->nbp; k++) {
            lo = FLINT_MIN(lo, plot_d(col[done]->piece_loss + k));
            hi = FLINT_MAX(hi, plot_d(col[done]->piece_loss + k));
        }
    }
    if (rc == 0) {
        fprintf(f,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                "height=\"%.0f\">\n",
                PLOT_L + PLOT_W + 20, PLOT_T + PLOT_H + 30);
        for (slong i = 0; i < G; i++)
            plot_column(f, J, col[i], PLOT_L + PLOT_W * i / G, PLOT_W / G, lo, hi);
        plot_frame(f, J, row->symbol_svg, lo, hi);
        fputs("</svg>\n", f);
    }
    for (slong i = 0; i < done; i++)
        ct_analysis_clear(col[i]);
    flint_free(col);
    fmpq_clear(c), fmpq_clear(w);
    return rc ? -1 : 0;
}
