/* whole_split: the standard splits of a whole graph by name: Planetoid's
   public split, the ten Geom-GCN splits, and seeded random splits with a
   fixed number of training nodes per class (PyG's convention: PER_CLASS per
   class, then VAL and TEST nodes; not PyG's random stream). */
#include <stdlib.h>
#include <string.h>
#include "certune/whole.h"

#define WHOLE_GEOM_SPLITS 10

/* A decimal count in [lo, hi] from s (all of it). */
static int whole_parse_count(slong *v, const char *s, slong lo, slong hi)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *end;
    unsigned long long x = strtoull(s, &end, 10);
    if (*end != '\0' || x < (unsigned long long)lo || x > (unsigned long long)hi)
        return -1;
    *v = (slong)x;
    return 0;
}

/* "SEED[:PER_CLASS[:VAL[:TEST]]]" into S (the counts keep their defaults). */
static int whole_parse_random(ct_whole_split_struct *S, const char *s)
{
    char buf[96];
    if (strlen(s) >= sizeof(buf))
        return -1;
    strcpy(buf, s);
    slong *field[3] = {&S->per_class, &S->nval, &S->ntest};
    char *save = NULL, *tok = strtok_r(buf, ":", &save);
    slong seed;
    if (tok == NULL || whole_parse_count(&seed, tok, 0, WORD_MAX))
        return -1;
    S->seed = (ulong)seed;
    for (int k = 0; (tok = strtok_r(NULL, ":", &save)) != NULL; k++)
        if (k == 3 || whole_parse_count(field[k], tok, k == 0 ? 1 : 0, 100000000))
            return -1;
    return s[strlen(s) - 1] == ':' || strstr(s, "::") != NULL ? -1 : 0;
}

int ct_whole_split_parse(ct_whole_split_struct *S, const char *text, char *err,
                         size_t errlen)
{
    memset(S, 0, sizeof(*S));
    S->index = -1;
    S->per_class = 20, S->nval = 500, S->ntest = 1000;
    int bad = 0;
    if (strcmp(text, "public") == 0)
        S->kind = CT_WHOLE_SPLIT_PUBLIC;
    else if (strcmp(text, "geom-gcn") == 0)
        S->kind = CT_WHOLE_SPLIT_GEOM;
    else if (strncmp(text, "geom-gcn:", 9) == 0) {
        S->kind = CT_WHOLE_SPLIT_GEOM;
        bad = whole_parse_count(&S->index, text + 9, 0, WHOLE_GEOM_SPLITS - 1);
    } else if (strncmp(text, "random:", 7) == 0) {
        S->kind = CT_WHOLE_SPLIT_RANDOM;
        bad = whole_parse_random(S, text + 7);
    } else
        bad = 1;
    if (bad)
        snprintf(err, errlen,
                 "unknown split '%s' (expected public, geom-gcn, geom-gcn:K with K in "
                 "0..9, or random:SEED[:PER_CLASS[:VAL[:TEST]]])",
                 text);
    return bad ? -1 : 0;
}

void ct_whole_split_name(char *buf, size_t len, const ct_whole_split_struct *S)
{
    if (S->kind == CT_WHOLE_SPLIT_PUBLIC)
        snprintf(buf, len, "public");
    else if (S->kind == CT_WHOLE_SPLIT_GEOM && S->index < 0)
        snprintf(buf, len, "geom-gcn");
    else if (S->kind == CT_WHOLE_SPLIT_GEOM)
        snprintf(buf, len, "geom-gcn:%ld", (long)S->index);
    else
        snprintf(buf, len, "random:%lu:%ld:%ld:%ld", (unsigned long)S->seed,
                 (long)S->per_class, (long)S->nval, (long)S->ntest);
}

int ct_whole_split_load_kind(const ct_whole_split_struct *S)
{
    return S->kind == CT_WHOLE_SPLIT_PUBLIC ? CT_DATASET_SPLITS_PUBLIC
           : S->kind == CT_WHOLE_SPLIT_GEOM ? CT_DATASET_SPLITS_GEOM
                                            : CT_DATASET_SPLITS_NONE;
}

/* PER_CLASS training nodes of each class, the first met in the seeded order;
   then, in the same order, VAL validation and TEST test nodes of the rest. */
static void whole_random_codes(signed char *codes, const ct_dataset_t D,
                               const ct_whole_split_struct *S)
{
    slong *idx = flint_malloc(FLINT_MAX(D->n, 1) * sizeof(slong));
    slong *taken = flint_calloc(FLINT_MAX(D->nclass, 1), sizeof(slong));
    slong m, nval = 0, ntest = 0;
    ct_dataset_split_random_order(idx, &m, D, S->seed);
    memset(codes, CT_DATASET_UNUSED, (size_t)D->n);
    for (slong k = 0; k < m; k++)
        if (taken[D->label[idx[k]]] < S->per_class) {
            taken[D->label[idx[k]]]++;
            codes[idx[k]] = CT_DATASET_TRAIN;
        }
    for (slong k = 0; k < m; k++) {
        if (codes[idx[k]] == CT_DATASET_TRAIN)
            continue;
        if (nval < S->nval)
            codes[idx[k]] = CT_DATASET_VAL, nval++;
        else if (ntest < S->ntest)
            codes[idx[k]] = CT_DATASET_TEST, ntest++;
    }
    flint_free(taken);
    flint_free(idx);
}

int ct_whole_split_codes(signed char *codes, const ct_dataset_t D,
                         const ct_whole_split_struct *S, slong k, char *err,
                         size_t errlen)
{
    if (S->kind == CT_WHOLE_SPLIT_RANDOM) {
        whole_random_codes(codes, D, S);
        return 0;
    }
    int want = S->kind == CT_WHOLE_SPLIT_PUBLIC ? CT_DATASET_SPLITS_PUBLIC
                                                : CT_DATASET_SPLITS_GEOM;
    slong s = S->kind == CT_WHOLE_SPLIT_GEOM && S->index >= 0 ? S->index : k;
    if (D->split_kind != want || s < 0 || s >= D->nsplits) {
        snprintf(err, errlen, "%s: no %s split%s (it has %s; try --split random:SEED)",
                 D->name, S->kind == CT_WHOLE_SPLIT_PUBLIC ? "public" : "Geom-GCN",
                 S->kind == CT_WHOLE_SPLIT_GEOM ? " files" : "",
                 D->split_kind == CT_DATASET_SPLITS_PUBLIC ? "the public split"
                 : D->split_kind == CT_DATASET_SPLITS_GEOM ? "the Geom-GCN splits"
                                                           : "no shipped split");
        return -1;
    }
    memcpy(codes, D->split + s * D->n, (size_t)D->n);
    return 0;
}

int ct_whole_score_parse(int *score, const char *text)
{
    static const char *const names[] = {"val", "test", "all"};
    for (int k = 0; k < 3; k++)
        if (strcmp(text, names[k]) == 0) {
            *score = k;
            return 0;
        }
    return -1;
}

const char *ct_whole_score_name(int score)
{
    return score == CT_WHOLE_SCORE_VAL    ? "val"
           : score == CT_WHOLE_SCORE_TEST ? "test"
                                          : "all";
}

int ct_whole_load(ct_dataset_t D, const char *arg, const char *data_root,
                  const ct_whole_split_struct *S, char *err, size_t errlen)
{
    int want = ct_whole_split_load_kind(S);
    if (ct_dataset_load_named(D, arg, data_root, want, err, errlen) == 0)
        return 0;
    /* Say which splits the dataset has, when it loads without the one asked. */
    char other[CT_WHOLE_ERRLEN];
    if (ct_dataset_load_named(D, arg, data_root, CT_DATASET_SPLITS_DEFAULT, other,
                              sizeof(other)) != 0)
        return -1;
    snprintf(err, errlen, "%s: no %s (it has %s; --split random:SEED needs none)",
             D->name,
             S->kind == CT_WHOLE_SPLIT_PUBLIC ? "public split" : "Geom-GCN split files",
             D->split_kind == CT_DATASET_SPLITS_PUBLIC ? "the public split"
             : D->split_kind == CT_DATASET_SPLITS_GEOM ? "the Geom-GCN splits"
                                                       : "no shipped split");
    ct_dataset_clear(D);
    return -1;
}
