/* x-plotcounts: a count scatter (ct_plot_counts_svg) from text, for the
   experiment (scripts/experiment.sh).
   Usage: x-plotcounts TITLE XLABEL YLABEL OUT.svg < DATA
   DATA has one point per line, "x y" or "x y bound" (numbers); the bound line
   is drawn only when every line has a third number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/plot.h"

int main(int argc, char **argv)
{
    char line[512];
    double *x = NULL, *y = NULL, *b = NULL, xv, yv, bv;
    slong n = 0, cap = 0, nbound = 0;
    int rc = 0, got;
    FILE *f;

    if (argc != 5) {
        fprintf(stderr, "usage: x-plotcounts TITLE XLABEL YLABEL OUT.svg < DATA\n");
        return 1;
    }
    while (fgets(line, sizeof(line), stdin) != NULL) {
        got = sscanf(line, "%lf %lf %lf", &xv, &yv, &bv);
        if (got < 2) {
            if (strspn(line, " \t\r\n") == strlen(line))
                continue;
            fprintf(stderr, "x-plotcounts: bad line: %s", line);
            rc = 1;
            break;
        }
        if (n == cap) {
            cap = 2 * cap + 16;
            x = flint_realloc(x, cap * sizeof(double));
            y = flint_realloc(y, cap * sizeof(double));
            b = flint_realloc(b, cap * sizeof(double));
        }
        x[n] = xv;
        y[n] = yv;
        b[n] = got == 3 ? bv : 0.0;
        nbound += got == 3;
        n++;
    }
    if (rc == 0) {
        f = fopen(argv[4], "w");
        rc = f == NULL ||
             ct_plot_counts_svg(f, argv[1], n, x, y, nbound == n && n > 0 ? b : NULL,
                                argv[2], argv[3]) != 0;
        if (f != NULL && fclose(f) != 0)
            rc = 1;
        if (rc)
            fprintf(stderr, "x-plotcounts: cannot write %s\n", argv[4]);
    }
    flint_free(x);
    flint_free(y);
    flint_free(b);
    flint_cleanup();
    return rc;
}
