/* gnn_ops: dropout, activations and the masked softmax cross-entropy of the
   GNN companion, on double arrays the caller owns (m entries, or n x C
   row-major logits); sparse dropout writes into a ct_gnn_csr_t the caller
   initialized. The elementwise operations accept their output aliasing their
   input (y and x, dx and dy); random draws advance the given generator. No
   errors. */
#ifndef CERTUNE_GNN_OPS_H
#define CERTUNE_GNN_OPS_H

#include <flint/flint.h>
#include <stdint.h>
#include "certune/gnn_rand.h"
#include "certune/gnn_csr.h"

#define CT_GNN_OPS_ACT_RELU 0
#define CT_GNN_OPS_ACT_ELU 1

/* Draws m inverted-dropout multipliers into mask: 0 with probability p
   (rounded to a multiple of 2^-16), else 1 / (1 - p), so the expectation is
   unchanged. p = 0 gives all ones and draws nothing from R. */
void ct_gnn_ops_dropout_mask(double *mask, slong m, double p, ct_gnn_rand_t R);

/* ct_gnn_ops_dropout_mask then y = x * mask in the same pass. */
void ct_gnn_ops_dropout_apply(double *y, double *mask, const double *x, slong m, double p,
                              ct_gnn_rand_t R);

/* ct_gnn_ops_dropout_apply on the n x k block x (m = n k entries), computed on
   the rows with rows[i] != 0 only (rows NULL: all): the other rows of y and
   mask are left untouched, but R advances as if they had been drawn, so the
   stream and the computed rows are those of the full call. x must not be NULL. */
void ct_gnn_ops_dropout_apply_rows(double *y, double *mask, const double *x, slong n,
                                   slong k, double p, ct_gnn_rand_t R,
                                   const signed char *rows);

/* Sets K to A after inverted dropout of its entries (p > 0, as for
   ct_gnn_ops_dropout_mask), keeping only the surviving entries, so that products with
   K skip the dropped ones. K must have A's shape and room for its nonzeros. */
void ct_gnn_ops_dropout_csr(ct_gnn_csr_t K, const ct_gnn_csr_t A, double p,
                            ct_gnn_rand_t R);

/* ct_gnn_ops_dropout_csr(K, A, p, R) and, in the same pass over A, Y = A B and
   YK = K B (B with k columns), bit for bit as the separate calls would give:
   the evaluation pass's feature product and the next training step's. YK is
   computed on the rows with rows[i] != 0 only (rows NULL: all), the others
   left untouched, and the other rows of K may be left empty (the random
   stream is the same either way). */
void ct_gnn_ops_csr_dropout_mul(ct_gnn_csr_t K, double *YK, double *Y,
                                const ct_gnn_csr_t A, double p, ct_gnn_rand_t R,
                                const double *B, slong k, const signed char *rows);

/* y[i] = x[i] * mask[i] for i < m. */
void ct_gnn_ops_vec_mul(double *y, const double *x, const double *mask, slong m);

/* y = act(x) elementwise over m entries. */
void ct_gnn_ops_act_forward(double *y, const double *x, slong m, int act);

/* dx = dy * mask * act'(x) elementwise, from the activation's output y =
   act(x) (ELU' is y + 1 below 0: no exp), mask the dropout multipliers
   applied after the activation or NULL for none. */
void ct_gnn_ops_act_backward(double *dx, const double *dy, const double *mask,
                             const double *y, slong m, int act);

/* Mean softmax cross-entropy of the n x C logits over the nodes i with
   split[i] == which and label[i] >= 0 (0 when there are none). With dlogits
   non-NULL it also writes the gradient of that mean (0 on other rows). */
double ct_gnn_ops_xent(double *dlogits, const double *logits, slong n, slong C,
                       const slong *label, const signed char *split, int which);

/* Fraction of the nodes selected as in ct_gnn_ops_xent whose argmax logit (first
   on ties) is their label; 0 when there are none. */
double ct_gnn_ops_accuracy(const double *logits, slong n, slong C, const slong *label,
                           const signed char *split, int which);

/* The shared argument reduction of ct_gnn_ops_exp and ct_gnn_ops_expm1: x (clamped to
   [-708, 709]) = k ln2 + r with |r| <= ln2/2; returns r and sets *scale = 2^k
   (k is rounded by the 1.5 * 2^52 trick, so no conversion instruction). */
static inline double ct_gnn_ops_exp_reduce(double x, double *scale)
{
    double xc = x < -708.0 ? -708.0 : (x > 709.0 ? 709.0 : x);
    union {
        double d;
        uint64_t u;
    } t, sc;
    t.d = xc * 1.4426950408889634 + 6755399441055744.0; /* 1.5 * 2^52: round */
    double k = t.d - 6755399441055744.0;
    sc.u = (t.u + 1023) << 52; /* 2^k: the low bits of t.u hold k */
    *scale = sc.d;
    return (xc - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
}

/* expm1(r) for |r| <= ln2/2 as r + r^2 w(r), w the degree-11 Taylor
   polynomial (1/2 + r/6 + ... + r^11/13!), evaluated by Estrin's scheme
   (pairs, then the powers r^2, r^4, r^8): a dependency chain of 5
   multiply-adds instead of Horner's 13, which made exp latency-bound. The
   exact leading r keeps the error near 0.5 ulp. */
static inline double ct_gnn_ops_expm1_reduced(double r)
{
    double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    double v0 = 0.5 + r * (1.0 / 6.0), v1 = 1.0 / 24.0 + r * (1.0 / 120.0);
    double v2 = 1.0 / 720.0 + r * (1.0 / 5040.0);
    double v3 = 1.0 / 40320.0 + r * (1.0 / 362880.0);
    double v4 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0);
    double v5 = 1.0 / 479001600.0 + r * (1.0 / 6227020800.0);
    double w = ((v0 + r2 * v1) + r4 * (v2 + r2 * v3)) + r8 * (v4 + r2 * v5);
    return r + r2 * w;
}

/* exp(x), branch-free so that loops calling it vectorize (libm's exp is an
   opaque call): 2^k (1 + expm1(r)). Returns 0 below -708 (where exp is
   below 3e-308) and saturates above 709. Used for the attention softmax. */
static inline double ct_gnn_ops_exp(double x)
{
    double sc, r = ct_gnn_ops_exp_reduce(x, &sc);
    return x < -708.0 ? 0.0 : (1.0 + ct_gnn_ops_expm1_reduced(r)) * sc;
}

/* expm1(x) as ct_gnn_ops_exp does exp: expm1(x) = 2^k expm1(r) + (2^k - 1), with
   no cancellation near 0, where k = 0. Used by ELU. */
static inline double ct_gnn_ops_expm1(double x)
{
    double sc, r = ct_gnn_ops_exp_reduce(x, &sc);
    return sc * ct_gnn_ops_expm1_reduced(r) + (sc - 1.0);
}

#endif
