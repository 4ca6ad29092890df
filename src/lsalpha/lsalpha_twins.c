/* lsalpha_twins: rows whose functions are provably equal (alpha's ball path).
   Nodes in one cell of an equitable partition (lsroot_cells.c: one label
   and equal total weights into every cell; twins, adjacent or not, and
   nodes exchanged by any automorphism of (W, Y) among them) have equal rows
   of F, so equal functions. For a class pair (k, l), x = F_k - F_l solves
   (D - alpha W) x = alpha-free b = D^(1/2) (Y_k - Y_l) up to the positive
   row factors, and b vanishes on a part P without a node labeled k or l (a
   label of another class adds to Y_k and Y_l alike). When P hangs off the
   rest through one cut vertex v (a pendant tree is the smallest case), or
   sees the rest through a rank-one block W_PR = a c^T, its rows read (D -
   alpha W)_PP x_P = alpha a (c^T x_R), so x_P = alpha (c^T x_R) (D - alpha
   W)_PP^-1 a: a positive vector (an M-matrix's inverse, each piece of P
   touching R) times one scalar function, for 0 < alpha < 1. The rows of P
   share its signs and zeros; lsroot_blocks.c and lsroot_rank1.c find such
   parts (lambda's rules, on the same graph). An unlabeled node whose
   neighbours all lie in one cell has alpha sum_j S_ij times their row
   (ct_lsroot_cells_average): the same signs and zeros. The cells are made
   per pair with the other classes' labels left out: x = F_k - F_l does not
   see them (Cora with the split random:1: nodes 982 and 1016, 0-based, are
   exchanged by a symmetry that maps a node labeled 3 to an unlabeled one,
   so their zeros agree for every pair without class 3). */
#include "lsalpha_internal.h"

/* node and same of pair p = (k, l) for the nr rows (stride np): rows whose
   carriers lie in one cell share the first one's function. */
static void lstw_pair(slong *same, slong *node, const ct_lsroot_graph_struct *G, slong k,
                      slong l, slong p, const slong *rows, slong nr, const slong *cell,
                      ct_lsroot_share_struct *X, slong *carrier, slong *first)
{
    slong np = G->c * (G->c - 1) / 2;
    ct_lsroot_share_carriers(carrier, X, G, k, l);
    for (slong i = 0; i < G->n; i++)
        first[i] = -1;
    for (slong t = 0; t < nr; t++) {
        slong v = carrier[rows[t]], *f = first + cell[v];
        if (*f < 0)
            *f = t;
        same[t * np + p] = *f;
        node[t * np + p] = v;
    }
}

/* The cells of pair (k, l): a node labeled with another class has b = 0
   there, as an unlabeled one (its row of (I - alpha S) x = b has no other
   trace of its label), so only the labels of k and l split cells. */
static void lstw_cells(slong *cell, slong *cls, const ct_lsroot_graph_struct *G, slong k,
                       slong l)
{
    ct_lsroot_graph_struct H = *G;
    for (slong i = 0; i < G->n; i++)
        cls[i] = G->cls[i] == k || G->cls[i] == l ? G->cls[i] : -1;
    H.cls = cls;
    ct_lsroot_cells(cell, &H, NULL);
    ct_lsroot_cells_average(cell, &H, NULL);
}

void _ct_lsalpha_twins(slong *same, slong *node, const ct_lsroot_graph_struct *G,
                       const slong *rows, slong nr)
{
    slong n = FLINT_MAX(G->n, 1);
    slong *carrier = flint_malloc(n * sizeof(slong));
    slong *cell = flint_malloc(n * sizeof(slong)),
          *first = flint_malloc(n * sizeof(slong)),
          *cls = flint_malloc(n * sizeof(slong));
    ct_lsroot_share_struct X;
    ct_lsroot_share_init(&X, carrier, G, rows, nr);
    for (slong k = 0, p = 0; k < G->c; k++)
        for (slong l = k + 1; l < G->c; l++, p++) {
            lstw_cells(cell, cls, G, k, l);
            lstw_pair(same, node, G, k, l, p, rows, nr, cell, &X, carrier, first);
        }
    ct_lsroot_share_clear(&X);
    flint_free(carrier), flint_free(cell), flint_free(first), flint_free(cls);
}
