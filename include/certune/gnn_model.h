/* gnn_model: GCN, GAT and GCAN as one message-passing layer type. A
   ct_gnn_model_t owns its layers' weights, its flat parameter, gradient and
   decay arrays and the forward pass's caches (init/clear). The features X and
   the pattern A stay the caller's and are passed to each call (only read);
   the cache may point into X, so X and A must not change between a forward
   pass and its backward pass. No errors; out of memory ends the process
   (mem.h). */
#ifndef CERTUNE_GNN_MODEL_H
#define CERTUNE_GNN_MODEL_H

#include <flint/flint.h>
#include "certune/gnn_ops.h"
#include "certune/gnn_rand.h"
#include "certune/gnn_csr.h"

/* Model kinds. A layer aggregates sum_j alpha_ij U h_j per head with
   alpha = eta e + (1 - eta) c, e the GAT attention (after its dropout) and
   c = (d_i d_j)^{-1/2}. GCN is eta = 0 without attention parameters, GAT is
   eta = 1 without c, GCAN keeps both terms for any eta in [0, 1]. */
#define CT_GNN_GCN 0
#define CT_GNN_GAT 1
#define CT_GNN_GCAN 2
#define CT_GNN_SGC 3

typedef struct {
    int kind;
    slong nlayers;   /* message-passing layers, >= 1 */
    slong hidden;    /* width of one head in the hidden layers */
    slong heads;     /* heads of hidden layers (concatenated) */
    slong out_heads; /* heads of the output layer (averaged) */
    int act;         /* CT_GNN_OPS_ACT_RELU or CT_GNN_OPS_ACT_ELU after hidden layers */
    double dropout;  /* on the input of every layer, while training */
    double att_dropout; /* on the attention coefficients, while training */
    double eta;         /* GCAN interpolation; forced to 0 (GCN) or 1 (GAT) */
    double slope;       /* LeakyReLU slope of the attention logits */
} ct_gnn_arch_struct;

/* The papers' settings for kind: GCN 16 hidden, 1 head, ReLU, dropout 0.5;
   GAT and GCAN 8 heads x 8 hidden, 1 output head, ELU, dropout 0.6 on inputs
   and attention, slope 0.2 (GCAN eta 0.5). Two layers each. */
void ct_gnn_model_arch_init(ct_gnn_arch_struct *arch, int kind);

typedef struct {
    slong fin, fout, heads, outdim;
    int concat, first, has_att, has_norm;
    /* Heads are interleaved: column f * heads + h of U (and of Z, agg, b and
       of a1, a2) is feature f of head h; a = (a1, a2), each fout x heads.
       The next layer's U has its rows in the same order. */
    double *U, *a, *b;    /* fin x heads*fout, 2 fout x heads, outdim */
    double *dU, *da, *db; /* their gradients, inside the model's grad */
    /* Forward cache, kept for the backward pass. */
    double *inmask;                /* dropout multipliers of a dense input */
    double *xin;                   /* the input after dropout */
    const double *xused;           /* xin, or the undropped input when not training */
    ct_gnn_csr_t xkept;            /* first layer: the kept features after dropout */
    const ct_gnn_csr_struct *xcsr; /* first layer: xkept, or X when not training */
    double *Z;                     /* n x heads*fout: input times U */
    double *Znext;                 /* first layer: the next training step's
                                      X_kept U, made by the evaluation pass */
    int znext;                     /* Znext and xkept hold the next step's */
    double *s, *t;                 /* n x heads: a_1 . Z_i and a_2 . Z_i per head */
    double *att, *attmask;         /* nnz x heads (edge-major): softmax, its dropout */
    int att_masked;                /* attmask applies (a training pass, p_att > 0) */
    double *agg;                   /* n x heads*fout: aggregated messages (is out
                                      when the heads are concatenated) */
    double *out;                   /* n x outdim: pre-activation output */
    double *act;                   /* n x outdim: activated output (hidden layers) */
    signed char *need;             /* training passes: the rows of out the loss
                                      depends on (NULL: all), ct_gnn_model_set_loss_rows */
    signed char *zneed;            /* the rows of Z those read: their neighbours
                                      (the layer below's need; NULL: all) */
    /* Backward scratch. */
    double *dZ, *dagg, *ds, *dt, *datt, *dout, *dxin;
} ct_gnn_layer_struct;

typedef struct {
    ct_gnn_arch_struct arch;
    slong n, nfeat, nclass;
    ct_gnn_layer_struct *layer;
    slong nparam;
    double *param, *grad, *wd; /* flat parameter, gradient, weight decay */
    double deta;               /* d loss / d eta after ct_gnn_model_backward */
    double *logits;            /* n x nclass after ct_gnn_model_forward */
    int prefetch;              /* see ct_gnn_model_forward (0 after init) */
} ct_gnn_model_struct;
typedef ct_gnn_model_struct ct_gnn_model_t[1];

/* Builds the model for features X (n x nfeat, CSR) and propagation pattern A
   (from ct_gnn_graph_init_gcn) with nclass outputs; weights Glorot-uniform
   from R, biases 0, weight decay 0. */
void ct_gnn_model_init(ct_gnn_model_t M, const ct_gnn_arch_struct *arch,
                       const ct_gnn_csr_t X, const ct_gnn_csr_t A, slong nclass,
                       ct_gnn_rand_t R);

void ct_gnn_model_clear(ct_gnn_model_t M);

/* Decay wd_first on the first layer's parameters and wd_rest on the others
   (Kipf's GCN decays only the first layer, GAT all of them). */
void ct_gnn_model_set_weight_decay(ct_gnn_model_t M, double wd_first, double wd_rest);

/* Restricts the training passes to the receptive field of the rows flagged
   in rows (n flags, the nodes whose logits the loss reads): the last layer's
   rows, their neighbours in the layer below, and so on. The other rows of a
   training pass are then left as the previous pass wrote them (the 8-head
   and one-head attention layers and the thin output products skip them);
   the loss and every gradient are unchanged, since nothing the loss reads
   depends on them (they only meet zero gradients, so they must be finite:
   they are, short of a diverged run). rows NULL computes all rows. The
   training loop sets the training nodes. Once set, ct_gnn_model_backward
   takes dlogits to be zero outside the flagged rows (as the loss's gradient
   is) and skips the rows that are then zero. */
void ct_gnn_model_set_loss_rows(ct_gnn_model_t M, const ct_gnn_csr_t A,
                                const signed char *rows);

/* Computes M->logits for all nodes (a training pass after
   ct_gnn_model_set_loss_rows: for the flagged ones). With train, dropout masks are drawn
   from R (R unused otherwise); the pass is cached for ct_gnn_model_backward. With
   M->prefetch set (the training loop does), an evaluation pass also draws the first
   layer's feature dropout of the next training pass and computes its product (on the rows
   that pass reads) in the same sweep over X; that next pass then uses them. The random
   stream and the results are the same as without, as long as nothing else draws from R
   or changes the weights in between. */
void ct_gnn_model_forward(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                          int train, ct_gnn_rand_t R);

/* Given dlogits = d loss / d logits for the last forward pass, sets M->grad
   (every parameter) and M->deta. */
void ct_gnn_model_backward(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                           const double *dlogits);

#endif
