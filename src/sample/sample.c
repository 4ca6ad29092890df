/* sample: small .gssl instances cut out of a real node-classification graph,
   their nodes drawn by one of four samplers (connected by breadth-first
   search, uniform, within one class, or balanced over the classes) and their
   edges the induced ones. */
#include <stdlib.h>
#include <string.h>
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
    return ct_sample_instance_by(inst, ids, D, nodes, labeled, CT_SAMPLE_BFS, state,
                                 name);
}

/* The first k of pool[0..m) after a partial Fisher-Yates shuffle. */
static void sample_pick(slong *pool, slong m, slong k, flint_rand_t state)
{
    for (slong a = 0; a < k; a++) {
        slong r = a + (slong)n_randint(state, (ulong)(m - a)), t = pool[a];
        pool[a] = pool[r], pool[r] = t;
    }
}

/* The labeled nodes of D of class k (k < 0: of every class) into pool. */
static slong sample_pool(slong *pool, const ct_dataset_t D, slong k)
{
    slong m = 0;
    for (slong i = 0; i < D->n; i++)
        if (D->label[i] >= 0 && (k < 0 || D->label[i] == k))
            pool[m++] = i;
    return m;
}

/* uniform: `nodes` labeled nodes uniformly; class: all of one class, drawn
   among the classes with enough; balanced: floor(nodes / C) of each class
   present, the remainder one more for the first classes in a random order. */
static int sample_draw_set(slong *taken, const ct_dataset_t D, slong nodes, int sampler,
                           flint_rand_t state)
{
    slong *pool = flint_malloc(FLINT_MAX(D->n, 1) * sizeof(slong)), m, got = 0;
    slong C = FLINT_MAX(D->nclass, 1);
    slong *cls = flint_malloc(C * sizeof(slong)), ncls = 0;
    for (slong k = 0; k < C; k++) /* the classes present (class: with enough) */
        if ((m = sample_pool(pool, D, k)) > 0 &&
            (sampler != CT_SAMPLE_CLASS || m >= nodes))
            cls[ncls++] = k;
    if (sampler == CT_SAMPLE_UNIFORM && (m = sample_pool(pool, D, -1)) >= nodes) {
        sample_pick(pool, m, nodes, state);
        memcpy(taken, pool, nodes * sizeof(slong));
        got = nodes;
    } else if (sampler == CT_SAMPLE_CLASS && ncls > 0) {
        m = sample_pool(pool, D, cls[n_randint(state, (ulong)ncls)]);
        sample_pick(pool, m, nodes, state);
        memcpy(taken, pool, nodes * sizeof(slong));
        got = nodes;
    } else if (sampler == CT_SAMPLE_BALANCED && ncls > 0) {
        sample_pick(cls, ncls, ncls, state); /* who takes the remainder */
        for (slong j = 0; j < ncls; j++) {
            slong want = nodes / ncls + (j < nodes % ncls);
            if ((m = sample_pool(pool, D, cls[j])) < want)
                break;
            sample_pick(pool, m, want, state);
            memcpy(taken + got, pool, want * sizeof(slong));
            got += want;
        }
    }
    flint_free(cls);
    flint_free(pool);
    return got == nodes ? 0 : -1;
}

int ct_sample_instance_by(ct_instance_t inst, slong *ids, const ct_dataset_t D,
                          slong nodes, double labeled, int sampler, flint_rand_t state,
                          const char *name)
{
    sample_graph G;
    slong *taken = flint_malloc(FLINT_MAX(nodes, 1) * sizeof(slong));
    slong *pos = flint_malloc(FLINT_MAX(D->n, 1) * sizeof(slong));
    sample_graph_init(&G, D);
    int found;
    if (sampler == CT_SAMPLE_BFS)
        found = sample_draw(taken, pos, &G, D, nodes, state) == 0;
    else if ((found = sample_draw_set(taken, D, nodes, sampler, state) == 0)) {
        for (slong i = 0; i < D->n; i++)
            pos[i] = -1;
        for (slong a = 0; a < nodes; a++)
            pos[taken[a]] = a;
    }
    if (found)
        sample_build(inst, D, &G, taken, pos, nodes, labeled, state, name);
    for (slong a = 0; found && ids != NULL && a < nodes; a++)
        ids[a] = taken[a];
    flint_free(G.start), flint_free(G.adj), flint_free(taken), flint_free(pos);
    return found ? 0 : -1;
}

static const char *const sample_names[] = {"bfs", "uniform", "class", "balanced"};

int ct_sample_parse(const char *name)
{
    for (int k = 0; k < 4; k++)
        if (strcmp(name, sample_names[k]) == 0)
            return k;
    return -1;
}

const char *ct_sample_name(int sampler)
{
    return sampler >= 0 && sampler < 4 ? sample_names[sampler] : "?";
}
