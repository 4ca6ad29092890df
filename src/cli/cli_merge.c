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

static int merge_report(const merge_options *o, ct_profile_t P)
{
    int rc = 0;
    if (o->save_profile != NULL)
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
        ct_profile_t P;
        rc = ct_cli_merge_profiles(P, o.files, o.nfiles, o.keep_going);
        if (rc == 0) {
            rc = merge_report(&o, P);
            ct_profile_clear(P);
        }
        if (fflush(stdout) != 0) {
            perror("certune: writing the report");
            rc = CERTUNE_EXIT_INPUT;
        }
    }
    free(o.files);
    return rc;
}
