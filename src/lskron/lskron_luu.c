/* lskron_luu: the floating Cholesky factor of L_uu that H~ and its
   refinements are solved with (lskron_sys.c, lskron_hi.c). Dense (OpenBLAS)
   for small systems, where it is fastest and its results are those of every
   earlier version; sparse (CHOLMOD) from S->sparse_min unlabeled nodes, so
   that a whole graph costs the factor's nonzeros, not nu^2 (PubMed: 19657
   unlabeled nodes, 3 GB dense). The factor is only a preconditioner: H~ is
   certified by its residual W_ul - L_uu H~, computed from the integer L_uu. */
#include "certune/blas.h"
#include "certune/mem.h"
#include "certune/spchol.h"
#include "lskron_internal.h"

#define KRON_DENSE_MAX 16384 /* 8 nu^2 bytes: 2 GiB */

static double *luu_dense(const ct_lskron_struct *S)
{
    slong nu = S->nu;
    double *L = ct_mem_calloc((size_t)nu * nu, sizeof(double));
    for (slong a = 0; a < nu; a++) {
        slong i = S->unl[a];
        L[a * nu + a] = S->deg[i];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            if (S->pos[S->col[e]] < 0)
                L[(-1 - S->pos[S->col[e]]) * nu + a] = -S->w[e];
    }
    if (ct_blas_dpotrf_lower((int)nu, L, (int)nu) != 0) {
        flint_free(L);
        return NULL;
    }
    return L;
}

/* L_uu's lower triangle in compressed columns, then CHOLMOD's factor. */
static struct ct_spchol_struct *luu_sparse(const ct_lskron_struct *S)
{
    slong nu = S->nu, nnz = 0;
    slong *cp = flint_malloc((nu + 1) * sizeof(slong));
    for (slong a = 0; a < nu; a++) {
        slong i = S->unl[a];
        cp[a] = nnz++;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            nnz += S->pos[S->col[e]] < 0 && -1 - S->pos[S->col[e]] > a;
    }
    cp[nu] = nnz;
    slong *ri = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(slong));
    double *v = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(double));
    for (slong a = 0; a < nu; a++) {
        slong i = S->unl[a], t = cp[a];
        ri[t] = a, v[t++] = S->deg[i];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong b = -1 - S->pos[S->col[e]];
            if (S->pos[S->col[e]] < 0 && b > a)
                ri[t] = b, v[t++] = -S->w[e];
        }
    }
    struct ct_spchol_struct *F = ct_spchol_factor(nu, cp, ri, v);
    flint_free(cp), flint_free(ri), flint_free(v);
    return F;
}

int _ct_lskron_luu_init(_ct_lskron_luu *F, const ct_lskron_struct *S)
{
    F->nu = S->nu, F->dense = NULL, F->sparse = NULL;
    if (S->nu >= S->sparse_min)
        F->sparse = luu_sparse(S);
    if (F->sparse == NULL && S->nu <= KRON_DENSE_MAX)
        F->dense = luu_dense(S);
    return F->sparse == NULL && F->dense == NULL;
}

int _ct_lskron_luu_solve(const _ct_lskron_luu *F, double *B, slong nrhs)
{
    if (F->sparse != NULL)
        return ct_spchol_solve(F->sparse, B, nrhs) != 0;
    return ct_blas_dpotrs_lower((int)F->nu, (int)nrhs, F->dense, (int)F->nu, B,
                                (int)F->nu) != 0;
}

void _ct_lskron_luu_clear(_ct_lskron_luu *F)
{
    flint_free(F->dense);
    ct_spchol_free(F->sparse);
}

void _ct_lskron_luu_free(_ct_lskron_luu *F)
{
    if (F != NULL)
        _ct_lskron_luu_clear(F), flint_free(F);
}
