/* gnn_cli: helpers shared by `certune gnn train` and `certune gnn tune`. */
#ifndef CERTUNE_GNN_CLI_INTERNAL_H
#define CERTUNE_GNN_CLI_INTERNAL_H

#include <stddef.h>
#include <stdio.h>
#include <flint/flint.h>
#include "certune/gnn_tune.h"

/* "certune gnn: " fmt (with arg) and a hint on stderr; returns the usage exit. */
int _ct_gnn_cli_usage_error(const char *fmt, const char *arg);

/* Parse v as a number in [lo, hi] (an integer for slong) into *x, or print a
   usage error naming opt and return the usage exit status (x unchanged). */
int _ct_gnn_cli_parse_double(double *x, const char *v, double lo, double hi,
                             const char *opt);
int _ct_gnn_cli_parse_slong(slong *x, const char *v, slong lo, slong hi, const char *opt);

/* Writes x to f in the shortest %.Ng form (N <= 17) that reads back as x, so
   0.3 prints as 0.3; non-finite values print as null (JSON). */
void _ct_gnn_cli_put_double(FILE *f, double x);

/* The training overrides `gnn train` and `gnn tune` share (-1: the model's
   default): --epochs, --patience, --hidden, --heads, --k, --lr,
   --weight-decay, --dropout. */
typedef struct {
    slong epochs, patience, hidden, heads, k;
    double lr, wd, dropout;
} _ct_gnn_cli_training;

void _ct_gnn_cli_training_init(_ct_gnn_cli_training *tr);

/* Parses argv[*i] if it is one of those options: 0 (parsed), -1 (not one of
   them, *i unchanged) or the usage exit status (message printed). */
int _ct_gnn_cli_parse_training(_ct_gnn_cli_training *tr, int argc, char **argv, int *i);

/* The parsed options of `certune gnn train`. */
#define CT_GNN_CLI_SPLIT_DEFAULT 0
#define CT_GNN_CLI_SPLIT_PUBLIC 1
#define CT_GNN_CLI_SPLIT_GEOM 2
#define CT_GNN_CLI_SPLIT_RANDOM 3
#define CT_GNN_CLI_SPLIT_PER_CLASS 4

typedef struct {
    int kind, have_kind, have_eta, have_beta, json, progress;
    double eta, beta, frac, lr, wd, dropout;
    const char *dataset, *data_root;
    int split;
    slong geom_k;            /* -1: cycle through the 10 splits */
    slong per_class;         /* per-class:K */
    slong seeds, first_seed; /* runs with seeds first_seed .. first_seed + seeds - 1 */
    _ct_gnn_cli_training tr;
} _ct_gnn_cli_train_args;

/* Seed s of `gnn train` is done (r[0..s] known): the text header first (with
   seed 0) and the seed's line on stdout, flushed; for JSON the line goes to
   stderr when progress is on. no_test: the test split is empty (NA). */
void _ct_gnn_cli_train_seed(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                            const ct_gnn_train_result *r, slong s, int progress,
                            int no_test);

/* The closing text lines, or the whole JSON object, of `gnn train` over the m
   seeds completed (m < o->seeds: interrupted), and the convergence warnings
   on stderr. */
void _ct_gnn_cli_train_report(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                              const ct_gnn_arch_struct *arch, const ct_gnn_train_opts *t,
                              const ct_gnn_train_result *r, slong m, int no_test);

/* The parsed options of `certune gnn tune`. */
typedef struct {
    int kind, methods, json, progress;      /* methods: bit m for CT_GNN_TUNE_m */
    const char *dataset, *data_root, *plot; /* plot: --plot F.svg, or NULL */
    ct_gnn_tune_sample_opts sample;
    slong runs, grid, grid_runs, bo_evals, budget, threads;
    _ct_gnn_cli_training tr;
} _ct_gnn_cli_tune_args;

/* Prints the text or JSON report of the methods run (res[m] for bit m of
   o->methods) and the warnings on stderr; returns the exit status. */
int _ct_gnn_cli_tune_report(const _ct_gnn_cli_tune_args *o, const ct_gnn_tune_opts *t,
                            const ct_dataset_t D, const ct_gnn_tune_result *res);

/* `certune gnn tune`: its help text and its main (argv as for ct_gnn_cli_main). */
extern const char *_ct_gnn_cli_tune_usage;
int _ct_gnn_cli_tune(int argc, char **argv);

#endif
