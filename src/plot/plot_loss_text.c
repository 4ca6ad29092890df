/* plot_loss_text: the loss plot's title, subtitle, axis labels and legend. */
#include <stdio.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/plot.h"
#include "certune/family.h"
#include "certune/report.h"
#include "plot_internal.h"

/* The hyperparameter's symbol as SVG text. */
const char *_ct_plot_family_symbol(ct_family_t family)
{
    return ct_family_row(family)->symbol_svg;
}

/* 1 when some breakpoint gets a circle: its loss differs from a side (from
   both, when the breakpoints are ticks on the axis). */
static int plot_loss_has_circles(const ct_analysis_t A, int many)
{
    for (slong b = 0; b < A->nbp; b++) {
        int dl = !fmpq_equal(A->point_loss + b, A->piece_loss + b);
        int dr = !fmpq_equal(A->point_loss + b, A->piece_loss + b + 1);
        if (many ? dl && dr : dl || dr)
            return 1;
    }
    return 0;
}

/* 1 when an open circle ends a piece at an end of a bounded domain. */
static int plot_loss_has_end_circles(const ct_analysis_t A)
{
    if (!_ct_plot_loss_bounded(A))
        return 0;
    return !A->closed || !fmpq_equal(A->end_loss + 0, A->piece_loss + 0) ||
           !fmpq_equal(A->end_loss + 1, A->piece_loss + A->nbp);
}

/* The legend, listing only what the plot shows. */
void _ct_plot_loss_legend(FILE *out, const ct_analysis_t A, const ct_plot_frame_struct *f)
{
    ct_plot_key_struct k[8];
    char buf[32], text[CT_PLOT_LABEL_LEN];
    int n = 0, circles = plot_loss_has_circles(A, f->many);
    /* only points attain the minimum: its key is a dot (bounded domains; lambda's
       legend is kept as it was) */
    int mindot = _ct_plot_loss_bounded(A) && A->nmin_pieces == 0;

    if (A->nmin_pieces <= A->nbp)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_LINE, CT_PLOT_COL_STEP, 2.2,
                        "loss on an open piece");
    ct_plot_fmpq_label(buf, sizeof(buf), A->min_loss);
    if (strchr(buf, '/') != NULL) /* the fraction's value too: 191/800 = 0.2388 */
        snprintf(text, sizeof(text), "minimum loss %s = %.4g", buf,
                 fmpq_get_d(A->min_loss));
    else
        snprintf(text, sizeof(text), "minimum loss %s", buf);
    ct_plot_key_set(k + n++, mindot ? CT_PLOT_KEY_DOT : CT_PLOT_KEY_LINE, CT_PLOT_COL_MIN,
                    mindot ? 1 : 4, text);
    if (f->many)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_TICK, CT_PLOT_COL_BPTICK, 0.8,
                        "breakpoint (tick on the axis)");
    else if (A->nbp > 0)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOTTED, CT_PLOT_COL_BP, 1, "breakpoint");
    if (circles)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOT, CT_PLOT_COL_STEP, 1,
                        "loss at a breakpoint");
    if (_ct_plot_loss_bounded(A) && A->closed)
        ct_plot_key_set(k + n++, CT_PLOT_KEY_DOT, CT_PLOT_COL_STEP, 1, "loss at an end");
    if ((circles && !f->many) || plot_loss_has_end_circles(A))
        ct_plot_key_set(k + n++, CT_PLOT_KEY_OPEN, CT_PLOT_COL_STEP, 1,
                        "excluded endpoint");
    ct_plot_fmpq_label(buf, sizeof(buf), A->representative);
    snprintf(text, sizeof(text), "representative %s = %s",
             _ct_plot_family_symbol(A->family), buf);
    ct_plot_key_set(k + n++, CT_PLOT_KEY_TICK, CT_PLOT_COL_TEXT, 2, text);
    ct_plot_write_legend(out, f->x.p1 + 22, f->y.p1, k, n);
}

/* The family as the subtitle names it: "lambda", or with a bounded domain
   "delta on [0, 1] (c = 99/100)" (the constant as a fraction when it is short). */
static void plot_loss_family_text(char *buf, size_t len, const ct_analysis_t A)
{
    char c[40] = "";

    if (!_ct_plot_loss_bounded(A)) {
        snprintf(buf, len, "%s", ct_family_name(A->family));
        return;
    }
    if (ct_family_row(A->family)->has_c) {
        char *s = fmpq_get_str(NULL, 10, A->c);
        if (strlen(s) <= 25)
            snprintf(c, sizeof(c), " (c = %s)", s);
        else
            snprintf(c, sizeof(c), " (c = %.10g)", fmpq_get_d(A->c));
        flint_free(s);
    }
    const ct_family_struct *row = ct_family_row(A->family);
    snprintf(buf, len, "%s on %s%s, %s%s%s", row->name, A->closed ? "[" : "(",
             row->lo_text, row->hi_text, A->closed ? "]" : ")", c);
}

void _ct_plot_loss_titles(FILE *out, const ct_analysis_t A, const ct_plot_frame_struct *f)
{
    char title[160], sub[256], fam[96];

    plot_loss_family_text(fam, sizeof(fam), A);
    snprintf(title, sizeof(title), "Empirical loss of label propagation vs %s",
             _ct_plot_family_symbol(A->family));
    snprintf(sub, sizeof(sub),
             "family %s, %ld instance%s, %ld scored node%s, %ld breakpoint%s, "
             "%ld loss piece%s",
             fam, (long)A->ninst, A->ninst == 1 ? "" : "s", (long)A->nscored,
             A->nscored == 1 ? "" : "s", (long)A->nbp, A->nbp == 1 ? "" : "s",
             (long)A->loss_pieces, A->loss_pieces == 1 ? "" : "s");
    ct_plot_write_title(out, f, title, 0, sub);
    ct_plot_write_axes(out, f, _ct_plot_family_symbol(A->family), "empirical loss", 0);
}
