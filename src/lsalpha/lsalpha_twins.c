/* lsalpha_twins: rows whose functions are provably equal (alpha's ball path).
   Twins (two nodes with equal neighbours, weights and label, adjacent or
   not) are exchanged by an automorphism of (W, Y), so their rows of F are
   equal; an unlabeled leaf shares its neighbour's signs. */
#include <string.h>
#include "lsalpha_internal.h"

/* The sorted (neighbour, weight) list of node i, and its label class or -1,
   as a key: two nodes with equal keys are exchanged by an automorphism of
   (W, Y) (they are not adjacent: neither lists itself), so their rows of F
   are equal and so are all their functions. */
static ulong lscomp_key(slong *key, const _ct_lsalpha_graph *G, slong i)
{
    slong len = 0;
    key[len++] = G->cls[i];
    for (slong e = G->rowstart[i]; e < G->rowstart[i + 1]; e++) {
        slong a = G->col[e], w = (slong)G->w[e], t = len;
        while (t > 1 && key[t - 2] > a) /* insertion by neighbour */
            key[t] = key[t - 2], key[t + 1] = key[t - 1], t -= 2;
        key[t] = a, key[t + 1] = w;
        len += 2;
    }
    ulong h = (ulong)len;
    for (slong t = 0; t < len; t++)
        h = h * 1000003UL ^ (ulong)key[t];
    return h;
}

/* The node whose functions row node i shares: an unlabeled leaf i with
   neighbour u has the signs of u (alpha: x_i = alpha x_u in (I - alpha T) x =
   b; lambda: F_i = F_u, the leaf's row of L F = 0); any other node is itself. */
static slong lscomp_carrier(const _ct_lsalpha_graph *G, slong i)
{
    if (G->rowstart[i + 1] - G->rowstart[i] != 1 || G->cls[i] >= 0)
        return i;
    return G->col[G->rowstart[i]];
}

/* Drops neighbour x from the key's (neighbour, weight) pairs after its class
   entry; returns the pairs' new length in slongs. */
static slong lstw_drop(slong *key, slong len, slong x)
{
    slong out = 0;
    for (slong t = 1; t < 1 + len; t += 2)
        if (key[t] != x)
            key[1 + out] = key[t], key[2 + out] = key[t + 1], out += 2;
    return out;
}

/* Whether adjacent u and v are closed twins: equal labels and equal other
   neighbours with equal weights (the swap of u and v is an automorphism). */
static int lstw_closed(const _ct_lsalpha_graph *G, slong u, slong v, slong *ku, slong *kv)
{
    slong du = G->rowstart[u + 1] - G->rowstart[u];
    if (G->cls[u] != G->cls[v] || du != G->rowstart[v + 1] - G->rowstart[v])
        return 0;
    lscomp_key(ku, G, u), lscomp_key(kv, G, v);
    slong lu = lstw_drop(ku, 2 * du, v), lv = lstw_drop(kv, 2 * du, u);
    return lu == lv && memcmp(ku + 1, kv + 1, lu * sizeof(slong)) == 0;
}

static slong lstw_find(slong *rep, slong v)
{
    while (rep[v] != v)
        v = rep[v] = rep[rep[v]];
    return v;
}

/* rep: the classes of closed twins (union-find over the edges). */
static slong *lstw_closed_classes(const _ct_lsalpha_graph *G)
{
    slong *rep = flint_malloc(G->n * sizeof(slong)), dmax = 0;
    for (slong v = 0; v < G->n; v++)
        rep[v] = v, dmax = FLINT_MAX(dmax, G->rowstart[v + 1] - G->rowstart[v]);
    slong *ku = flint_malloc((2 * dmax + 1) * sizeof(slong));
    slong *kv = flint_malloc((2 * dmax + 1) * sizeof(slong));
    for (slong u = 0; u < G->n; u++)
        for (slong e = G->rowstart[u]; e < G->rowstart[u + 1]; e++) {
            slong v = G->col[e];
            if (v > u && lstw_closed(G, u, v, ku, kv))
                rep[lstw_find(rep, v)] = lstw_find(rep, u);
        }
    for (slong v = 0; v < G->n; v++)
        lstw_find(rep, v);
    flint_free(ku), flint_free(kv);
    return rep;
}

void _ct_lsalpha_twins(slong *same, slong *node, const _ct_lsalpha_graph *G,
                       const slong *rows, slong nr)
{
    slong *off = flint_malloc((nr + 1) * sizeof(slong)), *keys, *rep;
    ulong *h = flint_malloc(FLINT_MAX(nr, 1) * sizeof(ulong));
    off[0] = 0;
    for (slong t = 0; t < nr; t++) {
        node[t] = lscomp_carrier(G, rows[t]);
        off[t + 1] = off[t] + 1 + 2 * (G->rowstart[node[t] + 1] - G->rowstart[node[t]]);
    }
    keys = flint_malloc(FLINT_MAX(off[nr], 1) * sizeof(slong));
    for (slong t = 0; t < nr; t++)
        h[t] = lscomp_key(keys + off[t], G, node[t]);
    rep = lstw_closed_classes(G);
    for (slong t = 0; t < nr; t++) {
        slong len = off[t + 1] - off[t];
        same[t] = t;
        for (slong u = 0; u < t && same[t] == t; u++)
            if (same[u] == u &&
                (rep[node[u]] == rep[node[t]] ||
                 (h[u] == h[t] && off[u + 1] - off[u] == len &&
                  memcmp(keys + off[u], keys + off[t], len * sizeof(slong)) == 0)))
                same[t] = u;
    }
    flint_free(off), flint_free(keys), flint_free(h), flint_free(rep);
}
