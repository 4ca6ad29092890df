/* profile_merge: the union of two profiles of disjoint shards of one
   instance set: the exact merge of their analyses (ct_analysis_merge) and
   their names, after checking that they were made alike, of the same set (its
   digest) and the same split, and share no shard: then they share no
   instance, however its file was spelled. */
#include <stdlib.h>
#include <string.h>
#include "certune/family.h"
#include "certune/mem.h"
#include "profile_internal.h"

static const char *merge_family_name(ct_family_t f)
{
    return ct_family_name(f);
}

int ct_profile_check_compatible(const ct_profile_t A, const ct_profile_t B, char *err,
                                size_t errlen)
{
    const ct_analysis_struct *a = &A->A, *b = &B->A;
    if (a->family != b->family)
        snprintf(err, errlen, "different families: %s and %s",
                 merge_family_name(a->family), merge_family_name(b->family));
    else if (!fmpq_equal(a->c, b->c)) {
        char *x = fmpq_get_str(NULL, 10, a->c), *y = fmpq_get_str(NULL, 10, b->c);
        snprintf(err, errlen, "different constants: --c %s and --c %s", x, y);
        flint_free(x), flint_free(y);
    } else if (a->ties != b->ties)
        snprintf(err, errlen, "different tie rules: %s and %s",
                 a->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest",
                 b->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest");
    else if (A->score_all != B->score_all)
        snprintf(err, errlen, "different score modes: %s and %s",
                 A->score_all ? "all" : "unlabeled", B->score_all ? "all" : "unlabeled");
    else if (A->shard_k != B->shard_k || A->set_size != B->set_size)
        snprintf(err, errlen,
                 "shards of different splits: %ld shards of %ld instances and %ld of %ld",
                 (long)A->shard_k, (long)A->set_size, (long)B->shard_k,
                 (long)B->set_size);
    else if (memcmp(A->set_digest, B->set_digest, CT_DIGEST_SIZE) != 0)
        snprintf(err, errlen,
                 "shards of different instance sets (the files, their "
                 "order or their contents differ)");
    else
        return 0;
    return -1;
}

/* R's shards: the union of A's and B's (disjoint); -1 with err set otherwise. */
static int merge_shards(ct_profile_t R, const ct_profile_t A, const ct_profile_t B,
                        char *err, size_t errlen)
{
    R->shard_k = A->shard_k;
    R->set_size = A->set_size;
    memcpy(R->set_digest, A->set_digest, CT_DIGEST_SIZE);
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

/* R takes S's analysis, names and set indices (S is left empty): the union
   with an empty shard. */
static void merge_take(ct_profile_t R, ct_profile_t S)
{
    R->A = S->A;
    R->names = S->names;
    R->set_index = S->set_index;
    if (R->set_index == NULL && R->A.ninst > 0) { /* S held one shard in order */
        R->set_index = flint_malloc(R->A.ninst * sizeof(slong));
        for (slong t = 0; t < R->A.ninst; t++)
            R->set_index[t] = S->shards[0] + t * S->shard_k;
    }
    S->names = NULL;
    S->set_index = NULL;
    ct_analysis_init_empty(&S->A, R->A.family, 0);
}

/* The union of the analyses, names and set indices of A and B. */
static int merge_analyses(ct_profile_t R, ct_profile_t A, ct_profile_t B, char *err,
                          size_t errlen)
{
    if (ct_analysis_merge(&R->A, &A->A, &B->A, err, errlen)) {
        R->A.ninst = 0;
        return -1;
    }
    slong na = A->A.ninst, nb = B->A.ninst;
    R->set_index = flint_malloc((na + nb) * sizeof(slong));
    for (slong t = 0; t < na + nb; t++)
        R->set_index[t] =
            t < na ? ct_profile_set_index(A, t) : ct_profile_set_index(B, t - na);
    R->names = flint_malloc((na + nb) * sizeof(char *));
    for (slong t = 0; t < na + nb; t++)
        R->names[t] = ct_mem_strdup(t < na ? A->names[t] : B->names[t - na]);
    return 0;
}

int ct_profile_merge(ct_profile_t R, ct_profile_t A, ct_profile_t B, char *err,
                     size_t errlen)
{
    memset(R, 0, sizeof(*R));
    R->score_all = A->score_all;
    if (ct_profile_check_compatible(A, B, err, errlen) ||
        merge_shards(R, A, B, err, errlen)) {
        flint_free(R->shards);
        R->shards = NULL;
        R->nshards = 0;
        ct_analysis_init_empty(&R->A, A->A.family, 0);
        return -1;
    }
    if (B->A.ninst == 0 || A->A.ninst == 0) {
        merge_take(R, B->A.ninst == 0 ? A : B);
        return 0;
    }
    return merge_analyses(R, A, B, err, errlen);
}
