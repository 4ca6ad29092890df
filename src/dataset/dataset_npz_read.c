/* dataset_npz_read: reading the arrays of an open gnn-benchmark .npz file
   (members as .npy arrays, CSR triples), shared by the adjacency, label and
   attribute loaders. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>
#include "dataset_npz.h"

/* Largest member read into memory. */
#define NPZ_MAX_MEMBER ((zip_uint64_t)1 << 34)

int _ct_dataset_npz_open(_ct_dataset_npz_file *f, const char *path, char *err,
                         size_t errlen)
{
    char why[400];
    int code = 0;

    memset(f, 0, sizeof *f);
    f->Z = _ct_dataset_zip(why, sizeof(why));
    if (f->Z == NULL) {
        ct_dataset_error(err, errlen, "%s: %s", path, why);
        return -1;
    }
    f->path = path, f->err = err, f->errlen = errlen;
    f->zip = f->Z->open(path, ZIP_RDONLY, &code);
    if (f->zip == NULL) {
        zip_error_t ze;
        f->Z->error_init_with_code(&ze, code);
        ct_dataset_error(err, errlen, "%s: cannot open as a zip (.npz) file: %s", path,
                         f->Z->error_strerror(&ze));
        f->Z->error_fini(&ze);
        return -1;
    }
    return 0;
}

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
    return f->Z->name_locate(f->zip, name, 0) >= 0;
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
    f->Z->stat_init(&st);
    if (f->Z->stat(f->zip, name, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        return _ct_dataset_npz_fail(f, key, "missing (not a gnn-benchmark .npz file?)");
    if (st.size > NPZ_MAX_MEMBER)
        return _ct_dataset_npz_fail(f, key, "member too large");
    /* the size is the zip header's claim: malloc, so a false one is an error
       message rather than an abort */
    x->buf = malloc((size_t)st.size + 1);
    if (x->buf == NULL)
        return _ct_dataset_npz_fail(f, key, "out of memory for the member");
    zf = f->Z->fopen(f->zip, name, 0);
    got = zf == NULL ? -1 : f->Z->fread(zf, x->buf, st.size);
    if (zf != NULL)
        f->Z->fclose(zf);
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
int _ct_dataset_npz_ints(slong *out, const _ct_dataset_npz_file *f, const char *key,
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

/* prefix_name, or name alone when prefix is "" (scipy's members). */
static void npz_key(char *key, size_t len, const char *prefix, const char *name)
{
    snprintf(key, len, "%s%s%s", prefix, prefix[0] != '\0' ? "_" : "", name);
}

static int npz_csr_shape(_ct_dataset_npz_csr *m, const _ct_dataset_npz_file *f,
                         const char *prefix)
{
    char key[48];
    _ct_dataset_npz_array s;
    slong sh[2];
    int rc;

    npz_key(key, sizeof key, prefix, "shape");
    if (_ct_dataset_npz_read(&s, f, key) != 0)
        return -1;
    rc = _ct_dataset_npz_ints(sh, f, key, &s, 2, 0, CT_DATASET_MAX_NODES);
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
    npz_key(key, sizeof key, prefix, "indptr");
    if (_ct_dataset_npz_read(&x, f, key) != 0)
        return -1;
    if (npz_len(f, key, &x, m->rows + 1) != 0) {
        _ct_dataset_npz_free(&x);
        return -1;
    }
    m->rowptr = flint_malloc((size_t)(m->rows + 1) * sizeof(slong));
    rc = _ct_dataset_npz_ints(m->rowptr, f, key, &x, m->rows + 1, 0, WORD(1) << 40);
    _ct_dataset_npz_free(&x);
    for (slong i = 0; rc == 0 && i < m->rows; i++)
        if (m->rowptr[i + 1] < m->rowptr[i] || m->rowptr[0] != 0)
            rc = _ct_dataset_npz_fail(f, key, "not a non-decreasing sequence from 0");
    if (rc != 0)
        return -1;
    m->nnz = m->rowptr[m->rows];
    npz_key(key, sizeof key, prefix, "indices");
    if (_ct_dataset_npz_read(&x, f, key) != 0)
        return -1;
    if (npz_len(f, key, &x, m->nnz) != 0) {
        _ct_dataset_npz_free(&x);
        return -1;
    }
    m->col = flint_malloc((size_t)FLINT_MAX(m->nnz, 1) * sizeof(slong));
    rc = _ct_dataset_npz_ints(m->col, f, key, &x, m->nnz, 0, m->cols - 1);
    _ct_dataset_npz_free(&x);
    npz_key(key, sizeof key, prefix, "data");
    if (rc == 0 && _ct_dataset_npz_read(&m->data, f, key) == 0 &&
        (m->data.a.ndim != 1 || m->data.a.count != m->nnz ||
         !_ct_dataset_npy_numeric(&m->data.a)))
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
