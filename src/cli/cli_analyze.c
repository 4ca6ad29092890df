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
    fmpq crange[2];
    int joint, have_crange;
    int have_family, have_c, score_all, json, progress, per_instance, xscale, ties;
    slong ball; /* --ball: components of >= ball nodes in balls (alpha, lambda) */
    slong threads, shard_i, shard_k;
    const char *plot, *save_profile;
    const char **files;
    slong nfiles;
} analyze_options;

static int analyze_has_ball(const ct_family_struct *row)
{
    return row->ball != NULL;
}

static int analyze_bounded(const ct_family_struct *row)
{
    return !row->analysis.hi_inf;
}

static int analyze_has_joint(const ct_family_struct *row)
{
    return row->joint != NULL;
}

/* --joint c: the family must have a joint analysis; c varies (no --c) and
   what belongs to one-parameter runs is refused. */
static int analyze_check_joint(const analyze_options *o)
{
    char list[256];
    if (!o->joint)
        return o->have_crange ? ct_opt_usage_error("%s needs --joint c", "--c-range") : 0;
    if (ct_family_row(o->family)->joint == NULL) {
        ct_family_list(list, sizeof(list), analyze_has_joint);
        return ct_cli_usage_error2("%s applies only to --family ", "--joint", list);
    }
    if (o->have_c)
        return ct_opt_usage_error("%s", "--joint c varies c: give --c-range, not --c");
    if (o->save_profile != NULL || o->shard_k > 1 || o->per_instance || o->ball != 0 ||
        o->xscale != 0)
        return ct_opt_usage_error(
            "%s", "--joint takes --c-range, --score, --ties, --json and --plot only (no "
                  "--save-profile, --shard, --per-instance, --ball, --x)");
    return 0;
}

static int parse_analyze_args(analyze_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    ct_family_default_c(o->c);
    fmpq_init(o->crange + 0), fmpq_init(o->crange + 1);
    fmpq_set_si(o->crange + 0, 1, 100), fmpq_set_si(o->crange + 1, 99, 100);
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    o->threads = ct_cli_default_threads();
    o->shard_k = 1;
    int operands = 0; /* after "--" every argument is a FILE */
    for (int i = 1; i < argc; i++) {
        const char *v;
        int rc = 0;
        if (operands)
            o->files[o->nfiles++] = argv[i];
        else if (strcmp(argv[i], "--") == 0)
            operands = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--family")) != NULL) {
            rc = ct_cli_parse_family(&o->family, v);
            o->have_family = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--score")) != NULL) {
            if (strcmp(v, "all") == 0 || strcmp(v, "unlabeled") == 0)
                o->score_all = strcmp(v, "all") == 0;
            else
                rc = ct_opt_usage_error("--score takes unlabeled or all, not '%s'", v);
        } else if ((v = ct_opt_value(argc, argv, &i, "--ties")) != NULL)
            rc = ct_cli_parse_ties(&o->ties, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--threads")) != NULL)
            rc = ct_cli_parse_threads(&o->threads, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--shard")) != NULL)
            rc = ct_cli_parse_shard(&o->shard_i, &o->shard_k, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--joint")) != NULL) {
            if (strcmp(v, "c") == 0)
                o->joint = 1;
            else
                rc = ct_opt_usage_error(
                    "--joint takes c (the family's constant), not '%s'", v);
        } else if ((v = ct_opt_value(argc, argv, &i, "--c-range")) != NULL) {
            rc = ct_cli_parse_c_range(o->crange, v);
            o->have_crange = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--save-profile")) != NULL)
            o->save_profile = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--ball")) != NULL)
            rc = ct_cli_parse_ball(&o->ball, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--plot")) != NULL)
            o->plot = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--x")) != NULL) {
            if ((o->xscale = ct_plot_x_parse(v)) < 0)
                rc = ct_opt_usage_error("--x takes linear, log or logit, not '%s'", v);
        } else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--progress") == 0)
            o->progress = 1;
        else if (strcmp(argv[i], "--per-instance") == 0)
            o->per_instance = 1;
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
    char list[256];
    ct_family_list(list, sizeof(list), NULL);
    if (!o->have_family)
        return ct_opt_usage_error("analyze needs --family %s", list);
    if (o->have_c && ct_cli_check_c(o->family))
        return CERTUNE_EXIT_USAGE;
    if (o->nfiles == 0)
        return ct_opt_usage_error("%s", "analyze needs at least one FILE");
    if (o->ball != 0 && ct_family_row(o->family)->ball == NULL) {
        ct_family_list(list, sizeof(list), analyze_has_ball);
        return ct_cli_usage_error2("%s applies only to --family ", "--ball", list);
    }
    int jrc = analyze_check_joint(o);
    if (jrc)
        return jrc;
    if (o->per_instance && !o->json)
        return ct_opt_usage_error("%s applies only with --json", "--per-instance");
    if (o->xscale == CT_PLOT_X_LOGIT && ct_family_get(o->family)->hi_inf) {
        ct_family_list(list, sizeof(list), analyze_bounded);
        return ct_cli_usage_error2("%s needs a family on (0, 1): ", "--x logit", list);
    }
    return 0;
}

static int write_plot(const char *path, const ct_analysis_t A, int xscale)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    int rc = f == NULL ? -1 : ct_plot_loss_svg_x(f, A, xscale);
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    if (rc)
        ct_opt_write_error(path, "the plot");
    return rc;
}

/* The JSON, with each instance's losses when asked (report_instances.c);
   nonzero (message printed) when they cannot be placed. */
static int analyze_write_json(const analyze_options *o, ct_analysis_t A,
                              const char *const *names, slong m)
{
    ct_report_losses_struct L;
    char err[CERTUNE_ERRLEN];
    if (!o->per_instance) {
        ct_report_write_json(stdout, A);
        return 0;
    }
    if (ct_report_instance_losses(&L, A, names, m, o->c, o->score_all, err,
                                  sizeof(err))) {
        fprintf(stderr, "certune: undecided: %s; no report\n", err);
        return CERTUNE_EXIT_UNDECIDED;
    }
    ct_report_write_json_losses(stdout, A, &L);
    ct_report_losses_clear(&L);
    return 0;
}

/* The analysis, with progress on stderr when asked or on a terminal. */
static int analyze_run_family(ct_analysis_t A, const analyze_options *o,
                              const ct_analysis_source_struct *src, char *err,
                              size_t errlen)
{
    slong m = src->m;
    ct_cli_progress_struct p;
    ct_cli_progress_init(&p, o->progress, "analyze",
                         "certifying and ordering breakpoints");
    p.total = m;
    if (p.on)
        ct_analysis_set_progress(ct_cli_progress_update, &p);
    ct_analysis_settings_struct set = {.ball_min_nodes = o->ball};
    if (p.on)
        set.phase = (ct_analysis_phase_struct){ct_cli_progress_phase, &p};
    int rc = ct_family_analyze_stream(A, o->family, o->c, src, o->score_all, o->ties,
                                      o->threads, &set, stderr, err, errlen);
    ct_analysis_set_progress(NULL, NULL);
    ct_cli_progress_finish(&p, rc ? 0 : m, m);
    return rc;
}

/* --save-profile: the analysis as a profile file (docs/scale.md), A borrowed;
   the set's digest from the shard's files as read and every other file. */
static int analyze_save_profile(const analyze_options *o, ct_analysis_t A,
                                const ct_cli_shard_struct *S, const unsigned char *own)
{
    slong shard = o->shard_i;
    ct_profile_struct P = {
        *A, o->score_all, (char **)S->paths, o->shard_k, S->n, 1, &shard, NULL, {0}};
    int rc = ct_cli_shard_set_digest(P.set_digest, S, own);
    return rc ? rc : ct_cli_save_profile(o->save_profile, &P);
}

/* An empty shard (more shards than instances) is a valid part of a split: its
   profile holds no instance, and `merge` takes it. */
static int analyze_empty_shard(const analyze_options *o, const ct_cli_shard_struct *S)
{
    fprintf(stderr, "certune: shard %ld/%ld of %ld instance%s is empty%s\n",
            (long)o->shard_i, (long)o->shard_k, (long)S->n, S->n == 1 ? "" : "s",
            o->save_profile != NULL ? "; its profile holds no instance" : ": no report");
    if (o->save_profile == NULL)
        return CERTUNE_EXIT_OK;
    ct_analysis_t A;
    ct_family_init_none(A, o->family, o->c, o->ties);
    int rc = analyze_save_profile(o, A, S, NULL);
    ct_analysis_clear(A);
    return rc;
}

/* The report of A (computed), or the undecided parts; the exit status. */
static int analyze_report(const analyze_options *o, ct_analysis_t A,
                          const ct_cli_shard_struct *S)
{
    if (A->nundecided) {
        /* No loss is reported: it would rest on an order that is not proved. */
        ct_report_write_undecided(stderr, A);
        if (o->json)
            ct_report_write_json(stdout, A);
        return CERTUNE_EXIT_UNDECIDED;
    }
    if (o->plot != NULL && write_plot(o->plot, A, o->xscale))
        return CERTUNE_EXIT_INPUT;
    if (o->json)
        return analyze_write_json(o, A, S->paths, S->m);
    ct_report_write_text(stdout, A);
    return CERTUNE_EXIT_OK;
}

/* Prints the report only once everything is computed, so a failure (a bad
   file is read only when its chunk is analyzed) never leaves a partial result
   on stdout. The output files are checked before the analysis, not after. */
static int run_analyze(const analyze_options *o)
{
    if (o->plot != NULL && ct_opt_check_writable(o->plot, "the plot"))
        return CERTUNE_EXIT_INPUT;
    if (o->save_profile != NULL && ct_opt_check_writable(o->save_profile, "the profile"))
        return CERTUNE_EXIT_INPUT;
    ct_cli_shard_struct S;
    int rc = ct_cli_shard_init(&S, o->files, o->nfiles, o->shard_i, o->shard_k);
    if (rc)
        return rc;
    if (S.m == 0) {
        rc = analyze_empty_shard(o, &S);
        ct_cli_shard_clear(&S);
        return rc;
    }
    ct_cli_files_struct F;
    ct_cli_files_init(&F, S.paths, S.m, o->threads);
    char err[CERTUNE_ERRLEN];
    ct_analysis_t A;
    if (analyze_run_family(A, o, &F.src, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else if (o->save_profile == NULL ||
               (rc = analyze_save_profile(o, A, &S, F.digest)) == 0)
        rc = analyze_report(o, A, &S);
    ct_analysis_clear(A);
    ct_cli_files_clear(&F);
    ct_cli_shard_clear(&S);
    return rc; /* a failed write to stdout: ct_opt_finish_stdout in main */
}

int ct_cli_analyze_main(int argc, char **argv)
{
    analyze_options o;
    int rc = parse_analyze_args(&o, argc, argv);
    if (rc == 0 && o.joint)
        rc = ct_cli_analyze_joint(o.family, o.crange + 0, o.crange + 1, o.files, o.nfiles,
                                  o.score_all, o.ties, o.json, o.plot);
    else if (rc == 0)
        rc = run_analyze(&o);
    free(o.files);
    fmpq_clear(o.c);
    fmpq_clear(o.crange + 0), fmpq_clear(o.crange + 1);
    return rc;
}
