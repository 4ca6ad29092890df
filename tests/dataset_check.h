/* Helpers of the dataset tests (t-dataset.c on the fixtures, t-dataset-real.c
   on ../shared/datasets): loading a folder of a root, the invariants every
   loaded dataset satisfies, expected counts and split sizes. */
#ifndef CERTUNE_TESTS_DATASET_CHECK_H
#define CERTUNE_TESTS_DATASET_CHECK_H

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "certune/dataset.h"
#include "check.h"

/* The folder load() reads from; each test program sets it in main. */
static const char *load_root;

static inline double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Loads load_root/name (sub may be ""); 1 when loaded, 0 when the folder is
   absent (a note, not a failure: CI may carry a partial copy). */
static inline int load(ct_dataset_t D, const char *name, const char *sub, int format,
                       int splits)
{
    char dir[512], err[512];
    double t;
    int res;

    snprintf(dir, sizeof dir, "%s/%s", load_root, name);
    if (!is_dir(dir)) {
        printf("dataset: note: %s missing, skipped\n", dir);
        return 0;
    }
    snprintf(dir, sizeof dir, "%s/%s%s", load_root, name, sub);
    t = now();
    res = ct_dataset_load_format(D, dir, format, splits, err, sizeof err);
    t = now() - t;
    CHECK_MSG(res == 0, "%s: %s", dir, err);
    if (res != 0)
        return 0;
    printf("dataset: %-28s %-9s %7.3f s\n", dir, ct_dataset_format_name(D->format), t);
    return 1;
}

/* What every loaded dataset must satisfy, whatever the format. */
static inline void check_invariants(const ct_dataset_t D)
{
    slong i, k, bad = 0;

    CHECK(D->feat_rowptr[0] == 0);
    for (i = 0; i < D->n; i++) {
        bad += D->feat_rowptr[i + 1] < D->feat_rowptr[i];
        for (k = D->feat_rowptr[i]; k < D->feat_rowptr[i + 1]; k++)
            bad += D->feat_col[k] < 0 || D->feat_col[k] >= D->nfeat ||
                   (k > D->feat_rowptr[i] && D->feat_col[k] <= D->feat_col[k - 1]);
        bad += D->label[i] < -1 || D->label[i] >= D->nclass;
    }
    for (i = 0; i < D->nedges; i++)
        bad += D->eu[i] < 0 || D->eu[i] >= D->ev[i] || D->ev[i] >= D->n ||
               (i > 0 && (D->eu[i] < D->eu[i - 1] ||
                          (D->eu[i] == D->eu[i - 1] && D->ev[i] <= D->ev[i - 1])));
    for (i = 0; i < D->nsplits * D->n; i++)
        bad += D->split[i] < -1 || D->split[i] > 2 ||
               (D->split[i] != CT_DATASET_UNUSED && D->label[i % D->n] < 0);
    CHECK_MSG(bad == 0, "%s: %ld invariant violations", D->name, (long)bad);
}

typedef struct {
    const char *name;
    int format;
    slong n, nfeat, nnz, nclass, nedges;
    slong count[16]; /* per class, -1 ends */
} expect_struct;

static inline void check_counts(const ct_dataset_t D, const expect_struct *e)
{
    slong i, c, got[64] = {0};

    CHECK_MSG(strcmp(D->name, e->name) == 0, "name %s", D->name);
    CHECK_MSG(D->format == e->format, "%s format %d", e->name, D->format);
    CHECK_MSG(D->n == e->n, "%s n %ld", e->name, (long)D->n);
    CHECK_MSG(D->nfeat == e->nfeat, "%s nfeat %ld", e->name, (long)D->nfeat);
    CHECK_MSG(D->feat_rowptr[D->n] == e->nnz, "%s nnz %ld", e->name,
              (long)D->feat_rowptr[D->n]);
    CHECK_MSG(D->nclass == e->nclass, "%s nclass %ld", e->name, (long)D->nclass);
    CHECK_MSG(D->nedges == e->nedges, "%s nedges %ld", e->name, (long)D->nedges);
    for (i = 0; i < D->n; i++)
        if (D->label[i] >= 0 && D->label[i] < 64)
            got[D->label[i]]++;
    for (c = 0; c < 16 && e->count[c] >= 0; c++)
        CHECK_MSG(got[c] == e->count[c], "%s class %ld: %ld, README %ld", e->name,
                  (long)c, (long)got[c], (long)e->count[c]);
    check_invariants(D);
}

/* Train/val/test/unused sizes of split s. */
static inline void split_sizes(slong out[4], const ct_dataset_t D, slong s)
{
    slong i;

    out[0] = out[1] = out[2] = out[3] = 0;
    for (i = 0; i < D->n; i++) {
        int c = D->split[s * D->n + i];
        out[c < 0 ? 3 : c]++;
    }
}

/* Every split s in 0..nsplits-1 has the sizes tr/va/te (unused: the rest). */
static inline void check_geom_splits(const ct_dataset_t D, slong tr, slong va, slong te)
{
    slong s, z[4];

    CHECK_MSG(D->nsplits == 10 && D->split_kind == CT_DATASET_SPLITS_GEOM,
              "%s nsplits %ld", D->name, (long)D->nsplits);
    for (s = 0; s < D->nsplits; s++) {
        split_sizes(z, D, s);
        CHECK_MSG(z[0] == tr && z[1] == va && z[2] == te, "%s split %ld: %ld/%ld/%ld",
                  D->name, (long)s, (long)z[0], (long)z[1], (long)z[2]);
    }
}

#endif
