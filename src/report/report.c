/* report: the analyzer's result as text or as the JSON of design.md. */
#include <flint/fmpq.h>
#include "certune/report.h"

const char *ct_report_family_name(ct_family_t family)
{
    switch (family) {
    case CT_FAMILY_LAMBDA:
        return "lambda";
    case CT_FAMILY_DELTA:
        return "delta";
    case CT_FAMILY_ALPHA:
        return "alpha";
    }
    return "?";
}

static void report_fmpq(FILE *out, const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x);
    fputs(s, out);
    flint_free(s);
}

/* The domain's right end as text ("+inf" or "1"). */
static const char *report_domain_hi(const ct_analysis_t A)
{
    return A->family == CT_FAMILY_LAMBDA ? "+inf" : "1";
}

static void report_piece_name(FILE *out, const ct_analysis_t A, slong i)
{
    if (i == 0)
        fputs("(0, ", out);
    else
        fprintf(out, "(b%ld, ", (long)i);
    if (i == A->nbp)
        fprintf(out, "%s)", report_domain_hi(A));
    else
        fprintf(out, "b%ld)", (long)(i + 1));
}

static void report_text_breakpoints(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "breakpoints: %ld\n", (long)A->nbp);
    for (slong b = 0; b < A->nbp; b++) {
        fprintf(out, "  b%-3ld %s  %s, changes %ld\n", (long)(b + 1), A->approx[b],
                A->jump[b] ? "jump" : "touch", (long)A->changes[b]);
        fprintf(out, "        root of %s in [%s, %s]\n", A->exact[b], A->lo_str[b],
                A->hi_str[b]);
    }
}

static void report_text_losses(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "losses:\n");
    if (A->closed) {
        fputs("  end 0  ", out);
        report_fmpq(out, A->end_loss + 0);
        fputc('\n', out);
    }
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
    if (A->closed) {
        fputs("  end 1  ", out);
        report_fmpq(out, A->end_loss + 1);
        fputc('\n', out);
    }
}

static void report_text_minimum(FILE *out, const ct_analysis_t A)
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
    int listed = A->nmin_pieces || A->nmin_points;
    for (int e = 0; e < 2; e++)
        if (A->min_ends & (1 << e)) {
            fprintf(out, "%send %d", listed ? ", " : " ", e);
            listed = 1;
        }
    fprintf(out, "\nbest open piece: ");
    report_piece_name(out, A, A->best_piece);
    fprintf(out, ", loss ");
    report_fmpq(out, A->piece_loss + A->best_piece);
    fprintf(out, "\nrepresentative: %s = ", ct_report_family_name(A->family));
    report_fmpq(out, A->representative);
    fputc('\n', out);
}

void ct_report_write_text(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "family %s", ct_report_family_name(A->family));
    if (A->family == CT_FAMILY_DELTA) {
        fputs(" (c = ", out);
        report_fmpq(out, A->c);
        fputs(") on [0, 1]", out);
    } else
        fputs(A->family == CT_FAMILY_ALPHA ? " on (0, 1)" : " on (0, +inf)", out);
    fprintf(out, ": %ld instance%s, %ld scored nodes\n", (long)A->ninst,
            A->ninst == 1 ? "" : "s", (long)A->nscored);
    if (A->ties == CT_SIGNFN_TIES_EXPECTED) /* the default rule prints nothing */
        fputs("ties: expected (a node tied among t classes costs 1 - 1/t)\n", out);
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

static void report_json_breakpoints(FILE *out, const ct_analysis_t A)
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

static void report_json_losses(FILE *out, const ct_analysis_t A)
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
    fputs("],\n", out);
    if (A->closed) {
        fputs("  \"end_losses\": {\"lo\": ", out);
        report_json_string_fmpq(out, A->end_loss + 0);
        fputs(", \"hi\": ", out);
        report_json_string_fmpq(out, A->end_loss + 1);
        fputs("},\n", out);
    }
    fprintf(out, "  \"loss_pieces\": %ld,\n", (long)A->loss_pieces);
}

static void report_json_minimum(FILE *out, const ct_analysis_t A)
{
    fputs("  \"minimum\": {\"loss\": ", out);
    report_json_string_fmpq(out, A->min_loss);
    fputs(", \"pieces\": [", out);
    for (slong k = 0; k < A->nmin_pieces; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_pieces[k]);
    fputs("], \"points\": [", out);
    for (slong k = 0; k < A->nmin_points; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_points[k]);
    if (A->closed)
        fprintf(out, "], \"ends\": [%s%s%s", (A->min_ends & 1) ? "\"lo\"" : "",
                A->min_ends == 3 ? ", " : "", (A->min_ends & 2) ? "\"hi\"" : "");
    fputs("], \"representative\": ", out);
    report_json_string_fmpq(out, A->representative);
    fputs("},\n", out);
}

/* A JSON string literal; the texts written here hold no control characters,
   but quotes and backslashes are escaped. */
static void report_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void report_json_undecided(FILE *out, const ct_analysis_t A)
{
    fputs("  \"undecided\": [", out);
    for (slong k = 0; k < A->nundecided; k++) {
        fputs(k ? ",\n    {\"lo\": " : "\n    {\"lo\": ", out);
        report_json_string(out, A->und_lo[k]);
        fputs(", \"hi\": ", out);
        report_json_string(out, A->und_hi[k]);
        fputs(", \"what\": ", out);
        report_json_string(out, A->und_what[k]);
        fputc('}', out);
    }
    fputs(A->nundecided ? "\n  ]\n}\n" : "]\n}\n", out);
}

void ct_report_write_json(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "{\n  \"family\": \"%s\", \"c\": ", ct_report_family_name(A->family));
    if (A->family == CT_FAMILY_DELTA)
        report_json_string_fmpq(out, A->c);
    else
        fputs("null", out);
    fprintf(out, ", \"instances\": %ld, \"scored_nodes\": %ld,\n", (long)A->ninst,
            (long)A->nscored);
    if (A->ties == CT_SIGNFN_TIES_EXPECTED) /* absent: the default, smallest */
        fputs("  \"ties\": \"expected\",\n", out);
    fprintf(out,
            "  \"domain\": {\"lo\": \"0\", \"hi\": \"%s\", \"lo_closed\": %s, "
            "\"hi_closed\": %s},\n",
            A->family == CT_FAMILY_LAMBDA ? "inf" : "1", A->closed ? "true" : "false",
            A->closed ? "true" : "false");
    if (A->nundecided == 0) {
        report_json_breakpoints(out, A);
        report_json_losses(out, A);
        report_json_minimum(out, A);
    }
    report_json_undecided(out, A);
}

void ct_report_write_undecided(FILE *out, const ct_analysis_t A)
{
    fprintf(out,
            "certune: %ld part%s of the analysis could not be certified; no loss "
            "is reported:\n",
            (long)A->nundecided, A->nundecided == 1 ? "" : "s");
    for (slong k = 0; k < A->nundecided; k++)
        fprintf(out, "  undecided in [%s, %s]: %s\n", A->und_lo[k], A->und_hi[k],
                A->und_what[k]);
}
