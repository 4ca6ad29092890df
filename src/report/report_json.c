/* report_json: the analyzer's result as the JSON object of docs/formats.md:
   exact strings, each with a numeric twin (`loss_float`, `approx_float`, ...)
   for tools that want numbers; pieces with their breakpoint indices and
   decimal ends; optionally each instance's losses. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "certune/family.h"
#include "certune/report.h"
#include "certune/text.h"
#include "report_internal.h"

static void report_json_string_fmpq(FILE *out, const fmpq_t x)
{
    fputc('"', out);
    _ct_report_fmpq(out, x);
    fputc('"', out);
}

/* "NAME": "p/q", "NAME_float": d */
static void report_json_fmpq_pair(FILE *out, const char *name, const fmpq_t x)
{
    fprintf(out, "\"%s\": ", name);
    report_json_string_fmpq(out, x);
    fprintf(out, ", \"%s_float\": ", name);
    _ct_report_double(out, _ct_report_fmpq_double(x));
}

/* A decimal string as a JSON number (null for "inf"). */
static void report_json_decimal_number(FILE *out, const char *s)
{
    if (strcmp(s, "inf") == 0)
        fputs("null", out);
    else
        _ct_report_double(out, strtod(s, NULL));
}

static void report_json_breakpoints(FILE *out, const ct_analysis_t A)
{
    fputs("  \"breakpoints\": [", out);
    for (slong b = 0; b < A->nbp; b++) {
        fprintf(out, "%s\n    {\"approx\": \"%s\", \"approx_float\": ", b ? "," : "",
                A->approx[b]);
        report_json_decimal_number(out, A->approx[b]);
        fprintf(out,
                ", \"lo\": \"%s\", \"hi\": \"%s\", \"exact\": \"%s\", \"kind\": \"%s\", "
                "\"changes\": %ld}",
                A->lo_str[b], A->hi_str[b], A->exact[b], A->jump[b] ? "jump" : "touch",
                (long)A->changes[b]);
    }
    fputs(A->nbp ? "\n  ],\n" : "],\n", out);
}

/* Open piece i: its breakpoints (0-based indices, null for the domain's
   ends), their decimal approximations and the loss. */
static void report_json_piece(FILE *out, const ct_analysis_t A, slong i)
{
    const char *lo = _ct_report_piece_lo(A, i), *hi = _ct_report_piece_hi(A, i);
    fputs("    {\"lo\": ", out);
    if (i == 0)
        fputs("null", out);
    else
        fprintf(out, "%ld", (long)(i - 1));
    if (i == A->nbp)
        fputs(", \"hi\": null", out);
    else
        fprintf(out, ", \"hi\": %ld", (long)i);
    fprintf(out, ", \"lo_approx\": \"%s\", \"hi_approx\": \"%s\", \"lo_float\": ", lo,
            hi);
    report_json_decimal_number(out, lo);
    fputs(", \"hi_float\": ", out);
    report_json_decimal_number(out, hi);
    fputs(", ", out);
    report_json_fmpq_pair(out, "loss", A->piece_loss + i);
    fputc('}', out);
}

/* "NAME": ["1", "0"], "NAME_float": [1, 0] for the n losses at x. */
static void report_json_loss_list(FILE *out, const char *name, const fmpq *x, slong n)
{
    fprintf(out, "\"%s\": [", name);
    for (slong k = 0; k < n; k++) {
        fputs(k ? ", " : "", out);
        report_json_string_fmpq(out, x + k);
    }
    fprintf(out, "], \"%s_float\": [", name);
    for (slong k = 0; k < n; k++) {
        fputs(k ? ", " : "", out);
        _ct_report_double(out, _ct_report_fmpq_double(x + k));
    }
    fputc(']', out);
}

static void report_json_losses(FILE *out, const ct_analysis_t A)
{
    fputs("  \"pieces\": [\n", out);
    for (slong i = 0; i <= A->nbp; i++) {
        report_json_piece(out, A, i);
        fputs(i < A->nbp ? ",\n" : "\n  ],\n  ", out);
    }
    report_json_loss_list(out, "point_losses", A->point_loss, A->nbp);
    fputs(",\n", out);
    if (A->closed) {
        fputs("  \"end_losses\": {\"lo\": ", out);
        report_json_string_fmpq(out, A->end_loss + 0);
        fputs(", \"hi\": ", out);
        report_json_string_fmpq(out, A->end_loss + 1);
        fputs(", \"lo_float\": ", out);
        _ct_report_double(out, _ct_report_fmpq_double(A->end_loss + 0));
        fputs(", \"hi_float\": ", out);
        _ct_report_double(out, _ct_report_fmpq_double(A->end_loss + 1));
        fputs("},\n", out);
    }
    fprintf(out, "  \"loss_pieces\": %ld,\n", (long)A->loss_pieces);
}

static void report_json_minimum(FILE *out, const ct_analysis_t A)
{
    fmpq_t acc;
    fmpq_init(acc);
    fmpq_one(acc);
    fmpq_sub(acc, acc, A->min_loss);
    fputs("  \"minimum\": {", out);
    report_json_fmpq_pair(out, "loss", A->min_loss);
    fputs(", ", out);
    report_json_fmpq_pair(out, "accuracy", acc);
    fputs(", \"pieces\": [", out);
    for (slong k = 0; k < A->nmin_pieces; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_pieces[k]);
    fputs("], \"points\": [", out);
    for (slong k = 0; k < A->nmin_points; k++)
        fprintf(out, "%s%ld", k ? ", " : "", (long)A->min_points[k]);
    if (A->closed)
        fprintf(out, "], \"ends\": [%s%s%s", (A->min_ends & 1) ? "\"lo\"" : "",
                A->min_ends == 3 ? ", " : "", (A->min_ends & 2) ? "\"hi\"" : "");
    fprintf(out, "], \"best_piece\": %ld, ", (long)A->best_piece);
    report_json_fmpq_pair(out, "representative", A->representative);
    fputs("},\n", out);
    fmpq_clear(acc);
}

/* "per_instance": one object per instance, in input order. */
static void report_json_per_instance(FILE *out, const ct_report_losses_struct *L)
{
    fputs("  \"per_instance\": [", out);
    for (slong t = 0; t < L->ninst; t++) {
        fputs(t ? ",\n    {\"file\": " : "\n    {\"file\": ", out);
        ct_text_json_string(out, L->names[t]);
        fputs(", ", out);
        report_json_loss_list(out, "pieces", L->piece + t * (L->nbp + 1), L->nbp + 1);
        fputs(", ", out);
        report_json_loss_list(out, "points", L->point + t * L->nbp, L->nbp);
        if (L->closed) {
            fputs(", ", out);
            report_json_loss_list(out, "ends", L->end + 2 * t, 2);
        }
        fputc('}', out);
    }
    fputs(L->ninst ? "\n  ],\n" : "],\n", out);
}

static void report_json_undecided(FILE *out, const ct_analysis_t A)
{
    fputs("  \"undecided\": [", out);
    for (slong k = 0; k < A->nundecided; k++) {
        fputs(k ? ",\n    {\"lo\": " : "\n    {\"lo\": ", out);
        ct_text_json_string(out, A->und_lo[k]);
        fputs(", \"hi\": ", out);
        ct_text_json_string(out, A->und_hi[k]);
        fputs(", \"what\": ", out);
        ct_text_json_string(out, A->und_what[k]);
        fputc('}', out);
    }
    fputs(A->nundecided ? "\n  ]\n}\n" : "]\n}\n", out);
}

void ct_report_write_json_losses(FILE *out, const ct_analysis_t A,
                                 const ct_report_losses_struct *L)
{
    fprintf(out, "{\n  \"family\": \"%s\", \"c\": ", ct_report_family_name(A->family));
    if (ct_family_row(A->family)->has_c)
        report_json_string_fmpq(out, A->c);
    else
        fputs("null", out);
    fprintf(out, ", \"instances\": %ld, \"scored_nodes\": %ld,\n", (long)A->ninst,
            (long)A->nscored);
    if (A->ties == CT_SIGNFN_TIES_EXPECTED) /* absent: the default, smallest */
        fputs("  \"ties\": \"expected\",\n", out);
    fprintf(out,
            "  \"domain\": {\"lo\": \"%s\", \"hi\": \"%s\", \"lo_closed\": %s, "
            "\"hi_closed\": %s},\n",
            ct_family_row(A->family)->lo_text, ct_family_row(A->family)->hi_plain,
            A->closed ? "true" : "false", A->closed ? "true" : "false");
    fprintf(out, "  \"ball_fallbacks\": {\"components\": %ld, \"rows\": %ld},\n",
            (long)A->ball_fallbacks, (long)A->ball_fallback_rows);
    if (A->nundecided == 0) {
        report_json_breakpoints(out, A);
        report_json_losses(out, A);
        report_json_minimum(out, A);
        if (L != NULL)
            report_json_per_instance(out, L);
    }
    report_json_undecided(out, A);
}

void ct_report_write_json(FILE *out, const ct_analysis_t A)
{
    ct_report_write_json_losses(out, A, NULL);
}
