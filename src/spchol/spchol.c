/* spchol: CHOLMOD through dlopen (see the header for why). Only CHOLMOD's
   types come from its header; every call goes through the pointers
   resolved at load. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
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
    pthread_mutex_t lock;  /* CHOLMOD's solves write it: one at a time */
    cholmod_factor *L;     /* LL', supernodal or simplicial (CHOLMOD's choice) */
    slong n, maxrows;      /* the rows of the largest supernode */
};

/* Supernode s of L: its columns k1 <= k < k2, its row indices ri[0..nr)
   (the first k2 - k1 are k1..k2-1) and its values x, column-major with
   leading dimension nr (the diagonal block's lower triangle is L's). */
typedef struct {
    slong k1, k2, nr;
    const int *ri;
    const double *x;
} spchol_super;

static spchol_super spchol_super_get(const cholmod_factor *L, slong s)
{
    const int *super = L->super, *pi = L->pi, *px = L->px;
    spchol_super S = {super[s], super[s + 1], pi[s + 1] - pi[s], NULL, NULL};
    S.ri = (const int *)L->s + pi[s];
    S.x = (const double *)L->x + px[s];
    return S;
}

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
    for (slong k = 0; F->L->is_super && k < (slong)F->L->nsuper; k++)
        F->maxrows = FLINT_MAX(F->maxrows, spchol_super_get(F->L, k).nr);
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

/* The columns solved together: x holds k right-hand sides interleaved
   (entry r of column q at x[r k + q]); every column sees the operations of
   a solve of its own in the same order, so the doubles are the same. */
#define SPCHOL_BLOCK 8

/* x := L^{-1} x in the factor's order, t room for the largest supernode's
   rows (times k). Per supernode: the diagonal block's triangle column by
   column, then its rows below as one dense product into t, scattered once
   (no BLAS call: OpenBLAS's buffers take a lock and outweigh a small
   supernode's flops). */
static inline void spchol_lower(const cholmod_factor *L, double *x, double *t, slong k)
{
    for (slong s = 0; s < (slong)L->nsuper; s++) {
        spchol_super S = spchol_super_get(L, s);
        slong nc = S.k2 - S.k1, nb = S.nr - nc;
        double *xs = x + S.k1 * k, v[SPCHOL_BLOCK];
        for (slong i = 0; i < nb * k; i++)
            t[i] = 0;
        for (slong j = 0; j < nc; j++) {
            const double *c = S.x + j * S.nr;
            for (slong q = 0; q < k; q++)
                xs[j * k + q] = v[q] = xs[j * k + q] / c[j];
            for (slong i = j + 1; i < nc; i++)
                for (slong q = 0; q < k; q++)
                    xs[i * k + q] -= c[i] * v[q];
            for (slong i = 0; i < nb; i++)
                for (slong q = 0; q < k; q++)
                    t[i * k + q] += c[nc + i] * v[q];
        }
        for (slong i = 0; i < nb; i++)
            for (slong q = 0; q < k; q++)
                x[S.ri[nc + i] * k + q] -= t[i * k + q];
    }
}

/* v[q] = b[q] - sum_{i < len} a[i] t[i k + q] for q < k, the sum in four
   accumulators per column (the order is fixed: the same doubles on every
   run and for every k). */
static inline void spchol_dot(double *v, const double *b, const double *a,
                              const double *t, slong len, slong k)
{
    double s0[SPCHOL_BLOCK], s1[SPCHOL_BLOCK], s2[SPCHOL_BLOCK], s3[SPCHOL_BLOCK];
    for (slong q = 0; q < k; q++)
        s0[q] = s1[q] = s2[q] = s3[q] = 0;
    slong i = 0;
    for (; i + 4 <= len; i += 4)
        for (slong q = 0; q < k; q++) {
            s0[q] += a[i] * t[i * k + q], s1[q] += a[i + 1] * t[(i + 1) * k + q];
            s2[q] += a[i + 2] * t[(i + 2) * k + q],
                s3[q] += a[i + 3] * t[(i + 3) * k + q];
        }
    for (; i < len; i++)
        for (slong q = 0; q < k; q++)
            s0[q] += a[i] * t[i * k + q];
    for (slong q = 0; q < k; q++)
        v[q] = b[q] - ((s0[q] + s1[q]) + (s2[q] + s3[q]));
}

/* x := L^{-T} x (as spchol_lower: the rows below gathered once into t). */
static inline void spchol_upper(const cholmod_factor *L, double *x, double *t, slong k)
{
    for (slong s = (slong)L->nsuper - 1; s >= 0; s--) {
        spchol_super S = spchol_super_get(L, s);
        slong nc = S.k2 - S.k1, nb = S.nr - nc;
        double *xs = x + S.k1 * k, v[SPCHOL_BLOCK];
        for (slong i = 0; i < nb; i++)
            for (slong q = 0; q < k; q++)
                t[i * k + q] = x[S.ri[nc + i] * k + q];
        for (slong j = nc - 1; j >= 0; j--) {
            const double *c = S.x + j * S.nr;
            spchol_dot(v, xs + j * k, c + nc, t, nb, k);
            for (slong i = j + 1; i < nc; i++)
                for (slong q = 0; q < k; q++)
                    v[q] -= c[i] * xs[i * k + q];
            for (slong q = 0; q < k; q++)
                xs[j * k + q] = v[q] / c[j];
        }
    }
}

/* k <= SPCHOL_BLOCK columns of B (leading dimension n): spchol's
   substitutions, lock free, in a block of constant width 1, 4 or 8 (padded
   with zero columns). Cloned for AVX2 (chosen at load): the same operations
   on wider vectors (no contraction into fused multiply-adds, -std=c11), so
   the same doubles; a whole graph's large supernodes solve about twice as
   fast. */
__attribute__((target_clones("avx2", "default"))) static int
spchol_solve_own(const ct_spchol_struct *F, double *B, slong k)
{
    slong n = F->n, w = k == 1 ? 1 : k <= 4 ? 4 : SPCHOL_BLOCK; /* constant, padded */
    double *x = malloc((size_t)((n + F->maxrows) * w) * sizeof(double)), *t = x + n * w;
    if (x == NULL)
        return -1;
    const int *perm = F->L->Perm; /* L L' = A(perm, perm) */
    for (slong r = 0; r < n; r++)
        for (slong q = 0; q < w; q++)
            x[r * w + q] = q < k ? B[q * n + perm[r]] : 0;
    if (w == 1) {
        spchol_lower(F->L, x, t, 1);
        spchol_upper(F->L, x, t, 1);
    } else if (w == 4) {
        spchol_lower(F->L, x, t, 4);
        spchol_upper(F->L, x, t, 4);
    } else {
        spchol_lower(F->L, x, t, SPCHOL_BLOCK);
        spchol_upper(F->L, x, t, SPCHOL_BLOCK);
    }
    for (slong r = 0; r < n; r++)
        for (slong q = 0; q < k; q++)
            B[q * n + perm[r]] = x[r * w + q];
    free(x);
    return 0;
}

/* Several, or a simplicial factor (CHOLMOD's choice for a small or sparse
   one: no BLAS there): CHOLMOD's solve, under F's lock. */
static int spchol_solve_cholmod(ct_spchol_struct *F, double *B, slong nrhs)
{
    cholmod_dense b;
    memset(&b, 0, sizeof(b));
    b.nrow = (size_t)F->n, b.ncol = (size_t)nrhs, b.nzmax = b.nrow * b.ncol;
    b.d = b.nrow, b.x = B, b.xtype = CHOLMOD_REAL, b.dtype = CHOLMOD_DOUBLE;
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

int ct_spchol_solve(ct_spchol_struct *F, double *B, slong nrhs)
{
    if (nrhs == 1 && F->L->is_super && F->L->is_ll)
        return spchol_solve_own(F, B, 1);
    return nrhs == 0 ? 0 : spchol_solve_cholmod(F, B, nrhs);
}

int ct_spchol_solve_each(ct_spchol_struct *F, double *B, slong nrhs)
{
    int own = F->L->is_super && F->L->is_ll; /* else one column at a time */
    for (slong q = 0, k; q < nrhs; q += k) {
        k = own ? FLINT_MIN(SPCHOL_BLOCK, nrhs - q) : 1;
        if ((own ? spchol_solve_own(F, B + q * F->n, k)
                 : ct_spchol_solve(F, B + q * F->n, 1)) != 0)
            return -1;
    }
    return 0;
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
