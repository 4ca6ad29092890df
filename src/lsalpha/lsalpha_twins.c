/* lsalpha_twins: rows whose functions are provably equal (alpha's ball path).
   Twins (two nodes with equal neighbours, weights and label, adjacent or
   not) are exchanged by an automorphism of (W, Y), so their rows of F are
   equal; an unlabeled pendant tree shares the signs of the node it hangs
   from. */
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

/* carrier[i], the node whose functions row node i shares, for every node of
   G: unlabeled leaves are peeled repeatedly, each pointing at its one
   remaining neighbour. A peeled node i heads a label-free tree P joined to
   the rest only by its edge to u, so in (I - alpha T) x = b its block gives
   x_P = (I - alpha T_PP)^-1 alpha T_Pu x_u, a positive vector (P connected,
   0 < alpha < 1) times x_u; for every class pair the rows of P have the signs
   of u (lambda likewise: L_PP F_P = -L_Pu F_u). A whole label-free tree is
   never peeled to nothing: a node left with no neighbour stays itself. */
static slong *lscomp_carriers(const _ct_lsalpha_graph *G)
{
    slong n = G->n, *carrier = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong *deg = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong *stack = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong)), top = 0;
    for (slong i = 0; i < n; i++) {
        carrier[i] = i, deg[i] = G->rowstart[i + 1] - G->rowstart[i];
        if (deg[i] == 1 && G->cls[i] < 0)
            stack[top++] = i;
    }
    while (top > 0) {
        slong i = stack[--top], u = -1;
        if (deg[i] != 1) /* its last neighbour was peeled meanwhile */
            continue;
        for (slong e = G->rowstart[i]; e < G->rowstart[i + 1] && u < 0; e++)
            if (deg[G->col[e]] > 0 && carrier[G->col[e]] == G->col[e])
                u = G->col[e];
        carrier[i] = u, deg[i] = 0;
        if (--deg[u] == 1 && G->cls[u] < 0)
            stack[top++] = u;
    }
    for (slong i = 0; i < n; i++) /* follow each chain to its unpeeled node */
        while (carrier[carrier[i]] != carrier[i])
            carrier[i] = carrier[carrier[i]];
    flint_free(deg), flint_free(stack);
    return carrier;
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
    slong *carrier = lscomp_carriers(G);
    ulong *h = flint_malloc(FLINT_MAX(nr, 1) * sizeof(ulong));
    off[0] = 0;
    for (slong t = 0; t < nr; t++) {
        node[t] = carrier[rows[t]];
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
    flint_free(off), flint_free(keys), flint_free(h), flint_free(rep),
        flint_free(carrier);
}
