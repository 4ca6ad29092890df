/* gnn_model: dense products of layers with at most 8 output columns (the
   output layer: 16 x nclass for GCN, 64 x nclass for GAT). OpenBLAS spent
   more time packing these thin matrices than multiplying. */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "gnn_model_internal.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif
#define GNN_INLINE static inline __attribute__((always_inline))

/* A row of w <= 8 doubles is two 4-lane vectors, zero past w. Four lanes,
   not eight: gcc 12 lowers 8-lane generic vectors on AVX2 through the stack
   (a scalar broadcast became vpinsrq sequences, and these kernels took a
   third of a GCN epoch). The width w is a compile-time constant in every
   kernel below (one instance per w), so the partial loads and stores are
   plain moves, not calls to memcpy. */
typedef double v4d __attribute__((vector_size(32)));
typedef double v4du __attribute__((vector_size(32), aligned(8), may_alias));
#define ld4(p) (*(const v4du *)(p))
#define st4(p, v) (*(v4du *)(p) = (v))
#define bc4(x) ((v4d){(x), (x), (x), (x)})

GNN_INLINE void row_load(v4d *v, const double *x, int w)
{
    double t[8] = {0};
    for (int c = 0; c < w; c++)
        t[c] = x[c];
    v[0] = ld4(t);
    v[1] = ld4(t + 4);
}

GNN_INLINE void row_store(double *x, const v4d *v, int w)
{
    if (w < 4) {
        for (int c = 0; c < w; c++)
            x[c] = v[0][c];
        return;
    }
    st4(x, v[0]);
    for (int c = 4; c < w; c++)
        x[c] = v[1][c - 4];
}

GNN_INLINE int row_nonzero(const double *x, int w)
{
    int nz = 0;
    for (int c = 0; c < w; c++)
        nz |= x[c] != 0.0;
    return nz;
}

/* Z = X U, rows 4 at a time: 4 independent chains hide the latency of the
   additions, and each row of U is loaded once per 4 rows. */
GNN_INLINE void thin_mul_w(double *Z, const double *X, const double *U, slong n,
                           slong fin, const signed char *need, int w)
{
    const int nv = w > 4 ? 2 : 1;
    v4d u[THIN_MAX_IN][2];
    for (slong k = 0; k < fin; k++)
        row_load(u[k], U + k * w, w);
    slong i = 0;
    for (; i + 4 <= n; i += 4) {
        if (need != NULL && !(need[i] | need[i + 1] | need[i + 2] | need[i + 3]))
            continue;
        const double *x = X + i * fin;
        v4d a[4][2] = {{bc4(0.0), bc4(0.0)},
                       {bc4(0.0), bc4(0.0)},
                       {bc4(0.0), bc4(0.0)},
                       {bc4(0.0), bc4(0.0)}};
        for (slong k = 0; k < fin; k++)
            _Pragma("GCC unroll 4") for (int r = 0; r < 4; r++)
            {
                v4d xb = bc4(x[r * fin + k]);
                _Pragma("GCC unroll 2") for (int h = 0; h < nv; h++) a[r][h] +=
                    xb * u[k][h];
            }
        _Pragma("GCC unroll 4") for (int r = 0; r < 4; r++)
            row_store(Z + (i + r) * w, a[r], w);
    }
    for (; i < n; i++) {
        v4d a[2] = {bc4(0.0), bc4(0.0)};
        for (slong k = 0; k < fin; k++) {
            v4d xb = bc4(X[i * fin + k]);
            for (int h = 0; h < nv; h++)
                a[h] += xb * u[k][h];
        }
        row_store(Z + i * w, a, w);
    }
}

/* dX = dZ U^T through ut[c][b] = lanes U[4 b + l][c]: per row, 8 columns
   of dX at a time, summed over c in order. */
GNN_INLINE void thin_back_w(double *dX, const double *dZ, const double *U, slong n,
                            slong fin, const signed char *need, int w)
{
    slong nb = fin / 4;
    v4d ut[8][THIN_MAX_IN / 4];
    for (int c = 0; c < w; c++)
        for (slong b = 0; b < nb; b++) {
            double t[4];
            for (int l = 0; l < 4; l++)
                t[l] = U[(4 * b + l) * w + c];
            ut[c][b] = ld4(t);
        }
    for (slong i = 0; i < n; i++) {
        const double *dz = dZ + i * w;
        if (need != NULL ? !need[i] : !row_nonzero(dz, w)) {
            if (need == NULL)
                memset(dX + i * fin, 0, sizeof(double) * (size_t)fin);
            continue;
        }
        for (slong b = 0; b < nb; b += 2) {
            v4d a0 = bc4(0.0), a1 = a0;
            _Pragma("GCC unroll 8") for (int c = 0; c < w; c++)
            {
                v4d d = bc4(dz[c]);
                a0 += d * ut[c][b];
                a1 += d * ut[c][b + 1];
            }
            st4(dX + i * fin + 4 * b, a0);
            st4(dX + i * fin + 4 * b + 4, a1);
        }
    }
}

/* dU += X^T dZ: one pair of vectors per row of U, summed over the taking
   part rows in order, 4 rows per load and store of the accumulators. */
GNN_INLINE void thin_grad_w(double *dU, const double *X, const double *dZ, slong n,
                            slong fin, const signed char *need, int w)
{
    const int nv = w > 4 ? 2 : 1;
    v4d g[THIN_MAX_IN][2];
    slong *rows = ct_mem_malloc(sizeof(slong) * (size_t)(n + 1)), m = 0;
    for (slong i = 0; i < n; i++)
        if ((need == NULL || need[i]) && row_nonzero(dZ + i * w, w))
            rows[m++] = i;
    for (slong k = 0; k < fin; k++)
        g[k][0] = g[k][1] = bc4(0.0);
    slong q = 0;
    for (; q + 4 <= m; q += 4) {
        const double *x0 = X + rows[q] * fin, *x1 = X + rows[q + 1] * fin;
        const double *x2 = X + rows[q + 2] * fin, *x3 = X + rows[q + 3] * fin;
        v4d d0[2], d1[2], d2[2], d3[2];
        row_load(d0, dZ + rows[q] * w, w);
        row_load(d1, dZ + rows[q + 1] * w, w);
        row_load(d2, dZ + rows[q + 2] * w, w);
        row_load(d3, dZ + rows[q + 3] * w, w);
        for (slong k = 0; k < fin; k++)
            _Pragma("GCC unroll 2") for (int h = 0; h < nv; h++) g[k][h] =
                (((g[k][h] + x0[k] * d0[h]) + x1[k] * d1[h]) + x2[k] * d2[h]) +
                x3[k] * d3[h];
    }
    for (; q < m; q++) {
        v4d d0[2];
        row_load(d0, dZ + rows[q] * w, w);
        for (slong k = 0; k < fin; k++)
            for (int h = 0; h < nv; h++)
                g[k][h] += X[rows[q] * fin + k] * d0[h];
    }
    free(rows);
    for (slong k = 0; k < fin; k++)
        for (int c = 0; c < w; c++)
            dU[k * w + c] += g[k][c / 4][c % 4];
}

/* One instance of each kernel per width 1..8. */
#define THIN_BY_WIDTH(kernel, ...)                                                       \
    switch (w) {                                                                         \
    case 1:                                                                              \
        kernel(__VA_ARGS__, 1);                                                          \
        break;                                                                           \
    case 2:                                                                              \
        kernel(__VA_ARGS__, 2);                                                          \
        break;                                                                           \
    case 3:                                                                              \
        kernel(__VA_ARGS__, 3);                                                          \
        break;                                                                           \
    case 4:                                                                              \
        kernel(__VA_ARGS__, 4);                                                          \
        break;                                                                           \
    case 5:                                                                              \
        kernel(__VA_ARGS__, 5);                                                          \
        break;                                                                           \
    case 6:                                                                              \
        kernel(__VA_ARGS__, 6);                                                          \
        break;                                                                           \
    case 7:                                                                              \
        kernel(__VA_ARGS__, 7);                                                          \
        break;                                                                           \
    default:                                                                             \
        kernel(__VA_ARGS__, 8);                                                          \
    }

GNN_KERNEL static void thin_mul(double *Z, const double *X, const double *U, slong n,
                                slong fin, slong w, const signed char *need){
    THIN_BY_WIDTH(thin_mul_w, Z, X, U, n, fin, need)}

GNN_KERNEL static void thin_back(double *dX, const double *dZ, const double *U, slong n,
                                 slong fin, slong w, const signed char *need){
    THIN_BY_WIDTH(thin_back_w, dX, dZ, U, n, fin, need)}

GNN_KERNEL static void thin_grad(double *dU, const double *X, const double *dZ, slong n,
                                 slong fin, slong w, const signed char *need)
{
    THIN_BY_WIDTH(thin_grad_w, dU, X, dZ, n, fin, need)
}

void _ct_gnn_model_thin_mul(double *Z, const double *X, const double *U, slong n,
                            slong fin, slong w, const signed char *need)
{
    thin_mul(Z, X, U, n, fin, w, need);
}

void _ct_gnn_model_thin_back(double *dX, const double *dZ, const double *U, slong n,
                             slong fin, slong w, const signed char *need)
{
    thin_back(dX, dZ, U, n, fin, w, need);
}

void _ct_gnn_model_thin_grad(double *dU, const double *X, const double *dZ, slong n,
                             slong fin, slong w, const signed char *need)
{
    thin_grad(dU, X, dZ, n, fin, w, need);
}
