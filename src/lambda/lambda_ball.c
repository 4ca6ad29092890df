/* lambda_ball: large components on the ball path (lskron.h; docs/lambda.md
   "The ball path"). The sign polynomials are never built: lskron certifies
   each scored node's pair signs for large lambda and their zeros, all simple,
   and this hook hands them to the analysis as nodes with function ids of
   their own and zeros in lambda. A row whose search cannot be certified, or
   whose zeros still overlap another row's once narrowed, takes the exact
   path alone (with the rows that share its functions); when the component's
   models cannot be made, the whole component does (docs/lambda.md "When the
   ball path declines"). */
#include "certune/lskron.h"
#include "lambda_internal.h"

/* The component's graph in local indices (both directions), its weights
   times s (integers), labels and scored rows. */
typedef struct {
    slong n, nlab, nr, nnz;
    slong *node, *loc, *rowstart, *col, *lab, *cls, *rows;
    fmpz *w;
    fmpz_t s;
} lball_comp;

static void lball_edges(lball_comp *G, const ct_instance_struct *inst,
                        const ct_component_index_struct *X, slong k)
{
    slong *fill = flint_calloc(G->n, sizeof(slong));
    G->rowstart = flint_calloc(G->n + 1, sizeof(slong));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j];
        G->rowstart[G->loc[inst->eu[e]] + 1]++, G->rowstart[G->loc[inst->ev[e]] + 1]++;
    }
    for (slong i = 0; i < G->n; i++)
        G->rowstart[i + 1] += G->rowstart[i];
    G->col = flint_malloc(FLINT_MAX(G->rowstart[G->n], 1) * sizeof(slong));
    G->nnz = FLINT_MAX(G->rowstart[G->n], 1);
    G->w = _fmpz_vec_init(G->nnz);
    fmpz_t x;
    fmpz_init(x);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], a = G->loc[inst->eu[e]], b = G->loc[inst->ev[e]];
        fmpz_mul(x, fmpq_numref(inst->ew + e), G->s);
        fmpz_divexact(x, x, fmpq_denref(inst->ew + e));
        slong ea = G->rowstart[a] + fill[a]++, eb = G->rowstart[b] + fill[b]++;
        G->col[ea] = b, G->col[eb] = a;
        fmpz_set(G->w + ea, x), fmpz_set(G->w + eb, x);
    }
    fmpz_clear(x);
    flint_free(fill);
}

static void lball_init(lball_comp *G, const ct_instance_struct *inst,
                       const ct_component_index_struct *X, slong k, int score_all)
{
    G->n = X->node_start[k + 1] - X->node_start[k];
    G->node = X->node + X->node_start[k];
    G->loc = flint_malloc(inst->n * sizeof(slong));
    G->lab = flint_malloc(G->n * sizeof(slong));
    G->cls = flint_malloc(G->n * sizeof(slong));
    G->rows = flint_malloc(G->n * sizeof(slong));
    G->nlab = G->nr = 0;
    for (slong i = 0; i < G->n; i++) {
        slong v = G->node[i];
        G->loc[v] = i;
        if (inst->label[v] >= 0)
            G->lab[G->nlab] = i, G->cls[G->nlab++] = inst->label[v];
        if (ct_signfn_is_scored(inst, v, score_all))
            G->rows[G->nr++] = i;
    }
    fmpz_init(G->s);
    _ct_lambda_weight_scale(G->s, inst, X, k);
    lball_edges(G, inst, X, k);
}

static void lball_clear(lball_comp *G)
{
    flint_free(G->loc), flint_free(G->lab), flint_free(G->cls), flint_free(G->rows);
    flint_free(G->rowstart), flint_free(G->col);
    _fmpz_vec_clear(G->w, G->nnz);
    fmpz_clear(G->s);
}

ct_analysis_zero *_ct_lambda_ball_new_zero(_ct_lambda_ball_sink *K)
{
    if (K->nzeros == K->zalloc) {
        K->zalloc = 2 * K->zalloc + 64;
        K->zeros = flint_realloc(K->zeros, K->zalloc * sizeof(ct_analysis_zero));
    }
    ct_analysis_zero *z = K->zeros + K->nzeros++;
    ct_bpoint_init(&z->pt);
    return z;
}

/* Function ids of the rows' pairs (-1: a tie everywhere; twins share their
   first row's) and the nodes in the sink's C with their signs right of 0:
   the sign for large lambda times -1 per zero (all are simple); rows in
   failed are left out (no zero names them, no same[] entry either). */
static slong *lball_nodes(_ct_lambda_ball_sink *K, const ct_instance_struct *inst,
                          slong inst_idx, const lball_comp *G, const int *sign_inf,
                          const slong *same, const ct_lsroot_zero_struct *z, slong nz,
                          const char *failed)
{
    slong c = inst->c, np = c * (c - 1) / 2, cnt = G->nr * np;
    slong *id = flint_malloc(FLINT_MAX(cnt, 1) * sizeof(slong));
    int *flip = flint_calloc(FLINT_MAX(cnt, 1), sizeof(int));
    for (slong j = 0; j < nz; j++)
        flip[z[j].t * np + z[j].p] ^= 1;
    for (slong e = 0; e < cnt; e++) {
        slong t = e / np, r = same[e] * np + e % np;
        if (same[e] != t)
            id[e] = id[r], flip[e] = flip[r];
        else
            id[e] = sign_inf[e] == 0 || failed[t] ? -1 : K->nfuncs++;
    }
    for (slong t = 0; t < G->nr; t++) {
        if (failed[t])
            continue;
        slong v = G->node[G->rows[t]];
        ct_analysis_node *a =
            ct_analysis_common_add_node(K->C, inst_idx, ct_signfn_truth(inst, v), c);
        for (slong p = 0; p < np; p++) {
            a->pid[p] = id[t * np + p];
            a->sign0[p] = flip[t * np + p] ? -sign_inf[t * np + p] : sign_inf[t * np + p];
        }
    }
    for (slong t = 0; t < G->nr; t++)
        K->nnodes += !failed[t];
    flint_free(flip);
    return id;
}

/* The nodes and certified zeros of the rows not in failed, to the sink. */
static void lball_take(_ct_lambda_ball_sink *K, const ct_instance_struct *inst,
                       slong inst_idx, const lball_comp *G, const int *sign_inf,
                       const slong *same, const ct_lsroot_zero_struct *z, slong nz,
                       ct_lsroot_struct *r, const char *failed)
{
    slong np = inst->c * (inst->c - 1) / 2;
    slong *id = lball_nodes(K, inst, inst_idx, G, sign_inf, same, z, nz, failed);
    for (slong j = 0; j < nz; j++) {
        if (failed[z[j].t])
            continue;
        ct_analysis_zero *e = _ct_lambda_ball_new_zero(K);
        r[j].node = G->node[G->rows[z[j].t]];
        ct_bpoint_set_lkroot(&e->pt, r + j);
        e->f = id[z[j].t * np + z[j].p], e->mult = 1;
    }
    flint_free(id);
}

/* The certified zeros and nodes of the component; rows the ball path cannot
   certify (the search's failures, overlapping roots) are marked in failed
   for the exact path. Returns 0 when the whole component must fall back. */
static int lball_run(_ct_lambda_ball_sink *K, const ct_instance_struct *inst,
                     slong inst_idx, const lball_comp *G, ct_lskron_struct *S,
                     char *failed)
{
    slong c = inst->c, np = c * (c - 1) / 2, nz;
    int *sign_inf = flint_malloc(FLINT_MAX(G->nr * np, 1) * sizeof(int));
    slong *same = flint_malloc(FLINT_MAX(G->nr * np, 1) * sizeof(slong));
    ct_lsroot_zero_struct *z = NULL;
    ct_lsroot_struct *r = NULL;
    char *wide = NULL, *over = NULL;
    int ok = !ct_lskron_component(sign_inf, same, &z, &nz, S, G->rows, G->nr, failed);
    if (ok) { /* zeros that can be no breakpoint are not narrowed now */
        wide = flint_malloc(FLINT_MAX(nz, 1));
        over = flint_calloc(FLINT_MAX(nz, 1), 1);
        ct_lsroot_zeros_wide(wide, z, nz, sign_inf, same, G->nr, inst->c);
    }
    ok = ok && !ct_lskron_roots(&r, S, wide, z, nz, over);
    if (ok) {
        /* overlapping zeros' rows leave too, with every row sharing their
           functions: equal zeros are then merged exactly, never a ball zero
           against an exact root */
        ct_lsroot_rows_leave(failed, same, G->nr, np, z, over, nz);
        lball_take(K, inst, inst_idx, G, sign_inf, same, z, nz, r, failed);
        for (slong j = 0; j < nz; j++)
            ct_lsroot_clear(r + j);
    }
    flint_free(r), flint_free(z), flint_free(sign_inf), flint_free(same),
        flint_free(wide), flint_free(over);
    return ok;
}

int _ct_lambda_ball_component(void *sink, const ct_instance_struct *inst, slong inst_idx,
                              const ct_component_index_struct *X, slong k, int score_all,
                              char *rest)
{
    _ct_lambda_ball_sink *K = sink;
    slong min = ct_analysis_setting(ct_analysis_common_settings(K->C)->ball_min_nodes,
                                    CT_LAMBDA_BALL_MIN_NODES);
    if (X->node_start[k + 1] - X->node_start[k] < min || inst->c < 2)
        return 0;
    lball_comp G;
    lball_init(&G, inst, X, k, score_all);
    char *failed = flint_calloc(FLINT_MAX(G.nr, 1), 1);
    ct_lskron_struct *S = G.nr == 0 ? NULL
                                    : ct_lskron_new(0, G.n, G.rowstart, G.col, G.w,
                                                    G.nlab, G.lab, G.cls, inst->c, G.s);
    int ok = G.nr == 0 || (S != NULL && lball_run(K, inst, inst_idx, &G, S, failed));
    slong left = 0;
    for (slong t = 0; ok && t < G.nr; t++)
        if (failed[t])
            rest[G.node[G.rows[t]]] = 1, left++;
    ct_lskron_unref(S);
    if (G.nr > 0) {
        ct_lsroot_kron_count(ok ? 0 : 1);
        K->tried++;
        K->declined += !ok || left > 0, K->declined_rows += ok ? left : G.nr;
    }
    flint_free(failed);
    lball_clear(&G);
    return ok ? 1 : -1;
}
