/* lsroot_cells: nodes whose rows of F are provably equal.

   Take a partition of the nodes into cells, each of one label (a class, or
   unlabeled), such that every node of a cell has the same total weight into
   each cell. Colour refinement from the labels reaches the coarsest such
   partition: split each cell by the nodes' (cell, total weight) lists until
   nothing splits. It holds the orbits of the automorphisms of (W, Y) (twins,
   adjacent or not; nodes with a labeled leaf each beside one hub) and
   coincidences of unit weights that no automorphism explains.

   alpha (hang NULL): D - alpha W maps the vectors constant on cells into
   themselves ((D f)_i = d_i f_C with d_i the sum of i's list, the same on a
   cell, and (W f)_i = sum over cells C' of w(i, C') f_C'), and so does its
   inverse for 0 < alpha < 1 (a nonsingular map of a finite-dimensional
   invariant subspace is onto it). D^(1/2) Y_k is constant on cells (one label,
   one degree), so x = (D - alpha W)^-1 D^(1/2) Y_k is, and so is F_k = D^(1/2)
   x.

   lambda (hang given): L + lambda Delta does the same, and there edges inside
   a cell do not count ((L f)_i = sum over cells C' other than i's of w(i, C')
   (f_C - f_C')), so they are left out of the lists; Delta and Y_k are
   constant on cells. Parts of the graph without labels that hang off the rest
   through one cut vertex v have F = F_v throughout (harmonic with one boundary
   value) and add nothing to v's row: they are left out of the refinement
   (hang[y] != y) and given v's cell. That holds for lambda only: alpha's F
   is not constant on such a part. */
#include <stdlib.h>
#include <string.h>
#include "certune/lsroot.h"

typedef struct {
    slong cell;
    double w;
} lcell_pair;

typedef struct {
    slong node, cell, len;
    const lcell_pair *sig;
} lcell_key;

static int lcell_pair_cmp(const void *a, const void *b)
{
    slong x = ((const lcell_pair *)a)->cell, y = ((const lcell_pair *)b)->cell;
    return (x > y) - (x < y);
}

static int lcell_key_cmp(const void *a, const void *b)
{
    const lcell_key *x = a, *y = b;
    if (x->cell != y->cell)
        return (x->cell > y->cell) - (x->cell < y->cell);
    if (x->len != y->len)
        return (x->len > y->len) - (x->len < y->len);
    for (slong t = 0; t < x->len; t++) {
        if (x->sig[t].cell != y->sig[t].cell)
            return (x->sig[t].cell > y->sig[t].cell) - (x->sig[t].cell < y->sig[t].cell);
        if (x->sig[t].w != y->sig[t].w)
            return (x->sig[t].w > y->sig[t].w) - (x->sig[t].w < y->sig[t].w);
    }
    return 0;
}

/* Node i's (cell, total weight) list, sorted by cell, into sig; its length.
   The sums are exact (integers below 2^40 in doubles). With hang (lambda),
   edges inside i's cell and into label-free hanging parts (hang[y] != y) do
   not count. */
static slong lcell_signature(lcell_pair *sig, const ct_lsroot_graph_struct *G,
                             const slong *cell, const slong *hang, slong i)
{
    slong len = 0, out = 0;
    for (slong e = G->rowstart[i]; e < G->rowstart[i + 1]; e++) {
        slong y = G->col[e];
        if (hang == NULL || (cell[y] != cell[i] && hang[y] == y))
            sig[len].cell = cell[y], sig[len++].w = G->w[e];
    }
    qsort(sig, len, sizeof(lcell_pair), lcell_pair_cmp);
    for (slong t = 0; t < len; t++) {
        if (out > 0 && sig[out - 1].cell == sig[t].cell)
            sig[out - 1].w += sig[t].w;
        else
            sig[out++] = sig[t];
    }
    return out;
}

/* One round: new cells from (cell, signature); returns their number. */
static slong lcell_round(slong *cell, const ct_lsroot_graph_struct *G, const slong *hang,
                         lcell_pair *sigs, lcell_key *keys)
{
    slong n = G->n;
    for (slong i = 0; i < n; i++) {
        lcell_pair *sig = sigs + G->rowstart[i];
        keys[i].node = i, keys[i].cell = cell[i], keys[i].sig = sig;
        keys[i].len =
            hang == NULL || hang[i] == i ? lcell_signature(sig, G, cell, hang, i) : 0;
    }
    qsort(keys, n, sizeof(lcell_key), lcell_key_cmp);
    slong nc = 0;
    for (slong t = 0; t < n; t++) { /* keys still hold the old cells */
        if (t > 0 && lcell_key_cmp(keys + t - 1, keys + t) != 0)
            nc++;
        cell[keys[t].node] = nc;
    }
    return nc + 1;
}

slong ct_lsroot_cells(slong *cell, const ct_lsroot_graph_struct *G, const slong *hang)
{
    slong n = G->n, nc = 0, prev = -1;
    lcell_pair *sigs = flint_malloc(FLINT_MAX(G->rowstart[n], 1) * sizeof(lcell_pair));
    lcell_key *keys = flint_malloc(FLINT_MAX(n, 1) * sizeof(lcell_key));
    for (slong i = 0; i < n; i++)
        cell[i] = G->cls[i] + 1; /* 0: unlabeled, 1 + k: class k */
    while (nc != prev) {         /* cells only split: at most n rounds */
        prev = nc;
        nc = lcell_round(cell, G, hang, sigs, keys);
    }
    for (slong i = 0; hang != NULL && i < n; i++) /* a hanging node: its carrier's row */
        cell[i] = cell[hang[i]];
    flint_free(sigs), flint_free(keys);
    return nc;
}

void ct_lsroot_cells_average(slong *cell, const ct_lsroot_graph_struct *G,
                             const slong *hang)
{
    for (slong i = 0; i < G->n; i++) {
        slong e0 = G->rowstart[i], c = -1;
        int ok =
            G->cls[i] < 0 && (hang == NULL || hang[i] == i) && e0 < G->rowstart[i + 1];
        for (slong e = e0; ok && e < G->rowstart[i + 1]; e++) {
            slong j = G->col[e];
            ok = (hang == NULL || hang[j] == j) && j != i && (c < 0 || cell[j] == c);
            c = cell[j];
        }
        if (ok)
            cell[i] = c;
    }
}
