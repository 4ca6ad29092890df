/* gnn_train: full-batch training with Adam and early stopping on validation.
   Options and results are plain structs of the caller (trace, when given, is
   the caller's array); a run builds its model and optimizers and frees them
   before it returns; D, X, A and split are only read. No errors: a run
   stopped by o->stop says so (res->interrupted). */
#ifndef CERTUNE_GNN_TRAIN_H
#define CERTUNE_GNN_TRAIN_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include "certune/dataset.h"
#include "certune/gnn_model.h"
#include "certune/gnn_csr.h"

/* A second graph on which the network being trained is scored without
   training there (inductively: the same weights on other nodes and edges),
   e.g. gnn_tune's test subgraphs. Same features and classes as the training
   graph (another feature count is not scored: other_acc NaN); the caller's,
   only read. */
typedef struct {
    const ct_dataset_struct *D;     /* labels */
    const ct_gnn_csr_struct *X, *A; /* features, pattern (as for training) */
    const signed char *split;       /* the nodes scored: CT_DATASET_TEST */
} ct_gnn_train_other;

typedef struct {
    slong epochs;      /* maximum number of epochs */
    slong patience;    /* stop after this many epochs without validation progress
                          (neither accuracy nor loss as good as their best); <= 0
                          never stops early */
    int patience_loss; /* 1: count only epochs without a new best validation
                          loss (accuracy ties on small validation sets would
                          otherwise keep resetting the count) */
    double lr, wd_first, wd_rest;
    slong sgc_k; /* SGC propagation steps */
    double beta; /* SGC self-loop weight */
    /* When non-NULL and set (by a signal handler), the run stops after the
       current epoch with res->interrupted = 1; NULL by default. */
    const volatile sig_atomic_t *stop;
    /* Learning the architectural hyperparameter (GCAN's eta, SGC's beta)
       jointly with the weights: h = sigmoid(u), u one more parameter under
       its own Adam (step hyper_lr, no decay), starting at logit(arch->eta or
       beta) clamped to [0.01, 0.99]. 0 keeps h fixed (GCN, GAT: ignored). */
    int learn_hyper;
    double hyper_lr; /* Adam step of u; <= 0 means lr */
    double *trace;   /* NULL, or 2 * epochs doubles the loop fills: per epoch
                        the hyperparameter after the step and the validation
                        accuracy (caller-owned) */
    /* NULL, or a graph the network is also scored on (GCN, GAT, GCAN; SGC
       ignores it): res->other_acc, and other_trace when non-NULL (epochs
       doubles, caller-owned): the current network's accuracy there at epoch
       1, every 10th epoch and the last one (the other entries untouched).
       Scoring draws nothing from the run's random stream: the run is the
       same with or without it. */
    const ct_gnn_train_other *other;
    double *other_trace;
} ct_gnn_train_opts;

/* The papers' settings for kind: GCN 200 epochs, lr 0.01, decay 5e-4 on the
   first layer; GAT/GCAN up to 1000 epochs, patience 100, lr 0.005, decay 5e-4;
   SGC 100 epochs, lr 0.2, decay 5e-5 (tuned on Cora validation), K = 2,
   beta = 1. */
void ct_gnn_train_opts_init(ct_gnn_train_opts *o, int kind);

typedef struct {
    double test_acc;   /* at the selected epoch */
    double val_acc;    /* best validation accuracy (the selected epoch's) */
    double val_loss;   /* validation loss at the selected epoch */
    double train_loss; /* training loss of the last epoch */
    slong best_epoch, epochs_run;
    slong forward_passes; /* model forward passes (training and evaluation) */
    double hyper_best;    /* eta (GCAN) or beta (SGC) at the selected epoch */
    double hyper_final;   /* ... after the last epoch (= the set value if fixed) */
    /* 0 when the run hit the epoch cap while validation accuracy was still
       rising: its best was reached in the last max(10, cap / 10) epochs. */
    int converged;
    double seconds;     /* wall time of the epochs (train step + evaluation) */
    double cpu_seconds; /* CPU time of this process over the same span */
    int interrupted;    /* stopped by o->stop before its end: not a result */
    double other_acc;   /* with o->other: the selected epoch's network scored
                           on its test nodes; NaN without */
} ct_gnn_train_result;

/* Trains arch->kind on D (labels) with features X (ct_gnn_csr_set_features) and
   pattern A (ct_gnn_graph_init_gcn; unused by SGC, which builds S from D), split
   giving n codes CT_DATASET_TRAIN/VAL/TEST/UNUSED. The selected epoch has the best
   validation accuracy, ties going to the lower validation loss. Everything
   random comes from seed. With progress non-NULL, writes a line every 10
   epochs there. */
void ct_gnn_train_run(ct_gnn_train_result *res, const ct_gnn_arch_struct *arch,
                      const ct_gnn_train_opts *o, const ct_dataset_t D,
                      const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                      const signed char *split, uint64_t seed, FILE *progress);

/* With learn_hyper the hyperparameter is h = sigmoid(u): the first gives h
   from u, the second dL/du from dL/dh and h (dL/dh h (1 - h)). */
double ct_gnn_train_hyper_of(double u);
double ct_gnn_train_hyper_grad(double dl_dh, double h);

#endif
