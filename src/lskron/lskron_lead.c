/* lskron_lead: exact leading coefficients of the power series (disk 0),
   which decide the signs for large lambda. With unit or other symmetric
   weights, (H b)_i of an unlabeled node (its harmonic measure on the labels
   of k minus that of l) or (M b)_i of a labeled node of another class is
   often exactly 0, and its ball, widened by the error bounds of H~ and K~,
   then contains 0 without being 0: the sign right of alpha = 0 would be
   undecided. One exact solve L_uu Z = W_ul Y (zlift, else FLINT's
   fmpz_mat_solve) gives both exactly: (H b)_u = Z[u][k] - Z[u][l] and
   (K b)_i = d_i b_i - sum_j w_ij b_j - sum_u w_iu (H b)_u, (M b)_i = b_i -
   (K b)_i / rho. */
#include <math.h>
#include "certune/pool.h"
#include "certune/zlift.h"
#include "lskron_internal.h"

/* L_uu and B = W_ul Y as integer matrices. */
static void klead_system(fmpz_mat_t A, fmpz_mat_t B, const ct_lskron_struct *S)
{
    for (slong a = 0; a < S->nu; a++) {
        slong i = S->unl[a];
        fmpz_set_d(fmpz_mat_entry(A, a, a), S->deg[i]); /* exact integers */
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            if (q < 0)
                fmpz_set_d(fmpz_mat_entry(A, a, -1 - q), -S->w[e]);
            else
                fmpz_add_ui(fmpz_mat_entry(B, a, S->cls[q]),
                            fmpz_mat_entry(B, a, S->cls[q]), (ulong)S->w[e]);
        }
    }
}

int _ct_lskron_lead_compute(ct_lskron_struct *S)
{
    if (S->Y0 != NULL)
        return 0;
    slong nu = S->nu, c = S->head.c, bits = 1;
    S->Y0 = flint_malloc(sizeof(fmpz_mat_struct));
    fmpz_mat_init(S->Y0, nu, c);
    fmpz_one(S->den0);
    if (nu == 0)
        return 0;
    fmpz_mat_t A, B;
    fmpz_mat_init(A, nu, nu), fmpz_mat_init(B, nu, c);
    klead_system(A, B, S);
    for (slong a = 0; a < nu; a++) /* |L_uu^{-1}|_ij <= (L_uu^{-1} 1)_i <= zb_i */
        bits = FLINT_MAX(bits, (slong)ceil(log2(S->zb[a])) + 1);
    slong *rows = flint_malloc(nu * sizeof(slong));
    for (slong a = 0; a < nu; a++)
        rows[a] = a;
    int ok = ct_zlift_solve_rows(S->Y0, S->den0, A, B, bits, rows, nu,
                                 ct_pool_inner_threads()) ||
             fmpz_mat_solve(S->Y0, S->den0, A, B);
    if (ok && fmpz_sgn(S->den0) < 0) {
        fmpz_neg(S->den0, S->den0);
        fmpz_mat_neg(S->Y0, S->Y0);
    }
    fmpz_mat_clear(A), fmpz_mat_clear(B);
    flint_free(rows);
    if (!ok) {
        fmpz_mat_clear(S->Y0);
        flint_free(S->Y0);
        S->Y0 = NULL;
    }
    return !ok;
}

/* den0 (H b)_u for unlabeled u (b = Y_k - Y_l). */
static void klead_hb(fmpz_t r, const ct_lskron_struct *S, slong a, slong k, slong l)
{
    fmpz_sub(r, fmpz_mat_entry(S->Y0, a, k), fmpz_mat_entry(S->Y0, a, l));
}

/* den0 rho (M b)_i for labeled i with b_i = 0. */
static void klead_mb(fmpz_t r, const ct_lskron_struct *S, slong i, slong k, slong l)
{
    fmpz_t t;
    fmpz_init(t);
    fmpz_zero(r); /* -den0 (K b)_i = den0 sum_j w b_j + sum_u w den0 (H b)_u */
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong q = S->pos[S->col[e]];
        if (q >= 0)
            fmpz_set_si(t, (S->cls[q] == k) - (S->cls[q] == l)), fmpz_mul(t, t, S->den0);
        else
            klead_hb(t, S, -1 - q, k, l);
        fmpz_addmul_ui(r, t, (ulong)S->w[e]);
    }
    fmpz_clear(t);
}

void _ct_lskron_exact_lead(arb_ptr a, slong J, const ct_lskron_struct *S, slong i,
                           slong k, slong l, slong prec)
{
    slong j = 0, q = S->pos[i];
    while (j <= J && arb_is_zero(a + j))
        j++;
    if (S->Y0 == NULL || j > 1 || (j == 0) != (q < 0))
        return;
    fmpz_t num, den;
    fmpz_init(num), fmpz_init_set(den, S->den0);
    if (j == 0) {
        klead_hb(num, S, -1 - q, k, l);
    } else {
        klead_mb(num, S, i, k, l);
        fmpz_mul_si(den, den, (slong)S->rho);
    }
    if (fmpz_is_zero(num)) {
        arb_zero(a + j);
    } else {
        arb_set_fmpz(a + j, num);
        arb_div_fmpz(a + j, a + j, den, prec);
    }
    fmpz_clear(num), fmpz_clear(den);
}
