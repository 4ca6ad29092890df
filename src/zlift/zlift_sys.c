/* zlift_sys: A in words, the prime, A^{-1} modulo p. */
#include <math.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>
#include "certune/zlift.h"
#include "zlift_internal.h"

/* The largest prime below 2^21 (p^3 < 2^64) with n (p - 1)^2 < 2^53. */
static ulong zlift_first_prime(slong n)
{
    ulong top = (ulong)sqrt(9007199254740992.0 / (double)FLINT_MAX(n, 1));
    while (top > 2 &&
           (double)(top - 1) * (double)(top - 1) * (double)n >= 9007199254740992.0)
        top--;
    return FLINT_MIN(top, UWORD(1) << 21);
}

static ulong zlift_prev_prime(ulong p)
{
    do
        p--;
    while (p > 2 && !n_is_prime(p));
    return p;
}

/* CSR of A with word entries and ||A||_inf; 0 when an entry or a row's sum
   of absolute values exceeds 2^40 (_ct_zlift_run's words then cannot overflow). */
static int zlift_sys_sparse(zlift_sys *S, const fmpz_mat_t A)
{
    slong n = A->r, nnz = 0;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            const fmpz *e = fmpz_mat_entry(A, i, j);
            if (fmpz_bits(e) > 40)
                return 0;
            nnz += !fmpz_is_zero(e);
        }
    S->start = flint_malloc((n + 1) * sizeof(slong));
    S->col = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(slong));
    S->val = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(int64_t));
    S->norm = 0;
    nnz = 0;
    for (slong i = 0; i < n; i++) {
        int64_t row = 0;
        S->start[i] = nnz;
        for (slong j = 0; j < n; j++) {
            const fmpz *e = fmpz_mat_entry(A, i, j);
            if (fmpz_is_zero(e))
                continue;
            S->col[nnz] = j;
            S->val[nnz] = fmpz_get_si(e);
            row += S->val[nnz] < 0 ? -S->val[nnz] : S->val[nnz];
            nnz++;
        }
        S->norm = FLINT_MAX(S->norm, row);
    }
    S->start[n] = nnz;
    if (S->norm <= (INT64_C(1) << 40))
        return 1;
    flint_free(S->start), flint_free(S->col), flint_free(S->val);
    return 0;
}

/* A^{-1} mod p into S->inv; 0 when p divides det(A). */
static int zlift_sys_inverse(zlift_sys *S, const fmpz_mat_t A)
{
    slong n = S->n;
    nmod_mat_t Am, Ai;
    nmod_mat_init(Am, n, n, S->p);
    nmod_mat_init(Ai, n, n, S->p);
    fmpz_mat_get_nmod_mat(Am, A);
    int ok = nmod_mat_inv(Ai, Am);
    if (ok) {
        S->inv = flint_malloc(FLINT_MAX(n * n, 1) * sizeof(double));
        S->invf = flint_malloc(FLINT_MAX(n * n, 1) * sizeof(float));
        for (slong i = 0; i < n; i++)
            for (slong j = 0; j < n; j++) {
                S->inv[i * n + j] = (double)nmod_mat_entry(Ai, i, j);
                S->invf[i * n + j] = (float)nmod_mat_entry(Ai, i, j);
            }
    }
    nmod_mat_clear(Am);
    nmod_mat_clear(Ai);
    return ok;
}

static _Atomic slong zlift_ldl_min = CT_ZLIFT_LDL_MIN, zlift_ldl_count = 0;

slong _ct_zlift_ldl_used(void)
{
    return zlift_ldl_count;
}

void _ct_zlift_set_ldl_min(slong n)
{
    zlift_ldl_min = n > 0 ? n : CT_ZLIFT_LDL_MIN;
}

/* The sparse factor modulo p when A is large and symmetric; else A^{-1}. */
static int zlift_sys_factor(zlift_sys *S, const fmpz_mat_t A)
{
    if (S->n >= zlift_ldl_min) {
        S->ldl = flint_malloc(sizeof(zlift_ldl));
        if (_ct_zlift_ldl_init(S->ldl, S, S->p)) {
            zlift_ldl_count++;
            return 1;
        }
        flint_free(S->ldl);
        S->ldl = NULL;
    }
    return zlift_sys_inverse(S, A);
}

int _ct_zlift_sys_init(zlift_sys *S, const fmpz_mat_t A)
{
    S->n = A->r;
    S->inv = NULL;
    S->invf = NULL;
    S->ldl = NULL;
    if (!zlift_sys_sparse(S, A))
        return 0;
    S->p = zlift_first_prime(S->n);
    /* three primes: a fourth dividing det(A) is a sign the system is singular */
    for (int tries = 0; tries < 3; tries++) {
        S->p = zlift_prev_prime(S->p);
        if (zlift_sys_factor(S, A)) {
            uint64_t inv = 1; /* Newton: inv = p^{-1} mod 2^64, 6 doublings */
            for (int k = 0; k < 6; k++)
                inv *= 2 - (uint64_t)S->p * inv;
            S->pinv = inv;
            S->pow[0] = 1;
            for (int s = 1; s < ZLIFT_DIGITS; s++)
                S->pow[s] = S->pow[s - 1] * S->p;
            return 1;
        }
    }
    flint_free(S->start), flint_free(S->col), flint_free(S->val);
    return 0;
}

void _ct_zlift_sys_clear(zlift_sys *S)
{
    flint_free(S->start), flint_free(S->col), flint_free(S->val);
    flint_free(S->inv);
    flint_free(S->invf);
    if (S->ldl != NULL)
        _ct_zlift_ldl_clear(S->ldl);
    flint_free(S->ldl);
}
