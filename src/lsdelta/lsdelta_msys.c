/* lsdelta_msys: a component's matrix A = q D - p W in machine integers,
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
#include "certune/lsdelta.h"

static int msys_fits(const fmpz_t x)
{
    return fmpz_sgn(x) >= 0 && fmpz_bits(x) < CT_LSDELTA_BITS;
}

/* Off-diagonal entries p w (CSR copied), diag = q d, deg = d, amax =
   ||A||_inf; 0 when an entry is too large or a degree is 0. */
static int msys_entries(ct_lsdelta_msys_struct *M, const slong *rowstart,
                        const slong *col, const fmpz *w, const fmpq_t c)
{
    fmpz_t d, t;
    fmpz_init(d), fmpz_init(t);
    int ok = msys_fits(fmpq_denref(c));
    M->amax = 0;
    for (slong i = 0; i < M->n && ok; i++) {
        fmpz_zero(d);
        slong r = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1] && ok; e++) {
            M->col[e] = col[e];
            fmpz_add(d, d, w + e);
            fmpz_mul(t, w + e, fmpq_numref(c));
            ok = fmpz_sgn(w + e) > 0 && msys_fits(t);
            M->off[e] = ok ? fmpz_get_si(t) : 0;
            r += M->off[e];
        }
        fmpz_mul(t, d, fmpq_denref(c));
        ok = ok && fmpz_sgn(d) > 0 && msys_fits(t);
        if (ok) {
            M->diag[i] = fmpz_get_si(t), M->deg[i] = fmpz_get_si(d);
            M->amax = FLINT_MAX(M->amax, M->diag[i] + r);
        }
    }
    fmpz_sub(t, fmpq_denref(c), fmpq_numref(c));
    M->pq = fmpz_get_si(t);
    fmpz_clear(d), fmpz_clear(t);
    return ok;
}

/* The floating factor: CHOLMOD from sparse_min nodes (when it loads), else
   LAPACK's dense one up to CT_LSDELTA_DENSE_MAX nodes. */
static int msys_factor(ct_lsdelta_msys_struct *M, slong sparse_min)
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
    if (n > CT_LSDELTA_DENSE_MAX || ct_blas_load(NULL, 0) != 0)
        return 0;
    M->dense = flint_calloc(n * n, sizeof(double));
    for (slong j = 0; j < n; j++) {
        M->dense[j * n + j] = (double)M->diag[j];
        for (slong e = M->rowstart[j]; e < M->rowstart[j + 1]; e++)
            M->dense[j * n + M->col[e]] = -(double)M->off[e];
    }
    return ct_blas_dpotrf_lower((int)n, M->dense, (int)n) == 0;
}

int ct_lsdelta_msys_init(ct_lsdelta_msys_struct *M, slong n, const slong *rowstart,
                         const slong *col, const fmpz *w, const fmpq_t c,
                         slong sparse_min)
{
    memset(M, 0, sizeof(ct_lsdelta_msys_struct));
    M->n = n;
    M->nnz = rowstart[n];
    M->rowstart = flint_malloc((n + 1) * sizeof(slong));
    memcpy(M->rowstart, rowstart, (n + 1) * sizeof(slong));
    M->col = flint_malloc(FLINT_MAX(M->nnz, 1) * sizeof(slong));
    M->off = flint_malloc(FLINT_MAX(M->nnz, 1) * sizeof(slong));
    M->diag = flint_malloc(n * sizeof(slong));
    M->deg = flint_malloc(n * sizeof(slong));
    return msys_entries(M, rowstart, col, w, c) && msys_factor(M, sparse_min) ? 0 : -1;
}

void ct_lsdelta_msys_clear(ct_lsdelta_msys_struct *M)
{
    flint_free(M->rowstart), flint_free(M->col), flint_free(M->off);
    flint_free(M->diag), flint_free(M->deg), flint_free(M->dense);
    ct_spchol_free(M->sp);
}

int ct_lsdelta_msys_solve(ct_lsdelta_msys_struct *M, double *B, slong nrhs)
{
    if (M->sp != NULL)
        return ct_spchol_solve(M->sp, B, nrhs);
    return ct_blas_dpotrs_lower((int)M->n, (int)nrhs, M->dense, (int)M->n, B,
                                (int)M->n) == 0
               ? 0
               : -1;
}

/* Column g of E: 1 at the labeled nodes of group g. */
static void msys_rhs(double *b, const slong *lab, const slong *grp, slong m, slong n,
                     slong g)
{
    memset(b, 0, n * sizeof(double));
    for (slong j = 0; j < m; j++)
        if (grp[j] == g)
            b[lab[j]] = 1.0;
}

/* Residual of column x (as balls) in R: R_j = E_jg - (A x)_j, in Arb. */
static void msys_residual(arb_ptr R, const ct_lsdelta_msys_struct *M, arb_srcptr x,
                          const double *e, slong prec)
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

int ct_lsdelta_msys_balls(double *X0, double *X1, mag_ptr rmax, mag_ptr rsum,
                          ct_lsdelta_msys_struct *M, const slong *lab, const slong *grp,
                          slong m, slong ng)
{
    slong n = M->n, prec = 192;
    for (slong g = 0; g < ng; g++)
        msys_rhs(X0 + g * n, lab, grp, m, n, g);
    if (ct_lsdelta_msys_solve(M, X0, ng) != 0)
        return -1;
    arb_ptr x = _arb_vec_init(n), R = _arb_vec_init(n);
    double *e = flint_malloc(n * sizeof(double));
    mag_t t;
    mag_init(t);
    for (slong g = 0; g < ng; g++) { /* one refinement: X1 = A~^{-1} (E - A X0) */
        msys_rhs(e, lab, grp, m, n, g);
        msys_point(x, X0 + g * n, NULL, n);
        msys_residual(R, M, x, e, prec);
        for (slong j = 0; j < n; j++)
            X1[g * n + j] = arf_get_d(arb_midref(R + j), ARF_RND_NEAR);
    }
    int rc = ct_lsdelta_msys_solve(M, X1, ng);
    for (slong g = 0; g < ng && rc == 0; g++) { /* the certified residual */
        msys_rhs(e, lab, grp, m, n, g);
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
