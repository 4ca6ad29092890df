/* gnn_tune: tuning GCAN's eta (or SGC's beta) on sampled subgraphs by grid
   search, backpropagation and Bayesian optimization (docs/gnn.md). A problem
   owns its two sides (datasets, node maps, splits, matrices; init/clear, left
   cleared by a failed init); a result owns its trajectory and test accuracies
   (ct_gnn_tune_run initializes it whatever it returns,
   ct_gnn_tune_result_clear frees it). The source dataset is only read;
   options are plain data (progress is the caller's stream). Errors return -1:
   the problem's with a message in err, the run's when BO failed. */
#ifndef CERTUNE_GNN_TUNE_H
#define CERTUNE_GNN_TUNE_H

#include <stdint.h>
#include <stdio.h>
#include "certune/dataset.h"
#include "certune/gnn_csr.h"
#include "certune/gnn_model.h"
#include "certune/gnn_train.h"

/* How the subgraphs are drawn and split. */
typedef struct {
    slong nsub;        /* subgraphs per side (training, test) */
    slong nodes;       /* nodes per subgraph */
    double train_frac; /* labeled training nodes of each subgraph */
    double val_frac;   /* validation nodes of each subgraph; the rest is test */
    uint64_t seed;     /* draws the subgraphs and the splits */
} ct_gnn_tune_sample_opts;

/* 20 subgraphs of 100 nodes, 20% train, 20% validation, 60% test, seed 0. */
void ct_gnn_tune_sample_opts_init(ct_gnn_tune_sample_opts *o);

/* One side: nsub subgraphs combined into one disconnected graph. */
typedef struct {
    ct_dataset_t D;     /* nsub * nodes nodes; subgraph k is nodes k*nodes.. */
    slong *origin;      /* node of the source dataset behind each node */
    signed char *split; /* CT_DATASET_TRAIN/VAL/TEST per node */
    ct_gnn_csr_t X, A;  /* row-normalized features; GCN pattern */
} ct_gnn_tune_side_struct;

typedef struct {
    ct_gnn_tune_side_struct side[2]; /* [0] training subgraphs, [1] test ones */
    ct_gnn_tune_sample_opts opts;
} ct_gnn_tune_problem_struct;
typedef ct_gnn_tune_problem_struct ct_gnn_tune_problem_t[1];

/* Draws 2 * nsub connected subgraphs of labeled nodes of src (ct_sample_nodes:
   random-order BFS; subgraphs may overlap, the draws are independent), the
   training side first, and splits each subgraph at random: round(train_frac
   * nodes) train, round(val_frac * nodes) validation, the rest test. Returns
   0, or -1 with a message in err when src has no connected set of that many
   labeled nodes or the fractions leave no test node. */
int ct_gnn_tune_problem_init(ct_gnn_tune_problem_t P, const ct_dataset_t src,
                             const ct_gnn_tune_sample_opts *o, char *err, size_t errlen);

void ct_gnn_tune_problem_clear(ct_gnn_tune_problem_t P);

/* Methods. The last two are baselines at a fixed value: GCN (eta = 0) and
   GAT (eta = 1) for GCAN; beta = 0 and beta = 1 for SGC. */
#define CT_GNN_TUNE_GRID 0
#define CT_GNN_TUNE_BACKPROP 1
#define CT_GNN_TUNE_BO 2
#define CT_GNN_TUNE_BASE0 3
#define CT_GNN_TUNE_BASE1 4
#define CT_GNN_TUNE_NMETHODS 5

typedef struct {
    ct_gnn_arch_struct arch; /* kind CT_GNN_GCAN or CT_GNN_SGC, sizes, dropout */
    ct_gnn_train_opts train; /* epochs cap, patience, lr, decay, SGC's K */
    slong runs;              /* R: backprop runs, test runs */
    slong grid_runs;         /* runs per grid point (0: runs) */
    slong grid;              /* grid points k / (grid - 1), grid >= 2 */
    slong bo_evals;          /* BO evaluations (fewer if the budget is small) */
    slong bo_init;           /* evenly spaced first BO points */
    slong budget;            /* BO forward passes; 0: backprop's count when
                                backprop ran first, else 2 * runs * epochs */
    slong threads;           /* independent training runs at once (>= 1); the
                                results do not depend on it */
    FILE *progress;          /* NULL, or a line per step there */
} ct_gnn_tune_opts;

/* The paper's GCAN setup (hidden 1, 3 heads, 1 output head, ELU, dropout 0.4,
   lr 7e-3, decay 5e-4, at most 1000 epochs, patience 100) or SGC's (K = 2,
   lr 0.2, decay 5e-5, 100 epochs); R = 3, grid 11, BO 15 evaluations, 4 first,
   2 threads. */
void ct_gnn_tune_opts_init(ct_gnn_tune_opts *o, int kind);

/* One step of a tuner's trajectory: the grid's mean validation accuracy at a
   point (run -1), a BO evaluation, or a backprop epoch of run `run`. test_acc
   scores the same networks inductively (trained on the training side, not
   retrained) on the test side's test nodes: the grid's runs at their
   selected epochs (mean), the BO evaluation's at its selected epoch,
   backprop's current network at that epoch. passes: the tuner's forward
   passes spent up to this step (backprop: this run's). */
typedef struct {
    slong run, step, passes;
    double x, val_acc, test_acc;
} ct_gnn_tune_step;

typedef struct {
    int method;           /* CT_GNN_TUNE_* */
    double value;         /* chosen eta (beta); the baselines' fixed value */
    double val_acc;       /* validation accuracy behind the choice */
    slong forward_passes; /* spent tuning (0 for the baselines) */
    slong test_passes;    /* spent by the test runs (2 per epoch) */
    slong nsteps;
    ct_gnn_tune_step *steps; /* trajectory, owned */
    slong runs;
    double *test_acc;            /* runs test accuracies at value, owned */
    double test_mean, test_ci90; /* ci90 meaningful only for runs >= 2 */
    slong unconverged;           /* training runs (tuning and test; not BO's runs,
                                    cut to the budget by design) that hit the cap
                                    while validation accuracy still rose */
    double seconds;              /* wall time, tuning and testing */
} ct_gnn_tune_result;

/* Runs method on P and tests its choice: runs training runs (seeds 0..runs-1)
   at the chosen value on the test side, each scored by the test-node accuracy
   at its best validation epoch. budget_hint: BO's forward-pass budget when
   opts->budget is 0 (pass backprop's count, or 0). Returns 0, or -1 if BO
   failed. */
int ct_gnn_tune_run(ct_gnn_tune_result *res, int method, const ct_gnn_tune_problem_t P,
                    const ct_gnn_tune_opts *opts, slong budget_hint);

void ct_gnn_tune_result_clear(ct_gnn_tune_result *res);

/* "grid", "backprop", "bo", and the baselines' names for kind ("gcn", "gat";
   "beta0", "beta1"). */
const char *ct_gnn_tune_method_name(int method, int kind);

#endif
