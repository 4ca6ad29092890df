/* libFuzzer target for the dataset loaders (docs/gnn-data.md). The first byte
   picks a format; the rest is cut at 0xFF bytes into that format's files,
   written to a private folder, and loaded. Besides surviving any bytes, an
   accepted dataset must satisfy the documented invariants, and a rejected one
   must leave a message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/base.h"
#include "certune/dataset.h"

static const char *const fuzz_files[3][7] = {
    {"labels.txt", "edges.txt", "features.txt", "train.txt", "val.txt", "test.txt",
     "classes.txt"},
    {"out1_node_feature_label.txt", "out1_graph_edges.txt", NULL},
    {"fuzz.content", "fuzz.cites", NULL}};
static const int fuzz_formats[3] = {CT_DATASET_FORMAT_PLANETOID, CT_DATASET_FORMAT_GEOM,
                                    CT_DATASET_FORMAT_LINQS};

static char fuzz_dir[64];

static void fuzz_check_valid(const ct_dataset_t D)
{
    if (D->n < 0 || D->nfeat < 0 || D->nclass < 0 || D->nedges < 0 || D->nsplits < 0)
        abort();
    for (slong i = 0; i < D->n; i++)
        if (D->label[i] < -1 || D->label[i] >= D->nclass)
            abort();
    for (slong e = 0; e < D->nedges; e++)
        if (D->eu[e] < 0 || D->eu[e] >= D->ev[e] || D->ev[e] >= D->n)
            abort();
    if (D->nfeat > 0 && D->feat_rowptr != NULL) {
        if (D->feat_rowptr[0] != 0)
            abort();
        for (slong i = 0; i < D->n; i++)
            if (D->feat_rowptr[i + 1] < D->feat_rowptr[i])
                abort();
        for (slong p = 0; p < D->feat_rowptr[D->n]; p++)
            if (D->feat_col[p] < 0 || D->feat_col[p] >= D->nfeat)
                abort();
    }
    for (slong k = 0; k < D->nsplits * D->n; k++)
        if (D->split[k] < -1 || D->split[k] > 2)
            abort();
}

/* Writes part k of the input (or removes the file when the input has fewer
   parts), so no file of an earlier run is left over. */
static void fuzz_write(const char *name, const uint8_t *data, size_t len, int present)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", fuzz_dir, name);
    unlink(path);
    if (!present)
        return;
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (fuzz_dir[0] == '\0') {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/certune-fuzz-dataset-XXXXXX");
        if (mkdtemp(fuzz_dir) == NULL)
            abort();
    }
    int kind = data[0] % 3;
    const uint8_t *p = data + 1, *end = data + size;
    for (int k = 0; k < 7; k++) {
        const char *name = fuzz_files[kind][k];
        if (name == NULL)
            break;
        const uint8_t *cut = p < end ? memchr(p, 0xFF, (size_t)(end - p)) : NULL;
        size_t len = p < end ? (size_t)((cut ? cut : end) - p) : 0;
        fuzz_write(name, p, len, p < end);
        p = cut ? cut + 1 : end;
    }
    ct_dataset_t D;
    char err[CERTUNE_ERRLEN];
    if (ct_dataset_load_format(D, fuzz_dir, fuzz_formats[kind], CT_DATASET_SPLITS_DEFAULT,
                               err, sizeof err) == 0) {
        fuzz_check_valid(D);
        ct_dataset_clear(D);
    } else if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL) {
        abort();
    }
    return 0;
}
