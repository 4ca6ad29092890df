/* gnn_adam: the Adam optimizer with L2 weight decay, as torch.optim.Adam. A
   ct_gnn_adam_t owns its moment estimates (init/clear); the parameters,
   gradients and decays are the caller's arrays of n doubles, updated in
   place. No errors. */
#ifndef CERTUNE_GNN_ADAM_H
#define CERTUNE_GNN_ADAM_H

#include <flint/flint.h>

typedef struct {
    slong n, t;
    double lr, beta1, beta2, eps;
    double *m, *v; /* first and second moment estimates */
    double *zero;  /* n zeros: the decay when none is given */
} ct_gnn_adam_struct;
typedef ct_gnn_adam_struct ct_gnn_adam_t[1];

/* Prepares Adam for n parameters with step size lr and the usual betas
   (0.9, 0.999) and eps 1e-8; moments start at zero. */
void ct_gnn_adam_init(ct_gnn_adam_t A, slong n, double lr);

void ct_gnn_adam_clear(ct_gnn_adam_t A);

/* One step on param given grad: wd[i] * param[i] is added to the gradient
   first (coupled L2 decay, as in the GCN/GAT papers and torch), wd may be
   NULL for none. */
void ct_gnn_adam_step(ct_gnn_adam_t A, double *param, const double *grad,
                      const double *wd);

#endif
