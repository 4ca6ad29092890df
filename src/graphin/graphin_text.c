/* graphin_text: an edge list as text, `u v [w]` per line, comma-, tab- or
   blank-separated, an optional header line of known names, `#` comment
   lines, string ids, exact weights (default 1). */
#include <string.h>
#include "graphin_internal.h"

static const char *const text_source[] = {"source", "src", "from", NULL};
static const char *const text_target[] = {"target", "dst", "to", NULL};
static const char *const text_weight[] = {"weight", NULL};
static const char *const *const text_header[] = {text_source, text_target, text_weight,
                                                 NULL};

/* One edge line: the ids, then the weight (1 when absent or empty). */
static int text_line(_ct_graphin_state *T, _ct_graphin_reader *r, fmpq_t w)
{
    if (r->ntok < 2 || r->ntok > 3)
        return _ct_graphin_reader_fail(r,
                                       "expected 2 or 3 %s-separated fields "
                                       "(u v [w]), found %zu",
                                       _ct_graphin_sep_name(r->sep), r->ntok);
    slong u = _ct_graphin_node(T, r->tok[0], r->line, 0);
    slong v = u < 0 ? -1 : _ct_graphin_node(T, r->tok[1], r->line, 0);
    if (v < 0)
        return -1;
    if (r->ntok == 3 && r->tok[2][0] != '\0') {
        if (_ct_graphin_weight(T, w, r->tok[2], r->line))
            return -1;
    } else
        fmpq_one(w);
    return _ct_graphin_edge_add(T, u, v, w, r->line);
}

int _ct_graphin_read_text(_ct_graphin_state *T)
{
    _ct_graphin_reader r;
    ct_graphin_file_struct *F = &T->G->edges_file;
    int got;
    fmpq_t w;
    if (_ct_graphin_reader_open(&r, T->path, '#', T->err, T->errlen))
        return -1;
    fmpq_init(w);
    while ((got = _ct_graphin_reader_next(&r)) == 1) {
        if ((got = _ct_graphin_reader_split(&r)) != 0)
            break;
        if (F->sep == 0) {
            F->sep = r.sep;
            if (_ct_graphin_reader_is_header(&r, text_header, 2)) {
                F->header = r.line;
                continue;
            }
        }
        F->lines++;
        if ((got = text_line(T, &r, w)) != 0)
            break;
    }
    if (got == 0 && F->lines == 0)
        got = -1, snprintf(T->err, T->errlen, "%s: no edge line", T->path);
    fmpq_clear(w);
    _ct_graphin_reader_close(&r);
    return got;
}
