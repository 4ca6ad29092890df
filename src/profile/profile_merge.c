/* profile_merge: the union of two profiles of disjoint instance sets: the
   exact merge of their analyses (ct_analysis_merge) and their names, after
   checking that they were made alike and share no instance. */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "profile_internal.h"

static int merge_cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first name that A and B share, or NULL. */
static const char *merge_shared_name(const ct_profile_t A, const ct_profile_t B)
{
    slong na = A->A.ninst, nb = B->A.ninst;
    char **all = flint_malloc((na + nb) * sizeof(char *));
    memcpy(all, A->names, na * sizeof(char *));
    memcpy(all + na, B->names, nb * sizeof(char *));
    qsort(all, na + nb, sizeof(char *), merge_cmp_names);
    const char *dup = NULL;
    for (slong k = 1; dup == NULL && k < na + nb; k++)
        if (strcmp(all[k - 1], all[k]) == 0)
            dup = all[k];
    flint_free(all);
    return dup;
}

/* R's shards: the union of A's and B's (same layout, disjoint); -1 with err
   set otherwise. */
static int merge_shards(ct_profile_t R, const ct_profile_t A, const ct_profile_t B,
                        char *err, size_t errlen)
{
    if (A->shard_k != B->shard_k || A->set_size != B->set_size) {
        snprintf(err, errlen,
                 "cannot merge shards of different splits (%ld of %ld "
                 "instances, %ld of %ld)",
                 (long)A->shard_k, (long)A->set_size, (long)B->shard_k,
                 (long)B->set_size);
        return -1;
    }
    R->shard_k = A->shard_k;
    R->set_size = A->set_size;
    R->shards = flint_malloc((A->nshards + B->nshards) * sizeof(slong));
    slong i = 0, j = 0;
    while (i < A->nshards || j < B->nshards) {
        if (i < A->nshards && j < B->nshards && A->shards[i] == B->shards[j]) {
            snprintf(err, errlen, "shard %ld/%ld is in two profiles", (long)A->shards[i],
                     (long)A->shard_k);
            return -1;
        }
        int take_a = j == B->nshards || (i < A->nshards && A->shards[i] < B->shards[j]);
        R->shards[R->nshards++] = take_a ? A->shards[i++] : B->shards[j++];
    }
    return 0;
}

int ct_profile_merge(ct_profile_t R, ct_profile_t A, ct_profile_t B, char *err,
                     size_t errlen)
{
    memset(R, 0, sizeof(*R));
    R->score_all = A->score_all;
    const char *dup = A->score_all != B->score_all ? NULL : merge_shared_name(A, B);
    if (A->score_all != B->score_all || dup != NULL ||
        merge_shards(R, A, B, err, errlen)) {
        ct_analysis_init_empty(&R->A, A->A.family, 0);
        if (A->score_all == B->score_all && dup == NULL)
            return -1; /* merge_shards said why */
        if (dup != NULL)
            snprintf(err, errlen, "instance %s is in two profiles", dup);
        else
            snprintf(err, errlen, "cannot merge profiles with different score modes");
        return -1;
    }
    int rc = ct_analysis_merge(&R->A, &A->A, &B->A, err, errlen);
    if (rc) {
        R->A.ninst = 0;
        return -1;
    }
    slong na = A->A.ninst, nb = B->A.ninst;
    R->set_index = flint_malloc((na + nb) * sizeof(slong));
    for (slong t = 0; t < na + nb; t++)
        R->set_index[t] =
            t < na ? ct_profile_set_index(A, t) : ct_profile_set_index(B, t - na);
    R->names = flint_malloc((na + nb) * sizeof(char *));
    for (slong t = 0; t < na + nb; t++) {
        const char *s = t < na ? A->names[t] : B->names[t - na];
        R->names[t] = ct_mem_strdup(s);
    }
    return 0;
}
