/* Shared by the dataset loaders src/gnn/data*.c; not part of the API. */
#ifndef CERTUNE_GNN_DATA_INTERNAL_H
#define CERTUNE_GNN_DATA_INTERNAL_H

#include <stddef.h>
#include <zlib.h>
#include <flint/flint.h>
#include "certune/dataset.h"
#include "certune/text.h"

/* Node counts are bounded before anything of that size is allocated, so a
   corrupt header fails with a message instead of aborting in flint_malloc. */
#define CT_DATASET_MAX_NODES ((slong)1 << 28)
#define CT_DATASET_MAX_CLASSES ((slong)1 << 20)
#define CT_DATASET_MAX_LINE ((size_t)1 << 26)

/* A text file read line by line through zlib, which passes plain files through
   unchanged; path is the name used in messages. */
typedef struct {
    gzFile gz;
    char *path;
    char *buf; /* the current line, without its newline; split() cuts it up */
    size_t len, cap;
    slong line; /* 1-based number of the current line */
    char **tok;
    size_t ntok, tokcap;
    char *err;
    size_t errlen;
} ct_dataset_reader_struct;

/* Edge lines collected before deduplication. */
typedef struct {
    slong *u, *v;
    slong len, cap;
    slong nloops;
} ct_dataset_edgebuf_struct;

void ct_dataset_error(char *err, size_t errlen, const char *fmt, ...);
char *ct_dataset_join(const char *dir, const char *name);
void *ct_dataset_grow(void *p, slong *cap, slong need, size_t size);
int ct_dataset_is_dir(const char *path);
int ct_dataset_has_file(const char *path);

int ct_dataset_reader_open(ct_dataset_reader_struct *r, const char *path, char *err,
                           size_t errlen);
int ct_dataset_reader_next(ct_dataset_reader_struct *r);
size_t ct_dataset_reader_split(ct_dataset_reader_struct *r, char sep);
const char *ct_dataset_show(char *out, const char *t);
#define CT_DATASET_SHOW_MAX 48
int ct_dataset_reader_fail(ct_dataset_reader_struct *r, const char *fmt, ...);
void ct_dataset_reader_close(ct_dataset_reader_struct *r);
int ct_dataset_reader_slong(ct_dataset_reader_struct *r, size_t k, slong lo, slong hi,
                            const char *what, slong *x);
int ct_dataset_parse_slong(const char *s, slong *x);
int ct_dataset_parse_double(const char *s, double *x);

void ct_dataset_edgebuf_init(ct_dataset_edgebuf_struct *E);
void ct_dataset_edgebuf_push(ct_dataset_edgebuf_struct *E, slong u, slong v);
void ct_dataset_edgebuf_finish(ct_dataset_t D, ct_dataset_edgebuf_struct *E);
void ct_dataset_edgebuf_clear(ct_dataset_edgebuf_struct *E);

int ct_dataset_text_load(ct_dataset_t D, const char *dir, char *err, size_t errlen);
int ct_dataset_text_load_public(ct_dataset_t D, const char *dir, char *err,
                                size_t errlen);
int ct_dataset_text_has_public(const char *dir);
int ct_dataset_linqs_load(ct_dataset_t D, const char *dir, char *err, size_t errlen);
int ct_dataset_linqs_find(char **stem, const char *dir, char *err, size_t errlen);
int ct_dataset_geom_load(ct_dataset_t D, const char *dir, char *err, size_t errlen);
int ct_dataset_geom_load_splits(ct_dataset_t D, const char *dir, char *err,
                                size_t errlen);
int ct_dataset_geom_has_splits(const char *dir);

#endif
