/* lambda_sparse: the exact path's L_uu as a sparse matrix of words (docs/lambda.md,
   "The exact path on whole graphs"). Per prime, H = -L_uu^{-1} L_ul comes
   from spldl's LDL^T of L_uu (two passes over the factor's nonzeros per
   column of H) instead of a dense LU (nu^3 / 3 operations): on the whole
   largest component of Citeseer, 2 nnz(L) m against nu^3 / 3 per prime. */
#include <stdlib.h>
#include <flint/nmod_mat.h>
#include "lambda_internal.h"

static _Atomic slong lsp_min = CT_LAMBDA_SPARSE_MIN;

void _ct_lambda_set_sparse_min(slong n)
{
    lsp_min = n > 0 ? n : CT_LAMBDA_SPARSE_MIN;
}

/* x = w s as a word when |x| < 2^62; else 0. */
static int lsp_weight(slong *x, const fmpq_t w, const fmpz_t s, fmpz_t t)
{
    fmpz_mul(t, fmpq_numref(w), s);
    fmpz_divexact(t, t, fmpq_denref(w));
    if (fmpz_bits(t) > 62)
        return 0;
    *x = fmpz_get_si(t);
    return 1;
}

/* A row's entries sorted by column, repeats summed (edges given twice). */
static int lsp_cmp(const void *a, const void *b)
{
    const slong *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The CSR of L_uu from its unsorted entries (col, val pairs per row in
   pairs[start[i] .. start[i + 1])): sorted, repeats merged. */
static void lsp_compress(_ct_lambda_sparse *P, slong *pairs, const slong *start)
{
    slong nu = P->nu, nnz = 0;
    P->start = flint_malloc((nu + 1) * sizeof(slong));
    P->col = flint_malloc(FLINT_MAX(start[nu], 1) * sizeof(slong));
    P->val = flint_malloc(FLINT_MAX(start[nu], 1) * sizeof(slong));
    for (slong i = 0; i < nu; i++) {
        qsort(pairs + 2 * start[i], start[i + 1] - start[i], 2 * sizeof(slong), lsp_cmp);
        P->start[i] = nnz;
        for (slong e = start[i]; e < start[i + 1]; e++) {
            if (nnz > P->start[i] && P->col[nnz - 1] == pairs[2 * e])
                P->val[nnz - 1] += pairs[2 * e + 1];
            else
                P->col[nnz] = pairs[2 * e], P->val[nnz++] = pairs[2 * e + 1];
        }
    }
    P->start[nu] = nnz;
}

/* Every entry of component k's s L: Lll (dense, initialized m x m), L_ul's
   nonzeros and L_uu's entries as (col, val) pairs per row; 0 when a weight
   or a degree reaches 2^62. */
static int lsp_entries(_ct_lambda_sparse *P, fmpz_mat_t Lll, slong *pairs, slong *fill,
                       const ct_instance_struct *inst, const ct_component_index_struct *X,
                       slong k, const kron_sets *S, const fmpz_t s)
{
    fmpz_t t;
    fmpz_init(t);
    slong *deg = flint_calloc(FLINT_MAX(P->nu, 1), sizeof(slong));
    int ok = 1;
    for (slong j = X->edge_start[k]; ok && j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], a = inst->eu[e], b = inst->ev[e], w;
        ok = lsp_weight(&w, inst->ew + e, s, t);
        int la = inst->label[a] >= 0, lb = inst->label[b] >= 0;
        slong pa = S->pos[a], pb = S->pos[b];
        for (int side = 0; ok && side < 2; side++) { /* a's row, then b's */
            slong p = side ? pb : pa, q = side ? pa : pb, lp = side ? lb : la,
                  lq = side ? la : lb;
            if (lp) {
                fmpz_add_si(fmpz_mat_entry(Lll, p, p), fmpz_mat_entry(Lll, p, p), w);
                if (lq)
                    fmpz_sub_si(fmpz_mat_entry(Lll, p, q), fmpz_mat_entry(Lll, p, q), w);
                continue;
            }
            ok = deg[p] < (WORD(1) << 62) - w;
            deg[p] += w;
            if (lq)
                P->ul_u[P->nul] = p, P->ul_l[P->nul] = q, P->ul_v[P->nul++] = -w;
            else
                pairs[2 * fill[p]] = q, pairs[2 * fill[p]++ + 1] = -w;
        }
    }
    for (slong i = 0; i < P->nu; i++)
        pairs[2 * fill[i]] = i, pairs[2 * fill[i]++ + 1] = deg[i];
    flint_free(deg);
    fmpz_clear(t);
    return ok;
}

/* Offsets of L_uu's pairs per row (the diagonal included: start, nu + 1
   entries) and the number of L_ul's nonzeros. */
static void lsp_counts(slong *start, slong *nul, const ct_instance_struct *inst,
                       const ct_component_index_struct *X, slong k, const kron_sets *S)
{
    *nul = 0;
    start[0] = 0;
    for (slong i = 0; i < S->nu; i++)
        start[i + 1] = 1;
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], a = inst->eu[e], b = inst->ev[e];
        int la = inst->label[a] >= 0, lb = inst->label[b] >= 0;
        if (!la && !lb)
            start[S->pos[a] + 1]++, start[S->pos[b] + 1]++;
        else if (la != lb)
            (*nul)++;
    }
    for (slong i = 0; i < S->nu; i++)
        start[i + 1] += start[i];
}

int _ct_lambda_sparse_init(_ct_lambda_sparse *P, fmpz_mat_t Lll,
                           const ct_instance_struct *inst,
                           const ct_component_index_struct *X, slong k,
                           const kron_sets *S, const fmpz_t s)
{
    P->nu = S->nu, P->m = S->m;
    if (S->nu < lsp_min)
        return 0;
    slong *start = flint_malloc((S->nu + 1) * sizeof(slong));
    lsp_counts(start, &P->nul, inst, X, k, S);
    slong *pairs = flint_malloc(2 * FLINT_MAX(start[S->nu], 1) * sizeof(slong));
    slong *fill = flint_malloc(S->nu * sizeof(slong));
    for (slong i = 0; i < S->nu; i++)
        fill[i] = start[i];
    P->ul_u = flint_malloc(FLINT_MAX(P->nul, 1) * sizeof(slong));
    P->ul_l = flint_malloc(FLINT_MAX(P->nul, 1) * sizeof(slong));
    P->ul_v = flint_malloc(FLINT_MAX(P->nul, 1) * sizeof(slong));
    P->nul = 0;
    int ok = lsp_entries(P, Lll, pairs, fill, inst, X, k, S, s);
    P->start = P->col = P->val = NULL;
    if (ok)
        lsp_compress(P, pairs, start);
    ok = ok && ct_spldl_sym_init(&P->Y, P->nu, P->start, P->col, 1) == 0;
    flint_free(pairs), flint_free(fill), flint_free(start);
    if (!ok) {
        flint_free(P->ul_u), flint_free(P->ul_l), flint_free(P->ul_v);
        flint_free(P->start), flint_free(P->col), flint_free(P->val);
        fmpz_mat_zero(Lll);
    }
    return ok;
}

void _ct_lambda_sparse_clear(_ct_lambda_sparse *P)
{
    ct_spldl_sym_clear(&P->Y);
    flint_free(P->ul_u), flint_free(P->ul_l), flint_free(P->ul_v);
    flint_free(P->start), flint_free(P->col), flint_free(P->val);
}

slong _ct_lambda_sparse_sq(fmpz *sq, const _ct_lambda_sparse *P)
{
    fmpz_t t;
    fmpz_init(t);
    for (slong i = 0; i < P->nu; i++)
        for (slong e = P->start[i]; e < P->start[i + 1]; e++) {
            fmpz_set_si(t, P->val[e]);
            fmpz_addmul(sq + P->m + i, t, t);
        }
    for (slong q = 0; q < P->nul; q++) {
        fmpz_set_si(t, P->ul_v[q]);
        fmpz_addmul(sq + P->m + P->ul_u[q], t, t);
        fmpz_addmul(sq + P->ul_l[q], t, t);
    }
    fmpz_clear(t);
    return P->m + P->nu;
}

static ulong lsp_mod(slong x, nmod_t mod)
{
    ulong r = n_mod2_preinv((ulong)FLINT_ABS(x), mod.n, mod.ninv);
    return x < 0 ? nmod_neg(r, mod) : r;
}

int _ct_lambda_sparse_kron(nmod_mat_t H, ulong *det, nmod_mat_t K,
                           const _ct_lambda_sparse *P)
{
    nmod_t mod = K->mod;
    slong nnz = P->start[P->nu], m = P->m;
    ulong *v = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(ulong));
    for (slong e = 0; e < nnz; e++)
        v[e] = lsp_mod(P->val[e], mod);
    ct_spldl_struct F;
    int ok = ct_spldl_factor(&F, &P->Y, P->start, P->col, v, mod);
    flint_free(v);
    if (!ok)
        return 0;
    *det = F.det;
    nmod_mat_zero(H);
    for (slong q = 0; q < P->nul; q++) { /* -L_ul */
        ulong *h = &nmod_mat_entry(H, P->ul_u[q], P->ul_l[q]);
        *h = nmod_sub(*h, lsp_mod(P->ul_v[q], mod), mod);
    }
    ulong *w = flint_malloc(FLINT_MAX(P->nu * m, 1) * sizeof(ulong));
    ct_spldl_solve(H->entries, &F, m, w);
    flint_free(w);
    ct_spldl_clear(&F);
    for (slong q = 0; q < P->nul; q++) /* K += L_lu H */
        _nmod_vec_scalar_addmul_nmod(K->rows[P->ul_l[q]], H->rows[P->ul_u[q]], m,
                                     lsp_mod(P->ul_v[q], mod), mod);
    return 1;
}
