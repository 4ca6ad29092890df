/* tune_out: the tuner's report (text leads with the answer) and JSON. */
#include <stdlib.h>
#include <string.h>
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/decimal.h"
#include "certune/report.h"
#include "certune/text.h"
#include "certune/tune.h"

char *ct_tune_decimal(const fmpq_t x)
{
    if (fmpq_is_zero(x)) {
        char *z = ct_mem_malloc(2);
        z[0] = '0';
        z[1] = '\0';
        return z;
    }
    return ct_decimal_round(x, 6, 1);
}

void ct_tune_json_q(FILE *out, const char *key, const fmpq_t x)
{
    char *e = fmpq_get_str(NULL, 10, x), *d = ct_tune_decimal(x);
    fprintf(out, "\"%s\": \"%s\", \"%s_decimal\": %s", key, e, key, d);
    flint_free(e);
    free(d);
}

void ct_tune_write_q(FILE *out, const fmpq_t x)
{
    char *b = ct_decimal_brief(x); /* thousands of digits: summarized */
    if (b[0] == '~') {
        fputs(b, out);
        free(b);
        return;
    }
    free(b);
    char *e = fmpq_get_str(NULL, 10, x), *d = ct_tune_decimal(x);
    if (strcmp(e, d) == 0)
        fputs(e, out); /* an exact decimal already */
    else
        fprintf(out, "%s (%s)", e, d);
    flint_free(e);
    free(d);
}

static void out_acc(FILE *out, const fmpq_t loss)
{
    fmpq_t a;
    fmpq_init(a);
    fmpq_one(a);
    fmpq_sub(a, a, loss);
    char *d = ct_tune_decimal(a);
    fputs(d, out);
    free(d);
    fmpq_clear(a);
}

static const char *out_name(ct_family_t f)
{
    return ct_family_symbol(f);
}

static void out_chosen(FILE *out, const ct_tune_struct *T)
{
    fprintf(out, "%s = ", out_name(T->family));
    ct_tune_write_q(out, T->chosen);
    if (ct_family_row(T->family)->has_c) {
        char *c = ct_decimal_brief(T->c);
        fprintf(out, ", c = %s", c);
        free(c);
    }
}

static void out_place(FILE *out, const ct_tune_struct *T)
{
    const ct_analysis_struct *A = T->train;
    if (T->kind == CT_TUNE_END)
        fprintf(out, "the closed end %ld", (long)T->where);
    else if (T->kind == CT_TUNE_POINT)
        fprintf(out, "the rational breakpoint b%ld", (long)T->where + 1);
    else {
        slong i = T->where;
        if (i == 0)
            fputs("the open piece (0, ", out);
        else
            fprintf(out, "the open piece (b%ld, ", (long)i);
        if (i < A->nbp)
            fprintf(out, "b%ld)", (long)i + 1);
        else
            fprintf(out, "%s)", ct_family_row(A->family)->hi_text);
        fputs(", the leftmost of least training loss", out);
    }
}

static void out_rademacher(FILE *out, const ct_tune_struct *T)
{
    const ct_tune_rademacher_struct *R = &T->rad;
    if (!R->done)
        return;
    fputs("  Rademacher complexity R = ", out);
    ct_tune_write_q(out, R->value);
    if (R->exact)
        fprintf(out, ", exact over all %ld sign vectors\n", (long)R->draws);
    else
        fprintf(out, ", mean of %ld draws, 95%% interval [%.4g, %.4g]\n", (long)R->draws,
                R->lo, R->hi);
    fprintf(out,
            "  bound 2R + 3 sqrt(ln(2/d)/(2m)), d = 0.05: %.4g; paper's counting "
            "route (Pdim <= %ld): %.4g\n",
            R->bound, (long)R->pdim, R->pdim_bound);
}

static void out_details(FILE *out, const ct_tune_struct *T)
{
    const ct_analysis_struct *A = T->train, *B = T->test;
    fprintf(out, "%s:\n", out_name(T->family));
    fputs("  chosen: ", out);
    out_chosen(out, T);
    fputs(", in ", out);
    out_place(out, T);
    fputc('\n', out);
    if (T->inf_not_rational) {
        fputs("  (the training infimum ", out);
        ct_tune_write_q(out, A->min_loss);
        fputs(" is attained only at irrational breakpoints)\n", out);
    }
    fprintf(out,
            "  train: %ld instance%s, %ld scored node%s, %ld breakpoint%s, %ld loss "
            "piece%s; loss ",
            (long)A->ninst, ct_text_plural(A->ninst), (long)A->nscored,
            ct_text_plural(A->nscored), (long)A->nbp, ct_text_plural(A->nbp),
            (long)A->loss_pieces, ct_text_plural(A->loss_pieces));
    ct_tune_write_q(out, T->train_loss);
    fprintf(out, ", %ld tied scored node%s at the chosen value\n", (long)T->train_tied,
            ct_text_plural(T->train_tied));
    fprintf(out, "  test: %ld instance%s, %ld scored node%s; loss ", (long)B->ninst,
            ct_text_plural(B->ninst), (long)B->nscored, ct_text_plural(B->nscored));
    ct_tune_write_q(out, T->test_loss);
    fprintf(out, ", %ld tied scored node%s\n", (long)T->test_tied,
            ct_text_plural(T->test_tied));
    fputs("  test-optimal loss (an oracle choosing on the test set): ", out);
    ct_tune_write_q(out, T->test_optimal);
    fputs(", accuracy ", out);
    out_acc(out, T->test_optimal);
    fputc('\n', out);
    if (T->grid > 0) {
        fprintf(out, "  grid of %ld points chooses ", (long)T->grid);
        ct_tune_write_q(out, T->grid_chosen);
        fputs(": train loss ", out);
        ct_tune_write_q(out, T->grid_train);
        fputs(", test loss ", out);
        ct_tune_write_q(out, T->grid_test);
        fputs(", misses the exact ERM by ", out);
        ct_tune_write_q(out, T->grid_miss);
        fputc('\n', out);
    }
    out_rademacher(out, T);
}

void ct_tune_write_text(FILE *out, ct_tune_struct *const *rows, slong nrows, slong best)
{
    const ct_tune_struct *T = rows[best];
    fputs("chosen: ", out);
    out_chosen(out, T);
    fputs("\ntrain accuracy ", out);
    out_acc(out, T->train_loss);
    fputs(", test accuracy ", out);
    out_acc(out, T->test_loss);
    fputs(", gap ", out);
    char *g = ct_tune_decimal(T->gap);
    fputs(g, out);
    free(g);
    if (T->rad.done)
        fprintf(out, ", bound %.4g", T->rad.bound);
    fprintf(out, " (ties: %s%s)\n\n",
            T->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest",
            T->score_all ? "; score: all, labeled nodes too" : "");
    for (slong r = 0; r < nrows; r++)
        out_details(out, rows[r]);
}
