/* gnn_tune: the training and test subgraphs, each side one disconnected graph. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/gnn_graph.h"
#include "certune/gnn_rand.h"
#include "certune/gnn_tune.h"
#include "certune/sample.h"

void ct_gnn_tune_sample_opts_init(ct_gnn_tune_sample_opts *o)
{
    o->nsub = 20;
    o->nodes = 100;
    o->train_frac = 0.2;
    o->val_frac = 0.2;
    o->seed = 0;
}

/* Allocates the union of nsub subgraphs of `nodes` nodes: sizes, name, and
   room for features and labels (edges are counted later). */
static void side_alloc(ct_dataset_struct *D, const ct_dataset_t src, slong n,
                       slong nnz_feat)
{
    memset(D, 0, sizeof(*D));
    const char *base = src->name != NULL ? src->name : "dataset";
    D->name = flint_malloc(strlen(base) + 1);
    strcpy(D->name, base);
    D->n = n;
    D->nfeat = src->nfeat;
    D->nclass = src->nclass;
    D->feat_rowptr = flint_calloc((size_t)n + 1, sizeof(slong));
    D->feat_col = flint_malloc(sizeof(slong) * (size_t)(nnz_feat + 1));
    D->feat_val = flint_malloc(sizeof(double) * (size_t)(nnz_feat + 1));
    D->label = flint_malloc(sizeof(slong) * (size_t)(n + 1));
    D->split_kind = CT_DATASET_SPLITS_NONE;
}

/* Copies the features and labels of the nodes in origin into D. */
static void side_copy_nodes(ct_dataset_struct *D, const ct_dataset_t src,
                            const slong *origin)
{
    slong q = 0;
    for (slong i = 0; i < D->n; i++) {
        slong u = origin[i];
        for (slong k = src->feat_rowptr[u]; k < src->feat_rowptr[u + 1]; k++) {
            D->feat_col[q] = src->feat_col[k];
            D->feat_val[q++] = src->feat_val[k];
        }
        D->feat_rowptr[i + 1] = q;
        D->label[i] = src->label[u];
    }
}

/* The induced edges of each subgraph, renumbered; pos is src->n scratch. */
static void side_copy_edges(ct_dataset_struct *D, const ct_dataset_t src,
                            const slong *origin, slong nsub, slong nodes, slong *pos)
{
    for (int pass = 0; pass < 2; pass++) {
        slong m = 0;
        for (slong i = 0; i < src->n; i++)
            pos[i] = -1;
        for (slong k = 0; k < nsub; k++) {
            for (slong a = 0; a < nodes; a++)
                pos[origin[k * nodes + a]] = k * nodes + a;
            for (slong e = 0; e < src->nedges; e++) {
                slong u = pos[src->eu[e]], v = pos[src->ev[e]];
                if (u < 0 || v < 0)
                    continue;
                if (pass == 1) {
                    D->eu[m] = u < v ? u : v;
                    D->ev[m] = u < v ? v : u;
                }
                m++;
            }
            for (slong a = 0; a < nodes; a++)
                pos[origin[k * nodes + a]] = -1;
        }
        if (pass == 0) {
            D->eu = flint_malloc(sizeof(slong) * (size_t)(m + 1));
            D->ev = flint_malloc(sizeof(slong) * (size_t)(m + 1));
        }
        D->nedges = m;
    }
}

/* Each subgraph's nodes shuffled, then cut into train, validation, test. */
static void side_split(signed char *split, slong nsub, slong nodes, slong ntrain,
                       slong nval, ct_gnn_rand_t R)
{
    slong *perm = ct_mem_malloc(sizeof(slong) * (size_t)nodes);
    for (slong k = 0; k < nsub; k++) {
        for (slong a = 0; a < nodes; a++)
            perm[a] = a;
        for (slong a = nodes - 1; a > 0; a--) {
            slong r = (slong)(ct_gnn_rand_u64(R) % (uint64_t)(a + 1)), t = perm[a];
            perm[a] = perm[r], perm[r] = t;
        }
        for (slong a = 0; a < nodes; a++)
            split[k * nodes + perm[a]] = a < ntrain          ? CT_DATASET_TRAIN
                                         : a < ntrain + nval ? CT_DATASET_VAL
                                                             : CT_DATASET_TEST;
    }
    free(perm);
}

static void side_clear(ct_gnn_tune_side_struct *S)
{
    ct_dataset_clear(S->D);
    free(S->origin);
    free(S->split);
    ct_gnn_csr_clear(S->X);
    ct_gnn_csr_clear(S->A);
    memset(S, 0, sizeof(*S));
}

/* Samples one side; -1 when no subgraph of that size exists. */
static int side_init(ct_gnn_tune_side_struct *S, const ct_dataset_t src,
                     const ct_gnn_tune_sample_opts *o, slong ntrain, slong nval,
                     flint_rand_t state, ct_gnn_rand_t R)
{
    slong n = o->nsub * o->nodes, nnz = 0;
    memset(S, 0, sizeof(*S));
    S->origin = ct_mem_malloc(sizeof(slong) * (size_t)n);
    for (slong k = 0; k < o->nsub; k++)
        if (ct_sample_nodes(S->origin + k * o->nodes, src, o->nodes, state) != 0) {
            free(S->origin);
            S->origin = NULL;
            return -1;
        }
    for (slong i = 0; i < n; i++)
        nnz += src->feat_rowptr[S->origin[i] + 1] - src->feat_rowptr[S->origin[i]];
    side_alloc(S->D, src, n, nnz);
    side_copy_nodes(S->D, src, S->origin);
    slong *pos = ct_mem_malloc(sizeof(slong) * (size_t)(src->n + 1));
    side_copy_edges(S->D, src, S->origin, o->nsub, o->nodes, pos);
    free(pos);
    S->split = ct_mem_malloc((size_t)n);
    side_split(S->split, o->nsub, o->nodes, ntrain, nval, R);
    ct_gnn_csr_set_features(S->X, S->D, 1);
    ct_gnn_graph_init_gcn(S->A, S->D);
    return 0;
}

int ct_gnn_tune_problem_init(ct_gnn_tune_problem_t P, const ct_dataset_t src,
                             const ct_gnn_tune_sample_opts *o, char *err, size_t errlen)
{
    memset(P, 0, sizeof(*P));
    P->opts = *o;
    slong ntrain = (slong)floor(o->train_frac * (double)o->nodes + 0.5);
    slong nval = (slong)floor(o->val_frac * (double)o->nodes + 0.5);
    /* No validation node would leave the epochs, and the tuners' choices, to
       be made on an empty set (every one at 0: "val 0.0000"). */
    if (o->nsub < 1 || o->nodes < 2 || ntrain < 1 || nval < 1 ||
        ntrain + nval >= o->nodes) {
        snprintf(err, errlen,
                 "%ld subgraphs of %ld nodes split %g/%g leave no training, no "
                 "validation or no test node",
                 (long)o->nsub, (long)o->nodes, o->train_frac, o->val_frac);
        return -1;
    }
    flint_rand_t state;
    flint_randinit(state);
    flint_randseed(state, (ulong)o->seed + 1, (ulong)o->seed * 2654435761u + 7);
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, o->seed ^ 0x5b11u);
    int rc = 0;
    for (int s = 0; s < 2 && rc == 0; s++)
        rc = side_init(P->side + s, src, o, ntrain, nval, state, R);
    flint_randclear(state);
    if (rc != 0) {
        snprintf(err, errlen, "%s has no connected set of %ld labeled nodes to sample",
                 src->name != NULL ? src->name : "the dataset", (long)o->nodes);
        ct_gnn_tune_problem_clear(P);
        return -1;
    }
    return 0;
}

void ct_gnn_tune_problem_clear(ct_gnn_tune_problem_t P)
{
    for (int s = 0; s < 2; s++)
        side_clear(P->side + s);
}
