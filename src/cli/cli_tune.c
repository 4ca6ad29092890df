/* cli_tune: `certune tune`, exact ERM on training instances, judged on test
   instances. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/family.h"
#include "certune/plot.h"
#include "certune/tune.h"
#include "cli_internal.h"

typedef _ct_cli_tune_options tune_options;

/* --train/--test take every following argument up to the next option. */
static int tune_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

static int tune_parse_list(const char **list, slong *n, int argc, char **argv, int *i,
                           const char *name)
{
    const char *v;
    if (strncmp(argv[*i], name, strlen(name)) == 0 && argv[*i][strlen(name)] == '=') {
        list[(*n)++] = argv[*i] + strlen(name) + 1;
        return 1;
    }
    if (strcmp(argv[*i], name) != 0)
        return 0;
    while (*i + 1 < argc && (v = argv[*i + 1])[0] != '-')
        list[(*n)++] = v, (*i)++;
    return 1;
}

/* The largest --grid and --rademacher count (a count of exact evaluations or
   draws: past it a run would not end in any reasonable time). */
#define TUNE_MAX_COUNT 100000000

/* A count in lo..TUNE_MAX_COUNT; the message names the range. */
static int tune_parse_count(slong *x, const char *v, const char *option, slong lo)
{
    char *end;
    errno = 0;
    long k = strtol(v, &end, 10);
    if (*v == '\0' || *end != '\0' || errno != 0 || k < lo || k > TUNE_MAX_COUNT) {
        char msg[128];
        snprintf(msg, sizeof msg, "%s takes a count from %ld to %d, not '%%s'", option,
                 (long)lo, TUNE_MAX_COUNT);
        return ct_opt_usage_error(msg, v);
    }
    *x = k;
    return 0;
}

static int tune_parse_option(tune_options *o, int argc, char **argv, int *i)
{
    const char *v;
    if (tune_parse_list(o->train, &o->ntrain, argc, argv, i, "--train") ||
        tune_parse_list(o->test, &o->ntest, argc, argv, i, "--test"))
        return 0;
    if ((v = ct_opt_value(argc, argv, i, "--dataset")) != NULL) {
        o->dataset = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--data-root")) != NULL) {
        o->data_root = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--split")) != NULL) {
        o->split = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--family")) != NULL) {
        o->have_family = 1;
        o->all = strcmp(v, "all") == 0;
        return o->all ? 0 : ct_cli_parse_family(&o->family, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--c")) != NULL) {
        o->have_c = 1;
        return ct_cli_parse_c(o->c, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--grid")) != NULL)
        return tune_parse_count(&o->grid, v, "--grid", 0);
    if ((v = ct_opt_value(argc, argv, i, "--rademacher")) != NULL)
        return tune_parse_count(&o->rad_k, v, "--rademacher", 1);
    if ((v = ct_opt_value(argc, argv, i, "--ties")) != NULL) {
        o->have_ties = 1;
        return ct_cli_parse_ties(&o->ties, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--score")) != NULL) {
        if (strcmp(v, "unlabeled") != 0 && strcmp(v, "all") != 0)
            return ct_opt_usage_error("--score takes unlabeled or all, not '%s'", v);
        o->have_score = 1;
        o->score_all = strcmp(v, "all") == 0;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--threads")) != NULL)
        return ct_cli_parse_threads(&o->threads, v);
    if ((v = ct_opt_value(argc, argv, i, "--ball")) != NULL)
        return ct_cli_parse_ball(&o->ball, v);
    if ((v = ct_opt_value(argc, argv, i, "--plot")) != NULL) {
        o->plot = v;
        return 0;
    }
    if (strcmp(argv[*i], "--json") == 0) {
        o->json = 1;
        return 0;
    }
    if (strcmp(argv[*i], "--progress") == 0) {
        o->progress = 1;
        return 0;
    }
    return ct_opt_usage_error("unknown or misplaced argument '%s' (files follow --train "
                              "or --test)",
                              argv[*i]);
}

/* *prof = the side's arguments are profiles; a side mixing both is refused. */
static int tune_classify(int *prof, const char **list, slong n, const char *side)
{
    slong k = 0;
    for (slong t = 0; t < n; t++)
        k += ct_cli_is_profile(list[t]);
    *prof = k > 0;
    if (k > 0 && k < n)
        return ct_opt_usage_error("%s takes instance files or profiles, not both", side);
    return 0;
}

static int tune_parse_args(tune_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    ct_family_default_c(o->c);
    o->grid = 100;
    o->threads = ct_cli_default_threads();
    o->train = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    o->test = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    for (int i = 1; i < argc; i++) {
        int rc = tune_parse_option(o, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (o->dataset != NULL || o->split != NULL)
        return _ct_cli_tune_dataset_check(o);
    if (o->ntrain == 0 || o->ntest == 0)
        return ct_opt_usage_error("%s", "tune needs --train FILE|DIR... and "
                                        "--test FILE|DIR... (or --dataset and --split)");
    if (tune_classify(&o->train_prof, o->train, o->ntrain, "--train") ||
        tune_classify(&o->test_prof, o->test, o->ntest, "--test"))
        return CERTUNE_EXIT_USAGE;
    if (!o->have_family && !o->train_prof && !o->test_prof)
        return ct_opt_usage_error(
            "%s", "tune needs --family (unless a side is given as profiles)");
    if (o->all && (o->train_prof || o->test_prof))
        return ct_opt_usage_error("%s", "--family all needs instances: a profile holds "
                                        "one family");
    if (o->have_c && !o->all && !ct_family_row(o->family)->has_c) {
        char list[256];
        ct_family_list(list, sizeof(list), tune_has_c);
        size_t n = strlen(list);
        snprintf(list + n, sizeof(list) - n, " (or all)");
        return ct_cli_usage_error2("%s applies only to --family ", "--c", list);
    }
    return 0;
}

/* At least one side given as profiles: one family, from the profiles. */
static int tune_profiles(const tune_options *o)
{
    _ct_cli_tune_input in = {o->train, o->test,       o->ntrain,
                             o->ntest, o->train_prof, o->test_prof};
    _ct_cli_tune_settings s;
    memset(&s, 0, sizeof(s));
    fmpq_init(s.c_v);
    s.family = o->have_family ? &o->family : NULL;
    s.c = o->have_c ? o->c : NULL;
    s.ties = o->have_ties ? &o->ties : NULL;
    s.score_all = o->have_score ? &o->score_all : NULL;
    s.threads = o->threads, s.grid = o->grid, s.rad_k = o->rad_k;
    s.analysis = (ct_analysis_settings_struct){.ball_min_nodes = o->ball};
    ct_tune_struct *rows[1];
    int rc = _ct_cli_tune_profiles(rows, &in, &s);
    fmpq_clear(s.c_v);
    return _ct_cli_tune_report(o, rows, rc == 0, 0, rc);
}

static int tune_run(const tune_options *o)
{
    if (o->dataset != NULL)
        return _ct_cli_tune_dataset(o);
    if (o->train_prof || o->test_prof)
        return tune_profiles(o);
    ct_instance_struct *tr, *te;
    slong m, mt, nrows = 0, best = 0;
    int rc = ct_cli_load_paths(&tr, &m, o->train, o->ntrain, o->threads);
    if (rc)
        return rc;
    rc = ct_cli_load_paths(&te, &mt, o->test, o->ntest, o->threads);
    if (rc) {
        ct_cli_free_instances(tr, m);
        return rc;
    }
    ct_tune_struct **rows = flint_malloc(ct_family_count() * sizeof(ct_tune_struct *));
    rc = _ct_cli_tune_families(rows, &nrows, &best, o, tr, m, te, mt);
    rc = _ct_cli_tune_report(o, rows, nrows, best, rc);
    flint_free(rows);
    ct_cli_free_instances(tr, m);
    ct_cli_free_instances(te, mt);
    return rc;
}

int ct_cli_tune_main(int argc, char **argv)
{
    tune_options o;
    int rc = tune_parse_args(&o, argc, argv);
    if (rc == 0)
        rc = tune_run(&o);
    free(o.train);
    free(o.test);
    fmpq_clear(o.c);
    return rc;
}
