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

static double *buf_alloc(slong m)
{
    return calloc((size_t)m + 1, sizeof(double));
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
                                const double *hin, double p, int train, gnn_rand_t R)
{
    slong hf = L->heads * L->fout, nin = n * L->fin;
    if (L->first) {
        L->xcsr = X;
        if (train && p > 0) {
            gnn_dropout_csr(L->xkept, X, p, R);
            L->xcsr = L->xkept;
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

static double leaky(double x, double slope)
{
    return x > 0 ? x : slope * x;
}

/* Softmax over j in row i of LeakyReLU(s_i + t_j), per head. */
static void layer_attention_row(gnn_layer_struct *L, const gnn_csr_t A, slong i,
                                double slope)
{
    slong H = L->heads, nnz = A->rowptr[A->nrows];
    slong p0 = A->rowptr[i], p1 = A->rowptr[i + 1];
    for (slong h = 0; h < H; h++) {
        double mx = -HUGE_VAL, sum = 0, *att = L->att + h * nnz;
        for (slong p = p0; p < p1; p++) {
            double e = leaky(L->s[i * H + h] + L->t[A->col[p] * H + h], slope);
            att[p] = e;
            mx = e > mx ? e : mx;
        }
        for (slong p = p0; p < p1; p++) {
            att[p] = exp(att[p] - mx);
            sum += att[p];
        }
        for (slong p = p0; p < p1; p++)
            att[p] /= sum;
    }
}

/* s and t, the attention softmax, its dropout and the mixed coefficients. */
static void layer_forward_coef(gnn_layer_struct *L, const gnn_model_struct *M,
                               const gnn_csr_t A, int train, gnn_rand_t R)
{
    slong n = M->n, H = L->heads, F = L->fout, nnz = A->rowptr[n];
    double eta = M->arch.eta;
    for (slong i = 0; i < n; i++)
        for (slong h = 0; h < H; h++) {
            const double *z = L->Z + i * H * F + h * F, *a = L->a + h * 2 * F;
            double s = 0, t = 0;
            for (slong f = 0; f < F; f++) {
                s += a[f] * z[f];
                t += a[F + f] * z[f];
            }
            L->s[i * H + h] = s;
            L->t[i * H + h] = t;
        }
    for (slong i = 0; i < n; i++)
        layer_attention_row(L, A, i, M->arch.slope);
    if (train && M->arch.att_dropout > 0)
        gnn_dropout_mask(L->attmask, nnz * H, M->arch.att_dropout, R);
    else
        gnn_dropout_mask(L->attmask, nnz * H, 0.0, R);
    for (slong h = 0; h < H; h++)
        for (slong p = 0; p < nnz; p++) {
            double e = L->att[h * nnz + p] * L->attmask[h * nnz + p];
            L->alpha[h * nnz + p] = L->has_norm ? eta * e + (1 - eta) * A->val[p] : e;
        }
}

/* agg_h[i] = sum_j alpha_ij^h Z_h[j]. */
static void layer_aggregate(gnn_layer_struct *L, slong n, const gnn_csr_t A)
{
    slong H = L->heads, F = L->fout, HF = H * F;
    if (!L->has_att) {
        gnn_csr_mul_dense(L->agg, A, NULL, L->Z, HF);
        return;
    }
    for (slong h = 0; h < H; h++)
        gnn_csr_mul_cols(L->agg, A, L->alpha + h * A->rowptr[n], L->Z, HF, h * F, F);
}

/* out = concat or mean of the heads, plus the bias; act = sigma(out) for
   hidden layers, row by row while it is in cache. */
static void layer_combine(gnn_layer_struct *L, slong n, int act)
{
    slong H = L->heads, F = L->fout, D = L->outdim;
    for (slong i = 0; i < n; i++) {
        double *o = L->out + i * D;
        const double *g = L->agg + i * H * F;
        if (L->concat) { /* agg is out */
            for (slong c = 0; c < D; c++)
                o[c] += L->b[c];
            gnn_act_forward(L->act + i * D, o, D, act);
            continue;
        }
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
        layer_forward_input(L, M->n, X, hin, M->arch.dropout, train, R);
        if (L->has_att)
            layer_forward_coef(L, M, A, train, R);
        layer_aggregate(L, M->n, A);
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

/* Softmax and LeakyReLU backward of row i: datt -> ds_i, dt_j. */
static void layer_backward_softmax_row(gnn_layer_struct *L, const gnn_csr_t A, slong i,
                                       double slope)
{
    slong H = L->heads, nnz = A->rowptr[A->nrows];
    slong p0 = A->rowptr[i], p1 = A->rowptr[i + 1];
    for (slong h = 0; h < H; h++) {
        const double *att = L->att + h * nnz, *datt = L->datt + h * nnz;
        double dot = 0;
        for (slong p = p0; p < p1; p++)
            dot += att[p] * datt[p];
        for (slong p = p0; p < p1; p++) {
            slong j = A->col[p];
            double de = att[p] * (datt[p] - dot);
            double raw = L->s[i * H + h] + L->t[j * H + h];
            double dr = raw > 0 ? de : slope * de;
            L->ds[i * H + h] += dr;
            L->dt[j * H + h] += dr;
        }
    }
}

/* dZ (and da, deta) through the attention-weighted aggregation: per head,
   dZ_h += alpha_h^T dagg_h and dalpha_ij = dagg_h[i] . Z_h[j]. */
static void layer_backward_attention(gnn_layer_struct *L, gnn_model_struct *M,
                                     const gnn_csr_t A)
{
    slong n = M->n, H = L->heads, F = L->fout, HF = H * F, nnz = A->rowptr[n];
    double eta = M->arch.eta;
    memset(L->ds, 0, sizeof(double) * (size_t)(n * H));
    memset(L->dt, 0, sizeof(double) * (size_t)(n * H));
    for (slong h = 0; h < H; h++) {
        double *datt = L->datt + h * nnz;
        const double *att = L->att + h * nnz, *mask = L->attmask + h * nnz;
        gnn_csr_tmul_cols_add(L->dZ, A, L->alpha + h * nnz, L->dagg, HF, h * F, F);
        gnn_csr_sddmm_cols(datt, A, L->dagg, L->Z, HF, h * F, F);
        for (slong p = 0; p < nnz; p++) {
            double dal = datt[p];
            if (L->has_norm) {
                M->deta += dal * (att[p] * mask[p] - A->val[p]);
                dal *= eta;
            }
            datt[p] = dal * mask[p];
        }
    }
    for (slong i = 0; i < n; i++)
        layer_backward_softmax_row(L, A, i, M->arch.slope);
    for (slong i = 0; i < n; i++)
        for (slong h = 0; h < H; h++) {
            const double *z = L->Z + i * HF + h * F, *a = L->a + h * 2 * F;
            double *dz = L->dZ + i * HF + h * F, *da = L->da + h * 2 * F;
            double ds = L->ds[i * H + h], dt = L->dt[i * H + h];
            for (slong f = 0; f < F; f++) {
                da[f] += ds * z[f];
                da[F + f] += dt * z[f];
                dz[f] += ds * a[f] + dt * a[F + f];
            }
        }
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
