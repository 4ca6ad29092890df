/* graphin_mtx: a Matrix Market file (NIST's exchange format): the banner
   `%%MatrixMarket matrix coordinate FIELD SYMMETRY` with FIELD real,
   integer or pattern and SYMMETRY general or symmetric, `%` comment lines,
   the size line `n n nnz`, then nnz entries `i j [value]`, 1-based. Node k
   has the id "k"; each entry is the undirected edge {i, j} (a symmetric
   file gives each once, in either triangle). */
#include <string.h>
#include <strings.h>
#include "certune/text.h"
#include "graphin_internal.h"

typedef struct {
    int pattern, integer; /* the field: no value, integer values */
    slong nnz, size_line;
} mtx_head;

/* An unsigned decimal integer up to max into *x; -1 when it is not one. */
static int mtx_count(slong *x, const char *s, slong max)
{
    slong v = 0;
    if (*s == '\0')
        return -1;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9' || v > (max - (*s - '0')) / 10)
            return -1;
        v = 10 * v + (*s - '0');
    }
    *x = v;
    return 0;
}

static int mtx_banner(mtx_head *H, _ct_graphin_reader *r)
{
    _ct_graphin_reader_split(r);
    if (r->ntok != 5 || strcasecmp(r->tok[0], "%%MatrixMarket") != 0 ||
        strcasecmp(r->tok[1], "matrix") != 0)
        return _ct_graphin_reader_fail(r, "expected the banner '%%%%MatrixMarket matrix "
                                          "coordinate real|integer|pattern "
                                          "general|symmetric'");
    if (strcasecmp(r->tok[2], "coordinate") != 0)
        return _ct_graphin_reader_fail(r, "a dense (array) matrix: only coordinate "
                                          "files are read");
    const char *f = r->tok[3], *s = r->tok[4];
    H->pattern = strcasecmp(f, "pattern") == 0;
    H->integer = strcasecmp(f, "integer") == 0;
    if (!H->pattern && !H->integer && strcasecmp(f, "real") != 0)
        return _ct_graphin_reader_fail(r,
                                       "field '%.16s': only real, integer and pattern "
                                       "are read",
                                       f);
    if (strcasecmp(s, "general") != 0 && strcasecmp(s, "symmetric") != 0)
        return _ct_graphin_reader_fail(r,
                                       "symmetry '%.16s': only general and symmetric "
                                       "are read",
                                       s);
    return 0;
}

static int mtx_size(_ct_graphin_state *T, mtx_head *H, _ct_graphin_reader *r)
{
    slong rows, cols;
    _ct_graphin_reader_split(r);
    if (r->ntok != 3 || mtx_count(&rows, r->tok[0], WORD_MAX) ||
        mtx_count(&cols, r->tok[1], WORD_MAX) || mtx_count(&H->nnz, r->tok[2], WORD_MAX))
        return _ct_graphin_reader_fail(r, "expected the size line 'rows cols entries'");
    if (rows != cols)
        return _ct_graphin_reader_fail(r, "the matrix is %ld x %ld, not square",
                                       (long)rows, (long)cols);
    if (rows < 1 || rows > CT_INSTANCE_MAX_NODES)
        return _ct_graphin_reader_fail(r, "%ld nodes (expected 1..%d)", (long)rows,
                                       CT_INSTANCE_MAX_NODES);
    T->n = rows, T->fixed = 1, T->G->id_base = 1;
    H->size_line = r->line;
    return 0;
}

/* One entry line. */
static int mtx_entry(_ct_graphin_state *T, const mtx_head *H, _ct_graphin_reader *r,
                     fmpq_t w)
{
    _ct_graphin_reader_split(r);
    if (r->ntok != (size_t)(H->pattern ? 2 : 3))
        return _ct_graphin_reader_fail(
            r, "expected %s, found %zu fields",
            H->pattern ? "'i j' (a pattern file)" : "'i j value'", r->ntok);
    slong u = _ct_graphin_node(T, r->tok[0], r->line, 0);
    slong v = u < 0 ? -1 : _ct_graphin_node(T, r->tok[1], r->line, 0);
    if (v < 0)
        return -1;
    if (H->pattern)
        fmpq_one(w);
    else if (_ct_graphin_weight(T, w, r->tok[2], r->line))
        return -1;
    if (H->integer && !fmpz_is_one(fmpq_denref(w))) {
        char show[CT_TEXT_SHOW_LEN + 4];
        return _ct_graphin_reader_fail(r,
                                       "value '%s' is not an integer (an integer file)",
                                       ct_text_show_token(show, r->tok[2]));
    }
    return _ct_graphin_edge_add(T, u, v, w, r->line);
}

int _ct_graphin_read_mtx(_ct_graphin_state *T)
{
    _ct_graphin_reader r;
    mtx_head H = {0, 0, 0, 0};
    slong k = 0;
    int got;
    fmpq_t w;
    if (_ct_graphin_reader_open(&r, T->path, 0, T->err, T->errlen))
        return -1;
    r.sep = ' ';
    fmpq_init(w);
    got = _ct_graphin_reader_next(&r);
    if (got == 1 && (got = mtx_banner(&H, &r)) == 0) {
        r.comment = '%';
        got = _ct_graphin_reader_next(&r);
        if (got == 1)
            got = mtx_size(T, &H, &r);
        else if (got == 0)
            got = _ct_graphin_reader_fail(&r, "no size line");
    } else if (got == 0)
        got = -1, snprintf(T->err, T->errlen,
                           "%s: empty file (no %%%%MatrixMarket banner)", T->path);
    while (got == 0 && (got = _ct_graphin_reader_next(&r)) == 1) {
        if (k++ == H.nnz)
            got = _ct_graphin_reader_fail(&r,
                                          "more than the %ld entries of the size "
                                          "line (line %ld)",
                                          (long)H.nnz, (long)H.size_line);
        else
            got = mtx_entry(T, &H, &r, w);
    }
    if (got == 0 && k < H.nnz)
        got = -1, snprintf(T->err, T->errlen,
                           "%s: %ld entries, but the size line (line "
                           "%ld) says %ld",
                           T->path, (long)k, (long)H.size_line, (long)H.nnz);
    T->G->edges_file.sep = ' ';
    T->G->edges_file.lines = k;
    fmpq_clear(w);
    _ct_graphin_reader_close(&r);
    return got;
}
