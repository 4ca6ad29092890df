/* gnn_adam: bias-corrected Adam. */
#include <math.h>
#include <stdlib.h>
#include "certune/gnn_adam.h"
#include "certune/mem.h"

void ct_gnn_adam_init(ct_gnn_adam_t A, slong n, double lr)
{
    A->n = n;
    A->t = 0;
    A->lr = lr;
    A->beta1 = 0.9;
    A->beta2 = 0.999;
    A->eps = 1e-8;
    A->m = ct_mem_calloc((size_t)n + 1, sizeof(double));
    A->v = ct_mem_calloc((size_t)n + 1, sizeof(double));
    A->zero = ct_mem_calloc((size_t)n + 1, sizeof(double));
}

void ct_gnn_adam_clear(ct_gnn_adam_t A)
{
    free(A->m);
    free(A->v);
    free(A->zero);
    A->m = A->v = A->zero = NULL;
}

/* As in sparse.c: sqrt and division 4 or 8 lanes at a time (AVX2, AVX-512)
   (static, since clang multiversions only functions whose every declaration
   carries the attribute). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
static void
adam_update(slong n, double *param, double *m, double *v, const double *grad,
            const double *wd, double step, double isc2, double b1, double b2, double eps)
{
    for (slong i = 0; i < n; i++) {
        double g = grad[i] + wd[i] * param[i];
        m[i] = b1 * m[i] + (1 - b1) * g;
        v[i] = b2 * v[i] + (1 - b2) * g * g;
        /* torch's form: lr/c1 * m / (sqrt(v)/sqrt(c2) + eps) */
        param[i] -= step * m[i] / (sqrt(v[i]) * isc2 + eps);
    }
}

void ct_gnn_adam_step(ct_gnn_adam_t A, double *param, const double *grad,
                      const double *wd)
{
    A->t++;
    double c1 = 1.0 - pow(A->beta1, (double)A->t);
    double c2 = 1.0 - pow(A->beta2, (double)A->t);
    /* one loop without a branch on wd, so that it vectorizes */
    adam_update(A->n, param, A->m, A->v, grad, wd != NULL ? wd : A->zero, A->lr / c1,
                1.0 / sqrt(c2), A->beta1, A->beta2, A->eps);
}
