/* profile_sort: a profile's instances in the order of the whole set. A merge
   lists one part's instances, then the other's; one run over the set lists
   them in the set's order, which per-instance reports (eval) and the seeded
   Monte-Carlo Rademacher draws (tune) follow. */
#include <stdlib.h>
#include <string.h>
#include "certune/profile.h"

slong ct_profile_set_index(const ct_profile_t P, slong t)
{
    return P->set_index != NULL ? P->set_index[t] : P->shards[0] + t * P->shard_k;
}

/* Permutes the m-element array a (elements of size bytes) by pos: new
   position pos[t] of element t. */
static void sort_permute(void *a, size_t size, slong m, const slong *pos)
{
    if (a == NULL)
        return;
    char *tmp = flint_malloc(FLINT_MAX(m, 1) * size);
    for (slong t = 0; t < m; t++)
        memcpy(tmp + pos[t] * size, (char *)a + t * size, size);
    memcpy(a, tmp, m * size);
    flint_free(tmp);
}

/* Within each place, the events by (new) instance, keeping their order per
   instance (an insertion sort: a place has few events). */
static void sort_events(ct_analysis_t A)
{
    for (slong p = 0; p < A->nplaces; p++)
        for (slong e = A->place_start[p] + 1; e < A->place_start[p + 1]; e++) {
            slong inst = A->ev_inst[e], delta = A->ev_delta[e], k = e;
            for (; k > A->place_start[p] && A->ev_inst[k - 1] > inst; k--) {
                A->ev_inst[k] = A->ev_inst[k - 1];
                A->ev_delta[k] = A->ev_delta[k - 1];
            }
            A->ev_inst[k] = inst;
            A->ev_delta[k] = delta;
        }
}

static int sort_cmp_pair(const void *a, const void *b)
{
    slong x = *(const slong *)a, y = *(const slong *)b;
    return (x > y) - (x < y);
}

void ct_profile_sort_instances(ct_profile_t P)
{
    ct_analysis_struct *A = &P->A;
    slong m = A->ninst, *idx = flint_malloc(2 * FLINT_MAX(m, 1) * sizeof(slong));
    slong *pos = idx + FLINT_MAX(m, 1), sorted = 1;
    for (slong t = 0; t < m; t++) {
        idx[t] = ct_profile_set_index(P, t);
        sorted &= t == 0 || idx[t - 1] < idx[t];
    }
    if (!sorted) { /* pos[t] = the rank of idx[t] (distinct: no instance twice) */
        slong *ord = flint_malloc(2 * m * sizeof(slong));
        for (slong t = 0; t < m; t++)
            ord[2 * t] = idx[t], ord[2 * t + 1] = t;
        qsort(ord, m, 2 * sizeof(slong), sort_cmp_pair);
        for (slong r = 0; r < m; r++)
            pos[ord[2 * r + 1]] = r;
        flint_free(ord);
    }
    if (!sorted) {
        sort_permute(P->names, sizeof(char *), m, pos);
        sort_permute(A->inst_nscored, sizeof(slong), m, pos);
        sort_permute(A->inst_cost0, sizeof(slong), m, pos);
        sort_permute(A->inst_nodes, sizeof(slong), m, pos);
        sort_permute(A->inst_classes, sizeof(slong), m, pos);
        sort_permute(idx, sizeof(slong), m, pos);
        for (slong e = 0; A->nundecided == 0 && e < A->place_start[A->nplaces]; e++)
            A->ev_inst[e] = pos[A->ev_inst[e]];
        if (A->nundecided == 0)
            sort_events(A);
        flint_free(P->set_index);
        P->set_index = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
        memcpy(P->set_index, idx, m * sizeof(slong));
    }
    flint_free(idx);
}
