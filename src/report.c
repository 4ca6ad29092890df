/* report: the analyzer's result as text or as the JSON of design.md. */
#include <flint/fmpq.h>
#include "certune/report.h"

const char *report_family_name(family_t family)
{
    switch (family) {
    case FAMILY_LAMBDA:
        return "lambda";
    }
    return "?";
}

static void report_fmpq(FILE *out, const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x);
    fputs(s, out);
    flint_free(s);
}

static void report_piece_name(FILE *out, const analysis_t A, slong i)
{
    if (i == 0)
        fputs("(0, ", out);
    else
        fprintf(out, "(b%ld, ", (long)i);
    if (i == A->nbp)
        fputs("+inf)", out);
    else
        fprintf(out, "b%ld)", (long)(i + 1));
}

static void report_text_breakpoints(FILE *out, const analysis_t A)
{
    fprintf(out, "breakpoints: %ld\n", (long)A->nbp);
    for (slong b = 0; b < A->nbp; b++) {
        fprintf(out, "  b%-3ld %s  %s, changes %ld\n", (long)(b + 1), A->approx[b],
                A->jump[b] ? "jump" : "touch", (long)A->changes[b]);
        fprintf(out, "        root of %s in [%s, %s]\n", A->exact[b], A->lo_str[b],
                A->hi_str[b]);
    }
}

static void report_text_losses(FILE *out, const analysis_t A)
{
    fprintf(out, "losses:\n");
    for (slong i = 0; i <= A->nbp; i++) {
        fputs("  piece ", out);
        report_piece_name(out, A, i);
        fputs("  ", out);
        report_fmpq(out, A->piece_loss + i);
        fputc('\n', out);
        if (i < A->nbp) {
            fprintf(out, "  point b%ld  ", (long)(i + 1));
            report_fmpq(out, A->point_loss + i);
            fputc('\n', out);
        }
    }
}

static void report_text_minimum(FILE *out, const analysis_t A)
{
    fprintf(out, "loss pieces: %ld\nminimum loss: ", (long)A->loss_pieces);
    report_fmpq(out, A->min_loss);
    fputs("\n  attained on", out);
    for (slong k = 0; k < A->nmin_pieces; k++) {
        fputs(k ? ", " : " ", out);
        report_piece_name(out, A, A->min_pieces[k]);
    }
    for (slong k = 0; k < A->nmin_points; k++)
        fprintf(out, "%sb%ld", k || A->nmin_pieces ? ", " : " ",
                (long)(A->min_points[k] + 1));
    fprintf(out, "\nbest open piece: ");
    report_piece_name(out, A, A->best_piece);
    fprintf(out, ", loss ");
    report_fmpq(out, A->piece_loss + A->best_piece);
    fprintf(out, "\nrepresentative: %s = ", report_family_name(A->family));
    report_fmpq(out, A->representative);
    fputc('\n', out);
}

void report_write_text(FILE *out, const analysis_t A)
{
    fprintf(out, "family %s on (0, +inf): %ld instance%s, %ld scored nodes\n",
            report_family_name(A->family), (long)A->ninst, A->ninst == 1 ? "" : "s",
            (long)A->nscored);
    report_text_breakpoints(out, A);
    report_text_losses(out, A);
    report_text_minimum(out, A);
}

static void report_json_string_fmpq(FILE *out, const fmpq_t x)
{
    fputc('"', out);
    report_fmpq(out, x);
    fputc('"', out);
}

static void report_json_breakpoints(FILE *out, const analysis_t A)
{
    fputs("  \"breakpoints\": [", out);
    for (slong b = 0; b < A->nbp; b++)
        fprintf(out,
                "%s\n    {\"approx\": \"%s\", \"lo\": \"%s\", \"hi\": \"%s\", "
                "\"exact\": \"%s\", \"kind\": \"%s\", \"changes\": %ld}",
                b ? "," : "", A->approx[b], A->lo_str[b], A->hi_str[b], A->exact[b],
                A->jump[b] ? "jump" : "touch", (long)A->changes[b]);
    fputs(A->nbp ? "\n  ],\n" : "],\n", out);
}

static void report_json_losses(FILE *out, const analysis_t A)
{
    fputs("  \"pieces\": [", out);
    for (slong i = 0; i <= A->nbp; i++) {
        fputs(i ? ", {\"loss\": " : "{\"loss\": ", out);
        report_json_string_fmpq(out, A->piece_loss + i);
        fputc('}', out);
    }
    fputs("],\n  \"point_losses\": [", out);
    for (slong b = 0; b < A->nbp; b++) {
        fputs(b ? ", " : "", out);
        report_json_string_fmpq(out, A->point_loss + b);
    }
    fprintf(out, "],\n  \"loss_pieces\": %ld,\n", (long)A->loss_pieces);
}

static void report_json_minimum(FILE *out, const analysis_t A)
{
    fputs("  \"minimum\": {\"loss\": ", out);
    report_json_string_fmpq(out, A->min_loss);
    fputs(", \"pieces\": [", out);
    for (slong k = 0; k < A->nmin_pieces; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_pieces[k]);
    fputs("], \"points\": [", out);
    for (slong k = 0; k < A->nmin_points; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_points[k]);
    fputs("], \"representative\": ", out);
    report_json_string_fmpq(out, A->representative);
    fputs("},\n", out);
}

void report_write_json(FILE *out, const analysis_t A)
{
    fprintf(out,
            "{\n  \"family\": \"%s\", \"c\": null, \"instances\": %ld, "
            "\"scored_nodes\": %ld,\n",
            report_family_name(A->family), (long)A->ninst, (long)A->nscored);
    fputs("  \"domain\": {\"lo\": \"0\", \"hi\": \"inf\", \"lo_closed\": false, "
          "\"hi_closed\": false},\n",
          out);
    report_json_breakpoints(out, A);
    report_json_losses(out, A);
    report_json_minimum(out, A);
    fputs("  \"undecided\": []\n}\n", out);
}
