/* cli_tune_dataset: `certune tune --dataset NAME --split S`: one graph with
   its standard split, as GridSearchCV would tune it on the validation nodes,
   but exactly (docs/tuning.md, "One graph with its split"). Two instances are
   built in memory from the whole graph, the training nodes labeled in both:
   one scoring the validation nodes (the side ERM chooses on), one scoring the
   test nodes; then `tune` runs on them as on --train and --test. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/decimal.h"
#include "certune/family.h"
#include "certune/whole.h"
#include "certune/text.h"
#include "cli_internal.h"

#define DATASET_GEOM_SPLITS 10

/* One split's run: the two instances, what no label reaches, the tuned rows. */
typedef struct {
    char name[96];
    ct_instance_struct inst[2]; /* scoring val, scoring test */
    ct_whole_unreached_struct unreached[2];
    slong ntrain, nscored[2];
    ct_tune_struct **rows; /* one per family tuned (flint_malloc) */
    slong nrows, best;
} dataset_run;

int _ct_cli_tune_dataset_check(const _ct_cli_tune_options *o)
{
    if (o->dataset == NULL || o->split == NULL)
        return ct_opt_usage_error("%s", "a whole-graph tune needs --dataset and --split");
    if (o->ntrain > 0 || o->ntest > 0)
        return ct_opt_usage_error("%s", "--dataset replaces --train and --test");
    if (!o->have_family)
        return ct_opt_usage_error("%s",
                                  "tune needs --family lambda, alpha, delta or all");
    if (o->rad_k > 0)
        return ct_opt_usage_error("%s",
                                  "--rademacher needs many instances, not one graph");
    if (o->score_all)
        return ct_opt_usage_error(
            "%s", "--score all would score the training nodes in the validation and the "
                  "test loss alike: a whole graph's split scores its validation and test "
                  "nodes (`instance --score` writes other choices)");
    if (o->plot != NULL && strcmp(o->split, "geom-gcn") == 0)
        return ct_opt_usage_error("%s", "--plot draws one split: --split geom-gcn:K");
    if (o->plot != NULL && ct_opt_check_writable(o->plot, "the plot"))
        return CERTUNE_EXIT_INPUT;
    if (o->have_c && !o->all && !ct_family_row(o->family)->has_c)
        return ct_opt_usage_error("%s applies only to a family with a constant (or all)",
                                  "--c");
    return 0;
}

static void dataset_progress(const _ct_cli_tune_options *o, const char *fmt,
                             const char *a, long x, long y)
{
    if (!o->progress)
        return;
    fputs("certune: tune: ", stderr);
    fprintf(stderr, fmt, a, x, y);
    fputc('\n', stderr);
}

/* Builds R's two instances from split k of D; 0, or 2 (message printed). */
static int dataset_build(dataset_run *R, const ct_dataset_t D,
                         const ct_whole_split_struct *S, slong k)
{
    char err[CERTUNE_ERRLEN];
    ct_whole_split_struct one = *S;
    if (one.kind == CT_WHOLE_SPLIT_GEOM && one.index < 0)
        one.index = k;
    ct_whole_split_name(R->name, sizeof(R->name), &one);
    signed char *codes = flint_malloc(FLINT_MAX(D->n, 1));
    int rc = ct_whole_split_codes(codes, D, &one, k, err, sizeof(err));
    for (int s = 0; s < 2 && rc == 0; s++) {
        char label[160];
        snprintf(label, sizeof(label), "%s, split %s, %s nodes", D->name, R->name,
                 s == 0 ? "validation" : "test");
        rc = ct_whole_instance(R->inst + s, D, codes,
                               s == 0 ? CT_WHOLE_SCORE_VAL : CT_WHOLE_SCORE_TEST, label,
                               err, sizeof(err));
        if (rc && s == 1)
            ct_instance_clear(R->inst + 0);
    }
    flint_free(codes);
    if (rc) {
        fprintf(stderr, "certune: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    for (int s = 0; s < 2; s++) {
        ct_whole_unreached(R->unreached + s, R->inst + s);
        R->nscored[s] = 0;
        for (slong i = 0; i < D->n; i++)
            R->nscored[s] += R->inst[s].held[i] >= 0;
    }
    R->ntrain = 0;
    for (slong i = 0; i < D->n; i++)
        R->ntrain += R->inst[0].label[i] >= 0;
    return 0;
}

static void dataset_run_clear(dataset_run *R)
{
    for (slong r = 0; r < R->nrows; r++) {
        ct_tune_clear(R->rows[r]);
        flint_free(R->rows[r]);
    }
    flint_free(R->rows);
    ct_instance_clear(R->inst + 0);
    ct_instance_clear(R->inst + 1);
}

/* acc = 1 - loss */
static void dataset_acc(fmpq_t acc, const fmpq_t loss)
{
    fmpq_one(acc);
    fmpq_sub(acc, acc, loss);
}

/* An end of the chosen piece: breakpoint b (0-based) or the domain's end. */
static void dataset_text_end(FILE *out, const ct_analysis_struct *A, slong b, int approx)
{
    if (b < 0)
        fputs("0", out);
    else if (b >= A->nbp)
        fputs(ct_family_row(A->family)->hi_text, out);
    else if (approx)
        fputs(A->approx[b], out);
    else
        fprintf(out, "b%ld", (long)b + 1);
}

static void dataset_text_choice(FILE *out, const ct_tune_struct *T)
{
    const ct_analysis_struct *A = T->train;
    fprintf(out, "  %s = ", ct_family_name(T->family));
    ct_tune_write_q(out, T->chosen);
    if (ct_family_row(T->family)->has_c) {
        char *c = ct_decimal_brief(T->c);
        fprintf(out, " (c = %s)", c);
        free(c);
    }
    if (T->kind == CT_TUNE_PIECE) {
        for (int approx = 0; approx < 2; approx++) {
            fputs(approx ? " ~ (" : ", inside (", out);
            dataset_text_end(out, A, T->where - 1, approx);
            fputs(", ", out);
            dataset_text_end(out, A, T->where, approx);
            fputc(')', out);
        }
    } else if (T->kind == CT_TUNE_POINT)
        fprintf(out, ", the rational breakpoint b%ld", (long)T->where + 1);
    else
        fprintf(out, ", the closed end %ld", (long)T->where);
    fprintf(out,
            "\n    (%ld breakpoints, %ld loss pieces on the validation nodes; the "
            "leftmost piece of least loss)\n",
            (long)A->nbp, (long)A->loss_pieces);
}

static void dataset_text_row(FILE *out, const ct_tune_struct *T, const dataset_run *R)
{
    fmpq_t acc;
    fmpq_init(acc);
    dataset_text_choice(out, T);
    dataset_acc(acc, T->train_loss);
    fputs("    validation accuracy ", out);
    ct_tune_write_q(out, acc);
    dataset_acc(acc, T->test_loss);
    fputs(", test accuracy at it ", out);
    ct_tune_write_q(out, acc);
    fprintf(out, "; tied: %ld validation, %ld test nodes\n", (long)T->train_tied,
            (long)T->test_tied);
    dataset_acc(acc, T->test_optimal);
    fputs("    test-optimal: accuracy ", out);
    ct_tune_write_q(out, acc);
    fprintf(out, " at %s = ", ct_family_name(T->family));
    ct_tune_write_q(out, T->test->representative);
    fputs(" (an oracle choosing on the test nodes)\n", out);
    if (T->grid > 0) {
        fprintf(out, "    grid of %ld points: chooses ", (long)T->grid);
        ct_tune_write_q(out, T->grid_chosen);
        dataset_acc(acc, T->grid_train);
        fputs(", validation accuracy ", out);
        ct_tune_write_q(out, acc);
        dataset_acc(acc, T->grid_test);
        fputs(", test accuracy ", out);
        ct_tune_write_q(out, acc);
        fputs("; misses the exact optimum by ", out);
        ct_tune_write_q(out, T->grid_miss);
        fputc('\n', out);
    }
    (void)R;
    fmpq_clear(acc);
}

static void dataset_text(FILE *out, const ct_dataset_t D, const dataset_run *R, int ties)
{
    fprintf(out,
            "dataset %s, split %s: %ld nodes, %ld edges, %ld classes; %ld training nodes "
            "labeled, %ld validation and %ld test nodes scored (ties: %s)\n",
            D->name, R->name, (long)D->n, (long)D->nedges, (long)D->nclass,
            (long)R->ntrain, (long)R->nscored[0], (long)R->nscored[1],
            ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest");
    if (R->unreached[0].nodes + R->unreached[1].nodes > 0)
        fprintf(out,
                "unreached: %ld validation and %ld test nodes lie in components "
                "without a labeled node (F = 0 there: every class ties, %s)\n",
                (long)R->unreached[0].nodes, (long)R->unreached[1].nodes,
                ties == CT_SIGNFN_TIES_EXPECTED ? "costing 1 - 1/c"
                                                : "class 0 is predicted");
    const ct_tune_struct *B = R->rows[R->best];
    fprintf(out, "chosen on the validation nodes: %s\n", ct_family_name(B->family));
    for (slong r = 0; r < R->nrows; r++)
        dataset_text_row(out, R->rows[r], R);
}

/* "key": "p/q", "key_float": x */
static void dataset_json_frac(FILE *out, const char *key, const fmpq_t x)
{
    char *e = fmpq_get_str(NULL, 10, x);
    fprintf(out, "\"%s\": \"%s\", \"%s_float\": %.17g", key, e, key, fmpq_get_d(x));
    flint_free(e);
}

/* An end of the chosen piece: null for the domain's end, else the breakpoint's
   index and certified decimal bounds. */
static void dataset_json_end(FILE *out, const ct_analysis_struct *A, slong b)
{
    if (b < 0 || b >= A->nbp) {
        fputs("null", out);
        return;
    }
    fprintf(out,
            "{\"breakpoint\": %ld, \"lo\": \"%s\", \"hi\": \"%s\", \"approx\": \"%s\"}",
            (long)b + 1, A->lo_str[b], A->hi_str[b], A->approx[b]);
}

/* The chosen value's place (the certified piece), and the test optimum. */
static void dataset_json_place(FILE *out, const ct_tune_struct *T)
{
    static const char *kinds[] = {"piece", "end", "point"};
    fprintf(out, "\"chosen_place\": {\"kind\": \"%s\"", kinds[T->kind]);
    if (T->kind == CT_TUNE_PIECE) {
        fputs(", \"lo\": ", out);
        dataset_json_end(out, T->train, T->where - 1);
        fputs(", \"hi\": ", out);
        dataset_json_end(out, T->train, T->where);
    } else
        fprintf(out, ", \"index\": %ld", (long)T->where + (T->kind == CT_TUNE_POINT));
    char *q = fmpq_get_str(NULL, 10, T->test->representative);
    fprintf(out, "}, \"test_optimal_value\": \"%s\", ", q);
    flint_free(q);
}

static void dataset_json_one(FILE *out, const ct_dataset_t D, const dataset_run *R)
{
    fmpq_t acc;
    fmpq_init(acc);
    const ct_tune_struct *B = R->rows[R->best];
    fputs("{\"dataset\": ", out);
    ct_text_json_string(out, D->name);
    fputs(", \"split\": ", out);
    ct_text_json_string(out, R->name);
    fprintf(out,
            ", \"nodes\": %ld, \"edges\": %ld, \"classes\": %ld, \"train_nodes\": %ld, "
            "\"val_nodes\": %ld, \"test_nodes\": %ld, ",
            (long)D->n, (long)D->nedges, (long)D->nclass, (long)R->ntrain,
            (long)R->nscored[0], (long)R->nscored[1]);
    fprintf(
        out,
        "\"unreached\": {\"val_nodes\": %ld, \"val_components\": %ld, \"val_class0\": "
        "%ld, \"test_nodes\": %ld, \"test_components\": %ld, \"test_class0\": %ld}, ",
        (long)R->unreached[0].nodes, (long)R->unreached[0].comps,
        (long)R->unreached[0].class0, (long)R->unreached[1].nodes,
        (long)R->unreached[1].comps, (long)R->unreached[1].class0);
    dataset_acc(acc, B->train_loss);
    dataset_json_frac(out, "val_acc", acc);
    fputs(", ", out);
    dataset_acc(acc, B->test_loss);
    dataset_json_frac(out, "test_acc", acc);
    fputs(", ", out);
    dataset_json_place(out, B);
    ct_tune_write_json_inner(out, R->rows, R->nrows, R->best);
    fputc('}', out);
    fmpq_clear(acc);
}

/* The mean and the population standard deviation of the test accuracies at
   the values the n splits chose (floats: the deviation is irrational). */
static void dataset_test_stats(double *mean, double *sd, const dataset_run *runs, slong n)
{
    double m = 0, var = 0;
    for (slong k = 0; k < n; k++)
        m += 1 - fmpq_get_d(runs[k].rows[runs[k].best]->test_loss);
    m /= (double)n;
    for (slong k = 0; k < n; k++) {
        double a = 1 - fmpq_get_d(runs[k].rows[runs[k].best]->test_loss) - m;
        var += a * a;
    }
    *mean = m;
    *sd = sqrt(var / (double)n);
}

static void dataset_json(FILE *out, const ct_dataset_t D, dataset_run *runs, slong n,
                         int all)
{
    if (!all) {
        dataset_json_one(out, D, runs + 0);
        fputc('\n', out);
        return;
    }
    double mean, sd;
    dataset_test_stats(&mean, &sd, runs, n);
    fputs("{\"dataset\": ", out);
    ct_text_json_string(out, D->name);
    fprintf(out,
            ", \"split\": \"geom-gcn\", \"test_acc_mean\": %.17g, \"test_acc_std\": "
            "%.17g,\n \"splits\": [",
            mean, sd);
    for (slong k = 0; k < n; k++) {
        fputs(k ? ",\n  " : "\n  ", out);
        dataset_json_one(out, D, runs + k);
    }
    fputs("\n ]}\n", out);
}

static void dataset_text_summary(FILE *out, dataset_run *runs, slong n)
{
    double mean, sd;
    dataset_test_stats(&mean, &sd, runs, n);
    fprintf(out,
            "over the %ld splits: test accuracy at the value chosen on each split's "
            "validation nodes, mean %.4f, standard deviation %.4f (population)\n",
            (long)n, mean, sd);
}

/* Tunes on split k (built, then analyzed); 0 or the exit status. */
static int dataset_tune(dataset_run *R, const _ct_cli_tune_options *o,
                        const ct_dataset_t D, const ct_whole_split_struct *S, slong k)
{
    memset(R, 0, sizeof(*R));
    int rc = dataset_build(R, D, S, k);
    if (rc)
        return rc;
    dataset_progress(o, "%s: split built, %ld training nodes labeled, %ld scored",
                     R->name, (long)R->ntrain, (long)(R->nscored[0] + R->nscored[1]));
    R->rows = flint_malloc(ct_family_count() * sizeof(ct_tune_struct *));
    return _ct_cli_tune_families(R->rows, &R->nrows, &R->best, o, R->inst + 0, 1,
                                 R->inst + 1, 1);
}

int _ct_cli_tune_dataset(const _ct_cli_tune_options *o)
{
    char err[CERTUNE_ERRLEN];
    ct_whole_split_struct S;
    if (ct_whole_split_parse(&S, o->split, err, sizeof(err)))
        return ct_opt_usage_error("%s", err);
    ct_dataset_t D;
    dataset_progress(o, "loading %s", o->dataset, 0, 0);
    if (ct_whole_load(D, o->dataset, o->data_root, &S, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        return CERTUNE_EXIT_INPUT;
    }
    dataset_progress(o, "%s: %ld nodes, %ld edges", D->name, (long)D->n, (long)D->nedges);
    int all = S.kind == CT_WHOLE_SPLIT_GEOM && S.index < 0;
    slong n = all ? DATASET_GEOM_SPLITS : 1, done = 0;
    dataset_run *runs = flint_calloc(n, sizeof(dataset_run));
    int rc = 0;
    for (; done < n && rc == 0; done++)
        rc = dataset_tune(runs + done, o, D, &S, done);
    if (rc == 0 && o->plot != NULL &&
        _ct_cli_tune_plot(o->plot, runs[0].rows[runs[0].best], "validation nodes",
                          "test nodes"))
        rc = CERTUNE_EXIT_INPUT;
    if (rc == 0 && o->json)
        dataset_json(stdout, D, runs, n, all);
    for (slong k = 0; rc == 0 && !o->json && k < n; k++) {
        if (k > 0)
            fputc('\n', stdout);
        dataset_text(stdout, D, runs + k, o->ties);
    }
    if (rc == 0 && !o->json && all)
        dataset_text_summary(stdout, runs, n);
    for (slong k = 0; k < done; k++)
        dataset_run_clear(runs + k);
    flint_free(runs);
    ct_dataset_clear(D);
    return rc;
}
