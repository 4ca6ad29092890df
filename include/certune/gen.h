/* gen: seeded random instances built in memory (tests and benchmarks), the
   k-nearest-neighbour graph of rational points, and the lower-bound
   constructions' shared gadget. Every builder takes an uninitialized
   ct_instance_t and leaves it initialized as a load would (free it with
   ct_instance_clear); names and point arrays are copied, never kept. The
   same parameters and seed give the same instance. No errors. */
#ifndef CERTUNE_GEN_H
#define CERTUNE_GEN_H

#include <flint/flint.h>
#include "certune/instance.h"

/* How edge weights are drawn. */
typedef enum {
    CT_GEN_WEIGHT_UNIT = 0, /* 1 */
    CT_GEN_WEIGHT_SMALL,    /* an integer in 1..9 */
    CT_GEN_WEIGHT_RATIONAL, /* p/q with p, q in 1..20, reduced */
    CT_GEN_WEIGHT_DECIMAL,  /* a decimal with two digits in 0.01..9.99, e.g. 0.37 */
    CT_GEN_WEIGHT_MIXED     /* each edge draws one of the four kinds above */
} ct_gen_weight_t;

/* Parameters of the generator (see ct_gen_params_init for the defaults). */
typedef struct {
    slong n, c;             /* nodes (>= 1) and classes (>= 1) */
    double p;               /* Erdos-Renyi edge probability (SBM: within blocks) */
    double p_out;           /* SBM only: edge probability between blocks */
    int sbm;                /* 1: stochastic block model, the truth is the block */
    int connected;          /* 1: a random spanning tree is laid first */
    double labeled;         /* fraction of labeled nodes, in [0, 1] */
    double held;            /* fraction of the other nodes held out, in [0, 1] */
    ct_gen_weight_t weight; /* weight kind */
    slong knn;              /* > 0: k-nearest-neighbour model with this k (see below) */
    slong grid;             /* kNN only: integer coordinates in 0..grid (0: automatic) */
} ct_gen_params_struct;
typedef ct_gen_params_struct ct_gen_params_t[1];

/* Defaults: Erdos-Renyi with p = 0.3, not forced connected, 25% labeled, all
   other nodes held out, small integer weights; knn = 0 (not the kNN model),
   grid = 0. */
void ct_gen_params_init(ct_gen_params_t P, slong n, slong c);

/* Initializes inst with n nodes, c classes and room for nedges edges (eu, ev
   zero, ew zero), every node unlabeled and not held out, no features, path a
   copy of name. */
void ct_gen_instance_init(ct_instance_t inst, const char *name, slong n, slong c,
                          slong nedges);

/* Builds a random instance. Labeled nodes number round(labeled * n), at least
   one when labeled > 0, at most n - 1 when n >= 2; each class gets one when
   there are at least c of them (in an SBM, a labeled node's class is its
   block). Of the other nodes a fraction `held` (at least one when n >= 2 and
   held > 0) is held out, with a uniformly random class, or with its block in
   an SBM.
   The path is a copy of name (or "random" when name is NULL).
   With knn > 0 the graph is instead the k-nearest-neighbour graph
   (ct_gen_knn_graph, k = knn) of n points drawn uniformly from the integer grid
   {0, 1, ..., grid}^2 (x then y for each point in turn; equal points are
   allowed). grid = 0 picks the smallest g with g^2 >= 4 n, about four sites
   per point, so that near neighbours are at small integer squared distances D
   and the weights 1 / (1 + D) have small denominators (exact arithmetic stays
   cheap; points in [0, 1]^2 at resolution 1/g with weights 1/(1 + g^2 d^2)).
   p, p_out, sbm, connected and weight are then ignored, and labels
   and held-out classes are drawn as in Erdos-Renyi (no blocks). The graph need
   not be connected. With knn = 0 the sequence of draws is the one it always
   was, so existing seeds give the same instances. */
void ct_gen_instance_rand(ct_instance_t inst, const ct_gen_params_t P, flint_rand_t state,
                          const char *name);

/* Same, deterministic in (seed, k): seeds its own generator and names the
   instance "random-<seed>-<k>". */
void ct_gen_instance(ct_instance_t inst, const ct_gen_params_t P, ulong seed, slong k);

/* Initializes inst (as ct_gen_instance_init: c classes, nothing labeled or held
   out) with the symmetrized k-nearest-neighbour graph of the n points
   (x[i], y[i]): u and v are joined when v is among the k nearest points of u
   or u among the k nearest of v, by exact squared Euclidean distance, ties
   broken by the smaller index; k is clamped to [0, n - 1], so every node has
   degree at least k then. The edge {u, v} has the exact weight
   1 / (1 + |p_u - p_v|^2) in (0, 1] (1 for equal points). Edges are stored
   once with eu < ev, sorted by (eu, ev). */
void ct_gen_knn_graph(ct_instance_t inst, const char *name, const fmpq *x, const fmpq *y,
                      slong n, slong c, slong k);

/* The lower-bound constructions' gadgets (docs/shatter.md), shared by the
   families' constructions. Instance k (1 <= k <= M) has one gadget per flip of
   bit k - 1 in 1 .. 2^M - 1: 2^(M-k+1) - 1 of them. */
static inline slong ct_gen_shatter_gadgets(slong M, slong k)
{
    return (WORD(1) << (M - k + 1)) - 1;
}

/* Gadget g (0-based) of the delta and alpha constructions, the same graph:
   nodes 4g..4g+3, edges (4g, 4g+1) = (4g, 4g+2) = 1, (4g, 4g+3) = x; 4g
   labeled class 0, 4g+1 and 4g+2 class 1, 4g+3 held out with class truth.
   inst has room for it (ct_gen_instance_init). */
void ct_gen_shatter_star_gadget(ct_instance_t inst, slong g, const fmpq_t x, slong truth);

#endif
