/* lskron_hang: rows in small parts hanging off the rest through one cut
   vertex whose own labeled nodes cancel there (docs/lambda.md, "Shared
   signs").

   Let P be the nodes of a branch of the block-cut tree below a cut vertex v
   (rooted at the largest block); every edge leaving P ends at v. The rows
   of P of (L + lambda Delta) F = Y read A_P g_P = w_Pv g_v + b_P for g = F_k -
   F_l, A_P = (L + lambda Delta)_PP (P's full degrees) and b_P = (Y_k -
   Y_l)_P, so g_P = phi g_v + psi with phi = A_P^{-1} w_Pv > 0 (P connected,
   touching v) and psi = A_P^{-1} b_P. Where psi_i = 0 for every lambda > 0,
   node i has the signs and zeros of v. lsroot_blocks.c's rule is the case
   b_P = 0; on Actor's graph a leaf labeled k and a labeled node of l with
   an unlabeled leaf, both beside one node, cancel (psi = 0 on that node and
   on the path from it to v), and the three rows' zeros are exactly equal.

   psi_i is N_i / det A_P with deg N_i <= m_P (P's labeled nodes): it is 0
   iff it is 0 at the m_P + 1 points lambda = 1, ..., m_P + 1, where A_P is
   positive definite; each point is one exact solve (fmpz_mat_solve) for
   every class. Parts of at most HANG_MAX nodes. */
#include <string.h>
#include <flint/fmpz_mat.h>
#include "lskron_internal.h"

#define HANG_MAX 64

/* The tree rooted at the largest block: par (breadth first order ord), and
   per block the nodes of its branch without its parent cut vertex (size). */
typedef struct {
    slong *par, *ord, *size;
} hang_tree;

static void hang_tree_init(hang_tree *T, const ct_lsroot_blocks_struct *B, slong n)
{
    slong nt = B->nb + n, root = ct_lsroot_blocks_largest(B), no = 0;
    T->par = flint_malloc(nt * sizeof(slong));
    T->ord = flint_malloc(nt * sizeof(slong));
    T->size = flint_calloc(nt, sizeof(slong));
    for (slong y = 0; y < nt; y++)
        T->par[y] = -2;
    T->par[root] = -1, T->ord[no++] = root;
    for (slong h = 0; h < no; h++)
        for (slong t = B->toff[T->ord[h]]; t < B->toff[T->ord[h] + 1]; t++)
            if (T->par[B->tadj[t]] == -2)
                T->par[B->tadj[t]] = T->ord[h], T->ord[no++] = B->tadj[t];
    for (slong h = no - 1; h >= 0; h--) { /* children before parents */
        slong y = T->ord[h];
        if (y < B->nb)
            T->size[y] += B->boff[y + 1] - B->boff[y] - (T->par[y] >= 0);
        if (T->par[y] >= 0)
            T->size[T->par[y]] += T->size[y];
    }
}

static void hang_tree_clear(hang_tree *T)
{
    flint_free(T->par), flint_free(T->ord), flint_free(T->size);
}

/* The nodes of block b's branch (without its parent cut vertex v) into
   node; returns their number. */
static slong hang_nodes(slong *node, const ct_lsroot_blocks_struct *B, const hang_tree *T,
                        slong b, slong v, slong *stack)
{
    slong top = 0, cnt = 0;
    stack[top++] = b;
    while (top > 0) {
        slong y = stack[--top];
        for (slong t = B->toff[y]; t < B->toff[y + 1]; t++)
            if (T->par[B->tadj[t]] == y)
                stack[top++] = B->tadj[t];
        if (y >= B->nb)
            continue;
        for (slong t = B->boff[y]; t < B->boff[y + 1]; t++) {
            slong x = B->bnode[t];
            int dup = x == v;
            for (slong u = 0; u < cnt && !dup; u++) /* cut vertices: two blocks */
                dup = node[u] == x;
            if (!dup)
                node[cnt++] = x;
        }
    }
    return cnt;
}

/* eq[u * c + k] for the part's nodes: the least class k' whose psi^k'
   equals psi^k at node u for every lambda (psi^k = A_P^{-1} Y_k,P); at: n
   entries, -1 on entry and on return. */
static void hang_classes(slong *eq, const ct_lskron_struct *S, const slong *node, slong s,
                         slong *at)
{
    slong c = S->head.c, mp = 0, *old = flint_malloc(c * sizeof(slong));
    for (slong u = 0; u < s; u++)
        at[node[u]] = u, mp += S->ncls[node[u]] >= 0;
    for (slong u = 0; u < s * c; u++)
        eq[u] = 0; /* all equal until a point tells them apart */
    fmpz_mat_t A, X, Y;
    fmpz_t den;
    fmpz_mat_init(A, s, s), fmpz_mat_init(X, s, c), fmpz_mat_init(Y, s, c);
    fmpz_init(den);
    for (slong u = 0; u < s; u++) {
        slong i = node[u];
        if (S->ncls[i] >= 0)
            fmpz_one(fmpz_mat_entry(Y, u, S->ncls[i]));
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            if (at[S->col[e]] >= 0 && S->col[e] != i)
                fmpz_set_d(fmpz_mat_entry(A, u, at[S->col[e]]), -S->w[e]);
    }
    for (slong lam = 1; lam <= mp + 1 && mp > 0; lam++) {
        for (slong u = 0; u < s; u++) {
            slong i = node[u];
            fmpz_set_d(fmpz_mat_entry(A, u, u), S->deg[i] + (S->ncls[i] >= 0 ? lam : 0));
        }
        fmpz_mat_solve(X, den, A, Y);   /* A positive definite: den != 0 */
        for (slong u = 0; u < s; u++) { /* refine: same before and equal now */
            slong *e = eq + u * c;
            memcpy(old, e, c * sizeof(slong));
            for (slong k = 0; k < c; k++) {
                e[k] = k;
                for (slong q = 0; q < k && e[k] == k; q++)
                    if (old[q] == old[k] &&
                        fmpz_equal(fmpz_mat_entry(X, u, q), fmpz_mat_entry(X, u, k)))
                        e[k] = q;
            }
        }
    }
    fmpz_mat_clear(A), fmpz_mat_clear(X), fmpz_mat_clear(Y);
    fmpz_clear(den);
    flint_free(old);
    for (slong u = 0; u < s; u++)
        at[node[u]] = -1;
}

/* Block b's part (its branch without the cut vertex v), when it has labels
   and at most HANG_MAX nodes: appended to H (returns its index), else -1. */
static slong hang_part(_ct_lskron_hang *H, const ct_lskron_struct *S,
                       const ct_lsroot_blocks_struct *B, const hang_tree *T, slong b,
                       slong *work, slong *at)
{
    slong v = T->par[b] - B->nb, c = S->head.c, nl = 0;
    slong s = hang_nodes(work, B, T, b, v, work + HANG_MAX);
    for (slong u = 0; u < s; u++)
        nl += S->ncls[work[u]] >= 0;
    if (nl == 0)
        return -1; /* lsroot_blocks.c's rule */
    slong p = H->np++, off = H->poff[p];
    H->pv = flint_realloc(H->pv, H->np * sizeof(slong));
    H->poff = flint_realloc(H->poff, (H->np + 1) * sizeof(slong));
    H->pnode = flint_realloc(H->pnode, (off + s) * sizeof(slong));
    H->eq = flint_realloc(H->eq, (off + s) * c * sizeof(slong));
    H->pv[p] = v, H->poff[p + 1] = off + s;
    memcpy(H->pnode + off, work, s * sizeof(slong));
    hang_classes(H->eq + off * c, S, work, s, at);
    return p;
}

/* Row t's candidates: the parts of its branches (largest first). */
static void hang_row(_ct_lskron_hang *H, const ct_lskron_struct *S,
                     const ct_lsroot_blocks_struct *B, const hang_tree *T, slong i,
                     slong *bpart, slong *work, slong *at)
{
    slong y = B->tnode[i], b = y < B->nb ? y : T->par[y], first = H->nc;
    while (b >= 0 && T->par[b] >= 0 && T->size[b] <= HANG_MAX) {
        if (bpart[b] == -2)
            bpart[b] = hang_part(H, S, B, T, b, work, at);
        if (bpart[b] >= 0) {
            H->cand = flint_realloc(H->cand, (H->nc + 1) * sizeof(slong));
            H->cand[H->nc++] = bpart[b];
        }
        b = T->par[T->par[b]];
    }
    for (slong u = first, w = H->nc - 1; u < w; u++, w--) { /* largest first */
        slong x = H->cand[u];
        H->cand[u] = H->cand[w], H->cand[w] = x;
    }
}

void _ct_lskron_hang_init(_ct_lskron_hang *H, const ct_lskron_struct *S,
                          const ct_lsroot_blocks_struct *B, const slong *rows, slong nr)
{
    slong n = S->head.n;
    memset(H, 0, sizeof(*H));
    H->poff = flint_calloc(1, sizeof(slong));
    H->coff = flint_calloc(nr + 1, sizeof(slong));
    if (B->nb < 2)
        return;
    hang_tree T;
    hang_tree_init(&T, B, n);
    slong *bpart = flint_malloc(B->nb * sizeof(slong)),
          *at = flint_malloc(n * sizeof(slong));
    slong *work = flint_malloc((HANG_MAX + B->nb + n) * sizeof(slong));
    for (slong b = 0; b < B->nb; b++)
        bpart[b] = -2; /* not tried */
    for (slong i = 0; i < n; i++)
        at[i] = -1;
    for (slong t = 0; t < nr; t++) {
        hang_row(H, S, B, &T, rows[t], bpart, work, at);
        H->coff[t + 1] = H->nc;
    }
    hang_tree_clear(&T);
    flint_free(bpart), flint_free(at), flint_free(work);
}

void _ct_lskron_hang_carriers(slong *carrier, const _ct_lskron_hang *H,
                              const ct_lskron_struct *S, const slong *rows, slong nr,
                              slong k, slong l)
{
    slong c = S->head.c;
    for (slong t = 0; t < nr; t++) {
        slong i = rows[t];
        for (slong u = H->coff[t]; u < H->coff[t + 1] && carrier[i] == i; u++) {
            slong p = H->cand[u], at = H->poff[p];
            while (H->pnode[at] != i)
                at++;
            const slong *e = H->eq + at * c;
            if (e[k] == e[l])
                carrier[i] = carrier[H->pv[p]];
        }
    }
    for (slong t = 0; t < nr; t++) { /* a row whose carrier moved on follows it */
        slong i = rows[t], v = carrier[i];
        for (slong step = 0; carrier[v] != v && step < S->head.n; step++)
            v = carrier[v];
        carrier[i] = v;
    }
}

void _ct_lskron_hang_clear(_ct_lskron_hang *H)
{
    flint_free(H->pv), flint_free(H->poff), flint_free(H->pnode), flint_free(H->eq);
    flint_free(H->cand), flint_free(H->coff);
}
