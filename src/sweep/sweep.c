/* profile: the exact sweep from per-node sign events to empirical losses. */
#include <stdlib.h>
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

static void profile_count(fmpz *acc, const fmpz_t w, slong err_new, slong err_old)
{
    if (err_new > err_old)
        fmpz_add(acc, acc, w);
    else if (err_new < err_old)
        fmpz_sub(acc, acc, w);
}

void ct_sweep_add_node(ct_sweep_t P, slong inst, slong truth, slong c, const int *sign0,
                       const slong *len, slong *const *pts, slong *const *mult)
{
    slong npairs = c * (c - 1) / 2, nev;
    const fmpz *w = P->weight + inst;
    int *cur = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(int));
    int *at = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(int));
    for (slong p = 0; p < npairs; p++)
        cur[p] = sign0[p];
    slong pred = ct_signfn_argmax(cur, c);
    if (pred != truth)
        fmpz_add(P->base, P->base, w);
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
        slong pred_at = ct_signfn_argmax(at, c), pred_after = ct_signfn_argmax(cur, c);
        if (pred_at != pred || pred_after != pred)
            P->changes[g]++;
        if (pred_after != pred)
            P->jump[g] = 1;
        profile_count(P->point_dev + g, w, pred_at != truth, pred != truth);
        profile_count(P->piece_delta + g, w, pred_after != truth, pred != truth);
        pred = pred_after;
    }
    flint_free(ev);
    flint_free(cur);
    flint_free(at);
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
