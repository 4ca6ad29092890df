/* evaluate_ldl: a sparse L D L^T factorization in long double, the floating
   solve of the certified path (evaluate_ball.c).

   The families' matrices are symmetric M-matrices, positive definite: the
   factorization needs no pivoting, and with a nonnegative right-hand side
   both triangular solves add nonnegative terms only (L's off-diagonal is
   nonpositive), so the solution keeps its relative accuracy entrywise however
   far it decays along the graph. long double (x86's 64-bit significand and
   15-bit exponent) holds the values of 10^-4900 met on long paths, where
   doubles underflowed (alpha at 1/2 on a 1500-node path: 0 from node 540
   on). Its rounding never matters for the answer: evaluate_ball.c proves its
   bounds from the exact matrix.

   The order is CHOLMOD's (AMD, symbolic analysis only: `spldl`'s
   ct_spldl_order; the elimination tree is ct_spldl_etree) when it
   loads, else a minimum degree one of its own (the elimination graph kept
   explicitly, each elimination joining the neighbours into a clique: slow
   where the fill is large, 70 s on Coauthor CS's 18333 nodes against 0.1 s
   for AMD), so the fill stays that of the graph's structure: none on a path
   or a tree, a few times the edges on citation graphs. The factorization is the
   up-looking one of Davis's LDL (ACM TOMS 31, 2005): row k of L from the elimination
   tree's reach of row k of A. */
#include <math.h>
#include <stdlib.h>
#include "certune/spldl.h"
#include "evaluate_internal.h"

/* The elimination graph: sorted adjacency lists, degree buckets. */
typedef struct {
    slong n;
    slong **adj, *len, *cap;
    slong *head, *next, *prev, *deg; /* bucket lists by degree */
} ldl_graph;

static void graph_bucket_add(ldl_graph *G, slong v)
{
    slong d = G->deg[v];
    G->prev[v] = -1;
    G->next[v] = G->head[d];
    if (G->head[d] >= 0)
        G->prev[G->head[d]] = v;
    G->head[d] = v;
}

static void graph_bucket_remove(ldl_graph *G, slong v)
{
    if (G->prev[v] >= 0)
        G->next[G->prev[v]] = G->next[v];
    else
        G->head[G->deg[v]] = G->next[v];
    if (G->next[v] >= 0)
        G->prev[G->next[v]] = G->prev[v];
}

static int ldl_slong_cmp(const void *a, const void *b)
{
    slong x = *(const slong *)a, y = *(const slong *)b;
    return (x > y) - (x < y);
}

static void graph_init(ldl_graph *G, const slong *rowstart, const slong *col, slong n)
{
    G->n = n;
    G->adj = flint_malloc(n * sizeof(slong *));
    G->len = flint_malloc(n * sizeof(slong));
    G->cap = flint_malloc(n * sizeof(slong));
    G->head = flint_malloc(n * sizeof(slong));
    G->next = flint_malloc(n * sizeof(slong));
    G->prev = flint_malloc(n * sizeof(slong));
    G->deg = flint_malloc(n * sizeof(slong));
    for (slong v = 0; v < n; v++) {
        G->head[v] = -1;
        G->cap[v] = FLINT_MAX(rowstart[v + 1] - rowstart[v], 1);
        G->adj[v] = flint_malloc(G->cap[v] * sizeof(slong));
        G->len[v] = 0;
        for (slong t = rowstart[v]; t < rowstart[v + 1]; t++)
            if (col[t] != v)
                G->adj[v][G->len[v]++] = col[t];
        qsort(G->adj[v], (size_t)G->len[v], sizeof(slong), ldl_slong_cmp);
        G->deg[v] = G->len[v];
    }
    for (slong v = n - 1; v >= 0; v--) /* the lowest index first among equals */
        graph_bucket_add(G, v);
}

static void graph_clear(ldl_graph *G)
{
    for (slong v = 0; v < G->n; v++)
        flint_free(G->adj[v]);
    flint_free(G->adj), flint_free(G->len), flint_free(G->cap);
    flint_free(G->head), flint_free(G->next), flint_free(G->prev), flint_free(G->deg);
}

/* adj[u] = (adj[u] without v) merged with nb[0 .. k) without u; both sorted. */
static void graph_merge(ldl_graph *G, slong u, slong v, const slong *nb, slong k,
                        slong *tmp)
{
    const slong *a = G->adj[u];
    slong la = G->len[u], i = 0, j = 0, out = 0;
    while (i < la || j < k) {
        slong x;
        if (j == k || (i < la && a[i] < nb[j]))
            x = a[i++];
        else if (i == la || nb[j] < a[i])
            x = nb[j++];
        else
            x = a[i++], j++;
        if (x != u && x != v)
            tmp[out++] = x;
    }
    if (out > G->cap[u]) {
        G->cap[u] = FLINT_MAX(out, 2 * G->cap[u]);
        G->adj[u] = flint_realloc(G->adj[u], G->cap[u] * sizeof(slong));
    }
    for (slong t = 0; t < out; t++)
        G->adj[u][t] = tmp[t];
    G->len[u] = out;
}

/* perm[k] = the k-th node eliminated, by minimum degree. */
static void ldl_order(slong *perm, const slong *rowstart, const slong *col, slong n)
{
    ldl_graph G;
    graph_init(&G, rowstart, col, n);
    slong *tmp = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong *nb = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong k = 0, d = 0; k < n; k++) {
        while (G.head[d] < 0)
            d++;
        slong v = G.head[d], m = G.len[v];
        graph_bucket_remove(&G, v);
        perm[k] = v;
        for (slong t = 0; t < m; t++)
            nb[t] = G.adj[v][t];
        for (slong t = 0; t < m; t++) {
            slong u = nb[t];
            graph_bucket_remove(&G, u);
            graph_merge(&G, u, v, nb, m, tmp);
            G.deg[u] = G.len[u];
            graph_bucket_add(&G, u);
            d = FLINT_MIN(d, G.deg[u]);
        }
    }
    flint_free(tmp), flint_free(nb);
    graph_clear(&G);
}

/* The lower triangle of the pattern (rowstart, col: both triangles and the
   diagonal) in compressed columns cp, ri, with the values as doubles in v
   when v is not NULL. */
void _ct_evaluate_lower(slong *cp, slong *ri, double *v, const slong *rowstart,
                        const slong *col, const long double *val, slong n)
{
    slong t = 0;
    for (slong j = 0; j < n; j++) { /* column j of the lower triangle = row j's upper */
        cp[j] = t;
        for (slong q = rowstart[j]; q < rowstart[j + 1]; q++)
            if (col[q] >= j) {
                if (v != NULL)
                    v[t] = (double)val[q];
                ri[t++] = col[q];
            }
    }
    cp[n] = t;
}

/* The values (Davis's ldl_numeric): 0 when a pivot is not positive and finite. */
static int ldl_numeric(_ct_evaluate_ldl *F, const slong *rowstart, const slong *col,
                       const long double *val)
{
    slong n = F->n;
    slong *flag = flint_malloc(n * sizeof(slong)), *lnz = flint_malloc(n * sizeof(slong));
    slong *pattern = flint_malloc(n * sizeof(slong));
    long double *y = flint_calloc(n, sizeof(long double));
    int ok = 1;
    for (slong k = 0; ok && k < n; k++) {
        slong top = n, kk = F->perm[k];
        flag[k] = k, lnz[k] = 0;
        for (slong t = rowstart[kk]; t < rowstart[kk + 1]; t++) {
            slong i = F->pinv[col[t]], len = 0;
            if (i > k)
                continue;
            y[i] += val[t];
            for (; flag[i] != k; i = F->parent[i]) {
                pattern[len++] = i;
                flag[i] = k;
            }
            while (len > 0)
                pattern[--top] = pattern[--len];
        }
        F->D[k] = y[k];
        y[k] = 0;
        for (; top < n; top++) {
            slong i = pattern[top], p2 = F->Lp[i] + lnz[i];
            long double yi = y[i], l;
            y[i] = 0;
            for (slong p = F->Lp[i]; p < p2; p++)
                y[F->Li[p]] -= F->Lx[p] * yi;
            l = yi / F->D[i];
            F->D[k] -= l * yi;
            F->Li[p2] = k;
            F->Lx[p2] = l;
            lnz[i]++;
        }
        ok = F->D[k] > 0 && isfinite(F->D[k]);
    }
    flint_free(flag), flint_free(lnz), flint_free(pattern), flint_free(y);
    return ok;
}

int _ct_evaluate_ldl_init(_ct_evaluate_ldl *F, const slong *rowstart, const slong *col,
                          const long double *val, slong n)
{
    F->n = n;
    F->perm = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    F->pinv = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    F->parent = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    F->Lp = flint_malloc((n + 1) * sizeof(slong));
    F->D = flint_malloc(FLINT_MAX(n, 1) * sizeof(long double));
    if (ct_spldl_order(F->perm, n, rowstart, col) != 0)
        ldl_order(F->perm, rowstart, col, n);
    for (slong k = 0; k < n; k++)
        F->pinv[F->perm[k]] = k;
    ct_spldl_etree(F->parent, F->Lp, n, rowstart, col, F->perm, F->pinv);
    F->Li = flint_malloc(FLINT_MAX(F->Lp[n], 1) * sizeof(slong));
    F->Lx = flint_malloc(FLINT_MAX(F->Lp[n], 1) * sizeof(long double));
    return ldl_numeric(F, rowstart, col, val);
}

void _ct_evaluate_ldl_clear(_ct_evaluate_ldl *F)
{
    flint_free(F->perm), flint_free(F->pinv), flint_free(F->parent);
    flint_free(F->Lp), flint_free(F->Li), flint_free(F->Lx), flint_free(F->D);
}

void _ct_evaluate_ldl_solve(long double *x, const _ct_evaluate_ldl *F, long double *w)
{
    slong n = F->n;
    for (slong k = 0; k < n; k++)
        w[k] = x[F->perm[k]];
    for (slong j = 0; j < n; j++) /* L */
        for (slong p = F->Lp[j]; p < F->Lp[j + 1]; p++)
            w[F->Li[p]] -= F->Lx[p] * w[j];
    for (slong j = 0; j < n; j++)
        w[j] /= F->D[j];
    for (slong j = n - 1; j >= 0; j--) /* L^T */
        for (slong p = F->Lp[j]; p < F->Lp[j + 1]; p++)
            w[j] -= F->Lx[p] * w[F->Li[p]];
    for (slong k = 0; k < n; k++)
        x[F->perm[k]] = w[k];
}
