/* dataset_npz: the original gnn-benchmark .npz files (Shchur et al.), a zip of
   .npy arrays read with libzip: the adjacency as CSR arrays adj_data,
   adj_indices, adj_indptr, adj_shape; the attributes as attr_data,
   attr_indices, attr_indptr, attr_shape (or a dense attr_matrix, or none);
   labels; optionally class_names as a unicode array. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>
#include "dataset_npz.h"

/* Nonzero entries (i, j) of the adjacency, either direction, as edges. */
static int npz_load_adj(ct_dataset_t D, const _ct_dataset_npz_file *f)
{
    ct_dataset_edgebuf_struct E;
    _ct_dataset_npz_csr m;

    if (_ct_dataset_npz_csr_read(&m, f, "adj") != 0) {
        _ct_dataset_npz_csr_clear(&m);
        return -1;
    }
    if (m.rows != m.cols) {
        _ct_dataset_npz_csr_clear(&m);
        return _ct_dataset_npz_fail(f, "adj_shape", "the adjacency is not square");
    }
    D->n = m.rows;
    ct_dataset_edgebuf_init(&E);
    for (slong i = 0; i < m.rows; i++)
        for (slong k = m.rowptr[i]; k < m.rowptr[i + 1]; k++)
            if (_ct_dataset_npy_get_d(&m.data.a, k) != 0)
                ct_dataset_edgebuf_push(&E, i, m.col[k]);
    ct_dataset_edgebuf_finish(D, &E);
    _ct_dataset_npz_csr_clear(&m);
    return 0;
}

/* labels: one integer per node, -1 for none; nclass = the largest + 1. */
static int npz_load_labels(ct_dataset_t D, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_array x;
    int rc;

    if (!_ct_dataset_npz_has(f, "labels"))
        return _ct_dataset_npz_fail(
            f, "labels",
            _ct_dataset_npz_has(f, "labels_data")
                ? "multi-label (labels_data) files are not supported"
                : "missing (not a gnn-benchmark .npz file?)");
    if (_ct_dataset_npz_read(&x, f, "labels") != 0)
        return -1;
    D->label = flint_malloc((size_t)FLINT_MAX(D->n, 1) * sizeof(slong));
    rc = _ct_dataset_npz_ints(D->label, f, "labels", &x, D->n, -1,
                              CT_DATASET_MAX_CLASSES - 1);
    _ct_dataset_npz_free(&x);
    for (slong i = 0; rc == 0 && i < D->n; i++)
        D->nclass = FLINT_MAX(D->nclass, D->label[i] + 1);
    return rc;
}

/* class_names, when stored as a unicode array of nclass names (an array of
   Python objects is pickled and skipped). */
static void npz_load_class_names(ct_dataset_t D, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_array x;

    if (!_ct_dataset_npz_has(f, "class_names") ||
        _ct_dataset_npz_read(&x, f, "class_names") != 0) {
        ct_dataset_error(f->err, f->errlen, "%s", ""); /* not an error: no names */
        return;
    }
    if (x.a.kind == 'U' && x.a.ndim == 1 && x.a.count == D->nclass && D->nclass > 0) {
        D->class_name = flint_calloc((size_t)D->nclass, sizeof(char *));
        for (slong c = 0; c < D->nclass; c++)
            D->class_name[c] = _ct_dataset_npy_get_str(&x.a, c);
    }
    _ct_dataset_npz_free(&x);
}

int _ct_dataset_npz_load(ct_dataset_t D, const char *path, char *err, size_t errlen)
{
    _ct_dataset_npz_file f;
    int rc;

    if (_ct_dataset_npz_open(&f, path, err, errlen) != 0)
        return -1;
    rc = npz_load_adj(D, &f);
    if (rc == 0 && _ct_dataset_npz_has(&f, "attr_data"))
        rc = _ct_dataset_npz_load_attr_csr(D, &f);
    else if (rc == 0 && _ct_dataset_npz_has(&f, "attr_matrix"))
        rc = _ct_dataset_npz_load_attr_dense(D, &f);
    else if (rc == 0)
        D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    if (rc == 0)
        rc = npz_load_labels(D, &f);
    if (rc == 0)
        npz_load_class_names(D, &f);
    f.Z->discard(f.zip);
    return rc;
}

int _ct_dataset_is_npz(const char *path)
{
    size_t n = strlen(path);
    struct stat st;

    return n > 4 && strcmp(path + n - 4, ".npz") == 0 && stat(path, &st) == 0 &&
           S_ISREG(st.st_mode);
}

/* The file's name without folder and ".npz" names the dataset. */
static char *npz_dataset_name(const char *path)
{
    const char *b = strrchr(path, '/');
    char *name = ct_text_strdup(b != NULL ? b + 1 : path);

    name[strlen(name) - 4] = '\0';
    return name;
}

int _ct_dataset_npz_load_file(ct_dataset_t D, const char *path, int splits, char *err,
                              size_t errlen)
{
    if (splits == CT_DATASET_SPLITS_PUBLIC || splits == CT_DATASET_SPLITS_GEOM) {
        ct_dataset_error(err, errlen, "%s: a gnn-benchmark .npz file ships no splits",
                         path);
        return -1;
    }
    D->format = CT_DATASET_FORMAT_GNNBENCH;
    D->split_kind = CT_DATASET_SPLITS_NONE;
    D->name = npz_dataset_name(path);
    return _ct_dataset_npz_load(D, path, err, errlen);
}
