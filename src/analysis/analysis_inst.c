/* analysis_inst: the per-instance losses on every place (the tuner's
   Rademacher estimate and per-instance reports need them). */
#include <stdlib.h>
#include "analysis_internal.h"

slong ct_analysis_place_of_piece(const ct_analysis_t A, slong i)
{
    return (A->closed ? 1 : 0) + 2 * i;
}

slong ct_analysis_place_of_point(const ct_analysis_t A, slong b)
{
    return (A->closed ? 1 : 0) + 2 * b + 1;
}

slong ct_analysis_place_of_end(const ct_analysis_t A, int e)
{
    return e == 0 ? 0 : A->nplaces - 1;
}

slong ct_analysis_place_at(const ct_analysis_t A, const fmpq_t q)
{
    if (A->closed && (fmpq_is_zero(q) || fmpq_is_one(q)))
        return ct_analysis_place_of_end(A, !fmpq_is_zero(q));
    slong lo = 0, hi = A->nbp;
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (ct_bpoint_cmp_fmpq(A->bp + mid, q) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < A->nbp && ct_bpoint_cmp_fmpq(A->bp + lo, q) == 0)
        return ct_analysis_place_of_point(A, lo);
    return ct_analysis_place_of_piece(A, lo);
}

typedef struct {
    slong place, inst, delta;
} inst_change;

/* Appends the change (place, inst, delta) when delta != 0. */
static void inst_push(inst_change *ch, slong *n, slong place, slong inst, slong delta)
{
    if (delta == 0)
        return;
    ch[*n].place = place;
    ch[*n].inst = inst;
    ch[*n].delta = delta;
    (*n)++;
}

/* Raw sweep point g -> its place(s): a kept breakpoint, a closed end, or none
   (no prediction changes there, so no cost does either). */
static void inst_map_event(inst_change *ch, slong *n, slong *cost0, const ct_analysis_t A,
                           const slong *kept, slong npoints, const ct_sweep_inst_event *e)
{
    if (A->closed && e->g == 0) { /* end 0 is place 0, piece 0 follows */
        cost0[e->inst] += e->dpoint;
        inst_push(ch, n, 1, e->inst, e->dpiece - e->dpoint);
    } else if (A->closed && e->g == npoints - 1) {
        inst_push(ch, n, A->nplaces - 1, e->inst, e->dpoint);
    } else if (kept[e->g] >= 0) {
        slong p = ct_analysis_place_of_point(A, kept[e->g]);
        inst_push(ch, n, p, e->inst, e->dpoint);
        inst_push(ch, n, p + 1, e->inst, e->dpiece - e->dpoint);
    }
}

/* Tied scored nodes per place from the sweep's raw points (g kept as
   breakpoint kept[g], or dropped inside the current piece). */
static void inst_build_tied(ct_analysis_t A, const ct_sweep_t P, const slong *kept,
                            slong npoints)
{
    A->place_tied = flint_calloc(2 * A->nplaces, sizeof(slong));
    A->place_hidden = A->place_tied + A->nplaces;
    slong raw = P->tied_base, g0 = A->closed ? 1 : 0;
    slong g1 = A->closed ? npoints - 1 : npoints;
    if (A->closed) {
        A->place_tied[0] = raw + P->tied_point_dev[0];
        raw += P->tied_piece_delta[0];
    }
    slong piece = ct_analysis_place_of_piece(A, 0);
    A->place_tied[piece] = raw;
    for (slong g = g0; g < g1; g++) {
        if (kept[g] >= 0) {
            slong p = ct_analysis_place_of_point(A, kept[g]);
            A->place_tied[p] = raw + P->tied_point_dev[g];
            piece = p + 1;
            A->place_tied[piece] = raw + P->tied_piece_delta[g];
        } else if (P->tied_point_dev[g] != 0 || P->tied_piece_delta[g] != 0) {
            A->place_hidden[piece]++;
        }
        raw += P->tied_piece_delta[g];
    }
    if (A->closed)
        A->place_tied[A->nplaces - 1] = raw + P->tied_point_dev[npoints - 1];
}

void _ct_analysis_inst_build(ct_analysis_t A, const ct_analysis_common *C,
                             const ct_sweep_t P, const slong *nscored)
{
    slong m = A->ninst, npoints = C->npoints, n = 0;
    A->nplaces = 2 * A->nbp + 1 + (A->closed ? 2 : 0);
    A->inst_nscored = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    A->inst_cost0 = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    for (slong i = 0; i < m; i++) {
        A->inst_nscored[i] = nscored[i];
        A->inst_cost0[i] = P->inst_base[i];
    }
    slong *kept = flint_malloc(FLINT_MAX(npoints, 1) * sizeof(slong));
    slong g0 = C->closed ? 1 : 0, g1 = C->closed ? npoints - 1 : npoints;
    for (slong g = 0, b = 0; g < npoints; g++)
        kept[g] = (g >= g0 && g < g1 && P->changes[g] > 0) ? b++ : -1;
    inst_change *ch = flint_malloc(FLINT_MAX(2 * P->nev, 1) * sizeof(inst_change));
    for (slong k = 0; k < P->nev; k++)
        inst_map_event(ch, &n, A->inst_cost0, A, kept, npoints, P->ev + k);
    /* counting sort by place */
    A->place_start = flint_calloc(A->nplaces + 1, sizeof(slong));
    A->ev_inst = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    A->ev_delta = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong k = 0; k < n; k++)
        A->place_start[ch[k].place + 1]++;
    for (slong p = 0; p < A->nplaces; p++)
        A->place_start[p + 1] += A->place_start[p];
    slong *fill = flint_malloc((A->nplaces + 1) * sizeof(slong));
    for (slong p = 0; p <= A->nplaces; p++)
        fill[p] = A->place_start[p];
    for (slong k = 0; k < n; k++) {
        slong at = fill[ch[k].place]++;
        A->ev_inst[at] = ch[k].inst;
        A->ev_delta[at] = ch[k].delta;
    }
    flint_free(fill);
    flint_free(ch);
    inst_build_tied(A, P, kept, npoints);
    flint_free(kept);
}

void _ct_analysis_inst_clear(ct_analysis_t A)
{
    flint_free(A->inst_nodes); /* inst_classes shares its block */
    flint_free(A->place_tied);
    flint_free(A->inst_nscored);
    flint_free(A->inst_cost0);
    flint_free(A->place_start);
    flint_free(A->ev_inst);
    flint_free(A->ev_delta);
}

void ct_analysis_inst_costs(slong *cost, const ct_analysis_t A, slong p)
{
    for (slong i = 0; i < A->ninst; i++)
        cost[i] = A->inst_cost0[i];
    for (slong e = A->place_start[0]; e < A->place_start[p + 1]; e++)
        cost[A->ev_inst[e]] += A->ev_delta[e];
}
