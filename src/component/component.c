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
