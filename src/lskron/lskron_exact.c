/* lskron_exact: the sign of F[i][k] - F[i][l] at a rational lambda = a/b
   exactly, for when no ball model decides it. With integer weights W' =
   scale W, (L + lambda Delta) f = Y_k - Y_l is (b L' + scale a Delta) f =
   scale b (Y_k - Y_l), an integer system, nonsingular for lambda > 0 on a
   component with a labeled node (positive definite). */
#include <flint/fmpz_mat.h>
#include "lskron_internal.h"

int _ct_lskron_sign_exact(const ct_lskron_struct *S, slong i, slong k, slong l,
                          const fmpq_t x)
{
    slong n = S->head.n;
    fmpz_mat_t A, B, X;
    fmpz_t den, t;
    fmpz_mat_init(A, n, n), fmpz_mat_init(B, n, 1), fmpz_mat_init(X, n, 1);
    fmpz_init(den), fmpz_init(t);
    fmpz_mul(t, S->scale, fmpq_numref(x));
    for (slong a = 0; a < n; a++) {
        fmpz_set_ui(fmpz_mat_entry(A, a, a), (ulong)S->deg[a]);
        fmpz_mul(fmpz_mat_entry(A, a, a), fmpz_mat_entry(A, a, a), fmpq_denref(x));
        if (S->ncls[a] >= 0)
            fmpz_add(fmpz_mat_entry(A, a, a), fmpz_mat_entry(A, a, a), t);
        for (slong e = S->rowstart[a]; e < S->rowstart[a + 1]; e++)
            fmpz_submul_ui(fmpz_mat_entry(A, a, S->col[e]), fmpq_denref(x),
                           (ulong)S->w[e]);
        slong y = (S->ncls[a] == k) - (S->ncls[a] == l);
        fmpz_mul_si(fmpz_mat_entry(B, a, 0), fmpq_denref(x), y);
        fmpz_mul(fmpz_mat_entry(B, a, 0), fmpz_mat_entry(B, a, 0), S->scale);
    }
    if (!fmpz_mat_solve(X, den, A, B))
        flint_abort(); /* positive definite for lambda > 0 */
    int s = fmpz_sgn(fmpz_mat_entry(X, i, 0)) * fmpz_sgn(den);
    fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(X);
    fmpz_clear(den), fmpz_clear(t);
    return s;
}
