/* gnn_train: the training loop shared by the four models. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "certune/gnn_adam.h"
#include "certune/gnn_sgc.h"
#include "certune/gnn_train.h"
#include "certune/mem.h"

void ct_gnn_train_opts_init(ct_gnn_train_opts *o, int kind)
{
    memset(o, 0, sizeof(*o));
    o->sgc_k = 2;
    o->beta = 1.0;
    if (kind == CT_GNN_GCN) {
        /* Kipf's 200 epochs undertrain larger graphs (Amazon Photo); stop by
           convergence of the validation loss instead (docs/gnn.md) */
        o->epochs = 3000;
        o->patience = 100;
        o->patience_loss = 1;
        o->lr = 0.01;
        o->wd_first = 5e-4;
    } else if (kind == CT_GNN_SGC) {
        o->epochs = 100;
        o->lr = 0.2;
        o->wd_first = o->wd_rest = 5e-5; /* best Cora validation accuracy, docs/gnn.md */
    } else {
        o->epochs = 1000;
        o->patience = 100;
        o->lr = 0.005;
        o->wd_first = o->wd_rest = 5e-4;
    }
}

/* The trained network: one of the two model types behind a common face. */
typedef struct {
    int sgc;
    ct_gnn_model_t M;
    ct_gnn_sgc_t S;
    double *param, *grad, *wd, *logits;
    slong nparam, passes;
} train_net;

static void net_init(train_net *net, const ct_gnn_arch_struct *arch,
                     const ct_gnn_train_opts *o, const ct_dataset_t D,
                     const ct_gnn_csr_t X, const ct_gnn_csr_t A, const signed char *split,
                     ct_gnn_rand_t R)
{
    net->sgc = arch->kind == CT_GNN_SGC;
    if (net->sgc) {
        ct_gnn_sgc_init(net->S, D, X->ncols, o->sgc_k, o->beta, R);
        ct_gnn_sgc_set_weight_decay(net->S, o->wd_first);
        net->param = net->S->param;
        net->grad = net->S->grad;
        net->wd = net->S->wd;
        net->logits = net->S->logits;
        net->nparam = net->S->nparam;
        return;
    }
    ct_gnn_model_init(net->M, arch, X, A, D->nclass, R);
    net->M->prefetch = 1; /* the loop below alternates training and evaluation */
    /* the training loss reads the labeled training rows only */
    signed char *rows = ct_mem_malloc((size_t)D->n + 1);
    for (slong i = 0; i < D->n; i++)
        rows[i] = D->label[i] >= 0 && split[i] == CT_DATASET_TRAIN;
    ct_gnn_model_set_loss_rows(net->M, A, rows);
    free(rows);
    ct_gnn_model_set_weight_decay(net->M, o->wd_first, o->wd_rest);
    net->param = net->M->param;
    net->grad = net->M->grad;
    net->wd = net->M->wd;
    net->logits = net->M->logits;
    net->nparam = net->M->nparam;
}

static void net_clear(train_net *net)
{
    if (net->sgc)
        ct_gnn_sgc_clear(net->S);
    else
        ct_gnn_model_clear(net->M);
}

static void net_forward(train_net *net, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                        int train, ct_gnn_rand_t R)
{
    net->passes++;
    if (net->sgc)
        ct_gnn_sgc_forward(net->S, X);
    else
        ct_gnn_model_forward(net->M, X, A, train, R);
}

static void net_backward(train_net *net, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                         const double *dlogits)
{
    if (net->sgc)
        ct_gnn_sgc_backward(net->S, X, dlogits);
    else
        ct_gnn_model_backward(net->M, X, A, dlogits);
}

/* The tuned hyperparameter: GCAN's eta or SGC's beta. */
static double net_hyper(const train_net *net)
{
    return net->sgc ? net->S->beta : net->M->arch.eta;
}

static double net_dhyper(const train_net *net)
{
    return net->sgc ? net->S->dbeta : net->M->deta;
}

static void net_set_hyper(train_net *net, const ct_dataset_t D, double h)
{
    if (net->sgc)
        ct_gnn_sgc_set_beta(net->S, D, h);
    else
        net->M->arch.eta = h;
}

double ct_gnn_train_hyper_of(double u)
{
    return 1 / (1 + exp(-u));
}

double ct_gnn_train_hyper_grad(double dl_dh, double h)
{
    return dl_dh * h * (1 - h);
}

/* h = sigmoid(u): u is unconstrained, so Adam needs no projection, and h
   stays inside (0, 1), where both of its gradients are defined. */
typedef struct {
    int on;
    double u;
    ct_gnn_adam_t opt;
} train_hyper;

static void hyper_init(train_hyper *hp, train_net *net, const ct_gnn_train_opts *o,
                       const ct_dataset_t D)
{
    hp->on = o->learn_hyper && (net->sgc || net->M->arch.kind == CT_GNN_GCAN);
    if (!hp->on)
        return;
    double h = net_hyper(net);
    h = h < 0.01 ? 0.01 : (h > 0.99 ? 0.99 : h);
    hp->u = log(h / (1 - h));
    ct_gnn_adam_init(hp->opt, 1, o->hyper_lr > 0 ? o->hyper_lr : o->lr);
    net_set_hyper(net, D, ct_gnn_train_hyper_of(hp->u));
}

/* After a backward pass: dL/du = dL/dh h (1 - h), one Adam step on u. */
static void hyper_step(train_hyper *hp, train_net *net, const ct_dataset_t D)
{
    if (!hp->on)
        return;
    double g = ct_gnn_train_hyper_grad(net_dhyper(net), net_hyper(net));
    ct_gnn_adam_step(hp->opt, &hp->u, &g, NULL);
    net_set_hyper(net, D, ct_gnn_train_hyper_of(hp->u));
}

static void hyper_clear(train_hyper *hp)
{
    if (hp->on)
        ct_gnn_adam_clear(hp->opt);
}

/* Scoring on o->other: a second model on the other graph that receives the
   trained weights; best keeps the selected epoch's weights and eta. */
typedef struct {
    int on;
    const ct_gnn_train_other *G;
    ct_gnn_model_t M;
    ct_gnn_rand_t R; /* draws only the overwritten initial weights */
    double *best, best_h;
} train_other;

static void other_init(train_other *t, const train_net *net, const ct_gnn_train_opts *o)
{
    t->on = o->other != NULL && !net->sgc;
    if (!t->on)
        return;
    t->G = o->other;
    ct_gnn_rand_init(t->R, 0);
    ct_gnn_model_init(t->M, &net->M->arch, t->G->X, t->G->A, net->M->nclass, t->R);
    if (t->M->nparam != net->nparam) { /* other features: not the same network */
        ct_gnn_model_clear(t->M);
        t->on = 0;
        return;
    }
    t->best = ct_mem_malloc(sizeof(double) * (size_t)(net->nparam + 1));
    memcpy(t->best, net->param, sizeof(double) * (size_t)net->nparam);
    t->best_h = net_hyper(net);
}

/* Accuracy on the other graph's test nodes of the weights param at eta h
   (an evaluation pass: no dropout, nothing drawn). */
static double other_score(train_other *t, const double *param, double h)
{
    memcpy(t->M->param, param, sizeof(double) * (size_t)t->M->nparam);
    t->M->arch.eta = h;
    ct_gnn_model_forward(t->M, t->G->X, t->G->A, 0, t->R);
    return ct_gnn_ops_accuracy(t->M->logits, t->G->D->n, t->M->nclass, t->G->D->label,
                               t->G->split, CT_DATASET_TEST);
}

static void other_keep(train_other *t, const train_net *net)
{
    if (t->on) {
        memcpy(t->best, net->param, sizeof(double) * (size_t)net->nparam);
        t->best_h = net_hyper(net);
    }
}

static void other_trace(train_other *t, const train_net *net, const ct_gnn_train_opts *o,
                        slong epoch)
{
    if (t->on && o->other_trace != NULL)
        o->other_trace[epoch - 1] = other_score(t, net->param, net_hyper(net));
}

/* Sets res->other_acc (NaN without a graph) and frees. */
static void other_finish(train_other *t, ct_gnn_train_result *res)
{
    res->other_acc = NAN;
    if (!t->on)
        return;
    res->other_acc = other_score(t, t->best, t->best_h);
    ct_gnn_model_clear(t->M);
    free(t->best);
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void ct_gnn_train_run(ct_gnn_train_result *res, const ct_gnn_arch_struct *arch,
                      const ct_gnn_train_opts *o, const ct_dataset_t D,
                      const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                      const signed char *split, uint64_t seed, FILE *progress)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, seed);
    train_net net;
    net_init(&net, arch, o, D, X, A, split, R);
    net.passes = 0;
    train_hyper hp;
    hyper_init(&hp, &net, o, D);
    ct_gnn_adam_t opt;
    ct_gnn_adam_init(opt, net.nparam, o->lr);
    train_other other;
    other_init(&other, &net, o);
    slong n = D->n, C = D->nclass;
    double *dlogits = ct_mem_malloc(sizeof(double) * (size_t)(n * C + 1));
    memset(res, 0, sizeof(*res));
    res->val_acc = -1;
    res->val_loss = HUGE_VAL;
    double best_loss = HUGE_VAL, best_acc = -1, t0 = clock_seconds(CLOCK_MONOTONIC);
    double c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    slong since = 0, last_rise = 0;
    res->hyper_best = net_hyper(&net);
    for (slong epoch = 1; epoch <= o->epochs; epoch++) {
        net_forward(&net, X, A, 1, R);
        res->train_loss =
            ct_gnn_ops_xent(dlogits, net.logits, n, C, D->label, split, CT_DATASET_TRAIN);
        net_backward(&net, X, A, dlogits);
        ct_gnn_adam_step(opt, net.param, net.grad, net.wd);
        hyper_step(&hp, &net, D);
        net_forward(&net, X, A, 0, R);
        double vloss =
            ct_gnn_ops_xent(NULL, net.logits, n, C, D->label, split, CT_DATASET_VAL);
        double vacc =
            ct_gnn_ops_accuracy(net.logits, n, C, D->label, split, CT_DATASET_VAL);
        res->epochs_run = epoch;
        if (o->trace != NULL) {
            o->trace[2 * (epoch - 1)] = net_hyper(&net);
            o->trace[2 * (epoch - 1) + 1] = vacc;
        }
        if (vacc > best_acc)
            last_rise = epoch;
        if (vacc > res->val_acc || (vacc == res->val_acc && vloss < res->val_loss)) {
            res->val_acc = vacc;
            res->val_loss = vloss;
            res->best_epoch = epoch;
            res->hyper_best = net_hyper(&net);
            res->test_acc =
                ct_gnn_ops_accuracy(net.logits, n, C, D->label, split, CT_DATASET_TEST);
            other_keep(&other, &net);
        }
        if (epoch % 10 == 0 || epoch == 1)
            other_trace(&other, &net, o, epoch);
        if (progress != NULL && (epoch % 10 == 0 || epoch == 1))
            fprintf(progress, "seed %llu epoch %ld loss %.4f val_acc %.4f\n",
                    (unsigned long long)seed, (long)epoch, res->train_loss, vacc);
        if (o->patience_loss ? vloss < best_loss : vacc >= best_acc || vloss <= best_loss)
            since = 0;
        else
            since++;
        best_acc = vacc > best_acc ? vacc : best_acc;
        best_loss = vloss < best_loss ? vloss : best_loss;
        if (o->patience > 0 && since >= o->patience)
            break;
        if (o->stop != NULL && *o->stop && epoch < o->epochs) {
            res->interrupted = 1;
            break;
        }
    }
    if (res->epochs_run % 10 != 0 && res->epochs_run > 1)
        other_trace(&other, &net, o, res->epochs_run);
    other_finish(&other, res);
    slong window = o->epochs / 10 > 10 ? o->epochs / 10 : 10;
    res->converged = res->epochs_run < o->epochs || res->epochs_run - last_rise >= window;
    res->forward_passes = net.passes;
    res->hyper_final = net_hyper(&net);
    hyper_clear(&hp);
    res->seconds = clock_seconds(CLOCK_MONOTONIC) - t0;
    res->cpu_seconds = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    free(dlogits);
    ct_gnn_adam_clear(opt);
    net_clear(&net);
}
