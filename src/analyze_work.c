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

void analyze_sort_roots(analyze_root_ref *refs, slong n)
{
    rroot_struct **ptr = flint_malloc(FLINT_MAX(n, 1) * sizeof(rroot_struct *));
    analyze_root_ref *copy = flint_malloc(FLINT_MAX(n, 1) * sizeof(analyze_root_ref));
    slong *perm = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong k = 0; k < n; k++)
        ptr[k] = refs[k].root;
    memcpy(copy, refs, n * sizeof(analyze_root_ref));
    roots_sort_perm(perm, ptr, n);
    for (slong k = 0; k < n; k++)
        refs[k] = copy[perm[k]];
    flint_free(ptr);
    flint_free(copy);
    flint_free(perm);
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
        else if (fmpz_poly_degree(r->root->poly) <
                 fmpz_poly_degree(W->point_root[g]->poly))
            W->point_root[g] = r->root;
        W->fpoint[r->factor][r->index] = g;
    }
    W->npoints = g + 1;
}
