/* graphin_labels: the labels and truth files (`id label` per line, the edge
   list's delimiter rules, an optional header `id,label`), the score file
   (one id per line), and the classes: numbers when every value is a
   non-negative integer, else names numbered in sorted (strcmp) order. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "certune/text.h"
#include "graphin_internal.h"

static const char *const lab_id[] = {"id", "node", NULL};
static const char *const lab_value[] = {"label", "class", NULL};
static const char *const *const lab_header[] = {lab_id, lab_value, NULL};

/* A class number's largest value. */
#define LAB_MAX (CT_INSTANCE_MAX_CLASSES - 1)

/* The value token's index among the distinct values (-1: none), or -2 on an
   error (message set). */
static slong lab_value_index(_ct_graphin_state *T, const char *tok, slong line)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    size_t len = strlen(tok), digits = strspn(tok, "0123456789");
    if (len == 0 || strcmp(tok, "-1") == 0)
        return -1;
    if (tok[0] == '-' && len > 1 && strspn(tok + 1, "0123456789") == len - 1)
        return _ct_graphin_fail(T, line,
                                "negative class '%s' (-1 or an empty field: "
                                "unlabeled)",
                                ct_text_show_token(show, tok)) -
               1;
    if (len > CT_GRAPHIN_MAX_NAME)
        return _ct_graphin_fail(T, line, "class longer than %d bytes",
                                CT_GRAPHIN_MAX_NAME) -
               1;
    if (digits == len && (len - strspn(tok, "0") > 7 || atol(tok) > LAB_MAX))
        return _ct_graphin_fail(T, line, "class '%s' is above %d (the .gssl limit)",
                                ct_text_show_token(show, tok), LAB_MAX) -
               1;
    slong k = _ct_graphin_map_find(&T->values, tok);
    if (k < 0)
        _ct_graphin_map_add(&T->values, tok, k = T->values.count);
    return k;
}

/* One `id [label]` line of the labels (truth = 0) or truth file. */
static int lab_line(_ct_graphin_state *T, _ct_graphin_reader *r, int truth)
{
    char show[_CT_GRAPHIN_SHOW];
    if (r->ntok > 2)
        return _ct_graphin_reader_fail(r,
                                       "expected 1 or 2 %s-separated fields (id "
                                       "[label]), found %zu",
                                       _ct_graphin_sep_name(r->sep), r->ntok);
    slong v = _ct_graphin_node(T, r->tok[0], r->line, 1);
    if (v < 0)
        return -1;
    _ct_graphin_nodes_fit(T);
    slong *line = truth ? T->truline : T->labline;
    if (line[v] != 0)
        return _ct_graphin_reader_fail(r, "id %s is listed twice (first on line %ld)",
                                       _ct_graphin_show_node(show, T, v), (long)line[v]);
    line[v] = r->line;
    slong k = lab_value_index(T, r->ntok == 2 ? r->tok[1] : "", r->line);
    (truth ? T->tru : T->lab)[v] = k;
    return k < -1 ? -1 : 0;
}

static int lab_read(_ct_graphin_state *T, const char *path, int truth)
{
    _ct_graphin_reader r;
    ct_graphin_file_struct *F = truth ? &T->G->truth_file : &T->G->labels_file;
    int got;
    T->path = path, T->entries = 0;
    if (_ct_graphin_reader_open(&r, path, '#', T->err, T->errlen))
        return -1;
    while ((got = _ct_graphin_reader_next(&r)) == 1) {
        if ((got = _ct_graphin_reader_split(&r)) != 0)
            break;
        if (F->sep == 0) {
            F->sep = r.sep;
            if (_ct_graphin_reader_is_header(&r, lab_header, 2)) {
                F->header = r.line;
                continue;
            }
        }
        F->lines++;
        if ((got = lab_line(T, &r, truth)) != 0)
            break;
    }
    _ct_graphin_reader_close(&r);
    return got;
}

/* One id of the score file: a node with a truth, not labeled, once. */
static int score_line(_ct_graphin_state *T, _ct_graphin_reader *r, const char *s)
{
    char show[CT_TEXT_SHOW_LEN + 4], node[_CT_GRAPHIN_SHOW];
    slong v =
        T->fixed ? _ct_graphin_node(T, s, r->line, 0) : _ct_graphin_map_find(&T->ids, s);
    if (T->fixed && v < 0)
        return -1;
    if (v < 0 || T->tru[v] < 0)
        return _ct_graphin_reader_fail(r,
                                       "id '%s' has no truth in %s (a scored node "
                                       "needs one)",
                                       ct_text_show_token(show, s), T->S->truth);
    if (T->lab[v] >= 0)
        return _ct_graphin_reader_fail(r,
                                       "id %s is labeled (%s line %ld): a labeled node "
                                       "is not scored",
                                       _ct_graphin_show_node(node, T, v), T->S->labels,
                                       (long)T->labline[v]);
    if (T->scored[v] != 0)
        return _ct_graphin_reader_fail(r, "id %s is listed twice (first on line %ld)",
                                       _ct_graphin_show_node(node, T, v),
                                       (long)T->scored[v]);
    T->scored[v] = r->line;
    return 0;
}

/* The score file: each line (blanks around it dropped) is one id; a first
   line `id` or `node` is a header. */
static int score_read(_ct_graphin_state *T)
{
    _ct_graphin_reader r;
    ct_graphin_file_struct *F = &T->G->score_file;
    int got;
    T->path = T->S->score, T->entries = 0;
    if (_ct_graphin_reader_open(&r, T->path, '#', T->err, T->errlen))
        return -1;
    while ((got = _ct_graphin_reader_next(&r)) == 1) {
        char *s = r.buf + strspn(r.buf, " \t"), *end = s + strlen(s);
        while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
            *--end = '\0';
        if (F->sep == 0 && (F->sep = '\n') &&
            (strcasecmp(s, "id") == 0 || strcasecmp(s, "node") == 0)) {
            F->header = r.line;
            continue;
        }
        F->lines++;
        if ((got = score_line(T, &r, s)) != 0)
            break;
    }
    _ct_graphin_reader_close(&r);
    return got;
}

static int lab_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The distinct values as classes: their numbers, or their sorted names
   (G->class_name); cls[k] is value k's class. Returns the class count. */
static slong lab_classes(_ct_graphin_state *T, slong *cls)
{
    _ct_graphin_map *V = &T->values;
    slong c = 0, numbers = 1;
    for (slong i = 0; i < V->cap; i++)
        if (V->key[i] != NULL && V->key[i][strspn(V->key[i], "0123456789")] != '\0')
            numbers = 0;
    if (numbers) {
        for (slong i = 0; i < V->cap; i++)
            if (V->key[i] != NULL)
                cls[V->val[i]] = atol(V->key[i]), c = FLINT_MAX(c, cls[V->val[i]] + 1);
        return FLINT_MAX(c, 1);
    }
    char **names = flint_malloc((size_t)(V->count + 1) * sizeof(char *));
    for (slong i = 0; i < V->cap; i++)
        if (V->key[i] != NULL)
            names[c++] = ct_text_strdup(V->key[i]);
    names[c] = NULL; /* the list's end, for ct_graphin_clear */
    qsort(names, (size_t)c, sizeof(char *), lab_cmp);
    for (slong k = 0; k < c; k++)
        cls[_ct_graphin_map_find(V, names[k])] = k;
    T->G->class_name = names;
    return c;
}

int _ct_graphin_read_labels(_ct_graphin_state *T)
{
    const ct_graphin_spec_struct *S = T->S;
    if (lab_read(T, S->labels, 0) || (S->truth != NULL && lab_read(T, S->truth, 1)))
        return -1;
    _ct_graphin_nodes_fit(T);
    slong nlab = 0;
    for (slong i = 0; i < T->n; i++)
        nlab += T->lab[i] >= 0;
    if (nlab == 0)
        return snprintf(T->err, T->errlen,
                        "%s: no node has a label (every label is "
                        "empty or -1)",
                        S->labels),
               -1;
    if (S->score != NULL && score_read(T))
        return -1;
    for (slong i = 0; S->score == NULL && i < T->n; i++)
        T->scored[i] = T->tru[i] >= 0 && T->lab[i] < 0;
    slong *cls = flint_malloc((size_t)FLINT_MAX(T->values.count, 1) * sizeof(slong));
    T->c = lab_classes(T, cls);
    for (slong i = 0; i < T->n; i++) {
        T->lab[i] = T->lab[i] >= 0 ? cls[T->lab[i]] : -1;
        T->tru[i] = T->tru[i] >= 0 && T->scored[i] ? cls[T->tru[i]] : -1;
    }
    flint_free(cls);
    return 0;
}
