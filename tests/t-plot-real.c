/* t-plot-real: the loss plot of a real-sized set, 300 instances of 30 nodes
   sampled from the 300-node fixture graph tests/data/sbm-csv, as SVG (its
   structure: one axis tick per breakpoint, no dotted lines or open circles
   beyond 40 breakpoints, labels that do not overlap, the y axis fitted to the
   losses, the minimum banded) and as PNG through rsvg-convert (Debian
   librsvg2-bin, from scripts/install-deps.sh). Run from the repository root.
   Exits 77 (skipped) only when rsvg-convert is missing and all else passed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/dataset.h"
#include "certune/family.h"
#include "certune/plot.h"
#include "certune/sample.h"
#include "check.h"

#define NINST 300

static slong count(const char *s, const char *pat)
{
    slong n = 0;

    for (const char *p = strstr(s, pat); p != NULL; p = strstr(p + 1, pat))
        n++;
    return n;
}

/* 300 instances of 30 nodes, a fifth labeled, from a fixed seed. */
static int sample_set(ct_instance_struct *insts)
{
    ct_dataset_t D;
    flint_rand_t st;
    char err[512];
    int ok = 1;

    if (ct_dataset_load(D, "tests/data/sbm-csv", err, sizeof err) != 0) {
        CHECK_MSG(0, "%s", err);
        return 0;
    }
    flint_randinit(st);
    for (int t = 0; t < NINST && ok; t++)
        ok = ct_sample_instance(insts + t, D, 30, 0.2, st, "sbm") == 0;
    CHECK(ok);
    flint_randclear(st);
    ct_dataset_clear(D);
    return ok;
}

/* The smallest and largest loss of A over pieces and points. */
static void loss_extent(double *lo, double *hi, const ct_analysis_t A)
{
    *lo = 1, *hi = 0;
    for (slong i = 0; i <= A->nbp; i++) {
        double v = fmpq_get_d(A->piece_loss + i);
        *lo = fmin(*lo, v), *hi = fmax(*hi, v);
    }
    for (slong b = 0; b < A->nbp; b++) {
        double v = fmpq_get_d(A->point_loss + b);
        *lo = fmin(*lo, v), *hi = fmax(*hi, v);
    }
}

/* The y axis labels (right-aligned texts) span [ylo, yhi]. */
static void y_labels(const char *s, double *ylo, double *yhi)
{
    const char *pat = "text-anchor=\"end\">";

    *ylo = INFINITY, *yhi = -INFINITY;
    for (const char *p = strstr(s, pat); p != NULL; p = strstr(p + 1, pat)) {
        double v = atof(p + strlen(pat));
        *ylo = fmin(*ylo, v), *yhi = fmax(*yhi, v);
    }
}

/* No two breakpoint labels overlap (6.2 px per character at font-size 10). */
static int labels_disjoint(const char *s)
{
    const char *pat = "<text class=\"bplabel\" x=\"";
    double lo[512], hi[512];
    int n = 0;

    for (const char *p = strstr(s, pat); p != NULL && n < 512; p = strstr(p + 1, pat)) {
        double x = atof(p + strlen(pat));
        const char *t = strchr(strstr(p, ">b"), '<');
        double w = 6.2 * (double)(t - strstr(p, ">b") - 1);
        lo[n] = x - w / 2, hi[n++] = x + w / 2;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (lo[i] < hi[j] && lo[j] < hi[i])
                return 0;
    return n;
}

static void check_svg(const char *s, const ct_analysis_t A)
{
    double lo, hi, ylo, yhi;
    int nlab = labels_disjoint(s);

    CHECK_MSG(A->nbp > 40, "only %ld breakpoints", (long)A->nbp);
    /* one tick on the axis per breakpoint, no dotted line, no open circle */
    CHECK(count(s, "class=\"bp\"") == A->nbp);
    CHECK(count(s, "stroke-dasharray=\"2,3\"") == 0);
    CHECK(count(s, "class=\"open\"") == 0);
    CHECK_MSG(nlab >= 5 && nlab <= 60, "%d labels", nlab);
    CHECK(count(s, "class=\"bpguide\"") == nlab);
    /* y fitted: the labels bracket the losses, within twice their range (8%
       margins, then at most a nice step of about a sixth out on each side) */
    loss_extent(&lo, &hi, A);
    y_labels(s, &ylo, &yhi);
    CHECK_MSG(ylo <= lo && yhi >= hi && yhi - ylo <= 2 * (hi - lo) + 1e-9,
              "y labels %g..%g, losses %g..%g", ylo, yhi, lo, hi);
    CHECK(lo < 0.05 || ylo > 0);
    /* the minimum: bands, and the best piece's end labels in bold */
    CHECK(count(s, "class=\"minband\"") >= A->nmin_pieces && A->nmin_pieces >= 1);
    CHECK(count(s, "font-weight=\"bold\">b") >= 1);
    CHECK(count(s, "<svg") == 1 && strstr(s, "</svg>\n") != NULL);
}

/* rsvg-convert renders path.svg; the PNG is 960 x 500 and not trivial.
   Returns 0, or 77 when rsvg-convert is missing. */
static int check_png(const char *svg)
{
    char dir[] = "/tmp/t-plot-real-XXXXXX", in[64], png[64], cmd[256];
    unsigned char h[24];
    FILE *f;
    long size = 0;

    if (system("command -v rsvg-convert >/dev/null 2>&1") != 0) {
        printf("t-plot-real: rsvg-convert missing (scripts/install-deps.sh installs "
               "librsvg2-bin): PNG not checked\n");
        return 77;
    }
    if (mkdtemp(dir) == NULL)
        abort();
    snprintf(in, sizeof in, "%s/loss.svg", dir);
    snprintf(png, sizeof png, "%s/loss.png", dir);
    f = fopen(in, "w");
    fputs(svg, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "rsvg-convert -o %s %s", png, in);
    CHECK(system(cmd) == 0);
    f = fopen(png, "rb");
    CHECK(f != NULL && fread(h, 1, 24, f) == 24);
    if (f != NULL) {
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fclose(f);
    }
    CHECK(memcmp(h, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp(h + 12, "IHDR", 4) == 0);
    CHECK(((long)h[16] << 24 | h[17] << 16 | h[18] << 8 | h[19]) == 960);
    CHECK(((long)h[20] << 24 | h[21] << 16 | h[22] << 8 | h[23]) == 500);
    CHECK_MSG(size > 20000, "PNG of %ld bytes", size);
    unlink(in), unlink(png), rmdir(dir);
    return 0;
}

/* Plots the analysis of family f on the x scale xs and checks it. */
static int check_family(const ct_instance_struct *insts, ct_family_t fam, int xs)
{
    ct_analysis_t A;
    char err[512], *buf = NULL;
    size_t len = 0;
    FILE *out;
    int rc;

    if (ct_family_analyze(A, fam, NULL, insts, NINST, 0, NULL, err, sizeof err) != 0) {
        CHECK_MSG(0, "%s", err);
        return 0;
    }
    out = open_memstream(&buf, &len);
    CHECK(ct_plot_loss_svg_x(out, A, xs) == 0);
    CHECK(fclose(out) == 0);
    check_svg(buf, A);
    if (xs == CT_PLOT_X_LOGIT)
        CHECK(strstr(buf, "(logit scale)") != NULL);
    rc = check_png(buf);
    free(buf);
    ct_analysis_clear(A);
    return rc;
}

int main(void)
{
    ct_instance_struct *insts = calloc(NINST, sizeof(ct_instance_struct));
    int rc = 0;

    if (sample_set(insts)) {
        rc = check_family(insts, CT_FAMILY_LAMBDA, CT_PLOT_X_DEFAULT);
        rc |= check_family(insts, CT_FAMILY_DELTA, CT_PLOT_X_LOGIT);
    }
    for (int t = 0; t < NINST; t++)
        if (insts[t].n > 0)
            ct_instance_clear(insts + t);
    free(insts);
    flint_cleanup();
    rc = check_finish("t-plot-real") ? 1 : rc;
    return rc;
}
