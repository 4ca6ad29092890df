/* analyze_result: breakpoints, losses, piece count, minimum, representative. */
#include <stdlib.h>
#include "analyze_internal.h"
#include "certune/qparse.h"
#include "certune/rational.h"

#define ANALYZE_DIGITS 20

static void analyze_alloc_result(analysis_t A, slong nbp)
{
    slong nb = FLINT_MAX(nbp, 1);
    A->nbp = nbp;
    A->bp = flint_malloc(nb * sizeof(rroot_struct));
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
   pieces of equal loss and are dropped. */
static void analyze_compress(analysis_t A, analyze_work *W, const profile_t P,
                             const fmpq *piece, const fmpq *point)
{
    slong nbp = 0;
    for (slong g = 0; g < W->npoints; g++)
        nbp += P->changes[g] > 0;
    analyze_alloc_result(A, nbp);
    fmpq_set(A->piece_loss + 0, piece + 0);
    for (slong g = 0, b = 0; g < W->npoints; g++) {
        if (P->changes[g] == 0)
            continue;
        rroot_init(A->bp + b);
        rroot_set(A->bp + b, W->point_root[g]);
        A->changes[b] = P->changes[g];
        A->jump[b] = P->jump[g];
        fmpq_set(A->point_loss + b, point + g);
        fmpq_set(A->piece_loss + b + 1, piece + g + 1);
        b++;
    }
}

static void analyze_describe_breakpoints(analysis_t A)
{
    for (slong b = 0; b < A->nbp; b++) {
        rroot_get_strs(A->approx + b, A->lo_str + b, A->hi_str + b, A->bp + b,
                       ANALYZE_DIGITS);
        A->exact[b] = roots_poly_get_str(A->bp[b].poly);
    }
}

/* Runs of equal loss in the sequence piece 0, point 0, piece 1, ..., piece nbp. */
static slong analyze_count_loss_pieces(const analysis_t A)
{
    slong runs = 1;
    const fmpq *prev = A->piece_loss + 0;
    for (slong b = 0; b < A->nbp; b++) {
        runs += !fmpq_equal(A->point_loss + b, prev);
        runs += !fmpq_equal(A->piece_loss + b + 1, A->point_loss + b);
        prev = A->piece_loss + b + 1;
    }
    return runs;
}

static void analyze_find_minimum(analysis_t A)
{
    A->best_piece = 0;
    for (slong i = 1; i <= A->nbp; i++)
        if (fmpq_cmp(A->piece_loss + i, A->piece_loss + A->best_piece) < 0)
            A->best_piece = i;
    fmpq_set(A->min_loss, A->piece_loss + A->best_piece);
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_cmp(A->point_loss + b, A->min_loss) < 0)
            fmpq_set(A->min_loss, A->point_loss + b);
    A->nmin_pieces = A->nmin_points = 0;
    for (slong i = 0; i <= A->nbp; i++)
        if (fmpq_equal(A->piece_loss + i, A->min_loss))
            A->min_pieces[A->nmin_pieces++] = i;
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_equal(A->point_loss + b, A->min_loss))
            A->min_points[A->nmin_points++] = b;
}

void analyze_fill_result(analysis_t A, analyze_work *W, const profile_t P)
{
    fmpq *piece = _fmpq_vec_init(W->npoints + 1);
    fmpq *point = _fmpq_vec_init(FLINT_MAX(W->npoints, 1));
    profile_losses(piece, point, P);
    analyze_compress(A, W, P, piece, point);
    _fmpq_vec_clear(piece, W->npoints + 1);
    _fmpq_vec_clear(point, FLINT_MAX(W->npoints, 1));
    analyze_describe_breakpoints(A);
    A->loss_pieces = analyze_count_loss_pieces(A);
    analyze_find_minimum(A);
    analysis_piece_point(A->representative, A, A->best_piece);
}

/* The certified decimal bounds when they leave room, else the root's own. */
static void analyze_gap(fmpq_t left, fmpq_t right, analysis_t A, slong i)
{
    if (i > 0 && (A->hi_str[i - 1] == NULL || qparse_fmpq(left, A->hi_str[i - 1])))
        fmpq_set(left, A->bp[i - 1].hi);
    if (i < A->nbp && (A->lo_str[i] == NULL || qparse_fmpq(right, A->lo_str[i])))
        fmpq_set(right, A->bp[i].lo);
    if (i > 0 && i < A->nbp && fmpq_cmp(left, right) >= 0) {
        fmpq_set(left, A->bp[i - 1].hi);
        fmpq_set(right, A->bp[i].lo);
    }
}

void analysis_piece_point(fmpq_t q, analysis_t A, slong i)
{
    fmpq_t left, right;
    fmpq_init(left);
    fmpq_init(right);
    analyze_gap(left, right, A, i);
    if (A->nbp == 0)
        fmpq_one(q);
    else if (i == A->nbp)
        rational_simplest_above(q, left);
    else {
        while (i > 0 && fmpq_cmp(A->bp[i - 1].hi, A->bp[i].lo) >= 0) {
            /* Distinct roots: refining separates them. */
            rroot_bisect(A->bp + i - 1);
            rroot_bisect(A->bp + i);
            fmpq_set(left, A->bp[i - 1].hi);
            fmpq_set(right, A->bp[i].lo);
        }
        rational_simplest_between(q, left, right);
    }
    fmpq_clear(left);
    fmpq_clear(right);
}

void analysis_clear(analysis_t A)
{
    slong nb = FLINT_MAX(A->nbp, 1);
    for (slong b = 0; b < A->nbp; b++) {
        rroot_clear(A->bp + b);
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
    fmpq_clear(A->min_loss);
    fmpq_clear(A->representative);
}

void analysis_loss_at(fmpq_t loss, const analysis_t A, const fmpq_t q)
{
    /* Binary search for the first breakpoint >= q, exactly. */
    slong lo = 0, hi = A->nbp;
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (rroot_cmp_fmpq(A->bp + mid, q) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < A->nbp && rroot_cmp_fmpq(A->bp + lo, q) == 0)
        fmpq_set(loss, A->point_loss + lo);
    else
        fmpq_set(loss, A->piece_loss + lo);
}
