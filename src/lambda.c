/* lambda: sign functions of the smoothing family via Kron reduction.

   Per component with labeled set l (m nodes) and unlabeled set u, everything is
   scaled to integers: L_int = s L (s clears the weights' denominators), X/den =
   -L_uu^{-1} L_ul = H, K_int = den L_ll + L_lu X, so that lambda I + K =
   (Tlambda I + K_int) / T with T = s den > 0. With mu = T lambda and B = -K_int,
   adj(mu I - B) Y_l = sum_t mu^(m-1-t) W_t, W_0 = Y_l, W_t = B W_{t-1} + c_t Y_l
   (c_t from det(x I - B)), and F_u = H F_l. Every factor dropped is positive. */
#include <flint/fmpz_mat.h>
#include "certune/component.h"
#include "certune/lambda.h"

typedef struct {
    slong m, nu;      /* labeled and unlabeled nodes of the component */
    slong *lab, *unl; /* their node ids */
    slong *pos;       /* node id -> index within lab or unl */
} kron_sets;

/* Least common multiple of the weights' denominators inside component k. */
static void lambda_weight_scale(fmpz_t s, const instance_t inst, const slong *comp,
                                slong k)
{
    fmpz_one(s);
    for (slong e = 0; e < inst->nedges; e++)
        if (comp[inst->eu[e]] == k)
            fmpz_lcm(s, s, fmpq_denref(inst->ew + e));
}

/* Fills the blocks L_ll, L_ul, L_uu of s L restricted to the component. */
static void lambda_laplacian_blocks(fmpz_mat_t Lll, fmpz_mat_t Lul, fmpz_mat_t Luu,
                                    const instance_t inst, const slong *comp, slong k,
                                    const kron_sets *S, const fmpz_t s)
{
    fmpz_t w;
    fmpz_init(w);
    for (slong e = 0; e < inst->nedges; e++) {
        slong a = inst->eu[e], b = inst->ev[e];
        if (comp[a] != k)
            continue;
        fmpz_mul(w, fmpq_numref(inst->ew + e), s);
        fmpz_divexact(w, w, fmpq_denref(inst->ew + e));
        int la = inst->label[a] >= 0, lb = inst->label[b] >= 0;
        slong pa = S->pos[a], pb = S->pos[b];
        fmpz_mat_struct *Da = la ? Lll : Luu, *Db = lb ? Lll : Luu;
        fmpz_add(fmpz_mat_entry(Da, pa, pa), fmpz_mat_entry(Da, pa, pa), w);
        fmpz_add(fmpz_mat_entry(Db, pb, pb), fmpz_mat_entry(Db, pb, pb), w);
        if (la && lb) {
            fmpz_sub(fmpz_mat_entry(Lll, pa, pb), fmpz_mat_entry(Lll, pa, pb), w);
            fmpz_sub(fmpz_mat_entry(Lll, pb, pa), fmpz_mat_entry(Lll, pb, pa), w);
        } else if (!la && !lb) {
            fmpz_sub(fmpz_mat_entry(Luu, pa, pb), fmpz_mat_entry(Luu, pa, pb), w);
            fmpz_sub(fmpz_mat_entry(Luu, pb, pa), fmpz_mat_entry(Luu, pb, pa), w);
        } else if (la) {
            fmpz_sub(fmpz_mat_entry(Lul, pb, pa), fmpz_mat_entry(Lul, pb, pa), w);
        } else {
            fmpz_sub(fmpz_mat_entry(Lul, pa, pb), fmpz_mat_entry(Lul, pa, pb), w);
        }
    }
    fmpz_clear(w);
}

/* X, den with X / den = -L_uu^{-1} L_ul, den > 0; then K_int = den L_ll + L_ul^T X
   overwrites Lll. L_uu is positive definite (every node of u reaches l). */
static void lambda_kron_reduce(fmpz_mat_t X, fmpz_t den, fmpz_mat_t Lll,
                               const fmpz_mat_t Lul, const fmpz_mat_t Luu)
{
    fmpz_one(den);
    if (fmpz_mat_nrows(Luu) == 0)
        return;
    fmpz_mat_t rhs, LulT, prod;
    fmpz_mat_init(rhs, Lul->r, Lul->c);
    fmpz_mat_neg(rhs, Lul);
    if (!fmpz_mat_solve(X, den, Luu, rhs))
        flint_abort(); /* impossible: L_uu is nonsingular */
    if (fmpz_sgn(den) < 0) {
        fmpz_neg(den, den);
        fmpz_mat_neg(X, X);
    }
    fmpz_mat_init(LulT, Lul->c, Lul->r);
    fmpz_mat_init(prod, Lul->c, Lul->c);
    fmpz_mat_transpose(LulT, Lul);
    fmpz_mat_mul(prod, LulT, X);
    fmpz_mat_scalar_mul_fmpz(Lll, Lll, den);
    fmpz_mat_add(Lll, Lll, prod);
    fmpz_mat_clear(rhs);
    fmpz_mat_clear(LulT);
    fmpz_mat_clear(prod);
}

/* Wall (m x c m): block t holds W_t, so that column t c + k is the coefficient
   of mu^(m-1-t) in adj(mu I + K_int) Y_l[:, k]. */
static void lambda_adjugate_krylov(fmpz_mat_t Wall, const fmpz_mat_t Kint,
                                   const instance_t inst, const kron_sets *S)
{
    slong m = S->m, c = inst->c;
    fmpz_mat_t B, Wt, Wn;
    fmpz_poly_t cp;
    fmpz_mat_init(B, m, m);
    fmpz_mat_init(Wt, m, c);
    fmpz_mat_init(Wn, m, c);
    fmpz_poly_init(cp);
    fmpz_mat_neg(B, Kint);
    fmpz_mat_charpoly(cp, B);
    for (slong j = 0; j < m; j++)
        fmpz_one(fmpz_mat_entry(Wt, j, inst->label[S->lab[j]]));
    for (slong t = 0; t < m; t++) {
        if (t > 0) {
            fmpz_mat_mul(Wn, B, Wt);
            fmpz_mat_swap(Wn, Wt);
            const fmpz *ct = cp->coeffs + (m - t);
            for (slong j = 0; j < m; j++) {
                fmpz *e = fmpz_mat_entry(Wt, j, inst->label[S->lab[j]]);
                fmpz_add(e, e, ct);
            }
        }
        for (slong j = 0; j < m; j++)
            for (slong k = 0; k < c; k++)
                fmpz_set(fmpz_mat_entry(Wall, j, t * c + k), fmpz_mat_entry(Wt, j, k));
    }
    fmpz_mat_clear(B);
    fmpz_mat_clear(Wt);
    fmpz_mat_clear(Wn);
    fmpz_poly_clear(cp);
}

/* diff = sum_t (row[t c + k] - row[t c + l]) (T lambda)^(m-1-t), divided by its
   (positive) content so the sign is kept. */
static void lambda_pair_poly(fmpz_poly_t diff, const fmpz *row, slong m, slong c, slong k,
                             slong l, const fmpz_t T)
{
    fmpz_t coef, Tpow;
    fmpz_init(coef);
    fmpz_init_set_ui(Tpow, 1);
    fmpz_poly_zero(diff);
    for (slong e = 0; e < m; e++) {
        slong t = m - 1 - e;
        fmpz_sub(coef, row + t * c + k, row + t * c + l);
        fmpz_mul(coef, coef, Tpow);
        fmpz_poly_set_coeff_fmpz(diff, e, coef);
        fmpz_mul(Tpow, Tpow, T);
    }
    if (!fmpz_poly_is_zero(diff)) {
        fmpz_poly_content(coef, diff);
        fmpz_poly_scalar_divexact_fmpz(diff, diff, coef);
    }
    fmpz_clear(coef);
    fmpz_clear(Tpow);
}

static int lambda_is_scored(const instance_t inst, slong i, int score_all)
{
    return inst->held[i] >= 0 || (score_all && inst->label[i] >= 0);
}

static slong lambda_truth(const instance_t inst, slong i)
{
    return inst->held[i] >= 0 ? inst->held[i] : inst->label[i];
}

static signfn_struct *lambda_append(signfn_struct **out, slong *count, slong inst_idx,
                                    const instance_t inst, slong i)
{
    *out = flint_realloc(*out, (*count + 1) * sizeof(signfn_struct));
    signfn_struct *s = *out + *count;
    signfn_init(s, inst_idx, i, lambda_truth(inst, i), inst->c);
    (*count)++;
    return s;
}

/* The pair polynomials of every scored node from the rows of P (labeled: Wall,
   unlabeled: X Wall). */
static void lambda_emit_nodes(signfn_struct **out, slong *count, slong inst_idx,
                              const instance_t inst, const kron_sets *S,
                              const fmpz_mat_t Wall, const fmpz_mat_t XW, const fmpz_t T,
                              int score_all)
{
    slong c = inst->c;
    for (int side = 0; side < 2; side++) {
        slong len = side ? S->nu : S->m;
        const slong *ids = side ? S->unl : S->lab;
        for (slong r = 0; r < len; r++) {
            if (!lambda_is_scored(inst, ids[r], score_all))
                continue;
            const fmpz *row = side ? XW->rows[r] : Wall->rows[r];
            signfn_struct *s = lambda_append(out, count, inst_idx, inst, ids[r]);
            for (slong k = 0; k < c; k++)
                for (slong l = k + 1; l < c; l++)
                    lambda_pair_poly(s->diff + signfn_pair(k, l, c), row, S->m, c, k, l,
                                     T);
        }
    }
}

static void lambda_component(signfn_struct **out, slong *count, slong inst_idx,
                             const instance_t inst, const slong *comp, slong k,
                             const kron_sets *S, int score_all)
{
    fmpz_t s, den, T, g;
    fmpz_mat_t Lll, Lul, Luu, X, Wall, XW;
    fmpz_init(s), fmpz_init(den), fmpz_init(T), fmpz_init(g);
    fmpz_mat_init(Lll, S->m, S->m);
    fmpz_mat_init(Lul, S->nu, S->m);
    fmpz_mat_init(Luu, S->nu, S->nu);
    fmpz_mat_init(X, S->nu, S->m);
    fmpz_mat_init(Wall, S->m, S->m * inst->c);
    fmpz_mat_init(XW, S->nu, S->m * inst->c);

    lambda_weight_scale(s, inst, comp, k);
    lambda_laplacian_blocks(Lll, Lul, Luu, inst, comp, k, S, s);
    lambda_kron_reduce(X, den, Lll, Lul, Luu);
    fmpz_mul(T, s, den);
    fmpz_mat_content(g, Lll);
    fmpz_gcd(g, g, T);
    if (!fmpz_is_one(g)) {
        fmpz_mat_scalar_divexact_fmpz(Lll, Lll, g);
        fmpz_divexact(T, T, g);
    }
    lambda_adjugate_krylov(Wall, Lll, inst, S);
    if (S->nu > 0)
        fmpz_mat_mul(XW, X, Wall);
    lambda_emit_nodes(out, count, inst_idx, inst, S, Wall, XW, T, score_all);

    fmpz_clear(s), fmpz_clear(den), fmpz_clear(T), fmpz_clear(g);
    fmpz_mat_clear(Lll), fmpz_mat_clear(Lul), fmpz_mat_clear(Luu);
    fmpz_mat_clear(X), fmpz_mat_clear(Wall), fmpz_mat_clear(XW);
}

/* Splits component k into labeled and unlabeled nodes; returns m. */
static slong lambda_sets_fill(kron_sets *S, const instance_t inst, const slong *comp,
                              slong k)
{
    S->m = S->nu = 0;
    for (slong i = 0; i < inst->n; i++) {
        if (comp[i] != k)
            continue;
        if (inst->label[i] >= 0) {
            S->pos[i] = S->m;
            S->lab[S->m++] = i;
        } else {
            S->pos[i] = S->nu;
            S->unl[S->nu++] = i;
        }
    }
    return S->m;
}

static void lambda_unlabeled_component(signfn_struct **out, slong *count, slong inst_idx,
                                       const instance_t inst, const kron_sets *S,
                                       int score_all, FILE *warn)
{
    if (warn != NULL)
        fprintf(warn,
                "certune: warning: %s: the component of node %ld (%ld nodes) has no "
                "labeled node; its nodes get F = 0 (a tie, predicted class 0)\n",
                inst->path, (long)(S->unl[0] + 1), (long)S->nu);
    for (slong r = 0; r < S->nu; r++)
        if (lambda_is_scored(inst, S->unl[r], score_all))
            lambda_append(out, count, inst_idx, inst, S->unl[r]);
}

void lambda_sign_functions(signfn_struct **out, slong *count, const instance_t inst,
                           slong inst_idx, int score_all, FILE *warn)
{
    slong n = inst->n;
    slong *comp = flint_malloc(n * sizeof(slong));
    kron_sets S;
    S.lab = flint_malloc(n * sizeof(slong));
    S.unl = flint_malloc(n * sizeof(slong));
    S.pos = flint_malloc(n * sizeof(slong));
    slong ncomp = component_assign(comp, inst);
    for (slong k = 0; k < ncomp; k++) {
        if (lambda_sets_fill(&S, inst, comp, k) == 0)
            lambda_unlabeled_component(out, count, inst_idx, inst, &S, score_all, warn);
        else
            lambda_component(out, count, inst_idx, inst, comp, k, &S, score_all);
    }
    flint_free(comp);
    flint_free(S.lab);
    flint_free(S.unl);
    flint_free(S.pos);
}
