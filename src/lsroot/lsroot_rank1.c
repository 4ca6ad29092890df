/* lsroot_rank1: parts of the graph coupled to the rest through a rank-one
   block.

   Let P be a set of nodes, R the others, and the coupling W_PR = a b^T of
   rank one (a, b >= 0: every node of R sees P through proportional weight
   vectors). For a pair (k, l) with no labeled node of class k or l in P, the
   rows of P in (L + lambda Delta) g = Y_k - Y_l read (L + lambda Delta)_PP g_P
   = W_PR g_R = a (b^T g_R), so g_P = (b^T g_R) phi with phi = (L + lambda
   Delta)_PP^{-1} a. (L + lambda Delta)_PP is a nonsingular M-matrix (R is not
   empty and the component is connected), so its inverse is positive on each
   connected piece of P, and each piece touches R (a is nonzero on it): phi >
   0. Every node of P therefore has the signs and zeros of the one scalar
   function b^T g_R, whatever lambda: they share one function. The one cut
   vertex rule (lsroot_blocks.c) is the case where R touches P through one
   node; this rule also takes, e.g., a part seen from the rest only through
   two nodes with the same neighbours in it (Cora: exactly equal zeros of
   adjacent rows that no cut vertex explains, docs/lambda.md).

   Parts are grown greedily from two seeds: the carriers of scored rows (a
   row's label-free hanging parts go with it, and the cut vertex of any part
   holding it that hangs off the largest block) that are adjacent or share a
   neighbour of degree at most KR1_HUB_DEGREE, and any two whose neighbours
   and weights are the same once their own hanging parts and leaves are left
   out (the
   pair of such nodes is seen through a rank-one block however large their
   common neighbours' degrees: Cora's test rows beside two hubs of degree 65
   and 74, one with a leaf and one without). While the boundary's weight
   columns are not all proportional, the boundary nodes outside the heaviest
   direction (most edges) join P, up to KR1_MAX nodes. Which nodes a part may
   hold depends on the pair only through its labeled nodes, so the parts are
   found once (labels ignored) and checked per pair. */
#include <string.h>
#include "certune/lsroot.h"

#define KR1_MAX 64        /* nodes of a part: the rule is local */
#define KR1_HUB_DEGREE 16 /* seeds through a common neighbour of at most this degree */

__extension__ typedef unsigned __int128 kr1_u128;

typedef struct {
    slong x, pi; /* boundary node, position in P */
    double w;
} kr1_entry;

/* Whether columns u[0..len) and v[0..len) (same positions) are proportional:
   the weights are integers below 2^40, the products exact in 128 bits. */
static int kr1_prop(const kr1_entry *u, const kr1_entry *v, slong len)
{
    for (slong q = 0; q < len; q++) {
        if (u[q].pi != v[q].pi)
            return 0;
        kr1_u128 x = (kr1_u128)(ulong)u[q].w * (ulong)v[0].w;
        kr1_u128 y = (kr1_u128)(ulong)v[q].w * (ulong)u[0].w;
        if (x != y)
            return 0;
    }
    return 1;
}

typedef struct {
    slong *node, np;        /* P (at most KR1_MAX nodes) */
    char *in;               /* per node of S: in P */
    slong *at;              /* per node of S: its column while listed, else -1 */
    kr1_entry *e, *f;       /* the boundary's entries, sorted; room to sort */
    slong *col, *grp, *cnt; /* column starts, their group, groups' sizes */
    slong *dx, *tab;        /* the columns' nodes; the groups' hash table */
    slong ecap;             /* at most the degrees of KR1_MAX nodes */
} kr1_work;

/* Room for ne entries (and as many columns and groups). */
static void kr1_reserve(kr1_work *W, slong ne)
{
    if (ne <= W->ecap)
        return;
    W->ecap = FLINT_MAX(ne, 2 * W->ecap);
    W->e = flint_realloc(W->e, W->ecap * sizeof(kr1_entry));
    W->f = flint_realloc(W->f, W->ecap * sizeof(kr1_entry));
    W->col = flint_realloc(W->col, (W->ecap + 1) * sizeof(slong));
    W->grp = flint_realloc(W->grp, 2 * (W->ecap + 1) * sizeof(slong));
    W->cnt = flint_realloc(W->cnt, (W->ecap + 1) * sizeof(slong));
    W->dx = flint_realloc(W->dx, (W->ecap + 1) * sizeof(slong));
    W->tab = flint_realloc(W->tab, 4 * (W->ecap + 1) * sizeof(slong));
}

static int kr1_slong_cmp(const void *a, const void *b)
{
    slong x = *(const slong *)a, y = *(const slong *)b;
    return (x > y) - (x < y);
}

/* The entries of P's boundary in position order into W->f, its distinct
   nodes into W->dx (W->at marks them, 0) and their range [*lo, *hi];
   returns the number of entries, *nc that of nodes. */
static slong kr1_collect(kr1_work *W, const ct_lsroot_graph_struct *S, slong *nc,
                         slong *lo, slong *hi)
{
    slong n = 0;
    *nc = 0, *lo = S->n, *hi = -1;
    for (slong q = 0; q < W->np; q++) {
        slong i = W->node[q];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong x = S->col[e];
            if (W->in[x])
                continue;
            W->f[n].x = x, W->f[n].pi = q, W->f[n++].w = S->w[e];
            if (W->at[x] < 0) {
                W->at[x] = 0, W->dx[(*nc)++] = x;
                *lo = FLINT_MIN(*lo, x), *hi = FLINT_MAX(*hi, x);
            }
        }
    }
    return n;
}

/* The boundary of P as entries sorted by node, then position in P (the
   columns start at W->col): its nodes sorted (scanned in their range when
   dense in it), then the entries placed stably by their node's rank;
   returns the number of columns. */
static slong kr1_boundary(kr1_work *W, const ct_lsroot_graph_struct *S, slong *ne)
{
    slong deg = 0, nc, lo, hi;
    for (slong q = 0; q < W->np; q++)
        deg += S->rowstart[W->node[q] + 1] - S->rowstart[W->node[q]];
    kr1_reserve(W, deg);
    slong n = kr1_collect(W, S, &nc, &lo, &hi);
    if (hi - lo < 8 * nc) {
        for (slong x = lo, j = 0; x <= hi; x++)
            if (W->at[x] >= 0)
                W->dx[j++] = x;
    } else
        qsort(W->dx, nc, sizeof(slong), kr1_slong_cmp);
    for (slong j = 0; j <= nc; j++)
        W->col[j] = 0;
    for (slong j = 0; j < nc; j++)
        W->at[W->dx[j]] = j;
    for (slong t = 0; t < n; t++)
        W->col[W->at[W->f[t].x] + 1]++;
    for (slong j = 0; j < nc; j++)
        W->col[j + 1] += W->col[j], W->cnt[j] = W->col[j]; /* cnt: cursors */
    for (slong t = 0; t < n; t++) /* position order kept within a node */
        W->e[W->cnt[W->at[W->f[t].x]]++] = W->f[t];
    for (slong j = 0; j < nc; j++)
        W->at[W->dx[j]] = -1;
    *ne = n;
    return nc;
}

/* A hash of column u's direction: its positions and its weights divided by
   the first (proportional integer columns give equal quotients, each
   correctly rounded from equal rationals). */
static ulong kr1_hash(const kr1_entry *u, slong len)
{
    ulong h = (ulong)len * 0x9E3779B97F4A7C15UL;
    for (slong q = 0; q < len; q++) {
        double r = u[q].w / u[0].w;
        ulong b;
        memcpy(&b, &r, sizeof(b));
        h = (h ^ (ulong)u[q].pi) * 0x100000001B3UL;
        h = (h ^ b) * 0x100000001B3UL;
    }
    return h ^ (h >> 29);
}

/* Groups the columns by direction; returns the heaviest group (the most
   edges at its nodes, the first in node order on a tie: the rest of the graph
   is on the heavy side; leaves and small pieces join P) and sets *ng. Groups
   are numbered in the order of their first column; a column finds its group
   (the one its direction has, proportionality being an equivalence) through
   a hash table of the groups' first columns. */
static slong kr1_groups(kr1_work *W, const ct_lsroot_graph_struct *S, slong nc, slong *ng)
{
    slong g = 0, best = 0, size = 1;
    while (size < 2 * nc)
        size *= 2;
    for (slong t = 0; t < size; t++)
        W->tab[t] = -1;
    for (slong j = 0; j < nc; j++) {
        const kr1_entry *u = W->e + W->col[j];
        slong len = W->col[j + 1] - W->col[j], h = -1;
        ulong t = kr1_hash(u, len) & (ulong)(size - 1);
        for (; W->tab[t] >= 0; t = (t + 1) & (ulong)(size - 1)) {
            slong r = W->grp[nc + W->tab[t]]; /* the group's first column */
            if (W->col[r + 1] - W->col[r] == len && kr1_prop(W->e + W->col[r], u, len)) {
                h = W->tab[t];
                break;
            }
        }
        if (h < 0)
            h = g, W->tab[t] = g, W->grp[nc + g] = j, W->cnt[g++] = 0;
        W->grp[j] = h, W->cnt[h] += S->rowstart[u->x + 1] - S->rowstart[u->x];
    }
    for (slong h = 1; h < g; h++)
        if (W->cnt[h] > W->cnt[best])
            best = h;
    *ng = g;
    return best;
}

/* Grows P from its seeds; 1 when its coupling is rank one. */
static int kr1_grow(kr1_work *W, const ct_lsroot_graph_struct *S)
{
    for (;;) {
        slong ne, ng, nc = kr1_boundary(W, S, &ne);
        if (nc == 0)
            return 0; /* P is the whole component */
        slong best = kr1_groups(W, S, nc, &ng);
        if (ng == 1)
            return 1;
        for (slong j = 0; j < nc; j++)
            if (W->grp[j] != best) {
                slong x = W->e[W->col[j]].x;
                if (W->np == KR1_MAX)
                    return 0;
                W->in[x] = 1, W->node[W->np++] = x;
            }
    }
}

static void kr1_reset(kr1_work *W)
{
    for (slong q = 0; q < W->np; q++)
        W->in[W->node[q]] = 0;
    W->np = 0;
}

/* The number of classes labeled in P. */
static slong kr1_classes(const kr1_work *W, const ct_lsroot_graph_struct *S, char *seen)
{
    slong nc = 0;
    for (slong q = 0; q < W->np; q++) {
        slong c = S->cls[W->node[q]];
        if (c >= 0 && !seen[c])
            seen[c] = 1, nc++;
    }
    for (slong q = 0; q < W->np; q++)
        if (S->cls[W->node[q]] >= 0)
            seen[S->cls[W->node[q]]] = 0;
    return nc;
}

/* Keeps P when some pair may use it (it misses at least two classes' labels);
   a part without labels serves every pair, and seeds inside it are done. */
static void kr1_push_part(ct_lsroot_parts_struct *Q, const kr1_work *W,
                          const ct_lsroot_graph_struct *S, char *done, char *seen)
{
    slong ncls = kr1_classes(W, S, seen);
    if (ncls > S->c - 2)
        return;
    Q->off = flint_realloc(Q->off, (Q->nparts + 2) * sizeof(slong));
    slong start = Q->off[Q->nparts];
    Q->node = flint_realloc(Q->node, (start + W->np) * sizeof(slong));
    for (slong q = 0; q < W->np; q++) {
        Q->node[start + q] = W->node[q];
        if (ncls == 0)
            done[W->node[q]] = 1;
    }
    Q->off[++Q->nparts] = start + W->np;
}

/* Tries the part grown from the seeds u, v (distinct). */
static void kr1_try(ct_lsroot_parts_struct *Q, kr1_work *W,
                    const ct_lsroot_graph_struct *S, char *done, char *seen, slong u,
                    slong v)
{
    if (done[u] && done[v])
        return;
    W->in[u] = W->in[v] = 1;
    W->node[0] = u, W->node[1] = v, W->np = 2;
    if (kr1_grow(W, S))
        kr1_push_part(Q, W, S, done, seen);
    kr1_reset(W);
}

static void kr1_work_init(kr1_work *W, const ct_lsroot_graph_struct *S)
{
    W->node = flint_malloc(KR1_MAX * sizeof(slong));
    W->in = flint_calloc(S->n, 1);
    W->at = flint_malloc(FLINT_MAX(S->n, 1) * sizeof(slong));
    for (slong i = 0; i < S->n; i++)
        W->at[i] = -1;
    W->e = W->f = NULL, W->col = W->grp = W->cnt = W->dx = W->tab = NULL;
    W->ecap = -1, W->np = 0;
    kr1_reserve(W, 64);
}

static void kr1_work_clear(kr1_work *W)
{
    flint_free(W->node), flint_free(W->in), flint_free(W->at), flint_free(W->e);
    flint_free(W->f), flint_free(W->col), flint_free(W->grp), flint_free(W->cnt);
    flint_free(W->dx), flint_free(W->tab);
}

/* The key of seed u: its (neighbour, weight) pairs sorted by neighbour, the
   neighbours hanging off u (hang[x] == u) and its leaves, labeled or not,
   left out (they join the part as it grows; a labeled one keeps the part
   from the pairs of its class); returns its length. */
static slong kr1_key(slong *key, const ct_lsroot_graph_struct *S, const slong *hang,
                     slong u)
{
    slong len = 0;
    for (slong e = S->rowstart[u]; e < S->rowstart[u + 1]; e++) {
        slong x = S->col[e], t = len;
        if (hang[x] == u || S->rowstart[x + 1] - S->rowstart[x] == 1)
            continue;
        while (t > 0 && key[t - 2] > x) /* insertion by neighbour */
            key[t] = key[t - 2], key[t + 1] = key[t - 1], t -= 2;
        key[t] = x, key[t + 1] = (slong)S->w[e];
        len += 2;
    }
    return len;
}

/* The number of u's leaves with a label. */
static slong kr1_labeled_leaves(const ct_lsroot_graph_struct *S, slong u)
{
    slong cnt = 0;
    for (slong e = S->rowstart[u]; e < S->rowstart[u + 1]; e++) {
        slong x = S->col[e];
        cnt += S->rowstart[x + 1] - S->rowstart[x] == 1 && S->cls[x] >= 0;
    }
    return cnt;
}

typedef struct {
    slong u, off, len, lab;
    const slong *keys;
} kr1_seed;

static int kr1_seed_cmp(const void *a, const void *b)
{
    const kr1_seed *x = a, *y = b;
    if (x->len != y->len)
        return (x->len > y->len) - (x->len < y->len);
    int c = memcmp(x->keys + x->off, y->keys + y->off, x->len * sizeof(slong));
    if (c != 0)
        return c;
    if (x->lab != y->lab)
        return (x->lab > y->lab) - (x->lab < y->lab);
    return (x->u > y->u) - (x->u < y->u);
}

/* Seeds with equal keys, tried in pairs with the first of their run: one with
   the fewest labeled leaves, so that the parts it forms serve the most pairs
   (with a label-free first, every part holds at most the other's labels). */
static void kr1_equal_seeds(ct_lsroot_parts_struct *Q, kr1_work *W,
                            const ct_lsroot_graph_struct *S, const char *scored,
                            const slong *hang, char *done, char *seen)
{
    slong ns = 0, tot = 0;
    for (slong u = 0; u < S->n; u++)
        if (scored[u])
            ns++, tot += 2 * (S->rowstart[u + 1] - S->rowstart[u]);
    kr1_seed *sd = flint_malloc(FLINT_MAX(ns, 1) * sizeof(kr1_seed));
    slong *keys = flint_malloc(FLINT_MAX(tot, 1) * sizeof(slong)), off = 0;
    ns = 0;
    for (slong u = 0; u < S->n; u++)
        if (scored[u]) {
            slong len = kr1_key(keys + off, S, hang, u);
            sd[ns++] = (kr1_seed){u, off, len, kr1_labeled_leaves(S, u), keys};
            off += len;
        }
    qsort(sd, ns, sizeof(kr1_seed), kr1_seed_cmp);
    for (slong a = 0, b; a < ns; a = b) {
        for (b = a + 1;
             b < ns && sd[b].len == sd[a].len && sd[a].len > 0 &&
             !memcmp(keys + sd[a].off, keys + sd[b].off, sd[a].len * sizeof(slong));
             b++)
            kr1_try(Q, W, S, done, seen, sd[a].u, sd[b].u);
    }
    flint_free(sd), flint_free(keys);
}

void ct_lsroot_parts_init(ct_lsroot_parts_struct *Q, const ct_lsroot_graph_struct *S,
                          const slong *rows, slong nr, const slong *hang,
                          const slong *att)
{
    slong n = S->n;
    Q->nparts = 0;
    Q->off = flint_calloc(1, sizeof(slong));
    Q->node = NULL;
    char *scored = flint_calloc(n, 1), *done = flint_calloc(n, 1);
    char *seen = flint_calloc(S->c, 1);
    for (slong t = 0; t < nr; t++)
        scored[hang[rows[t]]] = 1, scored[att[rows[t]]] = 1;
    kr1_work W;
    kr1_work_init(&W, S);
    for (slong u = 0; u < n; u++) {
        if (!scored[u])
            continue;
        for (slong e = S->rowstart[u]; e < S->rowstart[u + 1]; e++) {
            slong x = S->col[e];
            if (scored[x] && x > u)
                kr1_try(Q, &W, S, done, seen, u, x);
            if (S->rowstart[x + 1] - S->rowstart[x] > KR1_HUB_DEGREE)
                continue;
            for (slong f = S->rowstart[x]; f < S->rowstart[x + 1]; f++)
                if (scored[S->col[f]] && S->col[f] > u)
                    kr1_try(Q, &W, S, done, seen, u, S->col[f]);
        }
    }
    kr1_equal_seeds(Q, &W, S, scored, hang, done, seen);
    kr1_work_clear(&W);
    flint_free(scored), flint_free(done), flint_free(seen);
}

void ct_lsroot_parts_clear(ct_lsroot_parts_struct *Q)
{
    flint_free(Q->off), flint_free(Q->node);
}

static slong kr1_find(slong *up, slong x)
{
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

static void kr1_union(slong *up, slong x, slong y)
{
    x = kr1_find(up, x), y = kr1_find(up, y);
    if (x != y)
        up[FLINT_MAX(x, y)] = FLINT_MIN(x, y); /* the root: the class's least node */
}

/* Whether part j holds a labeled node of class k or l. */
static int kr1_part_has(const ct_lsroot_parts_struct *Q, const ct_lsroot_graph_struct *S,
                        slong j, slong k, slong l)
{
    for (slong q = Q->off[j]; q < Q->off[j + 1]; q++) {
        slong c = S->cls[Q->node[q]];
        if (c == k || c == l)
            return 1;
    }
    return 0;
}

void ct_lsroot_parts_carriers(slong *carrier, const ct_lsroot_parts_struct *Q,
                              const ct_lsroot_graph_struct *S, slong k, slong l)
{
    slong n = S->n, any = 0;
    slong *up = flint_malloc(n * sizeof(slong));
    char *touched = flint_calloc(n, 1);
    for (slong i = 0; i < n; i++)
        up[i] = i;
    for (slong j = 0; j < Q->nparts; j++) {
        if (kr1_part_has(Q, S, j, k, l))
            continue;
        any = 1;
        for (slong q = Q->off[j]; q < Q->off[j + 1]; q++)
            kr1_union(up, Q->node[Q->off[j]], Q->node[q]), touched[Q->node[q]] = 1;
    }
    if (any) {
        /* the carriers' own relation (same function), then one carrier per
           class that holds a part's node; other classes keep theirs */
        for (slong i = 0; i < n; i++)
            kr1_union(up, i, carrier[i]);
        for (slong i = 0; i < n; i++)
            if (touched[i])
                touched[kr1_find(up, i)] = 2;
        slong *newc = flint_malloc(n * sizeof(slong));
        for (slong i = 0; i < n; i++) {
            slong r = kr1_find(up, i);
            newc[i] = touched[r] == 2 ? carrier[r] : carrier[i];
        }
        memcpy(carrier, newc, n * sizeof(slong));
        flint_free(newc);
    }
    flint_free(up), flint_free(touched);
}
