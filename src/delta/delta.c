/* delta: sign functions of the normalized-adjacency family as exponential sums.

   (I - c S)^{-1} = D^{1-delta} (D - c W)^{-1} D^{delta} (docs/delta.md), so
   F[i][k] = d_i^{1-delta} sum over labeled j of class k of G[i][j] d_j^delta with
   G = (D - c W)^{-1}. Per component, with the weights scaled to integers by s and
   c = p/q, the labeled nodes are grouped by (class, degree) and one exact integer
   solve (delta_solve.c) gives Y = adj(q D - p W) E, E the 0/1 matrix of the
   groups: Y[i][g] is det(q D - p W) / (s q) > 0 times the sum of G[i][j] over
   group g. So F[i][k] - F[i][l] is a positive multiple (d_i^{1-delta} and s^delta
   from the scaled degrees included) of the exponential sum
   sum_g (+-Y[i][g]) deg_g^delta (+ for the groups of class k, - for class l). */
#include "certune/mem.h"
#include "certune/component.h"
#include "certune/delta.h"
#include "certune/zadj.h"
#include "delta_internal.h"

static ct_signfn_struct *delta_append(ct_signfn_struct **out, slong *count,
                                      slong inst_idx, const ct_instance_t inst, slong i)
{
    return ct_signfn_append(out, count, &ct_signfn_type_expsum, inst_idx, i,
                            ct_signfn_truth(inst, i), inst->c);
}

/* Collects the nodes of component k; returns the number of labeled ones. */
slong _ct_delta_comp_fill(delta_comp *C, const ct_instance_t inst,
                          const ct_component_index_struct *X, slong k)
{
    C->size = C->m = 0;
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++) {
        slong i = X->node[j];
        C->pos[i] = C->size;
        if (inst->label[i] >= 0)
            C->lab[C->m++] = C->size;
        C->node[C->size++] = i;
    }
    return C->m;
}

/* A = q D - p W of the component with weights scaled by s (lcm of their
   denominators) to integers; C->deg = s D. */
void _ct_delta_system(fmpz_mat_t A, delta_comp *C, const ct_instance_t inst,
                      const ct_component_index_struct *X, slong k, const fmpq_t c)
{
    fmpz_t s, w;
    fmpz_init_set_ui(s, 1);
    fmpz_init(w);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++)
        fmpz_lcm(s, s, fmpq_denref(inst->ew + X->edge[j]));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j];
        slong a = C->pos[inst->eu[e]], b = C->pos[inst->ev[e]];
        fmpz_divexact(w, s, fmpq_denref(inst->ew + e));
        fmpz_mul(w, w, fmpq_numref(inst->ew + e));
        fmpz_add(C->deg + a, C->deg + a, w);
        fmpz_add(C->deg + b, C->deg + b, w);
        fmpz_mul(w, w, fmpq_numref(c));
        fmpz_sub(fmpz_mat_entry(A, a, b), fmpz_mat_entry(A, a, b), w);
        fmpz_sub(fmpz_mat_entry(A, b, a), fmpz_mat_entry(A, b, a), w);
    }
    for (slong i = 0; i < C->size; i++)
        fmpz_mul(fmpz_mat_entry(A, i, i), C->deg + i, fmpq_denref(c));
    fmpz_clear(s);
    fmpz_clear(w);
}

/* A labeled node of degree 0 (a component of its own): F_i = Y_i. */
static void delta_isolated(ct_signfn_struct *f, slong y, slong nc)
{
    fmpz_t one, sign;
    fmpz_init_set_ui(one, 1);
    fmpz_init(sign);
    for (slong k = 0; k < nc; k++)
        for (slong l = k + 1; l < nc; l++)
            if (y == k || y == l) {
                fmpz_set_si(sign, y == k ? 1 : -1);
                ct_expsum_set_terms(f->diff.es + ct_signfn_pair(k, l, nc), sign, one, 1);
            }
    fmpz_clear(one);
    fmpz_clear(sign);
}

/* Whether component k (size nodes) tries the ball path: ball set by the
   analysis (never for the public sign functions: their sums are exact), the
   component at least the settings' ball_min_nodes (0: the default). */
static int delta_ball_pays(const _ct_delta_ball_tally *ball, slong size,
                           const ct_analysis_settings_struct *S)
{
    return ball != NULL && size >= 2 &&
           size >= ct_analysis_setting(S->ball_min_nodes, CT_DELTA_BALL_MIN_NODES);
}

static void delta_component(ct_signfn_struct **out, slong *count, slong inst_idx,
                            const ct_instance_t inst, const ct_component_index_struct *X,
                            slong k, delta_comp *C, const fmpq_t c, int score_all,
                            const ct_analysis_settings_struct *S,
                            _ct_delta_ball_tally *ball)
{
    slong nsc = 0, *rows = flint_malloc(C->size * sizeof(slong));
    for (slong i = 0; i < C->size; i++)
        if (ct_signfn_is_scored(inst, C->node[i], score_all))
            rows[nsc++] = i;
    const char *phase = "component rows";
    if (nsc > 0 && delta_ball_pays(ball, C->size, S)) {
        ct_analysis_phase(&S->phase, phase, 0, nsc); /* the float solve runs */
        ball->tried++;
        if (_ct_delta_ball_component(out, count, inst_idx, inst, X, k, C, c, rows, nsc,
                                     S, ball))
            nsc = 0; /* done */
        else {
            phase = "component rows (ball path declined)";
            ball->declined++, ball->declined_rows += nsc;
        }
    }
    if (nsc > 0 && C->size == 1) {
        slong v = C->node[0];
        delta_isolated(delta_append(out, count, inst_idx, inst, v), inst->label[v],
                       inst->c);
    } else if (nsc > 0) {
        fmpz_mat_t A, Y;
        ct_analysis_phase(&S->phase, phase, 0, nsc); /* the solve runs */
        fmpz_mat_init(A, C->size, C->size);
        C->deg = _fmpz_vec_init(C->size);
        _ct_delta_system(A, C, inst, X, k, c);
        _ct_delta_groups(C, inst);
        fmpz_mat_init(Y, nsc, C->ng);
        fmpz_poly_mat_t P;
        fmpz_poly_mat_init(P, C->size, C->ng);
        int sd, poly = _ct_delta_pencil_pays(C->size, c, S->pencil_max_nodes) &&
                       _ct_delta_pencil_solve(P, &sd, A, C, c);
        fmpz_t H, one;
        slong dt = 0;
        fmpz_init(H), fmpz_init_set_ui(one, 1);
        int wpoly = !poly && _ct_delta_weight_pencil(P, H, &dt, A, fmpq_numref(c), C,
                                                     rows, nsc, S->pencil_max_nodes);
        if (!poly && !wpoly)
            ct_delta_adj_rows(
                Y, A, C->lab, C->grp, C->m, C->ng, rows, nsc,
                ct_analysis_setting(S->lift_min_nodes, CT_ANALYSIS_LIFT_MIN_NODES));
        fmpz *coef = _fmpz_vec_init(C->ng), *base = _fmpz_vec_init(C->ng);
        ct_zadj_pow_t pw; /* c's (or the huge weight's) powers, shared by the rows */
        if (wpoly)
            sd = 1, poly = 1, ct_zadj_pow_init(pw, H, one, dt);
        else
            ct_zadj_pow_init(pw, fmpq_numref(c), fmpq_denref(c), poly ? C->size : 0);
        fmpz_clear(H), fmpz_clear(one);
        for (slong r = 0; r < nsc; r++) {
            ct_signfn_struct *f =
                delta_append(out, count, inst_idx, inst, C->node[rows[r]]);
            if (poly)
                _ct_delta_pencil_sums(f, P->rows[rows[r]], sd, C, inst->c, pw);
            else
                _ct_delta_node_sums(f, Y, r, C, inst->c, coef, base);
            ct_analysis_phase(&S->phase, phase, r + 1, nsc);
        }
        ct_zadj_pow_clear(pw);
        _fmpz_vec_clear(coef, C->ng), _fmpz_vec_clear(base, C->ng);
        fmpz_poly_mat_clear(P);
        _fmpz_vec_clear(C->deg, C->size);
        fmpz_mat_clear(A), fmpz_mat_clear(Y);
    }
    flint_free(rows);
}

void _ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                              int score_all, const ct_analysis_settings_struct *settings,
                              FILE *warn, _ct_delta_ball_tally *ball)
{
    const ct_analysis_settings_struct *S = ct_analysis_settings_or_defaults(settings);
    slong n = inst->n;
    if (fmpq_sgn(c) <= 0 || fmpq_cmp_ui(c, 1) >= 0) { /* else q D - p W may be singular */
        fprintf(stderr, "ct_delta_sign_functions: c must lie in (0, 1)\n");
        flint_abort();
    }
    slong *buf = flint_malloc(6 * FLINT_MAX(n, 1) * sizeof(slong));
    delta_comp C;
    C.node = buf, C.lab = buf + n, C.pos = buf + 2 * n;
    C.grp = buf + 3 * n, C.gcls = buf + 4 * n, C.gpos = buf + 5 * n;
    ct_component_index_t X;
    ct_component_warn_struct W;
    ct_component_index_init(X, inst);
    ct_component_warn_init(&W, warn, inst->path);
    ct_analysis_phase(&S->phase, "components solved", 0, X->ncomp);
    for (slong k = 0; k < X->ncomp; k++) {
        if (_ct_delta_comp_fill(&C, inst, X, k) == 0)
            ct_signfn_append_unlabeled(out, count, &ct_signfn_type_expsum, inst, inst_idx,
                                       C.node, C.size, score_all, &W);
        else
            delta_component(out, count, inst_idx, inst, X, k, &C, c, score_all, S, ball);
        ct_analysis_phase(&S->phase, "components solved", k + 1, X->ncomp);
    }
    ct_component_warn_finish(&W);
    ct_component_index_clear(X);
    flint_free(buf);
}

void ct_delta_sign_functions(ct_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, const fmpq_t c,
                             int score_all, const ct_analysis_settings_struct *settings,
                             FILE *warn)
{
    _ct_delta_sign_functions(out, count, inst, inst_idx, c, score_all, settings, warn,
                             NULL);
}
