/* The CSR kernels against naive dense products, with widths that cross the
   16-column blocks (k = 37, heads of width 20) or use the 64-column one
   (k = 70), zero rows in B (which the transposed product skips) and a
   symmetric matrix; and ct_gnn_ops_csr_dropout_mul against the separate calls.
   The row-restricted variants (training passes) against the full calls. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_ops.h"
#include "certune/gnn_rand.h"
#include "certune/gnn_csr.h"
#include "check.h"

static void random_csr(ct_gnn_csr_t A, double *dense, slong r, slong c, int sym,
                       ct_gnn_rand_t R)
{
    memset(dense, 0, sizeof(double) * (size_t)(r * c));
    for (slong i = 0; i < r; i++)
        for (slong j = sym ? i : 0; j < c; j++)
            if (ct_gnn_rand_uniform(R) < 0.3) {
                dense[i * c + j] = ct_gnn_rand_uniform(R) - 0.5;
                if (sym)
                    dense[j * c + i] = dense[i * c + j];
            }
    slong nnz = 0;
    for (slong q = 0; q < r * c; q++)
        nnz += dense[q] != 0;
    ct_gnn_csr_init(A, r, c, nnz);
    for (slong i = 0, p = 0; i < r; i++) {
        for (slong j = 0; j < c; j++)
            if (dense[i * c + j] != 0) {
                A->col[p] = j;
                A->val[p++] = dense[i * c + j];
            }
        A->rowptr[i + 1] = p;
    }
    A->symmetric = sym;
}

static double max_diff(const double *x, const double *y, slong m)
{
    double d = 0;
    for (slong i = 0; i < m; i++)
        d = fmax(d, fabs(x[i] - y[i]));
    return d;
}

static void test_products(int sym, slong k)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 1 + sym);
    slong r = 23, c = sym ? 23 : 19;
    double *dense = malloc(sizeof(double) * (size_t)(r * c));
    double *B = malloc(sizeof(double) * (size_t)(r * k)); /* enough rows for both */
    double *Y = malloc(sizeof(double) * (size_t)(r * k));
    double *T = malloc(sizeof(double) * (size_t)(r * k));
    ct_gnn_csr_t A;
    random_csr(A, dense, r, c, sym, R);
    for (slong q = 0; q < r * k; q++)
        B[q] = q / k % 5 == 2 ? 0.0 : ct_gnn_rand_uniform(R) - 0.5;
    /* Y = A B */
    ct_gnn_csr_mul_dense(Y, A, NULL, B, k);
    for (slong i = 0; i < r; i++)
        for (slong t = 0; t < k; t++) {
            double s = 0;
            for (slong j = 0; j < c; j++)
                s += dense[i * c + j] * B[j * k + t];
            T[i * k + t] = s;
        }
    CHECK_MSG(max_diff(Y, T, r * k) < 1e-13, "mul sym=%d k=%ld", sym, (long)k);
    /* Y = 1 + A^T B */
    for (slong q = 0; q < c * k; q++)
        Y[q] = T[q] = 1.0;
    ct_gnn_csr_tmul_dense_add(Y, A, NULL, B, k);
    for (slong j = 0; j < c; j++)
        for (slong t = 0; t < k; t++)
            for (slong i = 0; i < r; i++)
                T[j * k + t] += dense[i * c + j] * B[i * k + t];
    CHECK_MSG(max_diff(Y, T, c * k) < 1e-13, "tmul sym=%d k=%ld", sym, (long)k);
    /* columns c0..c0+w-1 only, the others untouched */
    slong c0 = k > 64 ? 3 : 10, w = k > 64 ? 66 : 20;
    for (slong q = 0; q < r * k; q++)
        Y[q] = T[q] = 7.0;
    ct_gnn_csr_mul_cols(Y, A, NULL, B, k, c0, w);
    for (slong i = 0; i < r; i++)
        for (slong t = c0; t < c0 + w; t++) {
            double s = 0;
            for (slong j = 0; j < c; j++)
                s += dense[i * c + j] * B[j * k + t];
            T[i * k + t] = s;
        }
    CHECK_MSG(max_diff(Y, T, r * k) < 1e-13, "mul_cols sym=%d k=%ld", sym, (long)k);
    ct_gnn_csr_clear(A);
    free(dense);
    free(B);
    free(Y);
    free(T);
}

/* ct_gnn_ops_csr_dropout_mul (fused for k = 16) must give the same kept matrix,
   products and random stream as ct_gnn_ops_dropout_csr and two products. */
static void test_dropout_mul(slong k)
{
    ct_gnn_rand_t R, S;
    ct_gnn_rand_init(R, 5);
    slong r = 31, c = 29;
    double *dense = malloc(sizeof(double) * (size_t)(r * c));
    double *B = malloc(sizeof(double) * (size_t)(c * k));
    double *Y[4];
    for (int q = 0; q < 4; q++)
        Y[q] = malloc(sizeof(double) * (size_t)(r * k));
    ct_gnn_csr_t A, K1, K2;
    random_csr(A, dense, r, c, 0, R);
    for (slong q = 0; q < c * k; q++)
        B[q] = ct_gnn_rand_uniform(R) - 0.5;
    slong nnz = A->rowptr[r];
    ct_gnn_csr_init(K1, r, c, nnz);
    ct_gnn_csr_init(K2, r, c, nnz);
    ct_gnn_rand_init(R, 9);
    ct_gnn_rand_init(S, 9);
    ct_gnn_ops_csr_dropout_mul(K1, Y[0], Y[1], A, 0.6, R, B, k, NULL);
    ct_gnn_ops_dropout_csr(K2, A, 0.6, S);
    ct_gnn_csr_mul_dense(Y[2], K2, NULL, B, k);
    ct_gnn_csr_mul_dense(Y[3], A, NULL, B, k);
    int same = memcmp(K1->rowptr, K2->rowptr, sizeof(slong) * (size_t)(r + 1)) == 0 &&
               ct_gnn_rand_u64(R) == ct_gnn_rand_u64(S);
    for (slong p = 0; same && p < K1->rowptr[r]; p++)
        same = K1->col[p] == K2->col[p] && K1->val[p] == K2->val[p];
    CHECK_MSG(same, "dropout_mul k=%ld: kept entries or stream differ", (long)k);
    CHECK_MSG(max_diff(Y[0], Y[2], r * k) == 0 && max_diff(Y[1], Y[3], r * k) == 0,
              "dropout_mul k=%ld: products differ", (long)k);
    for (int q = 0; q < 4; q++)
        free(Y[q]);
    ct_gnn_csr_clear(A);
    ct_gnn_csr_clear(K1);
    ct_gnn_csr_clear(K2);
    free(dense);
    free(B);
}

/* Every third row flagged, and row r - 1 (ends of the pairs in the kernels). */
static signed char *some_rows(slong r)
{
    signed char *rows = malloc((size_t)r);
    for (slong i = 0; i < r; i++)
        rows[i] = i % 3 == 1 || i == r - 1;
    return rows;
}

/* ct_gnn_csr_mul_rows: the flagged rows equal the full product's bit for bit,
   the others untouched; ct_gnn_csr_tmul_rows_add equals the transposed
   product of B with its unflagged rows zeroed (naive dense sums: the kernel
   must skip those rows, not add something else). */
static void test_rows(slong k)
{
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 11);
    slong r = 26, c = 21;
    double *dense = malloc(sizeof(double) * (size_t)(r * c));
    double *B = malloc(sizeof(double) * (size_t)(r * k)),
           *Y = malloc(sizeof(double) * (size_t)(r * k));
    double *T = malloc(sizeof(double) * (size_t)(r * k));
    ct_gnn_csr_t A;
    random_csr(A, dense, r, c, 0, R);
    signed char *rows = some_rows(r);
    for (slong q = 0; q < r * k; q++)
        B[q] = ct_gnn_rand_uniform(R) - 0.5;
    ct_gnn_csr_mul_dense(T, A, NULL, B, k);
    for (slong q = 0; q < r * k; q++)
        Y[q] = 3.0;
    ct_gnn_csr_mul_rows(Y, A, NULL, B, k, rows);
    int ok = 1;
    for (slong i = 0; i < r; i++)
        for (slong t = 0; t < k; t++)
            ok &= Y[i * k + t] == (rows[i] ? T[i * k + t] : 3.0);
    CHECK_MSG(ok, "mul_rows k=%ld", (long)k);
    for (slong q = 0; q < c * k; q++)
        Y[q] = T[q] = 1.0;
    ct_gnn_csr_tmul_rows_add(Y, A, NULL, B, k, rows);
    for (slong j = 0; j < c; j++)
        for (slong t = 0; t < k; t++)
            for (slong i = 0; i < r; i++)
                if (rows[i])
                    T[j * k + t] += dense[i * c + j] * B[i * k + t];
    CHECK_MSG(max_diff(Y, T, c * k) < 1e-13, "tmul_rows k=%ld", (long)k);
    free(rows);
    ct_gnn_csr_clear(A);
    free(dense);
    free(B);
    free(Y);
    free(T);
}

/* ct_gnn_ops_csr_dropout_mul with rows: Y and the random stream as without,
   and YK and the kept entries on the flagged rows too; YK untouched elsewhere. */
static void test_dropout_mul_rows(slong k)
{
    ct_gnn_rand_t R, S;
    ct_gnn_rand_init(R, 6);
    slong r = 31, c = 29;
    double *dense = malloc(sizeof(double) * (size_t)(r * c));
    double *B = malloc(sizeof(double) * (size_t)(c * k));
    double *Y[4];
    for (int q = 0; q < 4; q++)
        Y[q] = malloc(sizeof(double) * (size_t)(r * k));
    ct_gnn_csr_t A, K1, K2;
    random_csr(A, dense, r, c, 0, R);
    for (slong q = 0; q < c * k; q++)
        B[q] = ct_gnn_rand_uniform(R) - 0.5;
    signed char *rows = some_rows(r);
    ct_gnn_csr_init(K1, r, c, A->rowptr[r]);
    ct_gnn_csr_init(K2, r, c, A->rowptr[r]);
    for (slong q = 0; q < r * k; q++)
        Y[0][q] = 5.0;
    ct_gnn_rand_init(R, 9);
    ct_gnn_rand_init(S, 9);
    ct_gnn_ops_csr_dropout_mul(K1, Y[0], Y[1], A, 0.5, R, B, k, rows);
    ct_gnn_ops_csr_dropout_mul(K2, Y[2], Y[3], A, 0.5, S, B, k, NULL);
    int ok = ct_gnn_rand_u64(R) == ct_gnn_rand_u64(S) && max_diff(Y[1], Y[3], r * k) == 0;
    for (slong i = 0; i < r; i++) {
        for (slong t = 0; t < k; t++)
            ok &= Y[0][i * k + t] == (rows[i] ? Y[2][i * k + t] : 5.0);
        if (!rows[i])
            continue;
        slong p1 = K1->rowptr[i], p2 = K2->rowptr[i], len = K2->rowptr[i + 1] - p2;
        ok &= K1->rowptr[i + 1] - p1 == len;
        for (slong e = 0; ok && e < len; e++)
            ok &=
                K1->col[p1 + e] == K2->col[p2 + e] && K1->val[p1 + e] == K2->val[p2 + e];
    }
    CHECK_MSG(ok, "dropout_mul with rows k=%ld", (long)k);
    for (int q = 0; q < 4; q++)
        free(Y[q]);
    free(rows);
    ct_gnn_csr_clear(A);
    ct_gnn_csr_clear(K1);
    ct_gnn_csr_clear(K2);
    free(dense);
    free(B);
}

/* ct_gnn_ops_dropout_apply_rows against ct_gnn_ops_dropout_apply on the whole
   block: the flagged rows' masks and outputs equal, the others untouched, the
   stream the same after. Row widths 16 (GCN's hidden layer: 4 draws a row)
   and 5 (rows that start and end inside a draw's 4 decisions). */
static void test_dropout_apply_rows(slong k)
{
    slong r = 23, m = r * k;
    double *x = malloc(sizeof(double) * (size_t)m), *y[2], *mask[2];
    for (int q = 0; q < 2; q++) {
        y[q] = malloc(sizeof(double) * (size_t)m);
        mask[q] = malloc(sizeof(double) * (size_t)m);
    }
    for (slong q = 0; q < m; q++) {
        x[q] = 0.25 + (double)(q % 9);
        y[0][q] = mask[0][q] = -1.0;
    }
    signed char *rows = some_rows(r);
    ct_gnn_rand_t R, S;
    ct_gnn_rand_init(R, 17);
    ct_gnn_rand_init(S, 17);
    ct_gnn_ops_dropout_apply_rows(y[0], mask[0], x, r, k, 0.5, R, rows);
    ct_gnn_ops_dropout_apply(y[1], mask[1], x, m, 0.5, S);
    int ok = ct_gnn_rand_u64(R) == ct_gnn_rand_u64(S);
    for (slong q = 0; q < m; q++) {
        int in = rows[q / k];
        ok &= y[0][q] == (in ? y[1][q] : -1.0) && mask[0][q] == (in ? mask[1][q] : -1.0);
    }
    CHECK_MSG(ok, "dropout_apply_rows k=%ld", (long)k);
    free(rows);
    free(x);
    for (int q = 0; q < 2; q++) {
        free(y[q]);
        free(mask[q]);
    }
}

int main(void)
{
    for (int sym = 0; sym <= 1; sym++) {
        test_products(sym, 37);
        test_products(sym, 70);
    }
    test_dropout_mul(16);
    test_dropout_mul(64);
    test_dropout_mul(37);
    for (slong k = 5; k <= 20; k += 5) /* widths 5..20 of the row kernels, and 16 */
        test_rows(k);
    test_rows(16);
    test_rows(70);
    test_dropout_mul_rows(16);
    test_dropout_mul_rows(37);
    test_dropout_apply_rows(16);
    test_dropout_apply_rows(5);
    return check_finish("t-gnn-csr");
}
