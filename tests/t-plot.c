/* Tests of plot: the SVG of the loss plot (the gadget union and the three
   random instances) and of the counts plot is well formed, and it draws one step
   per piece, one marker per breakpoint and the highlight exactly on the
   minimizing pieces. Run from the repository root. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/analyze.h"
#include "certune/plot.h"

static slong tplot_count(const char *s, const char *pat)
{
    slong n = 0;
    size_t len = strlen(pat);

    for (const char *p = strstr(s, pat); p; p = strstr(p + len, pat))
        n++;
    return n;
}

/* Every <name ...> of an element we emit empty is closed by "/>". */
static int tplot_empty_closed(const char *s, const char *open)
{
    for (const char *p = strstr(s, open); p; p = strstr(p + 1, open)) {
        const char *e = strchr(p + 1, '>'), *lt = strchr(p + 1, '<');
        if (e == NULL || e[-1] != '/' || (lt && lt < e))
            return 0;
    }
    return 1;
}

/* Every '&' starts one of the entities we emit. */
static int tplot_entities_ok(const char *s)
{
    static const char *ent[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#"};

    for (const char *p = strchr(s, '&'); p; p = strchr(p + 1, '&')) {
        int ok = 0;
        for (int k = 0; k < 5; k++)
            ok |= strncmp(p, ent[k], strlen(ent[k])) == 0;
        if (!ok)
            return 0;
    }
    return 1;
}

static void tplot_check_wellformed(const char *s)
{
    size_t len = strlen(s);

    CHECK(strncmp(s, "<svg ", 5) == 0);
    CHECK(len >= 7 && strcmp(s + len - 7, "</svg>\n") == 0);
    CHECK(tplot_count(s, "<svg") == 1 && tplot_count(s, "</svg>") == 1);
    CHECK(tplot_count(s, "<text") == tplot_count(s, "</text>"));
    CHECK(tplot_count(s, "<tspan") == tplot_count(s, "</tspan>"));
    CHECK(tplot_count(s, "<g ") + tplot_count(s, "<g>") == tplot_count(s, "</g>"));
    CHECK(tplot_empty_closed(s, "<line"));
    CHECK(tplot_empty_closed(s, "<circle"));
    CHECK(tplot_empty_closed(s, "<polyline"));
    CHECK(tplot_empty_closed(s, "<rect"));
    CHECK(tplot_empty_closed(s, "<path"));
    CHECK(tplot_entities_ok(s));
    CHECK(strstr(s, "nan") == NULL && strstr(s, "inf") == NULL);
}

/* Copies the value of attribute attr (e.g. "stroke=\"") of the element at p. */
static void tplot_attr(char *buf, size_t len, const char *p, const char *attr)
{
    const char *end = strstr(p, "/>"), *a = strstr(p, attr);

    buf[0] = '\0';
    if (a == NULL || end == NULL || a > end)
        return;
    a += strlen(attr);
    size_t n = strcspn(a, "\"");
    if (n < len) {
        memcpy(buf, a, n);
        buf[n] = '\0';
    }
}

static int tplot_is_min_piece(const analysis_t A, slong i)
{
    for (slong k = 0; k < A->nmin_pieces; k++)
        if (A->min_pieces[k] == i)
            return 1;
    return 0;
}

/* One step per piece, in order; the minimizing ones (and only they) carry the
   class "min" and a stroke colour no other step has. */
static void tplot_check_steps(const char *s, const analysis_t A)
{
    char mincol[64] = "", col[64];
    slong i = 0;

    CHECK(tplot_count(s, "class=\"step") == A->nbp + 1);
    for (const char *p = strstr(s, "<line class=\"step"); p;
         p = strstr(p + 1, "<line class=\"step"), i++) {
        int mn = strncmp(p, "<line class=\"step min\"", 22) == 0;
        char id[32];
        snprintf(id, sizeof(id), "id=\"piece-%ld\"", (long)i);
        CHECK(strstr(p, id) != NULL && strstr(p, id) < strstr(p, "/>"));
        CHECK(mn == tplot_is_min_piece(A, i));
        tplot_attr(col, sizeof(col), p, "stroke=\"");
        if (mn && mincol[0] == '\0')
            strcpy(mincol, col);
        CHECK(col[0] != '\0' && (strcmp(col, mincol) == 0) == mn);
    }
    CHECK(i == A->nbp + 1);
    CHECK(tplot_count(s, "class=\"step min\"") == A->nmin_pieces);
    CHECK(tplot_count(s, "class=\"arrow\"") == 2);
}

/* Loads the files, analyses them together and plots; returns the SVG. */
static char *tplot_loss(analysis_t A, const char **paths, slong m)
{
    instance_struct insts[8];
    char err[256], *buf = NULL;
    size_t len = 0;
    FILE *out;

    for (slong t = 0; t < m; t++)
        CHECK_MSG(instance_load(insts + t, paths[t], err, sizeof(err)) == 0, "%s", err);
    CHECK(analysis_run(A, FAMILY_LAMBDA, insts, m, 0, NULL, err, sizeof(err)) == 0);
    for (slong t = 0; t < m; t++)
        instance_clear(insts + t);
    out = open_memstream(&buf, &len);
    CHECK(plot_loss_svg(out, A) == 0);
    CHECK(fclose(out) == 0);
    CHECK(buf != NULL && strlen(buf) == len);
    return buf;
}

static void tplot_check_gadget(void)
{
    const char *paths[] = {"instances/lambda-gadget-oscillating.gssl"};
    analysis_t A;
    char *s = tplot_loss(A, paths, 1);

    tplot_check_wellformed(s);
    CHECK(A->nbp == 5 && A->nmin_pieces == 3);
    tplot_check_steps(s, A);
    CHECK(tplot_count(s, "class=\"bp\"") == 5);
    /* each breakpoint is a jump whose point loss is one side's: one open circle
       for the other side, one filled circle at the point */
    CHECK(tplot_count(s, "class=\"open\"") == 5);
    CHECK(tplot_count(s, "class=\"point\"") == 5);
    CHECK(tplot_count(s, "class=\"rep\"") == 1);
    CHECK(strstr(s, "&#955; = 4/3</text>") != NULL);
    CHECK(strstr(s, "minimum loss 2/5") != NULL);
    CHECK(strstr(s, "Empirical loss") != NULL);
    analysis_clear(A);
    free(s);
}

static void tplot_check_random(void)
{
    const char *paths[] = {"instances/random-1.gssl", "instances/random-2.gssl",
                           "instances/random-3.gssl"};
    analysis_t A;
    char *s = tplot_loss(A, paths, 3);

    tplot_check_wellformed(s);
    tplot_check_steps(s, A);
    CHECK(tplot_count(s, "class=\"bp\"") == A->nbp);
    CHECK(tplot_count(s, "class=\"rep\"") == 1);
    CHECK(strstr(s, "3 instances") != NULL);
    analysis_clear(A);
    free(s);
}

/* A full device: the write error is reported. */
static void tplot_check_write_error(void)
{
    const char *paths[] = {"instances/lambda-gadget-oscillating.gssl"};
    analysis_t A;
    char *s = tplot_loss(A, paths, 1);
    FILE *full = fopen("/dev/full", "w");

    if (full != NULL) {
        setvbuf(full, NULL, _IONBF, 0);
        CHECK(plot_loss_svg(full, A) == -1);
        CHECK(plot_counts_svg(full, "t", 0, NULL, NULL, NULL, "x", "y") == -1);
        fclose(full);
    }
    analysis_clear(A);
    free(s);
}

static char *tplot_counts(slong n, const double *x, const double *y, const double *b,
                          const char *title)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);

    CHECK(plot_counts_svg(out, title, n, x, y, b, "n", "max breakpoints") == 0);
    CHECK(fclose(out) == 0);
    return buf;
}

static void tplot_check_counts(void)
{
    double x[] = {64, 8, 16, 8, 32, 128, 16, 64, NAN};
    double y[] = {40, 3, 9, 7, 20, 90, 15, 63, 5};
    double b[] = {63, 7, 15, 7, 31, 127, 15, 63, 0};
    char *s = tplot_counts(9, x, y, b, "breakpoints <per node> & n");

    tplot_check_wellformed(s);
    CHECK(tplot_count(s, "class=\"obs\"") == 8); /* the NaN point is skipped */
    CHECK(tplot_count(s, "class=\"bound\"") == 1);
    CHECK(strstr(s, "breakpoints &lt;per node&gt; &amp; n") != NULL);
    CHECK(strstr(s, ">observed</text>") && strstr(s, ">bound</text>"));
    CHECK(strstr(s, "(log scale)") != NULL);
    /* the bound's 8 vertices go left to right */
    const char *p = strstr(strstr(s, "class=\"bound\""), "points=\"") + 8;
    double last = -1, px, py;
    int k = 0, nread;
    while (sscanf(p, "%lf,%lf%n", &px, &py, &nread) == 2) {
        CHECK(px >= last);
        last = px;
        p += nread;
        k++;
    }
    CHECK(k == 8);
    free(s);

    s = tplot_counts(3, x + 1, y + 1, NULL, "no bound");
    tplot_check_wellformed(s);
    CHECK(tplot_count(s, "class=\"obs\"") == 3);
    CHECK(strstr(s, "class=\"bound\"") == NULL && strstr(s, ">bound</text>") == NULL);
    CHECK(strstr(s, "(log scale)") == NULL); /* 8..16: a linear axis */
    free(s);

    s = tplot_counts(0, NULL, NULL, NULL, "empty");
    tplot_check_wellformed(s);
    free(s);
}

int main(void)
{
    tplot_check_gadget();
    tplot_check_random();
    tplot_check_write_error();
    tplot_check_counts();
    flint_cleanup();
    return check_finish("t-plot");
}
