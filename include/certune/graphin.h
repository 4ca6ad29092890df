/* graphin: the user's own graph as one instance (docs/formats.md, "Your own
   graph"): an edge list, a scipy.sparse .npz or a Matrix Market file, a labels
   file, optionally the true classes and the nodes to score. Node ids are
   strings, kept in the written .gssl as `% id K NAME` comment lines and read
   back by ct_graphin_ids_*. A ct_graphin_t owns all it read (its instance, ids
   and class names; ct_graphin_clear) and keeps no pointer to the spec, whose
   paths are borrowed. Errors: -1 with "FILE:LINE: message" in err. */
#ifndef CERTUNE_GRAPHIN_H
#define CERTUNE_GRAPHIN_H

#include <stdio.h>
#include "certune/instance.h"

/* An edge given twice, in one direction or both: an error naming both lines,
   or one edge with the sum or the larger of the weights. */
#define CT_GRAPHIN_DIRECTED_ERROR 0
#define CT_GRAPHIN_DIRECTED_SUM 1
#define CT_GRAPHIN_DIRECTED_MAX 2

/* A self-loop: an error naming the line, or dropped (and counted). */
#define CT_GRAPHIN_LOOPS_ERROR 0
#define CT_GRAPHIN_LOOPS_DROP 1

#define CT_GRAPHIN_FORMAT_TEXT 0 /* an edge list */
#define CT_GRAPHIN_FORMAT_MTX 1  /* Matrix Market coordinate */
#define CT_GRAPHIN_FORMAT_NPZ 2  /* scipy.sparse.save_npz */

/* The longest id or class name, in bytes: its escaped form (at most three
   bytes per byte) keeps a comment line far below the .gssl line limit. */
#define CT_GRAPHIN_MAX_NAME 4096

typedef struct {
    const char *edges, *labels; /* paths, both required */
    const char *truth, *score;  /* paths, or NULL */
    int directed;               /* CT_GRAPHIN_DIRECTED_* */
    int loops;                  /* CT_GRAPHIN_LOOPS_* */
} ct_graphin_spec_struct;

/* How one text file was read. */
typedef struct {
    char sep;     /* ',' or '\t', or ' ' for runs of blanks; 0 when not read */
    slong header; /* the line of its header, 0 when it has none */
    slong lines;  /* data lines */
} ct_graphin_file_struct;

typedef struct {
    ct_instance_t inst; /* the instance: nodes in order of first appearance */
    int format;         /* CT_GRAPHIN_FORMAT_* of the edges file */
    ct_graphin_file_struct edges_file, labels_file, truth_file, score_file;
    char **id;         /* text: the n ids; NULL for a matrix, where node i has */
    slong id_base;     /* the id i + id_base (npz 0, mtx 1) */
    char **class_name; /* the c class names, or NULL when classes are numbers */
    slong entries;     /* edge lines (matrix entries) read */
    slong combined;    /* entries merged into an earlier one of their pair */
    slong zero;        /* entries of weight 0: no edge */
    slong loops;       /* self-loops dropped (CT_GRAPHIN_LOOPS_DROP) */
    slong named_only;  /* nodes named only in the labels or truth file */
    slong isolated;    /* nodes without an edge */
} ct_graphin_struct;
typedef ct_graphin_struct ct_graphin_t[1];

/* Reads the files of S into G (uninitialized on entry); the instance is named
   name (copied). The error (for a .npz "FILE: member: message" or "FILE: entry
   K: message") is the first of the files in the order edges, labels, truth,
   score; G is then cleared. Memory is linear in what was read; no array is
   sized by a count the file claims before the data behind it has been read,
   beyond the node bound CT_INSTANCE_MAX_NODES. */
int ct_graphin_read(ct_graphin_t G, const ct_graphin_spec_struct *S, const char *name,
                    char *err, size_t errlen);

/* Harmless after a failed read or a previous clear. */
void ct_graphin_clear(ct_graphin_t G);

/* Writes G as a .gssl file: comment lines with the provenance (S's files
   and modes), `% class K NAME` for named classes (K 0-based), `% id K NAME`
   for every node (K 1-based), then the instance. Returns 0, or -1 on a
   write error. */
int ct_graphin_write(FILE *out, const ct_graphin_t G, const ct_graphin_spec_struct *S);

/* "error", "sum", "max" -> CT_GRAPHIN_DIRECTED_*; "error", "drop" ->
   CT_GRAPHIN_LOOPS_*. 0, or -1 for anything else. */
int ct_graphin_directed_parse(int *mode, const char *text);
int ct_graphin_loops_parse(int *mode, const char *text);
const char *ct_graphin_directed_name(int mode);
const char *ct_graphin_loops_name(int mode);

/* The ids of a .gssl file of n nodes from its `% id K NAME` lines (the text of
   len bytes, or the file at path): an array of n strings (flint_malloc),
   entries NULL for nodes without an id (free with ct_graphin_ids_free), or NULL
   when the file has no such line (or cannot be read). Comment lines are free
   text, so a line that is not exactly `% id K NAME` with K in 1..n and NAME a
   valid escaped name, or names a node a second time, is ignored. */
char **ct_graphin_ids_parse(const char *text, size_t len, slong n);
char **ct_graphin_ids_load(const char *path, slong n);
void ct_graphin_ids_free(char **ids, slong n);

#endif
