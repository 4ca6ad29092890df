/* cli_instance: `certune instance`: a whole dataset with a standard split as
   one .gssl instance (docs/tuning.md, "One graph with its split"). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/whole.h"

typedef struct {
    const char *dataset, *data_root, *split, *out;
    int score, force;
} instance_options;

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
        else if ((v = ct_opt_value(argc, argv, &i, "--score")) != NULL) {
            if (ct_whole_score_parse(&o->score, v))
                rc = ct_opt_usage_error("--score takes val, test or all, not '%s'", v);
        } else
            rc = ct_opt_usage_error("unknown or incomplete argument '%s'", argv[i]);
    }
    if (rc == 0 && (o->dataset == NULL || o->split == NULL || o->out == NULL))
        rc = ct_opt_usage_error("%s", "instance needs --dataset, --split and --out");
    return rc;
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

int ct_cli_instance_main(int argc, char **argv)
{
    instance_options o;
    ct_whole_split_struct S;
    char err[CERTUNE_ERRLEN];
    int rc = instance_parse_args(&o, argc, argv);
    if (rc)
        return rc;
    if (ct_whole_split_parse(&S, o.split, err, sizeof(err)))
        return ct_opt_usage_error("%s", err);
    if (S.kind == CT_WHOLE_SPLIT_GEOM && S.index < 0)
        return ct_opt_usage_error("%s", "instance writes one split: --split geom-gcn:K "
                                        "with K in 0..9");
    struct stat st;
    if (!o.force && stat(o.out, &st) == 0) {
        fprintf(stderr, "certune: %s exists (--force replaces it)\n", o.out);
        return CERTUNE_EXIT_INPUT;
    }
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
