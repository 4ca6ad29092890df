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
   dropout (exactly as ct_gnn_ops_dropout_csr) and accumulates Y; for a row in
   rows it also compacts the kept entries into K and then accumulates YK from
   that row of K, whose rows of B are still in L1. (Multiplying every entry
   twice, the dropped ones by 0, took more time.) The generator is a local
   copy, as in ct_gnn_ops_dropout_csr. */
GNN_KERNEL static void csr_dropout_mul_16(ct_gnn_csr_struct *K, double *restrict YK,
                                          double *restrict Y, const ct_gnn_csr_struct *A,
                                          double p, ct_gnn_rand_t R,
                                          const double *restrict B,
                                          const signed char *rows)
{
    uint64_t thr = (uint64_t)(p * 65536.0 + 0.5), r = 0;
    double keep = 1.0 / (1.0 - p);
    ct_gnn_rand_t G;
    *G = *R;
    const slong *restrict rowptr = A->rowptr, *restrict col = A->col;
    const double *restrict val = A->val;
    slong *restrict kcol = K->col, *restrict krow = K->rowptr;
    double *restrict kval = K->val;
    slong w = 0, q = 0;
    krow[0] = 0;
    for (slong i = 0; i < A->nrows; i++) {
        double acc[16] = {0}, acck[16] = {0};
        slong w0 = w;
        if (rows != NULL && !rows[i]) { /* draws only */
            for (slong e = rowptr[i]; e < rowptr[i + 1]; e++, q++) {
                r = (q & 3) == 0 ? ct_gnn_rand_u64(G) : r >> 16;
                const double *b = B + col[e] * 16;
                double v = val[e];
                _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acc[c] += v * b[c];
            }
        } else {
            for (slong e = rowptr[i]; e < rowptr[i + 1]; e++, q++) {
                r = (q & 3) == 0 ? ct_gnn_rand_u64(G) : r >> 16;
                const double *b = B + col[e] * 16;
                double v = val[e];
                kcol[w] = col[e]; /* branch-free compaction */
                kval[w] = v * keep;
                w += (r & 0xffffu) >= thr;
                _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acc[c] += v * b[c];
            }
        }
        krow[i + 1] = w;
        _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) Y[i * 16 + c] = acc[c];
        if (rows != NULL && !rows[i])
            continue;
        for (slong e = w0; e < w; e++) {
            const double *b = B + kcol[e] * 16;
            double v = kval[e];
            _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) acck[c] += v * b[c];
        }
        _Pragma("GCC unroll 16") for (int c = 0; c < 16; c++) YK[i * 16 + c] = acck[c];
    }
    *R = *G;
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
