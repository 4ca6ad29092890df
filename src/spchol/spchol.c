/* spchol: CHOLMOD through dlopen (see the header for why). Only CHOLMOD's
   types come from its header; every call goes through the pointers
   resolved at load. */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <suitesparse/cholmod.h>
#include "certune/dynlib.h"
#include "certune/spchol.h"

typedef int start_fn(cholmod_common *);
typedef cholmod_sparse *alloc_sparse_fn(size_t, size_t, size_t, int, int, int, int,
                                        cholmod_common *);
typedef int free_sparse_fn(cholmod_sparse **, cholmod_common *);
typedef cholmod_factor *analyze_fn(cholmod_sparse *, cholmod_common *);
typedef int factorize_fn(cholmod_sparse *, cholmod_factor *, cholmod_common *);
typedef int free_factor_fn(cholmod_factor **, cholmod_common *);
typedef cholmod_dense *solve_fn(int, cholmod_factor *, cholmod_dense *, cholmod_common *);
typedef int free_dense_fn(cholmod_dense **, cholmod_common *);

static struct {
    pthread_once_t once;
    int ok;
    char err[512];
    start_fn *start, *finish;
    alloc_sparse_fn *alloc_sparse;
    free_sparse_fn *free_sparse;
    analyze_fn *analyze;
    factorize_fn *factorize;
    free_factor_fn *free_factor;
    solve_fn *solve;
    free_dense_fn *free_dense;
} chm = {PTHREAD_ONCE_INIT, 0, "", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};

struct ct_spchol_struct {
    cholmod_common common; /* CHOLMOD's workspace: one per factor */
    pthread_mutex_t lock;  /* solves write the workspace: one at a time */
    cholmod_factor *L;
    slong n;
};

static void spchol_open(void)
{
    static const ct_dynlib_struct L = {"CERTUNE_CHOLMOD", CT_SPCHOL_LIB, "CHOLMOD",
                                       "the sparse path of whole graphs needs",
                                       "libcholmod3"};
    static const char *const names[] = {
        "cholmod_start",       "cholmod_finish",  "cholmod_allocate_sparse",
        "cholmod_free_sparse", "cholmod_analyze", "cholmod_factorize",
        "cholmod_free_factor", "cholmod_solve",   "cholmod_free_dense"};
    void *f[9];
    if (ct_dynlib_open(f, names, 9, &L, chm.err, sizeof(chm.err)) != 0)
        return;
    chm.start = (start_fn *)f[0], chm.finish = (start_fn *)f[1];
    chm.alloc_sparse = (alloc_sparse_fn *)f[2], chm.free_sparse = (free_sparse_fn *)f[3];
    chm.analyze = (analyze_fn *)f[4], chm.factorize = (factorize_fn *)f[5];
    chm.free_factor = (free_factor_fn *)f[6], chm.solve = (solve_fn *)f[7];
    chm.free_dense = (free_dense_fn *)f[8];
    chm.ok = 1;
}

int ct_spchol_load(char *err, size_t errlen)
{
    pthread_once(&chm.once, spchol_open);
    if (!chm.ok && err != NULL)
        snprintf(err, errlen, "%s", chm.err);
    return chm.ok ? 0 : -1;
}

/* A's lower triangle as CHOLMOD's sparse matrix (stype -1); NULL on failure. */
static cholmod_sparse *spchol_matrix(ct_spchol_struct *F, const slong *colptr,
                                     const slong *rowind, const double *val)
{
    size_t nnz = (size_t)colptr[F->n];
    cholmod_sparse *A = chm.alloc_sparse((size_t)F->n, (size_t)F->n, nnz, 0, 1, -1,
                                         CHOLMOD_REAL, &F->common);
    if (A == NULL)
        return NULL;
    int *p = A->p, *i = A->i;
    double *x = A->x;
    for (slong j = 0; j <= F->n; j++)
        p[j] = (int)colptr[j];
    for (size_t e = 0; e < nnz; e++)
        i[e] = (int)rowind[e], x[e] = val[e];
    return A;
}

ct_spchol_struct *ct_spchol_factor(slong n, const slong *colptr, const slong *rowind,
                                   const double *val)
{
    if (n < 1 || n > (slong)INT_MAX / 2 || colptr[n] > (slong)INT_MAX ||
        ct_spchol_load(NULL, 0) != 0)
        return NULL;
    ct_spchol_struct *F = flint_calloc(1, sizeof(ct_spchol_struct));
    F->n = n;
    pthread_mutex_init(&F->lock, NULL);
    chm.start(&F->common);
    F->common.print = 0;    /* failures are the caller's to report */
    F->common.final_ll = 1; /* LL': a pivot that is not positive stops it */
    cholmod_sparse *A = spchol_matrix(F, colptr, rowind, val);
    int ok = A != NULL && (F->L = chm.analyze(A, &F->common)) != NULL &&
             chm.factorize(A, F->L, &F->common) && F->common.status == CHOLMOD_OK &&
             F->L->minor == (size_t)n;
    if (A != NULL)
        chm.free_sparse(&A, &F->common);
    if (!ok) {
        ct_spchol_free(F);
        return NULL;
    }
    return F;
}

int ct_spchol_order(slong *perm, slong n, const slong *colptr, const slong *rowind)
{
    if (n < 1 || n > (slong)INT_MAX / 2 || colptr[n] > (slong)INT_MAX ||
        ct_spchol_load(NULL, 0) != 0)
        return -1;
    ct_spchol_struct F;
    memset(&F, 0, sizeof(F));
    F.n = n;
    chm.start(&F.common);
    F.common.print = 0;
    double *one = flint_malloc(FLINT_MAX(colptr[n], 1) * sizeof(double));
    for (slong e = 0; e < colptr[n]; e++)
        one[e] = 1;
    cholmod_sparse *A = spchol_matrix(&F, colptr, rowind, one);
    cholmod_factor *L = A == NULL ? NULL : chm.analyze(A, &F.common);
    int ok = L != NULL && L->Perm != NULL;
    for (slong k = 0; ok && k < n; k++)
        perm[k] = ((const int *)L->Perm)[k];
    if (L != NULL)
        chm.free_factor(&L, &F.common);
    if (A != NULL)
        chm.free_sparse(&A, &F.common);
    chm.finish(&F.common);
    flint_free(one);
    return ok ? 0 : -1;
}

int ct_spchol_solve(ct_spchol_struct *F, double *B, slong nrhs)
{
    cholmod_dense b;
    memset(&b, 0, sizeof(b));
    b.nrow = (size_t)F->n, b.ncol = (size_t)nrhs, b.nzmax = b.nrow * b.ncol;
    b.d = b.nrow, b.x = B, b.xtype = CHOLMOD_REAL, b.dtype = CHOLMOD_DOUBLE;
    if (nrhs == 0)
        return 0;
    pthread_mutex_lock(&F->lock);
    cholmod_dense *x = chm.solve(CHOLMOD_A, F->L, &b, &F->common);
    int ok = x != NULL;
    if (ok) {
        memcpy(B, x->x, b.nzmax * sizeof(double));
        chm.free_dense(&x, &F->common);
    }
    pthread_mutex_unlock(&F->lock);
    return ok ? 0 : -1;
}

slong ct_spchol_nnz(const ct_spchol_struct *F)
{
    const cholmod_factor *L = F->L;
    if (L->is_super)
        return (slong)L->xsize;
    return (slong)L->nzmax;
}

void ct_spchol_free(ct_spchol_struct *F)
{
    if (F == NULL)
        return;
    if (F->L != NULL)
        chm.free_factor(&F->L, &F->common);
    chm.finish(&F->common);
    pthread_mutex_destroy(&F->lock);
    flint_free(F);
}
