/* tune_json: the tuner's JSON (docs/tuning.md lists the keys). */
#include "certune/family.h"
#include "certune/report.h"
#include "certune/tune.h"

static void json_acc(FILE *out, const char *key, const fmpq_t loss)
{
    fmpq_t a;
    fmpq_init(a);
    fmpq_one(a);
    fmpq_sub(a, a, loss);
    ct_tune_json_q(out, key, a);
    fmpq_clear(a);
}

static void json_rad(FILE *out, const ct_tune_rademacher_struct *R)
{
    if (!R->done) {
        fputs(", \"rademacher\": null", out);
        return;
    }
    fprintf(out, ", \"rademacher\": {\"exact\": %s, \"draws\": %ld, ",
            R->exact ? "true" : "false", (long)R->draws);
    ct_tune_json_q(out, "value", R->value);
    fprintf(out,
            ", \"ci_lo\": %.6g, \"ci_hi\": %.6g, \"delta\": 0.05, \"bound\": %.6g, "
            "\"pdim\": %ld, \"pdim_bound\": %.6g}",
            R->lo, R->hi, R->bound, (long)R->pdim, R->pdim_bound);
}

static void json_grid(FILE *out, const ct_tune_struct *T)
{
    if (T->grid == 0) {
        fputs(", \"grid\": null", out);
        return;
    }
    fprintf(out, ", \"grid\": {\"points\": %ld, ", (long)T->grid);
    ct_tune_json_q(out, "chosen", T->grid_chosen);
    fputs(", ", out);
    ct_tune_json_q(out, "train_loss", T->grid_train);
    fputs(", ", out);
    ct_tune_json_q(out, "test_loss", T->grid_test);
    fputs(", ", out);
    ct_tune_json_q(out, "miss", T->grid_miss);
    fputc('}', out);
}

static void json_row(FILE *out, const ct_tune_struct *T)
{
    static const char *kinds[] = {"piece", "end", "point"};
    fprintf(out, "{\"family\": \"%s\", \"c\": ", ct_report_family_name(T->family));
    if (ct_family_row(T->family)->has_c) {
        char *c = fmpq_get_str(NULL, 10, T->c);
        fprintf(out, "\"%s\"", c);
        flint_free(c);
    } else
        fputs("null", out);
    fprintf(out, ", \"ties\": \"%s\", ",
            T->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest");
    if (T->score_all) /* absent: the held-out nodes only (the default) */
        fputs("\"score\": \"all\", ", out);
    ct_tune_json_q(out, "chosen", T->chosen);
    fprintf(out, ", \"chosen_kind\": \"%s\", \"chosen_index\": %ld, ", kinds[T->kind],
            (long)T->where);
    ct_tune_json_q(out, "train_loss", T->train_loss);
    fputs(", ", out);
    json_acc(out, "train_accuracy", T->train_loss);
    fputs(", ", out);
    ct_tune_json_q(out, "test_loss", T->test_loss);
    fputs(", ", out);
    json_acc(out, "test_accuracy", T->test_loss);
    fputs(", ", out);
    ct_tune_json_q(out, "test_optimal_loss", T->test_optimal);
    fputs(", ", out);
    json_acc(out, "test_optimal_accuracy", T->test_optimal);
    fputs(", ", out);
    ct_tune_json_q(out, "gap", T->gap);
    fputs(", ", out);
    ct_tune_json_q(out, "train_infimum", T->train->min_loss);
    fprintf(out,
            ", \"train_instances\": %ld, \"test_instances\": %ld, \"train_breakpoints\": "
            "%ld, \"train_loss_pieces\": %ld, \"tied_train\": %ld, \"tied_test\": %ld",
            (long)T->train->ninst, (long)T->test->ninst, (long)T->train->nbp,
            (long)T->train->loss_pieces, (long)T->train_tied, (long)T->test_tied);
    json_grid(out, T);
    json_rad(out, &T->rad);
    fputc('}', out);
}

/* The chosen row's keys at the top level, every row under "families". */
void ct_tune_write_json(FILE *out, ct_tune_struct *const *rows, slong nrows, slong best)
{
    fputc('{', out);
    ct_tune_write_json_inner(out, rows, nrows, best);
    fputs("}\n", out);
}

void ct_tune_write_json_inner(FILE *out, ct_tune_struct *const *rows, slong nrows,
                              slong best)
{
    const ct_tune_struct *T = rows[best];
    fprintf(out, "\"family\": \"%s\", ", ct_report_family_name(T->family));
    if (T->score_all)
        fputs("\"score\": \"all\", ", out);
    ct_tune_json_q(out, "chosen", T->chosen);
    fputs(", ", out);
    ct_tune_json_q(out, "train_loss", T->train_loss);
    fputs(", ", out);
    json_acc(out, "train_accuracy", T->train_loss);
    fputs(", ", out);
    ct_tune_json_q(out, "test_loss", T->test_loss);
    fputs(", ", out);
    json_acc(out, "test_accuracy", T->test_loss);
    fputs(", ", out);
    ct_tune_json_q(out, "test_optimal_loss", T->test_optimal);
    fputs(", ", out);
    json_acc(out, "test_optimal_accuracy", T->test_optimal);
    fputs(", ", out);
    ct_tune_json_q(out, "gap", T->gap);
    fputs(",\n \"families\": [", out);
    for (slong r = 0; r < nrows; r++) {
        fputs(r ? ",\n  " : "\n  ", out);
        json_row(out, rows[r]);
    }
    fputs("\n ]", out);
}
