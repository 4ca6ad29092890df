/* cli_analyze: `certune analyze`. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/plot.h"
#include "certune/report.h"
#include "certune/family.h"
#include "certune/mem.h"

typedef struct {
    ct_family_t family;
    fmpq_t c;
    int have_family, have_c, score_all, json;
    const char *plot;
    const char **files;
    slong nfiles;
} analyze_options;

static int parse_analyze_args(analyze_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    ct_family_default_c(o->c);
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = 0;
        if ((v = ct_opt_value(argc, argv, &i, "--family")) != NULL) {
            rc = ct_cli_parse_family(&o->family, v);
            o->have_family = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--score")) != NULL) {
            if (strcmp(v, "all") == 0 || strcmp(v, "unlabeled") == 0)
                o->score_all = strcmp(v, "all") == 0;
            else
                rc = ct_opt_usage_error("--score takes unlabeled or all, not '%s'", v);
        } else if ((v = ct_opt_value(argc, argv, &i, "--plot")) != NULL)
            o->plot = v;
        else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--c")) != NULL) {
            rc = ct_cli_parse_c(o->c, v);
            o->have_c = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0')
            rc = ct_opt_usage_error("unknown or incomplete option '%s'", argv[i]);
        else
            o->files[o->nfiles++] = argv[i];
        if (rc)
            return rc;
    }
    if (!o->have_family)
        return ct_opt_usage_error("%s",
                                  "analyze needs --family lambda or --family delta");
    if (o->have_c && o->family != CT_FAMILY_DELTA)
        return ct_opt_usage_error("%s applies only to --family delta", "--c");
    if (o->nfiles == 0)
        return ct_opt_usage_error("%s", "analyze needs at least one FILE");
    return 0;
}

static int write_plot(const char *path, const ct_analysis_t A)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    int rc = f == NULL ? -1 : ct_plot_loss_svg(f, A);
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    if (rc)
        ct_opt_write_error(path, "the plot");
    return rc;
}

/* Prints the report only once everything is computed, so a failure never
   leaves a partial result on stdout. */
static int run_analyze(const analyze_options *o)
{
    if (o->plot != NULL && ct_opt_check_writable(o->plot, "the plot"))
        return CERTUNE_EXIT_INPUT; /* before the analysis, not after it */
    ct_instance_struct *insts =
        ct_mem_calloc((size_t)o->nfiles, sizeof(ct_instance_struct));
    int rc = ct_cli_load_instances(insts, o->files, o->nfiles);
    if (rc) {
        free(insts);
        return rc;
    }
    char err[CERTUNE_ERRLEN];
    ct_analysis_t A;
    if (ct_family_analyze(A, o->family, o->c, insts, o->nfiles, o->score_all, stderr, err,
                          sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else if (A->nundecided) {
        /* No loss is reported: it would rest on an order that is not proved. */
        ct_report_write_undecided(stderr, A);
        if (o->json)
            ct_report_write_json(stdout, A);
        rc = CERTUNE_EXIT_UNDECIDED;
    } else if (o->plot != NULL && write_plot(o->plot, A)) {
        rc = CERTUNE_EXIT_INPUT;
    } else {
        if (o->json)
            ct_report_write_json(stdout, A);
        else
            ct_report_write_text(stdout, A);
        rc = CERTUNE_EXIT_OK;
    }
    ct_analysis_clear(A);
    for (slong t = 0; t < o->nfiles; t++)
        ct_instance_clear(insts + t);
    free(insts);
    return rc; /* a failed write to stdout: ct_opt_finish_stdout in main */
}

int ct_cli_analyze_main(int argc, char **argv)
{
    analyze_options o;
    int rc = parse_analyze_args(&o, argc, argv);
    if (rc == 0)
        rc = run_analyze(&o);
    free(o.files);
    fmpq_clear(o.c);
    return rc;
}
