/* gnn_adam: bias-corrected Adam. */
#include <math.h>
#include <stdlib.h>
#include "certune/gnn_adam.h"

void gnn_adam_init(gnn_adam_t A, slong n, double lr)
{
    A->n = n;
    A->t = 0;
    A->lr = lr;
    A->beta1 = 0.9;
    A->beta2 = 0.999;
    A->eps = 1e-8;
    A->m = calloc((size_t)n + 1, sizeof(double));
    A->v = calloc((size_t)n + 1, sizeof(double));
    A->zero = calloc((size_t)n + 1, sizeof(double));
}

void gnn_adam_clear(gnn_adam_t A)
{
    free(A->m);
    free(A->v);
    free(A->zero);
    A->m = A->v = A->zero = NULL;
}

/* As in sparse.c: sqrt and division four lanes at a time where AVX2 exists. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
__attribute__((target_clones("avx2", "default")))
#endif
void gnn_adam_step(gnn_adam_t A, double *param, const double *grad, const double *wd)
{
    A->t++;
    if (wd == NULL) /* one loop without a branch, so it vectorizes */
        wd = A->zero;
    double c1 = 1.0 - pow(A->beta1, (double)A->t);
    double c2 = 1.0 - pow(A->beta2, (double)A->t);
    double step = A->lr / c1, isc2 = 1.0 / sqrt(c2), b1 = A->beta1, b2 = A->beta2;
    double eps = A->eps, *m = A->m, *v = A->v;
    for (slong i = 0; i < A->n; i++) {
        double g = grad[i] + wd[i] * param[i];
        m[i] = b1 * m[i] + (1 - b1) * g;
        v[i] = b2 * v[i] + (1 - b2) * g * g;
        /* torch's form: lr/c1 * m / (sqrt(v)/sqrt(c2) + eps) */
        param[i] -= step * m[i] / (sqrt(v[i]) * isc2 + eps);
    }
}
