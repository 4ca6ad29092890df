/* evaluate_solve: the exact signs of F[i][k] - F[i][l] at one rational point,
   one dense exact solve per connected component.

   Per component (docs/tuning.md), up to a positive factor per row,
   F[i][k] = sum_g Z[i][g] B_g^e over the groups g = (class k, base B_g) of its
   labeled nodes, with M Z = E (E[j][g] = 1 when labeled node j is in group g),
   M = D - w W + t diag(labeled), as the family's row reads it (family.h,
   ct_family_eval_struct):
     lambda: M = L + x Delta,  one group per class, B = 1;
     alpha:  M = D - x W,      B = the scaled degree, e = 1/2;
     delta:  M = D - c W,      B = the scaled degree, e = x. */
#include <arb.h>
#include <flint/fmpq_mat.h>
#include <stdlib.h>
#include "certune/component.h"
#include "certune/expsum.h"
#include "certune/family.h"
#include "evaluate_internal.h"

typedef _ct_evaluate_comp eval_comp;

#define EVAL_PREC CT_EVALUATE_PREC

/* The member's group, appended when new. */
static slong eval_group_of(eval_comp *K, slong cls, const fmpz_t base)
{
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == cls && fmpz_equal(K->gbase + g, base))
            return g;
    K->gclass[K->ngroups] = cls;
    fmpz_set(K->gbase + K->ngroups, base);
    return K->ngroups++;
}

/* M and the groups of the component whose members are K->idx. */
static void eval_build(eval_comp *K, ct_family_t family, const fmpq_t c_delta,
                       const fmpq_t x, const ct_instance_t inst, const slong *comp,
                       const slong *pos)
{
    const ct_family_eval_struct *F = &ct_family_row(family)->eval;
    fmpq_t wq, tq;
    fmpq_init(wq), fmpq_init(tq);
    ct_family_at(wq, F->weight, x, c_delta);
    ct_family_at(tq, F->labeled, x, c_delta);
    slong s = K->s, which = comp[K->idx[0]];
    fmpq *deg = _fmpq_vec_init(s);
    fmpz_t scale, base;
    fmpz_init_set_ui(scale, 1);
    fmpz_init(base);
    fmpq_mat_init(K->M, s, s);
    fmpq_t w;
    fmpq_init(w);
    for (slong e = 0; e < inst->nedges; e++) {
        if (comp[inst->eu[e]] != which)
            continue;
        slong u = pos[inst->eu[e]], v = pos[inst->ev[e]];
        fmpq_add(deg + u, deg + u, inst->ew + e);
        fmpq_add(deg + v, deg + v, inst->ew + e);
        fmpz_lcm(scale, scale, fmpq_denref(inst->ew + e));
        /* off-diagonal: -w (lambda), -x w (alpha), -c w (delta) */
        fmpq_mul(w, inst->ew + e, wq);
        fmpq_sub(fmpq_mat_entry(K->M, u, v), fmpq_mat_entry(K->M, u, v), w);
        fmpq_sub(fmpq_mat_entry(K->M, v, u), fmpq_mat_entry(K->M, v, u), w);
    }
    for (slong u = 0; u < s; u++) {
        fmpq_set(fmpq_mat_entry(K->M, u, u), deg + u);
        slong cls = inst->label[K->idx[u]];
        K->group[u] = -1;
        if (cls < 0)
            continue;
        fmpq_add(fmpq_mat_entry(K->M, u, u), fmpq_mat_entry(K->M, u, u), tq);
        if (!F->degree_bases) {
            fmpz_one(base);
        } else { /* the integer scale * d_u */
            fmpz_divexact(base, scale, fmpq_denref(deg + u));
            fmpz_mul(base, base, fmpq_numref(deg + u));
        }
        K->group[u] = eval_group_of(K, cls, base);
    }
    fmpq_clear(w);
    fmpq_clear(wq), fmpq_clear(tq);
    fmpz_clear(scale);
    fmpz_clear(base);
    _fmpq_vec_clear(deg, s);
}

/* sign(F[i][k] - F[i][l]) from the row z (integers, a positive multiple of
   Z[i][.]); e is the exponent of the bases. */
static int eval_pair_sign(const fmpz *z, const eval_comp *K, slong k, slong l,
                          const fmpq_t e, fmpz *coef)
{
    /* First a ball: a sign it proves is the sign; else the exact decision. */
    arb_t sum, term;
    arb_init(sum);
    arb_init(term);
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == k || K->gclass[g] == l) {
            arb_mul_fmpz(term, K->gpow + g, z + g, EVAL_PREC);
            if (K->gclass[g] == k)
                arb_add(sum, sum, term, EVAL_PREC);
            else
                arb_sub(sum, sum, term, EVAL_PREC);
        }
    int quick = arb_is_positive(sum) ? 1 : arb_is_negative(sum) ? -1 : 0;
    arb_clear(sum);
    arb_clear(term);
    if (quick != 0)
        return quick;
    slong n = 0;
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == k)
            fmpz_set(coef + n++, z + g);
        else if (K->gclass[g] == l)
            fmpz_neg(coef + n++, z + g);
    fmpz *bases = _fmpz_vec_init(FLINT_MAX(n, 1));
    for (slong g = 0, t = 0; g < K->ngroups; g++)
        if (K->gclass[g] == k || K->gclass[g] == l)
            fmpz_set(bases + t++, K->gbase + g);
    ct_expsum_t h;
    ct_expsum_init(h);
    ct_expsum_set_terms(h, coef, bases, n);
    int sg = ct_expsum_sign_fmpq(h, e);
    ct_expsum_clear(h);
    _fmpz_vec_clear(bases, FLINT_MAX(n, 1));
    return sg;
}

/* The signs of every pair at member u, from the solution Z. */
static void eval_row_signs(int *sgn, const eval_comp *K, const fmpq_mat_t Z, slong u,
                           slong c, const fmpq_t e)
{
    fmpz_t den;
    fmpz_init_set_ui(den, 1);
    for (slong g = 0; g < K->ngroups; g++)
        fmpz_lcm(den, den, fmpq_denref(fmpq_mat_entry(Z, u, g)));
    fmpz *z = _fmpz_vec_init(FLINT_MAX(K->ngroups, 1));
    fmpz *coef = _fmpz_vec_init(FLINT_MAX(K->ngroups, 1));
    for (slong g = 0; g < K->ngroups; g++) {
        fmpz_divexact(z + g, den, fmpq_denref(fmpq_mat_entry(Z, u, g)));
        fmpz_mul(z + g, z + g, fmpq_numref(fmpq_mat_entry(Z, u, g)));
    }
    for (slong k = 0; k < c; k++)
        for (slong l = k + 1; l < c; l++)
            sgn[ct_signfn_pair(k, l, c)] = eval_pair_sign(z, K, k, l, e, coef);
    _fmpz_vec_clear(z, FLINT_MAX(K->ngroups, 1));
    _fmpz_vec_clear(coef, FLINT_MAX(K->ngroups, 1));
    fmpz_clear(den);
}

/* Solves the component and sets its members' signs (those in want). */
static void eval_component(int *sgn, eval_comp *K, ct_family_t family,
                           const fmpq_t c_delta, const fmpq_t x, const ct_instance_t inst,
                           const slong *comp, const slong *pos, const char *want)
{
    slong c = inst->c, npairs = c * (c - 1) / 2;
    eval_build(K, family, c_delta, x, inst, comp, pos);
    fmpq_t e;
    fmpq_init(e);
    ct_family_at(e, ct_family_row(family)->eval.exponent, x, c_delta);
    for (slong g = 0; g < K->ngroups; g++) {
        arb_set_fmpz(K->gpow + g, K->gbase + g);
        arb_pow_fmpq(K->gpow + g, K->gpow + g, e, EVAL_PREC);
    }
    /* A floating solve with a proved error decides most signs; an exact tie
       (common on real graphs) or a near one goes to the exact solve. */
    if (K->ngroups > 0 && _ct_evaluate_ball_signs(sgn, K, c, want)) {
        fmpq_clear(e);
        fmpq_mat_clear(K->M);
        return;
    }
    fmpq_mat_t E, Z;
    fmpq_mat_init(E, K->s, FLINT_MAX(K->ngroups, 1));
    fmpq_mat_init(Z, K->s, FLINT_MAX(K->ngroups, 1));
    for (slong u = 0; u < K->s; u++)
        if (K->group[u] >= 0)
            fmpq_one(fmpq_mat_entry(E, u, K->group[u]));
    if (K->ngroups > 0 && !fmpq_mat_solve(Z, K->M, E))
        abort(); /* M is nonsingular (docs/tuning.md): a bug, never bad input */
    for (slong u = 0; u < K->s; u++)
        if (want[K->idx[u]])
            eval_row_signs(sgn + K->idx[u] * npairs, K, Z, u, c, e);
    fmpq_clear(e);
    fmpq_mat_clear(E);
    fmpq_mat_clear(Z);
    fmpq_mat_clear(K->M);
}

/* A node alone (degree 0): its row of every normalized matrix is zero and
   F_i = Y_i (lambda: Y_i / x), so a labeled node prefers its class. */
static void eval_isolated(int *sgn, const ct_instance_t inst, slong i)
{
    slong c = inst->c, k0 = inst->label[i];
    for (slong k = 0; k < c; k++)
        for (slong l = k + 1; l < c; l++)
            sgn[ct_signfn_pair(k, l, c)] = (k == k0) - (l == k0);
}

void _ct_evaluate_signs(int *sgn, ct_family_t family, const fmpq *c_delta, const fmpq *x,
                        const ct_instance_struct *inst, const char *want)
{
    slong n = inst->n, c = inst->c, npairs = c * (c - 1) / 2;
    slong *comp = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong *pos = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong ncomp = ct_component_assign(comp, inst);
    eval_comp K;
    K.idx = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    K.group = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    K.gclass = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    K.gbase = _fmpz_vec_init(FLINT_MAX(n, 1));
    K.gpow = _arb_vec_init(FLINT_MAX(n, 1));
    for (slong i = 0; i < n * npairs; i++)
        sgn[i] = 0; /* no label in a component: F = 0, every class ties */
    for (slong j = 0; j < ncomp; j++) {
        K.s = K.ngroups = 0;
        slong nlab = 0;
        for (slong i = 0; i < n; i++)
            if (comp[i] == j) {
                pos[i] = K.s;
                K.idx[K.s++] = i;
                nlab += inst->label[i] >= 0;
            }
        if (nlab == 0)
            continue;
        if (K.s == 1)
            eval_isolated(sgn + K.idx[0] * npairs, inst, K.idx[0]);
        else
            eval_component(sgn, &K, family, c_delta, x, inst, comp, pos, want);
    }
    _fmpz_vec_clear(K.gbase, FLINT_MAX(n, 1));
    _arb_vec_clear(K.gpow, FLINT_MAX(n, 1));
    flint_free(K.gclass);
    flint_free(K.group);
    flint_free(K.idx);
    flint_free(pos);
    flint_free(comp);
}

/* Which nodes of inst are scored (want, n entries) and how many. */
slong _ct_evaluate_want(char *want, const ct_instance_struct *inst, int score_all)
{
    slong scored = 0;
    for (slong i = 0; i < inst->n; i++) {
        want[i] = (char)ct_signfn_is_scored(inst, i, score_all);
        scored += want[i];
    }
    return scored;
}

int *_ct_evaluate_instance_signs(const ct_evaluate_struct *E,
                                 const ct_instance_struct *inst, int score_all)
{
    slong n = inst->n, npairs = inst->c * (inst->c - 1) / 2;
    char *want = flint_malloc(FLINT_MAX(n, 1));
    int *sgn = NULL;
    if (_ct_evaluate_want(want, inst, score_all) > 0) {
        sgn = flint_malloc(FLINT_MAX(n * npairs, 1) * sizeof(int));
        _ct_evaluate_signs(sgn, E->family, E->c, E->x, inst, want);
    }
    flint_free(want);
    return sgn;
}
