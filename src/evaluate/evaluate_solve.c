/* evaluate_solve: the exact signs of F[i][k] - F[i][l] at one rational point,
   per connected component: a certified floating solve first
   (evaluate_ball.c), an exact one for the rows it leaves (evaluate_exact.c).

   Per component (docs/tuning.md), up to a positive factor per row,
   F[i][k] = sum_g Z[i][g] B_g^e over the groups g = (class k, base B_g) of its
   labeled nodes, with M Z = E (E[j][g] = 1 when labeled node j is in group g),
   M = D - w W + t diag(labeled), as the family's row reads it (family.h,
   ct_family_eval_struct):
     lambda: M = L + x Delta,  one group per class, B = 1;
     alpha:  M = D - x W,      B = the scaled degree, e = 1/2;
     delta:  M = D - c W,      B = the scaled degree, e = x.
   The system is kept sparse, in integers: with the weights scaled by s (the
   lcm of the component's denominators), the constants among w and t over a
   common denominator dl, and the quantity that varies (the point or c) as
   a / b, A = b A0 + a A1 = s dl b M, A0 = dl (s D - w0 s W + t0 s Delta) and
   A1 = dl (-w1 s W + t1 s Delta) (w1, t1: whether w, t are that quantity). */
#include <stdlib.h>
#include "certune/component.h"
#include "certune/family.h"
#include "evaluate_internal.h"

/* The member's group, appended when new. */
static slong eval_group_of(_ct_evaluate_comp *K, slong cls, const fmpz_t base)
{
    for (slong g = 0; g < K->ngroups; g++)
        if (K->gclass[g] == cls && fmpz_equal(K->gbase + g, base))
            return g;
    K->gclass[K->ngroups] = cls;
    fmpz_set(K->gbase + K->ngroups, base);
    return K->ngroups++;
}

static int eval_varies(ct_family_at_t q)
{
    return q == CT_FAMILY_AT_X || q == CT_FAMILY_AT_C;
}

/* The parts of M = D - (w0 + w1 theta) W + (t0 + t1 theta) Delta: w0, t0
   times their common denominator dl (integers), w1, t1 in {0, 1}, theta =
   a / b (a = 0, b = 1 when nothing varies, or two different quantities do:
   then both are constants here). Returns whether theta exists. */
typedef struct {
    fmpz_t w0, t0, dl;
    int w1, t1;
} eval_parts;

static int eval_split(eval_parts *P, fmpz_t a, fmpz_t b, const ct_family_eval_struct *F,
                      const fmpq_t x, const fmpq_t c_delta)
{
    fmpq_t w, t;
    fmpq_init(w), fmpq_init(t);
    ct_family_at(w, F->weight, x, c_delta);
    ct_family_at(t, F->labeled, x, c_delta);
    int vw = eval_varies(F->weight), vt = eval_varies(F->labeled);
    int pencil = (vw || vt) && !(vw && vt && F->weight != F->labeled);
    P->w1 = pencil && vw, P->t1 = pencil && vt;
    fmpz_zero(a), fmpz_one(b);
    if (pencil) {
        fmpz_set(a, fmpq_numref(P->w1 ? w : t));
        fmpz_set(b, fmpq_denref(P->w1 ? w : t));
    }
    if (P->w1)
        fmpq_zero(w);
    if (P->t1)
        fmpq_zero(t);
    fmpz_lcm(P->dl, fmpq_denref(w), fmpq_denref(t));
    fmpz_divexact(P->w0, P->dl, fmpq_denref(w));
    fmpz_mul(P->w0, P->w0, fmpq_numref(w));
    fmpz_divexact(P->t0, P->dl, fmpq_denref(t));
    fmpz_mul(P->t0, P->t0, fmpq_numref(t));
    fmpq_clear(w), fmpq_clear(t);
    return pencil;
}

/* The scaled weights of the component's edges (ws[j] for edge X->edge[j]),
   the scaled degrees deg and the scale s. */
static void eval_weights(fmpz *ws, fmpz *deg, fmpz_t s, const ct_instance_t inst,
                         const ct_component_index_struct *X, slong k)
{
    fmpz_one(s);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++)
        fmpz_lcm(s, s, fmpq_denref(inst->ew + X->edge[j]));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], t = j - X->edge_start[k];
        fmpz_divexact(ws + t, s, fmpq_denref(inst->ew + e));
        fmpz_mul(ws + t, ws + t, fmpq_numref(inst->ew + e));
        fmpz_add(deg + X->local[inst->eu[e]], deg + X->local[inst->eu[e]], ws + t);
        fmpz_add(deg + X->local[inst->ev[e]], deg + X->local[inst->ev[e]], ws + t);
    }
}

/* The rows of A0 and A1 (CSR, the diagonal first in each row), of A = b A0 +
   a A1, and the groups. */
static void eval_rows(_ct_evaluate_comp *K, const eval_parts *P, const fmpz_t s,
                      const ct_instance_t inst, const ct_component_index_struct *X,
                      slong k, const fmpz *ws, const fmpz *deg, int degree_bases)
{
    slong n = K->s, m0 = X->edge_start[k], ne = X->edge_start[k + 1] - m0;
    slong *fill = flint_calloc(n + 1, sizeof(slong));
    fmpz_t base;
    fmpz_init(base);
    for (slong j = 0; j < ne; j++) {
        slong e = X->edge[m0 + j];
        fill[X->local[inst->eu[e]]]++, fill[X->local[inst->ev[e]]]++;
    }
    K->rowstart[0] = 0;
    for (slong u = 0; u < n; u++)
        K->rowstart[u + 1] = K->rowstart[u] + 1 + fill[u];
    for (slong u = 0; u < n; u++) { /* diagonal: dl s d_u + (t0 s, t1 dl s) */
        slong d = K->rowstart[u], cls = inst->label[K->idx[u]];
        K->col[d] = u;
        fill[u] = d + 1;
        fmpz_mul(K->val0 + d, P->dl, deg + u);
        fmpz_zero(K->val1 + d);
        K->group[u] = -1;
        if (cls < 0)
            continue;
        fmpz_addmul(K->val0 + d, P->t0, s);
        if (P->t1)
            fmpz_addmul(K->val1 + d, P->dl, s);
        if (degree_bases)
            fmpz_set(base, deg + u);
        else
            fmpz_one(base);
        K->group[u] = eval_group_of(K, cls, base);
    }
    for (slong j = 0; j < ne; j++) { /* off-diagonal: -w0 s w, -w1 dl s w */
        slong e = X->edge[m0 + j], u = X->local[inst->eu[e]], v = X->local[inst->ev[e]];
        for (int side = 0; side < 2; side++) {
            slong r = side ? v : u, q = fill[r]++;
            K->col[q] = side ? u : v;
            fmpz_mul(K->val0 + q, P->w0, ws + j);
            fmpz_neg(K->val0 + q, K->val0 + q);
            fmpz_zero(K->val1 + q);
            if (P->w1)
                fmpz_submul(K->val1 + q, P->dl, ws + j);
        }
    }
    for (slong q = 0; q < K->rowstart[n]; q++) {
        fmpz_mul(K->val + q, K->val0 + q, K->pb);
        fmpz_addmul(K->val + q, K->val1 + q, K->pa);
    }
    fmpz_clear(base);
    flint_free(fill);
}

/* The component k of X (its members K->idx, K->s of them, the index's
   order): its integer system and groups; val0 and val1 are freed and NULL
   unless A is a pencil in the varying quantity. */
static void eval_build(_ct_evaluate_comp *K, ct_family_t family, const fmpq_t c_delta,
                       const fmpq_t x, const ct_instance_t inst,
                       const ct_component_index_struct *X, slong k)
{
    const ct_family_eval_struct *F = &ct_family_row(family)->eval;
    slong n = K->s, ne = X->edge_start[k + 1] - X->edge_start[k], nnz = n + 2 * ne;
    eval_parts P;
    fmpz_init(P.w0), fmpz_init(P.t0), fmpz_init(P.dl);
    int pencil = eval_split(&P, K->pa, K->pb, F, x, c_delta);
    fmpz *ws = _fmpz_vec_init(FLINT_MAX(ne, 1)), *deg = _fmpz_vec_init(n);
    fmpz_t s;
    fmpz_init(s);
    eval_weights(ws, deg, s, inst, X, k);
    K->ngroups = 0;
    K->rowstart = flint_malloc((n + 1) * sizeof(slong));
    K->col = flint_malloc(nnz * sizeof(slong));
    K->val = _fmpz_vec_init(nnz);
    K->val0 = _fmpz_vec_init(nnz);
    K->val1 = _fmpz_vec_init(nnz);
    eval_rows(K, &P, s, inst, X, k, ws, deg, F->degree_bases);
    if (!pencil) {
        _fmpz_vec_clear(K->val0, nnz), _fmpz_vec_clear(K->val1, nnz);
        K->val0 = K->val1 = NULL;
    }
    fmpz_clear(s);
    _fmpz_vec_clear(ws, FLINT_MAX(ne, 1)), _fmpz_vec_clear(deg, n);
    fmpz_clear(P.w0), fmpz_clear(P.t0), fmpz_clear(P.dl);
}

static void eval_comp_clear(_ct_evaluate_comp *K)
{
    slong nnz = K->rowstart[K->s];
    _fmpz_vec_clear(K->val, nnz);
    if (K->val0 != NULL)
        _fmpz_vec_clear(K->val0, nnz), _fmpz_vec_clear(K->val1, nnz);
    flint_free(K->rowstart), flint_free(K->col);
}

/* Solves the component and sets its wanted members' signs. */
static void eval_component(int *sgn, _ct_evaluate_comp *K, ct_family_t family,
                           const fmpq_t c_delta, const fmpq_t x, const ct_instance_t inst,
                           const ct_component_index_struct *X, slong k, const char *want)
{
    slong c = inst->c, inv_bits;
    eval_build(K, family, c_delta, x, inst, X, k);
    fmpq_t e;
    fmpq_init(e);
    ct_family_at(e, ct_family_row(family)->eval.exponent, x, c_delta);
    for (slong g = 0; g < K->ngroups; g++) {
        arb_set_fmpz(K->gpow + g, K->gbase + g);
        arb_pow_fmpq(K->gpow + g, K->gpow + g, e, CT_EVALUATE_PREC);
    }
    /* A floating solve with a proved error per entry decides most rows; an
       exact tie (common on real graphs), a near one, or a system beyond the
       floating range goes to the exact solve, those rows only. */
    slong *und = flint_malloc(K->s * sizeof(slong));
    slong nu = _ct_evaluate_ball_signs(sgn, und, &inv_bits, K, c, want);
    if (nu > 0)
        _ct_evaluate_exact_signs(sgn, K, c, e, und, nu, inv_bits);
    flint_free(und);
    fmpq_clear(e);
    eval_comp_clear(K);
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

/* Whether component k has a labeled node and a wanted one. */
static int eval_needed(const ct_instance_t inst, const ct_component_index_struct *X,
                       slong k, const char *want)
{
    int lab = 0, w = 0;
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++) {
        lab |= inst->label[X->node[j]] >= 0;
        w |= want[X->node[j]];
    }
    return lab && w;
}

void _ct_evaluate_signs(int *sgn, ct_family_t family, const fmpq *c_delta, const fmpq *x,
                        const ct_instance_struct *inst, const char *want)
{
    slong n = inst->n, c = inst->c, npairs = c * (c - 1) / 2;
    ct_component_index_t X;
    ct_component_index_init(X, inst);
    _ct_evaluate_comp K;
    K.group = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    K.gclass = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    K.gbase = _fmpz_vec_init(FLINT_MAX(n, 1));
    K.gpow = _arb_vec_init(FLINT_MAX(n, 1));
    fmpz_init(K.pa), fmpz_init(K.pb);
    for (slong i = 0; i < n * npairs; i++)
        sgn[i] = 0; /* no label in a component: F = 0, every class ties */
    for (slong k = 0; k < X->ncomp; k++) {
        K.idx = X->node + X->node_start[k];
        K.s = X->node_start[k + 1] - X->node_start[k];
        if (!eval_needed(inst, X, k, want))
            continue;
        if (K.s == 1)
            eval_isolated(sgn + K.idx[0] * npairs, inst, K.idx[0]);
        else
            eval_component(sgn, &K, family, c_delta, x, inst, X, k, want);
    }
    fmpz_clear(K.pa), fmpz_clear(K.pb);
    _fmpz_vec_clear(K.gbase, FLINT_MAX(n, 1));
    _arb_vec_clear(K.gpow, FLINT_MAX(n, 1));
    flint_free(K.gclass);
    flint_free(K.group);
    ct_component_index_clear(X);
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
