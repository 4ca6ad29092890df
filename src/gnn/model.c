/* gnn_model: forward and backward passes of the GCAN layer stack. */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_model.h"

void gnn_arch_init(gnn_arch_struct *arch, int kind)
{
    memset(arch, 0, sizeof(*arch));
    arch->kind = kind;
    arch->nlayers = 2;
    arch->slope = 0.2;
    arch->out_heads = 1;
    if (kind == GNN_GCN) {
        arch->hidden = 16;
        arch->heads = 1;
        arch->act = GNN_ACT_RELU;
        arch->dropout = 0.5;
        arch->eta = 0.0;
    } else {
        arch->hidden = 8;
        arch->heads = 8;
        arch->act = GNN_ACT_ELU;
        arch->dropout = 0.6;
        arch->att_dropout = 0.6;
        arch->eta = kind == GNN_GAT ? 1.0 : 0.5;
    }
}

/* Zeroed and 64-byte aligned (rows of 8 doubles start on a cache line). */
static double *buf_alloc(slong m)
{
    size_t bytes = ((size_t)m + 1) * sizeof(double);
    bytes = (bytes + 63) / 64 * 64;
    double *b = aligned_alloc(64, bytes);
    if (b != NULL)
        memset(b, 0, bytes);
    return b;
}

/* Shapes of layer l; its parameters are laid out U, a, b from param + off. */
static slong layer_setup(gnn_layer_struct *L, const gnn_model_struct *M, slong l)
{
    const gnn_arch_struct *arch = &M->arch;
    int last = l == arch->nlayers - 1;
    L->first = l == 0;
    L->fin = L->first ? M->nfeat : arch->hidden * arch->heads;
    L->fout = last ? M->nclass : arch->hidden;
    L->heads = last ? arch->out_heads : arch->heads;
    L->concat = !last;
    L->outdim = L->concat ? L->heads * L->fout : L->fout;
    L->has_att = arch->kind != GNN_GCN;
    L->has_norm = arch->kind != GNN_GAT;
    return L->fin * L->heads * L->fout + (L->has_att ? 2 * L->heads * L->fout : 0) +
           L->outdim;
}

static void layer_alloc(gnn_layer_struct *L, slong n, slong nnza)
{
    slong hf = L->heads * L->fout, nin = L->first ? 0 : n * L->fin;
    L->inmask = buf_alloc(nin);
    L->xin = L->first ? NULL : buf_alloc(nin);
    L->dxin = L->first ? NULL : buf_alloc(nin);
    L->Z = buf_alloc(n * hf);
    L->Znext = L->first ? buf_alloc(n * hf) : NULL;
    L->znext = 0;
    L->dZ = buf_alloc(n * hf);
    L->out = buf_alloc(n * L->outdim);
    L->dout = buf_alloc(n * L->outdim);
    /* Concatenated heads are the output itself: aggregate in place. */
    L->agg = L->concat ? L->out : buf_alloc(n * hf);
    L->dagg = L->concat ? L->dout : buf_alloc(n * hf);
    L->act = L->concat ? buf_alloc(n * L->outdim) : NULL;
    if (!L->has_att)
        return;
    L->s = buf_alloc(n * L->heads);
    L->t = buf_alloc(n * L->heads);
    L->ds = buf_alloc(n * L->heads);
    L->dt = buf_alloc(n * L->heads);
    L->att = buf_alloc(nnza * L->heads);
    L->rowof = malloc(sizeof(slong) * (size_t)(nnza + 1));
    L->attmask = buf_alloc(nnza * L->heads);
    L->alpha = buf_alloc(nnza * L->heads);
    L->datt = buf_alloc(nnza * L->heads);
}

static void layer_free(gnn_layer_struct *L)
{
    if (L->first)
        gnn_csr_clear(L->xkept);
    if (!L->concat) {
        free(L->agg);
        free(L->dagg);
    }
    free(L->Znext);
    free(L->rowof);
    double *bufs[] = {L->inmask, L->xin,     L->dxin,  L->Z,   L->dZ, L->out,
                      L->dout,   L->act,     L->s,     L->t,   L->ds, L->dt,
                      L->att,    L->attmask, L->alpha, L->datt};
    for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
        free(bufs[i]);
}

static void uniform_fill(double *x, slong m, double r, gnn_rand_t R)
{
    for (slong i = 0; i < m; i++)
        x[i] = (2 * gnn_rand_uniform(R) - 1) * r;
}

/* Points the layer's parameters into the flat arrays and draws Glorot weights
   (the attention vectors use PyG's fan of heads + width). */
static void layer_bind(gnn_layer_struct *L, gnn_model_struct *M, slong off, gnn_rand_t R)
{
    slong hf = L->heads * L->fout;
    L->U = M->param + off;
    L->dU = M->grad + off;
    uniform_fill(L->U, L->fin * hf, sqrt(6.0 / (double)(L->fin + hf)), R);
    off += L->fin * hf;
    if (L->has_att) {
        L->a = M->param + off;
        L->da = M->grad + off;
        uniform_fill(L->a, 2 * hf, sqrt(6.0 / (double)(L->heads + L->fout)), R);
        off += 2 * hf;
    }
    L->b = M->param + off;
    L->db = M->grad + off;
}

void gnn_model_init(gnn_model_t M, const gnn_arch_struct *arch, const gnn_csr_t X,
                    const gnn_csr_t A, slong nclass, gnn_rand_t R)
{
    memset(M, 0, sizeof(*M));
    M->arch = *arch;
    if (arch->kind == GNN_GCN)
        M->arch.eta = 0.0;
    if (arch->kind == GNN_GAT)
        M->arch.eta = 1.0;
    M->n = X->nrows;
    M->nfeat = X->ncols;
    M->nclass = nclass;
    M->layer = calloc((size_t)arch->nlayers, sizeof(gnn_layer_struct));
    slong *off = malloc(sizeof(slong) * (size_t)(arch->nlayers + 1));
    off[0] = 0;
    for (slong l = 0; l < arch->nlayers; l++)
        off[l + 1] = off[l] + layer_setup(M->layer + l, M, l);
    M->nparam = off[arch->nlayers];
    M->param = buf_alloc(M->nparam);
    M->grad = buf_alloc(M->nparam);
    M->wd = buf_alloc(M->nparam);
    M->deta = 0;
    for (slong l = 0; l < arch->nlayers; l++) {
        layer_bind(M->layer + l, M, off[l], R);
        layer_alloc(M->layer + l, M->n, A->rowptr[A->nrows]);
        if (M->layer[l].has_att)
            for (slong i = 0; i < A->nrows; i++)
                for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
                    M->layer[l].rowof[p] = i;
    }
    gnn_csr_init(M->layer[0].xkept, X->nrows, X->ncols, X->rowptr[X->nrows]);
    M->logits = M->layer[arch->nlayers - 1].out;
    free(off);
}

void gnn_model_clear(gnn_model_t M)
{
    for (slong l = 0; l < M->arch.nlayers; l++)
        layer_free(M->layer + l);
    free(M->layer);
    free(M->param);
    free(M->grad);
    free(M->wd);
    memset(M, 0, sizeof(*M));
}

void gnn_model_set_weight_decay(gnn_model_t M, double wd_first, double wd_rest)
{
    slong first_end = M->layer[0].b + M->layer[0].outdim - M->param;
    for (slong i = 0; i < M->nparam; i++)
        M->wd[i] = i < first_end ? wd_first : wd_rest;
}

/* Z = dropout(input) U, remembering the dropped input for the backward. */
static void layer_forward_input(gnn_layer_struct *L, slong n, const gnn_csr_t X,
                                const double *hin, double p, int train, int prefetch,
                                gnn_rand_t R)
{
    slong hf = L->heads * L->fout, nin = n * L->fin;
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
            gnn_dropout_csr(L->xkept, X, p, R);
            L->xcsr = L->xkept;
        } else if (!train && prefetch && p > 0) {
            gnn_csr_dropout_mul(L->xkept, L->Znext, L->Z, X, p, R, L->U, hf);
            L->znext = 1;
            return;
        }
        gnn_csr_mul_dense(L->Z, L->xcsr, NULL, L->U, hf);
        return;
    }
    L->xused = hin;
    if (train && p > 0) {
        gnn_dropout_apply(L->xin, L->inmask, hin, nin, p, R);
        L->xused = L->xin;
    }
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)hf, (int)L->fin,
                1.0, L->xused, (int)L->fin, L->U, (int)hf, 0.0, L->Z, (int)hf);
}

/* LeakyReLU as a product with a factor picked by index (m = {slope, 1}), and
   the running maximum likewise: the sign of an attention logit is a coin flip
   for the branch predictor, and gcc turns these ternaries into branches. */
static double leaky(double x, const double *m)
{
    return x * m[x > 0];
}

static double max_pick(double mx, double e)
{
    const double c[2] = {mx, e};
    return c[e > mx];
}

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx2", "default")))
#else
#define GNN_KERNEL
#endif

/* s_i = a1 . Z_i and t_i = a2 . Z_i for one head (Z rows ld apart); inlined
   with F = 8 so that the width is a constant. */
static inline void att_scores(double *s, double *t, const double *Z, const double *a,
                              slong n, slong ld, slong F)
{
    for (slong i = 0; i < n; i++) {
        const double *z = Z + i * ld;
        double si = 0, ti = 0;
        for (slong f = 0; f < F; f++) {
            si += a[f] * z[f];
            ti += a[F + f] * z[f];
        }
        s[i] = si;
        t[i] = ti;
    }
}

/* att[p] = exp(LeakyReLU(s_i + t_j) - mx_i) for each nonzero p = (i, j). */
GNN_KERNEL static void att_exp(double *restrict att, const slong *restrict rowof,
                               const slong *restrict col, const double *restrict s,
                               const double *restrict t, const double *restrict mx,
                               double slope, slong nnz)
{
    for (slong p = 0; p < nnz; p++) {
        slong i = rowof[p];
        double x = s[i] + t[col[p]], y = slope * x;
        att[p] = gnn_exp((x > 0 ? x : y) - mx[i]);
    }
}

GNN_KERNEL static void att_scale(double *restrict att, const slong *restrict rowof,
                                 const double *restrict inv, slong nnz)
{
    for (slong p = 0; p < nnz; p++)
        att[p] *= inv[rowof[p]];
}

/* s and t, the attention softmax, its dropout and the mixed coefficients.
   s, t (and ds, dt) are head-major: s[h * n + i]. */
static void layer_forward_coef(gnn_layer_struct *L, const gnn_model_struct *M,
                               const gnn_csr_t A, int train, gnn_rand_t R)
{
    slong n = M->n, H = L->heads, F = L->fout, nnz = A->rowptr[n];
    const double lm[2] = {M->arch.slope, 1.0};
    const slong *rowptr = A->rowptr, *col = A->col;
    /* Per head: s and t, the row maxima of LeakyReLU(s_i + t_j), then one
       flat vectorized pass for exp(LeakyReLU(s_i + t_j) - max_i), the row
       sums, and one flat pass scaling by their inverses. The maxima and
       inverses use ds and dt as scratch (the backward pass resets them). */
    for (slong h = 0; h < H; h++) {
        double *att = L->att + h * nnz, *s = L->s + h * n, *t = L->t + h * n;
        double *mx = L->ds + h * n, *inv = L->dt + h * n;
        const double *a = L->a + h * 2 * F;
        if (F == 8)
            att_scores(s, t, L->Z + h * F, a, n, H * F, 8);
        else
            att_scores(s, t, L->Z + h * F, a, n, H * F, F);
        for (slong i = 0; i < n; i++) {
            double m = -HUGE_VAL, si = s[i];
            for (slong p = rowptr[i]; p < rowptr[i + 1]; p++)
                m = max_pick(m, leaky(si + t[col[p]], lm));
            mx[i] = m;
        }
        att_exp(att, L->rowof, col, s, t, mx, lm[0], nnz);
        for (slong i = 0; i < n; i++) {
            double sum = 0;
            for (slong p = rowptr[i]; p < rowptr[i + 1]; p++)
                sum += att[p];
            inv[i] = 1.0 / sum;
        }
        att_scale(att, L->rowof, inv, nnz);
    }
    if (train && M->arch.att_dropout > 0)
        gnn_dropout_mask(L->attmask, nnz * H, M->arch.att_dropout, R);
    else
        gnn_dropout_mask(L->attmask, nnz * H, 0.0, R);
}

/* agg_h[i] = sum_j alpha_ij^h Z_h[j], alpha_h mixed from e'_h and c first. */
static void layer_aggregate(gnn_layer_struct *L, const gnn_model_struct *M,
                            const gnn_csr_t A)
{
    slong n = M->n, H = L->heads, F = L->fout, HF = H * F, nnz = A->rowptr[n];
    if (!L->has_att) {
        gnn_csr_mul_dense(L->agg, A, NULL, L->Z, HF);
        return;
    }
    double eta = M->arch.eta, ceta = 1 - eta;
    for (slong h = 0; h < H; h++) {
        const double *att = L->att + h * nnz, *mask = L->attmask + h * nnz;
        double *alpha = L->alpha + h * nnz;
        if (L->has_norm)
            for (slong p = 0; p < nnz; p++)
                alpha[p] = eta * (att[p] * mask[p]) + ceta * A->val[p];
        else
            for (slong p = 0; p < nnz; p++)
                alpha[p] = att[p] * mask[p];
        gnn_csr_mul_cols(L->agg, A, alpha, L->Z, HF, h * F, F);
    }
}

/* out = concat or mean of the heads, plus the bias; act = sigma(out) for
   hidden layers (one vectorized pass over the block). */
static void layer_combine(gnn_layer_struct *L, slong n, int act)
{
    slong H = L->heads, F = L->fout, D = L->outdim;
    if (L->concat) { /* agg is out */
        for (slong i = 0; i < n; i++)
            for (slong c = 0; c < D; c++)
                L->out[i * D + c] += L->b[c];
        gnn_act_forward(L->act, L->out, n * D, act);
        return;
    }
    if (H == 1) { /* s / 1 is s: skip n F divisions */
        for (slong i = 0; i < n; i++)
            for (slong f = 0; f < F; f++)
                L->out[i * F + f] = L->agg[i * F + f] + L->b[f];
        return;
    }
    for (slong i = 0; i < n; i++) {
        double *o = L->out + i * D;
        const double *g = L->agg + i * H * F;
        for (slong f = 0; f < F; f++) {
            double s = 0;
            for (slong h = 0; h < H; h++)
                s += g[h * F + f];
            o[f] = s / (double)H + L->b[f];
        }
    }
}

void gnn_model_forward(gnn_model_t M, const gnn_csr_t X, const gnn_csr_t A, int train,
                       gnn_rand_t R)
{
    const double *hin = NULL;
    for (slong l = 0; l < M->arch.nlayers; l++) {
        gnn_layer_struct *L = M->layer + l;
        layer_forward_input(L, M->n, X, hin, M->arch.dropout, train, M->prefetch, R);
        if (L->has_att)
            layer_forward_coef(L, M, A, train, R);
        layer_aggregate(L, M, A);
        layer_combine(L, M->n, M->arch.act);
        if (L->concat)
            hin = L->act;
    }
}

/* db and dagg from dout (the heads' mean spreads 1/H to each head). */
static void layer_backward_combine(gnn_layer_struct *L, slong n)
{
    slong H = L->heads, F = L->fout, D = L->outdim;
    for (slong i = 0; i < n; i++) {
        const double *d = L->dout + i * D;
        double *g = L->dagg + i * H * F;
        for (slong c = 0; c < D; c++)
            L->db[c] += d[c];
        if (!L->concat) /* else dagg is dout */
            for (slong h = 0; h < H; h++)
                for (slong f = 0; f < F; f++)
                    g[h * F + f] = d[f] / (double)H;
    }
}

/* dZ (and da, deta) through the attention-weighted aggregation, per head:
   dZ_h += alpha_h^T dagg_h, dalpha_ij = dagg_h[i] . Z_h[j], then the dropout,
   softmax and LeakyReLU backward to ds_i, dt_j, and a, Z through s and t. */
static void layer_backward_attention(gnn_layer_struct *L, gnn_model_struct *M,
                                     const gnn_csr_t A)
{
    slong n = M->n, H = L->heads, F = L->fout, HF = H * F, nnz = A->rowptr[n];
    double eta = M->arch.eta;
    const double lm[2] = {M->arch.slope, 1.0};
    const slong *rowptr = A->rowptr, *col = A->col;
    double deta[H > 0 ? H : 1];
    for (slong h = 0; h < H; h++) {
        double *datt = L->datt + h * nnz, *ds = L->ds + h * n, *dt = L->dt + h * n;
        const double *att = L->att + h * nnz, *mask = L->attmask + h * nnz;
        const double *s = L->s + h * n, *t = L->t + h * n;
        gnn_csr_tmul_cols_add(L->dZ, A, L->alpha + h * nnz, L->dagg, HF, h * F, F);
        gnn_csr_sddmm_cols(datt, A, L->dagg, L->Z, HF, h * F, F);
        double de = 0;
        if (L->has_norm)
            for (slong p = 0; p < nnz; p++) {
                double dal = datt[p];
                de += dal * (att[p] * mask[p] - A->val[p]);
                datt[p] = dal * eta * mask[p];
            }
        else
            for (slong p = 0; p < nnz; p++)
                datt[p] *= mask[p];
        deta[h] = de;
        memset(ds, 0, sizeof(double) * (size_t)n);
        memset(dt, 0, sizeof(double) * (size_t)n);
        for (slong i = 0; i < n; i++) {
            slong p0 = rowptr[i], p1 = rowptr[i + 1];
            double dot = 0, si = s[i], dsi = 0;
            for (slong p = p0; p < p1; p++)
                dot += att[p] * datt[p];
            for (slong p = p0; p < p1; p++) {
                slong j = col[p];
                double dr = att[p] * (datt[p] - dot) * lm[si + t[j] > 0];
                dsi += dr;
                dt[j] += dr;
            }
            ds[i] = dsi;
        }
        const double *a = L->a + h * 2 * F;
        double *da = L->da + h * 2 * F;
        for (slong i = 0; i < n; i++) {
            const double *z = L->Z + i * HF + h * F;
            double *dz = L->dZ + i * HF + h * F;
            double dsi = ds[i], dti = dt[i];
            for (slong f = 0; f < F; f++) {
                da[f] += dsi * z[f];
                da[F + f] += dti * z[f];
                dz[f] += dsi * a[f] + dti * a[F + f];
            }
        }
    }
    if (L->has_norm)
        for (slong h = 0; h < H; h++)
            M->deta += deta[h];
}

/* dU from dZ, and the gradient of the layer's (undropped) input in dxin. */
static void layer_backward_input(gnn_layer_struct *L, slong n)
{
    slong hf = L->heads * L->fout;
    if (L->first) {
        gnn_csr_tmul_dense_add(L->dU, L->xcsr, NULL, L->dZ, hf);
        return;
    }
    cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)L->fin, (int)hf, (int)n,
                1.0, L->xused, (int)L->fin, L->dZ, (int)hf, 1.0, L->dU, (int)hf);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)n, (int)L->fin, (int)hf,
                1.0, L->dZ, (int)hf, L->U, (int)hf, 0.0, L->dxin, (int)L->fin);
}

void gnn_model_backward(gnn_model_t M, const gnn_csr_t X, const gnn_csr_t A,
                        const double *dlogits)
{
    slong n = M->n, last = M->arch.nlayers - 1;
    (void)X; /* the first layer cached the features it used (after dropout) */
    memset(M->grad, 0, sizeof(double) * (size_t)M->nparam);
    M->deta = 0;
    memcpy(M->layer[last].dout, dlogits, sizeof(double) * (size_t)(n * M->nclass));
    for (slong l = last; l >= 0; l--) {
        gnn_layer_struct *L = M->layer + l;
        slong hf = L->heads * L->fout;
        layer_backward_combine(L, n);
        if (!L->has_att && A->symmetric) {
            gnn_csr_mul_dense(L->dZ, A, NULL, L->dagg, hf); /* A^T = A */
        } else {
            memset(L->dZ, 0, sizeof(double) * (size_t)(n * hf));
            if (L->has_att)
                layer_backward_attention(L, M, A);
            else
                gnn_csr_tmul_dense_add(L->dZ, A, NULL, L->dagg, hf);
        }
        layer_backward_input(L, n);
        if (l > 0) {
            gnn_layer_struct *P = M->layer + l - 1;
            /* the dropout between the layers folds into the activation's */
            const double *mask = L->xused == L->xin ? L->inmask : NULL;
            gnn_act_backward(P->dout, L->dxin, mask, P->act, n * P->outdim, M->arch.act);
        }
    }
}
