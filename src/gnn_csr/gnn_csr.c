/* gnn_sparse: CSR storage and sparse-dense products. */
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_csr.h"
#include "certune/mem.h"

void ct_gnn_csr_init(ct_gnn_csr_t A, slong nrows, slong ncols, slong nnz)
{
    A->nrows = nrows;
    A->ncols = ncols;
    A->symmetric = 0;
    A->rowptr = ct_mem_calloc((size_t)nrows + 1, sizeof(slong));
    /* One spare slot keeps ct_mem_malloc(0) out of the picture for empty matrices. */
    A->col = ct_mem_malloc(sizeof(slong) * (size_t)(nnz + 1));
    A->val = ct_mem_malloc(sizeof(double) * (size_t)(nnz + 1));
}

void ct_gnn_csr_clear(ct_gnn_csr_t A)
{
    free(A->rowptr);
    free(A->col);
    free(A->val);
    memset(A, 0, sizeof(*A));
}

void ct_gnn_csr_set_features(ct_gnn_csr_t A, const ct_dataset_t D, int rownorm)
{
    slong nnz = D->nfeat > 0 ? D->feat_rowptr[D->n] : 0;
    ct_gnn_csr_init(A, D->n, D->nfeat, nnz);
    if (nnz == 0)
        return;
    memcpy(A->rowptr, D->feat_rowptr, sizeof(slong) * (size_t)(D->n + 1));
    memcpy(A->col, D->feat_col, sizeof(slong) * (size_t)nnz);
    memcpy(A->val, D->feat_val, sizeof(double) * (size_t)nnz);
    if (!rownorm)
        return;
    for (slong i = 0; i < D->n; i++) {
        double s = 0;
        for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
            s += A->val[p];
        if (s != 0)
            for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
                A->val[p] /= s;
    }
}

/* The products below work on column blocks of at most 16 whose width is a
   compile-time constant (one function per width, generated below): the
   accumulators then live in registers and the loops vectorize at -O2, which a
   loop over a runtime k does not. Small k (the class count, 16 hidden) are the
   common case, so the whole row is done in one sweep over the nonzeros. */
#define GNN_BLOCK 16

/* The x86-64 baseline is SSE2; AVX2 and AVX-512 double and quadruple the
   vector width of these kernels on the machines that have them, chosen once
   at load time (ifunc). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif

/* Four doubles as one GCC/clang vector (two SSE2 registers without AVX). */
typedef double gnn_v4d __attribute__((vector_size(32)));

/* acc[c] += A_p B[col_p][c0 + c] for c < W (inside the kernels below). */
#define CSR_ACC(acc, p, W)                                                               \
    do {                                                                                 \
        const double *b_ = B + col[p] * k + c0;                                          \
        double v_ = val[p];                                                              \
        _Pragma("GCC unroll 16") for (int c = 0; c < W; c++) acc[c] += v_ * b_[c];       \
    } while (0)

/* The next row at or after i flagged in rows (all when NULL), or n. */
static inline slong csr_next_row(const signed char *rows, slong i, slong n)
{
    while (i < n && rows != NULL && !rows[i])
        i++;
    return i;
}

/* Y = A B on a column block of width W. Rows go in pairs, their entries
   interleaved while both last: each row's sum still runs over its entries
   in order (the same result bit for bit), but the two rows' chains of
   dependent additions overlap (Cora's X U: 81 -> 67 us; it is bound by
   gathering the rows of B from L2). */
#define DEFINE_MUL_BLOCK(W)                                                              \
    GNN_KERNEL static void csr_mul_block_##W(                                            \
        double *restrict Y, const ct_gnn_csr_struct *A, const double *restrict val,      \
        const double *restrict B, slong k, slong c0, const signed char *rows)            \
    {                                                                                    \
        const slong *rowptr = A->rowptr, *col = A->col, n = A->nrows;                    \
        for (slong i = csr_next_row(rows, 0, n); i < n;) {                               \
            slong j = csr_next_row(rows, i + 1, n);                                      \
            double a0[W] = {0}, a1[W] = {0};                                             \
            slong p = rowptr[i], e0 = rowptr[i + 1], q = 0, e1 = 0;                      \
            if (j < n) {                                                                 \
                q = rowptr[j], e1 = rowptr[j + 1];                                       \
                for (; p < e0 && q < e1; p++, q++) {                                     \
                    CSR_ACC(a0, p, W);                                                   \
                    CSR_ACC(a1, q, W);                                                   \
                }                                                                        \
            }                                                                            \
            for (; p < e0; p++)                                                          \
                CSR_ACC(a0, p, W);                                                       \
            for (; q < e1; q++)                                                          \
                CSR_ACC(a1, q, W);                                                       \
            /* store loops keep the accumulators in registers */                         \
            _Pragma("GCC unroll 16") for (int c = 0; c < W; c++) Y[i * k + c0 + c] =     \
                a0[c];                                                                   \
            if (j >= n)                                                                  \
                break;                                                                   \
            _Pragma("GCC unroll 16") for (int c = 0; c < W; c++) Y[j * k + c0 + c] =     \
                a1[c];                                                                   \
            i = csr_next_row(rows, j + 1, n);                                            \
        }                                                                                \
    }                                                                                    \
    GNN_KERNEL static void csr_tmul_block_##W(                                           \
        double *restrict Y, const ct_gnn_csr_struct *A, const double *restrict val,      \
        const double *restrict B, slong k, slong c0, const signed char *rows)            \
    {                                                                                    \
        /* restrict and hoisted pointers: the scattered stores cannot change A,          \
           val or B, so nothing is reloaded inside the loop. */                          \
        const slong *rowptr = A->rowptr, *col = A->col;                                  \
        for (slong i = 0; i < A->nrows; i++) {                                           \
            if (rows != NULL && !rows[i])                                                \
                continue;                                                                \
            const double *b = B + i * k + c0;                                            \
            for (slong p = rowptr[i]; p < rowptr[i + 1]; p++) {                          \
                double *y = Y + col[p] * k + c0, v = val[p];                             \
                /* explicit 4-wide vectors: gcc leaves y[c] += v * b[c] scalar */        \
                _Pragma("GCC unroll 4") for (int c = 0; c + 4 <= W; c += 4)              \
                {                                                                        \
                    gnn_v4d yy, bb;                                                      \
                    memcpy(&yy, y + c, sizeof(yy));                                      \
                    memcpy(&bb, b + c, sizeof(bb));                                      \
                    yy += v * bb;                                                        \
                    memcpy(y + c, &yy, sizeof(yy));                                      \
                }                                                                        \
                for (int c = W / 4 * 4; c < W; c++)                                      \
                    y[c] += v * b[c];                                                    \
            }                                                                            \
        }                                                                                \
    }

DEFINE_MUL_BLOCK(1)
DEFINE_MUL_BLOCK(2)
DEFINE_MUL_BLOCK(3)
DEFINE_MUL_BLOCK(4)
DEFINE_MUL_BLOCK(5)
DEFINE_MUL_BLOCK(6)
DEFINE_MUL_BLOCK(7)
DEFINE_MUL_BLOCK(8)
DEFINE_MUL_BLOCK(9)
DEFINE_MUL_BLOCK(10)
DEFINE_MUL_BLOCK(11)
DEFINE_MUL_BLOCK(12)
DEFINE_MUL_BLOCK(13)
DEFINE_MUL_BLOCK(14)
DEFINE_MUL_BLOCK(15)
DEFINE_MUL_BLOCK(16)

typedef void (*csr_block_fn)(double *, const ct_gnn_csr_struct *, const double *,
                             const double *, slong, slong, const signed char *);

static const csr_block_fn csr_mul_blocks[GNN_BLOCK + 1] = {NULL,
                                                           csr_mul_block_1,
                                                           csr_mul_block_2,
                                                           csr_mul_block_3,
                                                           csr_mul_block_4,
                                                           csr_mul_block_5,
                                                           csr_mul_block_6,
                                                           csr_mul_block_7,
                                                           csr_mul_block_8,
                                                           csr_mul_block_9,
                                                           csr_mul_block_10,
                                                           csr_mul_block_11,
                                                           csr_mul_block_12,
                                                           csr_mul_block_13,
                                                           csr_mul_block_14,
                                                           csr_mul_block_15,
                                                           csr_mul_block_16};

static const csr_block_fn csr_tmul_blocks[GNN_BLOCK + 1] = {NULL,
                                                            csr_tmul_block_1,
                                                            csr_tmul_block_2,
                                                            csr_tmul_block_3,
                                                            csr_tmul_block_4,
                                                            csr_tmul_block_5,
                                                            csr_tmul_block_6,
                                                            csr_tmul_block_7,
                                                            csr_tmul_block_8,
                                                            csr_tmul_block_9,
                                                            csr_tmul_block_10,
                                                            csr_tmul_block_11,
                                                            csr_tmul_block_12,
                                                            csr_tmul_block_13,
                                                            csr_tmul_block_14,
                                                            csr_tmul_block_15,
                                                            csr_tmul_block_16};

/* 64 columns (GAT's first layer: 8 heads of 8) in one sweep over A instead of
   four 16-column sweeps: eight 8-lane vectors, in registers with AVX-512.
   Each column's sum runs in the same order as in the 16-wide kernels. */
typedef double gnn_v8d __attribute__((vector_size(64)));
#define GNN_WIDE 64
#define GNN_WIDE_V (GNN_WIDE / 8)

GNN_KERNEL static void csr_mul_wide(double *restrict Y, const ct_gnn_csr_struct *A,
                                    const double *restrict val, const double *restrict B,
                                    slong k, slong c0, const signed char *rows)
{
    for (slong i = 0; i < A->nrows; i++) {
        if (rows != NULL && !rows[i])
            continue;
        gnn_v8d acc[GNN_WIDE_V] = {{0}};
        for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++) {
            const double *b = B + A->col[p] * k + c0;
            double v = val[p];
            _Pragma("GCC unroll 8") for (int c = 0; c < GNN_WIDE_V; c++)
            {
                gnn_v8d bb;
                memcpy(&bb, b + 8 * c, sizeof(bb));
                acc[c] += v * bb;
            }
        }
        memcpy(Y + i * k + c0, acc, sizeof(acc));
    }
}

GNN_KERNEL static void csr_tmul_wide(double *restrict Y, const ct_gnn_csr_struct *A,
                                     const double *restrict val, const double *restrict B,
                                     slong k, slong c0, const signed char *rows)
{
    const slong *rowptr = A->rowptr, *col = A->col;
    for (slong i = 0; i < A->nrows; i++) {
        if (rows != NULL && !rows[i])
            continue;
        gnn_v8d b[GNN_WIDE_V];
        memcpy(b, B + i * k + c0, sizeof(b));
        /* A zero row of B (a gradient outside the training rows' receptive
           field) adds exact zeros: skip it. */
        int nz = 0;
        for (int c = 0; c < GNN_WIDE; c++)
            nz |= B[i * k + c0 + c] != 0.0;
        if (!nz)
            continue;
        for (slong p = rowptr[i]; p < rowptr[i + 1]; p++) {
            double *y = Y + col[p] * k + c0, v = val[p];
            _Pragma("GCC unroll 8") for (int c = 0; c < GNN_WIDE_V; c++)
            {
                gnn_v8d yy;
                memcpy(&yy, y + 8 * c, sizeof(yy));
                yy += v * b[c];
                memcpy(y + 8 * c, &yy, sizeof(yy));
            }
        }
    }
}

/* Column blocks of 64, then of at most 16, over the rows flagged in rows. */
static void csr_mul_cols_rows(double *Y, const ct_gnn_csr_struct *A, const double *val,
                              const double *B, slong k, slong c0, slong w,
                              const signed char *rows)
{
    val = val != NULL ? val : A->val;
    for (; w >= GNN_WIDE; c0 += GNN_WIDE, w -= GNN_WIDE)
        csr_mul_wide(Y, A, val, B, k, c0, rows);
    for (slong c = c0; c < c0 + w; c += GNN_BLOCK) {
        slong b = c0 + w - c < GNN_BLOCK ? c0 + w - c : GNN_BLOCK;
        csr_mul_blocks[b](Y, A, val, B, k, c, rows);
    }
}

static void csr_tmul_cols_rows(double *Y, const ct_gnn_csr_struct *A, const double *val,
                               const double *B, slong k, slong c0, slong w,
                               const signed char *rows)
{
    val = val != NULL ? val : A->val;
    for (; w >= GNN_WIDE; c0 += GNN_WIDE, w -= GNN_WIDE)
        csr_tmul_wide(Y, A, val, B, k, c0, rows);
    for (slong c = c0; c < c0 + w; c += GNN_BLOCK) {
        slong b = c0 + w - c < GNN_BLOCK ? c0 + w - c : GNN_BLOCK;
        csr_tmul_blocks[b](Y, A, val, B, k, c, rows);
    }
}

void ct_gnn_csr_mul_cols(double *Y, const ct_gnn_csr_t A, const double *val,
                         const double *B, slong k, slong c0, slong w)
{
    csr_mul_cols_rows(Y, A, val, B, k, c0, w, NULL);
}

void ct_gnn_csr_mul_dense(double *Y, const ct_gnn_csr_t A, const double *val,
                          const double *B, slong k)
{
    csr_mul_cols_rows(Y, A, val, B, k, 0, k, NULL);
}

void ct_gnn_csr_mul_rows(double *Y, const ct_gnn_csr_t A, const double *val,
                         const double *B, slong k, const signed char *rows)
{
    csr_mul_cols_rows(Y, A, val, B, k, 0, k, rows);
}

void ct_gnn_csr_tmul_cols_add(double *Y, const ct_gnn_csr_t A, const double *val,
                              const double *B, slong k, slong c0, slong w)
{
    csr_tmul_cols_rows(Y, A, val, B, k, c0, w, NULL);
}

void ct_gnn_csr_tmul_rows_add(double *Y, const ct_gnn_csr_t A, const double *val,
                              const double *B, slong k, const signed char *rows)
{
    csr_tmul_cols_rows(Y, A, val, B, k, 0, k, rows);
}

void ct_gnn_csr_tmul_dense_add(double *Y, const ct_gnn_csr_t A, const double *val,
                               const double *B, slong k)
{
    if (A->symmetric && val == NULL) {
        /* A^T = A: gather rows (register accumulation) instead of scattering. */
        double *T = ct_mem_malloc(sizeof(double) * (size_t)(A->nrows * k + 1));
        ct_gnn_csr_mul_dense(T, A, NULL, B, k);
        for (slong q = 0; q < A->nrows * k; q++)
            Y[q] += T[q];
        free(T);
        return;
    }
    ct_gnn_csr_tmul_cols_add(Y, A, val, B, k, 0, k);
}
