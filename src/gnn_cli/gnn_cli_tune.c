/* gnn_cli: `certune gnn tune`, options and the run of the tuners. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/base.h"
#include "certune/opt.h"
#include "gnn_cli_internal.h"

const char *_ct_gnn_cli_tune_usage =
    "usage: certune gnn tune --model gcan|sgc --tuner grid|backprop|bo|all\n"
    "                        --dataset NAME|DIR [--data-root DIR]\n"
    "                        [--subgraphs N] [--subgraph-nodes N] [--runs R]\n"
    "                        [--budget N] [--json] [--plot F.svg] [options]\n"
    "\n"
    "  tune      samples N training and N test subgraphs of connected labeled nodes\n"
    "            (each side combined into one disconnected graph), tunes GCAN's eta\n"
    "            (SGC's beta) on the training side and trains R runs at the chosen\n"
    "            value on the test side: test accuracy at the best validation epoch\n"
    "\n"
    "tuners:\n"
    "  grid      the values k / (G - 1), R runs each, best mean validation accuracy\n"
    "  backprop  eta = sigmoid(u), u learned with the weights (R runs; the mean of\n"
    "            each run's eta at its best validation epoch)\n"
    "  bo        Bayesian optimization (GP, Matern 5/2, expected improvement) with\n"
    "            as many forward passes as backprop (or --budget N)\n"
    "  all       the three, then the baselines GCN (eta 0) and GAT (eta 1)\n"
    "            (SGC: beta 0 and beta 1) on the same subgraphs and splits\n"
    "\n"
    "options (defaults: the paper's GCAN setup, docs/gnn.md):\n"
    "  --subgraphs N       subgraphs per side (default 20)\n"
    "  --subgraph-nodes N  nodes per subgraph (default 100)\n"
    "  --labeled X         training fraction of each subgraph (default 0.2)\n"
    "  --val X             validation fraction of each subgraph (default 0.2)\n"
    "  --sample-seed N     seed of the subgraphs and their splits (default 0)\n"
    "  --runs R            runs per grid value, backprop runs, test runs (default 3)\n"
    "  --grid G            grid values (default 11: 0, 0.1, ..., 1)\n"
    "  --grid-runs N       runs per grid value (default R)\n"
    "  --bo-evals N        BO evaluations (default 15; fewer on a small budget)\n"
    "  --budget N          BO forward passes (default: backprop's count with\n"
    "                      --tuner all, else 2 R epochs)\n"
    "  --epochs N, --patience N, --lr X, --weight-decay X, --hidden N, --heads N,\n"
    "  --dropout X, --k K  training settings as for `certune gnn train`\n"
    "  --threads N         training runs at once (default 2; same results for any N)\n"
    "  --json              print a JSON object (tuners: per method the chosen value,\n"
    "                      forward_passes, test_forward_passes, test_acc_mean,\n"
    "                      test_acc_ci90, trajectory)\n"
    "  --plot F.svg        validation accuracy against the value: grid means, BO\n"
    "                      evaluations, backprop runs\n"
    "  --progress          tuner, step, value and validation accuracy on stderr even\n"
    "                      when it is not a terminal\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid or missing dataset files\n";

static int tune_parse_model(_ct_gnn_cli_tune_args *o, const char *v)
{
    if (strcmp(v, "gcan") == 0)
        o->kind = CT_GNN_GCAN;
    else if (strcmp(v, "sgc") == 0)
        o->kind = CT_GNN_SGC;
    else
        return _ct_gnn_cli_usage_error("tune takes --model gcan or sgc, not '%s'", v);
    return 0;
}

static int tune_parse_tuner(_ct_gnn_cli_tune_args *o, const char *v)
{
    static const char *names[] = {"grid", "backprop", "bo"};
    for (int m = 0; m < 3; m++)
        if (strcmp(v, names[m]) == 0) {
            o->methods = 1 << m;
            return 0;
        }
    if (strcmp(v, "all") == 0) {
        o->methods = (1 << CT_GNN_TUNE_NMETHODS) - 1;
        return 0;
    }
    return _ct_gnn_cli_usage_error(
        "unknown tuner '%s' (expected grid, backprop, bo or all)", v);
}

static int tune_parse_one(_ct_gnn_cli_tune_args *o, int argc, char **argv, int *i)
{
    const char *v;
    slong seed;
    int rc;
    if ((v = ct_opt_value(argc, argv, i, "--model")) != NULL)
        return tune_parse_model(o, v);
    if ((v = ct_opt_value(argc, argv, i, "--tuner")) != NULL)
        return tune_parse_tuner(o, v);
    if ((v = ct_opt_value(argc, argv, i, "--dataset")) != NULL) {
        o->dataset = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--data-root")) != NULL) {
        o->data_root = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--plot")) != NULL) {
        o->plot = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--subgraphs")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->sample.nsub, v, 1, 100000, "--subgraphs");
    if ((v = ct_opt_value(argc, argv, i, "--subgraph-nodes")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->sample.nodes, v, 2, 10000000,
                                       "--subgraph-nodes");
    if ((v = ct_opt_value(argc, argv, i, "--labeled")) != NULL)
        return _ct_gnn_cli_parse_double(&o->sample.train_frac, v, 0, 1, "--labeled");
    if ((v = ct_opt_value(argc, argv, i, "--val")) != NULL)
        return _ct_gnn_cli_parse_double(&o->sample.val_frac, v, 0, 1, "--val");
    if ((v = ct_opt_value(argc, argv, i, "--sample-seed")) != NULL) {
        rc = _ct_gnn_cli_parse_slong(&seed, v, 0, 1000000000, "--sample-seed");
        o->sample.seed = (uint64_t)seed;
        return rc;
    }
    if ((v = ct_opt_value(argc, argv, i, "--runs")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->runs, v, 1, 100000, "--runs");
    if ((v = ct_opt_value(argc, argv, i, "--grid-runs")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->grid_runs, v, 1, 100000, "--grid-runs");
    if ((v = ct_opt_value(argc, argv, i, "--grid")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->grid, v, 2, 100000, "--grid");
    if ((v = ct_opt_value(argc, argv, i, "--bo-evals")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->bo_evals, v, 1, 10000, "--bo-evals");
    if ((v = ct_opt_value(argc, argv, i, "--threads")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->threads, v, 1, 256, "--threads");
    if ((v = ct_opt_value(argc, argv, i, "--budget")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->budget, v, 2, 1000000000, "--budget");
    if (strcmp(argv[*i], "--json") == 0)
        return o->json = 1, 0;
    if (strcmp(argv[*i], "--progress") == 0)
        return o->progress = 1, 0;
    rc = _ct_gnn_cli_parse_training(&o->tr, argc, argv, i);
    return rc >= 0
               ? rc
               : _ct_gnn_cli_usage_error("unknown or incomplete option '%s'", argv[*i]);
}

static int tune_parse_args(_ct_gnn_cli_tune_args *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    ct_gnn_tune_sample_opts_init(&o->sample);
    o->runs = o->grid = o->grid_runs = o->bo_evals = o->threads = -1;
    _ct_gnn_cli_training_init(&o->tr);
    o->kind = -1;
    for (int i = 2; i < argc; i++) {
        int rc = tune_parse_one(o, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (o->kind < 0)
        return _ct_gnn_cli_usage_error("%s", "tune needs --model gcan|sgc");
    if (o->methods == 0)
        return _ct_gnn_cli_usage_error("%s", "tune needs --tuner grid|backprop|bo|all");
    if (o->dataset == NULL)
        return _ct_gnn_cli_usage_error("%s", "tune needs --dataset NAME|DIR");
    return 0;
}

/* The tuning options: the paper's setup with the command line's overrides. */
static void tune_settings(ct_gnn_tune_opts *t, const _ct_gnn_cli_tune_args *o)
{
    ct_gnn_tune_opts_init(t, o->kind);
    if (o->runs > 0)
        t->runs = o->runs;
    if (o->grid > 0)
        t->grid = o->grid;
    if (o->grid_runs > 0)
        t->grid_runs = o->grid_runs;
    if (o->bo_evals > 0)
        t->bo_evals = o->bo_evals;
    t->budget = o->budget > 0 ? o->budget : 0;
    if (o->threads > 0)
        t->threads = o->threads;
    if (o->tr.k >= 0)
        t->train.sgc_k = o->tr.k;
    if (o->tr.epochs > 0)
        t->train.epochs = o->tr.epochs;
    if (o->tr.patience >= 0)
        t->train.patience = o->tr.patience;
    if (o->tr.hidden > 0)
        t->arch.hidden = o->tr.hidden;
    if (o->tr.heads > 0)
        t->arch.heads = o->tr.heads;
    if (o->tr.lr >= 0)
        t->train.lr = o->tr.lr;
    if (o->tr.wd >= 0)
        t->train.wd_first = t->train.wd_rest = o->tr.wd;
    if (o->tr.dropout >= 0)
        t->arch.dropout = t->arch.att_dropout = o->tr.dropout;
    t->progress = o->progress || isatty(STDERR_FILENO) ? stderr : NULL;
}

static int tune_load(ct_dataset_t D, const char *dir, const char *root)
{
    char err[CERTUNE_ERRLEN];
    if (ct_dataset_load_named(D, dir, root, CT_DATASET_SPLITS_NONE, err, sizeof(err))) {
        fprintf(stderr, "certune gnn: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    const char *why = D->nfeat == 0
                          ? "has no node features (it serves label propagation only)"
                      : D->nclass < 2 ? "has fewer than 2 classes"
                                      : NULL;
    if (why != NULL) {
        fprintf(stderr, "certune gnn: %s: dataset %s\n", dir, why);
        ct_dataset_clear(D);
        return CERTUNE_EXIT_INPUT;
    }
    return 0;
}

/* Runs the selected methods in order; BO gets backprop's forward passes. */
static int tune_methods(ct_gnn_tune_result *res, const ct_gnn_tune_problem_t P,
                        const ct_gnn_tune_opts *t, const _ct_gnn_cli_tune_args *o)
{
    slong hint = 0;
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++) {
        if (!(o->methods >> m & 1))
            continue;
        if (ct_gnn_tune_run(res + m, m, P, t, hint) != 0) {
            fprintf(stderr, "certune gnn: Bayesian optimization failed\n");
            return CERTUNE_EXIT_INPUT;
        }
        if (m == CT_GNN_TUNE_BACKPROP)
            hint = res[m].forward_passes;
    }
    return 0;
}

int _ct_gnn_cli_tune(int argc, char **argv)
{
    _ct_gnn_cli_tune_args o;
    int rc = tune_parse_args(&o, argc, argv);
    if (rc)
        return rc;
    ct_dataset_t D;
    if ((rc = tune_load(D, o.dataset, o.data_root)) != 0)
        return rc;
    ct_gnn_tune_opts t;
    tune_settings(&t, &o);
    ct_gnn_tune_problem_t P;
    char err[CERTUNE_ERRLEN];
    if (ct_gnn_tune_problem_init(P, D, &o.sample, err, sizeof(err)) != 0) {
        fprintf(stderr, "certune gnn: %s: %s\n", o.dataset, err);
        ct_dataset_clear(D);
        return CERTUNE_EXIT_INPUT;
    }
    ct_gnn_tune_result res[CT_GNN_TUNE_NMETHODS];
    memset(res, 0, sizeof(res));
    rc = tune_methods(res, P, &t, &o);
    if (rc == 0)
        rc = _ct_gnn_cli_tune_report(&o, &t, D, res);
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++)
        ct_gnn_tune_result_clear(res + m);
    ct_gnn_tune_problem_clear(P);
    ct_dataset_clear(D);
    return rc;
}
