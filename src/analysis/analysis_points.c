/* analyze_points: certified zeros of several families' functions -> exactly
   sorted, merged points and per-function events. The order is decided by
   ct_bpoint_cmp only (exact, or refinement until disjoint); a comparison it cannot
   decide is recorded as undecided, never guessed. */
#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/mem.h"
#include "analysis_internal.h"

int _ct_analysis_undecided_pair(ct_analysis_t A, const ct_bpoint_t a, const ct_bpoint_t b)
{
    const fmpq *lo = fmpq_cmp(ct_bpoint_lo(a), ct_bpoint_lo(b)) < 0 ? ct_bpoint_lo(a)
                                                                    : ct_bpoint_lo(b);
    const fmpq *hi = fmpq_cmp(ct_bpoint_hi(a), ct_bpoint_hi(b)) > 0 ? ct_bpoint_hi(a)
                                                                    : ct_bpoint_hi(b);
    char *l = fmpq_get_str(NULL, 10, lo), *h = fmpq_get_str(NULL, 10, hi);
    char *s = ct_analysis_exact_str(a), *t = ct_analysis_exact_str(b);
    char *what = ct_mem_malloc(strlen(s) + strlen(t) + 96);
    sprintf(what, "cannot decide whether the zeros of %s and of %s are equal", s, t);
    ct_analysis_add_undecided(A, l, h, what);
    flint_free(l), flint_free(h);
    free(s), free(t), free(what);
    return 2;
}

static int points_cmp(ct_analysis_t A, ct_analysis_zero *a, ct_analysis_zero *b)
{
    int cmp;
    if (ct_bpoint_cmp(&cmp, &a->pt, &b->pt))
        return cmp;
    return _ct_analysis_undecided_pair(A, &a->pt, &b->pt);
}

/* The order of the last point kept (the moved first zero of its run) and
   zero b, as points_cmp. */
static int points_cmp_last(ct_analysis_t A, ct_bpoint_struct *last, ct_analysis_zero *b)
{
    int cmp;
    if (ct_bpoint_cmp(&cmp, last, &b->pt))
        return cmp;
    return _ct_analysis_undecided_pair(A, last, &b->pt);
}

/* Stable merge sort of the pointers r[0..n); returns 1 when undecided. */
static int points_sort(ct_analysis_t A, ct_analysis_zero **r, ct_analysis_zero **tmp,
                       slong n)
{
    if (n < 2)
        return 0;
    slong h = n / 2;
    if (points_sort(A, r, tmp, h) || points_sort(A, r + h, tmp, n - h))
        return 1;
    slong i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int c = points_cmp(A, r[i], r[j]);
        if (c == 2)
            return 1;
        tmp[k++] = c <= 0 ? r[i++] : r[j++];
    }
    while (i < h)
        tmp[k++] = r[i++];
    while (j < n)
        tmp[k++] = r[j++];
    memcpy(r, tmp, n * sizeof(ct_analysis_zero *));
    return 0;
}

/* One point per distinct value; pid[k] receives the point of order[k]. */
static int points_merge(ct_analysis_common *C, ct_analysis_t A, ct_analysis_zero **order,
                        slong n, slong *pid, int closed)
{
    C->points = flint_malloc((n + 2) * sizeof(ct_bpoint_struct));
    C->npoints = 0;
    if (closed)
        ct_bpoint_init(C->points + C->npoints++); /* the left end, 0 */
    for (slong k = 0; k < n; k++) {
        int cmp = k == 0 ? 1 : points_cmp_last(A, C->points + C->npoints - 1, order[k]);
        if (cmp == 2)
            return 1;
        if (cmp != 0) { /* moved, not copied: an alpha zero holds its whole function */
            C->points[C->npoints++] = order[k]->pt;
            ct_bpoint_init(&order[k]->pt);
        }
        pid[k] = C->npoints - 1;
    }
    if (closed) {
        ct_bpoint_struct *end = C->points + C->npoints++;
        ct_bpoint_init(end);
        fmpq_one(end->alg.lo);
        fmpq_one(end->alg.hi);
    }
    C->closed = closed;
    return 0;
}

/* Events by function: zeros in point order, equal points merged. */
static void points_events(ct_analysis_common *C, ct_analysis_zero **order,
                          const slong *pid, slong n, slong nfuncs, const int *end0,
                          const int *end1)
{
    slong *cap = flint_calloc(FLINT_MAX(nfuncs, 1), sizeof(slong));
    for (slong k = 0; k < n; k++)
        cap[order[k]->f]++;
    for (slong f = 0; f < nfuncs; f++)
        cap[f] += 2;
    ct_analysis_common_alloc_events(C, nfuncs, cap);
    flint_free(cap);
    for (slong f = 0; C->closed && f < nfuncs; f++)
        if (end0[f])
            ct_analysis_common_push_event(C, f, 0, 2);
    for (slong k = 0; k < n; k++) {
        slong f = order[k]->f, len = C->ev_len[f];
        if (len > 0 && C->ev_pts[f][len - 1] == pid[k])
            C->ev_mult[f][len - 1] += order[k]->mult;
        else
            ct_analysis_common_push_event(C, f, pid[k], order[k]->mult);
    }
    for (slong f = 0; C->closed && f < nfuncs; f++)
        if (end1[f])
            ct_analysis_common_push_event(C, f, C->npoints - 1, 2);
}

int ct_analysis_points_build(ct_analysis_common *C, ct_analysis_t A, ct_analysis_zero *z,
                             slong nz, slong nfuncs, int closed, const int *end0,
                             const int *end1)
{
    ct_analysis_zero **order =
        flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_analysis_zero *));
    ct_analysis_zero **tmp = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_analysis_zero *));
    slong *pid = flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong));
    for (slong k = 0; k < nz; k++)
        order[k] = z + k;
    C->closed = closed; /* set before the sort, so an undecided report has it too */
    const ct_analysis_phase_struct *ph = C->settings != NULL ? &C->settings->phase : NULL;
    ct_analysis_phase(ph, "zeros ordered", 0, nz);
    int bad =
        points_sort(A, order, tmp, nz) || points_merge(C, A, order, nz, pid, closed);
    if (!bad)
        ct_analysis_phase(ph, "zeros ordered", nz, nz);
    if (!bad)
        points_events(C, order, pid, nz, nfuncs, end0, end1);
    for (slong k = 0; k < nz; k++)
        ct_bpoint_clear(&z[k].pt);
    flint_free(order), flint_free(tmp), flint_free(pid);
    return bad;
}
