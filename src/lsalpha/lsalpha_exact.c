/* lsalpha_exact: the sign of h at a rational x = p/q exactly, for when no ball
   model decides it. h(x) = sum_j u_j (Db)_j with (D - xW) u = e_i (the matrix
   is symmetric), (Db)_j = +-sqrt(d_j) = +-q_j sqrt(r_j) on the labeled nodes
   of k and l. So h(x) = sum_r sqrt(r) C_r with rational C_r: zero iff every C_r
   is (the sqrt(r) are linearly independent over Q), otherwise its sign is
   found in balls at rising precision. */
#include <flint/fmpz_mat.h>
#include "lsalpha_internal.h"

/* X / den = (qD - pW)^{-1} q e_i; returns 0 (den > 0 after the call). */
static void lsexact_solve(fmpz_mat_t X, fmpz_t den, const ct_lsalpha_struct *S, slong i,
                          const fmpq_t x)
{
    slong n = S->head.n;
    fmpz_mat_t A, B;
    fmpz_mat_init(A, n, n), fmpz_mat_init(B, n, 1);
    for (slong a = 0; a < n; a++) {
        fmpz_set_ui(fmpz_mat_entry(A, a, a), (ulong)S->deg[a]);
        fmpz_mul(fmpz_mat_entry(A, a, a), fmpz_mat_entry(A, a, a), fmpq_denref(x));
        for (slong e = S->rowstart[a]; e < S->rowstart[a + 1]; e++)
            fmpz_submul_ui(fmpz_mat_entry(A, a, S->col[e]), fmpq_numref(x),
                           (ulong)S->w[e]);
    }
    fmpz_set(fmpz_mat_entry(B, i, 0), fmpq_denref(x));
    if (!fmpz_mat_solve(X, den, A, B))
        flint_abort(); /* D - xW is strictly diagonally dominant for 0 < x < 1 */
    if (fmpz_sgn(den) < 0) {
        fmpz_neg(den, den);
        fmpz_mat_neg(X, X);
    }
    fmpz_mat_clear(A), fmpz_mat_clear(B);
}

/* Sign of sum_t sqrt(r[t]) C[t] (nr distinct radicands). */
static int lsexact_sign_sum(const fmpz *r, const fmpz *C, slong nr)
{
    if (_fmpz_vec_is_zero(C, nr))
        return 0;
    arb_t s, t;
    arb_init(s), arb_init(t);
    int sign = 0;
    for (slong prec = 64; sign == 0; prec *= 2) {
        arb_zero(s);
        for (slong k = 0; k < nr; k++) {
            arb_set_fmpz(t, r + k);
            arb_sqrt(t, t, prec);
            arb_addmul_fmpz(s, t, C + k, prec);
        }
        sign = arb_is_positive(s) ? 1 : arb_is_negative(s) ? -1 : 0;
    }
    arb_clear(s), arb_clear(t);
    return sign;
}

int _ct_lsalpha_sign_exact(const ct_lsalpha_struct *S, slong i, slong k, slong l,
                           const fmpq_t x)
{
    fmpz_mat_t X;
    fmpz_t den;
    fmpz *r = _fmpz_vec_init(S->nlab), *C = _fmpz_vec_init(S->nlab);
    slong nr = 0;
    fmpz_mat_init(X, S->head.n, 1);
    fmpz_init(den);
    lsexact_solve(X, den, S, i, x);
    for (slong j = 0; j < S->nlab; j++) {
        if (S->cls[j] != k && S->cls[j] != l)
            continue;
        slong t = 0;
        while (t < nr && !fmpz_equal(r + t, S->r + j))
            t++;
        if (t == nr)
            fmpz_set(r + nr++, S->r + j);
        if (S->cls[j] == k)
            fmpz_addmul(C + t, fmpz_mat_entry(X, S->lab[j], 0), S->q + j);
        else
            fmpz_submul(C + t, fmpz_mat_entry(X, S->lab[j], 0), S->q + j);
    }
    int sign = lsexact_sign_sum(r, C, nr);
    fmpz_mat_clear(X);
    fmpz_clear(den);
    _fmpz_vec_clear(r, S->nlab), _fmpz_vec_clear(C, S->nlab);
    return sign;
}
