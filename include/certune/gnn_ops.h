/* gnn_ops: dropout, activations and the masked softmax cross-entropy. */
#ifndef CERTUNE_GNN_OPS_H
#define CERTUNE_GNN_OPS_H

#include <flint/flint.h>
#include "certune/gnn_rand.h"
#include "certune/gnn_sparse.h"

#define GNN_ACT_RELU 0
#define GNN_ACT_ELU 1

/* Draws m inverted-dropout multipliers into mask: 0 with probability p
   (rounded to a multiple of 2^-16), else 1 / (1 - p), so the expectation is
   unchanged. p = 0 gives all ones and draws nothing from R. */
void gnn_dropout_mask(double *mask, slong m, double p, gnn_rand_t R);

/* gnn_dropout_mask then y = x * mask in the same pass (y may alias x). */
void gnn_dropout_apply(double *y, double *mask, const double *x, slong m, double p,
                       gnn_rand_t R);

/* Sets K to A after inverted dropout of its entries (p > 0, as for
   gnn_dropout_mask), keeping only the surviving entries, so that products with
   K skip the dropped ones. K must have A's shape and room for its nonzeros. */
void gnn_dropout_csr(gnn_csr_t K, const gnn_csr_t A, double p, gnn_rand_t R);

/* y[i] = x[i] * mask[i] for i < m (y may alias x). */
void gnn_vec_mul(double *y, const double *x, const double *mask, slong m);

/* y = act(x) elementwise over m entries (y may alias x). */
void gnn_act_forward(double *y, const double *x, slong m, int act);

/* dx = dy * mask * act'(x) elementwise, from the activation's output y =
   act(x) (ELU' is y + 1 below 0: no exp), mask the dropout multipliers
   applied after the activation or NULL for none (dx may alias dy). */
void gnn_act_backward(double *dx, const double *dy, const double *mask, const double *y,
                      slong m, int act);

/* Mean softmax cross-entropy of the n x C logits over the nodes i with
   split[i] == which and label[i] >= 0 (0 when there are none). With dlogits
   non-NULL it also writes the gradient of that mean (0 on other rows). */
double gnn_xent(double *dlogits, const double *logits, slong n, slong C,
                const slong *label, const signed char *split, int which);

/* Fraction of the nodes selected as in gnn_xent whose argmax logit (first
   on ties) is their label; 0 when there are none. */
double gnn_accuracy(const double *logits, slong n, slong C, const slong *label,
                    const signed char *split, int which);

#endif
