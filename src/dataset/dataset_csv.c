/* dataset_csv: the plain CSV layout (docs/gnn-data.md): labels.csv
   ("node,label", one line per node, string ids), edges.csv ("source,target")
   and an optional dense features.csv ("node,f1,...,fF"). No quoting: fields
   are cut at every comma. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dataset_csv.h"

static slong csv_slot(const _ct_dataset_csv_map *M, const char *s)
{
    uint64_t h = UINT64_C(1469598103934665603);
    slong i;

    for (const char *p = s; *p != '\0'; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(1099511628211);
    for (i = (slong)(h & (uint64_t)(M->cap - 1)); M->key[i] != NULL;
         i = (i + 1) & (M->cap - 1))
        if (strcmp(M->key[i], s) == 0)
            break;
    return i;
}

static slong csv_find(const _ct_dataset_csv_map *M, const char *s)
{
    slong i = M->cap == 0 ? -1 : csv_slot(M, s);
    return i >= 0 && M->key[i] != NULL ? M->val[i] : -1;
}

/* Adds s -> val; returns 0, or -1 when s is present already. */
static int csv_add(_ct_dataset_csv_map *M, const char *s, slong val)
{
    slong i;

    if (2 * (M->count + 1) > M->cap) {
        _ct_dataset_csv_map T = {NULL, NULL, M->cap ? 2 * M->cap : 64, M->count};
        T.key = flint_calloc((size_t)T.cap, sizeof(char *));
        T.val = flint_malloc((size_t)T.cap * sizeof(slong));
        for (i = 0; i < M->cap; i++)
            if (M->key[i] != NULL) {
                slong j = csv_slot(&T, M->key[i]);
                T.key[j] = M->key[i], T.val[j] = M->val[i];
            }
        flint_free(M->key);
        flint_free(M->val);
        *M = T;
    }
    i = csv_slot(M, s);
    if (M->key[i] != NULL)
        return -1;
    M->key[i] = ct_text_strdup(s);
    M->val[i] = val;
    M->count++;
    return 0;
}

static void csv_map_clear(_ct_dataset_csv_map *M)
{
    for (slong i = 0; i < M->cap; i++)
        flint_free(M->key[i]);
    flint_free(M->key);
    flint_free(M->val);
    memset(M, 0, sizeof *M);
}

/* The header line: exactly want fields (any number >= 2 when want is 0)
   whose first names are first and second (NULL: any). */
size_t _ct_dataset_csv_split(ct_dataset_reader_struct *r)
{
    size_t nf;

    if (r->line == 1 && strncmp(r->buf, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 BOM */
        memmove(r->buf, r->buf + 3, strlen(r->buf + 3) + 1);
    nf = ct_dataset_reader_split(r, ',');
    for (size_t k = 0; k < nf; k++)
        if (r->tok[k][0] == '"') {
            ct_dataset_reader_fail(r,
                                   "field %zu is quoted: quoting is not supported "
                                   "(docs/gnn-data.md, CSV layout)",
                                   k + 1);
            return (size_t)-1;
        }
    return nf;
}

int _ct_dataset_csv_header(ct_dataset_reader_struct *r, size_t want, const char *first,
                           const char *second)
{
    int got = ct_dataset_reader_next(r);
    size_t nf;

    if (got <= 0)
        return got < 0 ? -1 : ct_dataset_reader_fail(r, "empty file (no header line)");
    nf = _ct_dataset_csv_split(r);
    if (nf == (size_t)-1)
        return -1;
    if ((want > 0 && nf != want) || nf < 2 || strcmp(r->tok[0], first) != 0 ||
        (second != NULL && strcmp(r->tok[1], second) != 0))
        return ct_dataset_reader_fail(r, "expected the header line '%s,%s%s'", first,
                                      second != NULL ? second : "f1,...",
                                      want > 2 ? ",..." : "");
    return 0;
}

/* The node number of id token k, or a message. */
int _ct_dataset_csv_node(ct_dataset_reader_struct *r, const _ct_dataset_csv_state *S,
                         size_t k, slong *v)
{
    char show[CT_DATASET_SHOW_MAX];

    *v = csv_find(&S->ids, r->tok[k]);
    if (*v < 0)
        return ct_dataset_reader_fail(r, "unknown node id '%s' (not in labels.csv)",
                                      ct_dataset_show(show, r->tok[k]));
    return 0;
}

int _ct_dataset_csv_read_labels(ct_dataset_t D, _ct_dataset_csv_state *S,
                                ct_dataset_reader_struct *r)
{
    char show[CT_DATASET_SHOW_MAX];
    int got;

    if (_ct_dataset_csv_header(r, 2, "node", "label") != 0)
        return -1;
    while ((got = ct_dataset_reader_next(r)) > 0) {
        size_t nf = _ct_dataset_csv_split(r);
        if (nf == (size_t)-1)
            return -1;
        if (nf != 2 || r->tok[0][0] == '\0')
            return ct_dataset_reader_fail(r,
                                          "expected 'node,label' (label may be empty)");
        if (D->n >= CT_DATASET_MAX_NODES)
            return ct_dataset_reader_fail(r, "more than %ld nodes",
                                          (long)CT_DATASET_MAX_NODES);
        if (csv_add(&S->ids, r->tok[0], D->n) != 0)
            return ct_dataset_reader_fail(r, "node id '%s' has a second line",
                                          ct_dataset_show(show, r->tok[0]));
        S->lab = ct_dataset_grow(S->lab, &S->labcap, D->n + 1, sizeof(char *));
        S->lab[D->n++] = ct_text_strdup(r->tok[1]);
    }
    return got;
}

static int csv_name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Integer labels (all non-empty ones in 0..MAX_CLASSES-1) are the classes;
   otherwise the distinct names, numbered in sorted byte order. */
void _ct_dataset_csv_number_classes(ct_dataset_t D, _ct_dataset_csv_state *S)
{
    slong i, v, c = 0;
    int numeric = 1;

    D->label = flint_malloc((size_t)FLINT_MAX(D->n, 1) * sizeof(slong));
    for (i = 0; i < D->n && numeric; i++)
        numeric = S->lab[i][0] == '\0' ||
                  (S->lab[i][0] != '-' && ct_dataset_parse_slong(S->lab[i], &v) == 0 &&
                   v < CT_DATASET_MAX_CLASSES);
    for (i = 0; i < D->n; i++) {
        D->label[i] = -1;
        if (S->lab[i][0] != '\0' && numeric && ct_dataset_parse_slong(S->lab[i], &v) == 0)
            D->label[i] = v, D->nclass = FLINT_MAX(D->nclass, v + 1);
        else if (S->lab[i][0] != '\0')
            csv_add(&S->classes, S->lab[i], 0);
    }
    if (numeric)
        return;
    D->nclass = S->classes.count;
    D->class_name = flint_calloc((size_t)FLINT_MAX(D->nclass, 1), sizeof(char *));
    for (i = 0; i < S->classes.cap; i++)
        if (S->classes.key[i] != NULL)
            D->class_name[c++] = ct_text_strdup(S->classes.key[i]);
    qsort(D->class_name, (size_t)c, sizeof(char *), csv_name_cmp);
    for (i = 0; i < c; i++)
        S->classes.val[csv_slot(&S->classes, D->class_name[i])] = i;
    for (i = 0; i < D->n; i++)
        if (S->lab[i][0] != '\0')
            D->label[i] = csv_find(&S->classes, S->lab[i]);
}

int _ct_dataset_csv_read_edges(ct_dataset_t D, _ct_dataset_csv_state *S,
                               ct_dataset_reader_struct *r)
{
    ct_dataset_edgebuf_struct E;
    slong u, v;
    int got;

    if (_ct_dataset_csv_header(r, 2, "source", "target") != 0)
        return -1;
    ct_dataset_edgebuf_init(&E);
    while ((got = ct_dataset_reader_next(r)) > 0) {
        size_t nf = _ct_dataset_csv_split(r);
        if (nf != 2) {
            got = nf == (size_t)-1
                      ? -1
                      : ct_dataset_reader_fail(r, "expected 'source,target'");
            break;
        }
        if (_ct_dataset_csv_node(r, S, 0, &u) != 0 ||
            _ct_dataset_csv_node(r, S, 1, &v) != 0) {
            got = -1;
            break;
        }
        ct_dataset_edgebuf_push(&E, u, v);
    }
    if (got < 0) {
        ct_dataset_edgebuf_clear(&E);
        return -1;
    }
    ct_dataset_edgebuf_finish(D, &E);
    return 0;
}

void _ct_dataset_csv_state_clear(_ct_dataset_csv_state *S, slong n)
{
    csv_map_clear(&S->ids);
    csv_map_clear(&S->classes);
    for (slong i = 0; i < n && S->lab != NULL; i++)
        flint_free(S->lab[i]);
    flint_free(S->lab);
    memset(S, 0, sizeof *S);
}
