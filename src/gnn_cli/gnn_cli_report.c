/* gnn_cli: the report of `certune gnn train` (text or JSON). */
#include <stdio.h>
#include <stdlib.h>
#include "certune/gnn_stats.h"
#include "certune/mem.h"
#include "certune/text.h"
#include "gnn_cli_internal.h"

static const char *cli_split_name(char *buf, size_t len, const ct_dataset_t D,
                                  const _ct_gnn_cli_train_args *o)
{
    if (o->split == CT_GNN_CLI_SPLIT_PER_CLASS)
        snprintf(buf, len, "per-class:%ld", (long)o->per_class);
    else if (o->split == CT_GNN_CLI_SPLIT_RANDOM ||
             (o->split == CT_GNN_CLI_SPLIT_DEFAULT && D->nsplits == 0))
        snprintf(buf, len, "random:%g",
                 o->split == CT_GNN_CLI_SPLIT_RANDOM ? o->frac : 0.2);
    else if (D->nsplits == 1)
        snprintf(buf, len, "public");
    else if (o->geom_k >= 0 && o->split == CT_GNN_CLI_SPLIT_GEOM)
        snprintf(buf, len, "geom:%ld", (long)o->geom_k);
    else
        snprintf(buf, len, "geom");
    return buf;
}

static const char *cli_model_name(int kind)
{
    return kind == CT_GNN_GCN    ? "gcn"
           : kind == CT_GNN_GAT  ? "gat"
           : kind == CT_GNN_GCAN ? "gcan"
                                 : "sgc";
}

/* which: 0 test accuracy (null when no_test), 1 validation accuracy, 2 epochs
   run, 3 converged */
static void cli_write_array(const char *key, const ct_gnn_train_result *r, slong m,
                            int which, int no_test)
{
    printf("  \"%s\": [", key);
    for (slong s = 0; s < m; s++) {
        fputs(s ? ", " : "", stdout);
        if (which == 0 && no_test)
            fputs("null", stdout);
        else if (which == 2)
            printf("%ld", (long)r[s].epochs_run);
        else if (which == 3)
            fputs(r[s].converged ? "true" : "false", stdout);
        else
            printf("%.6f", which ? r[s].val_acc : r[s].test_acc);
    }
    fputs("],\n", stdout);
}

static void put_key(const char *key, double x, const char *end)
{
    printf("\"%s\": ", key);
    _ct_gnn_cli_put_double(stdout, x);
    fputs(end, stdout);
}

/* Every training setting of the runs. */
static void cli_write_settings(const ct_gnn_arch_struct *a, const ct_gnn_train_opts *t)
{
    fputs("  \"settings\": {", stdout);
    if (a->kind == CT_GNN_SGC) {
        printf("\"k\": %ld, ", (long)t->sgc_k);
    } else {
        printf("\"layers\": %ld, \"hidden\": %ld, \"heads\": %ld, \"out_heads\": %ld, ",
               (long)a->nlayers, (long)a->hidden, (long)a->heads, (long)a->out_heads);
        printf("\"activation\": \"%s\", ", a->act == CT_GNN_OPS_ACT_ELU ? "elu" : "relu");
        put_key("dropout", a->dropout, ", ");
        put_key("attention_dropout", a->att_dropout, ", ");
    }
    put_key("lr", t->lr, ", ");
    put_key("weight_decay_first_layer", t->wd_first, ", ");
    put_key("weight_decay", t->wd_rest, ", ");
    printf("\"max_epochs\": %ld, \"patience\": %ld, \"patience_on\": \"%s\"},\n",
           (long)t->epochs, (long)t->patience,
           t->patience_loss ? "val_loss" : "val_acc_or_loss");
}

void _ct_gnn_cli_train_seed(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                            const ct_gnn_train_result *r, slong s, int progress,
                            int no_test)
{
    FILE *f = o->json ? (progress ? stderr : NULL) : stdout;
    char split[64];
    if (f == NULL)
        return;
    if (s == 0 && !o->json)
        printf("%s on %s (%s split), %ld seeds\n", cli_model_name(o->kind), D->name,
               cli_split_name(split, sizeof(split), D, o), (long)o->seeds);
    fprintf(f, "  seed %ld: test ", (long)(o->first_seed + s));
    fprintf(f, no_test ? "NA" : "%.4f", r[s].test_acc);
    fprintf(f, "  val %.4f  epochs %ld (best %ld)%s\n", r[s].val_acc,
            (long)r[s].epochs_run, (long)r[s].best_epoch,
            r[s].converged ? "" : "  not converged");
    fflush(f);
}

/* The text report's closing lines (the header and seed lines are out). */
static void cli_report_text(const _ct_gnn_cli_train_args *o, slong m, int no_test,
                            double mean, double ci, double sd, double spe)
{
    if (m < o->seeds)
        printf("interrupted: %ld of %ld seeds completed\n", (long)m, (long)o->seeds);
    if (no_test)
        printf("test accuracy NA (empty test split)\n");
    else if (m >= 2)
        printf("test accuracy %.4f +- %.4f (90%% CI), sd %.4f\n", mean, ci, sd);
    else
        printf("test accuracy %.4f\n", mean);
    printf("%.3f ms per epoch, peak RSS %.1f MiB\n", 1e3 * spe,
           ct_gnn_stats_peak_rss_mb());
}

static void cli_report_json(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                            const ct_gnn_arch_struct *arch, const ct_gnn_train_opts *t,
                            const ct_gnn_train_result *r, slong m, int no_test,
                            const char *split, const double *stats)
{
    slong unconverged = 0;
    for (slong s = 0; s < m; s++)
        unconverged += !r[s].converged;
    printf("{\n  \"model\": \"%s\",\n  \"dataset\": ", cli_model_name(o->kind));
    ct_text_json_string(stdout, D->name);
    fputs(",\n  \"split\": ", stdout);
    ct_text_json_string(stdout, split);
    fputs(",\n", stdout);
    if (o->kind == CT_GNN_GCAN)
        fputs("  ", stdout), put_key("eta", arch->eta, ",\n");
    if (o->kind == CT_GNN_SGC) {
        fputs("  ", stdout), put_key("beta", t->beta, ",\n");
        printf("  \"k\": %ld,\n", (long)t->sgc_k);
    }
    printf("  \"seeds\": %ld,\n  \"first_seed\": %ld,\n  \"max_epochs\": %ld,\n", (long)m,
           (long)o->first_seed, (long)t->epochs);
    if (m < o->seeds)
        printf("  \"interrupted\": true,\n  \"seeds_asked\": %ld,\n", (long)o->seeds);
    cli_write_settings(arch, t);
    cli_write_array("test_acc", r, m, 0, no_test);
    cli_write_array("val_acc", r, m, 1, no_test);
    cli_write_array("epochs_run", r, m, 2, no_test);
    cli_write_array("converged_runs", r, m, 3, no_test);
    printf("  \"converged\": %s,\n", unconverged ? "false" : "true");
    if (no_test)
        fputs("  \"test_acc_mean\": null,\n  \"test_acc_sd\": null,\n", stdout);
    else
        printf("  \"test_acc_mean\": %.6f,\n  \"test_acc_sd\": %.6f,\n", stats[0],
               stats[2]);
    if (m >= 2 && !no_test)
        printf("  \"test_acc_ci90\": %.6f,\n", stats[1]);
    else
        fputs("  \"test_acc_ci90\": null,\n", stdout);
    printf("  \"seconds_per_epoch\": %.6g,\n  \"cpu_seconds_per_epoch\": %.6g,\n",
           stats[3], stats[4]);
    printf("  \"seconds_total\": %.6g,\n  \"peak_rss_mb\": %.1f\n}\n", stats[5],
           ct_gnn_stats_peak_rss_mb());
}

void _ct_gnn_cli_train_report(const _ct_gnn_cli_train_args *o, const ct_dataset_t D,
                              const ct_gnn_arch_struct *arch, const ct_gnn_train_opts *t,
                              const ct_gnn_train_result *r, slong m, int no_test)
{
    slong epochs = 0;
    double *acc = ct_mem_calloc((size_t)m, sizeof(double)), secs = 0, cpu = 0;
    double stats[6]; /* mean, ci90, sd, s/epoch, cpu s/epoch, s */
    for (slong s = 0; s < m; s++) {
        acc[s] = r[s].test_acc;
        secs += r[s].seconds;
        cpu += r[s].cpu_seconds;
        epochs += r[s].epochs_run;
        if (!r[s].converged)
            fprintf(stderr,
                    "certune gnn: warning: seed %ld stopped at the epoch cap (%ld) while "
                    "validation accuracy was still rising; raise --epochs\n",
                    (long)(o->first_seed + s), (long)t->epochs);
    }
    ct_gnn_stats_mean_ci90(stats, stats + 2, stats + 1, acc, m);
    stats[3] = epochs ? secs / (double)epochs : 0;
    stats[4] = epochs ? cpu / (double)epochs : 0;
    stats[5] = secs;
    char split[64];
    cli_split_name(split, sizeof(split), D, o);
    if (o->json)
        cli_report_json(o, D, arch, t, r, m, no_test, split, stats);
    else
        cli_report_text(o, m, no_test, stats[0], stats[1], stats[2], stats[3]);
    free(acc);
}
