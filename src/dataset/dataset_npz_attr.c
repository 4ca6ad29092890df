/* dataset_npz_attr: the attributes of a gnn-benchmark .npz file, as CSR
   arrays attr_data/attr_indices/attr_indptr/attr_shape (rows sorted, repeats
   summed, zeros dropped) or as a dense attr_matrix. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "dataset_npz.h"

typedef struct {
    slong col;
    double val;
} npz_entry;

static int npz_entry_cmp(const void *a, const void *b)
{
    slong x = ((const npz_entry *)a)->col, y = ((const npz_entry *)b)->col;
    return (x > y) - (x < y);
}

/* Moves row entries e[0..len) into D's CSR at *k: sorted by column, repeats
   summed (counted in nfeat_dups), zeros dropped. */
static void npz_put_row(ct_dataset_t D, npz_entry *e, slong len, slong *k)
{
    qsort(e, (size_t)len, sizeof *e, npz_entry_cmp);
    for (slong t = 0; t < len; t++) {
        if (*k > 0 && t > 0 && e[t].col == e[t - 1].col) {
            D->nfeat_dups++;
            D->feat_val[*k - 1] += e[t].val;
            continue;
        }
        D->feat_col[*k] = e[t].col;
        D->feat_val[(*k)++] = e[t].val;
    }
}

int _ct_dataset_npz_load_attr_csr(ct_dataset_t D, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_csr m;
    npz_entry *e;
    slong k = 0;

    if (_ct_dataset_npz_csr_read(&m, f, "attr") != 0) {
        _ct_dataset_npz_csr_clear(&m);
        return -1;
    }
    if (m.rows != D->n) {
        _ct_dataset_npz_csr_clear(&m);
        return _ct_dataset_npz_fail(f, "attr_shape",
                                    "row count differs from the adjacency's");
    }
    D->nfeat = m.cols;
    D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    D->feat_col = flint_malloc((size_t)FLINT_MAX(m.nnz, 1) * sizeof(slong));
    D->feat_val = flint_malloc((size_t)FLINT_MAX(m.nnz, 1) * sizeof(double));
    e = flint_malloc((size_t)FLINT_MAX(m.nnz, 1) * sizeof(npz_entry));
    for (slong i = 0; i < m.rows; i++) {
        slong len = 0;
        for (slong t = m.rowptr[i]; t < m.rowptr[i + 1]; t++) {
            double v = _ct_dataset_npy_get_d(&m.data.a, t);
            if (!isfinite(v)) {
                flint_free(e);
                _ct_dataset_npz_csr_clear(&m);
                return _ct_dataset_npz_fail(f, "attr_data", "a value is not finite");
            }
            if (v != 0)
                e[len].col = m.col[t], e[len++].val = v;
        }
        npz_put_row(D, e, len, &k);
        D->feat_rowptr[i + 1] = k;
    }
    flint_free(e);
    _ct_dataset_npz_csr_clear(&m);
    return 0;
}

/* A dense n x F attr_matrix (either storage order). */
int _ct_dataset_npz_load_attr_dense(ct_dataset_t D, const _ct_dataset_npz_file *f)
{
    _ct_dataset_npz_array x;
    slong k = 0, F;

    if (_ct_dataset_npz_read(&x, f, "attr_matrix") != 0)
        return -1;
    if (x.a.ndim != 2 || x.a.shape[0] != D->n || !_ct_dataset_npy_numeric(&x.a)) {
        _ct_dataset_npz_free(&x);
        return _ct_dataset_npz_fail(f, "attr_matrix",
                                    "not a numeric matrix with a row per node");
    }
    F = D->nfeat = x.a.shape[1];
    D->feat_rowptr = flint_calloc((size_t)D->n + 1, sizeof(slong));
    D->feat_col = flint_malloc((size_t)FLINT_MAX(x.a.count, 1) * sizeof(slong));
    D->feat_val = flint_malloc((size_t)FLINT_MAX(x.a.count, 1) * sizeof(double));
    for (slong i = 0; i < D->n; i++) {
        for (slong j = 0; j < F; j++) {
            double v =
                _ct_dataset_npy_get_d(&x.a, x.a.fortran ? j * D->n + i : i * F + j);
            if (!isfinite(v)) {
                _ct_dataset_npz_free(&x);
                return _ct_dataset_npz_fail(f, "attr_matrix", "a value is not finite");
            }
            if (v != 0)
                D->feat_col[k] = j, D->feat_val[k++] = v;
        }
        D->feat_rowptr[i + 1] = k;
    }
    _ct_dataset_npz_free(&x);
    return 0;
}
