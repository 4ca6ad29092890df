/* lsroot_blocks: the block-cut tree of a component and, for a set T of
   nodes, where each node's part of the graph hangs off the rest.

   Blocks (biconnected components) by Tarjan's edge-stack algorithm, run
   iteratively; the tree has a node per block and per cut vertex. Rooted at a
   tree node holding a node of T, the core is the set of tree nodes whose
   subtree holds one (the least subtree spanning T). A node whose tree node
   is outside the core hangs off the core through one graph node: the cut
   vertex where its branch meets the core (the branch's top cut vertex when
   it meets a core block, the core cut vertex itself otherwise). */
#include <string.h>
#include "certune/lsroot.h"

/* Tarjan's low-link; pushes edges and closes a block when low[v] >= disc[u]. */
typedef struct {
    slong *disc, *low, *estack, *stack_e, *bstart, *bnode;
    slong nb, top, len, *mark;
} kblk_work;

static void kblk_close(ct_lsroot_blocks_struct *B, kblk_work *W, slong u, slong v)
{
    slong start = B->boff[B->nb];
    for (;;) {
        slong a = W->estack[2 * (W->top - 1)], b = W->estack[2 * (W->top - 1) + 1];
        W->top--;
        for (int s = 0; s < 2; s++) {
            slong x = s ? b : a;
            if (W->mark[x] != B->nb)
                W->mark[x] = B->nb, B->bnode[start + W->len++] = x;
        }
        if (a == u && b == v)
            break;
    }
    B->boff[++B->nb] = start + W->len;
    W->len = 0;
}

/* Depth-first search from r with an explicit stack of (node, next edge). */
static void kblk_dfs(ct_lsroot_blocks_struct *B, kblk_work *W,
                     const ct_lsroot_graph_struct *S, slong r, slong *par, slong *next,
                     slong *stk)
{
    slong sp = 0, time = 0;
    W->disc[r] = W->low[r] = time++;
    par[r] = -1, next[r] = S->rowstart[r], stk[sp++] = r;
    while (sp > 0) {
        slong u = stk[sp - 1];
        if (next[u] < S->rowstart[u + 1]) {
            slong v = S->col[next[u]++];
            if (W->disc[v] < 0) {
                W->estack[2 * W->top] = u, W->estack[2 * W->top + 1] = v, W->top++;
                par[v] = u, W->disc[v] = W->low[v] = time++;
                next[v] = S->rowstart[v], stk[sp++] = v;
            } else if (v != par[u] && W->disc[v] < W->disc[u]) {
                W->estack[2 * W->top] = u, W->estack[2 * W->top + 1] = v, W->top++;
                W->low[u] = FLINT_MIN(W->low[u], W->disc[v]);
            }
            continue;
        }
        sp--;
        slong p = par[u];
        if (p >= 0) {
            W->low[p] = FLINT_MIN(W->low[p], W->low[u]);
            if (W->low[u] >= W->disc[p])
                kblk_close(B, W, p, u);
        }
    }
}

static void kblk_blocks(ct_lsroot_blocks_struct *B, const ct_lsroot_graph_struct *S)
{
    slong n = S->n, nnz = S->rowstart[n];
    kblk_work W;
    W.disc = flint_malloc(n * sizeof(slong)), W.low = flint_malloc(n * sizeof(slong));
    W.estack = flint_malloc(FLINT_MAX(nnz, 1) * 2 * sizeof(slong));
    W.mark = flint_malloc(n * sizeof(slong));
    W.top = W.len = 0;
    slong *par = flint_malloc(n * sizeof(slong)), *next = flint_malloc(n * sizeof(slong));
    slong *stk = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++)
        W.disc[i] = -1, W.mark[i] = -1;
    B->nb = 0;
    B->boff = flint_malloc((FLINT_MAX(nnz, 1) + 1) * sizeof(slong));
    B->bnode = flint_malloc(FLINT_MAX(nnz, 1) * 2 * sizeof(slong));
    B->boff[0] = 0;
    kblk_dfs(B, &W, S, 0, par, next, stk); /* the component is connected */
    flint_free(W.disc), flint_free(W.low), flint_free(W.estack), flint_free(W.mark);
    flint_free(par), flint_free(next), flint_free(stk);
}

/* The tree: tree node b < nb is block b, nb + x is node x as a cut vertex
   (only those in two blocks or more are used); adjacency in CSR (toff, tadj),
   and each node's tree node (its cut vertex node, else its block). */
static void kblk_tree(ct_lsroot_blocks_struct *B, slong n)
{
    slong nt = B->nb + n, len = B->boff[B->nb], **toff = &B->toff, **tadj = &B->tadj;
    slong *cnt = flint_calloc(n, sizeof(slong));
    for (slong t = 0; t < len; t++)
        cnt[B->bnode[t]]++;
    *toff = flint_calloc(nt + 1, sizeof(slong));
    for (slong b = 0; b < B->nb; b++)
        for (slong t = B->boff[b]; t < B->boff[b + 1]; t++)
            if (cnt[B->bnode[t]] > 1)
                (*toff)[b + 1]++, (*toff)[B->nb + B->bnode[t] + 1]++;
    for (slong y = 0; y < nt; y++)
        (*toff)[y + 1] += (*toff)[y];
    *tadj = flint_malloc(FLINT_MAX((*toff)[nt], 1) * sizeof(slong));
    slong *fill = flint_calloc(nt, sizeof(slong));
    for (slong b = 0; b < B->nb; b++)
        for (slong t = B->boff[b]; t < B->boff[b + 1]; t++) {
            slong x = B->bnode[t], c = B->nb + x;
            if (cnt[x] < 2)
                continue;
            (*tadj)[(*toff)[b] + fill[b]++] = c;
            (*tadj)[(*toff)[c] + fill[c]++] = b;
        }
    B->tnode = flint_malloc(n * sizeof(slong));
    for (slong b = 0; b < B->nb; b++)
        for (slong t = B->boff[b]; t < B->boff[b + 1]; t++)
            B->tnode[B->bnode[t]] = cnt[B->bnode[t]] > 1 ? B->nb + B->bnode[t] : b;
    flint_free(fill), flint_free(cnt);
}

void ct_lsroot_blocks_carriers(slong *carrier, const ct_lsroot_blocks_struct *B,
                               const ct_lsroot_graph_struct *S, const char *in_t)
{
    slong n = S->n, nt = B->nb + n;
    const slong *toff = B->toff, *tadj = B->tadj, *tnode = B->tnode;
    slong *par = flint_malloc(nt * sizeof(slong)),
          *ord = flint_malloc(nt * sizeof(slong));
    slong *att = flint_malloc(nt * sizeof(slong)), no = 0, root = -1;
    char *core = flint_calloc(nt, 1);
    for (slong i = 0; i < n && root < 0; i++)
        if (in_t[i])
            root = tnode[i];
    for (slong y = 0; y < nt; y++)
        par[y] = -2;
    par[root] = -1, ord[no++] = root;
    for (slong h = 0; h < no; h++) /* breadth first: parents before children */
        for (slong t = toff[ord[h]]; t < toff[ord[h] + 1]; t++)
            if (par[tadj[t]] == -2)
                par[tadj[t]] = ord[h], ord[no++] = tadj[t];
    for (slong i = 0; i < n; i++)
        if (in_t[i])
            core[tnode[i]] = 1;
    for (slong h = no - 1; h > 0; h--)
        core[par[ord[h]]] |= core[ord[h]];
    for (slong h = 0; h < no; h++) { /* where each branch meets the core */
        slong y = ord[h], p = par[y];
        att[y] = core[y] ? -1 : core[p] ? (p >= B->nb ? p - B->nb : y - B->nb) : att[p];
    }
    for (slong i = 0; i < n; i++)
        carrier[i] = core[tnode[i]] ? i : att[tnode[i]];
    flint_free(par), flint_free(ord), flint_free(att), flint_free(core);
}

slong ct_lsroot_blocks_largest(const ct_lsroot_blocks_struct *B)
{
    slong big = 0;
    for (slong b = 1; b < B->nb; b++)
        if (B->boff[b + 1] - B->boff[b] > B->boff[big + 1] - B->boff[big])
            big = b;
    return big;
}

void ct_lsroot_blocks_init(ct_lsroot_blocks_struct *B, const ct_lsroot_graph_struct *S)
{
    kblk_blocks(B, S);
    kblk_tree(B, S->n);
}

void ct_lsroot_blocks_clear(ct_lsroot_blocks_struct *B)
{
    flint_free(B->boff), flint_free(B->bnode);
    flint_free(B->toff), flint_free(B->tadj), flint_free(B->tnode);
}
