/* lskron_rows: which function each row and pair searches. For the pair
   (k, l) and T = L_k u L_l, a part P of the graph without a node of T that
   hangs off the rest through one cut vertex v has, on P \ {v}, the rows of
   (L + lambda Delta) F = Y homogeneous in both columns with the one boundary
   value at v: F^k_i = g_i F^k_v and F^l_i = g_i F^l_v with one g_i > 0 (an
   irreducible M-matrix's inverse times a nonnegative coupling), so i's pair
   function is a positive multiple of v's: same signs, same zeros
   (lsroot_blocks.c finds v); parts coupled to the rest through a rank-one
   block are the same for every node of them (lsroot_rank1.c), and so are a
   small hanging part's rows where its own labels cancel (lskron_hang.c).
   Rows whose carriers lie in
   one cell of lsroot_cells.c (equal rows of F) are then merged too. */
#include <math.h>
#include <string.h>
#include "certune/mem.h"
#include "lskron_internal.h"

/* node[t * np + p] and same[t * np + p] for pair p = (k, l): rows whose
   carriers lie in one cell share the first one's function. */
static void krows_pair(slong *node, slong *same, const ct_lskron_struct *S,
                       const ct_lsroot_graph_struct *G, ct_lsroot_share_struct *X,
                       const _ct_lskron_hang *Hg, const slong *cell, const slong *rows,
                       slong nr, slong p, slong k, slong l, slong *carrier, slong *first)
{
    slong np = S->head.c * (S->head.c - 1) / 2;
    ct_lsroot_share_carriers(carrier, X, G, k, l);
    _ct_lskron_hang_carriers(carrier, Hg, S, rows, nr, k, l);
    for (slong i = 0; i < S->head.n; i++)
        first[i] = -1;
    for (slong t = 0; t < nr; t++) {
        slong v = carrier[rows[t]], *f = first + cell[v];
        if (*f < 0)
            *f = t;
        same[t * np + p] = *f;
        node[t * np + p] = v;
    }
}

/* The unlabeled nodes of U and their rows of H~ and |H~|, contiguous for
   the batched models' products (lskron_dmodel.c). */
static void krows_gather(_ct_lskron_rows *R, const ct_lskron_struct *S)
{
    slong m = S->m;
    R->slot = flint_malloc(FLINT_MAX(R->nu, 1) * sizeof(slong));
    R->nh = 0;
    for (slong t = 0; t < R->nu; t++)
        R->slot[t] = S->pos[R->U[t]] < 0 ? R->nh++ : -1;
    R->Hs = ct_mem_calloc((size_t)FLINT_MAX(R->nh, 1) * m, sizeof(double));
    R->Ha = ct_mem_calloc((size_t)FLINT_MAX(R->nh, 1) * m, sizeof(double));
    for (slong t = 0; t < R->nu; t++) {
        slong s = R->slot[t], a = -1 - S->pos[R->U[t]];
        for (slong q = 0; s >= 0 && q < m; q++) {
            R->Hs[s * m + q] = S->H[a * m + q];
            R->Ha[s * m + q] = fabs(S->H[a * m + q]);
        }
    }
}

void _ct_lskron_rows_init(_ct_lskron_rows *R, slong *same, const ct_lskron_struct *S,
                          const slong *rows, slong nr)
{
    slong np = S->head.c * (S->head.c - 1) / 2, cnt = FLINT_MAX(nr * np, 1);
    slong *carrier = flint_malloc(S->head.n * sizeof(slong)), *idx;
    slong *cell = flint_malloc(S->head.n * sizeof(slong)),
          *first = flint_malloc(S->head.n * sizeof(slong));
    R->node = flint_malloc(cnt * sizeof(slong));
    R->mrow = flint_malloc(cnt * sizeof(slong));
    R->U = flint_malloc(cnt * sizeof(slong));
    R->nu = 0;
    ct_lsroot_graph_struct G = {S->head.n, S->head.c, S->rowstart, S->col, S->w, S->ncls};
    ct_lsroot_share_struct X;
    ct_lsroot_share_init(&X, carrier, &G, rows, nr); /* carrier: the hanging parts */
    ct_lsroot_cells(cell, &G, carrier);
    ct_lsroot_cells_average(cell, &G, carrier);
    _ct_lskron_hang Hg;
    _ct_lskron_hang_init(&Hg, S, &X.B, rows, nr);
    for (slong k = 0, p = 0; k < S->head.c; k++)
        for (slong l = k + 1; l < S->head.c; l++, p++)
            krows_pair(R->node, same, S, &G, &X, &Hg, cell, rows, nr, p, k, l, carrier,
                       first);
    _ct_lskron_hang_clear(&Hg);
    ct_lsroot_share_clear(&X);
    flint_free(cell), flint_free(first);
    idx = carrier; /* reused: node -> its index in U */
    for (slong i = 0; i < S->head.n; i++)
        idx[i] = -1;
    for (slong e = 0; e < nr * np; e++) {
        slong v = R->node[e];
        if (idx[v] < 0)
            idx[v] = R->nu, R->U[R->nu++] = v;
        R->mrow[e] = idx[v];
    }
    flint_free(carrier);
    krows_gather(R, S);
}

void _ct_lskron_rows_clear(_ct_lskron_rows *R)
{
    flint_free(R->node), flint_free(R->mrow), flint_free(R->U);
    flint_free(R->slot), flint_free(R->Hs), flint_free(R->Ha);
}
