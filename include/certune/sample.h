/* sample: small .gssl instances cut out of a real node-classification graph
   (a loaded ct_dataset_t): a set of its labeled nodes drawn by one of the
   samplers below, with the induced edges (weight 1) and D's classes. Every
   builder takes an uninitialized ct_instance_t and, on success, leaves it
   initialized (free it with ct_instance_clear; name is copied); on -1 (too
   few suitable nodes) it is left uninitialized. D is only read; the random
   state is advanced, and the same state gives the same draw. */
#ifndef CERTUNE_SAMPLE_H
#define CERTUNE_SAMPLE_H

#include <flint/flint.h>
#include "certune/dataset.h"
#include "certune/instance.h"

/* Builds inst from a connected set of `nodes` labeled nodes of D, grown by
   breadth-first search in random order from a random start (restarting
   elsewhere when a component is too small); edges are the induced ones with
   weight 1, classes are D's. round(labeled * nodes) nodes (at least 1) get
   an `l` record with their true class, the others a `t` record. Returns 0,
   or -1 when no component of labeled nodes is that large. */
int ct_sample_instance(ct_instance_t inst, const ct_dataset_t D, slong nodes,
                       double labeled, flint_rand_t state, const char *name);

/* As ct_sample_instance, and ids (nodes entries, or NULL) receives the
   0-based dataset id of each instance node: node a + 1 of inst is node ids[a]
   of D. The same state gives the same instance as ct_sample_instance. */
int ct_sample_instance_ids(ct_instance_t inst, slong *ids, const ct_dataset_t D,
                           slong nodes, double labeled, flint_rand_t state,
                           const char *name);
/* The samplers: bfs (as ct_sample_instance: connected, grown by
   breadth-first search), uniform (labeled nodes drawn uniformly), class (all
   from one class, drawn among the classes with enough nodes), balanced (an
   equal share of each class present). Every one takes the induced edges. */
#define CT_SAMPLE_BFS 0
#define CT_SAMPLE_UNIFORM 1
#define CT_SAMPLE_CLASS 2
#define CT_SAMPLE_BALANCED 3

/* As ct_sample_instance_ids with the sampler (CT_SAMPLE_*); CT_SAMPLE_BFS
   gives ct_sample_instance_ids's instance for the same state. Returns 0, or
   -1 when the dataset has too few (labeled, of a class, of each class)
   nodes. */
int ct_sample_instance_by(ct_instance_t inst, slong *ids, const ct_dataset_t D,
                          slong nodes, double labeled, int sampler, flint_rand_t state,
                          const char *name);

/* "bfs", "uniform", "class", "balanced" and back (-1 for another name). */
int ct_sample_parse(const char *name);
const char *ct_sample_name(int sampler);

/* The node set behind ct_sample_instance: `nodes` distinct labeled nodes of
   D (indices into taken, caller-allocated, `nodes` long) forming a connected
   induced subgraph, drawn the same way and consuming state identically.
   Returns 0, or -1 when no component of labeled nodes is that large. */
int ct_sample_nodes(slong *taken, const ct_dataset_t D, slong nodes, flint_rand_t state);

#endif
