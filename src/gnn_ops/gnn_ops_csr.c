/* gnn_ops_csr: dropout on a sparse matrix fused with its products (kept apart
   from gnn_ops.c, which is built at -O3: the sparse kernels are faster at -O2). */
#include <stdint.h>
#include "certune/gnn_ops.h"

/* AVX2 and AVX-512 clones on x86-64 Linux, chosen once at load time (ifunc). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif

/* The 16-column case of ct_gnn_ops_csr_dropout_mul: one pass over A draws the
   dropout (exactly as ct_gnn_ops_dropout_csr), compacts the kept entries into K and
   accumulates both products, loading each row of B once. A row outside rows
   gets Y only (its kept entries are still compacted into K). */
GNN_KERNEL static void csr_dropout_mul_16(ct_gnn_csr_struct *K, double *restrict YK,
                                          double *restrict Y, const ct_gnn_csr_struct *A,
                                          double p, ct_gnn_rand_t R,
                                          const double *restrict B,
                                          const signed char *rows)
{
    uint64_t thr = (uint64_t)(p * 65536.0 + 0.5), r = 0;
    double keep = 1.0 / (1.0 - p);
    const double pick[2] = {0.0, 1.0};
    const slong *rowptr = A->rowptr, *col = A->col;
    const double *val = A->val;
    slong *kcol = K->col;
    double *kval = K->val;
    slong w = 0, q = 0;
    K->rowptr[0] = 0;
    for (slong i = 0; i < A->nrows; i++) {
        double acc[16] = {0}, acck[16] = {0};
        if (rows != NULL && !rows[i]) {
            for (slong e = rowptr[i]; e < rowptr[i + 1]; e++, q++) {
                r = (q & 3) == 0 ? ct_gnn_rand_u64(R) : r >> 16;
                const double *b = B + col[e] * 16;
                double v = val[e];
                kcol[w] = col[e];
                kval[w] = v * keep;
                w += (r & 0xffffu) >= thr;
                _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acc[c] += v * b[c];
            }
            K->rowptr[i + 1] = w;
            _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) Y[i * 16 + c] = acc[c];
            continue;
        }
        for (slong e = rowptr[i]; e < rowptr[i + 1]; e++, q++) {
            r = (q & 3) == 0 ? ct_gnn_rand_u64(R) : r >> 16;
            const double *b = B + col[e] * 16;
            double v = val[e], vk = v * keep;
            int kept = (r & 0xffffu) >= thr;
            /* a dropped entry adds exact zeros: no branch to mispredict */
            double vkm = vk * pick[kept];
            kcol[w] = col[e];
            kval[w] = vk;
            w += kept;
            _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acc[c] += v * b[c];
            _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acck[c] += vkm * b[c];
        }
        K->rowptr[i + 1] = w;
        _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) Y[i * 16 + c] = acc[c];
        _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) YK[i * 16 + c] = acck[c];
    }
}

void ct_gnn_ops_csr_dropout_mul(ct_gnn_csr_t K, double *YK, double *Y,
                                const ct_gnn_csr_t A, double p, ct_gnn_rand_t R,
                                const double *B, slong k, const signed char *rows)
{
    if (k == 16 && p > 0) {
        csr_dropout_mul_16(K, YK, Y, A, p, R, B, rows);
        return;
    }
    /* Other widths: two sweeps. For 64 columns (GAT) a fused sweep was
       slower: it multiplies every entry twice, the dropped ones by 0, which
       costs more than loading each row of B twice (B = U fits in L2). */
    ct_gnn_ops_dropout_csr(K, A, p, R);
    ct_gnn_csr_mul_dense(Y, A, NULL, B, k);
    ct_gnn_csr_mul_rows(YK, K, NULL, B, k, rows);
}
