/* Shared by the dataset loaders src/gnn/data*.c; not part of the API. */
#ifndef CERTUNE_GNN_DATA_INTERNAL_H
#define CERTUNE_GNN_DATA_INTERNAL_H

#include <stddef.h>
#include <zlib.h>
#include <flint/flint.h>
#include "certune/gnn_data.h"

/* Node counts are bounded before anything of that size is allocated, so a
   corrupt header fails with a message instead of aborting in flint_malloc. */
#define GNN_MAX_NODES ((slong)1 << 28)
#define GNN_MAX_CLASSES ((slong)1 << 20)
#define GNN_MAX_LINE ((size_t)1 << 26)

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
} gnn_data_reader_struct;

/* Edge lines collected before deduplication. */
typedef struct {
    slong *u, *v;
    slong len, cap;
    slong nloops;
} gnn_data_edgebuf_struct;

void gnn_data_error(char *err, size_t errlen, const char *fmt, ...);
char *gnn_data_strdup(const char *s);
char *gnn_data_join(const char *dir, const char *name);
void *gnn_data_grow(void *p, slong *cap, slong need, size_t size);
int gnn_data_is_dir(const char *path);
int gnn_data_has_file(const char *path);

int gnn_data_reader_open(gnn_data_reader_struct *r, const char *path, char *err,
                         size_t errlen);
int gnn_data_reader_next(gnn_data_reader_struct *r);
size_t gnn_data_reader_split(gnn_data_reader_struct *r, char sep);
const char *gnn_data_show(char *out, const char *t);
#define GNN_SHOW_MAX 48
int gnn_data_reader_fail(gnn_data_reader_struct *r, const char *fmt, ...);
void gnn_data_reader_close(gnn_data_reader_struct *r);
int gnn_data_reader_slong(gnn_data_reader_struct *r, size_t k, slong lo, slong hi,
                          const char *what, slong *x);
int gnn_data_parse_slong(const char *s, slong *x);
int gnn_data_parse_double(const char *s, double *x);

void gnn_data_edgebuf_init(gnn_data_edgebuf_struct *E);
void gnn_data_edgebuf_push(gnn_data_edgebuf_struct *E, slong u, slong v);
void gnn_data_edgebuf_finish(gnn_data_t D, gnn_data_edgebuf_struct *E);
void gnn_data_edgebuf_clear(gnn_data_edgebuf_struct *E);

int gnn_data_text_load(gnn_data_t D, const char *dir, char *err, size_t errlen);
int gnn_data_text_load_public(gnn_data_t D, const char *dir, char *err, size_t errlen);
int gnn_data_text_has_public(const char *dir);
int gnn_data_linqs_load(gnn_data_t D, const char *dir, char *err, size_t errlen);
int gnn_data_linqs_find(char **stem, const char *dir, char *err, size_t errlen);
int gnn_data_geom_load(gnn_data_t D, const char *dir, char *err, size_t errlen);
int gnn_data_geom_load_splits(gnn_data_t D, const char *dir, char *err, size_t errlen);
int gnn_data_geom_has_splits(const char *dir);

#endif
