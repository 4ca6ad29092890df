/* Finite-difference checks of every GNN gradient (eta and beta included), the
   GCAN identities eta = 0 == GCN and eta = 1 == GAT, and a dense reference. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_graph.h"
#include "certune/gnn_model.h"
#include "certune/gnn_ops.h"
#include "certune/gnn_sgc.h"
#include "check.h"

/* A random graph of n nodes with sparse nonnegative features (one row empty),
   an isolated node and every node labeled train. */
static void synth_init(ct_dataset_struct *D, slong n, slong nfeat, slong nclass,
                       uint64_t seed)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, seed);
    memset(D, 0, sizeof(*D));
    D->n = n;
    D->nfeat = nfeat;
    D->nclass = nclass;
    D->feat_rowptr = calloc((size_t)n + 1, sizeof(slong));
    D->feat_col = malloc(sizeof(slong) * (size_t)(n * nfeat));
    D->feat_val = malloc(sizeof(double) * (size_t)(n * nfeat));
    for (slong i = 0; i < n; i++) {
        D->feat_rowptr[i + 1] = D->feat_rowptr[i];
        for (slong f = 0; f < nfeat && i != 1; f++)
            if (ct_gnn_rand_uniform(R) < 0.4) {
                D->feat_col[D->feat_rowptr[i + 1]] = f;
                D->feat_val[D->feat_rowptr[i + 1]++] = 0.2 + ct_gnn_rand_uniform(R);
            }
    }
    D->label = malloc(sizeof(slong) * (size_t)n);
    D->split = malloc((size_t)n);
    D->nsplits = 1;
    for (slong i = 0; i < n; i++) {
        D->label[i] = (slong)(ct_gnn_rand_u64(R) % (uint64_t)nclass);
        D->split[i] = CT_DATASET_TRAIN;
    }
    D->eu = malloc(sizeof(slong) * (size_t)(n * n));
    D->ev = malloc(sizeof(slong) * (size_t)(n * n));
    for (slong u = 0; u < n - 1; u++) /* node n - 1 stays isolated */
        for (slong v = u + 1; v < n - 1; v++)
            if (ct_gnn_rand_uniform(R) < 0.3) {
                D->eu[D->nedges] = u;
                D->ev[D->nedges++] = v;
            }
}

static void synth_clear(ct_dataset_struct *D)
{
    free(D->feat_rowptr);
    free(D->feat_col);
    free(D->feat_val);
    free(D->label);
    free(D->split);
    free(D->eu);
    free(D->ev);
}

static double model_loss(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                         const ct_dataset_struct *D, int train, double *dlogits)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 99); /* the same dropout masks at every evaluation */
    ct_gnn_model_forward(M, X, A, train, R);
    return ct_gnn_ops_xent(dlogits, M->logits, D->n, D->nclass, D->label, D->split,
                           CT_DATASET_TRAIN);
}

static int close_enough(double g, double fd)
{
    return fabs(g - fd) <= 1e-6 * (1 + fabs(fd));
}

/* Checks every parameter and eta of M against central differences. */
static void check_model_grad(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                             const ct_dataset_struct *D, int train, const char *what)
{
    double *dl = malloc(sizeof(double) * (size_t)(D->n * D->nclass));
    model_loss(M, X, A, D, train, dl);
    ct_gnn_model_backward(M, X, A, dl);
    double *g = malloc(sizeof(double) * (size_t)M->nparam), deta = M->deta, h = 1e-6;
    memcpy(g, M->grad, sizeof(double) * (size_t)M->nparam);
    slong bad = 0;
    for (slong k = 0; k < M->nparam; k++) {
        double x = M->param[k];
        M->param[k] = x + h;
        double lp = model_loss(M, X, A, D, train, NULL);
        M->param[k] = x - h;
        double lm = model_loss(M, X, A, D, train, NULL);
        M->param[k] = x;
        double fd = (lp - lm) / (2 * h);
        if (!close_enough(g[k], fd) && bad++ < 5)
            fprintf(stderr, "%s: param %ld grad %.10g fd %.10g\n", what, (long)k, g[k],
                    fd);
    }
    CHECK_MSG(bad == 0, "%s: %ld of %ld parameters off", what, (long)bad,
              (long)M->nparam);
    if (M->arch.kind == CT_GNN_GCAN) {
        double e = M->arch.eta;
        M->arch.eta = e + h;
        double lp = model_loss(M, X, A, D, train, NULL);
        M->arch.eta = e - h;
        double lm = model_loss(M, X, A, D, train, NULL);
        M->arch.eta = e;
        double fd = (lp - lm) / (2 * h);
        CHECK_MSG(close_enough(deta, fd), "%s: deta %.10g fd %.10g", what, deta, fd);
    }
    free(g);
    free(dl);
}

static void small_arch(ct_gnn_arch_struct *arch, int kind, int act, double eta)
{
    ct_gnn_model_arch_init(arch, kind);
    arch->hidden = 3;
    arch->heads = 2;
    arch->out_heads = 2;
    arch->act = act;
    arch->eta = eta;
}

static void test_model_grads(void)
{
    ct_dataset_struct D;
    synth_init(&D, 9, 6, 3, 1);
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, &D, 1);
    ct_gnn_graph_init_gcn(A, &D);
    /* wide: GAT's 8 heads (of 8, then of 5) and one output head, which have
       kernels of their own (8 lanes, and flat one-head passes). */
    struct {
        int kind, act, layers;
        double eta;
        int wide;
    } cases[] = {{CT_GNN_GCN, CT_GNN_OPS_ACT_ELU, 2, 0, 0},
                 {CT_GNN_GCN, CT_GNN_OPS_ACT_RELU, 3, 0, 0},
                 {CT_GNN_GAT, CT_GNN_OPS_ACT_ELU, 2, 1, 0},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, 2, 0.3, 0},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, 3, 0.0, 0},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, 2, 1.0, 0},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_RELU, 1, 0.7, 0},
                 {CT_GNN_GAT, CT_GNN_OPS_ACT_ELU, 2, 1, 8},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, 2, 0.4, 8},
                 {CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, 3, 0.6, 5}};
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
        for (int train = 0; train <= 1; train++) {
            ct_gnn_arch_struct arch;
            small_arch(&arch, cases[c].kind, cases[c].act, cases[c].eta);
            arch.nlayers = cases[c].layers;
            arch.dropout = arch.att_dropout = 0.3;
            if (cases[c].wide) {
                arch.heads = 8;
                arch.hidden = cases[c].wide;
                arch.out_heads = 1;
            }
            ct_gnn_rand_t R;
            ct_gnn_rand_init(R, 7 + c);
            ct_gnn_model_t M;
            ct_gnn_model_init(M, &arch, X, A, D.nclass, R);
            /* Zero biases put ReLU units of featureless rows exactly on their
               kink, where differences are meaningless: move off it. */
            for (slong k = 0; k < M->nparam; k++)
                M->param[k] += 0.1 * (ct_gnn_rand_uniform(R) - 0.5);
            char what[64];
            snprintf(what, sizeof(what), "case %d train %d", (int)c, train);
            check_model_grad(M, X, A, &D, train, what);
            ct_gnn_model_clear(M);
        }
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    synth_clear(&D);
}

/* The thin output-layer products (gnn_model_thin.c) at the widths of their
   two code paths: w <= 4 lanes in one vector, 5..8 in two; inputs of 8, 16
   (GCN's hidden layer) and 64 (GAT's 8 heads of 8). Every gradient against
   central differences, in evaluation and training mode. */
static void test_thin_grads(void)
{
    struct {
        slong nclass, hidden, heads;
        int kind;
    } cases[] = {{4, 8, 1, CT_GNN_GCN},
                 {7, 16, 1, CT_GNN_GCN},
                 {5, 16, 1, CT_GNN_GCN},
                 {7, 8, 8, CT_GNN_GAT}};
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        ct_dataset_struct D;
        synth_init(&D, 11, 6, cases[c].nclass, 4 + c);
        ct_gnn_csr_t X, A;
        ct_gnn_csr_set_features(X, &D, 1);
        ct_gnn_graph_init_gcn(A, &D);
        for (int train = 0; train <= 1; train++) {
            ct_gnn_arch_struct arch;
            ct_gnn_model_arch_init(&arch, cases[c].kind);
            arch.hidden = cases[c].hidden;
            arch.heads = cases[c].heads;
            arch.dropout = arch.att_dropout = cases[c].kind == CT_GNN_GCN ? 0.3 : 0.2;
            ct_gnn_rand_t R;
            ct_gnn_rand_init(R, 40 + c);
            ct_gnn_model_t M;
            ct_gnn_model_init(M, &arch, X, A, D.nclass, R);
            for (slong k = 0; k < M->nparam; k++) /* off the ReLU kinks, as above */
                M->param[k] += 0.1 * (ct_gnn_rand_uniform(R) - 0.5);
            char what[64];
            snprintf(what, sizeof(what), "thin case %d train %d", (int)c, train);
            check_model_grad(M, X, A, &D, train, what);
            ct_gnn_model_clear(M);
        }
        ct_gnn_csr_clear(X);
        ct_gnn_csr_clear(A);
        synth_clear(&D);
    }
}

static double sgc_loss(ct_gnn_sgc_t M, const ct_gnn_csr_t X, const ct_dataset_struct *D,
                       double *dlogits)
{
    ct_gnn_sgc_forward(M, X);
    return ct_gnn_ops_xent(dlogits, M->logits, D->n, D->nclass, D->label, D->split,
                           CT_DATASET_TRAIN);
}

static void test_sgc_grads(void)
{
    ct_dataset_struct D;
    synth_init(&D, 10, 5, 3, 2);
    ct_gnn_csr_t X;
    ct_gnn_csr_set_features(X, &D, 1);
    /* Not beta = 0: there the isolated node's row jumps from 0 to the
       identity, so beta's derivative only exists for beta > 0. */
    double betas[] = {1.0, 0.35, 0.02};
    for (int b = 0; b < 3; b++)
        for (slong K = 1; K <= 3; K++) {
            ct_gnn_rand_t R;
            ct_gnn_rand_init(R, 3);
            ct_gnn_sgc_t M;
            ct_gnn_sgc_init(M, &D, X->ncols, K, betas[b], R);
            double *dl = malloc(sizeof(double) * (size_t)(D.n * D.nclass)), h = 1e-6;
            sgc_loss(M, X, &D, dl);
            ct_gnn_sgc_backward(M, X, dl);
            slong bad = 0;
            for (slong k = 0; k < M->nparam; k++) {
                double x = M->param[k], g = M->grad[k];
                M->param[k] = x + h;
                double lp = sgc_loss(M, X, &D, NULL);
                M->param[k] = x - h;
                double lm = sgc_loss(M, X, &D, NULL);
                M->param[k] = x;
                bad += !close_enough(g, (lp - lm) / (2 * h));
            }
            CHECK_MSG(bad == 0, "sgc beta %g K %ld: %ld params off", betas[b], (long)K,
                      (long)bad);
            double g = M->dbeta, beta = betas[b];
            ct_gnn_sgc_set_beta(M, &D, beta + h);
            double lp = sgc_loss(M, X, &D, NULL);
            ct_gnn_sgc_set_beta(M, &D, beta - h);
            double lm = sgc_loss(M, X, &D, NULL);
            double fd = (lp - lm) / (2 * h);
            CHECK_MSG(close_enough(g, fd), "sgc beta %g K %ld: dbeta %.10g fd %.10g",
                      beta, (long)K, g, fd);
            free(dl);
            ct_gnn_sgc_clear(M);
        }
    ct_gnn_csr_clear(X);
    synth_clear(&D);
}

/* Copies U and b of every layer of src into dst (same shapes). */
static void copy_weights(ct_gnn_model_t dst, const ct_gnn_model_t src)
{
    for (slong l = 0; l < src->arch.nlayers; l++) {
        const ct_gnn_layer_struct *S = src->layer + l;
        ct_gnn_layer_struct *T = dst->layer + l;
        memcpy(T->U, S->U, sizeof(double) * (size_t)(S->fin * S->heads * S->fout));
        memcpy(T->b, S->b, sizeof(double) * (size_t)S->outdim);
        if (S->has_att && T->has_att)
            memcpy(T->a, S->a, sizeof(double) * (size_t)(2 * S->heads * S->fout));
    }
}

static double max_diff(const double *x, const double *y, slong m)
{
    double d = 0;
    for (slong i = 0; i < m; i++)
        d = fmax(d, fabs(x[i] - y[i]));
    return d;
}

/* Max difference of U and b gradients of two models of the same shapes. */
static double grad_diff(const ct_gnn_model_t P, const ct_gnn_model_t Q)
{
    double d = 0;
    for (slong l = 0; l < P->arch.nlayers; l++) {
        const ct_gnn_layer_struct *S = P->layer + l, *T = Q->layer + l;
        d = fmax(d, max_diff(S->dU, T->dU, S->fin * S->heads * S->fout));
        d = fmax(d, max_diff(S->db, T->db, S->outdim));
        if (S->has_att && T->has_att)
            d = fmax(d, max_diff(S->da, T->da, 2 * S->heads * S->fout));
    }
    return d;
}

/* GCAN at eta = 0 against GCN, and at eta = 1 against GAT, with the same heads
   and sizes, in evaluation and in training (dropout masks from one seed);
   with 2 heads and 2 output heads, and with GAT's 8 heads and 1 output head
   (their own kernels). */
static void test_identities(void)
{
    ct_dataset_struct D;
    synth_init(&D, 11, 7, 4, 5);
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, &D, 1);
    ct_gnn_graph_init_gcn(A, &D);
    slong m = D.n * D.nclass;
    double *dl = malloc(sizeof(double) * (size_t)m);
    for (int k = 0; k < 8; k++) {
        int which = k & 1, train = (k >> 1) & 1, wide = k >> 2;
        {
            int base = which == 0 ? CT_GNN_GCN : CT_GNN_GAT;
            ct_gnn_arch_struct ab, ag;
            small_arch(&ab, base, CT_GNN_OPS_ACT_ELU, which);
            small_arch(&ag, CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, which);
            if (wide) {
                ab.heads = ag.heads = ab.hidden = ag.hidden = 8;
                ab.out_heads = ag.out_heads = 1;
            }
            ab.dropout = ag.dropout = 0.4;
            /* GCN has no attention to drop; GAT drops it in both models. */
            ab.att_dropout = ag.att_dropout = which == 0 ? 0.0 : 0.5;
            ct_gnn_rand_t R;
            ct_gnn_rand_init(R, 11);
            ct_gnn_model_t B, G;
            ct_gnn_model_init(B, &ab, X, A, D.nclass, R);
            ct_gnn_model_init(G, &ag, X, A, D.nclass, R);
            copy_weights(G, B);
            model_loss(B, X, A, &D, train, dl);
            ct_gnn_model_backward(B, X, A, dl);
            model_loss(G, X, A, &D, train, dl);
            ct_gnn_model_backward(G, X, A, dl);
            double d = max_diff(B->logits, G->logits, m), dg = grad_diff(B, G);
            CHECK_MSG(d <= 1e-13,
                      "eta=%d identity (train %d, wide %d): logits differ by %g", which,
                      train, wide, d);
            CHECK_MSG(dg <= 1e-13,
                      "eta=%d identity (train %d, wide %d): grads differ by %g", which,
                      train, wide, dg);
            ct_gnn_model_clear(B);
            ct_gnn_model_clear(G);
        }
    }
    free(dl);
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    synth_clear(&D);
}

/* ct_gnn_model_set_loss_rows: with a third of the nodes in the training split,
   restricting the training pass to their receptive field must leave the
   training logits, the loss and every gradient as they were. GAT's 8 heads
   and GCAN (eta 0.5), 2 and 3 layers, with dropout. */
static void test_loss_rows(void)
{
    ct_dataset_struct D;
    synth_init(&D, 24, 6, 3, 8);
    for (slong i = 0; i < D.n; i++)
        D.split[i] = i % 3 == 0 ? CT_DATASET_TRAIN : CT_DATASET_TEST;
    slong kept = 0; /* a sparser graph, so that some rows fall outside */
    for (slong e = 0; e < D.nedges; e += 5) {
        D.eu[kept] = D.eu[e];
        D.ev[kept++] = D.ev[e];
    }
    D.nedges = kept;
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, &D, 1);
    ct_gnn_graph_init_gcn(A, &D);
    signed char *rows = malloc((size_t)D.n);
    for (slong i = 0; i < D.n; i++)
        rows[i] = D.split[i] == CT_DATASET_TRAIN;
    slong m = D.n * D.nclass;
    double *dl = malloc(sizeof(double) * (size_t)m);
    for (int k = 0; k < 4; k++) {
        ct_gnn_arch_struct arch;
        small_arch(&arch, k & 1 ? CT_GNN_GCAN : CT_GNN_GAT, CT_GNN_OPS_ACT_ELU, 0.5);
        arch.heads = arch.hidden = 8;
        arch.out_heads = 1;
        arch.nlayers = 2 + (k >> 1);
        ct_gnn_model_t P, Q;
        ct_gnn_rand_t R;
        ct_gnn_rand_init(R, 21);
        ct_gnn_model_init(P, &arch, X, A, D.nclass, R);
        ct_gnn_rand_init(R, 21);
        ct_gnn_model_init(Q, &arch, X, A, D.nclass, R);
        ct_gnn_model_set_loss_rows(Q, A, rows);
        slong skipped = 0;
        for (slong i = 0; i < D.n; i++)
            skipped += !Q->layer[0].need[i];
        CHECK_MSG(skipped > 0, "loss rows (case %d): no row left out", k);
        double lp = model_loss(P, X, A, &D, 1, dl);
        ct_gnn_model_backward(P, X, A, dl);
        double lq = model_loss(Q, X, A, &D, 1, dl);
        ct_gnn_model_backward(Q, X, A, dl);
        double dg = max_diff(P->grad, Q->grad, P->nparam);
        CHECK_MSG(lp == lq && dg == 0 && P->deta == Q->deta,
                  "loss rows (case %d): loss %g vs %g, grads differ by %g", k, lp, lq,
                  dg);
        ct_gnn_model_clear(P);
        ct_gnn_model_clear(Q);
    }
    free(dl);
    free(rows);
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    synth_clear(&D);
}

/* Several epochs as ct_gnn_train_run runs them (training pass, backward, a
   step, then the evaluation pass with prefetch, which draws the next step's
   feature dropout and computes X_kept U on the rows that step reads): with
   the loss rows set, every training loss, gradient and evaluation logit
   must equal the unrestricted model's bit for bit. GCN with 16 hidden (the
   fused 16-column product and the thin output layer), in 2 and 3 layers (a
   dgemm layer in between), GAT and GCAN. Also checks that the restriction
   leaves rows out at every layer of the first case. */
static void test_loss_rows_epochs(void)
{
    ct_dataset_struct D;
    synth_init(&D, 40, 9, 5, 12);
    for (slong i = 0; i < D.n; i++)
        D.split[i] = i % 7 == 0 ? CT_DATASET_TRAIN : CT_DATASET_TEST;
    slong kept = 0; /* sparse, so that the receptive field is not everything */
    for (slong e = 0; e < D.nedges; e += 9) {
        D.eu[kept] = D.eu[e];
        D.ev[kept++] = D.ev[e];
    }
    D.nedges = kept;
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, &D, 1);
    ct_gnn_graph_init_gcn(A, &D);
    signed char *rows = malloc((size_t)D.n);
    for (slong i = 0; i < D.n; i++)
        rows[i] = D.split[i] == CT_DATASET_TRAIN;
    slong m = D.n * D.nclass;
    double *dp = malloc(sizeof(double) * (size_t)m),
           *dq = malloc(sizeof(double) * (size_t)m);
    struct {
        int kind, layers;
    } cases[] = {{CT_GNN_GCN, 2}, {CT_GNN_GCN, 3}, {CT_GNN_GAT, 2}, {CT_GNN_GCAN, 2}};
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        ct_gnn_arch_struct arch;
        ct_gnn_model_arch_init(&arch, cases[c].kind);
        arch.nlayers = cases[c].layers;
        ct_gnn_model_t P, Q;
        ct_gnn_rand_t RP, RQ;
        ct_gnn_rand_init(RP, 31);
        ct_gnn_model_init(P, &arch, X, A, D.nclass, RP);
        ct_gnn_rand_init(RQ, 31);
        ct_gnn_model_init(Q, &arch, X, A, D.nclass, RQ);
        P->prefetch = Q->prefetch = 1;
        ct_gnn_model_set_loss_rows(Q, A, rows);
        if (c == 0) {
            slong out0 = 0, outz = 0;
            for (slong i = 0; i < D.n; i++) {
                out0 += !Q->layer[0].need[i];
                outz += !Q->layer[0].zneed[i];
            }
            CHECK_MSG(out0 > 0 && outz > 0, "loss rows over epochs: nothing left out");
        }
        int same = 1;
        for (int epoch = 0; epoch < 4 && same; epoch++) {
            ct_gnn_model_forward(P, X, A, 1, RP);
            ct_gnn_model_forward(Q, X, A, 1, RQ);
            double lp = ct_gnn_ops_xent(dp, P->logits, D.n, D.nclass, D.label, D.split,
                                        CT_DATASET_TRAIN);
            double lq = ct_gnn_ops_xent(dq, Q->logits, D.n, D.nclass, D.label, D.split,
                                        CT_DATASET_TRAIN);
            ct_gnn_model_backward(P, X, A, dp);
            ct_gnn_model_backward(Q, X, A, dq);
            same = lp == lq && max_diff(P->grad, Q->grad, P->nparam) == 0 &&
                   P->deta == Q->deta;
            CHECK_MSG(same, "loss rows over epochs (case %d, epoch %d): training differs",
                      (int)c, epoch);
            for (slong k = 0; k < P->nparam; k++) {
                P->param[k] -= 0.05 * P->grad[k];
                Q->param[k] -= 0.05 * Q->grad[k];
            }
            ct_gnn_model_forward(P, X, A, 0, RP);
            ct_gnn_model_forward(Q, X, A, 0, RQ);
            same = same && max_diff(P->logits, Q->logits, m) == 0;
            CHECK_MSG(same,
                      "loss rows over epochs (case %d, epoch %d): evaluation differs",
                      (int)c, epoch);
        }
        CHECK_MSG(ct_gnn_rand_u64(RP) == ct_gnn_rand_u64(RQ),
                  "loss rows over epochs (case %d): random streams differ", (int)c);
        ct_gnn_model_clear(P);
        ct_gnn_model_clear(Q);
    }
    free(dp);
    free(dq);
    free(rows);
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    synth_clear(&D);
}

/* The formulas on a dense adjacency, one head: the evaluation-mode
   logits of a 2-layer GCAN must match ct_gnn_model_forward. */
static void reference_layer(double *out, const ct_dataset_struct *D, const double *H,
                            slong fin, const double *U, const double *a, const double *b,
                            slong F, double eta, double slope)
{
    slong n = D->n;
    double *adj = calloc((size_t)(n * n), sizeof(double)), *deg = calloc((size_t)n, 8);
    double *Z = calloc((size_t)(n * F), sizeof(double));
    for (slong i = 0; i < n; i++)
        adj[i * n + i] = 1;
    for (slong e = 0; e < D->nedges; e++)
        adj[D->eu[e] * n + D->ev[e]] = adj[D->ev[e] * n + D->eu[e]] = 1;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            deg[i] += adj[i * n + j];
    for (slong i = 0; i < n; i++)
        for (slong f = 0; f < F; f++)
            for (slong k = 0; k < fin; k++)
                Z[i * F + f] += H[i * fin + k] * U[k * F + f];
    for (slong i = 0; i < n; i++) {
        double e[64], sum = 0;
        for (slong j = 0; j < n; j++) {
            double r = 0;
            for (slong f = 0; f < F; f++)
                r += a[f] * Z[i * F + f] + a[F + f] * Z[j * F + f];
            e[j] = adj[i * n + j] ? exp(r > 0 ? r : slope * r) : 0;
            sum += e[j];
        }
        for (slong f = 0; f < F; f++) {
            double s = b[f];
            for (slong j = 0; j < n; j++)
                if (adj[i * n + j])
                    s += (eta * e[j] / sum + (1 - eta) / sqrt(deg[i] * deg[j])) *
                         Z[j * F + f];
            out[i * F + f] = s;
        }
    }
    free(adj);
    free(deg);
    free(Z);
}

static void test_reference(void)
{
    ct_dataset_struct D;
    synth_init(&D, 10, 5, 3, 9);
    ct_gnn_csr_t X, A;
    ct_gnn_csr_set_features(X, &D, 1);
    ct_gnn_graph_init_gcn(A, &D);
    slong n = D.n, F = 4;
    double *Xd = calloc((size_t)(n * D.nfeat), sizeof(double));
    for (slong i = 0; i < n; i++)
        for (slong p = X->rowptr[i]; p < X->rowptr[i + 1]; p++)
            Xd[i * D.nfeat + X->col[p]] = X->val[p];
    double etas[] = {0.0, 0.45, 1.0};
    for (int k = 0; k < 3; k++) {
        ct_gnn_arch_struct arch;
        small_arch(&arch, CT_GNN_GCAN, CT_GNN_OPS_ACT_ELU, etas[k]);
        arch.heads = arch.out_heads = 1;
        arch.hidden = F;
        ct_gnn_rand_t R;
        ct_gnn_rand_init(R, 4);
        ct_gnn_model_t M;
        ct_gnn_model_init(M, &arch, X, A, D.nclass, R);
        ct_gnn_model_forward(M, X, A, 0, R);
        double *h1 = malloc(sizeof(double) * (size_t)(n * F));
        double *h2 = malloc(sizeof(double) * (size_t)(n * D.nclass));
        const ct_gnn_layer_struct *L0 = M->layer, *L1 = M->layer + 1;
        reference_layer(h1, &D, Xd, D.nfeat, L0->U, L0->a, L0->b, F, etas[k], 0.2);
        for (slong i = 0; i < n * F; i++)
            h1[i] = h1[i] > 0 ? h1[i] : expm1(h1[i]);
        reference_layer(h2, &D, h1, F, L1->U, L1->a, L1->b, D.nclass, etas[k], 0.2);
        double d = max_diff(h2, M->logits, n * D.nclass);
        CHECK_MSG(d <= 1e-12, "eta %g: reference differs by %g", etas[k], d);
        free(h1);
        free(h2);
        ct_gnn_model_clear(M);
    }
    free(Xd);
    ct_gnn_csr_clear(X);
    ct_gnn_csr_clear(A);
    synth_clear(&D);
}

int main(void)
{
    test_model_grads();
    test_sgc_grads();
    test_identities();
    test_thin_grads();
    test_loss_rows();
    test_loss_rows_epochs();
    test_reference();
    return check_finish("t-gnn-grad");
}
