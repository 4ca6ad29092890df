/* cli_profiles: profile files (docs/scale.md) as command-line inputs: telling
   them from instance files, and reading several into the exact merge of the
   whole set, as `certune merge` does (merge, eval, tune). */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/mem.h"

int ct_cli_is_profile(const char *path)
{
    static const char magic[] = "certune-profile ";
    char head[sizeof(magic)] = {0}, err[CERTUNE_ERRLEN];
    const char *data;
    size_t n;
    int sp = ct_cli_spool(path, &data, &n, err, sizeof(err));
    if (sp < 0)
        return 0; /* the loader reports it */
    if (sp == 1)
        return n >= sizeof(magic) - 1 && memcmp(data, magic, sizeof(magic) - 1) == 0;
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    n = fread(head, 1, sizeof(magic) - 1, f);
    fclose(f);
    return n == sizeof(magic) - 1 && memcmp(head, magic, n) == 0;
}

/* ct_profile_read, or from the spooled copy of an input read once. */
static int profiles_read(ct_profile_t P, const char *path, char *err, size_t errlen)
{
    const char *data;
    size_t n;
    int sp = ct_cli_spool(path, &data, &n, err, errlen);
    if (sp != 1) {
        if (sp == 0)
            return ct_profile_read(P, path, err, errlen);
        memset(P, 0, sizeof(*P));
        ct_analysis_init_empty(&P->A, 0, 0); /* any family: P is only cleared */
        return -1;
    }
    FILE *f = fmemopen((void *)data, n, "r");
    int rc = f == NULL ? -1 : ct_profile_read_stream(P, f, path, err, errlen);
    if (f == NULL) {
        memset(P, 0, sizeof(*P));
        ct_analysis_init_empty(&P->A, 0, 0); /* any family: P is only cleared */
        snprintf(err, errlen, "%s: cannot read the profile", path);
    } else
        fclose(f);
    return rc;
}

typedef struct {
    slong shard, file;
} profiles_owner;

static int profiles_owner_cmp(const void *a, const void *b)
{
    const profiles_owner *x = a, *y = b;
    return x->shard != y->shard ? (x->shard > y->shard) - (x->shard < y->shard)
                                : (x->file > y->file) - (x->file < y->file);
}

/* Before any merge: every profile made like the first, of the same set and
   split, and no shard in two files; the message names the files. 0 or 2. */
static int profiles_check_all(ct_profile_struct *P, const char *const *files, slong n)
{
    char err[CERTUNE_ERRLEN];
    for (slong k = 1; k < n; k++)
        if (ct_profile_check_compatible(P + 0, P + k, err, sizeof(err))) {
            fprintf(stderr, "certune: cannot merge %s and %s: %s\n", files[0], files[k],
                    err);
            return CERTUNE_EXIT_INPUT;
        }
    slong total = 0, at = 0;
    for (slong k = 0; k < n; k++)
        total += P[k].nshards;
    profiles_owner *own = ct_mem_malloc(sizeof(profiles_owner) * (size_t)total);
    for (slong k = 0; k < n; k++)
        for (slong j = 0; j < P[k].nshards; j++)
            own[at++] = (profiles_owner){P[k].shards[j], k};
    qsort(own, (size_t)total, sizeof(profiles_owner), profiles_owner_cmp);
    int rc = 0;
    for (slong j = 1; rc == 0 && j < total; j++)
        if (own[j].shard == own[j - 1].shard) {
            fprintf(stderr, "certune: cannot merge %s and %s: both hold shard %ld/%ld\n",
                    files[own[j - 1].file], files[own[j].file], (long)own[j].shard,
                    (long)P[0].shard_k);
            rc = CERTUNE_EXIT_INPUT;
        }
    free(own);
    return rc;
}

/* Reads every profile, then merges them pairwise in a fixed tree order; the
   union ends in P[0]. Returns 0 or 2 (message printed; all cleared). */
static int profiles_load_all(ct_profile_struct *P, const char *const *files, slong n)
{
    char err[CERTUNE_ERRLEN];
    for (slong k = 0; k < n; k++)
        if (profiles_read(P + k, files[k], err, sizeof(err))) {
            fprintf(stderr, "certune: %s\n", err);
            for (slong j = 0; j <= k; j++)
                ct_profile_clear(P + j);
            return CERTUNE_EXIT_INPUT;
        }
    int rc = profiles_check_all(P, files, n);
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

#define PROFILES_LIST_MISSING 20 /* the missing shards named; the rest counted */

/* A missing shard: an error, or with keep_going a warning naming them.
   Shards from the set's size on hold no instance: they need no profile. */
static int profiles_check_complete(const ct_profile_t P, int keep_going)
{
    slong need = FLINT_MIN(P->shard_k, P->set_size), have = 0;
    for (slong j = 0; j < P->nshards; j++)
        have += P->shards[j] < need;
    if (have == need) {
        if (P->A.ninst == P->set_size)
            return 0;
        fprintf(stderr,
                "certune: the shards hold %ld instances, not the %ld of the set\n",
                (long)P->A.ninst, (long)P->set_size);
        return CERTUNE_EXIT_INPUT;
    }
    if (P->A.ninst == 0)
        keep_going = 0; /* nothing to report on */
    fprintf(stderr, "certune: %s: %ld of %ld instances; missing shards",
            keep_going ? "warning: partial report" : "incomplete", (long)P->A.ninst,
            (long)P->set_size);
    slong listed = 0, missing = need - have;
    for (slong s = 0, j = 0; s < need && listed < PROFILES_LIST_MISSING; s++) {
        if (j < P->nshards && P->shards[j] == s)
            j++;
        else
            listed++, fprintf(stderr, " %ld/%ld", (long)s, (long)P->shard_k);
    }
    if (missing > listed)
        fprintf(stderr, " and %ld more", (long)(missing - listed));
    fprintf(stderr, "%s\n",
            keep_going        ? ""
            : P->A.ninst == 0 ? " (the shards present hold no instance)"
                              : " (rerun them, or pass --keep-going)");
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
