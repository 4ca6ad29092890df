/* plot_loss_bp: the breakpoints of the loss plot and the minimum's bands.
   A few breakpoints each get a dotted line across the frame; many (over
   CT_PLOT_FEW_BP) or crowded ones would hatch the picture grey, so each gets a short tick
   on the x axis instead, and only the labelled ones a faint guide line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/plot.h"
#include "plot_internal.h"

#define PLOT_BP_LABEL_CHAR 6.2 /* px per character at font-size 10 */
#define PLOT_BP_LABEL_GAP 6.0

typedef struct {
    double *lo, *hi; /* pixel extents of the labels placed so far */
    slong n;
} plot_labels;

/* Places the label "b<b+1>" centred at x unless it meets a placed one. */
static int plot_label_try(plot_labels *L, slong b, double x,
                          const ct_plot_frame_struct *f)
{
    char buf[32];
    double w = PLOT_BP_LABEL_CHAR * snprintf(buf, sizeof buf, "b%ld", (long)(b + 1));
    double lo = x - w / 2 - PLOT_BP_LABEL_GAP / 2, hi = x + w / 2 + PLOT_BP_LABEL_GAP / 2;

    if (lo < f->x.p0 - 20 || hi > f->x.p1 + 20)
        return 0;
    for (slong i = 0; i < L->n; i++)
        if (lo < L->hi[i] && L->lo[i] < hi)
            return 0;
    L->lo[L->n] = lo;
    L->hi[L->n++] = hi;
    return 1;
}

/* Which breakpoints get a label: the ends of the best piece first, then left
   to right every one that does not collide. */
static void plot_label_choose(char *lab, const ct_analysis_t A, const double *bpx,
                              const ct_plot_frame_struct *f, plot_labels *L)
{
    slong best[2] = {A->best_piece - 1, A->best_piece};

    for (int k = 0; k < 2; k++)
        if (best[k] >= 0 && best[k] < A->nbp)
            lab[best[k]] =
                (char)plot_label_try(L, best[k], ct_plot_axis_at(&f->x, bpx[best[k]]), f);
    for (slong b = 0; b < A->nbp; b++)
        if (!lab[b])
            lab[b] = (char)plot_label_try(L, b, ct_plot_axis_at(&f->x, bpx[b]), f);
}

static void plot_bp_mark(FILE *out, double x, int many, int labelled,
                         const ct_plot_frame_struct *f)
{
    if (!many) {
        fprintf(out,
                "<line class=\"bp\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\" stroke-dasharray=\"2,3\"/>\n",
                x, f->y.p1, x, f->y.p0, CT_PLOT_COL_BP);
        return;
    }
    if (labelled)
        fprintf(out,
                "<line class=\"bpguide\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"%s\" stroke-dasharray=\"1,4\"/>\n",
                x, f->y.p1, x, f->y.p0 - 8, CT_PLOT_COL_BP);
    fprintf(out,
            "<line class=\"bp\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"%s\" stroke-width=\"0.8\"/>\n",
            x, f->y.p0, x, f->y.p0 - 8, CT_PLOT_COL_BPTICK);
}

int _ct_plot_loss_breakpoints(FILE *out, const ct_analysis_t A, const double *bpx,
                              const ct_plot_frame_struct *f)
{
    size_t nb = (size_t)(A->nbp > 0 ? A->nbp : 1);
    plot_labels L = {ct_mem_malloc(nb * sizeof(double)),
                     ct_mem_malloc(nb * sizeof(double)), 0};
    char *lab = ct_mem_calloc(nb, 1);
    int many = f->many;

    if (L.lo == NULL || L.hi == NULL || lab == NULL) {
        free(L.lo), free(L.hi), free(lab);
        return -1;
    }
    plot_label_choose(lab, A, bpx, f, &L);
    for (slong b = 0; b < A->nbp; b++) {
        double x = ct_plot_axis_at(&f->x, bpx[b]);
        int best = b == A->best_piece - 1 || b == A->best_piece;
        plot_bp_mark(out, x, many, lab[b], f);
        if (lab[b])
            fprintf(
                out,
                "<text class=\"bplabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"10\" fill=\"%s\"%s>b%ld</text>\n",
                x, f->y.p1 - 5, best ? CT_PLOT_COL_MIN : "#666666",
                best ? " font-weight=\"bold\"" : "", (long)(b + 1));
    }
    free(L.lo), free(L.hi), free(lab);
    return 0;
}

/* A light band behind [x0, x1] (at least 4 px wide) across the frame. */
static void plot_minband(FILE *out, double x0, double x1, const ct_plot_frame_struct *f)
{
    double c = (x0 + x1) / 2, w = fmax(x1 - x0, 4);

    fprintf(
        out,
        "<rect class=\"minband\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
        "fill=\"%s\" fill-opacity=\"0.10\"/>\n",
        c - w / 2, f->y.p1, w, f->y.p0 - f->y.p1, CT_PLOT_COL_MIN);
}

/* One band per minimizing open piece and per minimizing point between two
   non-minimal pieces; the ends have their own highlighted dots. */
void _ct_plot_loss_minbands(FILE *out, const ct_analysis_t A, const double *bpx,
                            const ct_plot_frame_struct *f)
{
    for (slong k = 0; k < A->nmin_pieces; k++) {
        slong i = A->min_pieces[k];
        plot_minband(out, i == 0 ? f->x.p0 : ct_plot_axis_at(&f->x, bpx[i - 1]),
                     i == A->nbp ? f->x.p1 : ct_plot_axis_at(&f->x, bpx[i]), f);
    }
    for (slong k = 0; k < A->nmin_points; k++) {
        slong b = A->min_points[k];
        double x = ct_plot_axis_at(&f->x, bpx[b]);
        if (!fmpq_equal(A->piece_loss + b, A->min_loss) &&
            !fmpq_equal(A->piece_loss + b + 1, A->min_loss))
            plot_minband(out, x, x, f);
    }
}
