/* Tuning eta and beta: the subgraphs, the sigmoid chain rule of backprop, the
   first Adam step on eta, the forward-pass accounting of the three tuners,
   and thread-count independence, on a synthetic planted-partition graph. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_graph.h"
#include "certune/gnn_sgc.h"
#include "certune/gnn_tune.h"
#include "check.h"

#define NCLASS 3

/* n nodes in NCLASS blocks (edges 0.03 inside, 0.003 across), 10 noisy
   class words of 30; one label in 50 unknown (-1). */
static void planted_init(ct_dataset_struct *D, slong n, uint64_t seed)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, seed);
    memset(D, 0, sizeof(*D));
    D->n = n, D->nfeat = 10 * NCLASS, D->nclass = NCLASS;
    D->label = malloc(sizeof(slong) * (size_t)n);
    D->feat_rowptr = calloc((size_t)n + 1, sizeof(slong));
    D->feat_col = malloc(sizeof(slong) * (size_t)(n * D->nfeat));
    D->feat_val = malloc(sizeof(double) * (size_t)(n * D->nfeat));
    for (slong i = 0; i < n; i++) {
        D->label[i] = i % 50 == 49 ? -1 : i % NCLASS;
        slong q = D->feat_rowptr[i];
        for (slong f = 0; f < D->nfeat; f++)
            if (ct_gnn_rand_uniform(R) < (f / 10 == i % NCLASS ? 0.25 : 0.12)) {
                D->feat_col[q] = f;
                D->feat_val[q++] = 1.0 + (double)(f % 3); /* not all equal */
            }
        D->feat_rowptr[i + 1] = q;
    }
    D->eu = malloc(sizeof(slong) * (size_t)(n * n / 2));
    D->ev = malloc(sizeof(slong) * (size_t)(n * n / 2));
    for (slong u = 0; u < n; u++)
        for (slong v = u + 1; v < n; v++)
            if (ct_gnn_rand_uniform(R) < (u % NCLASS == v % NCLASS ? 0.03 : 0.003)) {
                D->eu[D->nedges] = u;
                D->ev[D->nedges++] = v;
            }
}

static void planted_clear(ct_dataset_struct *D)
{
    free(D->feat_rowptr), free(D->feat_col), free(D->feat_val);
    free(D->label), free(D->eu), free(D->ev);
}

/* Nodes of block k reachable from its first node through the side's edges. */
static slong block_reach(const ct_dataset_struct *S, slong k, slong nodes)
{
    signed char *seen = calloc((size_t)nodes, 1);
    slong *stack = malloc(sizeof(slong) * (size_t)nodes), top = 0, count = 1;
    seen[0] = 1, stack[top++] = 0;
    while (top > 0) {
        slong a = stack[--top];
        for (slong e = 0; e < S->nedges; e++) {
            slong u = S->eu[e] - k * nodes, v = S->ev[e] - k * nodes, w = -1;
            w = u == a ? v : (v == a ? u : -1);
            if (w >= 0 && w < nodes && !seen[w])
                seen[w] = 1, stack[top++] = w, count++;
        }
    }
    free(seen), free(stack);
    return count;
}

/* Each block: distinct labeled source nodes, connected, their features and
   labels, exactly the source's induced edges, the split counts. */
static void check_side(const ct_gnn_tune_side_struct *S, const ct_dataset_struct *src,
                       const ct_gnn_tune_sample_opts *o)
{
    slong nodes = o->nodes, cross = 0;
    for (slong e = 0; e < S->D->nedges; e++)
        cross += S->D->eu[e] / nodes != S->D->ev[e] / nodes;
    CHECK(cross == 0);
    for (slong k = 0; k < o->nsub; k++) {
        const slong *orig = S->origin + k * nodes;
        slong dup = 0, badrow = 0, induced = 0, have = 0, cnt[3] = {0, 0, 0};
        for (slong a = 0; a < nodes; a++) {
            for (slong b = 0; b < a; b++)
                dup += orig[a] == orig[b];
            slong i = k * nodes + a, u = orig[a];
            slong len = src->feat_rowptr[u + 1] - src->feat_rowptr[u];
            badrow += S->D->label[i] != src->label[u] || src->label[u] < 0;
            badrow += S->D->feat_rowptr[i + 1] - S->D->feat_rowptr[i] != len;
            for (slong q = 0; q < len && !badrow; q++)
                badrow += S->D->feat_col[S->D->feat_rowptr[i] + q] !=
                              src->feat_col[src->feat_rowptr[u] + q] ||
                          S->D->feat_val[S->D->feat_rowptr[i] + q] !=
                              src->feat_val[src->feat_rowptr[u] + q];
            cnt[S->split[i]]++;
        }
        for (slong e = 0; e < src->nedges; e++) {
            slong in = 0;
            for (slong a = 0; a < nodes; a++)
                in += orig[a] == src->eu[e] || orig[a] == src->ev[e];
            induced += in == 2;
        }
        for (slong e = 0; e < S->D->nedges; e++)
            have += S->D->eu[e] / nodes == k;
        CHECK_MSG(dup == 0 && badrow == 0, "block %ld: %ld repeats, %ld bad rows",
                  (long)k, (long)dup, (long)badrow);
        CHECK_MSG(induced == have, "block %ld: %ld induced edges, %ld kept", (long)k,
                  (long)induced, (long)have);
        CHECK(block_reach(S->D, k, nodes) == nodes);
        CHECK_MSG(cnt[CT_DATASET_TRAIN] == 6 && cnt[CT_DATASET_VAL] == 6 &&
                      cnt[CT_DATASET_TEST] == 18,
                  "block %ld split %ld/%ld/%ld", (long)k, (long)cnt[0], (long)cnt[1],
                  (long)cnt[2]);
    }
}

static void test_subgraphs(const ct_dataset_struct *src)
{
    ct_gnn_tune_sample_opts o;
    ct_gnn_tune_sample_opts_init(&o);
    o.nsub = 4, o.nodes = 30, o.seed = 3;
    char err[256];
    ct_gnn_tune_problem_t P, Q;
    CHECK(ct_gnn_tune_problem_init(P, src, &o, err, sizeof(err)) == 0);
    for (int s = 0; s < 2; s++)
        check_side(P->side + s, src, &o);
    CHECK(memcmp(P->side[0].origin, P->side[1].origin, 30 * sizeof(slong)) != 0);
    CHECK(ct_gnn_tune_problem_init(Q, src, &o, err, sizeof(err)) == 0);
    CHECK(memcmp(P->side[1].origin, Q->side[1].origin, 120 * sizeof(slong)) == 0);
    CHECK(memcmp(P->side[1].split, Q->side[1].split, 120) == 0);
    ct_gnn_tune_problem_clear(Q);
    ct_gnn_tune_problem_clear(P);
    o.nodes = 1000; /* more than the graph has */
    CHECK(ct_gnn_tune_problem_init(P, src, &o, err, sizeof(err)) == -1);
    CHECK(strstr(err, "no connected set of 1000") != NULL);
    o.nodes = 30, o.train_frac = 0.5, o.val_frac = 0.5; /* no test node left */
    CHECK(ct_gnn_tune_problem_init(P, src, &o, err, sizeof(err)) == -1);
}

/* Training loss of GCAN (no dropout) at eta = sigmoid(u), evaluation pass. */
static double gcan_loss(ct_gnn_model_t M, const ct_gnn_tune_side_struct *S, double u,
                        double *dlogits)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 1);
    M->arch.eta = ct_gnn_train_hyper_of(u);
    ct_gnn_model_forward(M, S->X, S->A, 0, R);
    return ct_gnn_ops_xent(dlogits, M->logits, M->n, M->nclass, S->D->label, S->split,
                           CT_DATASET_TRAIN);
}

/* d loss / du by central differences against dL/deta through the sigmoid,
   with the paper's 3 heads of width 1 (the kernels specialized for them). */
static void test_sigmoid_chain(const ct_gnn_tune_side_struct *S)
{
    ct_gnn_arch_struct arch;
    ct_gnn_model_arch_init(&arch, CT_GNN_GCAN);
    arch.heads = 3, arch.hidden = 1, arch.dropout = arch.att_dropout = 0;
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 4);
    ct_gnn_model_t M;
    ct_gnn_model_init(M, &arch, S->X, S->A, S->D->nclass, R);
    double *dl = malloc(sizeof(double) * (size_t)(M->n * M->nclass));
    double us[3] = {-1.5, 0.2, 2.0}, h = 1e-5;
    for (int k = 0; k < 3; k++) {
        gcan_loss(M, S, us[k], dl);
        ct_gnn_model_backward(M, S->X, S->A, dl);
        double an = ct_gnn_train_hyper_grad(M->deta, ct_gnn_train_hyper_of(us[k]));
        double fd =
            (gcan_loss(M, S, us[k] + h, NULL) - gcan_loss(M, S, us[k] - h, NULL)) /
            (2 * h);
        CHECK_MSG(fabs(an - fd) <= 1e-6 * (fabs(fd) + 1e-3), "u %g: %.10g vs fd %.10g",
                  us[k], an, fd);
    }
    CHECK(fabs(ct_gnn_train_hyper_of(0.0) - 0.5) < 1e-16);
    CHECK(fabs(ct_gnn_train_hyper_grad(2.0, 0.25) - 0.375) < 1e-16);
    ct_gnn_model_clear(M);
    free(dl);
}

/* One epoch of backprop without dropout: Adam's first step moves u by
   about -lr sign(dL/du), dL/du taken here from finite differences of the
   loss at the initial weights (drawn from the same seed as the run). */
static void test_first_step(const ct_gnn_tune_side_struct *S)
{
    ct_gnn_arch_struct arch;
    ct_gnn_model_arch_init(&arch, CT_GNN_GCAN);
    arch.heads = 3, arch.hidden = 1, arch.dropout = arch.att_dropout = 0;
    arch.eta = 0.3;
    ct_gnn_train_opts t;
    ct_gnn_train_opts_init(&t, CT_GNN_GCAN);
    t.epochs = 1, t.lr = 0.05, t.learn_hyper = 1;
    double trace[2];
    t.trace = trace;
    ct_gnn_train_result r;
    ct_gnn_train_run(&r, &arch, &t, S->D, S->X, S->A, S->split, 11, NULL);
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 11);
    ct_gnn_model_t M;
    ct_gnn_model_init(M, &arch, S->X, S->A, S->D->nclass, R);
    double u0 = log(0.3 / 0.7), h = 1e-5;
    double g = (gcan_loss(M, S, u0 + h, NULL) - gcan_loss(M, S, u0 - h, NULL)) / (2 * h);
    /* Adam's first step: lr m / (sqrt(v) + eps) with m = g, v = g^2 after the
       bias corrections, eps = 1e-8 */
    double want = ct_gnn_train_hyper_of(u0 - 0.05 * g / (fabs(g) + 1e-8));
    CHECK_MSG(fabs(trace[0] - want) < 1e-7, "eta after one step %.10g, want %.10g",
              trace[0], want);
    CHECK(r.forward_passes == 2 && r.epochs_run == 1 && r.hyper_final == trace[0]);
    ct_gnn_model_clear(M);
}

static void small_opts(ct_gnn_tune_opts *o, int kind)
{
    ct_gnn_tune_opts_init(o, kind);
    o->train.epochs = kind == CT_GNN_SGC ? 30 : 40;
    o->train.patience = 10;
    o->arch.hidden = 2;
    o->runs = 2, o->grid = 3, o->bo_evals = 4, o->bo_init = 2;
}

/* The grid against training runs made here: the same mean validation
   accuracy per point, forward passes, choice and test accuracies. */
static void test_grid(const ct_gnn_tune_problem_t P, int kind)
{
    ct_gnn_tune_opts o;
    small_opts(&o, kind);
    ct_gnn_tune_result res;
    CHECK(ct_gnn_tune_run(&res, CT_GNN_TUNE_GRID, P, &o, 0) == 0);
    slong passes = 0;
    double best = -1, bestx = -1;
    for (slong g = 0; g < 3; g++) {
        double x = 0.5 * (double)g, sum = 0;
        for (slong r = 0; r < 2; r++) {
            ct_gnn_arch_struct arch = o.arch;
            ct_gnn_train_opts t = o.train;
            if (kind == CT_GNN_SGC)
                t.beta = x;
            else
                arch.eta = x;
            ct_gnn_train_result tr;
            ct_gnn_train_run(&tr, &arch, &t, P->side[0].D, P->side[0].X, P->side[0].A,
                             P->side[0].split, (uint64_t)r, NULL);
            CHECK(tr.forward_passes == 2 * tr.epochs_run);
            passes += tr.forward_passes;
            sum += tr.val_acc;
        }
        CHECK(res.steps[g].x == x && res.steps[g].val_acc == sum / 2);
        if (sum / 2 > best)
            best = sum / 2, bestx = x;
    }
    CHECK_MSG(res.forward_passes == passes, "grid passes %ld, want %ld",
              (long)res.forward_passes, (long)passes);
    CHECK(res.nsteps == 3 && res.value == bestx && res.val_acc == best);
    CHECK(res.runs == 2 && res.test_mean == 0.5 * (res.test_acc[0] + res.test_acc[1]));
    ct_gnn_tune_result_clear(&res);
}

/* Backprop's passes are its runs' (two per epoch); BO given that count as
   its budget spends exactly as many; more threads change nothing. */
static void test_budget(const ct_gnn_tune_problem_t P, int kind)
{
    ct_gnn_tune_opts o;
    small_opts(&o, kind);
    ct_gnn_tune_result bp, bo, bo1;
    CHECK(ct_gnn_tune_run(&bp, CT_GNN_TUNE_BACKPROP, P, &o, 0) == 0);
    slong epochs = 0;
    for (slong i = 0; i < bp.nsteps; i++)
        if (i + 1 == bp.nsteps || bp.steps[i + 1].run != bp.steps[i].run)
            epochs += bp.steps[i].step; /* each run's last epoch */
    CHECK_MSG(bp.forward_passes == 2 * epochs, "backprop %ld passes, %ld epochs",
              (long)bp.forward_passes, (long)epochs);
    CHECK(bp.value > 0 && bp.value < 1 && bp.value != 0.5);
    CHECK(ct_gnn_tune_run(&bo, CT_GNN_TUNE_BO, P, &o, bp.forward_passes) == 0);
    CHECK_MSG(bo.forward_passes == bp.forward_passes, "bo %ld passes, backprop %ld",
              (long)bo.forward_passes, (long)bp.forward_passes);
    CHECK(bo.nsteps == 4 && bo.value >= 0 && bo.value <= 1);
    o.threads = 1;
    CHECK(ct_gnn_tune_run(&bo1, CT_GNN_TUNE_BO, P, &o, bp.forward_passes) == 0);
    CHECK(bo1.value == bo.value && bo1.test_acc[0] == bo.test_acc[0] &&
          bo1.test_acc[1] == bo.test_acc[1]);
    ct_gnn_tune_result_clear(&bo1);
    o.budget = 86; /* 43 epochs over 4 evaluations: 11, 11, 11, 10 */
    CHECK(ct_gnn_tune_run(&bo1, CT_GNN_TUNE_BO, P, &o, bp.forward_passes) == 0);
    CHECK_MSG(bo1.forward_passes == 86, "bo budget 86: %ld passes",
              (long)bo1.forward_passes);
    ct_gnn_tune_result_clear(&bo1);
    o.budget = 0;
    o.threads = 3;
    CHECK(ct_gnn_tune_run(&bo1, CT_GNN_TUNE_BACKPROP, P, &o, 0) == 0);
    CHECK(bo1.value == bp.value && bo1.test_acc[1] == bp.test_acc[1]);
    ct_gnn_tune_result_clear(&bo1);
    ct_gnn_tune_result_clear(&bp);
    ct_gnn_tune_result_clear(&bo);
}

/* per-class:K: K train nodes of each class (all of a smaller class), half
   of the other labeled nodes validation, unlabeled nodes unused. */
static void test_per_class(const ct_dataset_struct *D)
{
    signed char *split = malloc((size_t)D->n);
    slong ks[2] = {7, 250}; /* 250: more than class 2's 196 labeled nodes */
    for (int t = 0; t < 2; t++) {
        ct_dataset_split_per_class(split, D, ks[t], 5);
        slong train[NCLASS] = {0}, size[NCLASS] = {0}, val = 0, test = 0, bad = 0;
        for (slong i = 0; i < D->n; i++) {
            if (D->label[i] < 0) {
                bad += split[i] != CT_DATASET_UNUSED;
                continue;
            }
            size[D->label[i]]++;
            train[D->label[i]] += split[i] == CT_DATASET_TRAIN;
            val += split[i] == CT_DATASET_VAL;
            test += split[i] == CT_DATASET_TEST;
        }
        slong rest = 0;
        for (int c = 0; c < NCLASS; c++) {
            slong want = size[c] < ks[t] ? size[c] : ks[t];
            CHECK_MSG(train[c] == want, "K %ld class %d: %ld train, want %ld",
                      (long)ks[t], c, (long)train[c], (long)want);
            rest += size[c] - want;
        }
        CHECK(bad == 0 && val == rest / 2 && test == rest - rest / 2);
    }
    free(split);
}

int main(void)
{
    ct_dataset_struct D;
    planted_init(&D, 600, 2);
    D.name = "planted";
    test_subgraphs(&D);
    test_per_class(&D);
    ct_gnn_tune_sample_opts so;
    ct_gnn_tune_sample_opts_init(&so);
    so.nsub = 4, so.nodes = 30;
    ct_gnn_tune_problem_t P;
    char err[256];
    CHECK(ct_gnn_tune_problem_init(P, &D, &so, err, sizeof(err)) == 0);
    test_sigmoid_chain(P->side);
    test_first_step(P->side);
    test_grid(P, CT_GNN_GCAN);
    test_grid(P, CT_GNN_SGC);
    test_budget(P, CT_GNN_GCAN);
    test_budget(P, CT_GNN_SGC);
    ct_gnn_tune_problem_clear(P);
    planted_clear(&D);
    return check_finish("t-gnn-tune");
}
