/* cli_instance: `certune instance`: a whole dataset with a standard split as
   one .gssl instance (docs/tuning.md, "One graph with its split"), or the
   user's own graph files as one (--edges; docs/formats.md, "Your own graph"). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/graphin.h"
#include "certune/text.h"
#include "certune/whole.h"

typedef struct {
    const char *dataset, *data_root, *split, *out, *score_arg;
    int score, force;
    ct_graphin_spec_struct own; /* --edges and its files */
    const char *own_only;       /* an option of --edges, for the usage error */
} instance_options;

/* The options of --edges; 0, 1 when argv[*i] is none of them, or the usage
   status. */
static int instance_own_option(instance_options *o, int argc, char **argv, int *i)
{
    const char *v;
    const char *const arg = argv[*i];
    if ((v = ct_opt_value(argc, argv, i, "--edges")) != NULL)
        o->own.edges = v;
    else if ((v = ct_opt_value(argc, argv, i, "--labels")) != NULL)
        o->own.labels = v;
    else if ((v = ct_opt_value(argc, argv, i, "--truth")) != NULL)
        o->own.truth = v;
    else if ((v = ct_opt_value(argc, argv, i, "--directed")) != NULL) {
        if (ct_graphin_directed_parse(&o->own.directed, v))
            return ct_opt_usage_error("--directed takes error, sum or max, not '%s'", v);
    } else if ((v = ct_opt_value(argc, argv, i, "--self-loops")) != NULL) {
        if (ct_graphin_loops_parse(&o->own.loops, v))
            return ct_opt_usage_error("--self-loops takes error or drop, not '%s'", v);
    } else
        return 1;
    if (strncmp(arg, "--edges", 7) != 0)
        o->own_only = arg;
    return 0;
}

/* The combination given: --dataset with --split, or --edges with --labels. */
static int instance_check_args(instance_options *o)
{
    if (o->out == NULL || (o->dataset == NULL) == (o->own.edges == NULL))
        return ct_opt_usage_error("%s", "instance needs --out and either --dataset and "
                                        "--split, or --edges and --labels");
    if (o->own.edges != NULL) {
        if (o->dataset != NULL || o->split != NULL || o->data_root != NULL)
            return ct_opt_usage_error("%s", "--split and --data-root go with --dataset, "
                                            "not --edges");
        if (o->own.labels == NULL)
            return ct_opt_usage_error("%s", "--edges needs --labels FILE");
        if (o->score_arg != NULL && o->own.truth == NULL)
            return ct_opt_usage_error("%s",
                                      "--score FILE needs --truth FILE (the classes "
                                      "of the nodes it scores)");
        o->own.score = o->score_arg;
        return 0;
    }
    if (o->own_only != NULL)
        return ct_opt_usage_error("%s goes with --edges, not --dataset", o->own_only);
    if (o->split == NULL)
        return ct_opt_usage_error("%s", "--dataset needs --split");
    if (o->score_arg != NULL && ct_whole_score_parse(&o->score, o->score_arg))
        return ct_opt_usage_error("--score takes val, test or all, not '%s'",
                                  o->score_arg);
    return 0;
}

static int instance_parse_args(instance_options *o, int argc, char **argv)
{
    const char *v;
    int rc = 0;
    memset(o, 0, sizeof(*o));
    o->score = CT_WHOLE_SCORE_VAL;
    for (int i = 1; i < argc && rc == 0; i++) {
        if (strcmp(argv[i], "--force") == 0)
            o->force = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--dataset")) != NULL)
            o->dataset = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--data-root")) != NULL)
            o->data_root = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--split")) != NULL)
            o->split = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--out")) != NULL)
            o->out = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--score")) != NULL)
            o->score_arg = v;
        else if ((rc = instance_own_option(o, argc, argv, &i)) == 1)
            rc = ct_opt_usage_error("unknown or incomplete argument '%s'", argv[i]);
    }
    return rc ? rc : instance_check_args(o);
}

/* The dataset with the shipped splits S needs; 0 or 2 (message printed). */
static int instance_load(ct_dataset_t D, const instance_options *o,
                         const ct_whole_split_struct *S)
{
    char err[CERTUNE_ERRLEN];
    if (ct_whole_load(D, o->dataset, o->data_root, S, err, sizeof(err)) == 0)
        return 0;
    fprintf(stderr, "certune: %s\n", err);
    return CERTUNE_EXIT_INPUT;
}

/* Builds and writes the instance (whole or not at all); 0 or 2. */
static int instance_write(const instance_options *o, const ct_dataset_t D,
                          const ct_whole_split_struct *S)
{
    char err[CERTUNE_ERRLEN];
    signed char *codes = flint_malloc(FLINT_MAX(D->n, 1));
    ct_instance_t inst;
    int rc = ct_whole_split_codes(codes, D, S, 0, err, sizeof(err)) ||
             ct_whole_instance(inst, D, codes, o->score, o->out, err, sizeof(err));
    flint_free(codes);
    if (rc) {
        fprintf(stderr, "certune: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    ct_opt_atomic_struct W;
    FILE *f = ct_opt_atomic_open(&W, o->out);
    int ok = f != NULL && ct_whole_write(f, inst, D, S, 0, o->score) == 0;
    if (ct_opt_atomic_close(&W, ok, err, sizeof(err))) {
        fprintf(stderr, "certune: cannot write the instance: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else
        ct_cli_instance_summary(stdout, inst, o->out);
    ct_instance_clear(inst);
    return rc;
}

/* How a text file was read: "comma-separated, header on line K; N lines". */
static void instance_own_file(FILE *out, const ct_graphin_file_struct *F)
{
    fputs(F->sep == '\n'   ? "one id per line"
          : F->sep == ','  ? "comma-separated"
          : F->sep == '\t' ? "tab-separated"
                           : "blank-separated",
          out);
    if (F->header > 0)
        fprintf(out, ", header on line %ld", (long)F->header);
    else
        fputs(", no header", out);
    fprintf(out, "; %ld line%s\n", (long)F->lines, F->lines == 1 ? "" : "s");
}

/* What each file gave, the instance, the class names and the isolated nodes. */
static void instance_own_summary(FILE *out, const ct_graphin_t G,
                                 const ct_graphin_spec_struct *S, const char *path)
{
    static const char *const kind[3] = {"an edge list", "a Matrix Market matrix",
                                        "a scipy.sparse .npz matrix"};
    const ct_instance_struct *I = G->inst;
    fprintf(out, "edges %s: %s", S->edges, kind[G->format]);
    if (G->format == CT_GRAPHIN_FORMAT_TEXT) {
        fputs(", ", out);
        instance_own_file(out, &G->edges_file);
    } else
        fprintf(out, "; %ld entr%s\n", (long)G->entries, G->entries == 1 ? "y" : "ies");
    fprintf(out, "  %ld edge%s", (long)I->nedges, I->nedges == 1 ? "" : "s");
    if (G->combined > 0)
        fprintf(out, ", %ld entr%s merged (--directed %s)", (long)G->combined,
                G->combined == 1 ? "y" : "ies", ct_graphin_directed_name(S->directed));
    if (G->zero > 0)
        fprintf(out, ", %ld entr%s of weight 0 (no edge)", (long)G->zero,
                G->zero == 1 ? "y" : "ies");
    if (G->loops > 0)
        fprintf(out, ", %ld self-loop%s dropped", (long)G->loops,
                G->loops == 1 ? "" : "s");
    fputc('\n', out);
    const char *const what[3] = {"labels", "truth", "score"};
    const char *const paths[3] = {S->labels, S->truth, S->score};
    const ct_graphin_file_struct *files[3] = {&G->labels_file, &G->truth_file,
                                              &G->score_file};
    for (int k = 0; k < 3; k++)
        if (paths[k] != NULL) {
            fprintf(out, "%s %s: ", what[k], paths[k]);
            instance_own_file(out, files[k]);
        }
    ct_cli_instance_summary(out, I, path);
    for (slong k = 0; G->class_name != NULL && k < I->c; k++) {
        fprintf(out, "%s%ld ", k == 0 ? "classes (by name, sorted): " : ", ", (long)k);
        ct_text_write_escaped(out, G->class_name[k]);
        fputs(k + 1 == I->c ? "\n" : "", out);
    }
    if (G->isolated > 0)
        fprintf(out,
                "isolated: %ld node%s without an edge (%ld named only in the labels "
                "or truth file)\n",
                (long)G->isolated, G->isolated == 1 ? "" : "s", (long)G->named_only);
}

/* The user's own files read, written whole or not at all, summarized; 0 or 2. */
static int instance_own(const instance_options *o)
{
    char err[CERTUNE_ERRLEN];
    ct_graphin_t G;
    if (ct_graphin_read(G, &o->own, o->out, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    ct_opt_atomic_struct W;
    FILE *f = ct_opt_atomic_open(&W, o->out);
    int ok = f != NULL && ct_graphin_write(f, G, &o->own) == 0, rc = 0;
    if (ct_opt_atomic_close(&W, ok, err, sizeof(err))) {
        fprintf(stderr, "certune: cannot write the instance: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else
        instance_own_summary(stdout, G, &o->own, o->out);
    ct_graphin_clear(G);
    return rc;
}

/* Refuses to replace out unless --force; 0 or 2. */
static int instance_check_out(const instance_options *o)
{
    struct stat st;
    if (o->force || stat(o->out, &st) != 0)
        return 0;
    fprintf(stderr, "certune: %s exists (--force replaces it)\n", o->out);
    return CERTUNE_EXIT_INPUT;
}

int ct_cli_instance_main(int argc, char **argv)
{
    instance_options o;
    ct_whole_split_struct S;
    char err[CERTUNE_ERRLEN];
    int rc = instance_parse_args(&o, argc, argv);
    if (rc)
        return rc;
    if (o.own.edges != NULL)
        return instance_check_out(&o) ? CERTUNE_EXIT_INPUT : instance_own(&o);
    if (ct_whole_split_parse(&S, o.split, err, sizeof(err)))
        return ct_opt_usage_error("%s", err);
    if (S.kind == CT_WHOLE_SPLIT_GEOM && S.index < 0)
        return ct_opt_usage_error("%s", "instance writes one split: --split geom-gcn:K "
                                        "with K in 0..9");
    if (instance_check_out(&o))
        return CERTUNE_EXIT_INPUT;
    ct_dataset_t D;
    if ((rc = instance_load(D, &o, &S)) != 0)
        return rc;
    rc = instance_write(&o, D, &S);
    ct_dataset_clear(D);
    return rc;
}

void ct_cli_instance_summary(FILE *out, const ct_instance_t inst, const char *path)
{
    slong nlab = 0, nscored = 0;
    for (slong i = 0; i < inst->n; i++)
        nlab += inst->label[i] >= 0, nscored += inst->held[i] >= 0;
    ct_whole_unreached_struct U;
    ct_whole_unreached(&U, inst);
    fprintf(out, "wrote %s: %ld nodes, %ld edges, %ld classes; %ld labeled, %ld scored\n",
            path, (long)inst->n, (long)inst->nedges, (long)inst->c, (long)nlab,
            (long)nscored);
    if (U.nodes > 0)
        fprintf(out,
                "unreached: %ld scored node%s in %ld component%s without a labeled node "
                "(F = 0 there: a tie among all %ld classes; ties smallest predicts class "
                "0, right for %ld of them)\n",
                (long)U.nodes, U.nodes == 1 ? "" : "s", (long)U.comps,
                U.comps == 1 ? "" : "s", (long)inst->c, (long)U.class0);
}
