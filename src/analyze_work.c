/* analyze_work: the analyzer's working state, and the exact sort of roots. */
#include <string.h>
#include "analyze_internal.h"

void analyze_work_init(analyze_work *W)
{
    memset(W, 0, sizeof(analyze_work));
    polyset_init(W->sign_polys);
    polyset_init(W->factors);
}

void analyze_work_clear(analyze_work *W)
{
    for (slong s = 0; s < W->nsigns; s++) {
        if (W->pair_pid != NULL)
            flint_free(W->pair_pid[s]);
        signfn_clear(W->signs + s);
    }
    flint_free(W->signs);
    flint_free(W->pair_pid);
    for (slong i = 0; W->pfac != NULL && i < W->sign_polys->len; i++) {
        flint_free(W->pfac[i].fid);
        flint_free(W->pfac[i].exp);
    }
    flint_free(W->pfac);
    for (slong i = 0; W->ev_len != NULL && i < W->sign_polys->len; i++) {
        flint_free(W->ev_pts[i]);
        flint_free(W->ev_mult[i]);
    }
    flint_free(W->ev_len);
    flint_free(W->ev_pts);
    flint_free(W->ev_mult);
    for (slong f = 0; W->froots != NULL && f < W->factors->len; f++) {
        for (slong j = 0; j < W->nfroots[f]; j++)
            rroot_clear(W->froots[f] + j);
        flint_free(W->froots[f]);
        flint_free(W->fpoint[f]);
    }
    flint_free(W->froots);
    flint_free(W->nfroots);
    flint_free(W->fpoint);
    flint_free(W->order);
    flint_free(W->point_root);
    polyset_clear(W->sign_polys);
    polyset_clear(W->factors);
}

static void analyze_merge(analyze_root_ref *dst, analyze_root_ref *a, slong na,
                          analyze_root_ref *b, slong nb)
{
    slong i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        dst[k++] = rroot_cmp(b[j].root, a[i].root) < 0 ? b[j++] : a[i++];
    while (i < na)
        dst[k++] = a[i++];
    while (j < nb)
        dst[k++] = b[j++];
}

/* Merge sort: O(n log n) comparisons, each of which may refine two roots. */
void analyze_sort_roots(analyze_root_ref *refs, slong n)
{
    if (n < 2)
        return;
    analyze_root_ref *tmp = flint_malloc(n * sizeof(analyze_root_ref));
    for (slong width = 1; width < n; width *= 2) {
        for (slong lo = 0; lo < n; lo += 2 * width) {
            slong mid = FLINT_MIN(lo + width, n), hi = FLINT_MIN(lo + 2 * width, n);
            analyze_merge(tmp + lo, refs + lo, mid - lo, refs + mid, hi - mid);
        }
        memcpy(refs, tmp, n * sizeof(analyze_root_ref));
    }
    flint_free(tmp);
}

/* Gives equal adjacent roots (proved equal by rroot_cmp) one point id, and
   keeps as each point's root the one with the defining poly of least degree. */
void analyze_merge_equal(analyze_work *W)
{
    slong nroots = W->npoints, g = -1;
    W->point_root = flint_malloc(FLINT_MAX(nroots, 1) * sizeof(rroot_struct *));
    for (slong k = 0; k < nroots; k++) {
        analyze_root_ref *r = W->order + k;
        if (k == 0 || rroot_cmp(W->order[k - 1].root, r->root) != 0)
            W->point_root[++g] = r->root;
        else if (fmpz_poly_degree(r->root->poly) < fmpz_poly_degree(W->point_root[g]->poly))
            W->point_root[g] = r->root;
        W->fpoint[r->factor][r->index] = g;
    }
    W->npoints = g + 1;
}
