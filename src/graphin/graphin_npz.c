/* graphin_npz: a scipy.sparse.save_npz file (csr, csc or coo), read by the
   dataset module (ct_dataset_sparse_load): node i has the id "i" (0-based, as
   scipy numbers rows); each stored entry (i, j) is the undirected edge
   {i, j}. Integer values are exact; a float value is read as the shortest
   decimal that gives the same float back (what numpy prints: 0.1 is 1/10). */
#include <stdio.h>
#include <stdlib.h>
#include "certune/dataset.h"
#include "certune/qparse.h"
#include "graphin_internal.h"

/* The shortest "%.*e" spelling of x that reads back as x (as a float when
   single), into buf (40 bytes). */
static void npz_shortest(char *buf, double x, int single)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, 40, "%.*e", p - 1, x);
        if (single ? strtof(buf, NULL) == (float)x : strtod(buf, NULL) == x)
            return;
    }
}

/* Entry k's value, exactly, into w. */
static int npz_value(_ct_graphin_state *T, fmpq_t w, const ct_dataset_sparse_struct *M,
                     slong k)
{
    char buf[40];
    if (M->is_float)
        npz_shortest(buf, M->val_d[k], M->float32);
    else
        snprintf(buf, sizeof(buf), "%ld", (long)M->val_i[k]);
    return _ct_graphin_weight(T, w, buf, k);
}

int _ct_graphin_read_npz(_ct_graphin_state *T)
{
    ct_dataset_sparse_struct M;
    if (ct_dataset_sparse_load(&M, T->path, CT_INSTANCE_MAX_NODES, T->err, T->errlen))
        return -1;
    int rc = 0;
    T->entries = 1;
    T->fixed = 1, T->n = M.rows, T->G->id_base = 0;
    if (M.rows == 0)
        rc = -1, snprintf(T->err, T->errlen, "%s: shape: a matrix without rows", T->path);
    fmpq_t w;
    fmpq_init(w);
    for (slong k = 0; rc == 0 && k < M.nnz; k++)
        rc = npz_value(T, w, &M, k) || _ct_graphin_edge_add(T, M.row[k], M.col[k], w, k);
    fmpq_clear(w);
    T->G->edges_file.lines = M.nnz;
    ct_dataset_sparse_clear(&M);
    return rc ? -1 : 0;
}
