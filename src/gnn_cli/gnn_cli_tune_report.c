/* gnn_cli: the report of `certune gnn tune` (text or JSON). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/opt.h"
#include "certune/plot.h"
#include "certune/text.h"
#include "gnn_cli_internal.h"

static const char *hyper_name(int kind)
{
    return kind == CT_GNN_SGC ? "beta" : "eta";
}

static void put_key_double(const char *key, double x, const char *end)
{
    printf("\"%s\": ", key);
    _ct_gnn_cli_put_double(stdout, x);
    fputs(end, stdout);
}

/* Every setting the training runs used. */
static void json_settings(const ct_gnn_tune_opts *t)
{
    const ct_gnn_arch_struct *a = &t->arch;
    const ct_gnn_train_opts *o = &t->train;
    fputs("  \"settings\": {", stdout);
    if (a->kind == CT_GNN_SGC) {
        printf("\"k\": %ld, ", (long)o->sgc_k);
    } else {
        printf("\"layers\": %ld, \"hidden\": %ld, \"heads\": %ld, \"out_heads\": %ld, ",
               (long)a->nlayers, (long)a->hidden, (long)a->heads, (long)a->out_heads);
        printf("\"activation\": \"%s\", ", a->act == CT_GNN_OPS_ACT_ELU ? "elu" : "relu");
        put_key_double("dropout", a->dropout, ", ");
        put_key_double("attention_dropout", a->att_dropout, ", ");
    }
    put_key_double("lr", o->lr, ", ");
    put_key_double("weight_decay_first_layer", o->wd_first, ", ");
    put_key_double("weight_decay", o->wd_rest, ", ");
    printf("\"max_epochs\": %ld, \"patience\": %ld, \"patience_on\": \"%s\", ",
           (long)o->epochs, (long)o->patience,
           o->patience_loss ? "val_loss" : "val_acc_or_loss");
    printf("\"runs\": %ld, \"grid\": %ld, \"grid_runs\": %ld, \"bo_evals\": %ld, "
           "\"threads\": %ld},\n",
           (long)t->runs, (long)t->grid,
           (long)(t->grid_runs > 0 ? t->grid_runs : t->runs), (long)t->bo_evals,
           (long)t->threads);
}

static void json_trajectory(const ct_gnn_tune_result *r, const char *h)
{
    fputs("\"trajectory\": [", stdout);
    for (slong i = 0; i < r->nsteps; i++) {
        const ct_gnn_tune_step *s = r->steps + i;
        fputs(i ? ", {" : "{", stdout);
        if (r->method == CT_GNN_TUNE_BACKPROP)
            printf("\"run\": %ld, \"epoch\": %ld, ", (long)s->run, (long)s->step);
        else
            printf("\"step\": %ld, \"passes\": %ld, ", (long)s->step, (long)s->passes);
        put_key_double(h, s->x, ", ");
        printf("\"val_acc\": %.6f, \"test_acc\": ", s->val_acc);
        if (isnan(s->test_acc)) /* SGC: not scored on the test side */
            fputs("null}", stdout);
        else
            printf("%.6f}", s->test_acc);
    }
    fputs("]", stdout);
}

static void json_method(const ct_gnn_tune_result *r, int kind, int last)
{
    const char *h = hyper_name(kind);
    printf("    \"%s\": {", ct_gnn_tune_method_name(r->method, kind));
    put_key_double(h, r->value, ", ");
    if (r->method < CT_GNN_TUNE_BASE0) {
        printf("\"val_acc\": %.6f, \"forward_passes\": %ld, ", r->val_acc,
               (long)r->forward_passes);
    }
    fputs("\"test_acc\": [", stdout);
    for (slong i = 0; i < r->runs; i++)
        printf("%s%.6f", i ? ", " : "", r->test_acc[i]);
    printf("], \"test_acc_mean\": %.6f, \"test_acc_ci90\": ", r->test_mean);
    if (r->runs >= 2)
        printf("%.6f", r->test_ci90);
    else
        fputs("null", stdout);
    printf(", \"test_forward_passes\": %ld", (long)r->test_passes);
    printf(", \"converged\": %s, \"unconverged_runs\": %ld, \"seconds\": %.3f",
           r->unconverged ? "false" : "true", (long)r->unconverged, r->seconds);
    if (r->method < CT_GNN_TUNE_BASE0) {
        fputs(", ", stdout);
        json_trajectory(r, h);
    }
    printf("}%s\n", last ? "" : ",");
}

static void report_json(const _ct_gnn_cli_tune_args *o, const ct_gnn_tune_opts *t,
                        const ct_dataset_t D, const ct_gnn_tune_result *res, double secs)
{
    printf("{\n  \"command\": \"tune\",\n  \"model\": \"%s\",\n  \"dataset\": ",
           o->kind == CT_GNN_SGC ? "sgc" : "gcan");
    ct_text_json_string(stdout, D->name);
    fputs(",\n", stdout);
    printf("  \"hyperparameter\": \"%s\",\n  \"subgraphs\": %ld,\n  \"subgraph_nodes\": "
           "%ld,\n",
           hyper_name(o->kind), (long)o->sample.nsub, (long)o->sample.nodes);
    fputs("  ", stdout);
    put_key_double("labeled", o->sample.train_frac, ",\n  ");
    put_key_double("val", o->sample.val_frac, ",\n");
    printf("  \"sample_seed\": %llu,\n", (unsigned long long)o->sample.seed);
    json_settings(t);
    fputs("  \"tuners\": {\n", stdout);
    int lastm = 0;
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++)
        if (o->methods >> m & 1)
            lastm = m;
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++)
        if (o->methods >> m & 1)
            json_method(res + m, o->kind, m == lastm);
    printf("  },\n  \"seconds\": %.3f\n}\n", secs);
}

static void report_text(const _ct_gnn_cli_tune_args *o, const ct_gnn_tune_opts *t,
                        const ct_dataset_t D, const ct_gnn_tune_result *res, double secs)
{
    printf("%s on %s: %ld + %ld subgraphs of %ld nodes (%g train, %g validation), "
           "%ld runs\n",
           o->kind == CT_GNN_SGC ? "sgc" : "gcan", D->name, (long)o->sample.nsub,
           (long)o->sample.nsub, (long)o->sample.nodes, o->sample.train_frac,
           o->sample.val_frac, (long)t->runs);
    printf("  %-9s %-8s %-8s %-9s %s\n", "method", hyper_name(o->kind), "val_acc*",
           "passes", "test accuracy (90% CI)");
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++) {
        const ct_gnn_tune_result *r = res + m;
        if (!(o->methods >> m & 1))
            continue;
        char v[40];
        snprintf(v, sizeof(v), "%.4g", r->value);
        printf("  %-9s %-8s ", ct_gnn_tune_method_name(m, o->kind), v);
        if (m < CT_GNN_TUNE_BASE0)
            printf("%-8.4f %-9ld ", r->val_acc, (long)r->forward_passes);
        else
            printf("%-8s %-9s ", "-", "-");
        if (r->runs >= 2)
            printf("%.4f +- %.4f\n", r->test_mean, r->test_ci90);
        else
            printf("%.4f\n", r->test_mean);
    }
    printf(
        "* each tuner's own validation figure at its choice, not comparable across "
        "tuners:\n  grid: the mean over its %ld runs at the chosen value; backprop: the "
        "mean over its runs\n  at each run's best epoch (the value moving while it "
        "trains); bo: the one evaluation\n  (a run of the budget's length) at the "
        "chosen value. The test accuracy is comparable:\n  every method's value "
        "retrained and scored on the same test subgraphs.\n",
        (long)t->runs);
    printf("%.1f s\n", secs);
}

/* Series k of the plot: method m's evaluations (grid: the means per value;
   backprop: each run's last epoch; bo: every evaluation) into x, y. */
static slong tune_plot_points(double *x, double *y, const ct_gnn_tune_result *r, int m)
{
    slong n = 0;
    for (slong i = 0; i < r->nsteps; i++) {
        const ct_gnn_tune_step *s = r->steps + i;
        if (m == CT_GNN_TUNE_BACKPROP && i + 1 < r->nsteps && s[1].run == s->run)
            continue; /* backprop: each run's last epoch only */
        x[n] = s->x, y[n++] = s->val_acc;
    }
    return n;
}

/* --plot: validation accuracy against the hyperparameter, one series (and
   one legend entry) per tuner, each tuner's chosen value marked. */
static int tune_plot(const _ct_gnn_cli_tune_args *o, const ct_dataset_t D,
                     const ct_gnn_tune_result *res)
{
    slong cap = 0, ns = 0;
    for (int m = 0; m < CT_GNN_TUNE_BASE0; m++)
        cap += o->methods >> m & 1 ? res[m].nsteps : 0;
    double *x = ct_mem_malloc(sizeof(double) * (size_t)(cap + 1));
    double *y = ct_mem_malloc(sizeof(double) * (size_t)(cap + 1));
    ct_plot_series_struct S[CT_GNN_TUNE_BASE0];
    for (int m = 0, at = 0; m < CT_GNN_TUNE_BASE0; m++) {
        if (!(o->methods >> m & 1))
            continue;
        slong n = tune_plot_points(x + at, y + at, res + m, m);
        S[ns++] = (ct_plot_series_struct){ct_gnn_tune_method_name(m, o->kind), n, x + at,
                                          y + at, res[m].value};
        at += (int)n;
    }
    char title[256];
    snprintf(title, sizeof(title), "%s on %s: validation accuracy of each tuner",
             o->kind == CT_GNN_SGC ? "sgc" : "gcan", D->name);
    ct_opt_atomic_struct W;
    char err[CERTUNE_ERRLEN];
    FILE *f = ct_opt_atomic_open(&W, o->plot);
    int ok = f != NULL && ct_plot_series_svg(f, title, hyper_name(o->kind),
                                             "validation accuracy", S, ns) == 0;
    int rc = ct_opt_atomic_close(&W, ok, err, sizeof(err));
    if (rc != 0)
        fprintf(stderr, "certune gnn: cannot write the plot: %s\n", err);
    free(x);
    free(y);
    return rc;
}

int _ct_gnn_cli_tune_report(const _ct_gnn_cli_tune_args *o, const ct_gnn_tune_opts *t,
                            const ct_dataset_t D, const ct_gnn_tune_result *res)
{
    double secs = 0;
    for (int m = 0; m < CT_GNN_TUNE_NMETHODS; m++)
        if (o->methods >> m & 1) {
            secs += res[m].seconds;
            if (res[m].unconverged > 0)
                fprintf(stderr,
                        "certune gnn: warning: %s: %ld training runs stopped at the "
                        "epoch cap (%ld) while validation accuracy was still rising; "
                        "raise --epochs\n",
                        ct_gnn_tune_method_name(m, o->kind), (long)res[m].unconverged,
                        (long)t->train.epochs);
        }
    if (o->plot != NULL && tune_plot(o, D, res) != 0)
        return CERTUNE_EXIT_INPUT;
    if (o->json)
        report_json(o, t, D, res, secs);
    else
        report_text(o, t, D, res, secs);
    if (fflush(stdout) != 0) {
        perror("certune gnn: writing the report");
        return CERTUNE_EXIT_INPUT;
    }
    return CERTUNE_EXIT_OK;
}
