/* gnn_graph: the propagation matrices of GCN, GAT, GCAN and SGC, built from a
   dataset's undirected edges. Each builder initializes its CSR matrices
   (uninitialized on entry; free them with ct_gnn_csr_clear); D is only read.
   No errors. */
#ifndef CERTUNE_GNN_GRAPH_H
#define CERTUNE_GNN_GRAPH_H

#include "certune/dataset.h"
#include "certune/gnn_csr.h"

/* Sets A to the n x n pattern of N(i) + i from the undirected edges of D
   (each stored once, both directions added; duplicates are kept as given),
   the self-loop first in each row, with values (d_i d_j)^{-1/2} where d counts
   the self-loop: the GCN coefficients. */
void ct_gnn_graph_init_gcn(ct_gnn_csr_t A, const ct_dataset_t D);

/* Sets S to (D + beta I)^{-1/2} (W + beta I) (D + beta I)^{-1/2} on the same
   pattern as ct_gnn_graph_init_gcn (D the degree without self-loop) and dS to its
   derivative in beta. A node with d_i + beta = 0 gets a zero row. */
void ct_gnn_graph_init_sgc(ct_gnn_csr_t S, ct_gnn_csr_t dS, const ct_dataset_t D,
                           double beta);

#endif
