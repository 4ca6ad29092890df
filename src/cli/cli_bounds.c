/* cli_bounds: `certune bounds`, certified counts against the proven bounds. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "certune/bounds.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/pool.h"
#include "certune/plot.h"
#include "certune/report.h"
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/text.h"

typedef struct {
    ct_family_t family;
    fmpq_t c;
    int json, progress;
    const char *plot;
    const char **files;
    slong nfiles, threads;
} bounds_options;

typedef struct {
    slong max_pair, max_node; /* most sign changes of one pair, of one node */
    slong max_labeled;        /* largest bound labeled - 1 of its components */
    slong nbp, pieces;        /* of the instance analyzed alone; -1 if unscored */
    int undecided;            /* that analysis could not order its breakpoints */
} bounds_summary;

static void bounds_summarize(bounds_summary *sum, const ct_bounds_row *rows, slong nrows,
                             const bounds_options *o, const ct_instance_struct *insts,
                             slong m)
{
    char err[CERTUNE_ERRLEN];
    for (slong t = 0; t < m; t++) {
        sum[t].max_pair = sum[t].max_node = sum[t].max_labeled = 0;
        ct_analysis_t A;
        int bad = ct_family_analyze(A, o->family, o->c, insts + t, 1, 0, NULL, err,
                                    sizeof(err));
        sum[t].undecided = !bad && A->nundecided > 0;
        bad = bad || sum[t].undecided;
        sum[t].nbp = bad ? -1 : A->nbp;
        sum[t].pieces = bad ? -1 : A->loss_pieces;
        ct_analysis_clear(A);
    }
    for (slong a = 0, b; a < nrows; a = b) {
        slong node_total = 0;
        for (b = a;
             b < nrows && rows[b].inst == rows[a].inst && rows[b].node == rows[a].node;
             b++) {
            node_total += rows[b].changes;
            sum[rows[b].inst].max_labeled =
                FLINT_MAX(sum[rows[b].inst].max_labeled, rows[b].labeled - 1);
            sum[rows[b].inst].max_pair =
                FLINT_MAX(sum[rows[b].inst].max_pair, rows[b].changes);
        }
        sum[rows[a].inst].max_node = FLINT_MAX(sum[rows[a].inst].max_node, node_total);
    }
}

/* Max sign changes of one pair against n, with the bound labeled - 1 (the
   paper's n - 1 is far above both and would flatten the picture). */
static int bounds_plot(const char *path, const bounds_summary *sum,
                       const bounds_options *o, const ct_instance_struct *insts, slong m)
{
    double *x = flint_malloc(m * sizeof(double)), *y = flint_malloc(m * sizeof(double));
    double *bound = flint_malloc(m * sizeof(double));
    for (slong t = 0; t < m; t++) {
        x[t] = (double)insts[t].n;
        y[t] = (double)sum[t].max_pair;
        bound[t] = (double)sum[t].max_labeled;
    }
    char title[128];
    snprintf(title, sizeof(title), "%s: sign changes per node and pair",
             ct_family_name(o->family));
    errno = 0;
    FILE *f = fopen(path, "w");
    int rc = f == NULL ? -1
                       : ct_plot_counts_svg(f, title, m, x, y, bound, "n (nodes)",
                                            "max sign changes (bound: labeled - 1)");
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    if (rc)
        ct_opt_write_error(path, "the plot");
    flint_free(x), flint_free(y), flint_free(bound);
    return rc;
}

/* The last column's name (the family's own quantity, its row's bounds). */
static const char *bounds_sharp_name(ct_family_t family, int json)
{
    const ct_family_bounds_struct *B = &ct_family_row(family)->bounds;
    return json ? B->sharp_json : B->sharp_text;
}

static void bounds_print_rows_text(FILE *out, const ct_bounds_row *rows, slong nrows,
                                   ct_family_t family)
{
    fprintf(out, "inst comp node pair  changes roots | n_comp-1 labeled-1 %s\n",
            bounds_sharp_name(family, 0));
    for (slong i = 0; i < nrows; i++) {
        const ct_bounds_row *r = rows + i;
        fprintf(out, "%4ld %4ld %4ld %2ld/%-2ld %7ld %5ld | %8ld %9ld %10ld\n",
                (long)r->inst + 1, (long)r->comp + 1, (long)r->node + 1, (long)r->k,
                (long)r->l, (long)r->changes, (long)r->roots, (long)(r->n_comp - 1),
                (long)FLINT_MAX(r->labeled - 1, 0), (long)ct_bounds_row_sharp(r));
    }
}

static void bounds_print_text(FILE *out, const ct_bounds_row *rows, slong nrows,
                              const bounds_summary *sum, const bounds_options *o,
                              const ct_instance_struct *insts, slong m,
                              const ct_analysis_struct *set)
{
    const ct_family_struct *row = ct_family_row(o->family);
    fprintf(out, "family %s", row->name);
    if (row->has_c) {
        char *c = fmpq_get_str(NULL, 10, o->c);
        fprintf(out, " (c = %s)", c);
        flint_free(c);
    }
    fprintf(out, ": certified sign changes in (%s, %s)", row->lo_text, row->hi_text);
    if (!row->bounds.labeled_bound)
        fprintf(out, " (labeled-1 is no bound for %s)", row->name);
    fprintf(out, ", %ld instance%s\n", (long)m, m == 1 ? "" : "s");
    bounds_print_rows_text(out, rows, nrows, o->family);
    slong nmax = 0, cmax = 0;
    for (slong t = 0; t < m; t++) {
        nmax = FLINT_MAX(nmax, insts[t].n), cmax = FLINT_MAX(cmax, insts[t].c);
        fprintf(out,
                "instance %ld (%s): n = %ld, c = %ld; most sign changes: %ld for one "
                "pair, %ld for one node; ",
                (long)t + 1, insts[t].path, (long)insts[t].n, (long)insts[t].c,
                (long)sum[t].max_pair, (long)sum[t].max_node);
        if (sum[t].nbp < 0)
            fprintf(out, "no scored node\n");
        else
            fprintf(out, "breakpoints %ld, loss pieces %ld\n", (long)sum[t].nbp,
                    (long)sum[t].pieces);
    }
    if (set == NULL)
        fprintf(out, "set: not analyzed (an instance has no scored node)");
    else
        fprintf(out, "set: breakpoints %ld, loss pieces %ld", (long)set->nbp,
                (long)set->loss_pieces);
    fprintf(out, "; the paper's O(m n^2 c^2) count of loss values, m n^2 c^2 = %ld\n",
            (long)(m * nmax * nmax * cmax * cmax));
}

static void bounds_print_json(FILE *out, const ct_bounds_row *rows, slong nrows,
                              const bounds_summary *sum, const bounds_options *o,
                              const ct_instance_struct *insts, slong m,
                              const ct_analysis_struct *set)
{
    fprintf(out, "{\n  \"family\": \"%s\",\n  \"rows\": [", ct_family_name(o->family));
    for (slong i = 0; i < nrows; i++) {
        const ct_bounds_row *r = rows + i;
        fprintf(out,
                "%s\n    {\"instance\": %ld, \"component\": %ld, \"node\": %ld, "
                "\"classes\": [%ld, %ld], \"changes\": %ld, \"roots\": %ld, "
                "\"bound_paper\": %ld, \"bound_labeled\": %ld, \"%s\": %ld}",
                i ? "," : "", (long)r->inst + 1, (long)r->comp + 1, (long)r->node + 1,
                (long)r->k, (long)r->l, (long)r->changes, (long)r->roots,
                (long)(r->n_comp - 1), (long)FLINT_MAX(r->labeled - 1, 0),
                bounds_sharp_name(r->family, 1), (long)ct_bounds_row_sharp(r));
    }
    fprintf(out, "\n  ],\n  \"instances\": [");
    for (slong t = 0; t < m; t++)
        fprintf(out,
                "%s\n    {\"n\": %ld, \"c\": %ld, \"max_changes_pair\": %ld, "
                "\"max_changes_node\": %ld, \"breakpoints\": %ld, \"loss_pieces\": %ld}",
                t ? "," : "", (long)insts[t].n, (long)insts[t].c, (long)sum[t].max_pair,
                (long)sum[t].max_node, (long)sum[t].nbp, (long)sum[t].pieces);
    fprintf(out, "\n  ],\n  \"set\": {\"breakpoints\": %ld, \"loss_pieces\": %ld},\n",
            set ? (long)set->nbp : -1L, set ? (long)set->loss_pieces : -1L);
}

/* Prints every violated bound to out (JSON strings when json); returns how many. */
static slong bounds_print_violations(FILE *out, const ct_bounds_row *rows, slong nrows,
                                     int json)
{
    char msg[CERTUNE_ERRLEN];
    slong bad = 0;
    fputs(json ? "  \"violations\": [" : "violations:", out);
    for (slong i = 0; i < nrows; i++) {
        if (!ct_bounds_row_check(rows + i, msg, sizeof(msg)))
            continue;
        fputs(json ? (bad++ ? ",\n    " : "\n    ") : "\n  ", out);
        if (json)
            ct_text_json_string(out, msg); /* (it names the file) */
        else
            fputs(msg, out);
    }
    fputs(json ? (bad ? "\n  ]\n}\n" : "]\n}\n") : (bad ? "\n" : " none\n"), out);
    return bad;
}

static int bounds_parse_args(bounds_options *o, int argc, char **argv)
{
    const char *v;
    int rc = 0, have_family = 0, have_c = 0;
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    ct_family_default_c(o->c);
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    o->threads = ct_cli_default_threads();
    int operands = 0; /* after "--" every argument is a FILE */
    for (int i = 1; i < argc && rc == 0; i++) {
        if (operands)
            o->files[o->nfiles++] = argv[i];
        else if (strcmp(argv[i], "--") == 0)
            operands = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--family")) != NULL) {
            rc = ct_cli_parse_family(&o->family, v);
            have_family = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--c")) != NULL) {
            rc = ct_cli_parse_c(o->c, v);
            have_c = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--threads")) != NULL)
            rc = ct_cli_parse_threads(&o->threads, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--plot")) != NULL)
            o->plot = v;
        else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--progress") == 0)
            o->progress = 1;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            rc = ct_opt_usage_error("unknown or incomplete option '%s'", argv[i]);
        else
            o->files[o->nfiles++] = argv[i];
    }
    if (rc == 0 && (!have_family || o->nfiles == 0)) {
        char list[256];
        ct_family_list(list, sizeof(list), NULL);
        rc = ct_opt_usage_error("bounds needs --family (%s) and at least one FILE", list);
    }
    if (rc == 0 && have_c)
        rc = ct_cli_check_c(o->family);
    return rc;
}

/* Per-instance rows, computed on the pool (each index its own arrays). */
typedef struct {
    const bounds_options *o;
    const ct_instance_struct *insts;
    ct_bounds_row **rows;
    slong *nrows;
    int *bad;
    char (*msg)[CERTUNE_ERRLEN];
    ct_cli_progress_struct *p;
} bounds_job;

static void bounds_one(void *arg, slong t)
{
    bounds_job *J = arg;
    const bounds_options *o = J->o;
    J->bad[t] =
        ct_bounds_rows(J->rows + t, J->nrows + t, o->family, J->insts + t, t,
                       ct_family_c_or_null(o->family, o->c), J->msg[t], CERTUNE_ERRLEN);
}

static void bounds_progress(void *arg, slong done)
{
    bounds_job *J = arg;
    ct_cli_progress_update(J->p, done, J->o->nfiles);
}

/* Every row of every instance, in instance order; 1 (message printed) when
   some zeros cannot be certified (the first such instance's message). */
static int bounds_collect(ct_bounds_row **rows, slong *nrows, const bounds_options *o,
                          const ct_instance_struct *insts, ct_cli_progress_struct *p)
{
    slong m = o->nfiles, total = 0;
    bounds_job J = {o,
                    insts,
                    flint_calloc(m, sizeof(ct_bounds_row *)),
                    flint_calloc(m, sizeof(slong)),
                    flint_calloc(m, sizeof(int)),
                    flint_calloc(m, CERTUNE_ERRLEN),
                    p};
    ct_pool_for(m, o->threads, bounds_one, bounds_progress, &J);
    int bad = 0;
    for (slong t = 0; t < m; t++) {
        if (J.bad[t] && !bad) {
            fprintf(stderr, "certune: undecided: %s; no count is reported\n", J.msg[t]);
            bad = 1;
        }
        total += J.nrows[t];
    }
    *rows = flint_malloc(FLINT_MAX(total, 1) * sizeof(ct_bounds_row));
    for (slong t = 0; t < m; t++) {
        memcpy(*rows + *nrows, J.rows[t], J.nrows[t] * sizeof(ct_bounds_row));
        *nrows += J.nrows[t];
        flint_free(J.rows[t]);
    }
    flint_free(J.rows), flint_free(J.nrows), flint_free(J.bad), flint_free(J.msg);
    return bad;
}

static int bounds_run(const bounds_options *o, ct_instance_struct *insts)
{
    slong m = o->nfiles, nrows = 0;
    ct_bounds_row *rows = NULL;
    ct_cli_progress_struct p;
    ct_cli_progress_init(&p, o->progress, "bounds", "counts done");
    int collect_undecided = bounds_collect(&rows, &nrows, o, insts, &p);
    ct_cli_progress_finish(&p, collect_undecided ? 0 : m, m);
    if (collect_undecided) {
        flint_free(rows);
        return CERTUNE_EXIT_UNDECIDED;
    }
    bounds_summary *sum = flint_malloc(m * sizeof(bounds_summary));
    bounds_summarize(sum, rows, nrows, o, insts, m);
    char err[CERTUNE_ERRLEN];
    ct_analysis_t set;
    int set_bad = ct_family_analyze_threads(set, o->family, o->c, insts, m, 0, 0,
                                            o->threads, NULL, NULL, err, sizeof(err));
    int undecided = !set_bad && set->nundecided > 0;
    for (slong t = 0; t < m; t++)
        if (sum[t].undecided) {
            fprintf(stderr,
                    "certune: undecided: %s: the order of its breakpoints could not be "
                    "certified (certune analyze shows where); no count is reported\n",
                    insts[t].path);
            undecided = 1;
        }
    if (undecided) {
        if (!set_bad && set->nundecided > 0 && m > 1)
            fprintf(stderr,
                    "certune: undecided: the order of the set's breakpoints could not "
                    "be certified; no count is reported\n");
        ct_analysis_clear(set);
        flint_free(sum);
        flint_free(rows);
        return CERTUNE_EXIT_UNDECIDED;
    }
    set_bad = set_bad || set->nundecided > 0;
    if (o->json)
        bounds_print_json(stdout, rows, nrows, sum, o, insts, m, set_bad ? NULL : set);
    else
        bounds_print_text(stdout, rows, nrows, sum, o, insts, m, set_bad ? NULL : set);
    slong bad = bounds_print_violations(stdout, rows, nrows, o->json);
    int rc = bad ? CERTUNE_EXIT_FALSE : CERTUNE_EXIT_OK;
    if (o->plot != NULL && bounds_plot(o->plot, sum, o, insts, m))
        rc = CERTUNE_EXIT_INPUT;
    ct_analysis_clear(set);
    flint_free(sum);
    flint_free(rows);
    return rc;
}

int ct_cli_bounds_main(int argc, char **argv)
{
    bounds_options o;
    int rc = bounds_parse_args(&o, argc, argv);
    ct_instance_struct *insts = NULL;
    slong m;
    if (rc == 0 && o.plot != NULL)
        rc = ct_opt_check_writable(o.plot, "the plot"); /* before the analysis */
    if (rc == 0)
        rc = ct_cli_load_paths(&insts, &m, o.files, o.nfiles, o.threads);
    if (rc == 0) {
        o.nfiles = m; /* DIR arguments expanded: nfiles counts the instances now */
        rc = bounds_run(&o, insts);
        ct_cli_free_instances(insts, m);
    }
    free(o.files);
    fmpq_clear(o.c);
    return rc;
}
