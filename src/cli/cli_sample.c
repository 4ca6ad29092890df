/* cli_sample: `certune sample`, .gssl instances cut out of a real dataset. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/sample.h"

typedef struct {
    const char *dataset, *data_root, *out;
    long nodes, count;
    double labeled;
    unsigned long seed;
    int force, sampler;
} sample_options;

static int sample_number(double *x, const char *v, double lo, double hi, const char *opt)
{
    char *end;
    *x = strtod(v, &end);
    if (*end != '\0' || !(*x >= lo && *x <= hi))
        return ct_opt_usage_error("%s is out of range or malformed", opt);
    return 0;
}

static int sample_parse_args(sample_options *o, int argc, char **argv)
{
    const char *v;
    double x;
    int rc = 0;
    memset(o, 0, sizeof(*o));
    o->labeled = 0.2;
    for (int i = 1; i < argc && rc == 0; i++) {
        if (strcmp(argv[i], "--force") == 0)
            o->force = 1;
        else if (strcmp(argv[i], "--") == 0 && i + 1 == argc)
            continue; /* ends options; sample takes no operand */
        else if ((v = ct_opt_value(argc, argv, &i, "--dataset")) != NULL)
            o->dataset = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--data-root")) != NULL)
            o->data_root = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--out")) != NULL)
            o->out = v;
        else if ((v = ct_opt_value(argc, argv, &i, "--nodes")) != NULL)
            rc = sample_number(&x, v, 1, 100000, "--nodes"), o->nodes = (long)x;
        else if ((v = ct_opt_value(argc, argv, &i, "--count")) != NULL)
            rc = sample_number(&x, v, 1, 1000000, "--count"), o->count = (long)x;
        else if ((v = ct_opt_value(argc, argv, &i, "--labeled")) != NULL)
            rc = sample_number(&o->labeled, v, 0, 1, "--labeled");
        else if ((v = ct_opt_value(argc, argv, &i, "--sampler")) != NULL) {
            if ((o->sampler = ct_sample_parse(v)) < 0)
                rc = ct_opt_usage_error(
                    "--sampler takes bfs, uniform, class or balanced, not '%s'", v);
        } else if ((v = ct_opt_value(argc, argv, &i, "--seed")) != NULL)
            rc = sample_number(&x, v, 0, 4e9, "--seed"), o->seed = (unsigned long)x;
        else
            rc = ct_opt_usage_error("unknown or incomplete argument '%s'", argv[i]);
    }
    if (rc == 0 &&
        (o->dataset == NULL || o->out == NULL || o->nodes == 0 || o->count == 0))
        rc = ct_opt_usage_error("%s",
                                "sample needs --dataset, --nodes, --count and --out");
    return rc;
}

/* The provenance of instance k as `%` comment lines (docs/formats.md,
   "Sampled instances"): dataset, seed, sampler, then the dataset ids of the
   nodes, 20 per line. */
static void sample_header(FILE *f, const sample_options *o, const ct_dataset_t D, long k,
                          const slong *ids)
{
    fprintf(f, "%% certune sample: dataset %s (%s), instance %ld of %ld, seed %lu\n",
            o->dataset, D->name, k, o->count, o->seed);
    static const char *const how[] = {"connected breadth-first sample",
                                      "uniform sample (--sampler uniform)",
                                      "sample within one class (--sampler class)",
                                      "class-balanced sample (--sampler balanced)"};
    fprintf(f,
            "%% sampler: %s of %ld labeled nodes, fraction labeled %g, unit "
            "weights\n",
            how[o->sampler], o->nodes, o->labeled);
    for (long a = 0; a < o->nodes; a++) {
        if (a % 20 == 0)
            fprintf(f, "%% dataset ids (0-based) of nodes %ld-%ld:", a + 1,
                    FLINT_MIN(a + 20, o->nodes));
        fprintf(f, " %ld%s", (long)ids[a], a % 20 == 19 || a + 1 == o->nodes ? "\n" : "");
    }
}

/* Digits of the file numbers: those of count, at least 3 (sample-001). */
static int sample_width(long count)
{
    int w = 1;
    for (; count >= 10; count /= 10)
        w++;
    return w < 3 ? 3 : w;
}

static int sample_write(const sample_options *o, const ct_dataset_t D)
{
    flint_rand_t state;
    flint_randinit(state);
    flint_randseed(state, o->seed + 1, o->seed * 2654435761UL + 7);
    int rc = 0, width = sample_width(o->count) & 15; /* at most 7 digits */
    char path[4096];
    slong *ids = flint_malloc(o->nodes * sizeof(slong));
    for (long k = 1; k <= o->count && rc == 0; k++) {
        ct_instance_t inst;
        if (snprintf(path, sizeof(path), "%s/sample-%0*ld.gssl", o->out, width, k) >=
            (int)sizeof(path)) {
            fprintf(stderr, "certune: %s: path too long\n", o->out);
            rc = CERTUNE_EXIT_INPUT;
            break;
        }
        if (ct_sample_instance_by(inst, ids, D, o->nodes, o->labeled, o->sampler, state,
                                  path)) {
            fprintf(stderr, "certune: %s: no %s set of %ld labeled nodes\n", o->dataset,
                    o->sampler == CT_SAMPLE_BFS        ? "connected"
                    : o->sampler == CT_SAMPLE_CLASS    ? "one-class"
                    : o->sampler == CT_SAMPLE_BALANCED ? "class-balanced"
                                                       : "",
                    o->nodes);
            rc = CERTUNE_EXIT_INPUT;
            break;
        }
        errno = 0;
        FILE *f = fopen(path, "w");
        if (f != NULL)
            sample_header(f, o, D, k, ids);
        int bad = f == NULL || ct_instance_write(inst, f) != 0;
        if (f != NULL && fclose(f) != 0)
            bad = 1;
        if (bad)
            rc = ct_opt_write_error(path, "the instance");
        ct_instance_clear(inst);
    }
    flint_free(ids);
    flint_randclear(state);
    return rc;
}

int ct_cli_sample_main(int argc, char **argv)
{
    sample_options o;
    int rc = sample_parse_args(&o, argc, argv);
    if (rc)
        return rc;
    char err[CERTUNE_ERRLEN];
    ct_dataset_t D;
    if (ct_dataset_load_named(D, o.dataset, o.data_root, CT_DATASET_SPLITS_DEFAULT, err,
                              sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    rc = ct_cli_prepare_out(o.out, o.force);
    if (rc) {
        ct_dataset_clear(D);
        return rc;
    }
    rc = sample_write(&o, D);
    ct_dataset_clear(D);
    if (rc == 0)
        printf("wrote %ld instances of %ld nodes to %s\n", o.count, o.nodes, o.out);
    return rc;
}
