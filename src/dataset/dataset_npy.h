/* Private to the dataset module: the .npy parser (dataset_npy.c) and the
   readers built on it and on the line reader (dataset_npz.c, dataset_csv.c). */
#ifndef CERTUNE_DATASET_NPY_H
#define CERTUNE_DATASET_NPY_H

#include <stddef.h>
#include <stdint.h>
#include "dataset_internal.h"

/* A parsed .npy array; data points into the caller's buffer (not owned). */
typedef struct {
    char kind;   /* 'f' float, 'i' signed, 'u' unsigned, 'b' bool, 'U' unicode,
                    'S' bytes */
    int size;    /* bytes per element */
    int nchar;   /* 'U', 'S': characters per element */
    int big;     /* big-endian elements */
    int fortran; /* column-major 2-D data */
    int ndim;    /* 0, 1 or 2 */
    slong shape[2];
    slong count; /* number of elements */
    const unsigned char *data;
} ct_dataset_npy_struct;

/* Parses the .npy file held in buf[0..len). Returns 0, or -1 with a message
   (no file name) in msg. a->data aliases buf. */
int _ct_dataset_npy_parse(ct_dataset_npy_struct *a, const unsigned char *buf, size_t len,
                          char *msg, size_t msglen);

/* Element k (flat, in storage order) as a double; any numeric kind. */
double _ct_dataset_npy_get_d(const ct_dataset_npy_struct *a, slong k);

/* Element k as an integer; -1 when it is not integral or out of range. */
int _ct_dataset_npy_get_i(const ct_dataset_npy_struct *a, slong k, int64_t *x);

/* 1 unless a is a string array ('U' or 'S'). */
int _ct_dataset_npy_numeric(const ct_dataset_npy_struct *a);

/* Element k of a 'U' array as a new UTF-8 string, of an 'S' array as its
   bytes (free with flint_free). */
char *_ct_dataset_npy_get_str(const ct_dataset_npy_struct *a, slong k);

/* The gnn-benchmark .npz file at path (docs/gnn-data.md). 0, or -1 with
   "path: key: message" in err; D's arrays are left for the caller to clear. */
int _ct_dataset_npz_load(ct_dataset_t D, const char *path, char *err, size_t errlen);

/* 1 when path is a regular file whose name ends in ".npz". */
int _ct_dataset_is_npz(const char *path);

/* Loads the .npz file at path into D (zeroed by the caller): name from the
   file name, format GNNBENCH, no splits (PUBLIC or GEOM asked for: error). */
int _ct_dataset_npz_load_file(ct_dataset_t D, const char *path, int splits, char *err,
                              size_t errlen);

/* The CSV layout in dir (edges.csv, labels.csv, optional features.csv). */
int _ct_dataset_csv_load(ct_dataset_t D, const char *dir, char *err, size_t errlen);

#endif
