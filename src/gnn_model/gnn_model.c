/* gnn_model: forward and backward passes of the GCAN layer stack. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_blas.h"
#include "certune/gnn_model.h"
#include "certune/mem.h"
#include "gnn_model_internal.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif
#define GNN_INLINE static inline __attribute__((always_inline))

/* Eight doubles as one GCC/clang vector: one AVX-512 register, two AVX2 ones.
   No function takes or returns one by value: the AVX-512 clones would call
   helpers compiled without AVX-512, which clang rejects (a calling
   convention mismatch) and gcc notes. So the helpers are macros, or write
   through pointers. v8du is the unaligned, aliasing view of a double array. */
typedef double v8d __attribute__((vector_size(64)));
typedef double v8du __attribute__((vector_size(64), aligned(8), may_alias));
typedef int64_t v8i __attribute__((vector_size(64)));

#define ld8(p) (*(const v8du *)(p))
#define st8(p, v) (*(v8du *)(p) = (v))
#define bc8(x) ((v8d){(x), (x), (x), (x), (x), (x), (x), (x)})
/* m ? a : b per lane (m from a vector comparison: all ones or all zeros). */
#define sel8(m, a, b) ((v8d)(((v8i)(m) & (v8i)(a)) | (~(v8i)(m) & (v8i)(b))))
#define max8(a, b) sel8((a) > (b), (a), (b))

/* Whether any of the w doubles at x is nonzero (or NaN). A zero row of an
   incoming gradient contributes exact zeros, so the backward passes skip it:
   the loss reads only the training rows, and their receptive field is a
   fraction of the graph. */
GNN_INLINE int any_nonzero(const double *x, slong w)
{
    int nz = 0;
    for (slong c = 0; c < w; c++)
        nz |= x[c] != 0.0;
    return nz;
}

/* Layers with at most 8 output columns and a dense input of at most
   THIN_MAX_IN columns, a multiple of 8, use the thin products of
   gnn_model_thin.c instead of dgemm. */
static int thin_ok(const ct_gnn_layer_struct *L)
{
    return L->heads * L->fout <= 8 && L->fin % 8 == 0 && L->fin <= THIN_MAX_IN;
}

/* Z = dropout(input) U, remembering the dropped input for the backward.
   zneed: the rows of Z a training pass reads (NULL: all). Outside them the
   dropout is still drawn (the random stream does not depend on zneed) but
   not applied, and Z is not computed. */
static void layer_forward_input(ct_gnn_layer_struct *L, slong n, const ct_gnn_csr_t X,
                                const double *hin, double p, int train, int prefetch,
                                ct_gnn_rand_t R, const signed char *zneed)
{
    slong hf = L->heads * L->fout;
    if (L->first) {
        L->xcsr = X;
        if (train && L->znext) { /* drawn and multiplied by the evaluation pass */
            double *z = L->Z;
            L->Z = L->Znext;
            L->Znext = z;
            L->znext = 0;
            L->xcsr = L->xkept;
            return;
        }
        L->znext = 0;
        if (train && p > 0) {
            ct_gnn_ops_dropout_csr(L->xkept, X, p, R);
            L->xcsr = L->xkept;
        } else if (!train && prefetch && p > 0) {
            /* the next training pass reads the rows of its own zneed */
            ct_gnn_ops_csr_dropout_mul(L->xkept, L->Znext, L->Z, X, p, R, L->U, hf,
                                       L->zneed);
            L->znext = 1;
            return;
        }
        ct_gnn_csr_mul_rows(L->Z, L->xcsr, NULL, L->U, hf, zneed);
        return;
    }
    L->xused = hin;
    if (train && p > 0) {
        ct_gnn_ops_dropout_apply_rows(L->xin, L->inmask, hin, n, L->fin, p, R, zneed);
        L->xused = L->xin;
    }
    if (thin_ok(L))
        _ct_gnn_model_thin_mul(L->Z, L->xused, L->U, n, L->fin, hf, zneed);
    else
        ct_gnn_blas_dgemm(CT_GNN_BLAS_N, CT_GNN_BLAS_N, (int)n, (int)hf, (int)L->fin, 1.0,
                          L->xused, (int)L->fin, L->U, (int)hf, 0.0, L->Z, (int)hf);
}

/* Heads are interleaved: column f H + h of Z (and of U, a1, a2, b, agg) is
   feature f of head h, and the attention arrays are edge-major, att[p H + h].
   The H heads of one edge, or of one feature, are then H adjacent lanes: one
   sweep over A's rows serves every head, and each per-head sum over f is a
   vertical vector sum, with no horizontal reduction. */

/* s_i = a1 . Z_i and t_i = a2 . Z_i per head (node-major, n x H). */
GNN_INLINE void att_scores_rows(double *restrict s, double *restrict t,
                                const double *restrict Z, const double *restrict a,
                                slong n, slong H, slong F)
{
    const double *a1 = a, *a2 = a + H * F;
    for (slong i = 0; i < n; i++) {
        const double *z = Z + i * H * F;
        double si[H], ti[H];
        for (slong h = 0; h < H; h++)
            si[h] = ti[h] = 0;
        for (slong f = 0; f < F; f++)
            for (slong h = 0; h < H; h++) {
                si[h] += a1[f * H + h] * z[f * H + h];
                ti[h] += a2[f * H + h] * z[f * H + h];
            }
        for (slong h = 0; h < H; h++) {
            s[i * H + h] = si[h];
            t[i * H + h] = ti[h];
        }
    }
}

GNN_KERNEL static void att_scores_any(double *s, double *t, const double *Z,
                                      const double *a, slong n, slong H, slong F)
{
    att_scores_rows(s, t, Z, a, n, H, F);
}

/* What the fused passes over A's rows read and write. */
typedef struct {
    slong H, F;
    const slong *rowptr, *col;
    const double *c;      /* c_ij, or NULL without the GCN term (GAT) */
    const double *mask;   /* attention dropout multipliers, or NULL */
    const double *s, *t;  /* n x H */
    const double *Z;      /* n x HF */
    double *att;          /* nnz x H: the softmax e */
    double *agg;          /* forward: n x HF */
    const double *G;      /* backward: dL/dagg, n x HF */
    double *dZ, *ds, *dt; /* backward: n x HF, n x H, n x H */
    double *datt, *deta;  /* backward: nnz x H scratch, H sums */
    const double *bias;   /* forward, 8 heads, concatenated: add it, and */
    double *act;          /* write act = sigma(agg + bias) (sigma = actkind) */
    int actkind;
    const signed char *need; /* forward: the rows to compute (NULL: all) */
    double slope, eta;
} att_pass;

/* Row i's logits y_p = LeakyReLU(s_i + t_j), every head, into att, and
   their maxima into m. For slope in [0, 1], LeakyReLU(x) = max(x, slope x):
   a vector max, no branch on the sign. */
GNN_INLINE void att_row_logits(const att_pass *g, slong i, slong H, double *m)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    const double *si = g->s + i * H;
    double *restrict w = g->att;
    for (slong h = 0; h < H; h++)
        m[h] = -HUGE_VAL;
    for (slong p = p0; p < p1; p++) {
        const double *tj = g->t + g->col[p] * H;
        for (slong h = 0; h < H; h++) {
            double x = si[h] + tj[h], y = g->slope * x;
            y = x > y ? x : y;
            w[p * H + h] = y;
            m[h] = m[h] > y ? m[h] : y;
        }
    }
}

/* Row i's exponentials in att divided by their sum, every head. */
GNN_INLINE void att_row_normalize(const att_pass *g, slong i, slong H)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    double *restrict w = g->att;
    double sum[H];
    for (slong h = 0; h < H; h++)
        sum[h] = 0;
    for (slong p = p0; p < p1; p++)
        for (slong h = 0; h < H; h++)
            sum[h] += w[p * H + h];
    for (slong h = 0; h < H; h++)
        sum[h] = 1.0 / sum[h];
    for (slong p = p0; p < p1; p++)
        for (slong h = 0; h < H; h++)
            w[p * H + h] *= sum[h];
}

/* Row i of the softmax, every head: att_p = exp(y_p - max y) / sum. */
GNN_INLINE void att_row_softmax(const att_pass *g, slong i, slong H)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    double *restrict w = g->att;
    double m[H];
    att_row_logits(g, i, H, m);
    for (slong p = p0; p < p1; p++)
        for (slong h = 0; h < H; h++)
            w[p * H + h] = ct_gnn_ops_exp(w[p * H + h] - m[h]);
    att_row_normalize(g, i, H);
}

/* alpha_p = eta e'_p + (1 - eta) c_p (GAT: e'_p), e' = e m. The forward and
   the backward pass both compute it here, so they agree bit for bit. */
GNN_INLINE void att_alpha(double *restrict al, const att_pass *g, slong p, slong H)
{
    for (slong h = 0; h < H; h++)
        al[h] = g->att[p * H + h];
    if (g->mask != NULL)
        for (slong h = 0; h < H; h++)
            al[h] *= g->mask[p * H + h];
    if (g->c != NULL)
        for (slong h = 0; h < H; h++)
            al[h] = g->eta * al[h] + (1 - g->eta) * g->c[p];
}

/* agg_i = sum_j alpha_ij Z_j, every head (lane h of each feature f). */
GNN_INLINE void att_row_aggregate(const att_pass *g, slong i, slong H, slong F)
{
    double acc[H * F];
    for (slong q = 0; q < H * F; q++)
        acc[q] = 0;
    for (slong p = g->rowptr[i]; p < g->rowptr[i + 1]; p++) {
        const double *z = g->Z + g->col[p] * H * F;
        double al[H];
        att_alpha(al, g, p, H);
        for (slong f = 0; f < F; f++)
            for (slong h = 0; h < H; h++)
                acc[f * H + h] += al[h] * z[f * H + h];
    }
    double *out = g->agg + i * H * F;
    for (slong q = 0; q < H * F; q++)
        out[q] = acc[q];
}

GNN_INLINE void att_forward_rows(const att_pass *g, slong n, slong H, slong F)
{
    for (slong i = 0; i < n; i++) {
        att_row_softmax(g, i, H);
        att_row_aggregate(g, i, H, F);
    }
}

/* att_row_softmax for every row, with the exp as one flat pass over all
   nnz x H logits (so it vectorizes, as in att1_softmax): the same operations
   on the same values, so the same results bit for bit. */
GNN_INLINE void att_softmax_flat(const att_pass *g, slong n, slong H)
{
    double *restrict w = g->att;
    for (slong i = 0; i < n; i++) {
        slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
        double m[H];
        att_row_logits(g, i, H, m);
        for (slong p = p0; p < p1; p++)
            for (slong h = 0; h < H; h++)
                w[p * H + h] -= m[h];
    }
    for (slong q = 0; q < g->rowptr[n] * H; q++)
        w[q] = ct_gnn_ops_exp(w[q]);
    for (slong i = 0; i < n; i++)
        att_row_normalize(g, i, H);
}

/* The paper's GCAN (3 heads of width 1) gets compile-time sizes and the flat
   softmax: the generic row-fused loops over run-time H and F cost about
   twice as much there. */
GNN_KERNEL static void att_forward_any(const att_pass *g, slong n)
{
    if (g->H == 3 && g->F == 1) {
        att_softmax_flat(g, n, 3);
        for (slong i = 0; i < n; i++)
            att_row_aggregate(g, i, 3, 1);
    } else
        att_forward_rows(g, n, g->H, g->F);
}

/* Row i of the backward pass through the aggregation and the softmax, every
   head at once: dZ_j += alpha_ij G_i (scattered), dalpha_ij = G_i . Z_j per
   head, then the dropout, the eta mixing, the softmax and the LeakyReLU
   backward to ds_i and dt_j (scattered). */
GNN_INLINE void att_row_backward(const att_pass *g, slong i, slong H, slong F)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    const double *Gi = g->G + i * H * F, *si = g->s + i * H;
    double dot[H], dsi[H];
    for (slong h = 0; h < H; h++)
        dot[h] = dsi[h] = 0;
    for (slong p = p0; p < p1; p++) {
        slong j = g->col[p];
        const double *z = g->Z + j * H * F, *e = g->att + p * H;
        double *dz = g->dZ + j * H * F, al[H], dal[H];
        att_alpha(al, g, p, H);
        for (slong h = 0; h < H; h++)
            dal[h] = 0;
        for (slong f = 0; f < F; f++)
            for (slong h = 0; h < H; h++) {
                dal[h] += Gi[f * H + h] * z[f * H + h];
                dz[f * H + h] += al[h] * Gi[f * H + h];
            }
        for (slong h = 0; h < H; h++) {
            double mk = g->mask != NULL ? g->mask[p * H + h] : 1.0, de = dal[h] * mk;
            if (g->c != NULL) {
                g->deta[h] += dal[h] * (e[h] * mk - g->c[p]);
                de = dal[h] * g->eta * mk;
            }
            g->datt[p * H + h] = de;
            dot[h] += e[h] * de;
        }
    }
    for (slong p = p0; p < p1; p++) {
        const double *tj = g->t + g->col[p] * H, *e = g->att + p * H;
        double *dtj = g->dt + g->col[p] * H;
        for (slong h = 0; h < H; h++) {
            double x = si[h] + tj[h], fac = x > 0 ? 1.0 : g->slope;
            double dr = e[h] * (g->datt[p * H + h] - dot[h]) * fac;
            dsi[h] += dr;
            dtj[h] += dr;
        }
    }
    for (slong h = 0; h < H; h++)
        g->ds[i * H + h] = dsi[h];
}

/* Through s and t: da1 += ds_i Z_i, da2 += dt_i Z_i, dZ_i += ds_i a1 + dt_i a2. */
GNN_INLINE void att_nodes_backward(const att_pass *g, const double *a, double *da,
                                   slong n, slong H, slong F)
{
    slong HF = H * F;
    for (slong i = 0; i < n; i++) {
        const double *z = g->Z + i * HF, *ds = g->ds + i * H, *dt = g->dt + i * H;
        double *dz = g->dZ + i * HF;
        for (slong f = 0; f < F; f++)
            for (slong h = 0; h < H; h++) {
                slong q = f * H + h;
                da[q] += ds[h] * z[q];
                da[HF + q] += dt[h] * z[q];
                dz[q] += ds[h] * a[q] + dt[h] * a[HF + q];
            }
    }
}

GNN_INLINE void att_backward_all(const att_pass *g, const double *a, double *da, slong n,
                                 slong H, slong F)
{
    for (slong i = 0; i < n; i++)
        att_row_backward(g, i, H, F);
    att_nodes_backward(g, a, da, n, H, F);
}

GNN_KERNEL static void att_backward_any(const att_pass *g, const double *a, double *da,
                                        slong n)
{
    if (g->H == 3 && g->F == 1)
        att_backward_all(g, a, da, n, 3, 1);
    else
        att_backward_all(g, a, da, n, g->H, g->F);
}

/* Eight heads (GAT's default): the same passes written with explicit
   8-lane vectors, one lane per head. gcc vectorized the generic loops above
   poorly for H = 8 (shuffles, spills and a scalar scatter). Each lane
   computes exactly what the generic code computes for its head, in the same
   order. */
/* ct_gnn_ops_exp_reduce on 8 lanes, operation for operation: *r and *scale. */
GNN_INLINE void reduce8(v8d *r, v8d *scale, const v8d *px)
{
    const double magic = 6755399441055744.0;
    v8d x = *px, xc = sel8(x < -708.0, bc8(-708.0), x);
    xc = sel8(xc > 709.0, bc8(709.0), xc);
    v8d t = xc * 1.4426950408889634 + magic;
    v8d k = t - magic;
    *scale = (v8d)(((v8i)t + 1023) << 52);
    *r = (xc - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
}

/* ct_gnn_ops_expm1_reduced on 8 lanes. */
GNN_INLINE void expm1r8(v8d *y, const v8d *pr)
{
    v8d r = *pr, r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    v8d v0 = 0.5 + r * (1.0 / 6.0), v1 = 1.0 / 24.0 + r * (1.0 / 120.0);
    v8d v2 = 1.0 / 720.0 + r * (1.0 / 5040.0);
    v8d v3 = 1.0 / 40320.0 + r * (1.0 / 362880.0);
    v8d v4 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0);
    v8d v5 = 1.0 / 479001600.0 + r * (1.0 / 6227020800.0);
    v8d w = ((v0 + r2 * v1) + r4 * (v2 + r2 * v3)) + r8 * (v4 + r2 * v5);
    *y = r + r2 * w;
}

/* ct_gnn_ops_exp on 8 lanes. */
GNN_INLINE void exp8(v8d *y, const v8d *x)
{
    v8d sc, r, em;
    reduce8(&r, &sc, x);
    expm1r8(&em, &r);
    *y = sel8(*x < -708.0, bc8(0.0), (1.0 + em) * sc);
}

/* The activation of ct_gnn_ops_act_forward on 8 lanes (ELU through ct_gnn_ops_expm1). */
GNN_INLINE void act8(v8d *y, const v8d *x, int act)
{
    if (act != CT_GNN_OPS_ACT_ELU) {
        *y = sel8(*x > 0.0, *x, bc8(0.0));
        return;
    }
    v8d sc, r, em;
    reduce8(&r, &sc, x);
    expm1r8(&em, &r);
    *y = sel8(*x > 0.0, *x, sc * em + (sc - 1.0));
}

GNN_KERNEL static void att8_scores(double *s, double *t, const double *Z, const double *a,
                                   slong n, slong F)
{
    for (slong i = 0; i < n; i++) {
        const double *z = Z + i * 8 * F;
        v8d si = bc8(0.0), ti = bc8(0.0);
        for (slong f = 0; f < F; f++) {
            v8d zf = ld8(z + 8 * f);
            si += ld8(a + 8 * f) * zf;
            ti += ld8(a + 8 * F + 8 * f) * zf;
        }
        st8(s + 8 * i, si);
        st8(t + 8 * i, ti);
    }
}

/* att_alpha on 8 lanes: *al from the softmax e of edge p. */
GNN_INLINE void alpha8(v8d *al, const att_pass *g, const v8d *e, slong p)
{
    *al = *e;
    if (g->mask != NULL)
        *al *= ld8(g->mask + 8 * p);
    if (g->c != NULL)
        *al = g->eta * *al + (1 - g->eta) * g->c[p];
}

/* att_row_softmax then att_row_aggregate for row i, 8 heads of width F, and
   with g->bias layer_combine's bias and activation too. */
GNN_INLINE void att8_row_forward(const att_pass *g, slong i, slong F)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    double *w = g->att;
    v8d si = ld8(g->s + 8 * i), m = bc8(-HUGE_VAL), sum = bc8(0.0), acc[F];
    for (slong p = p0; p < p1; p++) {
        v8d x = si + ld8(g->t + 8 * g->col[p]), y = max8(x, g->slope * x);
        st8(w + 8 * p, y);
        m = max8(m, y);
    }
    for (slong p = p0; p < p1; p++) {
        v8d y = ld8(w + 8 * p) - m, e;
        exp8(&e, &y);
        st8(w + 8 * p, e);
        sum += e;
    }
    v8d inv = 1.0 / sum;
    for (slong f = 0; f < F; f++)
        acc[f] = bc8(0.0);
    for (slong p = p0; p < p1; p++) {
        const double *z = g->Z + g->col[p] * 8 * F;
        v8d e = ld8(w + 8 * p) * inv;
        st8(w + 8 * p, e);
        v8d al;
        alpha8(&al, g, &e, p);
        for (slong f = 0; f < F; f++)
            acc[f] += al * ld8(z + 8 * f);
    }
    for (slong f = 0; f < F; f++) {
        slong q = (i * F + f) * 8;
        if (g->bias != NULL) { /* layer_combine's work, while the row is in registers */
            acc[f] += ld8(g->bias + 8 * f);
            v8d y;
            act8(&y, &acc[f], g->actkind);
            st8(g->act + q, y);
        }
        st8(g->agg + q, acc[f]);
    }
}

GNN_KERNEL static void att8_forward_w8(const att_pass *g, slong n)
{
    for (slong i = 0; i < n; i++)
        if (g->need == NULL || g->need[i])
            att8_row_forward(g, i, 8);
}

GNN_KERNEL static void att8_forward(const att_pass *g, slong n)
{
    for (slong i = 0; i < n; i++)
        if (g->need == NULL || g->need[i])
            att8_row_forward(g, i, g->F);
}

/* att_row_backward for row i, 8 heads of width F; deta accumulates per lane. */
GNN_INLINE void att8_row_backward(const att_pass *g, slong i, slong F, v8d *deta)
{
    slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
    v8d gi[F], si = ld8(g->s + 8 * i), dot = bc8(0.0), dsi = bc8(0.0);
    if (!any_nonzero(g->G + i * F * 8, F * 8)) {
        st8(g->ds + 8 * i, dsi);
        return;
    }
    for (slong f = 0; f < F; f++)
        gi[f] = ld8(g->G + (i * F + f) * 8);
    for (slong p = p0; p < p1; p++) {
        slong j = g->col[p];
        const double *z = g->Z + j * 8 * F;
        double *dz = g->dZ + j * 8 * F;
        v8d e = ld8(g->att + 8 * p), al, dal = bc8(0.0);
        alpha8(&al, g, &e, p);
        for (slong f = 0; f < F; f++) {
            dal += gi[f] * ld8(z + 8 * f);
            st8(dz + 8 * f, ld8(dz + 8 * f) + al * gi[f]);
        }
        v8d mk = bc8(1.0);
        if (g->mask != NULL)
            mk = ld8(g->mask + 8 * p);
        v8d de = dal * mk;
        if (g->c != NULL) {
            *deta += dal * (e * mk - g->c[p]);
            de = dal * g->eta * mk;
        }
        st8(g->datt + 8 * p, de);
        dot += e * de;
    }
    for (slong p = p0; p < p1; p++) {
        double *dtj = g->dt + 8 * g->col[p];
        v8d x = si + ld8(g->t + 8 * g->col[p]);
        v8d fac = sel8(x > 0.0, bc8(1.0), bc8(g->slope));
        v8d dr = ld8(g->att + 8 * p) * (ld8(g->datt + 8 * p) - dot) * fac;
        dsi += dr;
        st8(dtj, ld8(dtj) + dr);
    }
    st8(g->ds + 8 * i, dsi);
}

/* att_nodes_backward on 8 lanes. */
GNN_INLINE void att8_nodes_backward(const att_pass *g, const double *a, double *da,
                                    slong n, slong F)
{
    for (slong i = 0; i < n; i++) {
        const double *z = g->Z + i * 8 * F;
        double *dz = g->dZ + i * 8 * F;
        v8d ds = ld8(g->ds + 8 * i), dt = ld8(g->dt + 8 * i);
        for (slong f = 0; f < F; f++) {
            v8d zf = ld8(z + 8 * f), a1 = ld8(a + 8 * f), a2 = ld8(a + 8 * (F + f));
            st8(da + 8 * f, ld8(da + 8 * f) + ds * zf);
            st8(da + 8 * (F + f), ld8(da + 8 * (F + f)) + dt * zf);
            st8(dz + 8 * f, ld8(dz + 8 * f) + (ds * a1 + dt * a2));
        }
    }
}

GNN_INLINE void att8_backward_all(const att_pass *g, const double *a, double *da, slong n,
                                  slong F)
{
    v8d deta = bc8(0.0);
    for (slong i = 0; i < n; i++)
        att8_row_backward(g, i, F, &deta);
    att8_nodes_backward(g, a, da, n, F);
    st8(g->deta, deta);
}

GNN_KERNEL static void att8_backward_w8(const att_pass *g, const double *a, double *da,
                                        slong n)
{
    att8_backward_all(g, a, da, n, 8);
}

GNN_KERNEL static void att8_backward(const att_pass *g, const double *a, double *da,
                                     slong n)
{
    att8_backward_all(g, a, da, n, g->F);
}

/* One head (the output layer). The evaluation pass covers every row with
   flat passes over the edges instead of the row-fused ones, so that exp
   vectorizes across edges (a row has about 5), and the aggregation is the
   CSR kernel of gnn_sparse of compile-time width F: the fused generic loops
   spent most of their time on loop control for runtime widths 1 and F.
   Training passes touch only the rows the loss reads, with the row-fused
   generic code. */
GNN_KERNEL static void att1_scores(double *s, double *t, const double *Z, const double *a,
                                   slong n, slong F)
{
    att_scores_rows(s, t, Z, a, n, 1, F);
}

/* w_p = LeakyReLU(s_i + t_j) - max over row i, then w = exp(w) flat. */
GNN_KERNEL static void att1_softmax(const att_pass *g, slong n)
{
    double *w = g->att;
    for (slong i = 0; i < n; i++) {
        slong p0 = g->rowptr[i], p1 = g->rowptr[i + 1];
        double m = -HUGE_VAL, si = g->s[i];
        for (slong p = p0; p < p1; p++) {
            double x = si + g->t[g->col[p]], y = g->slope * x;
            y = x > y ? x : y;
            w[p] = y;
            m = m > y ? m : y;
        }
        for (slong p = p0; p < p1; p++)
            w[p] -= m;
    }
    for (slong p = 0; p < g->rowptr[n]; p++)
        w[p] = ct_gnn_ops_exp(w[p]);
    for (slong i = 0; i < n; i++) {
        double sum = 0;
        for (slong p = g->rowptr[i]; p < g->rowptr[i + 1]; p++)
            sum += w[p];
        sum = 1.0 / sum;
        for (slong p = g->rowptr[i]; p < g->rowptr[i + 1]; p++)
            w[p] *= sum;
    }
}

/* alpha = att_alpha for every edge, flat. */
GNN_KERNEL static void att1_alpha(double *restrict alpha, const att_pass *g, slong nnz)
{
    for (slong p = 0; p < nnz; p++)
        att_alpha(alpha + p, g, p, 1);
}

/* The rows of a training pass (g->need): the row-fused generic code, one
   head, for the few rows the loss reads (the flat passes would cover every
   edge of the graph). */
GNN_KERNEL static void att1_forward_rows(const att_pass *g, slong n)
{
    for (slong i = 0; i < n; i++)
        if (g->need[i]) {
            att_row_softmax(g, i, 1);
            att_row_aggregate(g, i, 1, g->F);
        }
}

/* The backward pass, row-fused, on the rows with a nonzero incoming gradient
   (those the loss reads: a small part of the graph). */
GNN_KERNEL static void att1_backward_rows(const att_pass *g, slong n)
{
    for (slong i = 0; i < n; i++) {
        if (any_nonzero(g->G + i * g->F, g->F))
            att_row_backward(g, i, 1, g->F);
        else
            g->ds[i] = 0;
    }
}

GNN_KERNEL static void att1_nodes_backward(const att_pass *g, const double *a, double *da,
                                           slong n)
{
    att_nodes_backward(g, a, da, n, 1, g->F);
}

static void att_pass_init(att_pass *g, const ct_gnn_layer_struct *L,
                          const ct_gnn_model_struct *M, const ct_gnn_csr_t A)
{
    memset(g, 0, sizeof(*g));
    g->H = L->heads;
    g->F = L->fout;
    g->rowptr = A->rowptr;
    g->col = A->col;
    g->c = L->has_norm ? A->val : NULL;
    g->mask = L->att_masked ? L->attmask : NULL;
    g->s = L->s;
    g->t = L->t;
    g->Z = L->Z;
    g->att = L->att;
    g->slope = M->arch.slope;
    g->eta = M->arch.eta;
}

/* One head: softmax, alpha (into the scratch alpha), agg = alpha Z. */
static void att1_forward(const att_pass *g, const ct_gnn_csr_t A, double *alpha)
{
    slong n = A->nrows;
    if (g->need != NULL) {
        att1_forward_rows(g, n);
        return;
    }
    att1_softmax(g, n);
    att1_alpha(alpha, g, A->rowptr[n]);
    ct_gnn_csr_mul_cols(g->agg, A, alpha, g->Z, g->F, 0, g->F);
}

/* s and t, the attention softmax with its dropout, the mixed coefficients
   and agg_i = sum_j alpha_ij Z_j: one sweep over the rows of A. Returns 1 when
   that sweep also did layer_combine's work (8 concatenated heads). */
static int layer_forward_attention(ct_gnn_layer_struct *L, const ct_gnn_model_struct *M,
                                   const ct_gnn_csr_t A, int train, ct_gnn_rand_t R)
{
    slong n = M->n, H = L->heads, F = L->fout, nnz = A->rowptr[n];
    if (H == 8)
        att8_scores(L->s, L->t, L->Z, L->a, n, F);
    else if (H == 1)
        att1_scores(L->s, L->t, L->Z, L->a, n, F);
    else
        att_scores_any(L->s, L->t, L->Z, L->a, n, H, F);
    L->att_masked = train && M->arch.att_dropout > 0;
    if (L->att_masked)
        ct_gnn_ops_dropout_mask(L->attmask, nnz * H, M->arch.att_dropout, R);
    att_pass g;
    att_pass_init(&g, L, M, A);
    g.agg = L->agg;
    g.need = train ? L->need : NULL;
    if (H == 8 && L->concat) {
        g.bias = L->b;
        g.act = L->act;
        g.actkind = M->arch.act;
    }
    if (H == 8 && F == 8)
        att8_forward_w8(&g, n);
    else if (H == 8)
        att8_forward(&g, n);
    else if (H == 1)
        att1_forward(&g, A, L->datt);
    else
        att_forward_any(&g, n);
    return g.bias != NULL;
}

/* out += b and act = ReLU(out) on m rows of D, in one vectorized pass (the
   pointers do not alias, which the struct fields could not promise). */
GNN_KERNEL static void combine_relu(double *restrict out, double *restrict act,
                                    const double *restrict b, slong m, slong D)
{
    for (slong i = 0; i < m; i++)
        for (slong c = 0; c < D; c++) {
            double o = out[i * D + c] + b[c];
            out[i * D + c] = o;
            act[i * D + c] = o > 0 ? o : 0.0;
        }
}

/* out = agg + b on m rows of D. */
GNN_KERNEL static void combine_bias(double *restrict out, const double *restrict agg,
                                    const double *restrict b, slong m, slong D)
{
    for (slong i = 0; i < m; i++)
        for (slong c = 0; c < D; c++)
            out[i * D + c] = agg[i * D + c] + b[c];
}

/* out = concat or mean of the heads, plus the bias, on rows r0..r1-1; act =
   sigma(out) for hidden layers (one vectorized pass over the block). */
static void layer_combine_range(ct_gnn_layer_struct *L, slong r0, slong r1, int act)
{
    slong H = L->heads, F = L->fout, D = L->outdim;
    if (L->concat && act == CT_GNN_OPS_ACT_RELU) { /* agg is out */
        combine_relu(L->out + r0 * D, L->act + r0 * D, L->b, r1 - r0, D);
        return;
    }
    if (L->concat) {
        for (slong i = r0; i < r1; i++)
            for (slong c = 0; c < D; c++)
                L->out[i * D + c] += L->b[c];
        ct_gnn_ops_act_forward(L->act + r0 * D, L->out + r0 * D, (r1 - r0) * D, act);
        return;
    }
    if (H == 1) { /* s / 1 is s: skip n F divisions */
        combine_bias(L->out + r0 * F, L->agg + r0 * F, L->b, r1 - r0, F);
        return;
    }
    for (slong i = r0; i < r1; i++) {
        double *o = L->out + i * D;
        const double *g = L->agg + i * H * F;
        for (slong f = 0; f < F; f++) {
            double s = 0;
            for (slong h = 0; h < H; h++)
                s += g[f * H + h];
            o[f] = s / (double)H + L->b[f];
        }
    }
}

/* layer_combine_range on the runs of rows flagged in rows (NULL: all n). */
static void layer_combine(ct_gnn_layer_struct *L, slong n, int act,
                          const signed char *rows)
{
    if (rows == NULL) {
        layer_combine_range(L, 0, n, act);
        return;
    }
    for (slong i = 0, j = 0; i < n; i = j) {
        while (j < n && rows[j] == rows[i])
            j++;
        if (rows[i])
            layer_combine_range(L, i, j, act);
    }
}

void ct_gnn_model_forward(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                          int train, ct_gnn_rand_t R)
{
    const double *hin = NULL;
    for (slong l = 0; l < M->arch.nlayers; l++) {
        ct_gnn_layer_struct *L = M->layer + l;
        /* a training pass computes the rows the loss reads (NULL: all) and the
           rows of Z those read */
        const signed char *need = train ? L->need : NULL,
                          *zneed = train ? L->zneed : NULL;
        layer_forward_input(L, M->n, X, hin, M->arch.dropout, train, M->prefetch, R,
                            zneed);
        int combined = 0;
        if (L->has_att)
            combined = layer_forward_attention(L, M, A, train, R);
        else
            ct_gnn_csr_mul_rows(L->agg, A, NULL, L->Z, L->heads * L->fout, need);
        if (!combined)
            layer_combine(L, M->n, M->arch.act, need);
        if (L->concat)
            hin = L->act;
    }
}

/* db and dagg from dout (the heads' mean spreads 1/H to each head). Outside
   L->need (when set) dout and dagg are zero and stay so (see
   ct_gnn_model_set_loss_rows): db sums the needed rows and dagg is written on
   them only. */
static void layer_backward_combine(ct_gnn_layer_struct *L, slong n)
{
    slong H = L->heads, F = L->fout, D = L->outdim;
    for (slong i = 0; i < n; i++) {
        const double *d = L->dout + i * D;
        if (L->need == NULL || L->need[i])
            for (slong c = 0; c < D; c++)
                L->db[c] += d[c];
    }
    if (L->concat) /* dagg is dout */
        return;
    for (slong i = 0; i < n; i++) {
        if (L->need != NULL && !L->need[i]) /* zero, and left zero */
            continue;
        const double *d = L->dout + i * D;
        double *g = L->dagg + i * H * F;
        for (slong h = 0; h < H; h++)
            for (slong f = 0; f < F; f++)
                g[f * H + h] = d[f] / (double)H;
    }
}

/* One head: the rows with a nonzero gradient, then a and Z through s, t. */
static void att1_backward(const att_pass *g, const double *a, double *da, slong n)
{
    att1_backward_rows(g, n);
    att1_nodes_backward(g, a, da, n);
}

/* dZ (and da, deta) through the attention-weighted aggregation. */
static void layer_backward_attention(ct_gnn_layer_struct *L, ct_gnn_model_struct *M,
                                     const ct_gnn_csr_t A)
{
    slong n = M->n, H = L->heads, F = L->fout;
    double deta[H];
    memset(deta, 0, sizeof(deta));
    memset(L->dt, 0, sizeof(double) * (size_t)(n * H));
    att_pass g;
    att_pass_init(&g, L, M, A);
    g.G = L->dagg;
    g.dZ = L->dZ;
    g.ds = L->ds;
    g.dt = L->dt;
    g.datt = L->datt;
    g.deta = deta;
    if (H == 8 && F == 8)
        att8_backward_w8(&g, L->a, L->da, n);
    else if (H == 8)
        att8_backward(&g, L->a, L->da, n);
    else if (H == 1)
        att1_backward(&g, L->a, L->da, n);
    else
        att_backward_any(&g, L->a, L->da, n);
    if (L->has_norm) /* summed per head, then over the heads */
        for (slong h = 0; h < H; h++)
            M->deta += deta[h];
}

/* The rows of dZ that layer_backward_input reads: all of them for dgemm,
   L->zneed (the inputs of the needed rows; NULL: all) for the others, which
   skip the rest (dZ is zero there). */
static const signed char *layer_dz_rows(const ct_gnn_layer_struct *L)
{
    return L->first || thin_ok(L) ? L->zneed : NULL;
}

/* dU from dZ, and the gradient of the layer's (undropped) input in dxin
   (thin layers: on the rows of L->zneed only, all that the layer below reads). */
static void layer_backward_input(ct_gnn_layer_struct *L, slong n)
{
    slong hf = L->heads * L->fout;
    const signed char *rows = layer_dz_rows(L);
    if (L->first) {
        ct_gnn_csr_tmul_rows_add(L->dU, L->xcsr, NULL, L->dZ, hf, rows);
        return;
    }
    if (thin_ok(L)) {
        _ct_gnn_model_thin_grad(L->dU, L->xused, L->dZ, n, L->fin, hf, rows);
        _ct_gnn_model_thin_back(L->dxin, L->dZ, L->U, n, L->fin, hf, rows);
        return;
    }
    ct_gnn_blas_dgemm(CT_GNN_BLAS_T, CT_GNN_BLAS_N, (int)L->fin, (int)hf, (int)n, 1.0,
                      L->xused, (int)L->fin, L->dZ, (int)hf, 1.0, L->dU, (int)hf);
    ct_gnn_blas_dgemm(CT_GNN_BLAS_N, CT_GNN_BLAS_T, (int)n, (int)L->fin, (int)hf, 1.0,
                      L->dZ, (int)hf, L->U, (int)hf, 0.0, L->dxin, (int)L->fin);
}

/* ct_gnn_ops_act_backward for ReLU (the same operations) on the rows of an
   n x D block flagged in rows. */
GNN_KERNEL static void relu_backward_rows(double *restrict dx, const double *restrict dy,
                                          const double *restrict mask,
                                          const double *restrict y, slong n, slong D,
                                          const signed char *rows)
{
    for (slong i = 0; i < n; i++) {
        if (!rows[i])
            continue;
        for (slong c = i * D; c < (i + 1) * D; c++) {
            double g = mask != NULL ? dy[c] * mask[c] : dy[c];
            dx[c] = y[c] > 0 ? g : 0.0;
        }
    }
}

/* P->dout = dxin * mask * sigma'(P->act) for the layer P below L (the
   dropout between them folds into the activation's backward), on the rows
   of P->need (all when NULL): outside them the gradient is zero, and so is
   P->dout, kept zero since ct_gnn_model_set_loss_rows. */
static void act_backward_rows(ct_gnn_layer_struct *P, const ct_gnn_layer_struct *L,
                              slong n, int act)
{
    slong D = P->outdim;
    const double *mask = L->xused == L->xin ? L->inmask : NULL;
    if (P->need == NULL) {
        ct_gnn_ops_act_backward(P->dout, L->dxin, mask, P->act, n * D, act);
        return;
    }
    if (act == CT_GNN_OPS_ACT_RELU) { /* inline: the needed rows are short runs */
        relu_backward_rows(P->dout, L->dxin, mask, P->act, n, D, P->need);
        return;
    }
    for (slong i = 0, j = 0; i < n; i = j) { /* runs of rows needed or not */
        while (j < n && P->need[j] == P->need[i])
            j++;
        slong off = i * D, len = (j - i) * D;
        if (P->need[i])
            ct_gnn_ops_act_backward(P->dout + off, L->dxin + off,
                                    mask ? mask + off : NULL, P->act + off, len, act);
    }
}

void ct_gnn_model_backward(ct_gnn_model_t M, const ct_gnn_csr_t X, const ct_gnn_csr_t A,
                           const double *dlogits)
{
    slong n = M->n, last = M->arch.nlayers - 1;
    (void)X; /* the first layer cached the features it used (after dropout) */
    memset(M->grad, 0, sizeof(double) * (size_t)M->nparam);
    M->deta = 0;
    const signed char *rows = M->layer[last].need; /* dlogits is zero elsewhere */
    for (slong i = 0, C = M->nclass; i < n; i++)
        if (rows == NULL || rows[i])
            memcpy(M->layer[last].dout + i * C, dlogits + i * C,
                   sizeof(double) * (size_t)C);
    for (slong l = last; l >= 0; l--) {
        ct_gnn_layer_struct *L = M->layer + l;
        slong hf = L->heads * L->fout;
        layer_backward_combine(L, n);
        if (!L->has_att && A->symmetric) { /* A^T = A: gather the rows read below */
            ct_gnn_csr_mul_rows(L->dZ, A, NULL, L->dagg, hf, layer_dz_rows(L));
        } else {
            memset(L->dZ, 0, sizeof(double) * (size_t)(n * hf));
            if (L->has_att)
                layer_backward_attention(L, M, A);
            else
                ct_gnn_csr_tmul_dense_add(L->dZ, A, NULL, L->dagg, hf);
        }
        layer_backward_input(L, n);
        if (l > 0)
            act_backward_rows(M->layer + l - 1, L, n, M->arch.act);
    }
}
