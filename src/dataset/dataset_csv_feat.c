/* dataset_csv_feat: the optional dense features.csv of the CSV layout
   ("node,f1,...,fF", at most one line per node, any order; a node without a
   line has all-zero features), and the layout's entry point. */
#include <stdlib.h>
#include <string.h>
#include "dataset_csv.h"

/* Nonzero entries in file order, with the row each came from. */
typedef struct {
    slong *row, *col;
    double *val;
    slong len, cap;
} csv_entries;

static void csv_entries_push(csv_entries *e, slong row, slong col, double val)
{
    if (e->len == e->cap) {
        slong c = e->cap;
        e->row = ct_dataset_grow(e->row, &c, e->len + 1, sizeof(slong));
        c = e->cap;
        e->col = ct_dataset_grow(e->col, &c, e->len + 1, sizeof(slong));
        c = e->cap;
        e->val = ct_dataset_grow(e->val, &c, e->len + 1, sizeof(double));
        e->cap = c;
    }
    e->row[e->len] = row, e->col[e->len] = col, e->val[e->len++] = val;
}

/* One line "id,v1,...,vF"; seen marks rows already given. */
static int csv_feature_line(ct_dataset_t D, const _ct_dataset_csv_state *S,
                            ct_dataset_reader_struct *r, char *seen, csv_entries *e)
{
    char show[CT_DATASET_SHOW_MAX];
    slong node;
    double v;

    size_t nf = _ct_dataset_csv_split(r);

    if (nf == (size_t)-1)
        return -1;
    if (nf != (size_t)D->nfeat + 1)
        return ct_dataset_reader_fail(r, "expected %ld fields (node and %ld features)",
                                      (long)D->nfeat + 1, (long)D->nfeat);
    if (_ct_dataset_csv_node(r, S, 0, &node) != 0)
        return -1;
    if (seen[node])
        return ct_dataset_reader_fail(r, "node id '%s' has a second line",
                                      ct_dataset_show(show, r->tok[0]));
    seen[node] = 1;
    for (slong f = 0; f < D->nfeat; f++) {
        if (ct_dataset_parse_double(r->tok[f + 1], &v) != 0)
            return ct_dataset_reader_fail(r, "feature value '%s' is not a finite number",
                                          ct_dataset_show(show, r->tok[f + 1]));
        if (v != 0)
            csv_entries_push(e, node, f, v);
    }
    return 0;
}

/* Counting sort of the entries by row into D's CSR (columns stay sorted). */
static void csv_entries_to_csr(ct_dataset_t D, const csv_entries *e)
{
    slong *next = flint_calloc((size_t)D->n + 1, sizeof(slong));

    D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    D->feat_col = flint_malloc((size_t)FLINT_MAX(e->len, 1) * sizeof(slong));
    D->feat_val = flint_malloc((size_t)FLINT_MAX(e->len, 1) * sizeof(double));
    for (slong k = 0; k < e->len; k++)
        D->feat_rowptr[e->row[k] + 1]++;
    for (slong i = 0; i < D->n; i++)
        D->feat_rowptr[i + 1] += D->feat_rowptr[i];
    memcpy(next, D->feat_rowptr, (size_t)D->n * sizeof(slong));
    for (slong k = 0; k < e->len; k++) {
        slong t = next[e->row[k]]++;
        D->feat_col[t] = e->col[k];
        D->feat_val[t] = e->val[k];
    }
    flint_free(next);
}

static int csv_read_features(ct_dataset_t D, const _ct_dataset_csv_state *S,
                             ct_dataset_reader_struct *r)
{
    csv_entries e = {NULL, NULL, NULL, 0, 0};
    char *seen;
    int got;

    if (_ct_dataset_csv_header(r, 0, "node", NULL) != 0)
        return -1;
    D->nfeat = (slong)r->ntok - 1;
    seen = flint_calloc((size_t)FLINT_MAX(D->n, 1), 1);
    while ((got = ct_dataset_reader_next(r)) > 0)
        if (csv_feature_line(D, S, r, seen, &e) != 0) {
            got = -1;
            break;
        }
    if (got == 0)
        csv_entries_to_csr(D, &e);
    flint_free(seen);
    flint_free(e.row);
    flint_free(e.col);
    flint_free(e.val);
    return got;
}

/* Opens dir/name (or name.gz); 1 when optional and absent. */
static int csv_open(ct_dataset_reader_struct *r, const char *dir, const char *name,
                    int optional, char *err, size_t errlen)
{
    char *path = ct_dataset_join(dir, name);
    int rc = 1;

    if (!optional || ct_dataset_has_file(path))
        rc = ct_dataset_reader_open(r, path, err, errlen);
    flint_free(path);
    return rc;
}

int _ct_dataset_csv_load(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    _ct_dataset_csv_state S;
    ct_dataset_reader_struct r;
    int rc;

    memset(&S, 0, sizeof S);
    rc = csv_open(&r, dir, "labels.csv", 0, err, errlen);
    if (rc == 0) {
        rc = _ct_dataset_csv_read_labels(D, &S, &r);
        ct_dataset_reader_close(&r);
    }
    if (rc == 0) {
        _ct_dataset_csv_number_classes(D, &S);
        rc = csv_open(&r, dir, "edges.csv", 0, err, errlen);
    }
    if (rc == 0) {
        rc = _ct_dataset_csv_read_edges(D, &S, &r);
        ct_dataset_reader_close(&r);
    }
    if (rc == 0)
        rc = csv_open(&r, dir, "features.csv", 1, err, errlen);
    if (rc == 0) {
        rc = csv_read_features(D, &S, &r);
        ct_dataset_reader_close(&r);
    } else if (rc == 1) {
        rc = 0;
        D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    }
    _ct_dataset_csv_state_clear(&S, D->n);
    return rc;
}
