/* certune: the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/gnn_cli.h"
#include "certune/mem.h"

static const char *usage_text =
    "usage: certune analyze --family F [--c Q] [--score unlabeled|all] [--json]\n"
    "                       [--per-instance] [--plot FILE.svg [--x linear|log|logit]]\n"
    "                       [--ties T] [--progress] [--threads N] [--shard I/K]\n"
    "                       [--save-profile F.ctp] FILE|DIR...\n"
    "       certune merge [--json] [--keep-going] [--save-profile OUT.ctp] F.ctp...\n"
    "       certune bounds --family F [--c Q] [--json] [--plot FILE.svg] [--progress]\n"
    "                      [--threads N]\n"
    "                      FILE|DIR...\n"
    "       certune shatter --family F [--c Q] --m M --out DIR [--force]\n"
    "       certune verify-shatter [--family F] [--c Q] DIR\n"
    "       certune sample --dataset NAME|DIR [--data-root DIR] --nodes N\n"
    "                      --count M [--labeled FRAC] [--sampler S] [--seed S]\n"
    "                      --out DIR [--force]\n"
    "       certune instance --dataset NAME|DIR [--data-root DIR] --split S\n"
    "                        [--score val|test|all] --out FILE.gssl [--force]\n"
    "       certune eval --family F [--c Q] --at X [--ties T] [--json] [--predictions]\n"
    "                    FILE|DIR...|PROFILE.ctp...\n"
    "       certune tune --family F|all [--c Q] --train FILE|DIR... --test FILE|DIR...\n"
    "                    [--grid G] [--rademacher K] [--ties T] [--json] [--plot F.svg]\n"
    "       certune gnn train ... (certune gnn --help)\n"
    "\n"
    "  analyze         the exact, certified piecewise-constant empirical loss of a\n"
    "                  label-propagation family over its hyperparameter, for the set\n"
    "                  of .gssl instances FILE..., with its minimizer\n"
    "  merge           merges profiles of shards (analyze --shard --save-profile)\n"
    "                  exactly and reports the whole set as analyze does\n"
    "  bounds          per instance, component, node and class pair: certified sign\n"
    "                  changes against the proven bounds (exit 4 if one is exceeded)\n"
    "  shatter         writes M lower-bound instances and their witness file to DIR\n"
    "  verify-shatter  checks exactly that DIR's instances are pseudo-shattered\n"
    "                  (exit 0 only then, 4 when not)\n"
    "  eval            the exact loss at the rational X, by one exact solve per "
    "instance\n"
    "                  (or read from profiles; eval and tune take profiles too)\n"
    "  tune            exact ERM on --train, its exact loss on --test, the test "
    "optimum,\n"
    "                  a grid search and the Rademacher bound (docs/tuning.md)\n"
    "  sample          cuts M connected N-node .gssl instances (unit weights, a\n"
    "                  fraction FRAC labeled, default 0.2, the rest held out with\n"
    "                  their true class) out of a dataset folder (docs/gnn-data.md)\n"
    "  instance        a whole dataset with a standard split as one .gssl instance\n"
    "                  (training nodes labeled, validation or test nodes scored)\n"
    "\n"
    "  certune SUB --help   the options of SUB, with an example\n"
    "  certune --version    the version\n"
    "\n"
    "options:\n"
    "  --family F    lambda (smoothing, lambda in (0, +inf)),\n"
    "                alpha (local and global consistency, alpha in (0, 1)) or\n"
    "                delta (normalized adjacency, delta in [0, 1])\n"
    "  --c Q         delta's constant, an exact rational in (0, 1) (default 99/100)\n"
    "  --score S     unlabeled (default): score held-out `t` nodes;\n"
    "                all: also score labeled nodes against their given class\n"
    "  --ties T      smallest (default): a tie goes to the smallest class;\n"
    "                expected: a node tied among t classes costs 1 - 1/t if its class\n"
    "                is among them, else 1 (analyze, eval, tune)\n"
    "  --json        print JSON (docs/formats.md) instead of text\n"
    "  --plot FILE   also draw an SVG plot\n"
    "  --x S         the plot's x scale: linear, log (lambda's default) or logit\n"
    "                (alpha and delta: spreads both ends of (0, 1))\n"
    "  --help        print this help\n"
    "  --            ends the options (a FILE may then start with '-')\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid input, 3 undecided (what\n"
    "             could not be certified is printed; no loss is reported),\n"
    "             4 a checked property is false (bounds, verify-shatter),\n"
    "             5 out of memory (or a size beyond FLINT's limits)\n";

typedef int (*command_fn)(int, char **);

static command_fn find_command(const char *name)
{
    static const struct {
        const char *name;
        command_fn fn;
    } commands[] = {
        {"analyze", ct_cli_analyze_main}, {"bounds", ct_cli_bounds_main},
        {"shatter", ct_cli_shatter_main}, {"verify-shatter", ct_cli_verify_shatter_main},
        {"sample", ct_cli_sample_main},   {"instance", ct_cli_instance_main},
        {"gnn", ct_gnn_cli_main},         {"eval", ct_cli_eval_main},
        {"tune", ct_cli_tune_main},       {"merge", ct_cli_merge_main}};
    for (size_t k = 0; k < sizeof(commands) / sizeof(commands[0]); k++)
        if (strcmp(name, commands[k].name) == 0)
            return commands[k].fn;
    return NULL;
}

/* --help or -h before any "--" (after it they are operands). */
static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

/* The help of sub, or the global page when sub has none of its own. */
static int print_help(const char *sub)
{
    if (sub == NULL || ct_cli_help(stdout, sub) != 0)
        fputs(usage_text, stdout);
    return CERTUNE_EXIT_OK;
}

int main(int argc, char **argv)
{
    ct_mem_install();                /* out of memory anywhere: a message and exit 5 */
    if (ct_mem_limit_default() != 0) /* before the kernel's OOM killer would */
        return ct_opt_usage_error("%s", "CERTUNE_MAX_MEMORY: expected a whole number "
                                        "of MiB from 1 to 2^40");
    /* OpenBLAS (loaded later by blas.c, maybe from an analysis thread) reads
       this when it loads: one thread, so no pool that spins for 0.1 s of CPU
       before blas.c can set the count. Set here, while single-threaded. */
    setenv("OPENBLAS_NUM_THREADS", "1", 0);
    if (argc < 2)
        return ct_opt_usage_error("%s",
                                  "missing command (analyze, bounds, shatter, ...)");
    if (strcmp(argv[1], "--version") == 0) {
        printf("certune %s\n", CERTUNE_VERSION);
        return ct_opt_finish_stdout(CERTUNE_EXIT_OK);
    }
    if (strcmp(argv[1], "help") == 0)
        return ct_opt_finish_stdout(print_help(argc > 2 ? argv[2] : NULL));
    if (argv[1][0] == '-' && wants_help(argc, argv))
        return ct_opt_finish_stdout(print_help(NULL));
    command_fn fn = find_command(argv[1]);
    if (fn == NULL)
        return ct_opt_usage_error("unknown command '%s'", argv[1]);
    if (fn != ct_gnn_cli_main && wants_help(argc - 1, argv + 1))
        return ct_opt_finish_stdout(print_help(argv[1]));
    ct_opt_set_command(argv[1]);
    ct_mem_set_context("running certune %s", argv[1]);
    int rc = ct_opt_finish_stdout(fn(argc - 1, argv + 1));
    ct_cli_spool_clear();   /* inputs read once, kept for their second look */
    flint_cleanup_master(); /* FLINT's integer cache, so valgrind sees no leak */
    return rc;
}
