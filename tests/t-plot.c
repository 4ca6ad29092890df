/* Tests of plot: the SVG of the loss plot (the gadget union and the three
   random instances) and of the counts plot is well formed, and it draws one step
   per piece, one marker per breakpoint and the highlight exactly on the
   minimizing pieces. Hand-built results on the bounded domain [0, 1] (and (0, 1))
   check the linear axis, the pieces ending at the frame's edges without arrows,
   the end losses and the highlight of an end attaining the minimum. Run from the
   repository root. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/analysis.h"
#include "certune/plot.h"
#include "certune/family.h"

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

static int tplot_is_min_piece(const ct_analysis_t A, slong i)
{
    for (slong k = 0; k < A->nmin_pieces; k++)
        if (A->min_pieces[k] == i)
            return 1;
    return 0;
}

/* One step per piece, in order; the minimizing ones (and only they) carry the
   class "min" and a stroke colour no other step has; `arrows` arrowheads. */
static void tplot_check_steps(const char *s, const ct_analysis_t A, slong arrows)
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
    CHECK(tplot_count(s, "class=\"arrow\"") == arrows);
}

/* Loads the files, analyses them together and plots; returns the SVG. */
static char *tplot_loss(ct_analysis_t A, const char **paths, slong m)
{
    ct_instance_struct insts[8];
    char err[256], *buf = NULL;
    size_t len = 0;
    FILE *out;

    for (slong t = 0; t < m; t++)
        CHECK_MSG(ct_instance_load(insts + t, paths[t], err, sizeof(err)) == 0, "%s",
                  err);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, insts, m, 0, NULL, err,
                            sizeof(err)) == 0);
    for (slong t = 0; t < m; t++)
        ct_instance_clear(insts + t);
    out = open_memstream(&buf, &len);
    CHECK(ct_plot_loss_svg(out, A) == 0);
    CHECK(fclose(out) == 0);
    CHECK(buf != NULL && strlen(buf) == len);
    return buf;
}

static void tplot_check_gadget(void)
{
    const char *paths[] = {"instances/lambda-gadget-oscillating.gssl"};
    ct_analysis_t A;
    char *s = tplot_loss(A, paths, 1);

    tplot_check_wellformed(s);
    CHECK(A->nbp == 5 && A->nmin_pieces == 3);
    tplot_check_steps(s, A, 2);
    CHECK(tplot_count(s, "class=\"bp\"") == 5);
    /* each breakpoint is a jump whose point loss is one side's: one open circle
       for the other side, one filled circle at the point */
    CHECK(tplot_count(s, "class=\"open\"") == 5);
    CHECK(tplot_count(s, "class=\"point\"") == 5);
    CHECK(tplot_count(s, "class=\"rep\"") == 1);
    CHECK(strstr(s, "&#955; = 4/3</text>") != NULL);
    CHECK(strstr(s, "minimum loss 2/5 = 0.4</text>") != NULL);
    /* y fitted to the losses 2/5 and 3/5: margin 0.016, step 0.05 (about six
       ticks over 0.232), so 0.35 .. 0.65, not from 0 */
    CHECK(strstr(s, "text-anchor=\"end\">0.35</text>") != NULL);
    CHECK(strstr(s, "text-anchor=\"end\">0.65</text>") != NULL);
    CHECK(strstr(s, "text-anchor=\"end\">0.00</text>") == NULL);
    CHECK(strstr(s, "text-anchor=\"end\">0.70</text>") == NULL);
    /* five breakpoints: dotted lines, no ticks on the axis; three bands for the
       three minimizing pieces */
    CHECK(tplot_count(s, "stroke-dasharray=\"2,3\"") == 5 + 1); /* + the legend's */
    CHECK(tplot_count(s, "class=\"minband\"") == 3);
    CHECK(strstr(s, "Empirical loss") != NULL);
    ct_analysis_clear(A);
    free(s);
}

static void tplot_check_random(void)
{
    const char *paths[] = {"instances/random-1.gssl", "instances/random-2.gssl",
                           "instances/random-3.gssl"};
    ct_analysis_t A;
    char *s = tplot_loss(A, paths, 3);

    tplot_check_wellformed(s);
    tplot_check_steps(s, A, 2);
    CHECK(tplot_count(s, "class=\"bp\"") == A->nbp);
    CHECK(tplot_count(s, "class=\"rep\"") == 1);
    CHECK(strstr(s, "3 instances") != NULL);
    ct_analysis_clear(A);
    free(s);
}

/* A full device: the write error is reported. */
static void tplot_check_write_error(void)
{
    const char *paths[] = {"instances/lambda-gadget-oscillating.gssl"};
    ct_analysis_t A;
    char *s = tplot_loss(A, paths, 1);
    FILE *full = fopen("/dev/full", "w");

    if (full != NULL) {
        setvbuf(full, NULL, _IONBF, 0);
        CHECK(ct_plot_loss_svg(full, A) == -1);
        CHECK(ct_plot_counts_svg(full, "t", 0, NULL, NULL, NULL, "x", "y") == -1);
        fclose(full);
    }
    ct_analysis_clear(A);
    free(s);
}

/* ------------------------------------------------- bounded domain [0, 1] */

/* An empty result, as the analyzer starts one (ct_analysis_clear frees it). */
static void tplot_bounded_init(ct_analysis_t A, int closed, slong nbp)
{
    slong nb = FLINT_MAX(nbp, 1);

    memset(A, 0, sizeof(ct_analysis_struct));
    fmpq_init(A->min_loss);
    fmpq_init(A->representative);
    fmpq_init(A->c);
    fmpq_init(A->end_loss + 0);
    fmpq_init(A->end_loss + 1);
    A->family = CT_FAMILY_DELTA;
    fmpq_set_si(A->c, 99, 100);
    A->closed = closed;
    A->ninst = 1;
    A->nscored = 3;
    A->nbp = nbp;
    A->bp = flint_malloc(nb * sizeof(ct_bpoint_struct));
    A->changes = flint_malloc(nb * sizeof(slong));
    A->jump = flint_malloc(nb * sizeof(int));
    A->piece_loss = _fmpq_vec_init(nbp + 1);
    A->point_loss = _fmpq_vec_init(nb);
    A->approx = flint_calloc(nb, sizeof(char *));
    A->lo_str = flint_calloc(nb, sizeof(char *));
    A->hi_str = flint_calloc(nb, sizeof(char *));
    A->exact = flint_calloc(nb, sizeof(char *));
    A->min_pieces = flint_malloc((nbp + 1) * sizeof(slong));
    A->min_points = flint_malloc(nb * sizeof(slong));
}

/* Breakpoint b: the root of a2 x^2 + a1 x + a0 in [lo, hi] (lo == hi: exact). */
static void tplot_bounded_bp(ct_analysis_t A, slong b, slong a2, slong a1, slong a0,
                             const char *lo, const char *hi, int sign_lo,
                             const char *approx)
{
    ct_rroot_struct *r = &A->bp[b].alg;

    ct_bpoint_init(A->bp + b);
    fmpz_poly_set_coeff_si(r->poly, 2, a2);
    fmpz_poly_set_coeff_si(r->poly, 1, a1);
    fmpz_poly_set_coeff_si(r->poly, 0, a0);
    CHECK(fmpq_set_str(r->lo, lo, 10) == 0 && fmpq_set_str(r->hi, hi, 10) == 0);
    r->sign_lo = sign_lo;
    A->changes[b] = 1;
    A->jump[b] = 1;
    A->approx[b] = strdup(approx);
    A->lo_str[b] = strdup(lo);
    A->hi_str[b] = strdup(hi);
    A->exact[b] = ct_rroot_poly_get_str(r->poly);
}

/* Sets the losses ("a/b" strings: nbp + 1 pieces, nbp points, 2 ends) and the
   minimum, its places and the representative as the analyzer does. */
static void tplot_bounded_losses(ct_analysis_t A, const char **piece, const char **point,
                                 const char **end, const char *rep)
{
    for (slong i = 0; i <= A->nbp; i++)
        CHECK(fmpq_set_str(A->piece_loss + i, piece[i], 10) == 0);
    for (slong b = 0; b < A->nbp; b++)
        CHECK(fmpq_set_str(A->point_loss + b, point[b], 10) == 0);
    for (int e = 0; A->closed && e < 2; e++)
        CHECK(fmpq_set_str(A->end_loss + e, end[e], 10) == 0);
    A->best_piece = 0;
    for (slong i = 1; i <= A->nbp; i++)
        if (fmpq_cmp(A->piece_loss + i, A->piece_loss + A->best_piece) < 0)
            A->best_piece = i;
    fmpq_set(A->min_loss, A->piece_loss + A->best_piece);
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_cmp(A->point_loss + b, A->min_loss) < 0)
            fmpq_set(A->min_loss, A->point_loss + b);
    for (int e = 0; A->closed && e < 2; e++)
        if (fmpq_cmp(A->end_loss + e, A->min_loss) < 0)
            fmpq_set(A->min_loss, A->end_loss + e);
    for (slong i = 0; i <= A->nbp; i++)
        if (fmpq_equal(A->piece_loss + i, A->min_loss))
            A->min_pieces[A->nmin_pieces++] = i;
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_equal(A->point_loss + b, A->min_loss))
            A->min_points[A->nmin_points++] = b;
    for (int e = 0; A->closed && e < 2; e++)
        if (fmpq_equal(A->end_loss + e, A->min_loss))
            A->min_ends |= 1 << e;
    /* runs of equal loss along [end 0,] piece 0, point 0, ..., piece nbp[, end 1] */
    const fmpq *prev = A->closed ? A->end_loss + 0 : A->piece_loss + 0;
    A->loss_pieces = 1;
    for (slong i = 0; i <= A->nbp; i++) {
        A->loss_pieces += !fmpq_equal(A->piece_loss + i, prev);
        prev = A->piece_loss + i;
        if (i < A->nbp) {
            A->loss_pieces += !fmpq_equal(A->point_loss + i, prev);
            prev = A->point_loss + i;
        }
    }
    if (A->closed)
        A->loss_pieces += !fmpq_equal(A->end_loss + 1, prev);
    CHECK(fmpq_set_str(A->representative, rep, 10) == 0);
}

static char *tplot_svg(const ct_analysis_t A)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);

    CHECK(ct_plot_loss_svg(out, A) == 0);
    CHECK(fclose(out) == 0);
    CHECK(buf != NULL && strlen(buf) == len);
    return buf;
}

/* The frame: left, top, bottom, right pixel (from the axes path). */
static void tplot_frame(const char *s, double *x0, double *y1, double *y0, double *x1)
{
    const char *pat = "class=\"axes\" d=\"M ", *p = strstr(s, pat);

    CHECK(p != NULL);
    CHECK(p && sscanf(p + strlen(pat), "%lf %lf V %lf H %lf", x0, y1, y0, x1) == 4);
}

/* The numeric attribute attr of the element whose id (or class) is at key. */
static double tplot_num(const char *s, const char *key, const char *attr)
{
    char buf[64];
    const char *p = strstr(s, key);

    CHECK_MSG(p != NULL, "%s", key);
    if (p == NULL)
        return NAN;
    tplot_attr(buf, sizeof(buf), p, attr);
    CHECK_MSG(buf[0] != '\0', "%s %s", key, attr);
    return atof(buf);
}

static int tplot_near(double a, double b)
{
    return fabs(a - b) <= 0.11;
}

/* The circle of class cls at (x, y). */
static int tplot_has_circle(const char *s, const char *cls, double x, double y)
{
    char pat[64];

    snprintf(pat, sizeof(pat), "<circle class=\"%s\" ", cls);
    for (const char *p = strstr(s, pat); p; p = strstr(p + 1, pat)) {
        char bx[32], by[32];
        tplot_attr(bx, sizeof(bx), p, "cx=\"");
        tplot_attr(by, sizeof(by), p, "cy=\"");
        if (tplot_near(atof(bx), x) && tplot_near(atof(by), y))
            return 1;
    }
    return 0;
}

/* Delta on [0, 1] with breakpoints 1/4 and sqrt(2)/2; the loss 0 is attained
   only at delta = 0, whose loss differs from the first piece's. */
static void tplot_check_closed_left_min(void)
{
    const char *piece[] = {"1/3", "2/3", "1/3"}, *point[] = {"1/3", "2/3"};
    const char *end[] = {"0", "1/3"};
    double x0, x1, ytop, ybot, y;
    char col0[32], col1[32], colp[32];
    ct_analysis_t A;
    char *s;

    tplot_bounded_init(A, 1, 2);
    tplot_bounded_bp(A, 0, 0, 4, -1, "1/4", "1/4", 0, "0.25");
    tplot_bounded_bp(A, 1, 2, 0, -1, "7/10", "3/4", -1, "0.70710678118654752440");
    tplot_bounded_losses(A, piece, point, end, "0");
    CHECK(A->min_ends == 1 && A->nmin_pieces == 0 && A->nmin_points == 0);
    s = tplot_svg(A);

    tplot_check_wellformed(s);
    tplot_check_steps(s, A, 0); /* no arrows */
    tplot_frame(s, &x0, &ytop, &ybot, &x1);
    CHECK(x1 > x0 + 100);
    /* pieces: [0, 1/4], [1/4, 0.7071], [0.7071, 1] on a linear axis whose 0 and
       1 are the frame's left and right */
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x1=\""), x0));
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x2=\""), x0 + 0.25 * (x1 - x0)));
    CHECK(tplot_near(tplot_num(s, "id=\"piece-1\"", "x1=\""), x0 + 0.25 * (x1 - x0)));
    CHECK(fabs(tplot_num(s, "id=\"piece-1\"", "x2=\"") - (x0 + 0.70710678 * (x1 - x0))) <=
          0.06);
    CHECK(tplot_near(tplot_num(s, "id=\"piece-2\"", "x2=\""), x1));
    CHECK(tplot_count(s, "class=\"bp\"") == 2);
    CHECK(strstr(s, "(log scale)") == NULL);
    CHECK(strstr(s, ">0</text>") && strstr(s, ">0.2</text>") &&
          strstr(s, ">0.8</text>") && strstr(s, ">1</text>"));
    /* the end dots at their losses: 0 at delta = 0 (on the x axis), 1/3 at 1 */
    y = tplot_num(s, "id=\"piece-2\"", "y1=\"");
    CHECK(tplot_count(s, "<circle class=\"end") == 2);
    CHECK(strstr(s, "<circle class=\"end min\" id=\"end-0\"") != NULL);
    CHECK(strstr(s, "<circle class=\"end\" id=\"end-1\"") != NULL);
    CHECK(tplot_near(tplot_num(s, "id=\"end-0\"", "cx=\""), x0));
    CHECK(tplot_near(tplot_num(s, "id=\"end-0\"", "cy=\""), ybot));
    CHECK(tplot_near(tplot_num(s, "id=\"end-1\"", "cx=\""), x1));
    CHECK(tplot_near(tplot_num(s, "id=\"end-1\"", "cy=\""), y));
    /* the end attaining the minimum has the highlight colour, the other the
       colour of the (non-minimal) pieces */
    tplot_attr(col0, sizeof(col0), strstr(s, "id=\"end-0\""), "fill=\"");
    tplot_attr(col1, sizeof(col1), strstr(s, "id=\"end-1\""), "fill=\"");
    tplot_attr(colp, sizeof(colp), strstr(s, "id=\"piece-2\""), "stroke=\"");
    CHECK(strcmp(col1, colp) == 0 && strcmp(col0, colp) != 0);
    /* open circles: piece 0 at delta = 0 (its loss is not the end's), and the
       side of each breakpoint that differs from the point; none at delta = 1 */
    CHECK(tplot_count(s, "class=\"open\"") == 3);
    CHECK(tplot_has_circle(s, "open", x0, tplot_num(s, "id=\"piece-0\"", "y1=\"")));
    CHECK(!tplot_has_circle(s, "open", x1, y));
    CHECK(tplot_count(s, "class=\"point\"") == 2);
    /* the representative is the end 0 */
    CHECK(tplot_near(tplot_num(s, "class=\"rep\"", "x1=\""), x0));
    CHECK(strstr(s, "&#948; = 0</text>") != NULL);
    CHECK(strstr(s, "family delta on [0, 1] (c = 99/100), 1 instance, 3 scored nodes, "
                    "2 breakpoints, 4 loss pieces</text>") != NULL);
    CHECK(strstr(s, "vs &#948;</text>") != NULL);
    CHECK(strstr(s, ">minimum loss 0</text>") && strstr(s, ">loss at an end</text>") &&
          strstr(s, ">excluded endpoint</text>"));
    ct_analysis_clear(A);
    free(s);
}

/* The same delta result on a logit axis: the breakpoints 1/4 and 0.7071 at
   log10 odds -0.4771 and 0.3828, a margin of 0.3 on each side (a quarter of
   the span is less), so the axis runs from -0.7771 to 0.6828; the frame's
   edges stand for 0 and 1 (labelled, with break marks). */
static void tplot_check_logit(void)
{
    const char *piece[] = {"1/3", "2/3", "1/3"}, *point[] = {"1/3", "2/3"};
    const char *end[] = {"0", "1/3"};
    double x0, x1, ytop, ybot, lo = -0.7771, hi = 0.6828;
    ct_analysis_t A;
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);

    tplot_bounded_init(A, 1, 2);
    tplot_bounded_bp(A, 0, 0, 4, -1, "1/4", "1/4", 0, "0.25");
    tplot_bounded_bp(A, 1, 2, 0, -1, "7/10", "3/4", -1, "0.70710678118654752440");
    tplot_bounded_losses(A, piece, point, end, "0");
    CHECK(ct_plot_loss_svg_x(out, A, CT_PLOT_X_LOGIT) == 0);
    CHECK(fclose(out) == 0);
    tplot_check_wellformed(buf);
    tplot_frame(buf, &x0, &ytop, &ybot, &x1);
    CHECK(fabs(tplot_num(buf, "id=\"piece-0\"", "x2=\"") -
               (x0 + (-0.4771 - lo) / (hi - lo) * (x1 - x0))) < 0.3);
    CHECK(fabs(tplot_num(buf, "id=\"piece-1\"", "x2=\"") -
               (x0 + (0.3828 - lo) / (hi - lo) * (x1 - x0))) < 0.3);
    CHECK(tplot_near(tplot_num(buf, "id=\"end-0\"", "cx=\""), x0));
    CHECK(tplot_near(tplot_num(buf, "id=\"end-1\"", "cx=\""), x1));
    CHECK(strstr(buf, "(logit scale)</text>") != NULL);
    CHECK(tplot_count(buf, "class=\"axisbreak\"") == 2);
    /* odds ticks inside the range: 0.2, 0.3, 0.5, 0.7, 0.8 (log10 odds -0.60,
       -0.37, 0, 0.37, 0.60); 0.1 and 0.9 (-0.95, 0.95) are outside */
#define XLAB(v) "text-anchor=\"middle\">" v "</text>"
    CHECK(strstr(buf, XLAB("0.5")) && strstr(buf, XLAB("0.3")) &&
          strstr(buf, XLAB("0.7")) && strstr(buf, XLAB("0")) && strstr(buf, XLAB("1")));
    CHECK(strstr(buf, XLAB("0.2")) && strstr(buf, XLAB("0.8")));
    CHECK(!strstr(buf, XLAB("0.1")) && !strstr(buf, XLAB("0.9")));
#undef XLAB
    CHECK(ct_plot_x_parse("logit") == CT_PLOT_X_LOGIT &&
          ct_plot_x_parse("log") == CT_PLOT_X_LOG &&
          ct_plot_x_parse("linear") == CT_PLOT_X_LINEAR &&
          ct_plot_x_parse("cubic") == -1);
    ct_analysis_clear(A);
    free(buf);
}

/* Eight breakpoints 0.500, 0.501, ..., 0.507 on the linear [0, 1] axis are
   0.6 px apart: crowded, so they are ticks on the axis with risers, not
   dotted lines and circles, although there are fewer than 40. */
static void tplot_check_crowded(void)
{
    const char *piece[9], *point[8], *end[] = {"1/2", "1/2"};
    char lo[8][16], approx[8][16];
    ct_analysis_t A;

    tplot_bounded_init(A, 1, 8);
    for (int b = 0; b < 8; b++) {
        snprintf(lo[b], sizeof lo[b], "%d/1000", 500 + b);
        snprintf(approx[b], sizeof approx[b], "0.%03d", 500 + b);
        tplot_bounded_bp(A, b, 0, 1000, -(500 + b), lo[b], lo[b], 0, approx[b]);
        piece[b] = b % 2 ? "1/3" : "1/2";
        point[b] = b % 2 ? "1/3" : "1/2";
    }
    piece[8] = "1/2";
    tplot_bounded_losses(A, piece, point, end, "1/4");
    char *s = tplot_svg(A);
    tplot_check_wellformed(s);
    CHECK(tplot_count(s, "class=\"bp\"") == 8);
    CHECK(tplot_count(s, "stroke-dasharray=\"2,3\"") == 0);
    CHECK(tplot_count(s, "class=\"open\"") == 0);
    CHECK(tplot_count(s, "class=\"riser\"") == 8); /* every step changes the loss */
    CHECK(strstr(s, ">breakpoint (tick on the axis)</text>") != NULL);
    ct_analysis_clear(A);
    free(s);
}

/* Delta on [0, 1] with one breakpoint 1/2: the minimum 1/4 is attained on the
   last piece and at delta = 1, and each end's loss is its piece's. */
static void tplot_check_closed_right_min(void)
{
    const char *piece[] = {"1/2", "1/4"}, *point[] = {"1/2"}, *end[] = {"1/2", "1/4"};
    double x0, x1, ytop, ybot;
    ct_analysis_t A;
    char *s;

    tplot_bounded_init(A, 1, 1);
    tplot_bounded_bp(A, 0, 0, 2, -1, "1/2", "1/2", 0, "0.5");
    tplot_bounded_losses(A, piece, point, end, "3/4");
    fmpq_set_si(A->c, 1, 3);
    CHECK(A->min_ends == 2 && A->nmin_pieces == 1);
    s = tplot_svg(A);

    tplot_check_wellformed(s);
    tplot_check_steps(s, A, 0);
    tplot_frame(s, &x0, &ytop, &ybot, &x1);
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x1=\""), x0));
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x2=\""), (x0 + x1) / 2));
    CHECK(tplot_near(tplot_num(s, "id=\"piece-1\"", "x2=\""), x1));
    CHECK(strstr(s, "<circle class=\"end\" id=\"end-0\"") != NULL);
    CHECK(strstr(s, "<circle class=\"end min\" id=\"end-1\"") != NULL);
    CHECK(tplot_near(tplot_num(s, "id=\"end-0\"", "cy=\""),
                     tplot_num(s, "id=\"piece-0\"", "y1=\"")));
    CHECK(tplot_near(tplot_num(s, "id=\"end-1\"", "cy=\""),
                     tplot_num(s, "id=\"piece-1\"", "y1=\"")));
    /* the end attaining the minimum has the minimum pieces' colour */
    char cole[32], colm[32];
    tplot_attr(cole, sizeof(cole), strstr(s, "id=\"end-1\""), "fill=\"");
    tplot_attr(colm, sizeof(colm), strstr(s, "id=\"piece-1\""), "stroke=\"");
    CHECK(strcmp(cole, colm) == 0);
    /* only the breakpoint's right side is open */
    CHECK(tplot_count(s, "class=\"open\"") == 1 &&
          tplot_count(s, "class=\"point\"") == 1);
    CHECK(tplot_near(tplot_num(s, "class=\"rep\"", "x1=\""), x0 + 0.75 * (x1 - x0)));
    CHECK(strstr(s, "&#948; = 3/4</text>") != NULL);
    CHECK(strstr(s, "family delta on [0, 1] (c = 1/3)") != NULL);
    ct_analysis_clear(A);
    free(s);
}

/* The open domain (0, 1) without breakpoints: one piece across the frame, its
   ends excluded (open circles), no end dots, no arrows. */
static void tplot_check_open_bounded(void)
{
    const char *piece[] = {"2/3"};
    double x0, x1, ytop, ybot, y;
    ct_analysis_t A;
    char *s;

    tplot_bounded_init(A, 0, 0);
    tplot_bounded_losses(A, piece, NULL, NULL, "1/2");
    s = tplot_svg(A);

    tplot_check_wellformed(s);
    tplot_check_steps(s, A, 0);
    tplot_frame(s, &x0, &ytop, &ybot, &x1);
    y = tplot_num(s, "id=\"piece-0\"", "y1=\"");
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x1=\""), x0));
    CHECK(tplot_near(tplot_num(s, "id=\"piece-0\"", "x2=\""), x1));
    CHECK(tplot_count(s, "class=\"open\"") == 2);
    CHECK(tplot_has_circle(s, "open", x0, y) && tplot_has_circle(s, "open", x1, y));
    CHECK(strstr(s, "class=\"end") == NULL && strstr(s, "class=\"bp\"") == NULL);
    CHECK(strstr(s, "family delta on (0, 1)") != NULL);
    ct_analysis_clear(A);
    free(s);
}

static char *tplot_counts(slong n, const double *x, const double *y, const double *b,
                          const char *title)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);

    CHECK(ct_plot_counts_svg(out, title, n, x, y, b, "n", "max breakpoints") == 0);
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
    /* a dash at each distinct (x, bound) of the 8 points: (8,7) (16,15) (64,63)
       appear twice, (32,31) and (128,127) once, so 5 */
    CHECK(tplot_count(s, "class=\"boundmark\"") == 5);
    free(s);
    /* one instance size: the polyline is a point; the dash shows the bound */
    double xs[3] = {30, 30, 30}, ys[3] = {0, 1, 2}, bs[3] = {5, 5, 5};
    s = tplot_counts(3, xs, ys, bs, "one size");
    tplot_check_wellformed(s);
    CHECK(tplot_count(s, "class=\"boundmark\"") == 1 && strstr(s, ">bound</text>"));
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

/* A series' name is plain text: its XML specials escaped in the legend. */
static void tplot_check_series_name(void)
{
    double x[2] = {0, 1}, y[2] = {0.5, 0.75};
    ct_plot_series_struct S = {"a<b & \"c\">", 2, x, y, NAN};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(ct_plot_series_svg(f, "t", "x", "y", &S, 1) == 0);
    fclose(f);
    CHECK_MSG(strstr(buf, "a&lt;b &amp; &quot;c&quot;&gt;") != NULL &&
                  strstr(buf, "a<b") == NULL,
              "the series name is not escaped");
    free(buf);
}

int main(void)
{
    tplot_check_gadget();
    tplot_check_random();
    tplot_check_write_error();
    tplot_check_closed_left_min();
    tplot_check_closed_right_min();
    tplot_check_logit();
    tplot_check_crowded();
    tplot_check_open_bounded();
    tplot_check_counts();
    tplot_check_series_name();
    flint_cleanup();
    return check_finish("t-plot");
}
