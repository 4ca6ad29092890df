/* cli_merge: `certune merge F.ctp...`: profiles of disjoint shards of one
   instance set merged exactly, reported as `analyze` reports the whole set
   (docs/scale.md). A missing shard fails the run unless --keep-going. */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/report.h"

typedef struct {
    int json, keep_going;
    const char *save_profile;
    const char **files;
    slong nfiles;
} merge_options;

static int parse_merge_args(merge_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    int operands = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (operands)
            o->files[o->nfiles++] = argv[i];
        else if (strcmp(argv[i], "--") == 0)
            operands = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--save-profile")) != NULL)
            o->save_profile = v;
        else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--keep-going") == 0)
            o->keep_going = 1;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return ct_opt_usage_error("unknown or incomplete option '%s'", argv[i]);
        else
            o->files[o->nfiles++] = argv[i];
    }
    if (o->nfiles == 0)
        return ct_opt_usage_error("%s", "merge needs at least one profile FILE");
    return 0;
}

/* Reads every profile, then merges them pairwise in a fixed tree order; the
   union ends in P[0]. Returns 0 or 2 (message printed; all cleared). */
static int merge_load_all(ct_profile_struct *P, const merge_options *o)
{
    char err[CERTUNE_ERRLEN];
    slong n = o->nfiles, k;
    for (k = 0; k < n; k++)
        if (ct_profile_read(P + k, o->files[k], err, sizeof(err))) {
            fprintf(stderr, "certune: %s\n", err);
            for (slong j = 0; j <= k; j++)
                ct_profile_clear(P + j);
            return CERTUNE_EXIT_INPUT;
        }
    int rc = 0;
    for (slong w = 1; w < n; w *= 2)
        for (slong i = 0; i + w < n; i += 2 * w) {
            ct_profile_t R;
            if (rc == 0 && ct_profile_merge(R, P + i, P + i + w, err, sizeof(err))) {
                fprintf(stderr, "certune: %s\n", err);
                rc = CERTUNE_EXIT_INPUT;
                ct_profile_clear(R);
            }
            if (rc == 0) {
                ct_profile_clear(P + i);
                P[i] = *R;
            }
            ct_profile_clear(P + i + w);
        }
    if (rc)
        ct_profile_clear(P + 0);
    return rc;
}

/* A missing shard: an error, or with --keep-going a warning naming them. */
static int merge_check_complete(const ct_profile_t P, int keep_going)
{
    if (P->nshards == P->shard_k)
        return 0;
    fprintf(stderr, "certune: %s: %ld of %ld instances; missing shards",
            keep_going ? "warning: partial report" : "incomplete", (long)P->A.ninst,
            (long)P->set_size);
    for (slong s = 0, j = 0; s < P->shard_k; s++) {
        if (j < P->nshards && P->shards[j] == s)
            j++;
        else
            fprintf(stderr, " %ld/%ld", (long)s, (long)P->shard_k);
    }
    fprintf(stderr, "%s\n", keep_going ? "" : " (rerun them, or pass --keep-going)");
    return keep_going ? 0 : CERTUNE_EXIT_INPUT;
}

static int merge_report(const merge_options *o, ct_profile_t P)
{
    int rc = merge_check_complete(P, o->keep_going);
    if (rc == 0 && P->nshards == P->shard_k && P->A.ninst != P->set_size) {
        fprintf(stderr,
                "certune: the shards hold %ld instances, not the %ld of the set\n",
                (long)P->A.ninst, (long)P->set_size);
        rc = CERTUNE_EXIT_INPUT;
    }
    if (rc == 0 && o->save_profile != NULL)
        rc = ct_cli_save_profile(o->save_profile, P);
    if (rc)
        return rc;
    if (P->A.nundecided) {
        ct_report_write_undecided(stderr, &P->A);
        if (o->json)
            ct_report_write_json(stdout, &P->A);
        return CERTUNE_EXIT_UNDECIDED;
    }
    if (o->json)
        ct_report_write_json(stdout, &P->A);
    else
        ct_report_write_text(stdout, &P->A);
    return CERTUNE_EXIT_OK;
}

int ct_cli_merge_main(int argc, char **argv)
{
    merge_options o;
    int rc = parse_merge_args(&o, argc, argv);
    if (rc == 0) {
        ct_profile_struct *P = flint_malloc(o.nfiles * sizeof(ct_profile_struct));
        rc = merge_load_all(P, &o);
        if (rc == 0) {
            rc = merge_report(&o, P + 0);
            ct_profile_clear(P + 0);
        }
        flint_free(P);
        if (fflush(stdout) != 0) {
            perror("certune: writing the report");
            rc = CERTUNE_EXIT_INPUT;
        }
    }
    free(o.files);
    return rc;
}
