/* delta_msys: the component's matrix A = q s D - p s W in machine integers,
   its floating Cholesky factor and the certified floating solve of
   A X = E (docs/delta.md, "The ball path").

   The error bound needs no eigenvalue: A is a symmetric M-matrix (A^{-1} >= 0)
   and A 1 = (q - p) d for the scaled degrees d (W 1 = d), so every row of
   A^{-1} has sum_j A^{-1}_ij d_j = 1 / (q - p). For any residual
   R = E - A X~ the error A^{-1} R is therefore at most
   max_j |R_j| / d_j / (q - p) in every entry, and sum_j |R_j| / (d_i (q - p))
   in row i. The residual is computed in Arb from the exact integer A and the
   doubles of X~: the float solve is never trusted. */
#include <math.h>
#include <string.h>
#include "certune/blas.h"
#include "certune/spchol.h"
#include "delta_internal.h"

/* Entries of A below 2^CT_DELTA_MSYS_BITS: exact in doubles, and the
   lifting's products stay in 128 bits (delta_nlift.c). */
#define CT_DELTA_MSYS_BITS 40

static int msys_fits(const fmpz_t x)
{
    return fmpz_sgn(x) >= 0 && fmpz_bits(x) < CT_DELTA_MSYS_BITS;
}

/* Off-diagonal entries p s w in CSR over local positions; deg = s d. */
static int msys_edges(delta_msys *M, const ct_instance_t inst,
                      const ct_component_index_struct *X, slong k, const delta_comp *C,
                      const fmpq_t c, fmpz *deg)
{
    fmpz_t s, w;
    fmpz_init_set_ui(s, 1), fmpz_init(w);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++)
        fmpz_lcm(s, s, fmpq_denref(inst->ew + X->edge[j]));
    slong *fill = flint_calloc(M->n, sizeof(slong));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j];
        M->rowstart[C->pos[inst->eu[e]] + 1]++, M->rowstart[C->pos[inst->ev[e]] + 1]++;
    }
    for (slong i = 0; i < M->n; i++)
        M->rowstart[i + 1] += M->rowstart[i];
    M->nnz = M->rowstart[M->n];
    M->col = flint_malloc(FLINT_MAX(M->nnz, 1) * sizeof(slong));
    M->off = flint_malloc(FLINT_MAX(M->nnz, 1) * sizeof(slong));
    int ok = 1;
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1] && ok; j++) {
        slong e = X->edge[j], a = C->pos[inst->eu[e]], b = C->pos[inst->ev[e]];
        fmpz_divexact(w, s, fmpq_denref(inst->ew + e));
        fmpz_mul(w, w, fmpq_numref(inst->ew + e));
        fmpz_add(deg + a, deg + a, w), fmpz_add(deg + b, deg + b, w);
        fmpz_mul(w, w, fmpq_numref(c));
        ok = msys_fits(w);
        slong ea = M->rowstart[a] + fill[a]++, eb = M->rowstart[b] + fill[b]++;
        M->col[ea] = b, M->col[eb] = a;
        M->off[ea] = M->off[eb] = ok ? fmpz_get_si(w) : 0;
    }
    flint_free(fill);
    fmpz_clear(s), fmpz_clear(w);
    return ok;
}

/* diag = q s d, deg = s d, amax = ||A||_inf; 0 when an entry is too large or
   a degree is 0. */
static int msys_diag(delta_msys *M, const fmpz *deg, const fmpq_t c)
{
    fmpz_t t;
    fmpz_init(t);
    int ok = msys_fits(fmpq_denref(c));
    M->amax = 0;
    for (slong i = 0; i < M->n && ok; i++) {
        fmpz_mul(t, deg + i, fmpq_denref(c));
        ok = fmpz_sgn(deg + i) > 0 && msys_fits(t);
        if (ok) {
            M->diag[i] = fmpz_get_si(t), M->deg[i] = fmpz_get_si(deg + i);
            slong r = M->diag[i];
            for (slong e = M->rowstart[i]; e < M->rowstart[i + 1]; e++)
                r += M->off[e];
            M->amax = FLINT_MAX(M->amax, r);
        }
    }
    fmpz_sub(t, fmpq_denref(c), fmpq_numref(c));
    M->pq = fmpz_get_si(t);
    fmpz_clear(t);
    return ok;
}

/* The floating factor: CHOLMOD from sparse_min nodes (when it loads), else
   LAPACK's dense one up to CT_DELTA_BALL_DENSE_MAX nodes. */
static int msys_factor(delta_msys *M, slong sparse_min)
{
    slong n = M->n;
    if (n >= sparse_min && ct_spchol_load(NULL, 0) == 0) {
        slong *cp = flint_malloc((n + 1) * sizeof(slong));
        slong *ri = flint_malloc((n + M->nnz / 2 + 1) * sizeof(slong));
        double *v = flint_malloc((n + M->nnz / 2 + 1) * sizeof(double));
        slong t = 0;
        for (slong j = 0; j < n; j++) { /* column j of the lower triangle */
            cp[j] = t, ri[t] = j, v[t++] = (double)M->diag[j];
            for (slong e = M->rowstart[j]; e < M->rowstart[j + 1]; e++)
                if (M->col[e] > j)
                    ri[t] = M->col[e], v[t++] = -(double)M->off[e];
        }
        cp[n] = t;
        M->sp = ct_spchol_factor(n, cp, ri, v);
        flint_free(cp), flint_free(ri), flint_free(v);
        if (M->sp != NULL)
            return 1;
    }
    if (n > CT_DELTA_BALL_DENSE_MAX || ct_blas_load(NULL, 0) != 0)
        return 0;
    M->dense = flint_calloc(n * n, sizeof(double));
    for (slong j = 0; j < n; j++) {
        M->dense[j * n + j] = (double)M->diag[j];
        for (slong e = M->rowstart[j]; e < M->rowstart[j + 1]; e++)
            M->dense[j * n + M->col[e]] = -(double)M->off[e];
    }
    return ct_blas_dpotrf_lower((int)n, M->dense, (int)n) == 0;
}

int _ct_delta_msys_init(delta_msys *M, fmpz *deg, const ct_instance_t inst,
                        const ct_component_index_struct *X, slong k, const delta_comp *C,
                        const fmpq_t c, slong sparse_min)
{
    memset(M, 0, sizeof(delta_msys));
    M->n = C->size;
    M->rowstart = flint_calloc(M->n + 1, sizeof(slong));
    M->diag = flint_malloc(M->n * sizeof(slong));
    M->deg = flint_malloc(M->n * sizeof(slong));
    return msys_edges(M, inst, X, k, C, c, deg) && msys_diag(M, deg, c) &&
                   msys_factor(M, sparse_min)
               ? 0
               : -1;
}

void _ct_delta_msys_clear(delta_msys *M)
{
    flint_free(M->rowstart), flint_free(M->col), flint_free(M->off);
    flint_free(M->diag), flint_free(M->deg), flint_free(M->dense);
    ct_spchol_free(M->sp);
}

int _ct_delta_msys_solve(delta_msys *M, double *B, slong nrhs)
{
    if (M->sp != NULL)
        return ct_spchol_solve(M->sp, B, nrhs);
    return ct_blas_dpotrs_lower((int)M->n, (int)nrhs, M->dense, (int)M->n, B,
                                (int)M->n) == 0
               ? 0
               : -1;
}

/* Column g of E: 1 at the labeled positions of group g. */
static void msys_rhs(double *b, const delta_comp *C, slong n, slong g)
{
    memset(b, 0, n * sizeof(double));
    for (slong j = 0; j < C->m; j++)
        if (C->grp[j] == g)
            b[C->lab[j]] = 1.0;
}

/* Residual of column x (as balls) in R: R_j = E_jg - (A x)_j, in Arb. */
static void msys_residual(arb_ptr R, const delta_msys *M, arb_srcptr x, const double *e,
                          slong prec)
{
    for (slong j = 0; j < M->n; j++) {
        arb_set_d(R + j, e[j]);
        arb_submul_si(R + j, x + j, M->diag[j], prec);
        for (slong t = M->rowstart[j]; t < M->rowstart[j + 1]; t++)
            arb_addmul_si(R + j, x + M->col[t], M->off[t], prec);
    }
}

/* x = x0 + x1 as exact balls (at 2 * 53 + guard bits: Arb rounds, with radius). */
static void msys_point(arb_ptr x, const double *x0, const double *x1, slong n)
{
    for (slong j = 0; j < n; j++) {
        arb_set_d(x + j, x0[j]);
        if (x1 != NULL) {
            arb_t t;
            arb_init(t);
            arb_set_d(t, x1[j]);
            arb_add(x + j, x + j, t, 192);
            arb_clear(t);
        }
    }
}

int _ct_delta_msys_balls(double *X0, double *X1, mag_ptr rmax, mag_ptr rsum,
                         delta_msys *M, const delta_comp *C)
{
    slong n = M->n, ng = C->ng, prec = 192;
    for (slong g = 0; g < ng; g++)
        msys_rhs(X0 + g * n, C, n, g);
    if (_ct_delta_msys_solve(M, X0, ng) != 0)
        return -1;
    arb_ptr x = _arb_vec_init(n), R = _arb_vec_init(n);
    double *e = flint_malloc(n * sizeof(double));
    mag_t t;
    mag_init(t);
    for (slong g = 0; g < ng; g++) { /* one refinement: X1 = A~^{-1} (E - A X0) */
        msys_rhs(e, C, n, g);
        msys_point(x, X0 + g * n, NULL, n);
        msys_residual(R, M, x, e, prec);
        for (slong j = 0; j < n; j++)
            X1[g * n + j] = arf_get_d(arb_midref(R + j), ARF_RND_NEAR);
    }
    int rc = _ct_delta_msys_solve(M, X1, ng);
    for (slong g = 0; g < ng && rc == 0; g++) { /* the certified residual */
        msys_rhs(e, C, n, g);
        msys_point(x, X0 + g * n, X1 + g * n, n);
        msys_residual(R, M, x, e, prec);
        mag_zero(rmax + g), mag_zero(rsum + g);
        for (slong j = 0; j < n; j++) {
            arb_get_mag(t, R + j);
            mag_add(rsum + g, rsum + g, t);
            mag_div_ui(t, t, (ulong)M->deg[j]);
            mag_max(rmax + g, rmax + g, t);
        }
        mag_div_ui(rmax + g, rmax + g, (ulong)M->pq);
        mag_div_ui(rsum + g, rsum + g, (ulong)M->pq);
    }
    mag_clear(t);
    flint_free(e);
    _arb_vec_clear(x, n), _arb_vec_clear(R, n);
    return rc;
}
