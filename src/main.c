/* certune: the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/analyze.h"
#include "certune/certune.h"
#include "certune/instance.h"
#include "certune/report.h"

static const char *usage_text =
    "usage: certune analyze --family lambda [--score unlabeled|all] [--json] FILE...\n"
    "\n"
    "  analyze   the exact, certified piecewise-constant empirical loss of a\n"
    "            label-propagation family over its hyperparameter, for the set of\n"
    "            .gssl instances FILE..., with its minimizer\n"
    "\n"
    "options:\n"
    "  --family F    lambda (smoothing, lambda in (0, +inf))\n"
    "  --score S     unlabeled (default): score held-out `t` nodes;\n"
    "                all: also score labeled nodes against their given class\n"
    "  --json        print the JSON object of docs/formats.md instead of text\n"
    "  --help        print this help\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid input, 3 undecided\n";

typedef struct {
    family_t family;
    int have_family, score_all, json;
    const char **files;
    slong nfiles;
} analyze_options;

static int usage_error(const char *fmt, const char *arg)
{
    fputs("certune: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'certune --help'.\n", stderr);
    return CERTUNE_EXIT_USAGE;
}

/* The value of option name at argv[*i] ("--name V" or "--name=V"), or NULL. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0)
        return NULL;
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (argv[*i][len] == '\0' && *i + 1 < argc)
        return argv[++*i];
    return NULL;
}

static int parse_family(analyze_options *o, const char *v)
{
    if (strcmp(v, "lambda") == 0) {
        o->family = FAMILY_LAMBDA;
        o->have_family = 1;
        return 0;
    }
    if (strcmp(v, "alpha") == 0 || strcmp(v, "delta") == 0)
        return usage_error("--family %s is not available in this version (lambda is)", v);
    return usage_error("unknown family '%s' (expected lambda)", v);
}

static int parse_analyze_args(analyze_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    o->files = malloc(sizeof(char *) * (size_t)(argc + 1));
    for (int i = 2; i < argc; i++) {
        const char *v;
        int rc = 0;
        if ((v = option_value(argc, argv, &i, "--family")) != NULL)
            rc = parse_family(o, v);
        else if ((v = option_value(argc, argv, &i, "--score")) != NULL) {
            if (strcmp(v, "all") == 0 || strcmp(v, "unlabeled") == 0)
                o->score_all = strcmp(v, "all") == 0;
            else
                rc = usage_error("--score takes unlabeled or all, not '%s'", v);
        } else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--c") == 0 || strncmp(argv[i], "--c=", 4) == 0)
            rc = usage_error("%s applies only to --family delta", "--c");
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            rc = usage_error("unknown or incomplete option '%s'", argv[i]);
        else
            o->files[o->nfiles++] = argv[i];
        if (rc)
            return rc;
    }
    if (!o->have_family)
        return usage_error("%s", "analyze needs --family lambda");
    if (o->nfiles == 0)
        return usage_error("%s", "analyze needs at least one FILE");
    return 0;
}

static int load_all(instance_struct *insts, const analyze_options *o)
{
    char err[CERTUNE_ERRLEN];
    for (slong t = 0; t < o->nfiles; t++)
        if (instance_load(insts + t, o->files[t], err, sizeof(err))) {
            fprintf(stderr, "certune: %s\n", err);
            for (slong u = 0; u < t; u++)
                instance_clear(insts + u);
            return CERTUNE_EXIT_INPUT;
        }
    return 0;
}

/* Prints the report only once everything is computed, so a failure never
   leaves a partial result on stdout. */
static int run_analyze(const analyze_options *o)
{
    instance_struct *insts = calloc((size_t)o->nfiles, sizeof(instance_struct));
    int rc = load_all(insts, o);
    if (rc) {
        free(insts);
        return rc;
    }
    char err[CERTUNE_ERRLEN];
    analysis_t A;
    if (analysis_run(A, o->family, insts, o->nfiles, o->score_all, stderr, err,
                     sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else {
        if (o->json)
            report_write_json(stdout, A);
        else
            report_write_text(stdout, A);
        rc = A->nundecided ? CERTUNE_EXIT_UNDECIDED : CERTUNE_EXIT_OK;
    }
    analysis_clear(A);
    for (slong t = 0; t < o->nfiles; t++)
        instance_clear(insts + t);
    free(insts);
    if (fflush(stdout) != 0) {
        perror("certune: writing the report");
        return CERTUNE_EXIT_INPUT;
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "missing command (analyze)");
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage_text, stdout);
        return CERTUNE_EXIT_OK;
    }
    if (strcmp(argv[1], "analyze") != 0)
        return usage_error("unknown command '%s' (expected analyze)", argv[1]);
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0) {
            fputs(usage_text, stdout);
            return CERTUNE_EXIT_OK;
        }
    analyze_options o;
    int rc = parse_analyze_args(&o, argc, argv);
    if (rc == 0)
        rc = run_analyze(&o);
    free(o.files);
    return rc;
}
