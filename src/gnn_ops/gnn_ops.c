/* gnn_ops: elementwise operations and the classification loss. */
#include <math.h>
#include <string.h>
#include "certune/gnn_ops.h"

void ct_gnn_ops_dropout_apply(double *y, double *mask, const double *x, slong m, double p,
                              ct_gnn_rand_t R)
{
    double keep = 1.0 / (1.0 - p);
    if (p <= 0) {
        for (slong i = 0; i < m; i++) {
            mask[i] = 1.0;
            if (x != NULL)
                y[i] = x[i];
        }
        return;
    }
    /* Four decisions per 64 random bits (p resolved to 2^-16): generating the
       masks was a visible share of a GCN epoch. (Groups of 4 without the
       test on i measured slower with gcc 12.) */
    uint64_t thr = (uint64_t)(p * 65536.0 + 0.5), r = 0;
    const double pick[2] = {0.0, keep}; /* an index, not a branch to miss */
    for (slong i = 0; i < m; i++) {
        r = (i & 3) == 0 ? ct_gnn_rand_u64(R) : r >> 16;
        mask[i] = pick[(r & 0xffffu) >= thr];
        if (x != NULL)
            y[i] = x[i] * mask[i];
    }
}

/* Advances R past the flat entries i0..i1-1 of a mask without writing them:
   given r as it stood after entry i0 - 1, returns r as after entry i1 - 1
   (a draw at every multiple of 4, shifted by 16 bits per entry), so that the
   entries drawn next get the values a full draw would give them. */
static uint64_t dropout_skip(ct_gnn_rand_t R, uint64_t r, slong i0, slong i1)
{
    slong g0 = (i0 + 3) / 4 * 4; /* the first draw at or after i0 */
    if (g0 >= i1)
        return i1 > i0 ? r >> (16 * (i1 - i0)) : r;
    uint64_t last = 0;
    for (slong g = g0; g < i1; g += 4)
        last = ct_gnn_rand_u64(R);
    return last >> (16 * ((i1 - 1) & 3));
}

void ct_gnn_ops_dropout_apply_rows(double *y, double *mask, const double *x, slong n,
                                   slong k, double p, ct_gnn_rand_t R,
                                   const signed char *rows)
{
    if (rows == NULL || p <= 0) {
        ct_gnn_ops_dropout_apply(y, mask, x, n * k, p, R);
        return;
    }
    uint64_t thr = (uint64_t)(p * 65536.0 + 0.5), r = 0;
    double keep = 1.0 / (1.0 - p);
    const double pick[2] = {0.0, keep};
    ct_gnn_rand_t G; /* a local generator stays in registers */
    *G = *R;
    for (slong row = 0; row < n; row++) {
        slong i0 = row * k, i1 = i0 + k;
        if (!rows[row]) {
            r = dropout_skip(G, r, i0, i1);
            continue;
        }
        for (slong i = i0; i < i1; i++) {
            r = (i & 3) == 0 ? ct_gnn_rand_u64(G) : r >> 16;
            mask[i] = pick[(r & 0xffffu) >= thr];
            y[i] = x[i] * mask[i];
        }
    }
    *R = *G;
}

void ct_gnn_ops_dropout_csr(ct_gnn_csr_t K, const ct_gnn_csr_t A, double p,
                            ct_gnn_rand_t R)
{
    uint64_t thr = (uint64_t)(p * 65536.0 + 0.5), r = 0;
    double keep = 1.0 / (1.0 - p);
    /* A local generator and restrict pointers: the stores into K->col (slong,
       which may alias the generator's uint64_t words) otherwise made gcc
       store and reload the generator's state at every entry. */
    ct_gnn_rand_t G;
    *G = *R;
    const slong *restrict rowptr = A->rowptr, *restrict col = A->col;
    const double *restrict val = A->val;
    slong *restrict kcol = K->col, *restrict krow = K->rowptr;
    double *restrict kval = K->val;
    slong w = 0, q = 0;
    krow[0] = 0;
    for (slong i = 0; i < A->nrows; i++) {
        /* Branch-free compaction: about a fraction p of the entries go. */
        for (slong e = rowptr[i]; e < rowptr[i + 1]; e++, q++) {
            r = (q & 3) == 0 ? ct_gnn_rand_u64(G) : r >> 16;
            kcol[w] = col[e];
            kval[w] = val[e] * keep;
            w += (r & 0xffffu) >= thr;
        }
        krow[i + 1] = w;
    }
    *R = *G;
}

void ct_gnn_ops_dropout_mask(double *mask, slong m, double p, ct_gnn_rand_t R)
{
    ct_gnn_ops_dropout_apply(NULL, mask, NULL, m, p, R);
}

void ct_gnn_ops_vec_mul(double *y, const double *x, const double *mask, slong m)
{
    for (slong i = 0; i < m; i++)
        y[i] = x[i] * mask[i];
}

/* Vectorized loops get AVX2 and AVX-512 clones on x86-64 Linux, chosen at load time
   (static, since clang multiversions only functions whose every declaration
   carries the attribute). */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif

GNN_KERNEL static void act_elu(double *y, const double *x, slong m)
{
    for (slong i = 0; i < m; i++) {
        double v = x[i], e = ct_gnn_ops_expm1(v);
        y[i] = v > 0 ? v : e;
    }
}

void ct_gnn_ops_act_forward(double *y, const double *x, slong m, int act)
{
    if (act == CT_GNN_OPS_ACT_ELU)
        act_elu(y, x, m);
    else
        for (slong i = 0; i < m; i++)
            y[i] = x[i] > 0 ? x[i] : 0.0;
}

/* ELU' from the output, in one vectorized pass (mask may be NULL). */
GNN_KERNEL static void act_elu_backward(double *dx, const double *dy, const double *mask,
                                        const double *y, slong m)
{
    for (slong i = 0; i < m; i++) {
        double g = mask != NULL ? dy[i] * mask[i] : dy[i];
        dx[i] = y[i] > 0 ? g : g * (y[i] + 1.0);
    }
}

void ct_gnn_ops_act_backward(double *dx, const double *dy, const double *mask,
                             const double *y, slong m, int act)
{
    if (act == CT_GNN_OPS_ACT_ELU) {
        act_elu_backward(dx, dy, mask, y, m);
        return;
    }
    for (slong i = 0; i < m; i++) {
        double g = mask != NULL ? dy[i] * mask[i] : dy[i];
        dx[i] = y[i] > 0 ? g : 0.0;
    }
}

static int node_selected(const slong *label, const signed char *split, int which, slong i)
{
    return label[i] >= 0 && split[i] == which;
}

/* log sum exp of the C entries of z, shifted by their maximum for range. */
static double row_logsumexp(const double *z, slong C)
{
    double m = z[0], s = 0;
    for (slong c = 1; c < C; c++)
        m = z[c] > m ? z[c] : m;
    for (slong c = 0; c < C; c++)
        s += exp(z[c] - m);
    return m + log(s);
}

double ct_gnn_ops_xent(double *dlogits, const double *logits, slong n, slong C,
                       const slong *label, const signed char *split, int which)
{
    slong count = 0;
    for (slong i = 0; i < n; i++)
        count += node_selected(label, split, which, i);
    if (dlogits != NULL)
        memset(dlogits, 0, sizeof(double) * (size_t)(n * C));
    if (count == 0)
        return 0.0;
    double loss = 0;
    for (slong i = 0; i < n; i++) {
        if (!node_selected(label, split, which, i))
            continue;
        const double *z = logits + i * C;
        double lse = row_logsumexp(z, C);
        loss += lse - z[label[i]];
        if (dlogits == NULL)
            continue;
        for (slong c = 0; c < C; c++)
            dlogits[i * C + c] = exp(z[c] - lse) / (double)count;
        dlogits[i * C + label[i]] -= 1.0 / (double)count;
    }
    return loss / (double)count;
}

double ct_gnn_ops_accuracy(const double *logits, slong n, slong C, const slong *label,
                           const signed char *split, int which)
{
    slong count = 0, right = 0;
    for (slong i = 0; i < n; i++) {
        if (!node_selected(label, split, which, i))
            continue;
        const double *z = logits + i * C;
        slong best = 0;
        for (slong c = 1; c < C; c++)
            if (z[c] > z[best])
                best = c;
        count++;
        right += best == label[i];
    }
    return count ? (double)right / (double)count : 0.0;
}
