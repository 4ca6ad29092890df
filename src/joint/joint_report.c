/* joint_report: the joint analysis as text and as JSON (docs/joint.md,
   docs/formats.md): exact fractions, each JSON one with a float twin. */
#include <arf.h>
#include "certune/joint.h"
#include "certune/text.h"

static const char *event_names[CT_PEXPSUM_EVENT_KINDS] = {
    "edge", "vertical_tangent", "crossing", "vertical_line", "end"};

/* For the float twins and the text's decimals only (never decides). */
static double joint_double(const fmpq_t x)
{
    arf_t a;
    arf_init(a);
    arf_fmpz_div_fmpz(a, fmpq_numref(x), fmpq_denref(x), 60, ARF_RND_NEAR);
    double d = arf_get_d(a, ARF_RND_NEAR);
    arf_clear(a);
    return d;
}

static void json_q(FILE *f, const char *name, const fmpq_t x)
{
    fprintf(f, "\"%s\": \"", name);
    fmpq_fprint(f, x);
    fprintf(f, "\", \"%s_float\": %.17g", name, joint_double(x));
}

static const char *vertex_kind(int kind)
{
    return kind == CT_PEXPSUM_EVENT_CROSS     ? "crossing"
           : kind == CT_PEXPSUM_EVENT_TANGENT ? "vertical tangent"
                                              : "edge point";
}

/* An exact coordinate, or the midpoint of its enclosure in decimals. */
static void vertex_coord(FILE *f, const fmpq_t lo, const fmpq_t hi, int exact)
{
    if (exact) {
        fmpq_fprint(f, lo);
        return;
    }
    fmpq_t m;
    fmpq_init(m);
    fmpq_add(m, lo, hi);
    fmpq_div_2exp(m, m, 1);
    fprintf(f, "%.17g", joint_double(m));
    fmpq_clear(m);
}

void ct_joint_write_text(FILE *f, const ct_joint_t J)
{
    const ct_family_struct *row = ct_family_row(J->family);
    const ct_pexpsum_slabs_struct *S = J->S;
    fprintf(f, "family %s, joint over (c, %s) in [", row->name, row->symbol);
    fmpq_fprint(f, J->A);
    fputs(", ", f);
    fmpq_fprint(f, J->B);
    fprintf(f, "] x %s: %ld instance%s, %ld scored node%s, %ld distinct curve%s\n",
            row->domain_text, (long)J->ninst, J->ninst == 1 ? "" : "s", (long)J->nscored,
            J->nscored == 1 ? "" : "s", (long)J->ncurves, J->ncurves == 1 ? "" : "s");
    fputs("summary:\n  minimum loss over the open cells ", f);
    fmpq_fprint(f, J->min_loss);
    fprintf(f, " = %.6g\n  witness c = ", joint_double(J->min_loss));
    fmpq_fprint(f, J->wc);
    fprintf(f, ", %s = ", row->symbol);
    fmpq_fprint(f, J->wx);
    fputs(" (every curve's sign certified constant on the box of half-width ", f);
    fmpq_fprint(f, J->wr);
    fputs(")\n", f);
    if (J->have_pt) {
        fputs("  least loss on the curves (arcs met by the slabs) ", f);
        fmpq_fprint(f, J->pt_min);
        fputc('\n', f);
    }
    if (J->vt_best >= 0) {
        const ct_pexpsum_vertex_struct *V = S->vertex + J->vt_best;
        fprintf(
            f, "  least loss at the vertices (%ld: crossings, tangency and edge points) ",
            (long)S->nvertex);
        fmpq_fprint(f, J->vertex_loss + J->vt_best);
        fprintf(f, ", at %s %s c %s ", V->kind == CT_PEXPSUM_EVENT_EDGE ? "an" : "a",
                vertex_kind(V->kind), V->exact ? "=" : "~");
        vertex_coord(f, V->clo, V->chi, V->exact);
        fprintf(f, ", %s %s ", row->symbol, V->exact ? "=" : "~");
        vertex_coord(f, V->dlo, V->dhi, V->exact);
        fputc('\n', f);
    } else
        fputs("  no vertex inside the c-range\n", f);
    fprintf(f,
            "  %ld events (edge %ld, vertical tangent %ld, crossing %ld, vertical line "
            "%ld), %ld slabs\n",
            (long)S->nevents, (long)S->count[0], (long)S->count[1], (long)S->count[2],
            (long)S->count[3], (long)S->nslab);
    fprintf(f, "  %ld pairs of curves, %ld pruned (covers apart), %ld boxes\n",
            (long)S->pairs, (long)S->pruned, (long)S->boxes);
    fprintf(f, "slabs: %ld\n", (long)S->nslab);
    for (slong s = 0; s < S->nslab; s++) {
        fprintf(f, "  s%ld  c in (%.10g, %.10g)  at c = ", (long)(s + 1),
                joint_double(S->lo + s), joint_double(S->hi + s));
        fmpq_fprint(f, J->sample + s);
        fputs(": best loss ", f);
        fmpq_fprint(f, J->slab_min + s);
        fprintf(f, ", %ld breakpoints%s\n", (long)J->slab_bp[s],
                s == J->best_slab ? "  (witness)" : "");
    }
}

void ct_joint_write_json(FILE *f, const ct_joint_t J)
{
    const ct_family_struct *row = ct_family_row(J->family);
    const ct_pexpsum_slabs_struct *S = J->S;
    fprintf(f,
            "{\n  \"family\": \"%s\", \"joint\": \"c\", \"instances\": %ld, "
            "\"scored_nodes\": %ld, \"curves\": %ld,\n",
            row->name, (long)J->ninst, (long)J->nscored, (long)J->ncurves);
    fputs("  \"c_range\": {", f);
    json_q(f, "lo", J->A);
    fputs(", ", f);
    json_q(f, "hi", J->B);
    fprintf(f, "},\n  \"domain\": \"%s\",\n", row->domain_text);
    if (!J->undecided) {
        fputs("  \"minimum\": {", f);
        json_q(f, "loss", J->min_loss);
        fputs(", \"witness\": {", f);
        json_q(f, "c", J->wc);
        fputs(", ", f);
        json_q(f, row->name, J->wx);
        fputs(", ", f);
        json_q(f, "box_half_width", J->wr);
        fprintf(f, "}, \"slab\": %ld},\n", (long)J->best_slab);
        fputs("  \"curve_minimum\": ", f);
        if (J->have_pt) {
            fputs("{", f);
            json_q(f, "loss", J->pt_min);
            fputs("},\n", f);
        } else
            fputs("null,\n", f);
        fputs("  \"vertex_minimum\": ", f);
        if (J->vt_best >= 0) {
            const ct_pexpsum_vertex_struct *V = S->vertex + J->vt_best;
            fputs("{", f);
            json_q(f, "loss", J->vertex_loss + J->vt_best);
            fprintf(f, ", \"vertices\": %ld, \"kind\": \"%s\", \"exact\": %s,\n    ",
                    (long)S->nvertex, event_names[V->kind], V->exact ? "true" : "false");
            json_q(f, "c_lo", V->clo);
            fputs(", ", f);
            json_q(f, "c_hi", V->chi);
            fputs(",\n    ", f);
            json_q(f, "delta_lo", V->dlo);
            fputs(", ", f);
            json_q(f, "delta_hi", V->dhi);
            fputs("},\n", f);
        } else
            fputs("null,\n", f);
        fputs("  \"events\": {", f);
        for (int k = 0; k < CT_PEXPSUM_EVENT_END; k++)
            fprintf(f, "\"%s\": %ld, ", event_names[k], (long)S->count[k]);
        fprintf(f, "\"total\": %ld, \"pairs\": %ld, \"pruned\": %ld, \"boxes\": %ld},\n",
                (long)S->nevents, (long)S->pairs, (long)S->pruned, (long)S->boxes);
        fputs("  \"slabs\": [", f);
        for (slong s = 0; s < S->nslab; s++) {
            fputs(s ? ",\n    {" : "\n    {", f);
            json_q(f, "lo", S->lo + s);
            fputs(", ", f);
            json_q(f, "hi", S->hi + s);
            fputs(", ", f);
            json_q(f, "c", J->sample + s);
            fputs(", ", f);
            json_q(f, "loss", J->slab_min + s);
            fprintf(f, ", \"breakpoints\": %ld}", (long)J->slab_bp[s]);
        }
        fputs(S->nslab ? "\n  ],\n" : "],\n", f);
    }
    fputs("  \"undecided\": ", f);
    if (J->undecided) {
        fputs("[{\"what\": ", f);
        ct_text_json_string(f, J->what);
        fputs("}]\n}\n", f);
    } else
        fputs("[]\n}\n", f);
}
