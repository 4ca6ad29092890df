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

/* Largest member read into memory. */
#define NPZ_MAX_MEMBER ((zip_uint64_t)1 << 34)

int _ct_dataset_npz_fail(const _ct_dataset_npz_file *f, const char *key, const char *msg)
{
    ct_dataset_error(f->err, f->errlen, "%s: %s: %s", f->path, key, msg);
    return -1;
}

/* 1 when the member key.npy exists. */
int _ct_dataset_npz_has(const _ct_dataset_npz_file *f, const char *key)
{
    char name[64];

    snprintf(name, sizeof name, "%s.npy", key);
    return zip_name_locate(f->zip, name, 0) >= 0;
}

/* Reads and parses key.npy into x. */
int _ct_dataset_npz_read(_ct_dataset_npz_array *x, const _ct_dataset_npz_file *f,
                         const char *key)
{
    char name[64], msg[200];
    zip_stat_t st;
    zip_file_t *zf;
    zip_int64_t got;

    memset(x, 0, sizeof *x);
    snprintf(name, sizeof name, "%s.npy", key);
    zip_stat_init(&st);
    if (zip_stat(f->zip, name, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        return _ct_dataset_npz_fail(f, key, "missing (not a gnn-benchmark .npz file?)");
    if (st.size > NPZ_MAX_MEMBER)
        return _ct_dataset_npz_fail(f, key, "member too large");
    /* the size is the zip header's claim: malloc, so a false one is an error
       message rather than an abort */
    x->buf = malloc((size_t)st.size + 1);
    if (x->buf == NULL)
        return _ct_dataset_npz_fail(f, key, "out of memory for the member");
    zf = zip_fopen(f->zip, name, 0);
    got = zf == NULL ? -1 : zip_fread(zf, x->buf, st.size);
    if (zf != NULL)
        zip_fclose(zf);
    if (got < 0 || (zip_uint64_t)got != st.size) {
        free(x->buf);
        x->buf = NULL;
        return _ct_dataset_npz_fail(f, key, "cannot read (corrupt zip member)");
    }
    if (_ct_dataset_npy_parse(&x->a, x->buf, (size_t)st.size, msg, sizeof msg) != 0) {
        free(x->buf);
        x->buf = NULL;
        return _ct_dataset_npz_fail(f, key, msg);
    }
    return 0;
}

void _ct_dataset_npz_free(_ct_dataset_npz_array *x)
{
    free(x->buf);
    x->buf = NULL;
}

/* x is 1-D with len entries (checked before anything of that size is
   allocated: len may come from another array of the file). */
static int npz_len(const _ct_dataset_npz_file *f, const char *key,
                   const _ct_dataset_npz_array *x, slong len)
{
    char msg[160];

    if (x->a.ndim == 1 && x->a.count == len)
        return 0;
    snprintf(msg, sizeof msg, "expected %ld entries, found %ld", (long)len,
             (long)x->a.count);
    return _ct_dataset_npz_fail(f, key, msg);
}

/* A 1-D integer array of length len with entries in lo..hi into out[]. */
static int npz_ints(slong *out, const _ct_dataset_npz_file *f, const char *key,
                    const _ct_dataset_npz_array *x, slong len, slong lo, slong hi)
{
    char msg[160];
    int64_t v;

    if (npz_len(f, key, x, len) != 0)
        return -1;
    for (slong k = 0; k < len; k++) {
        if (_ct_dataset_npy_get_i(&x->a, k, &v) != 0 || v < lo || v > hi) {
            snprintf(msg, sizeof msg, "entry %ld is not an integer in %ld..%ld", (long)k,
                     (long)lo, (long)hi);
            return _ct_dataset_npz_fail(f, key, msg);
        }
        out[k] = (slong)v;
    }
    return 0;
}

static int npz_csr_shape(_ct_dataset_npz_csr *m, const _ct_dataset_npz_file *f,
                         const char *prefix)
{
    char key[48];
    _ct_dataset_npz_array s;
    slong sh[2];
    int rc;

    snprintf(key, sizeof key, "%s_shape", prefix);
    if (_ct_dataset_npz_read(&s, f, key) != 0)
        return -1;
    rc = npz_ints(sh, f, key, &s, 2, 0, CT_DATASET_MAX_NODES);
    _ct_dataset_npz_free(&s);
    m->rows = sh[0];
    m->cols = sh[1];
    return rc;
}

int _ct_dataset_npz_csr_read(_ct_dataset_npz_csr *m, const _ct_dataset_npz_file *f,
                             const char *prefix)
{
    char key[48];
    _ct_dataset_npz_array x;
    int rc;

    memset(m, 0, sizeof *m);
    if (npz_csr_shape(m, f, prefix) != 0)
        return -1;
    snprintf(key, sizeof key, "%s_indptr", prefix);
    if (_ct_dataset_npz_read(&x, f, key) != 0)
        return -1;
    if (npz_len(f, key, &x, m->rows + 1) != 0) {
        _ct_dataset_npz_free(&x);
        return -1;
    }
    m->rowptr = flint_malloc((size_t)(m->rows + 1) * sizeof(slong));
    rc = npz_ints(m->rowptr, f, key, &x, m->rows + 1, 0, WORD(1) << 40);
    _ct_dataset_npz_free(&x);
    for (slong i = 0; rc == 0 && i < m->rows; i++)
        if (m->rowptr[i + 1] < m->rowptr[i] || m->rowptr[0] != 0)
            rc = _ct_dataset_npz_fail(f, key, "not a non-decreasing sequence from 0");
    if (rc != 0)
        return -1;
    m->nnz = m->rowptr[m->rows];
    snprintf(key, sizeof key, "%s_indices", prefix);
    if (_ct_dataset_npz_read(&x, f, key) != 0)
        return -1;
    if (npz_len(f, key, &x, m->nnz) != 0) {
        _ct_dataset_npz_free(&x);
        return -1;
    }
    m->col = flint_malloc((size_t)FLINT_MAX(m->nnz, 1) * sizeof(slong));
    rc = npz_ints(m->col, f, key, &x, m->nnz, 0, m->cols - 1);
    _ct_dataset_npz_free(&x);
    snprintf(key, sizeof key, "%s_data", prefix);
    if (rc == 0 && _ct_dataset_npz_read(&m->data, f, key) == 0 &&
        (m->data.a.ndim != 1 || m->data.a.count != m->nnz || m->data.a.kind == 'U'))
        rc = _ct_dataset_npz_fail(f, key,
                                  "length differs from the indices, or not numeric");
    return rc != 0 || m->data.buf == NULL ? -1 : 0;
}

void _ct_dataset_npz_csr_clear(_ct_dataset_npz_csr *m)
{
    flint_free(m->rowptr);
    flint_free(m->col);
    _ct_dataset_npz_free(&m->data);
}

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
    rc = npz_ints(D->label, f, "labels", &x, D->n, -1, CT_DATASET_MAX_CLASSES - 1);
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
    _ct_dataset_npz_file f = {NULL, path, err, errlen};
    int code = 0, rc;

    f.zip = zip_open(path, ZIP_RDONLY, &code);
    if (f.zip == NULL) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, code);
        ct_dataset_error(err, errlen, "%s: cannot open as a zip (.npz) file: %s", path,
                         zip_error_strerror(&ze));
        zip_error_fini(&ze);
        return -1;
    }
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
    zip_discard(f.zip);
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
