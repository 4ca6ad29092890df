/* gnn data: the converted text format (Planetoid folders and npz conversions):
   labels.txt, edges.txt, features.txt[.gz], classes.txt, train/val/test.txt. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "dataset_internal.h"

/* Reads the header line, which must have nfield integer fields. */
static int text_header(ct_dataset_reader_struct *r, size_t nfield, const char *form)
{
    int got = ct_dataset_reader_next(r);

    if (got < 0)
        return -1;
    if (got == 0) {
        r->line = 1;
        return ct_dataset_reader_fail(r, "empty file (expected a header '%s')", form);
    }
    if (ct_dataset_reader_split(r, 0) != nfield)
        return ct_dataset_reader_fail(r, "expected the header '%s', found %zu fields",
                                      form, r->ntok);
    return 0;
}

/* Checks one data line's field count. */
static int text_fields(ct_dataset_reader_struct *r, size_t nfield)
{
    if (ct_dataset_reader_split(r, 0) != nfield)
        return ct_dataset_reader_fail(r, "expected %zu fields, found %zu", nfield,
                                      r->ntok);
    return 0;
}

/* A count that disagrees with the header is reported at the header line:
   that is the number a reader would check against. */
static int text_count(ct_dataset_reader_struct *r, slong want, slong got,
                      const char *what)
{
    if (got == want)
        return 0;
    r->line = 1;
    return ct_dataset_reader_fail(r, "header says %ld %s, the file has %ld", (long)want,
                                  what, (long)got);
}

static int text_too_many(ct_dataset_reader_struct *r, slong want, const char *what)
{
    return ct_dataset_reader_fail(r, "more %s than the header's %ld", what, (long)want);
}

/* The node count of a later file must match labels.txt. */
static int text_same_n(ct_dataset_reader_struct *r, const ct_dataset_t D)
{
    slong n;

    if (ct_dataset_reader_slong(r, 0, 0, CT_DATASET_MAX_NODES, "node count", &n) != 0)
        return -1;
    if (n != D->n)
        return ct_dataset_reader_fail(r, "header says %ld nodes, labels.txt says %ld",
                                      (long)n, (long)D->n);
    return 0;
}

/* labels.txt's lines as read (node, label, line number), grown with them:
   the header's node count alone allocates nothing, so a header of 2^28
   nodes over a short file costs a few bytes, not 2 GB. */
typedef struct {
    slong *rec; /* triples */
    slong len, cap;
} text_label_lines;

/* D->label from the n lines L holds (every node once, checked here). */
static int text_labels_place(ct_dataset_t D, ct_dataset_reader_struct *r,
                             const text_label_lines *L)
{
    D->label = flint_malloc((size_t)FLINT_MAX(D->n, 1) * sizeof(slong));
    /* -2 marks a node without a line yet; -1 is a legal label (unknown). */
    for (slong i = 0; i < D->n; i++)
        D->label[i] = -2;
    for (slong k = 0; k < L->len; k++) {
        const slong *t = L->rec + 3 * k;
        if (D->label[t[0]] != -2) {
            r->line = t[2];
            return ct_dataset_reader_fail(r, "node %ld has a second label line",
                                          (long)t[0]);
        }
        D->label[t[0]] = t[1];
    }
    return 0;
}

static int text_read_labels(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    text_label_lines L = {NULL, 0, 0};
    slong node, lab;
    int got, rc = -1;

    if (text_header(r, 2, "N C") != 0 ||
        ct_dataset_reader_slong(r, 0, 0, CT_DATASET_MAX_NODES, "node count", &D->n) !=
            0 ||
        ct_dataset_reader_slong(r, 1, 1, CT_DATASET_MAX_CLASSES, "class count",
                                &D->nclass) != 0)
        return -1;
    while ((got = ct_dataset_reader_next(r)) > 0) {
        if (L.len == D->n) {
            text_too_many(r, D->n, "label lines");
            goto done;
        }
        if (text_fields(r, 2) != 0 ||
            ct_dataset_reader_slong(r, 0, 0, D->n - 1, "node index", &node) != 0 ||
            ct_dataset_reader_slong(r, 1, -1, D->nclass - 1, "label", &lab) != 0)
            goto done;
        L.rec = ct_dataset_grow(L.rec, &L.cap, 3 * (L.len + 1), sizeof(slong));
        L.rec[3 * L.len] = node, L.rec[3 * L.len + 1] = lab,
                  L.rec[3 * L.len + 2] = r->line;
        L.len++;
    }
    if (got >= 0 && text_count(r, D->n, L.len, "nodes") == 0)
        rc = text_labels_place(D, r, &L);
done:
    flint_free(L.rec);
    return rc;
}

static int text_read_edges(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    ct_dataset_edgebuf_struct E;
    slong m, u, v, count = 0;
    int got;

    if (text_header(r, 2, "N E") != 0 || text_same_n(r, D) != 0 ||
        ct_dataset_reader_slong(r, 1, 0, WORD(1) << 40, "edge count", &m) != 0)
        return -1;
    ct_dataset_edgebuf_init(&E);
    while ((got = ct_dataset_reader_next(r)) > 0) {
        if (count == m) {
            got = text_too_many(r, m, "edge lines");
            break;
        }
        if (text_fields(r, 2) != 0 ||
            ct_dataset_reader_slong(r, 0, 0, D->n - 1, "node index", &u) != 0 ||
            ct_dataset_reader_slong(r, 1, 0, D->n - 1, "node index", &v) != 0) {
            got = -1;
            break;
        }
        ct_dataset_edgebuf_push(&E, u, v);
        count++;
    }
    if (got < 0 || text_count(r, m, count, "edges") != 0) {
        ct_dataset_edgebuf_clear(&E);
        return -1;
    }
    ct_dataset_edgebuf_finish(D, &E);
    return 0;
}

/* Appends entry *k, which must come after the previous one in (node,
   feature) order; that order is what makes the CSR build a single pass. */
static int text_feature_line(ct_dataset_t D, ct_dataset_reader_struct *r, slong *k,
                             slong *cap, slong *pnode, slong *pcol)
{
    slong node, col, c;
    double val;
    char show[CT_DATASET_SHOW_MAX];

    if (text_fields(r, 3) != 0 ||
        ct_dataset_reader_slong(r, 0, 0, D->n - 1, "node index", &node) != 0 ||
        ct_dataset_reader_slong(r, 1, 0, D->nfeat - 1, "feature index", &col) != 0)
        return -1;
    if (ct_dataset_parse_double(r->tok[2], &val) != 0)
        return ct_dataset_reader_fail(r, "feature value '%s' is not a finite number",
                                      ct_dataset_show(show, r->tok[2]));
    if (node < *pnode || (node == *pnode && col <= *pcol))
        return ct_dataset_reader_fail(
            r,
            "entry (%ld, %ld) after (%ld, %ld): entries must be sorted "
            "by node, then feature, each once",
            (long)node, (long)col, (long)*pnode, (long)*pcol);
    if (*k == *cap) {
        c = *cap;
        D->feat_col = ct_dataset_grow(D->feat_col, &c, *k + 1, sizeof(slong));
        c = *cap;
        D->feat_val = ct_dataset_grow(D->feat_val, &c, *k + 1, sizeof(double));
        *cap = c;
    }
    D->feat_col[*k] = col;
    D->feat_val[*k] = val;
    (*k)++;
    D->feat_rowptr[node + 1]++;
    *pnode = node;
    *pcol = col;
    return 0;
}

static int text_read_features(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    slong nnz, i, cap = 0, pnode = -1, pcol = -1, k = 0;
    int got;

    if (text_header(r, 3, "N F NNZ") != 0 || text_same_n(r, D) != 0 ||
        ct_dataset_reader_slong(r, 1, 0, WORD(1) << 40, "feature count", &D->nfeat) !=
            0 ||
        ct_dataset_reader_slong(r, 2, 0, WORD(1) << 40, "nonzero count", &nnz) != 0)
        return -1;
    D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    /* The header sizes the arrays only when it is sane; else they grow. */
    if (nnz > 0 && nnz <= (WORD(1) << 26)) {
        cap = nnz;
        D->feat_col = flint_malloc((size_t)cap * sizeof(slong));
        D->feat_val = flint_malloc((size_t)cap * sizeof(double));
    }
    while ((got = ct_dataset_reader_next(r)) > 0) {
        if (k == nnz)
            return text_too_many(r, nnz, "feature lines");
        if (text_feature_line(D, r, &k, &cap, &pnode, &pcol) != 0)
            return -1;
    }
    if (got < 0 || text_count(r, nnz, k, "nonzeros") != 0)
        return -1;
    for (i = 0; i < D->n; i++)
        D->feat_rowptr[i + 1] += D->feat_rowptr[i];
    return 0;
}

/* classes.txt: "label name", the name being the rest of the line. */
static int text_read_classes(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    slong lab;
    char *p;
    int got;

    D->class_name = flint_calloc((size_t)D->nclass, sizeof(char *));
    while ((got = ct_dataset_reader_next(r)) > 0) {
        p = r->buf + strcspn(r->buf, " \t");
        if (*p == '\0')
            return ct_dataset_reader_fail(r, "expected 'label name'");
        *p++ = '\0';
        p += strspn(p, " \t");
        if (ct_dataset_parse_slong(r->buf, &lab) != 0 || lab < 0 || lab >= D->nclass)
            return ct_dataset_reader_fail(
                r, "label out of range or not an integer (0..%ld)", (long)D->nclass - 1);
        if (*p == '\0')
            return ct_dataset_reader_fail(r, "class %ld has no name", (long)lab);
        if (D->class_name[lab] != NULL)
            return ct_dataset_reader_fail(r, "class %ld named twice", (long)lab);
        D->class_name[lab] = ct_text_strdup(p);
    }
    return got;
}

typedef int (*text_reader_fn)(ct_dataset_t, ct_dataset_reader_struct *);

/* Opens dir/name and runs fn on it. An optional file that is absent (plain
   and .gz) is not an error: it returns 1. */
static int text_run(ct_dataset_t D, const char *dir, const char *name, int optional,
                    text_reader_fn fn, char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    char *path = ct_dataset_join(dir, name);
    int res;

    if (optional && !ct_dataset_has_file(path)) {
        flint_free(path);
        return 1;
    }
    res = ct_dataset_reader_open(&r, path, err, errlen);
    flint_free(path);
    if (res != 0)
        return -1;
    res = fn(D, &r) != 0 ? -1 : 0;
    ct_dataset_reader_close(&r);
    return res;
}

int ct_dataset_text_load(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    int res;

    if (text_run(D, dir, "labels.txt", 0, text_read_labels, err, errlen) != 0 ||
        text_run(D, dir, "edges.txt", 0, text_read_edges, err, errlen) != 0)
        return -1;
    /* PubMed ships without features: then there are none, nfeat = 0. */
    res = text_run(D, dir, "features.txt", 1, text_read_features, err, errlen);
    if (res < 0)
        return -1;
    if (res == 1)
        D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    return text_run(D, dir, "classes.txt", 1, text_read_classes, err, errlen) < 0 ? -1
                                                                                  : 0;
}

/* One of train.txt, val.txt, test.txt: one node index per line. */
static int text_read_set(ct_dataset_t D, ct_dataset_reader_struct *r, signed char code)
{
    static const char *set_name[3] = {"train", "val", "test"};
    slong node;
    int got;

    while ((got = ct_dataset_reader_next(r)) > 0) {
        if (text_fields(r, 1) != 0 ||
            ct_dataset_reader_slong(r, 0, 0, D->n - 1, "node index", &node) != 0)
            return -1;
        if (D->split[node] != CT_DATASET_UNUSED)
            return ct_dataset_reader_fail(r, "node %ld is already in %s", (long)node,
                                          set_name[D->split[node]]);
        D->split[node] = code;
    }
    return got;
}

static int text_read_train(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    return text_read_set(D, r, CT_DATASET_TRAIN);
}

static int text_read_val(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    return text_read_set(D, r, CT_DATASET_VAL);
}

static int text_read_test(ct_dataset_t D, ct_dataset_reader_struct *r)
{
    return text_read_set(D, r, CT_DATASET_TEST);
}

int ct_dataset_text_load_public(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    slong i;

    D->split = flint_malloc((size_t)FLINT_MAX(D->n, 1));
    for (i = 0; i < D->n; i++)
        D->split[i] = CT_DATASET_UNUSED;
    D->nsplits = 1;
    D->split_kind = CT_DATASET_SPLITS_PUBLIC;
    if (text_run(D, dir, "train.txt", 0, text_read_train, err, errlen) != 0 ||
        text_run(D, dir, "val.txt", 0, text_read_val, err, errlen) != 0 ||
        text_run(D, dir, "test.txt", 0, text_read_test, err, errlen) != 0)
        return -1;
    return 0;
}

/* True when dir has the three public split files. */
int ct_dataset_text_has_public(const char *dir)
{
    static const char *name[3] = {"train.txt", "val.txt", "test.txt"};
    char *path;
    int k, ok = 1;

    for (k = 0; k < 3 && ok; k++) {
        path = ct_dataset_join(dir, name[k]);
        ok = ct_dataset_has_file(path);
        flint_free(path);
    }
    return ok;
}
