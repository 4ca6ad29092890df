/* cli_eval: `certune eval`, the exact loss at one rational hyperparameter. */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/evaluate.h"
#include "certune/family.h"
#include "certune/qparse.h"
#include "certune/report.h"
#include "certune/tune.h"
#include "certune/text.h"
#include "cli_internal.h"

typedef struct {
    ct_family_t family;
    fmpq_t c, at;
    int have_family, have_c, have_at, have_ties, have_score, score_all, json, predictions;
    int ties;
    const char **files;
    slong nfiles;
    int profiles; /* the files are profiles (cli_eval_profile.c) */
} eval_options;

static int eval_parse_option(eval_options *o, int argc, char **argv, int *i)
{
    const char *v;
    if ((v = ct_opt_value(argc, argv, i, "--family")) != NULL) {
        o->have_family = 1;
        return ct_cli_parse_family(&o->family, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--c")) != NULL) {
        o->have_c = 1;
        return ct_cli_parse_c(o->c, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--at")) != NULL) {
        o->have_at = 1;
        if (ct_qparse_fmpq(o->at, v))
            return ct_opt_usage_error("--at takes an exact rational, not '%s'", v);
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--ties")) != NULL) {
        o->have_ties = 1;
        return ct_cli_parse_ties(&o->ties, v);
    }
    if ((v = ct_opt_value(argc, argv, i, "--score")) != NULL) {
        if (strcmp(v, "all") != 0 && strcmp(v, "unlabeled") != 0)
            return ct_opt_usage_error("--score takes unlabeled or all, not '%s'", v);
        o->score_all = strcmp(v, "all") == 0;
        o->have_score = 1;
        return 0;
    }
    if (strcmp(argv[*i], "--json") == 0 || strcmp(argv[*i], "--predictions") == 0) {
        *(argv[*i][2] == 'j' ? &o->json : &o->predictions) = 1;
        return 0;
    }
    if (argv[*i][0] == '-' && argv[*i][1] != '\0')
        return ct_opt_usage_error("unknown or incomplete option '%s'", argv[*i]);
    o->files[o->nfiles++] = argv[*i];
    return 0;
}

static int eval_parse_args(eval_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    fmpq_init(o->at);
    ct_family_default_c(o->c);
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    for (int i = 1; i < argc; i++) {
        int rc = eval_parse_option(o, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (!o->have_at || o->nfiles == 0)
        return ct_opt_usage_error("%s", "eval needs --at and at least one FILE");
    slong nprof = 0;
    for (slong k = 0; k < o->nfiles; k++)
        nprof += ct_cli_is_profile(o->files[k]);
    o->profiles = nprof > 0;
    if (nprof > 0 && nprof < o->nfiles)
        return ct_opt_usage_error("%s",
                                  "eval takes instance files or profiles, not both");
    if (nprof > 0 && o->predictions)
        return ct_opt_usage_error("%s", "--predictions needs the instances: a profile "
                                        "holds losses, not predictions");
    if (!o->have_family && nprof == 0)
        return ct_opt_usage_error("%s",
                                  "eval needs --family (unless the FILEs are profiles)");
    if (o->have_c && o->have_family)
        return ct_cli_check_c(o->family);
    return 0;
}

static void eval_text(FILE *out, const ct_evaluate_t E, const char *const *names,
                      int predictions, char ***ids)
{
    fprintf(out, "family %s at %s = ", ct_family_name(E->family),
            ct_family_symbol(E->family));
    ct_tune_write_q(out, E->x);
    fprintf(out, ": %ld instance%s, %ld scored node%s (ties: %s)\n", (long)E->ninst,
            ct_text_plural(E->ninst), (long)E->nnodes, ct_text_plural(E->nnodes),
            E->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest");
    fmpq_t acc;
    fmpq_init(acc);
    fmpq_one(acc);
    fmpq_sub(acc, acc, E->loss);
    fputs("loss ", out);
    ct_tune_write_q(out, E->loss);
    fputs(", accuracy ", out);
    ct_tune_write_q(out, acc);
    fprintf(out, "\ntied scored nodes: %ld\nper instance:\n", (long)E->ntied);
    for (slong t = 0; t < E->ninst; t++) {
        fprintf(out, "  %s  loss ", names[t]);
        ct_tune_write_q(out, E->inst_loss + t);
        fputc('\n', out);
    }
    if (predictions) {
        fputs("predictions (node, predicted class, true class, classes tied):\n", out);
        for (slong k = 0; k < E->nnodes; k++) {
            const ct_evaluate_node *v = E->nodes + k;
            fprintf(out, "  %s  node %ld", names[v->inst], (long)v->node + 1);
            _ct_cli_ids_print(out, ids, v->inst, v->node, 0);
            fprintf(out, "  predicted %ld  true %ld  tied %ld\n", (long)v->pred,
                    (long)v->truth, (long)v->ntied);
        }
    }
    fmpq_clear(acc);
}

static void eval_json(FILE *out, const ct_evaluate_t E, const char *const *names,
                      int predictions, char ***ids)
{
    fmpq_t acc;
    fmpq_init(acc);
    fmpq_one(acc);
    fmpq_sub(acc, acc, E->loss);
    fprintf(out, "{\"family\": \"%s\", ", ct_report_family_name(E->family));
    ct_tune_json_q(out, "at", E->x);
    fprintf(out, ", \"ties\": \"%s\", \"instances\": %ld, \"scored_nodes\": %ld, ",
            E->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest", (long)E->ninst,
            (long)E->nnodes);
    ct_tune_json_q(out, "loss", E->loss);
    fputs(", ", out);
    ct_tune_json_q(out, "accuracy", acc);
    fprintf(out, ", \"tied_nodes\": %ld,\n \"per_instance\": [", (long)E->ntied);
    for (slong t = 0; t < E->ninst; t++) {
        fputs(t ? ",\n  {\"file\": " : "\n  {\"file\": ", out);
        ct_text_json_string(out, names[t]);
        fputs(", ", out);
        ct_tune_json_q(out, "loss", E->inst_loss + t);
        fmpq_one(acc);
        fmpq_sub(acc, acc, E->inst_loss + t);
        fputs(", ", out);
        ct_tune_json_q(out, "accuracy", acc);
        fputc('}', out);
    }
    fputs("]", out);
    if (predictions) {
        fputs(",\n \"predictions\": [", out);
        for (slong k = 0; k < E->nnodes; k++) {
            const ct_evaluate_node *v = E->nodes + k;
            fprintf(out, "%s{\"instance\": %ld, \"node\": %ld", k ? ",\n  " : "\n  ",
                    (long)v->inst, (long)v->node + 1);
            _ct_cli_ids_print(out, ids, v->inst, v->node, 1);
            fprintf(out, ", \"predicted\": %ld, \"true\": %ld, \"tied\": %ld}",
                    (long)v->pred, (long)v->truth, (long)v->ntied);
        }
        fputs("]", out);
    }
    fputs("}\n", out);
    fmpq_clear(acc);
}

static int eval_check_domain(ct_family_t family, const fmpq_t at)
{
    if (ct_evaluate_in_domain(family, at))
        return 0;
    char *s = fmpq_get_str(NULL, 10, at);
    fprintf(stderr, "certune: --at %s is outside the domain of %s (%s)\n", s,
            ct_family_name(family), ct_family_domain_text(family));
    flint_free(s);
    return CERTUNE_EXIT_INPUT;
}

static int eval_print(const eval_options *o, const ct_evaluate_t E,
                      const char *const *names, char ***ids)
{
    if (o->json)
        eval_json(stdout, E, names, o->predictions, ids);
    else
        eval_text(stdout, E, names, o->predictions, ids);
    if (fflush(stdout) != 0) {
        perror("certune: writing the report");
        return CERTUNE_EXIT_INPUT;
    }
    return 0;
}

/* The loss read from the profiles' exact places (merged as `merge` does). */
static int eval_run_profiles(const eval_options *o)
{
    ct_profile_t P;
    int rc = ct_cli_merge_profiles(P, o->files, o->nfiles, 0);
    if (rc)
        return rc;
    rc = _ct_cli_profile_settings(P, o->files[0], o->have_family ? &o->family : NULL,
                                  o->have_c ? o->c : NULL, o->have_ties ? &o->ties : NULL,
                                  o->have_score ? &o->score_all : NULL);
    if (rc == 0)
        rc = eval_check_domain(P->A.family, o->at);
    if (rc == 0 && P->A.nundecided) {
        ct_report_write_undecided(stderr, &P->A);
        rc = CERTUNE_EXIT_UNDECIDED;
    }
    ct_evaluate_t E;
    if (rc == 0 && (rc = _ct_cli_eval_from_profile(E, P, o->at, o->files[0])) == 0) {
        rc = eval_print(o, E, (const char *const *)P->names, NULL);
        ct_evaluate_clear(E);
    }
    ct_profile_clear(P);
    return rc;
}

/* One direct solve per component at X (evaluate.h). */
static int eval_run_instances(const eval_options *o)
{
    int rc = eval_check_domain(o->family, o->at);
    if (rc)
        return rc;
    ct_instance_struct *insts;
    slong m;
    rc = ct_cli_load_paths(&insts, &m, o->files, o->nfiles, ct_cli_default_threads());
    if (rc)
        return rc;
    ct_evaluate_t E;
    char err[CERTUNE_ERRLEN];
    if (ct_evaluate_run(E, o->family, o->c, o->at, insts, m, o->score_all, o->ties, err,
                        sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else {
        const char **names = ct_mem_malloc(sizeof(char *) * (size_t)m);
        for (slong t = 0; t < m; t++)
            names[t] = insts[t].path;
        char ***ids = o->predictions ? _ct_cli_ids_load(insts, m) : NULL;
        rc = eval_print(o, E, names, ids);
        _ct_cli_ids_free(ids, insts, m);
        free(names);
    }
    ct_evaluate_clear(E);
    ct_cli_free_instances(insts, m);
    return rc;
}

int ct_cli_eval_main(int argc, char **argv)
{
    eval_options o;
    int rc = eval_parse_args(&o, argc, argv);
    if (rc == 0)
        rc = o.profiles ? eval_run_profiles(&o) : eval_run_instances(&o);
    free(o.files);
    fmpq_clear(o.c);
    fmpq_clear(o.at);
    return rc;
}
