/* _ct_zlift_run: the lifting steps, and the digits back into integers. */
#include <math.h>
#include <string.h>
#include <gmp.h>
#include "certune/blas.h"
#include "zlift_internal.h"

/* X mod p for 0 <= X < 2^53 integral: the quotient from a rounded product may
   be one off either way, corrected. */
static void zlift_reduce(int64_t *x, const double *X, slong len, ulong p)
{
    double pd = (double)p, pi = 1.0 / pd;
    for (slong k = 0; k < len; k++) {
        double q = floor(X[k] * pi), r = X[k] - q * pd; /* exact: both below 2^53 */
        r += r < 0 ? pd : 0;
        r -= r >= pd ? pd : 0;
        x[k] = (int64_t)r;
    }
}

/* R <- (R - A x) / p, row by row; 0 if a division is not exact. |R| < 2^41
   (_ct_zlift_run) and ||A||_inf <= 2^40, so |R - A x| < 2^41 + 2^40 p < 2^62,
   and an exact quotient q has |q| <= 2^62 / p;
   the product by p^{-1} mod 2^64 gives q when p divides, and else a value
   outside that range (q p would equal R - A x, both below 2^63). */
static int zlift_residual(const zlift_sys *S, int64_t *R, const int64_t *x, slong c,
                          int64_t *T)
{
    int64_t qmax = (INT64_C(1) << 62) / (int64_t)S->p;
    int ok = 1;
    for (slong i = 0; i < S->n; i++) {
        int64_t *Ri = R + i * c;
        for (slong j = 0; j < c; j++)
            T[j] = Ri[j];
        for (slong e = S->start[i]; e < S->start[i + 1]; e++) {
            const int64_t a = S->val[e], *xk = x + S->col[e] * c;
            for (slong j = 0; j < c; j++)
                T[j] -= a * xk[j];
        }
        for (slong j = 0; j < c; j++) {
            int64_t q = (int64_t)((uint64_t)T[j] * S->pinv);
            ok &= q <= qmax && q >= -qmax;
            Ri[j] = q;
        }
    }
    return ok;
}

/* Steps k with p^k > 2^bits (p >= 2^(b - 1) for b = bits of p). */
slong _ct_zlift_steps(ulong p, slong bits)
{
    return FLINT_MAX(bits, 0) / ((slong)FLINT_BIT_COUNT(p) - 1) + 1;
}

typedef float zlift_f4 __attribute__((vector_size(16)));
typedef double zlift_d4 __attribute__((vector_size(32)));

/* X = A^{-1} r for one column, from the float copy: each product is an
   integer below 2^42 and every partial sum one below 2^53, so any order of
   summation is exact. Memory bound: half the bytes of dgemm's doubles. */
static void zlift_matvec(double *X, const zlift_sys *S, const double *r)
{
    slong n = S->n;
    for (slong i = 0; i < n; i++) {
        const float *a = S->invf + i * n;
        zlift_d4 s0 = {0, 0, 0, 0}, s1 = {0, 0, 0, 0};
        slong j = 0;
        for (; j + 8 <= n; j += 8) {
            zlift_f4 a0, a1;
            zlift_d4 x0, x1;
            memcpy(&a0, a + j, sizeof(a0)), memcpy(&a1, a + j + 4, sizeof(a1));
            memcpy(&x0, r + j, sizeof(x0)), memcpy(&x1, r + j + 4, sizeof(x1));
            s0 += __builtin_convertvector(a0, zlift_d4) * x0;
            s1 += __builtin_convertvector(a1, zlift_d4) * x1;
        }
        double t = (s0[0] + s0[1]) + (s0[2] + s0[3]) + (s1[0] + s1[1]) + (s1[2] + s1[3]);
        for (; j < n; j++)
            t += (double)a[j] * r[j];
        X[i] = t;
    }
}

int _ct_zlift_run(const zlift_sys *S, int64_t *R, slong c, slong steps, uint64_t *chunk)
{
    slong n = S->n, len = n * c;
    double *Rm = flint_malloc(FLINT_MAX(len, 1) * sizeof(double));
    double *X = flint_malloc(FLINT_MAX(len, 1) * sizeof(double));
    int64_t *x = flint_malloc(FLINT_MAX(len, 1) * sizeof(int64_t));
    int64_t *T = flint_malloc(FLINT_MAX(c, 1) * sizeof(int64_t));
    int64_t *rr =
        S->ldl != NULL ? flint_malloc(2 * FLINT_MAX(len, 1) * sizeof(int64_t)) : NULL;
    int ok = 1;
    for (slong t = 0; t < steps && ok; t++) {
        /* |R| < 2^41 throughout: |R_0| = |B| <= 2^40, and |R_{t+1}| <
           |R_t| / p + ||A||_inf; usually |R| < p, reduced by one correction */
        for (slong k = 0; k < len; k++) {
            int64_t r = R[k], p = (int64_t)S->p;
            r = r >= p || r <= -p ? r % p : r;
            r += r < 0 ? p : 0;
            if (rr != NULL)
                rr[k] = r;
            else
                Rm[k] = (double)r;
        }
        /* entries below n (p - 1)^2 < 2^53: the product is exact */
        if (rr != NULL)
            _ct_zlift_ldl_solve(x, S->ldl, rr, c, rr + len);
        else if (c == 1)
            zlift_matvec(X, S, Rm);
        else
            ct_blas_dgemm(CT_BLAS_N, CT_BLAS_N, (int)n, (int)c, (int)n, 1.0, S->inv,
                          (int)n, Rm, (int)c, 0.0, X, (int)c);
        if (rr == NULL)
            zlift_reduce(x, X, len, S->p);
        uint64_t *ch = chunk + (t / ZLIFT_DIGITS) * len, pw = S->pow[t % ZLIFT_DIGITS];
        for (slong k = 0; k < len; k++)
            ch[k] += (uint64_t)x[k] * pw;
        ok = zlift_residual(S, R, x, c, T);
    }
    flint_free(Rm), flint_free(X), flint_free(x), flint_free(T), flint_free(rr);
    return ok;
}

void _ct_zlift_combine(fmpz_t z, const uint64_t *chunk, slong stride, slong nch, ulong Q,
                       ulong *limbs)
{
    mp_size_t len = 0;
    for (slong t = nch - 1; t >= 0; t--) {
        ulong ct = chunk[t * stride];
        if (len > 0) {
            mp_limb_t hi = mpn_mul_1(limbs, limbs, len, Q);
            if (hi != 0)
                limbs[len++] = hi;
            if (mpn_add_1(limbs, limbs, len, ct) != 0)
                limbs[len++] = 1;
        } else if (ct != 0) {
            limbs[len++] = ct;
        }
    }
    if (len == 0)
        fmpz_zero(z);
    else
        fmpz_set_ui_array(z, limbs, len);
}

/* The digits of `steps` steps for columns R (n x c): ceil(steps / 3) chunks. */
uint64_t *_ct_zlift_digits(const zlift_sys *S, int64_t *R, slong c, slong steps,
                           slong *nch)
{
    *nch = (steps + ZLIFT_DIGITS - 1) / ZLIFT_DIGITS;
    uint64_t *chunk = flint_calloc(FLINT_MAX(*nch * S->n * c, 1), sizeof(uint64_t));
    if (!_ct_zlift_run(S, R, c, steps, chunk)) {
        flint_free(chunk);
        return NULL;
    }
    return chunk;
}
