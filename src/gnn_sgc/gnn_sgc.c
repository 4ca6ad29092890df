/* gnn_sgc: forward and backward of SGC, beta included. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_graph.h"
#include "certune/gnn_sgc.h"
#include "certune/mem.h"

void ct_gnn_sgc_init(ct_gnn_sgc_t M, const ct_dataset_t D, slong nfeat, slong K,
                     double beta, ct_gnn_rand_t R)
{
    memset(M, 0, sizeof(*M));
    M->n = D->n;
    M->nfeat = nfeat;
    M->nclass = D->nclass;
    M->K = K;
    M->beta = beta;
    ct_gnn_graph_init_sgc(M->S, M->dS, D, beta);
    M->nparam = nfeat * D->nclass + D->nclass;
    M->param = ct_mem_calloc((size_t)M->nparam + 1, sizeof(double));
    M->grad = ct_mem_calloc((size_t)M->nparam + 1, sizeof(double));
    M->wd = ct_mem_calloc((size_t)M->nparam + 1, sizeof(double));
    M->theta = M->param;
    M->dtheta = M->grad;
    M->b = M->param + nfeat * D->nclass;
    M->db = M->grad + nfeat * D->nclass;
    double r = nfeat > 0 ? 1.0 / sqrt((double)nfeat) : 1.0;
    for (slong i = 0; i < M->nparam; i++)
        M->param[i] = (2 * ct_gnn_rand_uniform(R) - 1) * r;
    slong blk = M->n * M->nclass;
    M->Y = ct_mem_calloc((size_t)((K + 1) * blk) + 1, sizeof(double));
    M->G = ct_mem_calloc((size_t)blk + 1, sizeof(double));
    M->T = ct_mem_calloc((size_t)blk + 1, sizeof(double));
    M->logits = ct_mem_calloc((size_t)blk + 1, sizeof(double));
}

void ct_gnn_sgc_clear(ct_gnn_sgc_t M)
{
    ct_gnn_csr_clear(M->S);
    ct_gnn_csr_clear(M->dS);
    free(M->param);
    free(M->grad);
    free(M->wd);
    free(M->Y);
    free(M->G);
    free(M->T);
    free(M->logits);
    memset(M, 0, sizeof(*M));
}

void ct_gnn_sgc_set_beta(ct_gnn_sgc_t M, const ct_dataset_t D, double beta)
{
    ct_gnn_csr_clear(M->S);
    ct_gnn_csr_clear(M->dS);
    M->beta = beta;
    ct_gnn_graph_init_sgc(M->S, M->dS, D, beta);
}

void ct_gnn_sgc_set_weight_decay(ct_gnn_sgc_t M, double wd)
{
    for (slong i = 0; i < M->nparam; i++)
        M->wd[i] = wd;
}

void ct_gnn_sgc_forward(ct_gnn_sgc_t M, const ct_gnn_csr_t X)
{
    slong C = M->nclass, blk = M->n * C;
    ct_gnn_csr_mul_dense(M->Y, X, NULL, M->theta, C);
    for (slong m = 0; m < M->K; m++)
        ct_gnn_csr_mul_dense(M->Y + (m + 1) * blk, M->S, NULL, M->Y + m * blk, C);
    const double *y = M->Y + M->K * blk;
    for (slong i = 0; i < M->n; i++)
        for (slong c = 0; c < C; c++)
            M->logits[i * C + c] = y[i * C + c] + M->b[c];
}

/* With Y_m = S^m X theta and G_m = d loss / d Y_m = S^T G_{m+1}, the loss
   depends on beta through each step: dbeta = sum_m <G_{m+1}, dS Y_m>. */
void ct_gnn_sgc_backward(ct_gnn_sgc_t M, const ct_gnn_csr_t X, const double *dlogits)
{
    slong C = M->nclass, blk = M->n * C;
    memset(M->grad, 0, sizeof(double) * (size_t)M->nparam);
    M->dbeta = 0;
    memcpy(M->G, dlogits, sizeof(double) * (size_t)blk);
    for (slong i = 0; i < M->n; i++)
        for (slong c = 0; c < C; c++)
            M->db[c] += dlogits[i * C + c];
    for (slong m = M->K - 1; m >= 0; m--) {
        ct_gnn_csr_mul_dense(M->T, M->dS, NULL, M->Y + m * blk, C);
        for (slong k = 0; k < blk; k++)
            M->dbeta += M->G[k] * M->T[k];
        memset(M->T, 0, sizeof(double) * (size_t)blk);
        ct_gnn_csr_tmul_dense_add(M->T, M->S, NULL, M->G, C);
        memcpy(M->G, M->T, sizeof(double) * (size_t)blk);
    }
    ct_gnn_csr_tmul_dense_add(M->dtheta, X, NULL, M->G, C);
}
