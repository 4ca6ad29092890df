/* analyze_result: the sweep, then breakpoints, losses, piece count, minimum,
   representative. */
#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/mem.h"
#include "certune/qparse.h"
#include "certune/rational.h"
#include "certune/sweep.h"
#include "analysis_internal.h"

#define ANALYZE_DIGITS 20
#define ANALYZE_MAX_DIGITS 5120 /* digits tried at most to tell a point from an end */

void ct_analysis_alloc_breakpoints(ct_analysis_t A, slong nbp)
{
    slong nb = FLINT_MAX(nbp, 1);
    A->nbp = nbp;
    A->bp = flint_malloc(nb * sizeof(ct_bpoint_struct));
    A->changes = flint_malloc(nb * sizeof(slong));
    A->jump = flint_malloc(nb * sizeof(int));
    A->piece_loss = _fmpq_vec_init(nbp + 1);
    A->point_loss = _fmpq_vec_init(nb);
    A->approx = flint_calloc(nb, sizeof(char *));
    A->lo_str = flint_calloc(nb, sizeof(char *));
    A->hi_str = flint_calloc(nb, sizeof(char *));
    A->exact = flint_calloc(nb, sizeof(char *));
    A->min_pieces = flint_malloc((nbp + 1) * sizeof(slong));
    A->min_points = flint_malloc(nb * sizeof(slong));
}

/* Keeps the points where a scored prediction changes; the others separate open
   pieces of equal loss and are dropped. A closed domain's ends (the first and
   last points) give the end losses. */
static void analyze_compress(ct_analysis_t A, ct_analysis_common *C, const ct_sweep_t P,
                             const fmpq *piece, const fmpq *point)
{
    slong g0 = C->closed ? 1 : 0, g1 = C->closed ? C->npoints - 1 : C->npoints;
    slong nbp = 0;
    for (slong g = g0; g < g1; g++)
        nbp += P->changes[g] > 0;
    ct_analysis_alloc_breakpoints(A, nbp);
    A->closed = C->closed;
    if (C->closed) {
        fmpq_set(A->end_loss + 0, point + 0);
        fmpq_set(A->end_loss + 1, point + C->npoints - 1);
    }
    fmpq_set(A->piece_loss + 0, piece + g0);
    for (slong g = g0, b = 0; g < g1; g++) {
        if (P->changes[g] == 0)
            continue;
        /* moved, not copied: an alpha point holds its whole function */
        A->bp[b] = C->points[g];
        ct_bpoint_init(C->points + g);
        A->changes[b] = P->changes[g];
        A->jump[b] = P->jump[g];
        fmpq_set(A->point_loss + b, point + g);
        fmpq_set(A->piece_loss + b + 1, piece + g + 1);
        b++;
    }
}

/* Whether the decimal text reads as exactly 0 or 1 (a domain end). */
static int analyze_reads_as_end(const char *text)
{
    fmpq_t q;
    fmpq_init(q);
    int end = ct_qparse_fmpq(q, text) == 0 && (fmpq_is_zero(q) || fmpq_is_one(q));
    fmpq_clear(q);
    return end;
}

/* A breakpoint at 1 - 6e-91 would round to "1", which reads as the end of
   (0, 1): more digits until the approximation is no end, unless the point is
   exactly one (then its bounds agree). */
static void analyze_describe_breakpoints(ct_analysis_t A,
                                         const ct_analysis_phase_struct *ph)
{
    for (slong b = 0; b < A->nbp; b++) {
        ct_analysis_phase(ph, "breakpoints certified", b, A->nbp);
        for (slong digits = ANALYZE_DIGITS;; digits *= 2) {
            ct_bpoint_get_strs(A->approx + b, A->lo_str + b, A->hi_str + b, A->bp + b,
                               digits);
            if (!analyze_reads_as_end(A->approx[b]) ||
                strcmp(A->lo_str[b], A->hi_str[b]) == 0 || digits >= ANALYZE_MAX_DIGITS)
                break;
            free(A->approx[b]), free(A->lo_str[b]), free(A->hi_str[b]);
        }
        A->exact[b] = ct_analysis_exact_str(A->bp + b);
    }
    ct_analysis_phase(ph, "breakpoints certified", A->nbp, A->nbp);
}

/* Runs of equal loss in the sequence [left end,] piece 0, point 0, piece 1, ...,
   piece nbp[, right end]. */
static slong analyze_count_loss_pieces(const ct_analysis_t A)
{
    slong runs = 1;
    if (A->closed)
        runs += !fmpq_equal(A->end_loss + 0, A->piece_loss + 0);
    const fmpq *prev = A->piece_loss + 0;
    for (slong b = 0; b < A->nbp; b++) {
        runs += !fmpq_equal(A->point_loss + b, prev);
        runs += !fmpq_equal(A->piece_loss + b + 1, A->point_loss + b);
        prev = A->piece_loss + b + 1;
    }
    if (A->closed)
        runs += !fmpq_equal(A->end_loss + 1, prev);
    return runs;
}

/* The least loss over the open pieces, the breakpoints and the closed ends, and
   every place attaining it. */
static void analyze_find_minimum(ct_analysis_t A)
{
    A->best_piece = 0;
    for (slong i = 1; i <= A->nbp; i++)
        if (fmpq_cmp(A->piece_loss + i, A->piece_loss + A->best_piece) < 0)
            A->best_piece = i;
    fmpq_set(A->min_loss, A->piece_loss + A->best_piece);
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_cmp(A->point_loss + b, A->min_loss) < 0)
            fmpq_set(A->min_loss, A->point_loss + b);
    for (int e = 0; A->closed && e < 2; e++)
        if (fmpq_cmp(A->end_loss + e, A->min_loss) < 0)
            fmpq_set(A->min_loss, A->end_loss + e);
    A->nmin_pieces = A->nmin_points = 0;
    A->min_ends = 0;
    for (slong i = 0; i <= A->nbp; i++)
        if (fmpq_equal(A->piece_loss + i, A->min_loss))
            A->min_pieces[A->nmin_pieces++] = i;
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_equal(A->point_loss + b, A->min_loss))
            A->min_points[A->nmin_points++] = b;
    for (int e = 0; A->closed && e < 2; e++)
        if (fmpq_equal(A->end_loss + e, A->min_loss))
            A->min_ends |= 1 << e;
}

/* Sign pattern and events of every scored node into the profile. */
static void analyze_sweep(ct_sweep_t P, const ct_analysis_common *C)
{
    static slong none = 0;
    slong cmax = 0;
    for (slong s = 0; s < C->nnodes; s++)
        cmax = FLINT_MAX(cmax, C->nodes[s].c);
    slong npairs_max = FLINT_MAX(cmax * (cmax - 1) / 2, 1);
    slong *len = flint_malloc(npairs_max * sizeof(slong));
    slong **pts = flint_malloc(npairs_max * sizeof(slong *));
    slong **mult = flint_malloc(npairs_max * sizeof(slong *));
    for (slong s = 0; s < C->nnodes; s++) {
        const ct_analysis_node *v = C->nodes + s;
        for (slong p = 0; p < v->c * (v->c - 1) / 2; p++) {
            slong id = v->pid[p];
            len[p] = id < 0 ? 0 : C->ev_len[id];
            pts[p] = id < 0 ? &none : C->ev_pts[id];
            mult[p] = id < 0 ? &none : C->ev_mult[id];
        }
        ct_sweep_add_node(P, v->inst, v->truth, v->c, v->sign0, len, pts, mult);
    }
    flint_free(len);
    flint_free(pts);
    flint_free(mult);
}

/* The representative: inside the best open piece, unless only a closed end
   attains the minimum. */
static void analyze_set_representative(ct_analysis_t A)
{
    if (A->min_ends && A->nmin_pieces == 0 && A->nmin_points == 0)
        fmpq_set_si(A->representative, (A->min_ends & 1) ? 0 : 1, 1);
    else
        ct_analysis_piece_point(A->representative, A, A->best_piece);
}

void ct_analysis_common_finish(ct_analysis_t A, ct_analysis_common *C,
                               const slong *nscored)
{
    const ct_analysis_phase_struct *ph = C->settings != NULL ? &C->settings->phase : NULL;
    ct_sweep_t P;
    ct_sweep_init(P, C->npoints, A->ninst, nscored);
    slong cmax = 1;
    for (slong s = 0; s < C->nnodes; s++)
        cmax = FLINT_MAX(cmax, C->nodes[s].c);
    A->tie_unit = ct_signfn_tie_unit(A->ties, cmax);
    if (A->ties != CT_SIGNFN_TIES_SMALLEST)
        ct_sweep_set_ties(P, A->ties, A->tie_unit);
    ct_analysis_phase(ph, "nodes swept", 0, C->nnodes);
    analyze_sweep(P, C);
    fmpq *piece = _fmpq_vec_init(C->npoints + 1);
    fmpq *point = _fmpq_vec_init(FLINT_MAX(C->npoints, 1));
    ct_sweep_losses(piece, point, P);
    analyze_compress(A, C, P, piece, point);
    _ct_analysis_inst_build(A, C, P, nscored);
    _fmpq_vec_clear(piece, C->npoints + 1);
    _fmpq_vec_clear(point, FLINT_MAX(C->npoints, 1));
    ct_sweep_clear(P);
    ct_analysis_phase(ph, "nodes swept", C->nnodes, C->nnodes);
    analyze_describe_breakpoints(A, ph);
    ct_analysis_summarize(A);
}

void ct_analysis_summarize(ct_analysis_t A)
{
    A->loss_pieces = analyze_count_loss_pieces(A);
    analyze_find_minimum(A);
    analyze_set_representative(A);
}

/* The certified decimal bounds when they leave room, else the point's own. */
static void analyze_gap(fmpq_t left, fmpq_t right, ct_analysis_t A, slong i)
{
    if (i > 0 && (A->hi_str[i - 1] == NULL || ct_qparse_fmpq(left, A->hi_str[i - 1])))
        fmpq_set(left, ct_bpoint_hi(A->bp + i - 1));
    if (i < A->nbp && (A->lo_str[i] == NULL || ct_qparse_fmpq(right, A->lo_str[i])))
        fmpq_set(right, ct_bpoint_lo(A->bp + i));
    if (i > 0 && i < A->nbp && fmpq_cmp(left, right) >= 0) {
        fmpq_set(left, ct_bpoint_hi(A->bp + i - 1));
        fmpq_set(right, ct_bpoint_lo(A->bp + i));
    }
}

void ct_analysis_piece_point(fmpq_t q, ct_analysis_t A, slong i)
{
    fmpq_t left, right;
    fmpq_init(left);
    fmpq_init(right);
    int bounded = !A->hi_inf; /* the domain ends at 1 */
    if (bounded)
        fmpq_one(right);
    analyze_gap(left, right, A, i);
    if (i == A->nbp && !bounded) {
        if (A->nbp == 0)
            fmpq_one(q);
        else
            ct_rational_simplest_above(q, left);
    } else {
        while (fmpq_cmp(left, right) >= 0) {
            /* Distinct points (and points inside the open domain): refining
               separates them. */
            if (i > 0) {
                ct_bpoint_bisect(A->bp + i - 1);
                fmpq_set(left, ct_bpoint_hi(A->bp + i - 1));
            }
            if (i < A->nbp) {
                ct_bpoint_bisect(A->bp + i);
                fmpq_set(right, ct_bpoint_lo(A->bp + i));
            }
        }
        ct_rational_simplest_between(q, left, right);
    }
    fmpq_clear(left);
    fmpq_clear(right);
}

void ct_analysis_clear(ct_analysis_t A)
{
    slong nb = FLINT_MAX(A->nbp, 1);
    for (slong b = 0; b < A->nbp; b++) {
        ct_bpoint_clear(A->bp + b);
        free(A->approx[b]);
        free(A->lo_str[b]);
        free(A->hi_str[b]);
        free(A->exact[b]);
    }
    flint_free(A->bp);
    flint_free(A->changes);
    flint_free(A->jump);
    if (A->piece_loss != NULL)
        _fmpq_vec_clear(A->piece_loss, A->nbp + 1);
    if (A->point_loss != NULL)
        _fmpq_vec_clear(A->point_loss, nb);
    flint_free(A->approx);
    flint_free(A->lo_str);
    flint_free(A->hi_str);
    flint_free(A->exact);
    flint_free(A->min_pieces);
    flint_free(A->min_points);
    for (slong k = 0; k < A->nundecided; k++) {
        flint_free(A->und_lo[k]);
        flint_free(A->und_hi[k]);
        flint_free(A->und_what[k]);
    }
    flint_free(A->und_lo);
    flint_free(A->und_hi);
    flint_free(A->und_what);
    fmpq_clear(A->min_loss);
    fmpq_clear(A->representative);
    fmpq_clear(A->c);
    fmpq_clear(A->end_loss + 0);
    fmpq_clear(A->end_loss + 1);
    _ct_analysis_inst_clear(A);
}

void ct_analysis_loss_at(fmpq_t loss, const ct_analysis_t A, const fmpq_t q)
{
    if (A->closed && (fmpq_is_zero(q) || fmpq_is_one(q))) {
        fmpq_set(loss, A->end_loss + !fmpq_is_zero(q));
        return;
    }
    /* Binary search for the first breakpoint >= q, exactly. */
    slong lo = 0, hi = A->nbp;
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (ct_bpoint_cmp_fmpq(A->bp + mid, q) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < A->nbp && ct_bpoint_cmp_fmpq(A->bp + lo, q) == 0)
        fmpq_set(loss, A->point_loss + lo);
    else
        fmpq_set(loss, A->piece_loss + lo);
}
