/* gnn_cli: `certune gnn train`, the command-line front of the GNN companion. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/gnn_blas.h"
#include "certune/base.h"
#include "certune/opt.h"
#include "certune/gnn_cli.h"
#include "certune/gnn_graph.h"
#include "certune/gnn_stats.h"
#include "certune/gnn_train.h"
#include "certune/mem.h"
#include "gnn_cli_internal.h"

static const char *gnn_usage_text =
    "usage: certune gnn train --model gcn|gat|gcan|sgc [--eta E] [--beta B]\n"
    "                         --dataset NAME|DIR [--data-root DIR]\n"
    "                         [--split public|geom|geom:K|random:FRAC|per-class:K]\n"
    "                         [--seeds N] [--first-seed S] [--epochs N] [--json]\n"
    "                         [options]\n"
    "       certune gnn tune --model gcan|sgc --tuner grid|backprop|bo|all\n"
    "                        --dataset NAME|DIR [options]   (certune gnn tune --help)\n"
    "\n"
    "  train     trains a graph neural network in double precision on the node-\n"
    "            classification dataset NAME (looked up under the data root) or\n"
    "            folder DIR (Planetoid text, LINQS, Geom-GCN, converted npz text,\n"
    "            CSV, or a gnn-benchmark .npz file; detected) once per seed and\n"
    "            reports the test accuracy at the best validation epoch\n"
    "\n"
    "models (the papers' settings unless overridden):\n"
    "  gcn     Kipf & Welling: 16 hidden, ReLU, dropout 0.5, lr 0.01, decay 5e-4\n"
    "          on layer 1; at most 3000 epochs, stopped 100 epochs after the\n"
    "          validation loss last improved (Kipf's fixed 200 undertrain larger\n"
    "          graphs; --epochs 200 --patience 0 gives the paper's setting)\n"
    "  gat     Velickovic et al.: 8 heads x 8 hidden, ELU, dropout 0.6 (inputs and\n"
    "          attention), lr 0.005, decay 5e-4, patience 100, at most 1000 epochs\n"
    "  gcan    eta e_ij + (1 - eta) (d_i d_j)^-1/2 in every layer, GAT's sizes and\n"
    "          settings: eta = 0 is GCN with GAT's heads, eta = 1 is GAT\n"
    "  sgc     Wu et al.: softmax(S^K X theta), S = (D + beta I)^-1/2 (W + beta I)\n"
    "          (D + beta I)^-1/2, K = 2, lr 0.2, decay 5e-5, 100 epochs\n"
    "\n"
    "options:\n"
    "  --eta E          GCAN interpolation in [0, 1] (default 0.5)\n"
    "  --beta B         SGC self-loop weight in [0, 1] (default 1)\n"
    "  --data-root DIR  where dataset names are looked up (default $CERTUNE_DATA,\n"
    "                   else $XDG_DATA_HOME/certune/datasets, else\n"
    "                   ~/.local/share/certune/datasets; docs/gnn-data.md)\n"
    "  --split S        public: the shipped public split (Planetoid)\n"
    "                   geom: Geom-GCN split s mod 10 for seed s; geom:K: split K\n"
    "                   random:FRAC: FRAC of labeled nodes train, half the rest\n"
    "                   validation, half test, drawn anew for each seed\n"
    "                   per-class:K: K labeled nodes of each class train (PyG's\n"
    "                   num_train_per_class), half the rest validation, half test\n"
    "                   (default: public, else geom, else random:0.2)\n"
    "  --seeds N        runs with seeds 0..N-1 (default 1)\n"
    "  --first-seed S   runs with seeds S..S+N-1 instead (default 0): a run's\n"
    "                   result depends only on its seed, so runs split this way\n"
    "                   can be pooled\n"
    "  --epochs N       maximum epochs (default: the model's, above)\n"
    "  --patience N     stop after N epochs without validation progress (0: never)\n"
    "  --lr X           Adam step size\n"
    "  --weight-decay X L2 decay (GCN: first layer only)\n"
    "  --hidden N       hidden width per head\n"
    "  --heads N        hidden-layer heads (GAT, GCAN)\n"
    "  --dropout X      dropout on layer inputs (and attention for GAT, GCAN)\n"
    "  --k K            SGC propagation steps (default 2)\n"
    "  --json           print a JSON object (test_acc, test_acc_mean, test_acc_ci90,\n"
    "                   seconds_per_epoch, peak_rss_mb, ...) instead of text\n"
    "  --progress       epoch, loss and validation accuracy on stderr even when it\n"
    "                   is not a terminal (default: only on a terminal)\n"
    "  --help           print this help\n"
    "\n"
    "exit status: 0 success, 1 usage error, 2 invalid or missing dataset files (or\n"
    "             an empty training or validation split), 5 out of memory, 130\n"
    "             interrupted (the seeds completed are reported)\n";

static int cli_parse_model(_ct_gnn_cli_train_args *o, const char *v)
{
    static const char *names[] = {"gcn", "gat", "gcan", "sgc"};
    static const int kinds[] = {CT_GNN_GCN, CT_GNN_GAT, CT_GNN_GCAN, CT_GNN_SGC};
    for (int k = 0; k < 4; k++)
        if (strcmp(v, names[k]) == 0) {
            o->kind = kinds[k];
            o->have_kind = 1;
            return 0;
        }
    return _ct_gnn_cli_usage_error("unknown model '%s' (expected gcn, gat, gcan or sgc)",
                                   v);
}

static int cli_parse_split(_ct_gnn_cli_train_args *o, const char *v)
{
    if (strcmp(v, "public") == 0) {
        o->split = CT_GNN_CLI_SPLIT_PUBLIC;
        return 0;
    }
    if (strcmp(v, "geom") == 0) {
        o->split = CT_GNN_CLI_SPLIT_GEOM;
        o->geom_k = -1;
        return 0;
    }
    if (strncmp(v, "geom:", 5) == 0) {
        o->split = CT_GNN_CLI_SPLIT_GEOM;
        return _ct_gnn_cli_parse_slong(&o->geom_k, v + 5, 0, 9, "--split geom:K");
    }
    if (strncmp(v, "random:", 7) == 0) {
        o->split = CT_GNN_CLI_SPLIT_RANDOM;
        int rc = _ct_gnn_cli_parse_double(&o->frac, v + 7, 0, 1, "--split random:FRAC");
        if (rc == 0 && (o->frac <= 0 || o->frac >= 1))
            return _ct_gnn_cli_usage_error(
                "--split random:FRAC needs 0 < FRAC < 1, not '%s'", v + 7);
        return rc;
    }
    if (strncmp(v, "per-class:", 10) == 0) {
        o->split = CT_GNN_CLI_SPLIT_PER_CLASS;
        return _ct_gnn_cli_parse_slong(&o->per_class, v + 10, 1, 1000000000,
                                       "--split per-class:K");
    }
    return _ct_gnn_cli_usage_error("unknown split '%s' (expected public, geom, geom:K, "
                                   "random:FRAC or per-class:K)",
                                   v);
}

/* One option at argv[*i]; returns 0, or the exit status of a usage error. */
static int cli_parse_one(_ct_gnn_cli_train_args *o, int argc, char **argv, int *i)
{
    const char *v;
    if ((v = ct_opt_value(argc, argv, i, "--model")) != NULL)
        return cli_parse_model(o, v);
    if ((v = ct_opt_value(argc, argv, i, "--dataset")) != NULL) {
        o->dataset = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--data-root")) != NULL) {
        o->data_root = v;
        return 0;
    }
    if ((v = ct_opt_value(argc, argv, i, "--split")) != NULL)
        return cli_parse_split(o, v);
    if ((v = ct_opt_value(argc, argv, i, "--eta")) != NULL) {
        o->have_eta = 1;
        return _ct_gnn_cli_parse_double(&o->eta, v, 0, 1, "--eta");
    }
    if ((v = ct_opt_value(argc, argv, i, "--beta")) != NULL) {
        o->have_beta = 1;
        return _ct_gnn_cli_parse_double(&o->beta, v, 0, 1, "--beta");
    }
    if ((v = ct_opt_value(argc, argv, i, "--seeds")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->seeds, v, 1, 100000, "--seeds");
    if ((v = ct_opt_value(argc, argv, i, "--first-seed")) != NULL)
        return _ct_gnn_cli_parse_slong(&o->first_seed, v, 0, WORD(1) << 40,
                                       "--first-seed");
    int rc = _ct_gnn_cli_parse_training(&o->tr, argc, argv, i);
    if (rc >= 0)
        return rc;
    if (strcmp(argv[*i], "--json") == 0) {
        o->json = 1;
        return 0;
    }
    if (strcmp(argv[*i], "--progress") == 0) {
        o->progress = 1;
        return 0;
    }
    return _ct_gnn_cli_usage_error("unknown or incomplete option '%s'", argv[*i]);
}

static int cli_parse_args(_ct_gnn_cli_train_args *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    o->eta = 0.5;
    o->beta = 1.0;
    o->seeds = 1;
    _ct_gnn_cli_training_init(&o->tr);
    for (int i = 2; i < argc; i++) {
        int rc = cli_parse_one(o, argc, argv, &i);
        if (rc)
            return rc;
    }
    if (!o->have_kind)
        return _ct_gnn_cli_usage_error("%s", "train needs --model gcn|gat|gcan|sgc");
    if (o->dataset == NULL)
        return _ct_gnn_cli_usage_error("%s", "train needs --dataset NAME|DIR");
    if (o->have_eta && o->kind != CT_GNN_GCAN)
        return _ct_gnn_cli_usage_error("%s", "--eta applies only to --model gcan");
    if (o->have_beta && o->kind != CT_GNN_SGC)
        return _ct_gnn_cli_usage_error("%s", "--beta applies only to --model sgc");
    return 0;
}

/* The architecture and training settings: the papers' with overrides. */
static void cli_settings(ct_gnn_arch_struct *arch, ct_gnn_train_opts *t,
                         const _ct_gnn_cli_train_args *o)
{
    ct_gnn_model_arch_init(arch, o->kind);
    ct_gnn_train_opts_init(t, o->kind);
    if (o->kind == CT_GNN_GCAN)
        arch->eta = o->eta;
    t->beta = o->beta;
    if (o->tr.k >= 0)
        t->sgc_k = o->tr.k;
    if (o->tr.epochs > 0)
        t->epochs = o->tr.epochs;
    if (o->tr.patience >= 0)
        t->patience = o->tr.patience;
    if (o->tr.hidden > 0)
        arch->hidden = o->tr.hidden;
    if (o->tr.heads > 0 && o->kind != CT_GNN_GCN)
        arch->heads = o->tr.heads;
    if (o->tr.lr >= 0)
        t->lr = o->tr.lr;
    if (o->tr.wd >= 0) {
        t->wd_first = o->tr.wd;
        t->wd_rest = o->kind == CT_GNN_GCN ? 0.0 : o->tr.wd;
    }
    if (o->tr.dropout >= 0) {
        arch->dropout = o->tr.dropout;
        arch->att_dropout = o->kind == CT_GNN_GCN ? 0.0 : o->tr.dropout;
    }
}

static int cli_load(ct_dataset_t D, const _ct_gnn_cli_train_args *o)
{
    char err[CERTUNE_ERRLEN];
    int splits = o->split == CT_GNN_CLI_SPLIT_PUBLIC   ? CT_DATASET_SPLITS_PUBLIC
                 : o->split == CT_GNN_CLI_SPLIT_GEOM   ? CT_DATASET_SPLITS_GEOM
                 : o->split >= CT_GNN_CLI_SPLIT_RANDOM ? CT_DATASET_SPLITS_NONE
                                                       : CT_DATASET_SPLITS_DEFAULT;
    ct_mem_set_context("loading the dataset %s", o->dataset);
    if (ct_dataset_load_named(D, o->dataset, o->data_root, splits, err, sizeof(err))) {
        fprintf(stderr, "certune gnn: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    const char *why = NULL;
    if (D->nfeat == 0)
        why = "has no node features (it serves label propagation only)";
    else if (D->nclass < 2)
        why = "has fewer than 2 classes";
    else if (o->split == CT_GNN_CLI_SPLIT_PUBLIC && D->nsplits != 1)
        why = "ships no public split (try --split geom or random:FRAC)";
    else if (o->split == CT_GNN_CLI_SPLIT_GEOM && D->nsplits != 10)
        why = "ships no Geom-GCN splits (try --split random:FRAC)";
    if (why != NULL) {
        fprintf(stderr, "certune gnn: %s: dataset %s\n", o->dataset, why);
        ct_dataset_clear(D);
        return CERTUNE_EXIT_INPUT;
    }
    return 0;
}

/* The split of run s: shipped (public or Geom-GCN) or drawn with seed s. */
static void cli_split_for(signed char *split, const ct_dataset_t D,
                          const _ct_gnn_cli_train_args *o, slong s)
{
    if (o->split == CT_GNN_CLI_SPLIT_PER_CLASS) {
        ct_dataset_split_per_class(split, D, o->per_class, (ulong)s);
        return;
    }
    if (o->split == CT_GNN_CLI_SPLIT_RANDOM ||
        (o->split == CT_GNN_CLI_SPLIT_DEFAULT && D->nsplits == 0)) {
        ct_dataset_split_random(
            split, D, o->split == CT_GNN_CLI_SPLIT_RANDOM ? o->frac : 0.2, (ulong)s);
        return;
    }
    slong k = D->nsplits == 1 ? 0 : (o->geom_k >= 0 ? o->geom_k : s % D->nsplits);
    memcpy(split, D->split + k * D->n, (size_t)D->n);
}

/* Set by SIGINT during training: the seeds completed so far are reported. */
static volatile sig_atomic_t cli_sigint;

static void cli_on_sigint(int sig)
{
    (void)sig;
    cli_sigint = 1;
}

/* Installs (on) or removes the SIGINT handler; a second Ctrl-C kills as usual. */
static void cli_catch_sigint(int on)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on ? cli_on_sigint : SIG_DFL;
    sa.sa_flags = on ? SA_RESETHAND : 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

/* An empty training split is an error (nothing to fit), and so is an empty
   validation split (the epoch reported is the best on it: with none, every
   epoch ties at 0 and the first would be reported, with "val 0.0000" and a
   "still rising" warning); an empty test split is warned about once and its
   accuracy reported as NA / null, not 0/0. */
static int cli_check_split(const signed char *split, const ct_dataset_t D, slong seed,
                           int *no_test)
{
    slong count[3] = {0, 0, 0};
    for (slong i = 0; i < D->n; i++)
        if (split[i] >= 0 && split[i] <= 2)
            count[split[i]]++;
    if (count[0] == 0) {
        fprintf(stderr, "certune gnn: %s: the training split of seed %ld is empty\n",
                D->name, (long)seed);
        return CERTUNE_EXIT_INPUT;
    }
    if (count[1] == 0) {
        fprintf(stderr,
                "certune gnn: %s: the validation split of seed %ld is empty (the epoch "
                "reported is chosen on it): give a split with validation nodes\n",
                D->name, (long)seed);
        return CERTUNE_EXIT_INPUT;
    }
    if (count[2] == 0 && !*no_test)
        fprintf(stderr,
                "certune gnn: warning: %s: the test split is empty; test accuracy is "
                "reported as NA (null in JSON)\n",
                D->name);
    *no_test |= count[2] == 0;
    return 0;
}

/* The seeds, each reported as soon as it is done (the text header with the
   first, so that a bad split or no memory leaves stdout empty); on SIGINT the
   seeds completed so far. Returns the exit status. */
static int cli_run_seeds(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                         const ct_gnn_arch_struct *arch, ct_gnn_train_opts *t,
                         const ct_gnn_csr_t X, const ct_gnn_csr_t A)
{
    FILE *progress = o->progress || isatty(STDERR_FILENO) ? stderr : NULL;
    ct_gnn_train_result *r = ct_mem_calloc((size_t)o->seeds, sizeof(ct_gnn_train_result));
    signed char *split = ct_mem_malloc((size_t)D->n + 1);
    slong done = 0;
    int no_test = 0, rc = 0;
    ct_mem_set_context("training on the dataset %s", o->dataset);
    cli_catch_sigint(1);
    t->stop = &cli_sigint;
    for (; done < o->seeds && !cli_sigint; done++) {
        slong seed = o->first_seed + done;
        cli_split_for(split, D, o, seed);
        if ((rc = cli_check_split(split, D, seed, &no_test)) != 0)
            break;
        ct_gnn_train_run(r + done, arch, t, D, X, A, split, (uint64_t)seed, progress);
        if (r[done].interrupted)
            break;
        _ct_gnn_cli_train_seed(o, D, r, done, progress != NULL, no_test);
    }
    cli_catch_sigint(0);
    int interrupted = rc == 0 && done < o->seeds;
    if (interrupted)
        fprintf(stderr, "certune gnn: interrupted: %ld of %ld seeds completed\n",
                (long)done, (long)o->seeds);
    if (done > 0 && rc == 0)
        _ct_gnn_cli_train_report(o, D, arch, t, r, done, no_test);
    free(split);
    free(r);
    return rc ? rc : interrupted ? 128 + SIGINT : CERTUNE_EXIT_OK;
}

static int cli_train(const _ct_gnn_cli_train_args *o)
{
    ct_dataset_t D;
    int rc = cli_load(D, o);
    if (rc)
        return rc;
    ct_gnn_arch_struct arch;
    ct_gnn_train_opts t;
    cli_settings(&arch, &t, o);
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, D, 1);
    ct_gnn_graph_init_gcn(A, D);
    rc = cli_run_seeds(o, D, &arch, &t, X, A);
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    ct_dataset_clear(D);
    return rc; /* a failed write to stdout: ct_opt_finish_stdout in main */
}

int ct_gnn_cli_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(gnn_usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? CERTUNE_EXIT_USAGE : CERTUNE_EXIT_OK;
    }
    int tune = strcmp(argv[1], "tune") == 0;
    if (strcmp(argv[1], "train") != 0 && !tune)
        return _ct_gnn_cli_usage_error(
            "unknown gnn command '%s' (expected train or tune)", argv[1]);
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(tune ? _ct_gnn_cli_tune_usage : gnn_usage_text, stdout);
            return CERTUNE_EXIT_OK;
        }
    char err[600];
    if (ct_gnn_blas_load(err, sizeof(err))) { /* before any output */
        fprintf(stderr, "certune gnn: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    if (tune)
        return _ct_gnn_cli_tune(argc, argv);
    _ct_gnn_cli_train_args o;
    int rc = cli_parse_args(&o, argc, argv);
    return rc ? rc : cli_train(&o);
}
