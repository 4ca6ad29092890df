/* lskron_cells: nodes whose rows of F are provably equal.

   Take a partition of the nodes into cells, each of one label (a class, or
   unlabeled), such that every node of a cell has the same total weight into
   each other cell. Then L maps the vectors constant on cells into
   themselves ((L f)_i = sum over cells C' other than i's of w(i, C') (f_C -
   f_C'): edges inside a cell do not count), so does Delta, and Y_k is
   constant on cells; (L + lambda Delta) being invertible, F_k is constant on
   cells. Colour refinement from the labels reaches such a partition: split
   each cell by the nodes' (other cell, total weight) lists until nothing
   splits. It holds twins, adjacent or not, and coincidences of unit weights
   that no automorphism explains (a node joined to u and v, and a pair of
   adjacent nodes joined to both: all three average u and v). Parts of the
   graph without labels that hang off the rest through one cut vertex v have
   F = F_v throughout (harmonic with one boundary value) and add nothing to
   v's row: they are left out of the refinement and given v's cell. */
#include <stdlib.h>
#include <string.h>
#include "lskron_internal.h"

typedef struct {
    slong cell;
    double w;
} kcell_pair;

typedef struct {
    slong node, cell, len;
    const kcell_pair *sig;
} kcell_key;

static int kcell_pair_cmp(const void *a, const void *b)
{
    slong x = ((const kcell_pair *)a)->cell, y = ((const kcell_pair *)b)->cell;
    return (x > y) - (x < y);
}

static int kcell_key_cmp(const void *a, const void *b)
{
    const kcell_key *x = a, *y = b;
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

/* Node i's (other cell, total weight) list, sorted by cell, into sig; its length.
   The sums are exact (integers below 2^40 in doubles). Edges into label-free
   hanging parts (hang[y] != y) do not count: F there is i's own. */
static slong kcell_signature(kcell_pair *sig, const ct_lskron_struct *S,
                             const slong *cell, const slong *hang, slong i)
{
    slong len = 0, out = 0;
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
        if (cell[S->col[e]] != cell[i] && hang[S->col[e]] == S->col[e])
            sig[len].cell = cell[S->col[e]], sig[len++].w = S->w[e];
    qsort(sig, len, sizeof(kcell_pair), kcell_pair_cmp);
    for (slong t = 0; t < len; t++) {
        if (out > 0 && sig[out - 1].cell == sig[t].cell)
            sig[out - 1].w += sig[t].w;
        else
            sig[out++] = sig[t];
    }
    return out;
}

/* One round: new cells from (cell, signature); returns their number. */
static slong kcell_round(slong *cell, const ct_lskron_struct *S, const slong *hang,
                         kcell_pair *sigs, kcell_key *keys)
{
    slong n = S->head.n;
    for (slong i = 0; i < n; i++) {
        kcell_pair *sig = sigs + S->rowstart[i];
        keys[i].node = i, keys[i].cell = cell[i], keys[i].sig = sig;
        keys[i].len = hang[i] == i ? kcell_signature(sig, S, cell, hang, i) : 0;
    }
    qsort(keys, n, sizeof(kcell_key), kcell_key_cmp);
    slong nc = 0;
    for (slong t = 0; t < n; t++) { /* keys still hold the old cells */
        if (t > 0 && kcell_key_cmp(keys + t - 1, keys + t) != 0)
            nc++;
        cell[keys[t].node] = nc;
    }
    return nc + 1;
}

slong _ct_lskron_cells(slong *cell, const ct_lskron_struct *S, const slong *hang)
{
    slong n = S->head.n, nc = 0, prev = -1;
    kcell_pair *sigs = flint_malloc(FLINT_MAX(S->rowstart[n], 1) * sizeof(kcell_pair));
    kcell_key *keys = flint_malloc(n * sizeof(kcell_key));
    for (slong i = 0; i < n; i++)
        cell[i] = S->ncls[i] + 1; /* 0: unlabeled, 1 + k: class k */
    while (nc != prev) {          /* cells only split: at most n rounds */
        prev = nc;
        nc = kcell_round(cell, S, hang, sigs, keys);
    }
    for (slong i = 0; i < n; i++) /* a hanging node has its carrier's row */
        cell[i] = cell[hang[i]];
    flint_free(sigs), flint_free(keys);
    return nc;
}
