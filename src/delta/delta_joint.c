/* delta_joint: the delta family's sign functions over the square of (c, delta)
   (docs/joint.md): per component, (s D - t s W) X = den E over Z[t] (Bareiss,
   ct_zadj_pencil_solve), so that for every c in (0, 1) the sign of
   F[i][k] - F[i][l] is the sign of den(c) sum_g (+-X[i][g](c)) deg_g^delta,
   den(c) = +-det(s D - c s W) never 0 on (0, 1). Only the zero sets matter to
   the events, so each sum is normalized (its content's roots kept apart, as
   vertical lines) and equal sums are kept once. */
#include "certune/delta.h"
#include "certune/zadj.h"
#include "delta_internal.h"

/* Appends h to out unless a sum with the same curve (equal up to a factor s^d)
   is there (then clears it); returns the curve's index. */
static slong joint_push(ct_pexpsum_struct **out, slong *n, slong *cap, ct_pexpsum_t h)
{
    for (slong i = 0; i < *n; i++)
        if (ct_pexpsum_equal_scaled(*out + i, h)) {
            ct_pexpsum_clear(h);
            return i;
        }
    if (*n == *cap) {
        *cap = 2 * *cap + 8;
        *out = flint_realloc(*out, *cap * sizeof(ct_pexpsum_struct));
    }
    (*out)[(*n)++] = *h;
    ct_pexpsum_init(h);
    return *n - 1;
}

/* line = line times the factors of content's primitive part that it lacks:
   line stays primitive and squarefree. (Multiplying by every content made
   line's coefficients grow with the number of curves: the contents share
   large integer factors, which matter to no zero set.) */
static void joint_line_add(fmpz_poly_t line, const fmpz_poly_t content)
{
    if (fmpz_poly_degree(content) < 1)
        return;
    fmpz_poly_t p, g;
    fmpz_poly_init(p), fmpz_poly_init(g);
    fmpz_poly_primitive_part(p, content);
    fmpz_poly_derivative(g, p); /* p's squarefree part */
    fmpz_poly_gcd(g, p, g);
    fmpz_poly_div(p, p, g);
    fmpz_poly_gcd(g, line, p); /* what line holds already */
    fmpz_poly_div(p, p, g);
    if (fmpz_poly_degree(p) > 0)
        fmpz_poly_mul(line, line, p);
    fmpz_poly_clear(p), fmpz_poly_clear(g);
}

/* The node records being built (NULL: not wanted). */
typedef struct {
    ct_pexpsum_node_struct *v;
    slong n, cap;
} joint_nodes;

static ct_pexpsum_node_struct *joint_node(joint_nodes *N, slong t,
                                          const ct_instance_struct *inst, slong i)
{
    if (N->n == N->cap) {
        N->cap = 2 * N->cap + 8;
        N->v = flint_realloc(N->v, N->cap * sizeof(ct_pexpsum_node_struct));
    }
    ct_pexpsum_node_init(N->v + N->n, t, ct_signfn_truth(inst, i), inst->c);
    return N->v + N->n++;
}

/* The scored nodes of a component without a pair sum (no labeled node: F =
   0, ties; one labeled node alone: F = its label's row, constants). */
static void joint_plain_nodes(joint_nodes *N, slong t, const ct_instance_struct *inst,
                              const delta_comp *C, int labeled, int score_all)
{
    fmpz one = 1;
    fmpz_poly_t u;
    fmpz_poly_init(u);
    for (slong r = 0; r < C->size; r++) {
        slong i = C->node[r];
        if (!ct_signfn_is_scored(inst, i, score_all))
            continue;
        ct_pexpsum_node_struct *v = joint_node(N, t, inst, i);
        for (slong k = 0; labeled && k < inst->c; k++)
            for (slong l = k + 1; l < inst->c; l++)
                if (inst->label[i] == k || inst->label[i] == l) {
                    fmpz_poly_set_si(u, inst->label[i] == k ? 1 : -1);
                    ct_pexpsum_set_terms(v->diff + ct_signfn_pair(k, l, inst->c), u, &one,
                                         1);
                }
    }
    fmpz_poly_clear(u);
}

/* The pair sums of the scored rows of one component (C filled, X solved, sd
   the sign of den on (0, 1)); their node records into N (N->v NULL: none). */
static void joint_rows(ct_pexpsum_struct **out, slong *n, slong *cap, fmpz_poly_t line,
                       joint_nodes *N, slong tinst, const fmpz_poly_mat_t P, int sd,
                       const delta_comp *C, const ct_instance_struct *inst, int score_all)
{
    fmpz *base = _fmpz_vec_init(C->ng);
    fmpz_poly_struct *Q = flint_malloc(C->ng * sizeof(fmpz_poly_struct));
    for (slong g = 0; g < C->ng; g++)
        fmpz_poly_init(Q + g);
    fmpz_poly_t content;
    fmpz_poly_init(content);
    ct_pexpsum_t h;
    ct_pexpsum_init(h);
    for (slong r = 0; r < C->size; r++) {
        if (!ct_signfn_is_scored(inst, C->node[r], score_all))
            continue;
        ct_pexpsum_node_struct *v =
            N != NULL ? joint_node(N, tinst, inst, C->node[r]) : NULL;
        for (slong k = 0; k < inst->c; k++)
            for (slong l = k + 1; l < inst->c; l++) {
                slong t = 0;
                for (slong g = 0; g < C->ng; g++) {
                    if (C->gcls[g] != k && C->gcls[g] != l)
                        continue;
                    if (C->gcls[g] == k)
                        fmpz_poly_set(Q + t, fmpz_poly_mat_entry(P, r, g));
                    else
                        fmpz_poly_neg(Q + t, fmpz_poly_mat_entry(P, r, g));
                    fmpz_set(base + t++, C->deg + C->gpos[g]);
                }
                ct_pexpsum_set_terms(h, Q, base, t);
                slong p = ct_signfn_pair(k, l, inst->c);
                if (v != NULL) { /* sign(F_k - F_l) = sign(den) sign(h) */
                    ct_pexpsum_set(v->diff + p, h);
                    for (slong u = 0; sd < 0 && u < v->diff[p].len; u++)
                        fmpz_poly_neg(v->diff[p].coef + u, v->diff[p].coef + u);
                }
                ct_pexpsum_normalize(content, h);
                if (ct_pexpsum_is_zero(h))
                    continue;
                joint_line_add(line, content);
                slong f = joint_push(out, n, cap, h);
                if (v != NULL)
                    v->curve[p] = f;
            }
    }
    ct_pexpsum_clear(h);
    fmpz_poly_clear(content);
    for (slong g = 0; g < C->ng; g++)
        fmpz_poly_clear(Q + g);
    flint_free(Q);
    _fmpz_vec_clear(base, C->ng);
}

/* One component of at least two nodes with a labeled one. */
static void joint_component(ct_pexpsum_struct **out, slong *n, slong *cap,
                            fmpz_poly_t line, joint_nodes *N, slong tinst, delta_comp *C,
                            const ct_instance_struct *inst,
                            const ct_component_index_struct *X, slong k, int score_all)
{
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    fmpz_mat_t A, A0, A1;
    fmpz_mat_init(A, C->size, C->size);
    fmpz_mat_init(A0, C->size, C->size);
    fmpz_mat_init(A1, C->size, C->size);
    C->deg = _fmpz_vec_init(C->size);
    _ct_delta_system(A, C, inst, X, k, one); /* D - W, scaled: A1 = -s W */
    _ct_delta_groups(C, inst);
    for (slong i = 0; i < C->size; i++)
        for (slong j = 0; j < C->size; j++)
            if (i == j)
                fmpz_set(fmpz_mat_entry(A0, i, i), C->deg + i);
            else
                fmpz_set(fmpz_mat_entry(A1, i, j), fmpz_mat_entry(A, i, j));
    fmpz_poly_mat_t P;
    fmpz_poly_t den;
    fmpz_poly_mat_init(P, C->size, C->ng);
    fmpz_poly_init(den);
    if (ct_zadj_pencil_solve(P, den, A0, A1, C->lab, C->grp, C->m)) { /* never singular */
        fmpq_t half, v; /* den has no root in (0, 1): its sign at 1/2 */
        fmpq_init(half), fmpq_init(v);
        fmpq_set_si(half, 1, 2);
        fmpz_poly_evaluate_fmpq(v, den, half);
        joint_rows(out, n, cap, line, N, tinst, P, fmpq_sgn(v), C, inst, score_all);
        fmpq_clear(half), fmpq_clear(v);
    }
    fmpz_poly_clear(den);
    fmpz_poly_mat_clear(P);
    _fmpz_vec_clear(C->deg, C->size);
    fmpz_mat_clear(A), fmpz_mat_clear(A0), fmpz_mat_clear(A1);
    fmpq_clear(one);
}

/* line = its squarefree part (primitive, positive leading coefficient). */
static void joint_squarefree(fmpz_poly_t line)
{
    fmpz_poly_t d, g;
    fmpz_poly_init(d), fmpz_poly_init(g);
    fmpz_poly_derivative(d, line);
    fmpz_poly_gcd(g, line, d);
    fmpz_poly_div(line, line, g);
    fmpz_poly_primitive_part(line, line);
    if (fmpz_sgn(fmpz_poly_lead(line)) < 0)
        fmpz_poly_neg(line, line);
    fmpz_poly_clear(d), fmpz_poly_clear(g);
}

void ct_delta_joint_functions(ct_pexpsum_struct **out, slong *n, fmpz_poly_t line,
                              ct_pexpsum_node_struct **nodes, slong *nnodes,
                              const ct_instance_struct *insts, slong m, int score_all)
{
    slong cap = 0;
    joint_nodes N = {NULL, 0, 0}, *pN = nodes != NULL ? &N : NULL;
    *out = NULL, *n = 0;
    fmpz_poly_one(line);
    for (slong t = 0; t < m; t++) {
        const ct_instance_struct *inst = insts + t;
        slong nn = FLINT_MAX(inst->n, 1);
        slong *buf = flint_malloc(6 * nn * sizeof(slong));
        delta_comp C;
        C.node = buf, C.lab = buf + nn, C.pos = buf + 2 * nn;
        C.grp = buf + 3 * nn, C.gcls = buf + 4 * nn, C.gpos = buf + 5 * nn;
        ct_component_index_t X;
        ct_component_index_init(X, inst);
        for (slong k = 0; k < X->ncomp; k++) {
            slong lab = _ct_delta_comp_fill(&C, inst, X, k);
            if (lab > 0 && C.size > 1)
                joint_component(out, n, &cap, line, pN, t, &C, inst, X, k, score_all);
            else if (pN != NULL)
                joint_plain_nodes(pN, t, inst, &C, lab > 0, score_all);
        }
        ct_component_index_clear(X);
        flint_free(buf);
    }
    joint_squarefree(line);
    if (nodes != NULL)
        *nodes = N.v, *nnodes = N.n;
}
