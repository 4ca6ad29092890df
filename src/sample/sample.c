/* sample: small .gssl instances cut out of a real node-classification graph. */
#include <stdlib.h>
#include "certune/gen.h"
#include "certune/sample.h"

/* CSR adjacency of D restricted to labeled nodes. */
typedef struct {
    slong *start, *adj;
} sample_graph;

static void sample_graph_init(sample_graph *G, const ct_dataset_t D)
{
    G->start = flint_calloc(D->n + 1, sizeof(slong));
    G->adj = flint_malloc(FLINT_MAX(2 * D->nedges, 1) * sizeof(slong));
    for (slong e = 0; e < D->nedges; e++)
        if (D->label[D->eu[e]] >= 0 && D->label[D->ev[e]] >= 0)
            G->start[D->eu[e] + 1]++, G->start[D->ev[e] + 1]++;
    for (slong i = 0; i < D->n; i++)
        G->start[i + 1] += G->start[i];
    slong *fill = flint_calloc(D->n, sizeof(slong));
    for (slong e = 0; e < D->nedges; e++) {
        slong u = D->eu[e], v = D->ev[e];
        if (D->label[u] < 0 || D->label[v] < 0)
            continue;
        G->adj[G->start[u] + fill[u]++] = v;
        G->adj[G->start[v] + fill[v]++] = u;
    }
    flint_free(fill);
}

/* BFS from s visiting neighbours in random order until `want` nodes are taken;
   returns how many were (fewer when the component is smaller). */
static slong sample_bfs(slong *taken, slong *pos, const sample_graph *G, slong s,
                        slong want, flint_rand_t state)
{
    slong count = 0;
    taken[count] = s, pos[s] = count++;
    for (slong head = 0; head < count && count < want; head++) {
        slong u = taken[head], deg = G->start[u + 1] - G->start[u];
        slong *nb = G->adj + G->start[u];
        for (slong k = deg - 1; k > 0; k--) { /* Fisher-Yates */
            slong r = (slong)n_randint(state, (ulong)k + 1), t = nb[k];
            nb[k] = nb[r], nb[r] = t;
        }
        for (slong k = 0; k < deg && count < want; k++)
            if (pos[nb[k]] < 0)
                taken[count] = nb[k], pos[nb[k]] = count++;
    }
    return count;
}

static void sample_build(ct_instance_t inst, const ct_dataset_t D, const sample_graph *G,
                         const slong *taken, const slong *pos, slong nodes,
                         double labeled, flint_rand_t state, const char *name)
{
    slong m = 0;
    for (slong a = 0; a < nodes; a++)
        for (slong k = G->start[taken[a]]; k < G->start[taken[a] + 1]; k++)
            m += pos[G->adj[k]] > a;
    ct_gen_instance_init(inst, name, nodes, D->nclass, m);
    m = 0;
    for (slong a = 0; a < nodes; a++)
        for (slong k = G->start[taken[a]]; k < G->start[taken[a] + 1]; k++)
            if (pos[G->adj[k]] > a) {
                inst->eu[m] = a, inst->ev[m] = pos[G->adj[k]];
                fmpq_one(inst->ew + m++);
            }
    slong nlab = FLINT_MAX(1, (slong)(labeled * (double)nodes + 0.5));
    for (slong a = 0; a < nodes; a++)
        inst->held[a] = D->label[taken[a]];
    for (slong placed = 0; placed < FLINT_MIN(nlab, nodes);) {
        slong a = (slong)n_randint(state, (ulong)nodes);
        if (inst->label[a] < 0) {
            inst->label[a] = inst->held[a], inst->held[a] = -1;
            placed++;
        }
    }
}

/* Draws a connected set of `nodes` labeled nodes into taken (and their
   positions into pos, -1 elsewhere); 0, or -1 when none was found. */
static int sample_draw(slong *taken, slong *pos, sample_graph *G, const ct_dataset_t D,
                       slong nodes, flint_rand_t state)
{
    for (slong attempt = 0; attempt < 1000 && nodes >= 1 && D->n > 0; attempt++) {
        slong s = (slong)n_randint(state, (ulong)D->n);
        if (D->label[s] < 0)
            continue;
        for (slong i = 0; i < D->n; i++)
            pos[i] = -1;
        if (sample_bfs(taken, pos, G, s, nodes, state) == nodes)
            return 0;
    }
    return -1;
}

int ct_sample_nodes(slong *taken, const ct_dataset_t D, slong nodes, flint_rand_t state)
{
    sample_graph G;
    slong *pos = flint_malloc(FLINT_MAX(D->n, 1) * sizeof(slong));
    sample_graph_init(&G, D);
    int rc = sample_draw(taken, pos, &G, D, nodes, state);
    flint_free(G.start), flint_free(G.adj), flint_free(pos);
    return rc;
}

int ct_sample_instance(ct_instance_t inst, const ct_dataset_t D, slong nodes,
                       double labeled, flint_rand_t state, const char *name)
{
    return ct_sample_instance_ids(inst, NULL, D, nodes, labeled, state, name);
}

int ct_sample_instance_ids(ct_instance_t inst, slong *ids, const ct_dataset_t D,
                           slong nodes, double labeled, flint_rand_t state,
                           const char *name)
{
    sample_graph G;
    slong *taken = flint_malloc(FLINT_MAX(nodes, 1) * sizeof(slong));
    slong *pos = flint_malloc(FLINT_MAX(D->n, 1) * sizeof(slong));
    sample_graph_init(&G, D);
    int found = sample_draw(taken, pos, &G, D, nodes, state) == 0;
    if (found)
        sample_build(inst, D, &G, taken, pos, nodes, labeled, state, name);
    for (slong a = 0; found && ids != NULL && a < nodes; a++)
        ids[a] = taken[a];
    flint_free(G.start), flint_free(G.adj), flint_free(taken), flint_free(pos);
    return found ? 0 : -1;
}
