/* dataset_sparse: a sparse matrix as scipy.sparse.save_npz writes it: a zip
   of .npy members, format (b'csr', b'csc' or b'coo'; unicode in files of
   scipy < 1.0), shape, data, and indices + indptr (csr, csc) or row + col
   (coo). Read with the gnn-benchmark reader's members and CSR checks
   (dataset_npz_read.c); the values are kept as the file has them, integers
   or doubles, for the caller to make exact. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "dataset_npz.h"

static int sparse_missing(const _ct_dataset_npz_file *f, const char *key)
{
    return _ct_dataset_npz_fail(f, key, "missing (not a scipy.sparse.save_npz file?)");
}

/* The format member: "csr", "csc" or "coo" into fmt (4 bytes). */
static int sparse_format(char *fmt, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_array x;
    char *s;
    int ok;

    if (!_ct_dataset_npz_has(f, "format"))
        return sparse_missing(f, "format");
    if (_ct_dataset_npz_read(&x, f, "format") != 0)
        return -1;
    if (_ct_dataset_npy_numeric(&x.a) || x.a.count != 1) {
        _ct_dataset_npz_free(&x);
        return _ct_dataset_npz_fail(f, "format", "not a string");
    }
    s = _ct_dataset_npy_get_str(&x.a, 0);
    _ct_dataset_npz_free(&x);
    ok = strcmp(s, "csr") == 0 || strcmp(s, "csc") == 0 || strcmp(s, "coo") == 0;
    if (ok)
        memcpy(fmt, s, 4);
    else {
        char msg[120];
        snprintf(msg, sizeof msg, "'%.8s' is not csr, csc or coo (convert with .tocsr())",
                 s);
        _ct_dataset_npz_fail(f, "format", msg);
    }
    flint_free(s);
    return ok ? 0 : -1;
}

/* shape [n, n] with n at most maxdim. */
static int sparse_shape(ct_dataset_sparse_struct *M, const _ct_dataset_npz_file *f,
                        slong maxdim)
{
    _ct_dataset_npz_array x;
    slong sh[2];
    int rc;

    if (!_ct_dataset_npz_has(f, "shape"))
        return sparse_missing(f, "shape");
    if (_ct_dataset_npz_read(&x, f, "shape") != 0)
        return -1;
    rc = _ct_dataset_npz_ints(sh, f, "shape", &x, 2, 0, maxdim);
    _ct_dataset_npz_free(&x);
    M->rows = sh[0], M->cols = sh[1];
    if (rc == 0 && M->rows != M->cols) {
        char msg[120];
        snprintf(msg, sizeof msg, "the matrix is %ld x %ld, not square", (long)M->rows,
                 (long)M->cols);
        rc = _ct_dataset_npz_fail(f, "shape", msg);
    }
    return rc;
}

/* The values of data (nnz of them, numeric) into M: exact integers, or
   finite doubles (float32 values widened, exactly). */
static int sparse_values(ct_dataset_sparse_struct *M, const _ct_dataset_npz_file *f,
                         const ct_dataset_npy_struct *a)
{
    char msg[120];
    int64_t v;

    if (a->ndim != 1 || a->count != M->nnz || !_ct_dataset_npy_numeric(a))
        return _ct_dataset_npz_fail(f, "data",
                                    "not a numeric array of one value per entry");
    M->is_float = a->kind == 'f';
    M->float32 = M->is_float && a->size == 4;
    if (M->is_float)
        M->val_d = flint_malloc((size_t)FLINT_MAX(M->nnz, 1) * sizeof(double));
    else
        M->val_i = flint_malloc((size_t)FLINT_MAX(M->nnz, 1) * sizeof(slong));
    for (slong k = 0; k < M->nnz; k++) {
        if (M->is_float && isfinite(M->val_d[k] = _ct_dataset_npy_get_d(a, k)))
            continue;
        if (!M->is_float && _ct_dataset_npy_get_i(a, k, &v) == 0) {
            M->val_i[k] = (slong)v;
            continue;
        }
        snprintf(msg, sizeof msg, "entry %ld is %s", (long)k,
                 M->is_float ? "not finite" : "above 2^63 - 1");
        return _ct_dataset_npz_fail(f, "data", msg);
    }
    return 0;
}

/* csr: entry k of row i is (i, indices[k]); csc: of column j, (indices[k], j). */
static int sparse_compressed(ct_dataset_sparse_struct *M, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_csr m;
    int csc = strcmp(M->format, "csc") == 0;
    const char *const keys[3] = {"indices", "indptr", "data"};

    for (int k = 0; k < 3; k++)
        if (!_ct_dataset_npz_has(f, keys[k]))
            return sparse_missing(f, keys[k]);
    if (_ct_dataset_npz_csr_read(&m, f, "") != 0) {
        _ct_dataset_npz_csr_clear(&m);
        return -1;
    }
    M->nnz = m.nnz;
    M->row = flint_malloc((size_t)FLINT_MAX(m.nnz, 1) * sizeof(slong));
    M->col = flint_malloc((size_t)FLINT_MAX(m.nnz, 1) * sizeof(slong));
    for (slong i = 0; i < m.rows; i++)
        for (slong k = m.rowptr[i]; k < m.rowptr[i + 1]; k++)
            M->row[k] = csc ? m.col[k] : i, M->col[k] = csc ? i : m.col[k];
    int rc = sparse_values(M, f, &m.data.a);
    _ct_dataset_npz_csr_clear(&m);
    return rc;
}

static int sparse_coo(ct_dataset_sparse_struct *M, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_array x;
    const char *const keys[3] = {"data", "row", "col"};
    int rc = 0;

    for (int k = 0; k < 3; k++)
        if (!_ct_dataset_npz_has(f, keys[k]))
            return sparse_missing(f, keys[k]);
    if (_ct_dataset_npz_read(&x, f, "data") != 0)
        return -1;
    M->nnz = x.a.ndim == 1 ? x.a.count : 0;
    rc = sparse_values(M, f, &x.a);
    _ct_dataset_npz_free(&x);
    for (int k = 1; k < 3 && rc == 0; k++) {
        slong **out = k == 1 ? &M->row : &M->col;
        if (_ct_dataset_npz_read(&x, f, keys[k]) != 0)
            return -1;
        *out = flint_malloc((size_t)FLINT_MAX(M->nnz, 1) * sizeof(slong));
        rc = _ct_dataset_npz_ints(*out, f, keys[k], &x, M->nnz, 0,
                                  (k == 1 ? M->rows : M->cols) - 1);
        _ct_dataset_npz_free(&x);
    }
    return rc;
}

int ct_dataset_sparse_load(ct_dataset_sparse_struct *M, const char *path, slong maxdim,
                           char *err, size_t errlen)
{
    _ct_dataset_npz_file f;
    int rc;

    memset(M, 0, sizeof *M);
    if (_ct_dataset_npz_open(&f, path, err, errlen) != 0)
        return -1;
    rc = sparse_format(M->format, &f);
    if (rc == 0)
        rc = sparse_shape(M, &f, maxdim);
    if (rc == 0)
        rc = strcmp(M->format, "coo") == 0 ? sparse_coo(M, &f) : sparse_compressed(M, &f);
    f.Z->discard(f.zip);
    if (rc != 0)
        ct_dataset_sparse_clear(M);
    return rc;
}

void ct_dataset_sparse_clear(ct_dataset_sparse_struct *M)
{
    flint_free(M->row);
    flint_free(M->col);
    flint_free(M->val_i);
    flint_free(M->val_d);
    memset(M, 0, sizeof *M);
}
