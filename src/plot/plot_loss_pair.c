/* plot_loss_pair: two loss plots stacked in one SVG, each under a caption
   (`tune --plot`: the training profile the choice is made on, and the test
   profile it is judged on). Each panel is a complete loss plot nested as an
   <svg> element, so the two stay exactly what ct_plot_loss_svg_x draws. */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/plot.h"
#include "plot_internal.h"

#define PAIR_W 960
#define PAIR_PANEL_H 500
#define PAIR_CAPTION_H 24

/* Panel k: its caption, then the plot of A below it. */
static int pair_panel(FILE *out, const ct_analysis_t A, const char *caption, int xscale,
                      int k)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m == NULL)
        return -1;
    int rc = ct_plot_loss_svg_x(m, A, xscale);
    rc |= fclose(m) != 0;
    double top = k * (PAIR_PANEL_H + PAIR_CAPTION_H);
    fprintf(out,
            "<text class=\"caption\" x=\"12\" y=\"%.0f\" font-size=\"14\" "
            "font-weight=\"bold\">",
            top + 17);
    ct_plot_write_plain(out, caption);
    fprintf(
        out,
        "</text>\n<g class=\"panel\" id=\"panel-%d\" transform=\"translate(0 %.0f)\">\n",
        k, top + PAIR_CAPTION_H);
    if (rc == 0)
        fwrite(buf, 1, len, out);
    fprintf(out, "</g><!-- panel-%d -->\n", k);
    free(buf);
    return rc ? -1 : 0;
}

int ct_plot_loss_pair_svg(FILE *out, const ct_analysis_t top, const char *top_caption,
                          const ct_analysis_t bottom, const char *bottom_caption,
                          int xscale)
{
    ct_plot_write_header(out, PAIR_W, 2 * (PAIR_PANEL_H + PAIR_CAPTION_H));
    int rc = pair_panel(out, top, top_caption, xscale, 0);
    rc |= pair_panel(out, bottom, bottom_caption, xscale, 1);
    return ct_plot_finish(out) || rc ? -1 : 0;
}
