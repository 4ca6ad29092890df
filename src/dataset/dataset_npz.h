/* Private to the dataset module: shared by dataset_npz.c (the zip, CSR
   arrays, adjacency, labels) and dataset_npz_attr.c (the attributes). */
#ifndef CERTUNE_DATASET_NPZ_H
#define CERTUNE_DATASET_NPZ_H

#include <zip.h>
#include "dataset_npy.h"

/* The library dataset_zip.c loads, unless CERTUNE_LIBZIP names another file. */
#define CT_DATASET_ZIP_LIB "libzip.so.4"

/* The libzip functions used, as loaded by _ct_dataset_zip (zip.h gives the
   types; nothing is linked). */
typedef struct {
    zip_t *(*open)(const char *, int, int *);
    void (*discard)(zip_t *);
    zip_int64_t (*name_locate)(zip_t *, const char *, zip_flags_t);
    void (*stat_init)(zip_stat_t *);
    int (*stat)(zip_t *, const char *, zip_flags_t, zip_stat_t *);
    zip_file_t *(*fopen)(zip_t *, const char *, zip_flags_t);
    zip_int64_t (*fread)(zip_file_t *, void *, zip_uint64_t);
    int (*fclose)(zip_file_t *);
    void (*error_init_with_code)(zip_error_t *, int);
    const char *(*error_strerror)(zip_error_t *);
    void (*error_fini)(zip_error_t *);
} _ct_dataset_zip_api;

/* libzip, loaded once (thread-safe); NULL with the reason in err when it
   cannot be loaded. */
const _ct_dataset_zip_api *_ct_dataset_zip(char *err, size_t errlen);

typedef struct {
    const _ct_dataset_zip_api *Z;
    zip_t *zip;
    const char *path;
    char *err;
    size_t errlen;
} _ct_dataset_npz_file;

/* One array: its bytes (owned) and the parse that points into them. */
typedef struct {
    unsigned char *buf;
    ct_dataset_npy_struct a;
} _ct_dataset_npz_array;

/* The CSR triple prefix_data/indices/indptr and prefix_shape [rows, cols]:
   checks the structure and returns rowptr and col (owned) and the data. */
typedef struct {
    slong rows, cols, nnz;
    slong *rowptr, *col;
    _ct_dataset_npz_array data;
} _ct_dataset_npz_csr;

/* Opens the zip at path into f (libzip loaded first); 0, or -1 with
   "path: reason" in err. Close with f->Z->discard(f->zip). */
int _ct_dataset_npz_open(_ct_dataset_npz_file *f, const char *path, char *err,
                         size_t errlen);

/* Writes "path: key: msg" into f's message buffer; returns -1. */
int _ct_dataset_npz_fail(const _ct_dataset_npz_file *f, const char *key, const char *msg);

/* 1 when the member key.npy exists. */
int _ct_dataset_npz_has(const _ct_dataset_npz_file *f, const char *key);

/* Reads and parses key.npy into x (x->buf owned: _ct_dataset_npz_free). 0 or -1. */
int _ct_dataset_npz_read(_ct_dataset_npz_array *x, const _ct_dataset_npz_file *f,
                         const char *key);
void _ct_dataset_npz_free(_ct_dataset_npz_array *x);

/* prefix_shape/indptr/indices/data (shape, indptr, indices, data when prefix
   is "") checked into m; clear m even after an error. */
int _ct_dataset_npz_csr_read(_ct_dataset_npz_csr *m, const _ct_dataset_npz_file *f,
                             const char *prefix);
void _ct_dataset_npz_csr_clear(_ct_dataset_npz_csr *m);

/* The attributes as CSR arrays (attr_*) or a dense attr_matrix into D's
   features (D->n set). 0 or -1. */
int _ct_dataset_npz_load_attr_csr(ct_dataset_t D, const _ct_dataset_npz_file *f);
int _ct_dataset_npz_load_attr_dense(ct_dataset_t D, const _ct_dataset_npz_file *f);

/* A 1-D integer array x (member key) of length len with entries in lo..hi into
   out[]. 0, or -1 with the error recorded in f. */
int _ct_dataset_npz_ints(slong *out, const _ct_dataset_npz_file *f, const char *key,
                         const _ct_dataset_npz_array *x, slong len, slong lo, slong hi);

#endif
