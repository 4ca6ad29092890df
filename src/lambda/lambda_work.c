/* ct_lambda_work: the analyzer's working state, and the exact sort of roots. */
#include <string.h>
#include "lambda_internal.h"

void ct_lambda_work_init(ct_lambda_work *W)
{
    memset(W, 0, sizeof(ct_lambda_work));
    ct_polyset_init(W->sign_polys);
    ct_polyset_init(W->factors);
}

void ct_lambda_work_clear(ct_lambda_work *W)
{
    for (slong s = 0; s < W->nsigns; s++) {
        if (W->pair_pid != NULL)
            flint_free(W->pair_pid[s]);
        ct_signfn_clear(W->signs + s);
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
            ct_rroot_clear(W->froots[f] + j);
        flint_free(W->froots[f]);
        flint_free(W->fpoint[f]);
    }
    flint_free(W->froots);
    flint_free(W->nfroots);
    flint_free(W->fpoint);
    flint_free(W->order);
    flint_free(W->point_root);
    ct_polyset_clear(W->sign_polys);
    ct_polyset_clear(W->factors);
}

void ct_lambda_sort_roots(ct_lambda_root_ref *refs, slong n)
{
    ct_rroot_struct **ptr = flint_malloc(FLINT_MAX(n, 1) * sizeof(ct_rroot_struct *));
    ct_lambda_root_ref *copy = flint_malloc(FLINT_MAX(n, 1) * sizeof(ct_lambda_root_ref));
    slong *perm = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong k = 0; k < n; k++)
        ptr[k] = refs[k].root;
    memcpy(copy, refs, n * sizeof(ct_lambda_root_ref));
    ct_rroot_sort_perm(perm, ptr, n);
    for (slong k = 0; k < n; k++)
        refs[k] = copy[perm[k]];
    flint_free(ptr);
    flint_free(copy);
    flint_free(perm);
}

/* Gives equal adjacent roots (proved equal by ct_rroot_cmp) one point id, and
   keeps as each point's root the one with the defining poly of least degree. */
void ct_lambda_merge_equal(ct_lambda_work *W)
{
    slong nroots = W->npoints, g = -1;
    W->point_root = flint_malloc(FLINT_MAX(nroots, 1) * sizeof(ct_rroot_struct *));
    for (slong k = 0; k < nroots; k++) {
        ct_lambda_root_ref *r = W->order + k;
        if (k == 0 || ct_rroot_cmp(W->order[k - 1].root, r->root) != 0)
            W->point_root[++g] = r->root;
        else if (fmpz_poly_degree(r->root->poly) <
                 fmpz_poly_degree(W->point_root[g]->poly))
            W->point_root[g] = r->root;
        W->fpoint[r->factor][r->index] = g;
    }
    W->npoints = g + 1;
}
