/* cli_profiles: profile files (docs/scale.md) as command-line inputs: telling
   them from instance files, and reading several into the exact merge of the
   whole set, as `certune merge` does (merge, eval, tune). */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"

int ct_cli_is_profile(const char *path)
{
    static const char magic[] = "certune-profile ";
    char head[sizeof(magic)] = {0};
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    size_t n = fread(head, 1, sizeof(magic) - 1, f);
    fclose(f);
    return n == sizeof(magic) - 1 && memcmp(head, magic, n) == 0;
}

/* Reads every profile, then merges them pairwise in a fixed tree order; the
   union ends in P[0]. Returns 0 or 2 (message printed; all cleared). */
static int profiles_load_all(ct_profile_struct *P, const char *const *files, slong n)
{
    char err[CERTUNE_ERRLEN];
    for (slong k = 0; k < n; k++)
        if (ct_profile_read(P + k, files[k], err, sizeof(err))) {
            fprintf(stderr, "certune: %s\n", err);
            for (slong j = 0; j <= k; j++)
                ct_profile_clear(P + j);
            return CERTUNE_EXIT_INPUT;
        }
    int rc = 0;
    for (slong w = 1; w < n; w *= 2)
        for (slong i = 0; i + w < n; i += 2 * w) {
            ct_profile_t R;
            if (rc == 0 && ct_profile_merge(R, P + i, P + i + w, err, sizeof(err))) {
                fprintf(stderr, "certune: %s\n", err);
                rc = CERTUNE_EXIT_INPUT;
                ct_profile_clear(R);
            }
            if (rc == 0) {
                ct_profile_clear(P + i);
                P[i] = *R;
            }
            ct_profile_clear(P + i + w);
        }
    if (rc)
        ct_profile_clear(P + 0);
    return rc;
}

/* A missing shard: an error, or with keep_going a warning naming them. */
static int profiles_check_complete(const ct_profile_t P, int keep_going)
{
    if (P->nshards == P->shard_k) {
        if (P->A.ninst == P->set_size)
            return 0;
        fprintf(stderr,
                "certune: the shards hold %ld instances, not the %ld of the set\n",
                (long)P->A.ninst, (long)P->set_size);
        return CERTUNE_EXIT_INPUT;
    }
    fprintf(stderr, "certune: %s: %ld of %ld instances; missing shards",
            keep_going ? "warning: partial report" : "incomplete", (long)P->A.ninst,
            (long)P->set_size);
    for (slong s = 0, j = 0; s < P->shard_k; s++) {
        if (j < P->nshards && P->shards[j] == s)
            j++;
        else
            fprintf(stderr, " %ld/%ld", (long)s, (long)P->shard_k);
    }
    fprintf(stderr, "%s\n", keep_going ? "" : " (rerun them, or pass --keep-going)");
    return keep_going ? 0 : CERTUNE_EXIT_INPUT;
}

int ct_cli_merge_profiles(ct_profile_t out, const char *const *files, slong n,
                          int keep_going)
{
    ct_profile_struct *P = flint_malloc(n * sizeof(ct_profile_struct));
    int rc = profiles_load_all(P, files, n);
    if (rc == 0) {
        rc = profiles_check_complete(P + 0, keep_going);
        if (rc)
            ct_profile_clear(P + 0);
        else
            *out = P[0];
        if (rc == 0)
            ct_profile_sort_instances(out); /* the set's order, as one run's */
    }
    flint_free(P);
    return rc;
}
