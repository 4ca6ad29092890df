/* Private to graphin: the line reader, the maps, and the reading state its
   files share (graphin_line.c, graphin_map.c, graphin_edges.c). */
#ifndef CERTUNE_GRAPHIN_INTERNAL_H
#define CERTUNE_GRAPHIN_INTERNAL_H

#include <stdarg.h>
#include <zlib.h>
#include <flint/fmpq.h>
#include "certune/graphin.h"

/* A text file read line by line through zlib (a gzip file is read as its
   content): blank lines and comment lines (first non-blank byte `comment`,
   0 for none) are skipped; a UTF-8 byte-order mark at the start is dropped;
   lines end at LF, one CR before it is dropped. */
typedef struct {
    gzFile gz;
    const char *path;
    char *err;
    size_t errlen;
    char comment;
    int eof;
    slong line; /* 1-based number of the current line */
    char *buf;  /* the current line (NUL-terminated), cut by the splitter */
    size_t len, cap;
    unsigned char *chunk; /* what gzread gave and the line has not taken */
    size_t cpos, clen;
    char sep;   /* ',', '\t', ' ' (runs of blanks), or 0 until the first line */
    char **tok; /* the fields of the current line */
    size_t ntok, tokcap;
} _ct_graphin_reader;

int _ct_graphin_reader_open(_ct_graphin_reader *r, const char *path, char comment,
                            char *err, size_t errlen);
/* The next line that is not blank or a comment: 1, 0 at the end, -1 on an
   error (message set). */
int _ct_graphin_reader_next(_ct_graphin_reader *r);
/* Cuts the current line into fields at r->sep (chosen from the first line
   split: a comma, else a tab, else blanks), fields trimmed of blanks; -1
   (message set) when a field starts with a double quote. */
int _ct_graphin_reader_split(_ct_graphin_reader *r);
/* 1 when the fields are a header: at least min of them, field k one of the
   names names[k] (NULL-terminated lists of lower-case names, compared
   without case; names itself NULL-terminated: no more fields than lists). */
int _ct_graphin_reader_is_header(const _ct_graphin_reader *r,
                                 const char *const *const *names, size_t min);
/* "path:line: message" into the message buffer; returns -1. */
int _ct_graphin_reader_fail(_ct_graphin_reader *r, const char *fmt, ...);
void _ct_graphin_reader_close(_ct_graphin_reader *r);
/* "comma", "tab" or "blank": the delimiter as messages name it. */
const char *_ct_graphin_sep_name(char sep);

/* String -> index, open addressing (keys owned). */
typedef struct {
    char **key;
    slong *val;
    slong cap, count;
} _ct_graphin_map;

/* The index of s, or -1. */
slong _ct_graphin_map_find(const _ct_graphin_map *M, const char *s);
/* Adds s -> val (s not present); returns the map's copy of s. */
char *_ct_graphin_map_add(_ct_graphin_map *M, const char *s, slong val);
/* Sets the value of s (present). */
void _ct_graphin_map_set(_ct_graphin_map *M, const char *s, slong val);
void _ct_graphin_map_clear(_ct_graphin_map *M);

/* The reading state of one ct_graphin_read. */
typedef struct {
    const ct_graphin_spec_struct *S;
    ct_graphin_struct *G;
    char *err;
    size_t errlen;
    const char *path; /* the file being read, for messages */
    int entries;      /* its positions are matrix entries (0-based), not lines */
    /* nodes */
    slong n; /* nodes so far; a matrix fixes them (fixed = 1) */
    int fixed;
    char **id; /* text: the ids (the map's keys), n of them */
    slong idcap;
    _ct_graphin_map ids;
    /* distinct pairs in order of first appearance, oriented as first given */
    slong m, mcap;
    slong *eu, *ev, *eline;
    fmpq *ew;
    slong *pslot; /* open addressing over the pairs: edge index + 1, 0 empty */
    slong pcap;
    /* labels and truths: per node the index of its value in values (-1
       none) and the line of its record (0 none) */
    slong *lab, *tru, *labline, *truline, *scored;
    slong nodecap;
    _ct_graphin_map values; /* distinct labels and truths -> index */
    slong c;                /* the classes, once decided */
} _ct_graphin_state;

/* "path:line: message" (or "path: entry K: message") into T->err; -1. */
int _ct_graphin_fail(_ct_graphin_state *T, slong line, const char *fmt, ...);
/* Node i's id as a message shows it, in quotes ('paper 7') or, for a
   matrix, its number (out: _CT_GRAPHIN_SHOW bytes). */
#define _CT_GRAPHIN_SHOW 56
const char *_ct_graphin_show_node(char *out, const _ct_graphin_state *T, slong i);
/* The node of id s: text: created when new (named_only counts those
   created by a labels or truth file); a matrix: s must be one of its ids
   written in decimal. Returns the node or -1 (message set at line). */
slong _ct_graphin_node(_ct_graphin_state *T, const char *s, slong line, int from_labels);
/* Adds the entry u-v of weight w >= 0 read at line (or entry): a self-loop,
   a zero weight, a repeated pair as the spec says. 0, or -1 (message set). */
int _ct_graphin_edge_add(_ct_graphin_state *T, slong u, slong v, const fmpq_t w,
                         slong line);
/* Per-node arrays for the nodes so far. */
void _ct_graphin_nodes_fit(_ct_graphin_state *T);

/* The edge readers: the text edge list, Matrix Market, scipy .npz. */
int _ct_graphin_read_text(_ct_graphin_state *T);
int _ct_graphin_read_mtx(_ct_graphin_state *T);
int _ct_graphin_read_npz(_ct_graphin_state *T);
/* The labels, truth and score files, then the classes. */
int _ct_graphin_read_labels(_ct_graphin_state *T);

/* An exact weight token: 0, or -1 with "malformed weight" / "negative
   weight" set at line. */
int _ct_graphin_weight(_ct_graphin_state *T, fmpq_t w, const char *tok, slong line);

#endif
