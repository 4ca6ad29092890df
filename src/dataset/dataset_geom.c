/* gnn data: the Geom-GCN release (out1_node_feature_label.txt,
   out1_graph_edges.txt) and the Geom-GCN split files. */
#include <stdlib.h>
#include <string.h>
#include "dataset_internal.h"

/* A feature/label row, kept until all rows are read: the rows of the film
   (Actor) file are not in id order, and n is the number of rows. */
typedef struct {
    slong id, label, start, len, line;
} geom_row_struct;

typedef struct {
    geom_row_struct *row;
    slong nrow, rowcap;
    slong *col; /* entries of all rows in file order */
    double *val;
    slong len, cap;
    int sparse;  /* film: the middle field lists the indices of the ones */
    slong nfeat; /* dense: fixed by the first row; sparse: 1 + largest index */
} geom_rows_struct;

static void geom_rows_clear(geom_rows_struct *G)
{
    flint_free(G->row);
    flint_free(G->col);
    flint_free(G->val);
}

static void geom_push(geom_rows_struct *G, slong col, double val)
{
    slong c = G->cap;

    if (G->len == G->cap) {
        G->col = ct_dataset_grow(G->col, &c, G->len + 1, sizeof(slong));
        c = G->cap;
        G->val = ct_dataset_grow(G->val, &c, G->len + 1, sizeof(double));
        G->cap = c;
    }
    G->col[G->len] = col;
    G->val[G->len] = val;
    G->len++;
}

static int geom_slong_cmp(const void *a, const void *b)
{
    slong x = *(const slong *)a, y = *(const slong *)b;

    return (x > y) - (x < y);
}

/* Film rows list indices in any order and sometimes twice; a feature is
   binary, so a repeat is the same one and is merged (and counted). */
static slong geom_sort_row(geom_rows_struct *G, geom_row_struct *row)
{
    slong *c = G->col + row->start, i, m = 0;

    qsort(c, (size_t)row->len, sizeof(slong), geom_slong_cmp);
    for (i = 0; i < row->len; i++)
        if (m == 0 || c[i] != c[m - 1])
            c[m++] = c[i];
    G->len = row->start + m;
    i = row->len - m;
    row->len = m;
    return i;
}

/* The comma-separated middle field of one row. */
static int geom_parse_features(ct_dataset_t D, geom_rows_struct *G,
                               ct_dataset_reader_struct *r, geom_row_struct *row)
{
    char *p = r->tok[1], *q, show[CT_DATASET_SHOW_MAX];
    slong count = 0, idx;
    double v;

    row->start = G->len;
    while (*p != '\0') {
        q = p + strcspn(p, ",");
        if (*q != '\0')
            *q++ = '\0';
        if (G->sparse) {
            if (ct_dataset_parse_slong(p, &idx) != 0 || idx < 0 || idx >= (WORD(1) << 31))
                return ct_dataset_reader_fail(
                    r, "feature index '%s' is not an integer in 0..2^31-1",
                    ct_dataset_show(show, p));
            geom_push(G, idx, 1.0);
            G->nfeat = FLINT_MAX(G->nfeat, idx + 1);
        } else {
            if (ct_dataset_parse_double(p, &v) != 0)
                return ct_dataset_reader_fail(r,
                                              "feature value '%s' is not a finite number",
                                              ct_dataset_show(show, p));
            if (v != 0.0)
                geom_push(G, count, v);
        }
        count++;
        p = q;
    }
    row->len = G->len - row->start;
    if (G->sparse) {
        D->nfeat_dups += geom_sort_row(G, row);
        return 0;
    }
    if (G->nrow == 0)
        G->nfeat = count;
    if (count != G->nfeat)
        return ct_dataset_reader_fail(r, "expected %ld feature values, found %ld",
                                      (long)G->nfeat, (long)count);
    return 0;
}

static int geom_read_row(ct_dataset_t D, geom_rows_struct *G, ct_dataset_reader_struct *r)
{
    geom_row_struct row;

    if (ct_dataset_reader_split(r, '\t') != 3)
        return ct_dataset_reader_fail(r, "expected 3 tab-separated fields, found %zu",
                                      r->ntok);
    if (ct_dataset_reader_slong(r, 0, 0, CT_DATASET_MAX_NODES - 1, "node id", &row.id) !=
            0 ||
        ct_dataset_reader_slong(r, 2, -1, CT_DATASET_MAX_CLASSES - 1, "label",
                                &row.label) != 0 ||
        geom_parse_features(D, G, r, &row) != 0)
        return -1;
    row.line = r->line;
    G->row = ct_dataset_grow(G->row, &G->rowcap, G->nrow + 1, sizeof(geom_row_struct));
    G->row[G->nrow++] = row;
    return 0;
}

/* The header names the columns; film's says feature_amount:931 although
   index 931 occurs, so the amount is a lower bound on nfeat, not a check. */
static int geom_read_header(geom_rows_struct *G, ct_dataset_reader_struct *r)
{
    const char *amount;
    slong k = 0;
    int got = ct_dataset_reader_next(r);

    if (got <= 0) {
        r->line = 1;
        return got < 0 ? -1
                       : ct_dataset_reader_fail(r, "empty file (expected a header line)");
    }
    if (ct_dataset_reader_split(r, '\t') != 3 || strcmp(r->tok[0], "node_id") != 0)
        return ct_dataset_reader_fail(
            r, "expected the header 'node_id<TAB>feature<TAB>label'");
    amount = strstr(r->tok[1], "feature_amount:");
    if (amount != NULL) {
        G->sparse = 1;
        for (amount += 15; *amount >= '0' && *amount <= '9' && k < (WORD(1) << 31);
             amount++)
            k = 10 * k + (*amount - '0');
        G->nfeat = k;
    }
    return 0;
}

/* Puts the rows in id order as D's CSR matrix and labels; ids must be
   exactly 0..n-1. */
static int geom_build(ct_dataset_t D, geom_rows_struct *G, ct_dataset_reader_struct *r)
{
    slong i, j, k = 0, n = G->nrow;
    geom_row_struct **byid = flint_calloc((size_t)FLINT_MAX(n, 1), sizeof(*byid));

    for (i = 0; i < n; i++) {
        geom_row_struct *row = G->row + i;
        r->line = row->line;
        if (row->id >= n || byid[row->id] != NULL) {
            flint_free(byid);
            if (row->id >= n)
                return ct_dataset_reader_fail(r, "node id %ld out of range (0..%ld)",
                                              (long)row->id, (long)n - 1);
            return ct_dataset_reader_fail(r, "node id %ld has a second row",
                                          (long)row->id);
        }
        byid[row->id] = row;
        D->nclass = FLINT_MAX(D->nclass, row->label + 1);
    }
    D->n = n;
    D->nfeat = G->nfeat;
    D->label = flint_malloc((size_t)FLINT_MAX(n, 1) * sizeof(slong));
    D->feat_rowptr = flint_malloc((size_t)(n + 1) * sizeof(slong));
    D->feat_col = flint_malloc((size_t)FLINT_MAX(G->len, 1) * sizeof(slong));
    D->feat_val = flint_malloc((size_t)FLINT_MAX(G->len, 1) * sizeof(double));
    for (i = 0; i < n; i++) {
        D->label[i] = byid[i]->label;
        D->feat_rowptr[i] = k;
        for (j = 0; j < byid[i]->len; j++, k++) {
            D->feat_col[k] = G->col[byid[i]->start + j];
            D->feat_val[k] = G->val[byid[i]->start + j];
        }
    }
    D->feat_rowptr[n] = k;
    flint_free(byid);
    return 0;
}

static int geom_read_features(ct_dataset_t D, const char *path, char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    geom_rows_struct G;
    int got;

    memset(&G, 0, sizeof G);
    if (ct_dataset_reader_open(&r, path, err, errlen) != 0)
        return -1;
    got = geom_read_header(&G, &r);
    while (got == 0 && (got = ct_dataset_reader_next(&r)) > 0)
        got = geom_read_row(D, &G, &r);
    if (got == 0)
        got = geom_build(D, &G, &r);
    geom_rows_clear(&G);
    ct_dataset_reader_close(&r);
    return got;
}

static int geom_read_edges(ct_dataset_t D, const char *path, char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    ct_dataset_edgebuf_struct E;
    slong u, v;
    int got;

    if (ct_dataset_reader_open(&r, path, err, errlen) != 0)
        return -1;
    ct_dataset_edgebuf_init(&E);
    got = ct_dataset_reader_next(&r);
    if (got > 0 &&
        (ct_dataset_reader_split(&r, '\t') != 2 || strcmp(r.tok[0], "node_id") != 0))
        got = ct_dataset_reader_fail(&r, "expected the header 'node_id<TAB>node_id'");
    else if (got == 0) {
        r.line = 1;
        got = ct_dataset_reader_fail(&r, "empty file (expected a header line)");
    }
    while (got > 0 && (got = ct_dataset_reader_next(&r)) > 0) {
        if (ct_dataset_reader_split(&r, '\t') != 2)
            got = ct_dataset_reader_fail(&r, "expected 2 tab-separated fields, found %zu",
                                         r.ntok);
        else if (ct_dataset_reader_slong(&r, 0, 0, D->n - 1, "node id", &u) != 0 ||
                 ct_dataset_reader_slong(&r, 1, 0, D->n - 1, "node id", &v) != 0)
            got = -1;
        else
            ct_dataset_edgebuf_push(&E, u, v);
    }
    ct_dataset_reader_close(&r);
    if (got < 0) {
        ct_dataset_edgebuf_clear(&E);
        return -1;
    }
    ct_dataset_edgebuf_finish(D, &E);
    return 0;
}

int ct_dataset_geom_load(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    char *feat = ct_dataset_join(dir, "out1_node_feature_label.txt");
    char *edges = ct_dataset_join(dir, "out1_graph_edges.txt");
    int res = geom_read_features(D, feat, err, errlen);

    if (res == 0)
        res = geom_read_edges(D, edges, err, errlen);
    flint_free(feat);
    flint_free(edges);
    return res;
}
