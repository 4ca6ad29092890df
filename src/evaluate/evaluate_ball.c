/* evaluate_ball: the signs at one point from a floating solve with a proved
   error bound, before the exact solve (evaluate_solve.c), which stays the
   answer whenever a sign is not proved here.

   alpha's and delta's M = D - x W (x < 1) is strictly diagonally dominant:
   row i has margin sigma_i = M_ii - sum_{j != i} |M_ij| = (1 - x) d_i > 0.
   Then ||M^-1||_inf <= 1 / min_i sigma_i (Varah, 1975), so for any Z~,
   |Z - Z~|_max <= |E - M Z~|_max / sigma column by column; the residual is
   computed in balls from the exact M. lambda's M = L + x Delta has margin 0
   on unlabeled rows and always goes to the exact solve. */
#include <math.h>
#include <stdlib.h>
#include "certune/signfn.h"
#include "evaluate_internal.h"

/* sigma = min_i (M_ii - sum_{j != i} |M_ij|); 0 when some margin is <= 0. */
static int ball_margin(fmpq_t sigma, const fmpq_mat_t M)
{
    fmpq_t row, a;
    fmpq_init(row);
    fmpq_init(a);
    int ok = 1;
    for (slong i = 0; ok && i < M->r; i++) {
        fmpq_set(row, fmpq_mat_entry(M, i, i));
        for (slong j = 0; j < M->c; j++)
            if (j != i) {
                fmpq_abs(a, fmpq_mat_entry(M, i, j));
                fmpq_sub(row, row, a);
            }
        ok = fmpq_sgn(row) > 0;
        if (ok && (i == 0 || fmpq_cmp(row, sigma) < 0))
            fmpq_set(sigma, row);
    }
    fmpq_clear(row);
    fmpq_clear(a);
    return ok;
}

/* Z~ (s x ng, row-major) solving M Z = E in doubles, Gaussian elimination
   without pivoting (diagonal dominance keeps the pivots away from 0).
   Returns 0 when a value is not finite. */
static int ball_float_solve(double *Z, const _ct_evaluate_comp *K)
{
    slong s = K->s, ng = K->ngroups;
    double *A = malloc(sizeof(double) * (size_t)(s * s));
    for (slong i = 0; i < s; i++) {
        for (slong j = 0; j < s; j++)
            A[i * s + j] = fmpq_get_d(fmpq_mat_entry(K->M, i, j));
        for (slong g = 0; g < ng; g++)
            Z[i * ng + g] = K->group[i] == g;
    }
    for (slong k = 0; k < s; k++)
        for (slong i = k + 1; i < s; i++) {
            double f = A[i * s + k] / A[k * s + k];
            if (f == 0)
                continue;
            for (slong j = k; j < s; j++)
                A[i * s + j] -= f * A[k * s + j];
            for (slong g = 0; g < ng; g++)
                Z[i * ng + g] -= f * Z[k * ng + g];
        }
    int ok = 1;
    for (slong i = s - 1; i >= 0; i--)
        for (slong g = 0; g < ng; g++) {
            double v = Z[i * ng + g];
            for (slong j = i + 1; j < s; j++)
                v -= A[i * s + j] * Z[j * ng + g];
            Z[i * ng + g] = v / A[i * s + i];
            ok = ok && isfinite(Z[i * ng + g]);
        }
    free(A);
    return ok;
}

/* err[g] = [0 +- e_g] with e_g >= |E - M Z~|_max(column g) / sigma: the
   residual in balls from the exact entries of M. */
static void ball_errors(arb_struct *err, const double *Z, const _ct_evaluate_comp *K,
                        const fmpq_t sigma)
{
    slong s = K->s, ng = K->ngroups, prec = CT_EVALUATE_PREC, nnz = 0;
    arb_struct *mv = _arb_vec_init(s * s);
    slong *mi = malloc(sizeof(slong) * (size_t)(2 * s * s)), *mj = mi + s * s;
    for (slong i = 0; i < s; i++)
        for (slong j = 0; j < s; j++)
            if (!fmpq_is_zero(fmpq_mat_entry(K->M, i, j))) {
                arb_set_fmpq(mv + nnz, fmpq_mat_entry(K->M, i, j), prec);
                mi[nnz] = i, mj[nnz++] = j;
            }
    arb_struct *r = _arb_vec_init(s);
    arb_t t, sig;
    arf_t z, ub, most;
    arb_init(t), arb_init(sig);
    arf_init(z), arf_init(ub), arf_init(most);
    arb_set_fmpq(sig, sigma, prec);
    for (slong g = 0; g < ng; g++) {
        for (slong i = 0; i < s; i++)
            arb_set_si(r + i, K->group[i] == g);
        for (slong q = 0; q < nnz; q++) { /* r = E - M Z~ */
            arf_set_d(z, Z[mj[q] * ng + g]);
            arb_mul_arf(t, mv + q, z, prec);
            arb_sub(r + mi[q], r + mi[q], t, prec);
        }
        arf_zero(most);
        for (slong i = 0; i < s; i++) {
            arb_get_abs_ubound_arf(ub, r + i, prec);
            if (arf_cmp(ub, most) > 0)
                arf_set(most, ub);
        }
        arb_set_arf(t, most);
        arb_div(t, t, sig, prec);
        arb_get_abs_ubound_arf(ub, t, prec);
        arb_zero(err + g);
        arb_add_error_arf(err + g, ub);
    }
    arb_clear(t), arb_clear(sig);
    arf_clear(z), arf_clear(ub), arf_clear(most);
    _arb_vec_clear(r, s);
    _arb_vec_clear(mv, s * s);
    free(mi);
}

/* sign(F[u][k] - F[u][l]) from the balls Z~[u][g] + err[g]: 0 if undecided.
   *tie is set when neither class has a label in the component: F[u][k] =
   F[u][l] = 0 exactly, a tie known without any solve. */
static int ball_pair_sign(int *tie, const double *Zu, const arb_struct *err,
                          const _ct_evaluate_comp *K, slong k, slong l)
{
    *tie = 1;
    for (slong g = 0; *tie && g < K->ngroups; g++)
        *tie = K->gclass[g] != k && K->gclass[g] != l;
    if (*tie)
        return 0;
    arb_t sum, z;
    arb_init(sum), arb_init(z);
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == k || K->gclass[g] == l) {
            arb_set_d(z, Zu[g]);
            arb_add(z, z, err + g, CT_EVALUATE_PREC);
            arb_mul(z, z, K->gpow + g, CT_EVALUATE_PREC);
            if (K->gclass[g] == k)
                arb_add(sum, sum, z, CT_EVALUATE_PREC);
            else
                arb_sub(sum, sum, z, CT_EVALUATE_PREC);
        }
    int sg = arb_is_positive(sum) ? 1 : arb_is_negative(sum) ? -1 : 0;
    arb_clear(sum), arb_clear(z);
    return sg;
}

int _ct_evaluate_ball_signs(int *sgn, const _ct_evaluate_comp *K, slong c,
                            const char *want)
{
    slong s = K->s, ng = K->ngroups, npairs = c * (c - 1) / 2;
    fmpq_t sigma;
    fmpq_init(sigma);
    double *Z = malloc(sizeof(double) * (size_t)(s * ng));
    arb_struct *err = _arb_vec_init(ng);
    int ok = ball_margin(sigma, K->M) && ball_float_solve(Z, K);
    if (ok)
        ball_errors(err, Z, K, sigma);
    for (slong u = 0; ok && u < s; u++)
        for (slong k = 0; ok && want[K->idx[u]] && k < c; k++)
            for (slong l = k + 1; ok && l < c; l++) {
                int tie, sg = ball_pair_sign(&tie, Z + u * ng, err, K, k, l);
                sgn[K->idx[u] * npairs + ct_signfn_pair(k, l, c)] = sg;
                ok = sg != 0 || tie;
            }
    _arb_vec_clear(err, ng);
    free(Z);
    fmpq_clear(sigma);
    return ok;
}
