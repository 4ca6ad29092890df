/* Tests of lambda: sign polynomials against hand derivations (the paper's
   gadget) and against the sign of F[i][k] - F[i][l] from a dense exact solve
   at rational lambda on random connected instances. */
#include <flint/fmpq_mat.h>
#include "check.h"
#include "certune/gen.h"
#include "certune/lambda.h"

/* The gadget: 1-3 and 2-3 weight 1, 3-4 weight x; 1, 2 class 0, 4 class 1,
   3 held out with class 1. */
static void gadget(ct_instance_t inst, slong xnum, ulong xden)
{
    ct_gen_instance_init(inst, "gadget", 4, 2, 3);
    slong eu[3] = {0, 1, 2}, ev[3] = {2, 2, 3};
    for (slong e = 0; e < 3; e++) {
        inst->eu[e] = eu[e];
        inst->ev[e] = ev[e];
        fmpq_one(inst->ew + e);
    }
    fmpq_set_si(inst->ew + 2, xnum, xden);
    inst->label[0] = inst->label[1] = 0;
    inst->label[3] = 1;
    inst->held[2] = 1;
}

/* By hand (docs/lambda.md): sign(F[3][0] - F[3][1]) = sign(x - (x - 2) lambda).
   The sign polynomial is that linear form (times xden) times a factor positive on
   (0, +inf): the rest of the determinant, here (1 + lambda). */
static void check_gadget(slong xnum, ulong xden)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    gadget(inst, xnum, xden);
    ct_lambda_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(count == 1 && s[0].node == 2 && s[0].truth == 1 && s[0].inst == 0);
    fmpz_poly_t expect;
    fmpz_t g;
    fmpz_poly_init(expect);
    fmpz_init(g);
    fmpz_poly_set_coeff_si(expect, 0, xnum);
    fmpz_poly_set_coeff_si(expect, 1, -(xnum - 2 * (slong)xden));
    fmpz_poly_content(g, expect);
    fmpz_poly_scalar_divexact_fmpz(expect, expect, g);
    fmpz_poly_t quot;
    fmpz_poly_init(quot);
    CHECK_MSG(fmpz_poly_divides(quot, s[0].diff.poly, expect), "x = %ld/%lu", xnum, xden);
    CHECK(fmpz_poly_degree(quot) == 1);
    for (slong i = 0; i < quot->length; i++)
        CHECK_MSG(fmpz_sgn(quot->coeffs + i) > 0, "x = %ld/%lu", xnum, xden);
    fmpz_poly_clear(quot);
    fmpz_poly_clear(expect);
    fmpz_clear(g);
    for (slong i = 0; i < count; i++)
        ct_signfn_clear(s + i);
    flint_free(s);
    ct_instance_clear(inst);
}

/* F = (L + lambda Delta)^{-1} Y by a dense solve (inst connected, labeled). */
static void dense_scores(fmpq_mat_t F, const ct_instance_t inst, const fmpq_t lambda)
{
    slong n = inst->n;
    fmpq_mat_t A, Y;
    fmpq_mat_init(A, n, n);
    fmpq_mat_init(Y, n, inst->c);
    for (slong e = 0; e < inst->nedges; e++) {
        slong u = inst->eu[e], v = inst->ev[e];
        fmpq_add(fmpq_mat_entry(A, u, u), fmpq_mat_entry(A, u, u), inst->ew + e);
        fmpq_add(fmpq_mat_entry(A, v, v), fmpq_mat_entry(A, v, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(A, u, v), fmpq_mat_entry(A, u, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(A, v, u), fmpq_mat_entry(A, v, u), inst->ew + e);
    }
    for (slong i = 0; i < n; i++)
        if (inst->label[i] >= 0) {
            fmpq_add(fmpq_mat_entry(A, i, i), fmpq_mat_entry(A, i, i), lambda);
            fmpq_one(fmpq_mat_entry(Y, i, inst->label[i]));
        }
    CHECK(fmpq_mat_solve(F, A, Y));
    fmpq_mat_clear(A);
    fmpq_mat_clear(Y);
}

static void check_signs_at(const ct_signfn_struct *s, slong count,
                           const ct_instance_t inst, const fmpq_t lambda)
{
    fmpq_mat_t F;
    fmpq_t v, d;
    fmpq_mat_init(F, inst->n, inst->c);
    fmpq_init(v);
    fmpq_init(d);
    dense_scores(F, inst, lambda);
    for (slong r = 0; r < count; r++)
        for (slong k = 0; k < inst->c; k++)
            for (slong l = k + 1; l < inst->c; l++) {
                const fmpz_poly_struct *p =
                    s[r].diff.poly + ct_signfn_pair(k, l, inst->c);
                fmpz_poly_evaluate_fmpq(v, p, lambda);
                fmpq_sub(d, fmpq_mat_entry(F, s[r].node, k),
                         fmpq_mat_entry(F, s[r].node, l));
                CHECK_MSG(fmpq_sgn(v) == fmpq_sgn(d), "node %ld pair %ld,%ld",
                          (long)s[r].node, (long)k, (long)l);
            }
    fmpq_mat_clear(F);
    fmpq_clear(v);
    fmpq_clear(d);
}

/* Small instances, then a few larger ones whose coefficients need several
   primes in the CRT. */
static void check_random(flint_rand_t state)
{
    for (slong trial = 0; trial < 64; trial++) {
        ct_gen_params_t P;
        slong n = trial < 60 ? 3 + (slong)n_randint(state, 12) : 30 + 5 * (trial - 60);
        ct_gen_params_init(P, n, 2 + n_randint(state, 3));
        if (trial >= 60)
            P->p = 4.0 / n;
        P->connected = 1;
        P->labeled = 0.2 + 0.1 * n_randint(state, 5);
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        int score_all = (int)n_randint(state, 2);
        ct_signfn_struct *s = NULL;
        slong count = 0, m = 0;
        ct_lambda_sign_functions(&s, &count, inst, 0, score_all, NULL);
        for (slong i = 0; i < inst->n; i++)
            m += inst->label[i] >= 0;
        for (slong r = 0; r < count; r++)
            for (slong p = 0; p < inst->c * (inst->c - 1) / 2; p++)
                CHECK(fmpz_poly_degree(s[r].diff.poly + p) < m); /* degree < |labeled| */
        fmpq_t lambda;
        fmpq_init(lambda);
        for (slong j = 0; j < 4; j++) {
            fmpq_set_si(lambda, 1 + n_randint(state, 50), 1 + n_randint(state, 20));
            check_signs_at(s, count, inst, lambda);
        }
        fmpq_clear(lambda);
        for (slong i = 0; i < count; i++)
            ct_signfn_clear(s + i);
        flint_free(s);
        ct_instance_clear(inst);
    }
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_gadget(4, 1);
    check_gadget(3, 1);
    check_gadget(6, 1);
    check_gadget(5, 2);
    check_gadget(1, 1);
    check_gadget(2, 1);
    check_gadget(7, 3);
    check_random(state);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-lambda");
}
