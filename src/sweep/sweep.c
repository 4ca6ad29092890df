/* profile: the exact sweep from per-node sign events to empirical losses. */
#include <stdlib.h>
#include <string.h>
#include "certune/sweep.h"
#include "certune/signfn.h"

void ct_sweep_init(ct_sweep_t P, slong npoints, slong ninst, const slong *nscored)
{
    fmpz_t lcm, k;
    fmpz_init_set_ui(lcm, 1);
    fmpz_init(k);
    for (slong i = 0; i < ninst; i++) {
        fmpz_set_si(k, nscored[i]);
        fmpz_lcm(lcm, lcm, k);
    }
    fmpz_clear(k);
    P->npoints = npoints;
    P->ninst = ninst;
    P->weight = _fmpz_vec_init(ninst);
    for (slong i = 0; i < ninst; i++)
        fmpz_divexact_ui(P->weight + i, lcm, (ulong)nscored[i]);
    fmpz_init(P->denom);
    fmpz_mul_ui(P->denom, lcm, (ulong)ninst);
    fmpz_init(P->base);
    P->piece_delta = _fmpz_vec_init(npoints);
    P->point_dev = _fmpz_vec_init(npoints);
    P->changes = flint_calloc(FLINT_MAX(npoints, 1), sizeof(slong));
    P->jump = flint_calloc(FLINT_MAX(npoints, 1), sizeof(int));
    P->ties = CT_SIGNFN_TIES_SMALLEST;
    P->unit = 1;
    P->inst_base = flint_calloc(FLINT_MAX(ninst, 1), sizeof(slong));
    P->nev = P->evcap = 0;
    P->ev = NULL;
    P->tied_base = 0;
    P->tied_point_dev = flint_calloc(2 * FLINT_MAX(npoints, 1), sizeof(slong));
    P->tied_piece_delta = P->tied_point_dev + FLINT_MAX(npoints, 1);
    fmpz_clear(lcm);
}

void ct_sweep_clear(ct_sweep_t P)
{
    _fmpz_vec_clear(P->weight, P->ninst);
    fmpz_clear(P->denom);
    fmpz_clear(P->base);
    _fmpz_vec_clear(P->piece_delta, P->npoints);
    _fmpz_vec_clear(P->point_dev, P->npoints);
    flint_free(P->changes);
    flint_free(P->jump);
    flint_free(P->inst_base);
    flint_free(P->ev);
    flint_free(P->tied_point_dev);
}

void ct_sweep_set_ties(ct_sweep_t P, int ties, slong unit)
{
    P->ties = ties;
    P->unit = unit;
    fmpz_mul_si(P->denom, P->denom, unit); /* costs count in units of 1/unit */
}

typedef struct {
    slong point, pair, mult;
} profile_event;

static int profile_event_cmp(const void *a, const void *b)
{
    const profile_event *x = a, *y = b;
    if (x->point != y->point)
        return x->point < y->point ? -1 : 1;
    return (x->pair > y->pair) - (x->pair < y->pair);
}

/* All events of one node, sorted by point. */
static profile_event *profile_collect(slong *total, slong npairs, const slong *len,
                                      slong *const *pts, slong *const *mult)
{
    slong n = 0;
    for (slong p = 0; p < npairs; p++)
        n += len[p];
    profile_event *ev = flint_malloc(FLINT_MAX(n, 1) * sizeof(profile_event));
    n = 0;
    for (slong p = 0; p < npairs; p++)
        for (slong j = 0; j < len[p]; j++) {
            ev[n].point = pts[p][j];
            ev[n].pair = p;
            ev[n].mult = mult[p][j];
            n++;
        }
    qsort(ev, n, sizeof(profile_event), profile_event_cmp);
    *total = n;
    return ev;
}

/* acc += w (cost_new - cost_old). */
static void profile_count(fmpz *acc, const fmpz_t w, slong cost_new, slong cost_old)
{
    if (cost_new > cost_old)
        fmpz_addmul_ui(acc, w, (ulong)(cost_new - cost_old));
    else if (cost_new < cost_old)
        fmpz_submul_ui(acc, w, (ulong)(cost_old - cost_new));
}

static void profile_record(ct_sweep_t P, slong inst, slong g, slong dpoint, slong dpiece)
{
    if (dpoint == 0 && dpiece == 0)
        return;
    if (P->nev == P->evcap) {
        P->evcap = FLINT_MAX(16, 2 * P->evcap);
        P->ev = flint_realloc(P->ev, P->evcap * sizeof(ct_sweep_inst_event));
    }
    ct_sweep_inst_event *e = P->ev + P->nev++;
    e->inst = inst;
    e->g = g;
    e->dpoint = dpoint;
    e->dpiece = dpiece;
}

/* What the prediction is: the argmax (smallest rule) or the set of tied
   classes (expected rule), as c flags. */
static void profile_state(char *state, const int *sgn, slong c, int ties)
{
    if (ties == CT_SIGNFN_TIES_EXPECTED) {
        ct_signfn_tied(state, sgn, c);
        return;
    }
    memset(state, 0, (size_t)c);
    state[ct_signfn_argmax(sgn, c)] = 1;
}

void ct_sweep_add_node(ct_sweep_t P, slong inst, slong truth, slong c, const int *sign0,
                       const slong *len, slong *const *pts, slong *const *mult)
{
    slong npairs = c * (c - 1) / 2, nev;
    const fmpz *w = P->weight + inst;
    int *cur = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(int));
    int *at = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(int));
    char *st = flint_malloc(3 * (size_t)c);
    char *st_at = st + c, *st_after = st + 2 * c;
    for (slong p = 0; p < npairs; p++)
        cur[p] = sign0[p];
    profile_state(st, cur, c, P->ties);
    slong cost = ct_signfn_cost(cur, c, truth, P->ties, P->unit);
    slong tied = ct_signfn_tied(NULL, cur, c) > 1;
    P->tied_base += tied;
    profile_count(P->base, w, cost, 0);
    P->inst_base[inst] += cost;
    profile_event *ev = profile_collect(&nev, npairs, len, pts, mult);
    for (slong a = 0, b; a < nev; a = b) {
        slong g = ev[a].point;
        for (slong p = 0; p < npairs; p++)
            at[p] = cur[p];
        for (b = a; b < nev && ev[b].point == g; b++) {
            at[ev[b].pair] = 0;
            if (ev[b].mult % 2 == 1)
                cur[ev[b].pair] = -cur[ev[b].pair];
        }
        profile_state(st_at, at, c, P->ties);
        profile_state(st_after, cur, c, P->ties);
        int moved_at = memcmp(st_at, st, (size_t)c) != 0;
        int moved_after = memcmp(st_after, st, (size_t)c) != 0;
        if (moved_at || moved_after)
            P->changes[g]++;
        if (moved_after)
            P->jump[g] = 1;
        slong cost_at = ct_signfn_cost(at, c, truth, P->ties, P->unit);
        slong cost_after = ct_signfn_cost(cur, c, truth, P->ties, P->unit);
        profile_count(P->point_dev + g, w, cost_at, cost);
        profile_count(P->piece_delta + g, w, cost_after, cost);
        profile_record(P, inst, g, cost_at - cost, cost_after - cost);
        slong tied_after = ct_signfn_tied(NULL, cur, c) > 1;
        P->tied_point_dev[g] += (ct_signfn_tied(NULL, at, c) > 1) - tied;
        P->tied_piece_delta[g] += tied_after - tied;
        tied = tied_after;
        cost = cost_after;
        memcpy(st, st_after, (size_t)c);
    }
    flint_free(ev);
    flint_free(cur);
    flint_free(at);
    flint_free(st);
}

void ct_sweep_losses(fmpq *piece, fmpq *point, const ct_sweep_t P)
{
    fmpz_t acc;
    fmpz_init_set(acc, P->base);
    fmpq_set_fmpz_frac(piece + 0, acc, P->denom);
    for (slong g = 0; g < P->npoints; g++) {
        fmpz_t at;
        fmpz_init(at);
        fmpz_add(at, acc, P->point_dev + g);
        fmpq_set_fmpz_frac(point + g, at, P->denom);
        fmpz_add(acc, acc, P->piece_delta + g);
        fmpq_set_fmpz_frac(piece + g + 1, acc, P->denom);
        fmpz_clear(at);
    }
    fmpz_clear(acc);
}
