/* lsalpha_twins: rows whose functions are provably equal (alpha's ball path).
   Twins (two nodes with equal neighbours, weights and label, adjacent or
   not) are exchanged by an automorphism of (W, Y), so their rows of F are
   equal. For a class pair (k, l), x = F_k - F_l solves (D - alpha W) x =
   alpha-free b = D^(1/2) (Y_k - Y_l) up to the positive row factors, and b
   vanishes on a part P without a node labeled k or l (a label of another
   class adds to Y_k and Y_l alike). When P hangs off the rest through one
   cut vertex v (a pendant tree is the smallest case), or sees the rest
   through a rank-one block W_PR = a c^T, its rows read (D - alpha W)_PP x_P
   = alpha a (c^T x_R), so x_P = alpha (c^T x_R) (D - alpha W)_PP^-1 a: a
   positive vector (an M-matrix's inverse, each piece of P touching R) times
   one scalar function, for 0 < alpha < 1. The rows of P share its signs
   and zeros; lsroot_blocks.c and lsroot_rank1.c find such parts (lambda's
   rules, on the same graph). */
#include <string.h>
#include "lsalpha_internal.h"

/* The sorted (neighbour, weight) list of node i, and its label class or -1,
   as a key: two nodes with equal keys are exchanged by an automorphism of
   (W, Y) (they are not adjacent: neither lists itself), so their rows of F
   are equal and so are all their functions. */
static ulong lscomp_key(slong *key, const ct_lsroot_graph_struct *G, slong i)
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
static int lstw_closed(const ct_lsroot_graph_struct *G, slong u, slong v, slong *ku,
                       slong *kv)
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
static slong *lstw_closed_classes(const ct_lsroot_graph_struct *G)
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

/* Whether the functions of nodes a and b are provably equal: the same node,
   closed twins (rep), or open twins (equal keys). */
static int lstw_equal(slong a, slong b, const slong *rep, const ulong *h,
                      const slong *off, const slong *keys)
{
    slong len = off[a + 1] - off[a];
    return a == b || rep[a] == rep[b] ||
           (h[a] == h[b] && off[b + 1] - off[b] == len &&
            memcmp(keys + off[a], keys + off[b], len * sizeof(slong)) == 0);
}

/* node and same of pair p = (k, l) for the nr rows (stride np). */
static void lstw_pair(slong *same, slong *node, const ct_lsroot_graph_struct *G, slong k,
                      slong l, slong p, slong np, const slong *rows, slong nr,
                      const slong *rep, const ulong *h, const slong *off,
                      const slong *keys, ct_lsroot_share_struct *X, slong *carrier)
{
    ct_lsroot_share_carriers(carrier, X, G, k, l);
    for (slong t = 0; t < nr; t++) {
        slong e = t * np + p;
        node[e] = carrier[rows[t]], same[e] = t;
        for (slong u = 0; u < t && same[e] == t; u++)
            if (same[u * np + p] == u &&
                lstw_equal(node[u * np + p], node[e], rep, h, off, keys))
                same[e] = u;
    }
}

void _ct_lsalpha_twins(slong *same, slong *node, const ct_lsroot_graph_struct *G,
                       const slong *rows, slong nr)
{
    slong n = G->n, *off = flint_malloc((n + 1) * sizeof(slong)), *keys, *rep;
    ulong *h = flint_malloc(FLINT_MAX(n, 1) * sizeof(ulong));
    slong *carrier = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    off[0] = 0;
    for (slong i = 0; i < n; i++)
        off[i + 1] = off[i] + 1 + 2 * (G->rowstart[i + 1] - G->rowstart[i]);
    keys = flint_malloc(FLINT_MAX(off[n], 1) * sizeof(slong));
    for (slong i = 0; i < n; i++)
        h[i] = lscomp_key(keys + off[i], G, i);
    rep = lstw_closed_classes(G);
    ct_lsroot_share_struct X;
    ct_lsroot_share_init(&X, carrier, G, rows, nr);
    slong np = G->c * (G->c - 1) / 2;
    for (slong k = 0, p = 0; k < G->c; k++)
        for (slong l = k + 1; l < G->c; l++, p++)
            lstw_pair(same, node, G, k, l, p, np, rows, nr, rep, h, off, keys, &X,
                      carrier);
    ct_lsroot_share_clear(&X);
    flint_free(carrier);
    flint_free(off), flint_free(keys), flint_free(h), flint_free(rep);
}
