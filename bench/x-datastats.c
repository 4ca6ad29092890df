/* x-datastats: one JSON line of the quantities the GNN bounds of
   docs/bounds.md need from a dataset, for scripts/reproduce-bounds.sh:
   nodes, feature dimension d, classes, undirected edges, the smallest and
   largest degree (without self-loops), and the largest Euclidean norm of a
   feature row after the GNN companion's row normalization (each row divided
   by its sum, ct_gnn_csr_set_features). Usage: x-datastats DATASET_DIR.
   Exit 2 (with the loader's message) when the dataset cannot be read. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "certune/dataset.h"
#include "certune/gnn_csr.h"
#include <flint/flint.h>
#include "certune/mem.h"

/* the largest row norm of the row-normalized features (0 without features) */
static double xstats_max_row_norm(const ct_dataset_t D)
{
    ct_gnn_csr_t A;
    double best = 0;
    ct_gnn_csr_set_features(A, D, 1);
    for (slong i = 0; D->nfeat > 0 && i < D->n; i++) {
        double s = 0;
        for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
            s += A->val[p] * A->val[p];
        best = fmax(best, sqrt(s));
    }
    ct_gnn_csr_clear(A);
    return best;
}

int main(int argc, char **argv)
{
    ct_dataset_t D;
    char err[512];
    ct_mem_install();
    if (argc != 2) {
        fprintf(stderr, "usage: x-datastats DATASET_DIR\n");
        return 1;
    }
    if (ct_dataset_load(D, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "x-datastats: %s\n", err);
        return 2;
    }
    slong *deg = flint_calloc(D->n > 0 ? D->n : 1, sizeof(slong));
    for (slong e = 0; e < D->nedges; e++) {
        deg[D->eu[e]]++;
        deg[D->ev[e]]++;
    }
    slong dmin = D->n > 0 ? deg[0] : 0, dmax = dmin;
    for (slong i = 1; i < D->n; i++) {
        dmin = FLINT_MIN(dmin, deg[i]);
        dmax = FLINT_MAX(dmax, deg[i]);
    }
    const char *name = strrchr(argv[1], '/');
    name = name && name[1] ? name + 1 : argv[1];
    printf(
        "{\"kind\": \"dataset\", \"dataset\": \"%s\", \"nodes\": %ld, \"features\": %ld, "
        "\"classes\": %ld, \"edges\": %ld, \"min_degree\": %ld, \"max_degree\": %ld, "
        "\"max_feature_norm\": %.17g}\n",
        name, (long)D->n, (long)D->nfeat, (long)D->nclass, (long)D->nedges, (long)dmin,
        (long)dmax, xstats_max_row_norm(D));
    flint_free(deg);
    ct_dataset_clear(D);
    return 0;
}
