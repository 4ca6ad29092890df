/* lsroot_sys: a component's system for the ball path and the certificate
   mu > lambda_2(S), S = D^{-1/2} W D^{-1/2}.

   lambda_2(S) < mu iff B = mu I - S + v v^T is positive definite (v =
   D^{1/2} 1 / sqrt(vol), the eigenvector of 1: B is mu on v and mu - lambda on
   its orthogonal complement). By congruence with D^{1/2} and scaling by vol,
   iff C = vol (mu D - W) + d d^T is. A floating Cholesky factorization R of
   fl(C) - sI that runs to completion satisfies R^T R = fl(C) - sI + E with
   |E| <= gamma_{n+1} |R^T| |R| (Higham, Accuracy and Stability, Thm 10.3),
   so ||E||_2 <= gamma_{n+1} ||R||_F^2, and with the rounding F of fl(C)
   bounded (lssys_gap_matrix) C >= (s - ||E||_2 - ||F||_2) I: positive
   definite when s exceeds those bounds, which is checked
   (s is a tiny multiple of the trace, so only a gap below about n^2 2^-50
   relative goes unproved). */
#include <math.h>
#include <string.h>
#include "certune/mem.h"
#include "lsroot_internal.h"

#define LS_EXACT_MAX 1099511627776.0 /* 2^40 */

static int lssys_copy_weights(ct_lssys_struct *S, const slong *rowstart, const slong *col,
                              const fmpz *w, const fmpz *deg)
{
    slong n = S->n, nnz = rowstart[n];
    S->rowstart = flint_malloc((n + 1) * sizeof(slong));
    S->col = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(slong));
    S->w = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(double));
    S->deg = flint_malloc(n * sizeof(double));
    memcpy(S->rowstart, rowstart, (n + 1) * sizeof(slong));
    memcpy(S->col, col, FLINT_MAX(nnz, 1) * sizeof(slong) * (nnz > 0));
    S->vol = 0;
    for (slong i = 0; i < n; i++) {
        double sum = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            if (fmpz_sgn(w + e) <= 0 || fmpz_cmp_ui(w + e, 1UL << 40) >= 0)
                return 1;
            S->w[e] = (double)fmpz_get_ui(w + e);
            sum += S->w[e];
        }
        if (fmpz_cmp_ui(deg + i, 1UL << 40) >= 0 || sum != (double)fmpz_get_ui(deg + i) ||
            sum < 1)
            return 1;
        S->deg[i] = sum;
        S->vol += sum;
    }
    return S->vol >= LS_EXACT_MAX;
}

ct_lssys_struct *ct_lssys_new(slong n, const slong *rowstart, const slong *col,
                              const fmpz *w, const fmpz *deg, slong nlab,
                              const slong *lab, const slong *cls, const fmpz *q,
                              const fmpz *r, slong c)
{
    ct_lssys_struct *S = flint_calloc(1, sizeof(ct_lssys_struct));
    S->refs = 1;
    S->n = n;
    S->c = c;
    S->nlab = nlab;
    S->lab = flint_malloc(nlab * sizeof(slong));
    S->cls = flint_malloc(nlab * sizeof(slong));
    S->q = _fmpz_vec_init(nlab);
    S->r = _fmpz_vec_init(nlab);
    S->nlabk = flint_calloc(c, sizeof(slong));
    memcpy(S->lab, lab, nlab * sizeof(slong));
    memcpy(S->cls, cls, nlab * sizeof(slong));
    _fmpz_vec_set(S->q, q, nlab);
    _fmpz_vec_set(S->r, r, nlab);
    for (slong j = 0; j < nlab; j++)
        S->nlabk[cls[j]]++;
    if (lssys_copy_weights(S, rowstart, col, w, deg)) {
        ct_lssys_unref(S);
        return NULL;
    }
    return S;
}

arb_srcptr _ct_lssys_weights(ct_lssys_struct *S)
{
    slong nnz = S->rowstart[S->n];
    if (S->wb == NULL) {
        S->wb = _arb_vec_init(FLINT_MAX(nnz, 1));
        for (slong e = 0; e < nnz; e++)
            arb_set_d(S->wb + e, S->w[e]);
    }
    return S->wb;
}

void _ct_lssys_compact(ct_lssys_struct *S)
{
    if (S->wb != NULL)
        _arb_vec_clear(S->wb, FLINT_MAX(S->rowstart[S->n], 1));
    S->wb = NULL;
}

ct_lssys_struct *_ct_lssys_ref(ct_lssys_struct *S)
{
    S->refs++;
    return S;
}

void ct_lssys_unref(ct_lssys_struct *S)
{
    if (S == NULL || --S->refs > 0)
        return;
    _ct_lssys_compact(S);
    flint_free(S->rowstart), flint_free(S->col), flint_free(S->w), flint_free(S->deg);
    flint_free(S->lab), flint_free(S->cls), flint_free(S->nlabk);
    _fmpz_vec_clear(S->q, S->nlab);
    _fmpz_vec_clear(S->r, S->nlab);
    flint_free(S);
}

/* An upper bound on ||F||_F, F = fl(C) - C: each entry of C = vol (mu D -
   W) + d d^T takes at most three roundings, so ||F||_F <= 4u (||d||^2 + vol
   ||W||_F + vol mu ||d||) (triangle inequality on the three terms), with
   room for this bound's own sums. */
static double lssys_gap_ferr(const ct_lssys_struct *S, double mu)
{
    double dd = 0, ww = 0;
    for (slong i = 0; i < S->n; i++)
        dd += S->deg[i] * S->deg[i];
    for (slong e = 0; e < S->rowstart[S->n]; e++)
        ww += S->w[e] * S->w[e];
    return 4 * ldexp(1.0, -53) * (dd + S->vol * sqrt(ww) + S->vol * mu * sqrt(dd)) *
           (1 + 1e-6);
}

/* fl(C) - sI for mu, dense, row-major. The diagonal's C_ii - s is rounded
   too, so the shift actually applied is s_i = fl(C)_ii - fl(fl(C)_ii - s),
   exact by Sterbenz's lemma (s is far below C_ii); returns the least s_i. */
static double lssys_gap_matrix(double *C, const ct_lssys_struct *S, double mu, double s)
{
    slong n = S->n;
    double smin = s;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            C[i * n + j] = S->deg[i] * S->deg[j];
    for (slong i = 0; i < n; i++) {
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            C[i * n + S->col[e]] -= S->vol * S->w[e];
        double cii = C[i * n + i] + S->vol * mu * S->deg[i];
        C[i * n + i] = cii - s;
        smin = FLINT_MIN(smin, cii - C[i * n + i]);
    }
    return smin;
}

/* In-place upper Cholesky factor (row k of R in row k's upper part),
   right-looking so that every update runs along a row; each entry still
   subtracts its products in order t = 0, 1, ..., as the bound assumes.
   Returns 0 when it runs to completion with positive pivots, and ||R||_F^2
   in *fro. */
int _ct_ls_cholesky(double *C, slong n, double *fro)
{
    *fro = 0;
    for (slong k = 0; k < n; k++) {
        double *rk = C + k * n;
        if (!(rk[k] > 0))
            return 1;
        rk[k] = sqrt(rk[k]);
        for (slong j = k + 1; j < n; j++)
            rk[j] /= rk[k];
        for (slong j = k; j < n; j++)
            *fro += rk[j] * rk[j];
        for (slong i = k + 1; i < n; i++) {
            double a = rk[i], *ci = C + i * n;
            for (slong j = i; j < n; j++)
                ci[j] -= a * rk[j];
        }
    }
    return 0;
}

/* Whether lambda_2 < mu is proved: C = R^T R - E - F + diag(s_i) >= (s_min
   - ||E||_2 - ||F||_2) I. */
static int lssys_gap_holds(const ct_lssys_struct *S, double mu, double *C)
{
    slong n = S->n;
    double u = ldexp(1.0, -53), gam = (n + 1) * u / (1 - (n + 1) * u), tr = 0, fro;
    for (slong i = 0; i < n; i++)
        tr += S->vol * mu * S->deg[i] + S->deg[i] * S->deg[i];
    double ferr = lssys_gap_ferr(S, mu);
    double s = lssys_gap_matrix(C, S, mu, 2 * (8 * gam * tr + ferr));
    if (!(s > 0) || _ct_ls_cholesky(C, n, &fro))
        return 0;
    /* fro is a sum of n^2 / 2 squares: its rounding is far below 1e-6 */
    return gam * fro * (1 + 1e-6) + ferr < s;
}

int _ct_lssys_gap_proved(const ct_lssys_struct *S, int k)
{
    double *C = ct_mem_malloc((size_t)S->n * S->n * sizeof(double));
    int ok = lssys_gap_holds(S, 1 - ldexp(1.0, -k), C);
    flint_free(C);
    return ok;
}

int _ct_lssys_certify_mu(ct_lssys_struct *S)
{
    static const int ks[] = {3, 4, 6, 8, 11, 14, 17, 20};
    if (S->mu > 0 || S->mu_failed)
        return S->mu_failed;
    double *C = ct_mem_malloc((size_t)S->n * S->n * sizeof(double));
    for (size_t t = 0; t < sizeof(ks) / sizeof(ks[0]) && S->mu == 0; t++)
        if (lssys_gap_holds(S, 1 - ldexp(1.0, -ks[t]), C))
            S->mu = 1 - ldexp(1.0, -ks[t]);
    flint_free(C);
    S->mu_failed = S->mu == 0;
    return S->mu_failed;
}

double _ct_lssys_kappa(const ct_lssys_struct *S, double c)
{
    double a = S->mu / (1 - c * S->mu), b = 1 / (1 + c);
    return (a > b ? a : b) * (1 + 1e-12);
}

slong *_ct_lssys_dist(const ct_lssys_struct *S)
{
    slong n = S->n, *dist = flint_malloc(S->c * n * sizeof(slong));
    slong *queue = flint_malloc(n * sizeof(slong));
    for (slong k = 0; k < S->c; k++) {
        slong *d = dist + k * n, head = 0, tail = 0;
        for (slong i = 0; i < n; i++)
            d[i] = n;
        for (slong j = 0; j < S->nlab; j++)
            if (S->cls[j] == k && d[S->lab[j]] != 0)
                d[S->lab[j]] = 0, queue[tail++] = S->lab[j];
        while (head < tail) {
            slong i = queue[head++];
            for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
                if (d[S->col[e]] == n)
                    d[S->col[e]] = d[i] + 1, queue[tail++] = S->col[e];
        }
    }
    flint_free(queue);
    return dist;
}
