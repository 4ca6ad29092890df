/* gnn_graph: adjacency with self-loops and its normalized coefficients. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_graph.h"
#include "certune/mem.h"

/* The pattern of N(i) + i with unit values; deg[i] gets |N(i)| (no loop). */
static void graph_init_pattern(ct_gnn_csr_t A, slong *deg, const ct_dataset_t D)
{
    slong n = D->n;
    memset(deg, 0, sizeof(slong) * (size_t)n);
    for (slong e = 0; e < D->nedges; e++) {
        deg[D->eu[e]]++;
        deg[D->ev[e]]++;
    }
    ct_gnn_csr_init(A, n, n, 2 * D->nedges + n);
    for (slong i = 0; i < n; i++)
        A->rowptr[i + 1] = A->rowptr[i] + deg[i] + 1;
    slong *fill = ct_mem_malloc(sizeof(slong) * (size_t)(n + 1));
    for (slong i = 0; i < n; i++) {
        A->col[A->rowptr[i]] = i;
        fill[i] = A->rowptr[i] + 1;
    }
    for (slong e = 0; e < D->nedges; e++) {
        slong u = D->eu[e], v = D->ev[e];
        A->col[fill[u]++] = v;
        A->col[fill[v]++] = u;
    }
    for (slong p = 0; p < A->rowptr[n]; p++)
        A->val[p] = 1.0;
    free(fill);
}

void ct_gnn_graph_init_gcn(ct_gnn_csr_t A, const ct_dataset_t D)
{
    slong *deg = ct_mem_malloc(sizeof(slong) * (size_t)(D->n + 1));
    graph_init_pattern(A, deg, D);
    double *r = ct_mem_malloc(sizeof(double) * (size_t)(D->n + 1));
    for (slong i = 0; i < D->n; i++)
        r[i] = 1.0 / sqrt((double)(deg[i] + 1));
    for (slong i = 0; i < D->n; i++)
        for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
            A->val[p] = r[i] * r[A->col[p]];
    A->symmetric = 1;
    free(r);
    free(deg);
}

void ct_gnn_graph_init_sgc(ct_gnn_csr_t S, ct_gnn_csr_t dS, const ct_dataset_t D,
                           double beta)
{
    slong n = D->n;
    slong *deg = ct_mem_malloc(sizeof(slong) * (size_t)(n + 1));
    graph_init_pattern(S, deg, D);
    ct_gnn_csr_init(dS, n, n, S->rowptr[n]);
    memcpy(dS->rowptr, S->rowptr, sizeof(slong) * (size_t)(n + 1));
    memcpy(dS->col, S->col, sizeof(slong) * (size_t)S->rowptr[n]);
    /* r = (d + beta)^{-1/2}, q = 1 / (d + beta): dS_ij/dbeta follows from
       S_ij = w_ij r_i r_j and dr/dbeta = -r q / 2. */
    double *r = ct_mem_malloc(sizeof(double) * (size_t)(n + 1));
    double *q = ct_mem_malloc(sizeof(double) * (size_t)(n + 1));
    for (slong i = 0; i < n; i++) {
        double d = (double)deg[i] + beta;
        r[i] = d > 0 ? 1.0 / sqrt(d) : 0.0;
        q[i] = d > 0 ? 1.0 / d : 0.0;
    }
    for (slong i = 0; i < n; i++)
        for (slong p = S->rowptr[i]; p < S->rowptr[i + 1]; p++) {
            slong j = S->col[p];
            int loop = p == S->rowptr[i];
            double w = loop ? beta : 1.0;
            S->val[p] = w * r[i] * r[j];
            dS->val[p] = (loop ? r[i] * r[j] : 0.0) - 0.5 * S->val[p] * (q[i] + q[j]);
        }
    S->symmetric = dS->symmetric = 1;
    free(q);
    free(r);
    free(deg);
}
