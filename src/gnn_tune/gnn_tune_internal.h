/* gnn_tune: training jobs shared by the tuners, run on a few threads. */
#ifndef CERTUNE_GNN_TUNE_INTERNAL_H
#define CERTUNE_GNN_TUNE_INTERNAL_H

#include "certune/gnn_tune.h"

/* One training run: on side `side` (0 training, 1 test subgraphs) at
   hyperparameter h with seed. base: a baseline kind (CT_GNN_GCN, CT_GNN_GAT)
   replacing GCAN, or -1. epochs and patience override the options when >= 0.
   learn: backprop (the hyperparameter starts at h). trace: as
   ct_gnn_train_opts.trace, or NULL. A run on the training side is also
   scored on the test side's test nodes (ct_gnn_train_opts.other:
   res.other_acc, and other_trace when non-NULL). The result goes to res. */
typedef struct {
    int side, base, learn;
    slong epochs, patience;
    double *trace, *other_trace;
    double h;
    uint64_t seed;
    ct_gnn_train_result res;
} _ct_gnn_tune_job;

/* Runs job j (a training run, see above). */
void _ct_gnn_tune_run_job(_ct_gnn_tune_job *job, const ct_gnn_tune_problem_struct *P,
                          const ct_gnn_tune_opts *o);

/* Runs the n jobs on min(o->threads, n) threads (the calling one included).
   Each job's result depends only on the job, never on the thread or the
   order, so any thread count gives the same results bit for bit. */
void _ct_gnn_tune_run_jobs(_ct_gnn_tune_job *jobs, slong n,
                           const ct_gnn_tune_problem_struct *P,
                           const ct_gnn_tune_opts *o);

#endif
