/* component: connected components of an instance's graph. */
#include <flint/flint.h>
#include "certune/component.h"

/* Root of v's tree, halving the path on the way up. */
static slong component_find(slong *parent, slong v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

slong ct_component_assign(slong *comp, const ct_instance_t inst)
{
    slong n = inst->n, i, a, b, count = 0;
    slong *parent;

    if (n <= 0)
        return 0;
    parent = flint_malloc(n * sizeof(slong));
    for (i = 0; i < n; i++)
        parent[i] = i;
    /* Linking the larger root under the smaller keeps every root the smallest
       node of its component, which is what the numbering below relies on. */
    for (i = 0; i < inst->nedges; i++) {
        a = component_find(parent, inst->eu[i]);
        b = component_find(parent, inst->ev[i]);
        if (a < b)
            parent[b] = a;
        else if (b < a)
            parent[a] = b;
    }
    /* A root is met before the rest of its component, so its number is set
       when the others look it up. */
    for (i = 0; i < n; i++) {
        a = component_find(parent, i);
        comp[i] = (a == i) ? count++ : comp[a];
    }
    flint_free(parent);
    return count;
}

/* Counting sort of the items (nodes or edges) by their component key. */
static void component_bucket(slong *item, slong *start, const slong *key, slong nitems,
                             slong ncomp)
{
    for (slong k = 0; k <= ncomp; k++)
        start[k] = 0;
    for (slong i = 0; i < nitems; i++)
        start[key[i] + 1]++;
    for (slong k = 0; k < ncomp; k++)
        start[k + 1] += start[k];
    slong *fill = flint_malloc(FLINT_MAX(ncomp, 1) * sizeof(slong));
    for (slong k = 0; k < ncomp; k++)
        fill[k] = start[k];
    for (slong i = 0; i < nitems; i++) /* ascending i: lists come out sorted */
        item[fill[key[i]]++] = i;
    flint_free(fill);
}

void ct_component_index_init(ct_component_index_t X, const ct_instance_t inst)
{
    slong n = FLINT_MAX(inst->n, 1), ne = FLINT_MAX(inst->nedges, 1);
    X->comp = flint_malloc(n * sizeof(slong));
    X->ncomp = ct_component_assign(X->comp, inst);
    X->node = flint_malloc(n * sizeof(slong));
    X->node_start = flint_malloc((X->ncomp + 1) * sizeof(slong));
    component_bucket(X->node, X->node_start, X->comp, inst->n, X->ncomp);
    X->local = flint_malloc(n * sizeof(slong));
    for (slong k = 0; k < X->ncomp; k++)
        for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++)
            X->local[X->node[j]] = j - X->node_start[k];
    slong *ekey = flint_malloc(ne * sizeof(slong));
    for (slong e = 0; e < inst->nedges; e++)
        ekey[e] = X->comp[inst->eu[e]];
    X->edge = flint_malloc(ne * sizeof(slong));
    X->edge_start = flint_malloc((X->ncomp + 1) * sizeof(slong));
    component_bucket(X->edge, X->edge_start, ekey, inst->nedges, X->ncomp);
    flint_free(ekey);
}

void ct_component_index_clear(ct_component_index_t X)
{
    flint_free(X->comp);
    flint_free(X->node);
    flint_free(X->node_start);
    flint_free(X->local);
    flint_free(X->edge);
    flint_free(X->edge_start);
}

void ct_component_warn_init(ct_component_warn_struct *W, FILE *out, const char *path)
{
    W->out = out;
    W->path = path;
    W->count = W->nodes = 0;
}

void ct_component_warn_unlabeled(ct_component_warn_struct *W, slong first_node,
                                 slong size)
{
    if (W->out != NULL && W->count < CT_COMPONENT_WARN_FIRST)
        fprintf(W->out,
                "certune: warning: %s: the component of node %ld (%ld node%s) has no "
                "labeled node; its nodes get F = 0 (a tie, predicted class 0)\n",
                W->path, (long)first_node + 1, (long)size, size == 1 ? "" : "s");
    W->count++;
    W->nodes += size;
}

void ct_component_warn_finish(ct_component_warn_struct *W)
{
    slong more = W->count - CT_COMPONENT_WARN_FIRST;
    if (W->out != NULL && more > 0)
        fprintf(W->out,
                "certune: warning: %s: ... and %ld more components without a labeled "
                "node (%ld unlabeled-component nodes in all, all predicted class 0)\n",
                W->path, (long)more, (long)W->nodes);
}
