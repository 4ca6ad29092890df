/* alpha: sign functions of local and global consistency as multi-quadratic
   polynomials.

   I - alpha S = D^{-1/2} (D - alpha W) D^{-1/2}, so F[i][k] = sqrt(d_i) sum over
   labeled j of class k of [(D - alpha W)^{-1}]_{ij} sqrt(d_j). Per component,
   with the weights scaled to integers by s (a positive factor everywhere),
   write each labeled degree d_j = q_j^2 r_j (one r per square class, by a
   coprime basis: alpha_square.c). Since
   det(D - alpha W) > 0 on (0, 1) (strict diagonal dominance), F[i][k] - F[i][l]
   is a positive multiple of g(alpha) = sum_r sqrt(r) G_r(alpha), with G_r entry
   i of adj(D - alpha W) (v_{k,r} - v_{l,r}), v_{k,r}[j] = q_j on the labeled j of
   class k and square class r: one right-hand side per (class, square class),
   solved exactly by ct_alpha_adj_groups (alpha_mod.c, docs/alpha.md). */
#include "certune/mem.h"
#include "certune/alpha.h"
#include "certune/component.h"
#include "certune/signfn.h"
#include "alpha_internal.h"

/* Where a node's functions go: fn(arg, s) may move them out of s, which is
   cleared after the call. */
typedef struct {
    ct_alpha_consumer fn;
    void *arg;
    _ct_alpha_comp_hook hook; /* may take a whole component (NULL: none) */
    void *hook_arg;
    size_t budget; /* bytes of rows solved at once (0: the default) */
    const ct_analysis_phase_struct *ph; /* the phases (NULL: none) */
    slong pencil_max;                   /* the settings' pencil_max_nodes */
} alpha_sink;

static void alpha_emit(const alpha_sink *out, ct_signfn_struct *s)
{
    out->fn(out->arg, s);
    ct_signfn_clear(s);
}

/* Divides g by the positive gcd of its coefficients (its sign is kept). */
static void alpha_reduce(ct_mqpoly_t g)
{
    if (ct_mqpoly_normalize(g) < 0)
        for (slong k = 0; k < g->len; k++)
            fmpz_poly_neg(g->poly + k, g->poly + k);
}

/* G = P_g - P_h at scored row t (g or h may be -1: absent), normalized. */
static void alpha_group_diff(fmpz_poly_t G, const fmpz *P, const ct_alpha_comp *C,
                             slong t, slong nsc, slong g, slong h)
{
    slong n = C->size;
    const fmpz *a = g >= 0 ? P + (g * nsc + t) * n : NULL;
    const fmpz *b = h >= 0 ? P + (h * nsc + t) * n : NULL;
    fmpz_poly_fit_length(G, n);
    if (g >= 0 && h >= 0)
        _fmpz_vec_sub(G->coeffs, a, b, n);
    else if (g >= 0)
        _fmpz_vec_set(G->coeffs, a, n);
    else
        _fmpz_vec_neg(G->coeffs, b, n);
    _fmpz_poly_set_length(G, n);
    _fmpz_poly_normalise(G);
}

/* The group of class cls with radicand r, or -1. */
static slong alpha_find_group(const ct_alpha_comp *C, slong cls, const fmpz_t r)
{
    for (slong g = 0; g < C->ng; g++)
        if (C->gcls[g] == cls && fmpz_equal(C->grad + g, r))
            return g;
    return -1;
}

/* The pairs of scored row t from the group polynomials P (see ct_alpha_adj_groups):
   for each square class r, G_r = P_{k,r} - P_{l,r}; each G_r is computed once
   and moved into the function (the output is large: no copies). */
static void alpha_node_pairs(ct_signfn_struct *f, fmpz *P, const ct_alpha_comp *C,
                             slong t, slong nsc, fmpz_poly_t G)
{
    slong nc = f->c;
    for (slong g = 0; g < C->ng; g++) {
        slong cls = C->gcls[g];
        for (slong o = 0; o < nc; o++) {
            slong h = o == cls ? -1 : alpha_find_group(C, o, C->grad + g);
            if (o == cls || (h >= 0 && o < cls))
                continue; /* a pair with both classes present is done from k */
            alpha_group_diff(G, P, C, t, nsc, cls < o ? g : h, cls < o ? h : g);
            ct_mqpoly_add_term_move(
                f->diff.mq + ct_signfn_pair(FLINT_MIN(cls, o), FLINT_MAX(cls, o), nc),
                C->grad + g, G);
        }
    }
    for (slong p = 0; p < nc * (nc - 1) / 2; p++)
        alpha_reduce(f->diff.mq + p);
    for (slong g = 0; g < C->ng; g++) /* row t is done: its memory can be reused */
        _fmpz_vec_zero(P + (g * nsc + t) * C->size, C->size);
}

/* A labeled node of degree 0 (a component of its own): F_i = Y_i, constants. */
static void alpha_isolated(ct_signfn_struct *f, slong y)
{
    fmpz_t one;
    fmpz_poly_t G;
    fmpz_init_set_ui(one, 1);
    fmpz_poly_init(G);
    for (slong o = 0; o < f->c; o++)
        if (o != y) {
            fmpz_poly_set_si(G, y < o ? 1 : -1);
            ct_mqpoly_add_term(f->diff.mq +
                                   ct_signfn_pair(FLINT_MIN(y, o), FLINT_MAX(y, o), f->c),
                               one, G);
        }
    fmpz_clear(one);
    fmpz_poly_clear(G);
}

/* The group solutions P of all scored rows are held at once (ng * nsc * size
   integers of up to ct_alpha_coeff_bits bits) unless that exceeds this many
   bytes: then the rows are solved in batches, each batch repeating the
   modular Krylov products (more time, bounded memory; docs/alpha.md). */
#define ALPHA_P_BUDGET_DEFAULT ((size_t)512 << 20)

/* Rows per batch so that a batch's P stays within the budget. */
static slong alpha_rows_per_batch(const ct_alpha_comp *C, slong nsc, size_t budget)
{
    double per_row =
        (double)C->ng * (double)C->size *
        ((double)ct_alpha_coeff_bits(C) / 8.0 + 48.0); /* + fmpz, mpz, malloc */
    double rows =
        (double)(budget != 0 ? budget : ALPHA_P_BUDGET_DEFAULT) / FLINT_MAX(per_row, 1.0);
    return rows >= (double)nsc ? nsc : FLINT_MAX(1, (slong)rows);
}

/* The functions of scored rows rows[0..nr), handed over one node at a time;
   rows r0 + t of nsc are reported done. */
static void alpha_rows(const alpha_sink *out, slong inst_idx, const ct_instance_t inst,
                       const ct_alpha_comp *C, const slong *rows, slong nr, slong r0,
                       slong nsc, const char *phase)
{
    slong len = C->ng * nr * C->size;
    fmpz *P = _fmpz_vec_init(len);
    fmpz_poly_t G;
    ct_signfn_t f;
    fmpz_poly_init(G);
    ct_alpha_adj_groups(P, C, rows, nr);
    for (slong t = 0; t < nr; t++) {
        slong v = C->node[rows[t]];
        ct_signfn_init(f, &ct_signfn_type_mqpoly, inst_idx, v, ct_signfn_truth(inst, v),
                       inst->c);
        alpha_node_pairs(f, P, C, t, nr, G);
        alpha_emit(out, f);
        ct_analysis_phase(out->ph, phase, r0 + t + 1, nsc);
    }
    fmpz_poly_clear(G);
    _fmpz_vec_clear(P, len);
}

/* The functions of a component with a huge weight, from its pencil: the
   solutions are small polynomials in t, so all rows are solved at once. */
static void alpha_rows_pencil(const alpha_sink *out, slong inst_idx,
                              const ct_instance_t inst, const ct_alpha_comp *C,
                              const _ct_alpha_pencil *P, const slong *rows, slong nsc,
                              const char *phase)
{
    slong len = (C->ng + P->nown) * nsc * C->size;
    fmpz_poly_struct *PT = flint_malloc(FLINT_MAX(len, 1) * sizeof(fmpz_poly_struct));
    fmpz_t one;
    ct_zadj_pow_t pw;
    ct_signfn_t f;
    for (slong i = 0; i < len; i++)
        fmpz_poly_init(PT + i);
    ct_analysis_phase(out->ph, phase, 0, nsc); /* the solve runs */
    _ct_alpha_pencil_solve(PT, P, C, rows, nsc);
    fmpz_init_set_ui(one, 1);
    ct_zadj_pow_init(pw, P->H, one, P->dt); /* H's powers, shared by the rows */
    for (slong t = 0; t < nsc; t++) {
        slong v = C->node[rows[t]];
        ct_signfn_init(f, &ct_signfn_type_mqpoly, inst_idx, v, ct_signfn_truth(inst, v),
                       inst->c);
        _ct_alpha_pencil_node(f, PT, P, C, t, nsc, pw);
        alpha_emit(out, f);
        ct_analysis_phase(out->ph, phase, t + 1, nsc);
    }
    ct_zadj_pow_clear(pw);
    fmpz_clear(one);
    for (slong i = 0; i < len; i++)
        fmpz_poly_clear(PT + i);
    flint_free(PT);
}

/* The exact functions of scored rows rows[0..nsc) of C (nsc > 0). */
static void alpha_exact_rows(const alpha_sink *out, slong inst_idx,
                             const ct_instance_t inst, const ct_alpha_comp *C,
                             const slong *rows, slong nsc, const char *phase)
{
    _ct_alpha_pencil P;
    if (_ct_alpha_pencil_init(&P, C, out->pencil_max)) {
        alpha_rows_pencil(out, inst_idx, inst, C, &P, rows, nsc, phase);
        _ct_alpha_pencil_clear(&P, C);
        return;
    }
    _ct_alpha_pencil_clear(&P, C);
    slong batch = alpha_rows_per_batch(C, nsc, out->budget);
    ct_analysis_phase(out->ph, phase, 0, nsc); /* the solve runs */
    for (slong r0 = 0; r0 < nsc; r0 += batch)
        alpha_rows(out, inst_idx, inst, C, rows + r0, FLINT_MIN(batch, nsc - r0), r0, nsc,
                   phase);
}

static void alpha_component(const alpha_sink *out, slong inst_idx,
                            const ct_instance_t inst, const ct_alpha_comp *C,
                            int score_all)
{
    slong nsc = 0, *rows = flint_malloc(C->size * sizeof(slong));
    for (slong i = 0; i < C->size; i++)
        if (ct_signfn_is_scored(inst, C->node[i], score_all))
            rows[nsc++] = i;
    if (nsc > 0 && C->size == 1) {
        slong v = C->node[0];
        ct_signfn_t f;
        ct_signfn_init(f, &ct_signfn_type_mqpoly, inst_idx, v, ct_signfn_truth(inst, v),
                       inst->c);
        alpha_isolated(f, inst->label[v]);
        alpha_emit(out, f);
    } else if (nsc > 0) {
        int took = out->hook != NULL && out->hook(out->hook_arg, inst, inst_idx, C, rows,
                                                  &nsc); /* the ball path */
        if (nsc > 0)
            alpha_exact_rows(out, inst_idx, inst, C, rows, nsc,
                             took ? "component rows (ball path declined some)"
                                  : "component rows");
    }
    flint_free(rows);
}

/* Zero functions for the scored nodes of a component without a labeled node. */
static void alpha_unlabeled(const alpha_sink *out, const ct_instance_t inst,
                            slong inst_idx, const ct_alpha_comp *C, int score_all,
                            ct_component_warn_struct *W)
{
    ct_signfn_struct *s = NULL;
    slong count = 0;
    ct_signfn_append_unlabeled(&s, &count, &ct_signfn_type_mqpoly, inst, inst_idx,
                               C->node, C->size, score_all, W);
    for (slong k = 0; k < count; k++)
        out->fn(out->arg, s + k);
    ct_signfn_vec_clear(s, count);
}

void ct_alpha_sign_functions_each(const ct_instance_t inst, slong inst_idx, int score_all,
                                  FILE *warn, ct_alpha_consumer fn, void *arg)
{
    _ct_alpha_sign_functions_hooked(inst, inst_idx, score_all, warn, fn, arg, NULL, NULL,
                                    NULL);
}

void _ct_alpha_sign_functions_hooked(const ct_instance_t inst, slong inst_idx,
                                     int score_all, FILE *warn, ct_alpha_consumer fn,
                                     void *arg, _ct_alpha_comp_hook hook, void *hook_arg,
                                     const ct_analysis_settings_struct *S)
{
    ct_component_index_t X;
    ct_component_warn_struct W;
    const ct_analysis_phase_struct *ph = S != NULL ? &S->phase : NULL;
    S = ct_analysis_settings_or_defaults(S);
    alpha_sink out = {fn, arg, hook, hook_arg, S->memory_budget, ph, S->pencil_max_nodes};
    ct_component_index_init(X, inst);
    ct_component_warn_init(&W, warn, inst->path);
    ct_analysis_phase(ph, "components solved", 0, X->ncomp);
    for (slong k = 0; k < X->ncomp; k++) {
        ct_alpha_comp C;
        ct_alpha_comp_init(&C, inst, X, k);
        if (C.m == 0)
            alpha_unlabeled(&out, inst, inst_idx, &C, score_all, &W);
        else
            alpha_component(&out, inst_idx, inst, &C, score_all);
        ct_alpha_comp_clear(&C);
        ct_analysis_phase(ph, "components solved", k + 1, X->ncomp);
    }
    ct_component_warn_finish(&W);
    ct_component_index_clear(X);
}

typedef struct {
    ct_signfn_struct **out;
    slong *count;
} alpha_append_arg;

/* Appends s to the array, moving its functions. */
static void alpha_append(void *arg, ct_signfn_struct *s)
{
    alpha_append_arg *a = arg;
    ct_signfn_struct *e =
        ct_signfn_append(a->out, a->count, s->type, s->inst, s->node, s->truth, s->c);
    void *swap = e->diff.any;
    e->diff.any = s->diff.any;
    s->diff.any = swap;
}

void ct_alpha_sign_functions(ct_signfn_struct **out, slong *count,
                             const ct_instance_t inst, slong inst_idx, int score_all,
                             FILE *warn)
{
    alpha_append_arg a = {out, count};
    ct_alpha_sign_functions_each(inst, inst_idx, score_all, warn, alpha_append, &a);
}
