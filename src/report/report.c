/* report: the analyzer's result as text (the JSON is report_json.c). */
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include <flint/fmpq.h>
#include "certune/decimal.h"
#include "certune/family.h"
#include "certune/report.h"
#include "certune/text.h"
#include "report_internal.h"

const char *ct_report_family_name(ct_family_t family)
{
    return ct_family_name(family);
}

void _ct_report_fmpq(FILE *out, const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x);
    fputs(s, out);
    flint_free(s);
}

void _ct_report_decimal(FILE *out, const fmpq_t x)
{
    if (fmpz_is_one(fmpq_denref(x)))
        return; /* an integer: the fraction says it all */
    fmpz_t n;
    slong E;
    fmpz_init(n);
    int exact = fmpq_is_zero(x) || ct_decimal_exact(n, &E, x);
    char *s = fmpq_is_zero(x) ? NULL : ct_decimal_round(x, 6, 1);
    fprintf(out, " %s %s", exact ? "=" : "~", s ? s : "0");
    free(s);
    fmpz_clear(n);
}

double _ct_report_fmpq_double(const fmpq_t x)
{
    mpq_t q;
    mpfr_t r;
    mpq_init(q);
    mpfr_init2(r, 53);
    fmpq_get_mpq(q, x);
    mpfr_set_q(r, q, MPFR_RNDN); /* fmpq_get_d truncates: 2/5 would not read 0.4 */
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clear(r);
    mpq_clear(q);
    return d;
}

void _ct_report_double(FILE *out, double d)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%.15g", d);
    if (strtod(buf, NULL) != d)
        snprintf(buf, sizeof(buf), "%.17g", d);
    fputs(buf, out);
}

const char *_ct_report_domain_hi(const ct_analysis_t A)
{
    return ct_family_row(A->family)->hi_text;
}

void _ct_report_piece_name(FILE *out, const ct_analysis_t A, slong i)
{
    if (i == 0)
        fputs("(0, ", out);
    else
        fprintf(out, "(b%ld, ", (long)i);
    if (i == A->nbp)
        fprintf(out, "%s)", _ct_report_domain_hi(A));
    else
        fprintf(out, "b%ld)", (long)(i + 1));
}

const char *_ct_report_piece_lo(const ct_analysis_t A, slong i)
{
    return i == 0 ? "0" : A->approx[i - 1];
}

const char *_ct_report_piece_hi(const ct_analysis_t A, slong i)
{
    return i < A->nbp ? A->approx[i] : ct_family_row(A->family)->hi_plain;
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
        _ct_report_fmpq(out, A->end_loss + 0);
        fputc('\n', out);
    }
    for (slong i = 0; i <= A->nbp; i++) {
        fputs("  piece ", out);
        _ct_report_piece_name(out, A, i);
        fputs("  ", out);
        _ct_report_fmpq(out, A->piece_loss + i);
        fputc('\n', out);
        if (i < A->nbp) {
            fprintf(out, "  point b%ld  ", (long)(i + 1));
            _ct_report_fmpq(out, A->point_loss + i);
            fputc('\n', out);
        }
    }
    if (A->closed) {
        fputs("  end 1  ", out);
        _ct_report_fmpq(out, A->end_loss + 1);
        fputc('\n', out);
    }
}

static void report_text_minimum(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "loss pieces: %ld\nminimum loss: ", (long)A->loss_pieces);
    _ct_report_fmpq(out, A->min_loss);
    fputs("\n  attained on", out);
    for (slong k = 0; k < A->nmin_pieces; k++) {
        fputs(k ? ", " : " ", out);
        _ct_report_piece_name(out, A, A->min_pieces[k]);
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
    _ct_report_piece_name(out, A, A->best_piece);
    fprintf(out, ", loss ");
    _ct_report_fmpq(out, A->piece_loss + A->best_piece);
    fprintf(out, "\nrepresentative: %s = ", ct_report_family_name(A->family));
    _ct_report_fmpq(out, A->representative);
    fputc('\n', out);
}

/* Where the minimum is attained, counted: "3 of 6 open pieces, 2 of 5
   breakpoints and end 0". */
static void report_text_attained(FILE *out, const ct_analysis_t A)
{
    fprintf(out, "  attained on %ld of %ld open piece%s", (long)A->nmin_pieces,
            (long)(A->nbp + 1), A->nbp ? "s" : "");
    if (A->nbp > 0)
        fprintf(out, ", %ld of %ld breakpoint%s", (long)A->nmin_points, (long)A->nbp,
                A->nbp == 1 ? "" : "s");
    for (int e = 0; e < 2; e++)
        if (A->min_ends & (1 << e))
            fprintf(out, ", end %d", e);
    fputc('\n', out);
}

/* The answer first: the best value, its loss and accuracy, the interval it
   lies in, the counts (docs/formats.md, "The text report"). */
static void report_text_summary(FILE *out, const ct_analysis_t A)
{
    fmpq_t acc;
    fmpq_init(acc);
    fmpq_one(acc);
    fmpq_sub(acc, acc, A->min_loss);
    fprintf(out, "summary:\n  best %s = ", ct_report_family_name(A->family));
    _ct_report_fmpq(out, A->representative);
    if (A->min_ends && A->nmin_pieces == 0 && A->nmin_points == 0)
        fprintf(out, ", the end %s of the domain\n",
                fmpq_is_zero(A->representative) ? "0" : "1");
    else {
        fputs(", inside ", out);
        _ct_report_piece_name(out, A, A->best_piece);
        fprintf(out, " ~ (%s, %s)\n", _ct_report_piece_lo(A, A->best_piece),
                A->best_piece == A->nbp ? _ct_report_domain_hi(A)
                                        : _ct_report_piece_hi(A, A->best_piece));
    }
    fputs("  minimum loss ", out);
    _ct_report_fmpq(out, A->min_loss);
    _ct_report_decimal(out, A->min_loss);
    fputs(", accuracy ", out);
    _ct_report_fmpq(out, acc);
    _ct_report_decimal(out, acc);
    fputc('\n', out);
    report_text_attained(out, A);
    fprintf(out, "  %ld breakpoint%s, %ld loss piece%s\n", (long)A->nbp,
            A->nbp == 1 ? "" : "s", (long)A->loss_pieces, A->loss_pieces == 1 ? "" : "s");
    fmpq_clear(acc);
}

void ct_report_write_text(FILE *out, const ct_analysis_t A)
{
    const ct_family_struct *row = ct_family_row(A->family);
    fprintf(out, "family %s", row->name);
    if (row->has_c) { /* a c of thousands of digits is summarized (--json: exact) */
        char *c = ct_decimal_brief(A->c);
        fprintf(out, " (c = %s)", c);
        free(c);
    }
    fprintf(out, " on %s", row->domain_text);
    fprintf(out, ": %ld instance%s, %ld scored node%s\n", (long)A->ninst,
            ct_text_plural(A->ninst), (long)A->nscored, ct_text_plural(A->nscored));
    if (A->ties == CT_SIGNFN_TIES_EXPECTED) /* the default rule prints nothing */
        fputs("ties: expected (a node tied among t classes costs 1 - 1/t)\n", out);
    report_text_summary(out, A);
    report_text_breakpoints(out, A);
    report_text_losses(out, A);
    report_text_minimum(out, A);
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
