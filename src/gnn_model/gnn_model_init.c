/* gnn_model: building and freeing the GCAN layer stack (the passes are in
   model.c, which the Makefile compiles with vectorizing flags). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gnn_model.h"
#include "certune/mem.h"

void ct_gnn_model_arch_init(ct_gnn_arch_struct *arch, int kind)
{
    memset(arch, 0, sizeof(*arch));
    arch->kind = kind;
    arch->nlayers = 2;
    arch->slope = 0.2;
    arch->out_heads = 1;
    if (kind == CT_GNN_GCN) {
        arch->hidden = 16;
        arch->heads = 1;
        arch->act = CT_GNN_OPS_ACT_RELU;
        arch->dropout = 0.5;
        arch->eta = 0.0;
    } else {
        arch->hidden = 8;
        arch->heads = 8;
        arch->act = CT_GNN_OPS_ACT_ELU;
        arch->dropout = 0.6;
        arch->att_dropout = 0.6;
        arch->eta = kind == CT_GNN_GAT ? 1.0 : 0.5;
    }
}

/* The largest single model buffer (docs/gnn.md): 16 GiB. */
#define CT_GNN_MODEL_MAX_BUFFER ((size_t)1 << 34)

/* Zeroed and 64-byte aligned (rows of 8 doubles start on a cache line). */
static double *buf_alloc(slong m)
{
    if (m < 0) /* a product of shapes that overflowed (see layer_setup) */
        ct_mem_fail(SIZE_MAX);
    size_t bytes = ct_mem_size((size_t)m + 1, sizeof(double));
    if (bytes > CT_GNN_MODEL_MAX_BUFFER) /* refused before the kernel overcommits it */
        ct_mem_fail(bytes);
    bytes = (bytes + 63) / 64 * 64;
    double *b = aligned_alloc(64, bytes);
    if (b == NULL)
        ct_mem_fail(bytes);
    memset(b, 0, bytes);
    return b;
}

/* a * b for shapes (>= 0), or -1 when it would not fit in a slong. */
static slong shape_mul(slong a, slong b)
{
    return (b != 0 && a > WORD_MAX / b) ? -1 : a * b;
}

/* Shapes of layer l; its parameters are laid out U, a, b from param + off. */
static slong layer_setup(ct_gnn_layer_struct *L, const ct_gnn_model_struct *M, slong l)
{
    const ct_gnn_arch_struct *arch = &M->arch;
    int last = l == arch->nlayers - 1;
    L->first = l == 0;
    L->fin = L->first ? M->nfeat : arch->hidden * arch->heads;
    L->fout = last ? M->nclass : arch->hidden;
    L->heads = last ? arch->out_heads : arch->heads;
    L->concat = !last;
    L->outdim = L->concat ? L->heads * L->fout : L->fout;
    L->has_att = arch->kind != CT_GNN_GCN;
    L->has_norm = arch->kind != CT_GNN_GAT;
    /* --hidden 100000 --heads 1000 on 10^9 feature columns overflows: -1 makes
       buf_alloc report it as out of memory instead of writing out of bounds. */
    slong hf = shape_mul(L->heads, L->fout), w = shape_mul(L->fin, hf);
    if (hf < 0 || w < 0 || w > WORD_MAX / 4 || L->outdim > WORD_MAX / 4)
        return -1;
    return w + (L->has_att ? 2 * hf : 0) + L->outdim;
}

static void layer_alloc(ct_gnn_layer_struct *L, slong n, slong nnza)
{
    slong hf = shape_mul(L->heads, L->fout), nin = L->first ? 0 : shape_mul(n, L->fin);
    L->inmask = buf_alloc(nin);
    L->xin = L->first ? NULL : buf_alloc(nin);
    L->dxin = L->first ? NULL : buf_alloc(nin);
    L->Z = buf_alloc(shape_mul(n, hf));
    L->Znext = L->first ? buf_alloc(shape_mul(n, hf)) : NULL;
    L->znext = 0;
    L->dZ = buf_alloc(shape_mul(n, hf));
    L->out = buf_alloc(shape_mul(n, L->outdim));
    L->dout = buf_alloc(shape_mul(n, L->outdim));
    /* Concatenated heads are the output itself: aggregate in place. */
    L->agg = L->concat ? L->out : buf_alloc(shape_mul(n, hf));
    L->dagg = L->concat ? L->dout : buf_alloc(shape_mul(n, hf));
    L->act = L->concat ? buf_alloc(shape_mul(n, L->outdim)) : NULL;
    if (!L->has_att)
        return;
    L->s = buf_alloc(shape_mul(n, L->heads));
    L->t = buf_alloc(shape_mul(n, L->heads));
    L->ds = buf_alloc(shape_mul(n, L->heads));
    L->dt = buf_alloc(shape_mul(n, L->heads));
    L->att = buf_alloc(shape_mul(nnza, L->heads));
    L->attmask = buf_alloc(shape_mul(nnza, L->heads));
    L->datt = buf_alloc(shape_mul(nnza, L->heads));
}

static void layer_free(ct_gnn_layer_struct *L)
{
    if (L->first)
        ct_gnn_csr_clear(L->xkept);
    if (!L->concat) {
        free(L->agg);
        free(L->dagg);
    }
    free(L->Znext);
    free(L->need);
    free(L->zneed);
    double *bufs[] = {L->inmask, L->xin,  L->dxin,    L->Z,    L->dZ,
                      L->out,    L->dout, L->act,     L->s,    L->t,
                      L->ds,     L->dt,   L->attmask, L->datt, L->att};
    for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
        free(bufs[i]);
}

static void uniform_fill(double *x, slong m, double r, ct_gnn_rand_t R)
{
    for (slong i = 0; i < m; i++)
        x[i] = (2 * ct_gnn_rand_uniform(R) - 1) * r;
}

/* Points the layer's parameters into the flat arrays and draws Glorot weights
   (the attention vectors use PyG's fan of heads + width). */
static void layer_bind(ct_gnn_layer_struct *L, ct_gnn_model_struct *M, slong off,
                       ct_gnn_rand_t R)
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

void ct_gnn_model_init(ct_gnn_model_t M, const ct_gnn_arch_struct *arch,
                       const ct_gnn_csr_t X, const ct_gnn_csr_t A, slong nclass,
                       ct_gnn_rand_t R)
{
    memset(M, 0, sizeof(*M));
    M->arch = *arch;
    if (arch->kind == CT_GNN_GCN)
        M->arch.eta = 0.0;
    if (arch->kind == CT_GNN_GAT)
        M->arch.eta = 1.0;
    M->n = X->nrows;
    M->nfeat = X->ncols;
    M->nclass = nclass;
    M->layer = ct_mem_calloc((size_t)arch->nlayers, sizeof(ct_gnn_layer_struct));
    slong *off = ct_mem_malloc(sizeof(slong) * (size_t)(arch->nlayers + 1));
    off[0] = 0;
    for (slong l = 0; l < arch->nlayers; l++) {
        slong size = layer_setup(M->layer + l, M, l);
        off[l + 1] = size < 0 || off[l] < 0 || off[l] > WORD_MAX / 2 ? -1 : off[l] + size;
    }
    M->nparam = off[arch->nlayers];
    M->param = buf_alloc(M->nparam);
    M->grad = buf_alloc(M->nparam);
    M->wd = buf_alloc(M->nparam);
    M->deta = 0;
    for (slong l = 0; l < arch->nlayers; l++) {
        layer_bind(M->layer + l, M, off[l], R);
        layer_alloc(M->layer + l, M->n, A->rowptr[A->nrows]);
    }
    ct_gnn_csr_init(M->layer[0].xkept, X->nrows, X->ncols, X->rowptr[X->nrows]);
    M->logits = M->layer[arch->nlayers - 1].out;
    free(off);
}

void ct_gnn_model_clear(ct_gnn_model_t M)
{
    for (slong l = 0; l < M->arch.nlayers; l++)
        layer_free(M->layer + l);
    free(M->layer);
    free(M->param);
    free(M->grad);
    free(M->wd);
    memset(M, 0, sizeof(*M));
}

/* The neighbours of the rows flagged in rows (A has the self-loops, so the
   rows themselves too): n flags, owned by the caller. */
static signed char *rows_neighbours(const ct_gnn_csr_t A, const signed char *rows,
                                    slong n)
{
    signed char *out = ct_mem_calloc((size_t)n + 1, 1);
    for (slong i = 0; i < n; i++)
        if (rows[i])
            for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
                out[A->col[p]] = 1;
    return out;
}

void ct_gnn_model_set_loss_rows(ct_gnn_model_t M, const ct_gnn_csr_t A,
                                const signed char *rows)
{
    slong n = M->n, last = M->arch.nlayers - 1;
    for (slong l = 0; l <= last; l++) {
        free(M->layer[l].need);
        free(M->layer[l].zneed);
        M->layer[l].need = M->layer[l].zneed = NULL;
    }
    if (rows == NULL)
        return;
    /* The backward pass then writes dout and dagg on the needed rows only
       and relies on the others being zero: make them so. */
    for (slong l = 0; l <= last; l++) {
        ct_gnn_layer_struct *L = M->layer + l;
        memset(L->dout, 0, sizeof(double) * (size_t)(n * L->outdim));
        memset(L->dagg, 0, sizeof(double) * (size_t)(n * L->heads * L->fout));
    }
    for (slong l = last; l >= 0; l--) {
        signed char *need = ct_mem_calloc((size_t)n + 1, 1);
        if (l == last)
            for (slong i = 0; i < n; i++)
                need[i] = rows[i] != 0;
        else /* the inputs of the rows needed above */
            memcpy(need, M->layer[l + 1].zneed, (size_t)n);
        M->layer[l].need = need;
        M->layer[l].zneed = rows_neighbours(A, need, n);
    }
}

void ct_gnn_model_set_weight_decay(ct_gnn_model_t M, double wd_first, double wd_rest)
{
    slong first_end = M->layer[0].b + M->layer[0].outdim - M->param;
    for (slong i = 0; i < M->nparam; i++)
        M->wd[i] = i < first_end ? wd_first : wd_rest;
}
