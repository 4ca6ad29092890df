/* gnn_sgc: simplified graph convolution softmax(S^K X theta + b), S with a
   tunable self-loop weight beta. A ct_gnn_sgc_t owns its propagation
   matrices, parameters, gradients and scratch (init/clear) and keeps no
   pointer to the dataset or the features, which each call takes (only read).
   No errors; out of memory ends the process (mem.h). */
#ifndef CERTUNE_GNN_SGC_H
#define CERTUNE_GNN_SGC_H

#include <flint/flint.h>
#include "certune/dataset.h"
#include "certune/gnn_rand.h"
#include "certune/gnn_csr.h"

typedef struct {
    slong n, nfeat, nclass, K;
    double beta;
    ct_gnn_csr_t S, dS; /* propagation matrix and d S / d beta */
    slong nparam;
    double *param, *grad, *wd; /* theta (nfeat x nclass) then b (nclass) */
    double *theta, *b, *dtheta, *db;
    double dbeta;   /* d loss / d beta after ct_gnn_sgc_backward */
    double *Y;      /* (K + 1) blocks n x nclass: S^m X theta */
    double *G, *T;  /* backward scratch, n x nclass each */
    double *logits; /* n x nclass after ct_gnn_sgc_forward */
} ct_gnn_sgc_struct;
typedef ct_gnn_sgc_struct ct_gnn_sgc_t[1];

/* Builds SGC with K propagation steps (K >= 0) and self-loop weight beta on the
   graph of D, for features with nfeat columns; theta and b are drawn uniform
   in +-nfeat^{-1/2} from R (torch's Linear). */
void ct_gnn_sgc_init(ct_gnn_sgc_t M, const ct_dataset_t D, slong nfeat, slong K,
                     double beta, ct_gnn_rand_t R);

void ct_gnn_sgc_clear(ct_gnn_sgc_t M);

/* Rebuilds S and dS of D's graph for a new beta, keeping the parameters. */
void ct_gnn_sgc_set_beta(ct_gnn_sgc_t M, const ct_dataset_t D, double beta);

/* Sets every weight decay entry to wd (the bias included, as torch does). */
void ct_gnn_sgc_set_weight_decay(ct_gnn_sgc_t M, double wd);

/* logits = S^K (X theta) + b: X theta first, since X is sparse and has far
   more columns than classes, so no dense S^K X is ever formed. */
void ct_gnn_sgc_forward(ct_gnn_sgc_t M, const ct_gnn_csr_t X);

/* Sets M->grad and M->dbeta from dlogits for the last forward pass. */
void ct_gnn_sgc_backward(ct_gnn_sgc_t M, const ct_gnn_csr_t X, const double *dlogits);

#endif
