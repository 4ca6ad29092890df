/* component: connected components of an instance's graph, numbered 0.. in the
   order of their smallest node, and an index of their members and edges so
   that per-component work is linear. A ct_component_index_struct owns its
   arrays (init/clear) and keeps no pointer into the instance. No errors. */
#ifndef CERTUNE_COMPONENT_H
#define CERTUNE_COMPONENT_H

#include <stdio.h>
#include "certune/instance.h"

/* Stores in comp[i] (n entries, the caller's) the component of node i and
   returns the number of components. */
slong ct_component_assign(slong *comp, const ct_instance_t inst);

/* The components with their member lists, so that work on one component costs
   its own size, not the instance's (10^5 components stay near-linear). */
typedef struct {
    slong ncomp;
    slong *comp;       /* comp[i]: component of node i, as ct_component_assign */
    slong *node;       /* nodes of component k, ascending: node[node_start[k] ..] */
    slong *node_start; /* ncomp + 1 offsets into node */
    slong *local;      /* local[i]: position of node i in its component's list */
    slong *edge;       /* indices of k's edges, ascending: edge[edge_start[k] ..] */
    slong *edge_start; /* ncomp + 1 offsets into edge */
} ct_component_index_struct;
typedef ct_component_index_struct ct_component_index_t[1];

/* Fills X for inst in O(n + edges). */
void ct_component_index_init(ct_component_index_t X, const ct_instance_t inst);
void ct_component_index_clear(ct_component_index_t X);

/* The warning for components without a labeled node: the first
   CT_COMPONENT_WARN_FIRST are named one line each, the rest are counted and
   summarized by ct_component_warn_finish in one line ("... and N more"), so an
   instance of 10^6 isolated nodes does not flood stderr. out may be NULL;
   out and path must outlive W. */
#define CT_COMPONENT_WARN_FIRST 3
typedef struct {
    FILE *out;
    const char *path;
    slong count, nodes; /* unlabeled components and their nodes so far */
} ct_component_warn_struct;

void ct_component_warn_init(ct_component_warn_struct *W, FILE *out, const char *path);
void ct_component_warn_unlabeled(ct_component_warn_struct *W, slong first_node,
                                 slong size);
void ct_component_warn_finish(ct_component_warn_struct *W);

#endif
