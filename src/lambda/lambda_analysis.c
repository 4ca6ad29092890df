/* analyze: the lambda family's sign polynomials -> certified, exactly merged
   breakpoints.

   Every nonzero sign polynomial is factored over Z. Roots of distinct irreducible
   factors are distinct real numbers, so merging breakpoints across nodes, class
   pairs and instances reduces to sharing factors, and ordering them to refining
   isolating intervals until disjoint (ct_rroot_cmp): no closeness heuristics. */
#include <flint/fmpz_poly_factor.h>
#include "certune/analysis.h"
#include "certune/lambda.h"
#include "certune/polyset.h"
#include "certune/sweep.h"
#include "certune/signfn.h"
#include "lambda_internal.h"

/* Registers every nonzero pair polynomial in W->sign_polys. */
static void analyze_register_signs(ct_lambda_work *W)
{
    W->pair_pid = flint_malloc(FLINT_MAX(W->nsigns, 1) * sizeof(slong *));
    for (slong s = 0; s < W->nsigns; s++) {
        const ct_signfn_struct *f = W->signs + s;
        slong npairs = f->c * (f->c - 1) / 2;
        W->pair_pid[s] = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(slong));
        for (slong p = 0; p < npairs; p++)
            W->pair_pid[s][p] = fmpz_poly_is_zero(f->diff.poly + p)
                                    ? -1
                                    : ct_polyset_insert(W->sign_polys, f->diff.poly + p);
    }
}

/* Polynomials up to this degree are split into irreducible factors (nicer
   defining polynomials, rational roots found exactly); above it only the
   squarefree decomposition is taken, as full factoring would dominate the
   running time. Either way the pieces of one sign polynomial are coprime, and
   equal roots of different pieces are merged exactly by ct_rroot_cmp (gcd). */
#define ANALYZE_FACTOR_DEGREE 8

static void analyze_add_piece(ct_lambda_work *W, ct_lambda_factor_list *L,
                              const fmpz_poly_struct *q, slong exp)
{
    if (fmpz_poly_degree(q) < 1)
        return;
    fmpz_poly_t r;
    fmpz_poly_init(r);
    /* Roots at 0 are outside the domain: strip the factor x^k. */
    slong k = 0;
    while (fmpz_is_zero(q->coeffs + k))
        k++;
    fmpz_poly_shift_right(r, q, k);
    if (fmpz_poly_degree(r) >= 1) {
        L->fid[L->num] = ct_polyset_insert(W->factors, r);
        L->exp[L->num] = exp;
        L->num++;
    }
    fmpz_poly_clear(r);
}

/* Sign variations of the coefficients: by Descartes' rule, 0 means no root
   in (0, +inf), which spares the factorization. */
static slong analyze_sign_variations(const fmpz_poly_t p)
{
    slong v = 0;
    int last = 0;
    for (slong i = 0; i < p->length; i++) {
        int sg = fmpz_sgn(p->coeffs + i);
        if (sg != 0 && last != 0 && sg != last)
            v++;
        if (sg != 0)
            last = sg;
    }
    return v;
}

static void analyze_split_poly(ct_lambda_work *W, ct_lambda_factor_list *L,
                               const fmpz_poly_t p)
{
    if (analyze_sign_variations(p) == 0)
        return;
    fmpz_poly_factor_t fac;
    fmpz_poly_factor_init(fac);
    if (fmpz_poly_degree(p) <= ANALYZE_FACTOR_DEGREE)
        fmpz_poly_factor(fac, p);
    else
        fmpz_poly_factor_squarefree(fac, p);
    L->fid = flint_malloc(FLINT_MAX(fac->num, 1) * sizeof(slong));
    L->exp = flint_malloc(FLINT_MAX(fac->num, 1) * sizeof(slong));
    for (slong j = 0; j < fac->num; j++)
        analyze_add_piece(W, L, fac->p + j, fac->exp[j]);
    fmpz_poly_factor_clear(fac);
}

/* Splits every distinct sign polynomial into coprime squarefree pieces with
   multiplicities, registered in W->factors. */
static void analyze_factor_signs(ct_lambda_work *W, const ct_analysis_phase_struct *ph)
{
    slong np = W->sign_polys->len;
    W->pfac = flint_calloc(FLINT_MAX(np, 1), sizeof(ct_lambda_factor_list));
    ct_analysis_phase(ph, "sign functions factored", 0, np);
    for (slong i = 0; i < np; i++) {
        analyze_split_poly(W, W->pfac + i, W->sign_polys->polys + i);
        ct_analysis_phase(ph, "sign functions factored", i + 1, np);
    }
}

/* Isolates the positive roots of every factor. */
static void analyze_isolate(ct_lambda_work *W, const ct_analysis_phase_struct *ph)
{
    slong nf = W->factors->len;
    W->froots = flint_malloc(FLINT_MAX(nf, 1) * sizeof(ct_rroot_struct *));
    W->nfroots = flint_malloc(FLINT_MAX(nf, 1) * sizeof(slong));
    W->fpoint = flint_calloc(FLINT_MAX(nf, 1), sizeof(slong *));
    W->npoints = 0;
    ct_analysis_phase(ph, "factors isolated", 0, nf);
    for (slong f = 0; f < nf; f++) {
        W->nfroots[f] = ct_rroot_isolate_positive(W->froots + f, W->factors->polys + f);
        W->npoints += W->nfroots[f];
        ct_analysis_phase(ph, "factors isolated", f + 1, nf);
    }
}

/* Isolates the positive roots of every factor, then sorts all of them exactly. */
static void analyze_isolate_and_sort(ct_lambda_work *W,
                                     const ct_analysis_phase_struct *ph)
{
    slong nf = W->factors->len;
    analyze_isolate(W, ph);
    W->order = flint_malloc(FLINT_MAX(W->npoints, 1) * sizeof(ct_lambda_root_ref));
    slong k = 0;
    for (slong f = 0; f < nf; f++)
        for (slong j = 0; j < W->nfroots[f]; j++, k++) {
            W->order[k].root = W->froots[f] + j;
            W->order[k].factor = f;
            W->order[k].index = j;
        }
    ct_analysis_phase(ph, "zeros ordered", 0, W->npoints);
    ct_lambda_sort_roots(W->order, W->npoints);
    ct_analysis_phase(ph, "zeros ordered", W->npoints, W->npoints);
    for (slong f = 0; f < nf; f++)
        W->fpoint[f] = flint_malloc(FLINT_MAX(W->nfroots[f], 1) * sizeof(slong));
    ct_lambda_merge_equal(W);
}

/* The events (point, multiplicity) of each distinct sign polynomial. */
static void analyze_build_events(ct_analysis_common *C, const ct_lambda_work *W)
{
    slong np = W->sign_polys->len;
    slong *cap = flint_calloc(FLINT_MAX(np, 1), sizeof(slong));
    for (slong i = 0; i < np; i++)
        for (slong j = 0; j < W->pfac[i].num; j++)
            cap[i] += W->nfroots[W->pfac[i].fid[j]];
    ct_analysis_common_alloc_events(C, np, cap);
    flint_free(cap);
    for (slong i = 0; i < np; i++) {
        const ct_lambda_factor_list *L = W->pfac + i;
        for (slong j = 0; j < L->num; j++)
            for (slong r = 0; r < W->nfroots[L->fid[j]]; r++)
                ct_analysis_common_push_event(C, i, W->fpoint[L->fid[j]][r], L->exp[j]);
    }
}

/* Sign of p just right of 0: the sign of its lowest nonzero coefficient. */
static int analyze_sign_near_zero(const fmpz_poly_t p)
{
    for (slong i = 0; i < p->length; i++)
        if (!fmpz_is_zero(p->coeffs + i))
            return fmpz_sgn(p->coeffs + i);
    return 0;
}

/* Per scored node with a sign polynomial: function ids and signs right of 0. */
static void analyze_poly_nodes(ct_analysis_common *C, const ct_lambda_work *W)
{
    for (slong s = 0; s < W->nsigns; s++) {
        const ct_signfn_struct *f = W->signs + s;
        ct_analysis_node *v = ct_analysis_common_add_node(C, f->inst, f->truth, f->c);
        for (slong p = 0; p < f->c * (f->c - 1) / 2; p++) {
            v->pid[p] = W->pair_pid[s][p];
            v->sign0[p] = analyze_sign_near_zero(f->diff.poly + p);
        }
    }
}

/* Per scored node: function ids and signs right of 0; and the points. */
static void analyze_lambda_nodes(ct_analysis_common *C, const ct_lambda_work *W)
{
    analyze_poly_nodes(C, W);
    C->npoints = W->npoints;
    C->points = flint_malloc(FLINT_MAX(W->npoints, 1) * sizeof(ct_bpoint_struct));
    for (slong g = 0; g < W->npoints; g++) {
        ct_bpoint_init(C->points + g);
        ct_bpoint_set_rroot(C->points + g, W->point_root[g]);
    }
}

/* With components on the ball path: the roots of the polynomials' factors
   and the ball path's zeros, all as zeros of their functions (the ball
   path's ids shifted past the polynomials'), sorted and merged by
   ct_analysis_points_build; 1 when a comparison is undecided (recorded in A). */
static int analyze_mixed(ct_analysis_common *C, ct_analysis_t A, ct_lambda_work *W,
                         _ct_lambda_ball_sink *K)
{
    slong nf = W->sign_polys->len;
    analyze_isolate(W, &ct_analysis_common_settings(C)->phase);
    for (slong e = 0; e < K->nzeros; e++)
        K->zeros[e].f += nf;
    for (slong v = 0; v < K->nnodes; v++)
        for (slong p = 0; p < C->nodes[v].c * (C->nodes[v].c - 1) / 2; p++)
            if (C->nodes[v].pid[p] >= 0)
                C->nodes[v].pid[p] += nf;
    for (slong i = 0; i < nf; i++)
        for (slong j = 0; j < W->pfac[i].num; j++) {
            slong fid = W->pfac[i].fid[j];
            for (slong r = 0; r < W->nfroots[fid]; r++) {
                ct_analysis_zero *z = _ct_lambda_ball_new_zero(K);
                ct_bpoint_set_rroot(&z->pt, W->froots[fid] + r);
                z->f = i, z->mult = W->pfac[i].exp[j];
            }
        }
    analyze_poly_nodes(C, W);
    return ct_analysis_points_build(C, A, K->zeros, K->nzeros, nf + K->nfuncs, 0, NULL,
                                    NULL);
}

int ct_lambda_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                             const ct_instance_struct *insts, slong m, int score_all,
                             FILE *warn)
{
    (void)c;
    ct_lambda_work W;
    _ct_lambda_ball_sink K = {C, 0, 0, NULL, 0, 0, 0, 0, 0};
    int bad = 0;
    ct_lambda_work_init(&W);
    for (slong t = 0; t < m; t++) {
        _ct_lambda_sign_functions_hook(&W.signs, &W.nsigns, insts + t, t, score_all, warn,
                                       _ct_lambda_ball_component, &K,
                                       ct_analysis_common_settings(C));
        ct_analysis_progress(t + 1, m);
    }
    A->ball_fallbacks = K.declined, A->ball_fallback_rows = K.declined_rows;
    if (K.tried > 0)
        ct_analysis_phase(&ct_analysis_common_settings(C)->phase,
                          "components declined by the ball path", K.declined, K.tried);
    analyze_register_signs(&W);
    analyze_factor_signs(&W, &ct_analysis_common_settings(C)->phase);
    if (K.nnodes == 0) { /* exact throughout: nothing is ever undecided */
        analyze_isolate_and_sort(&W, &ct_analysis_common_settings(C)->phase);
        analyze_build_events(C, &W);
        analyze_lambda_nodes(C, &W);
    } else {
        bad = analyze_mixed(C, A, &W, &K);
    }
    ct_lambda_work_clear(&W);
    flint_free(K.zeros); /* cleared by ct_analysis_points_build */
    return bad;
}

void ct_lambda_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                     const ct_instance_struct *inst, slong inst_idx,
                                     const fmpq_t c)
{
    (void)c;
    ct_lambda_sign_functions(out, count, inst, inst_idx, CT_SIGNFN_EVERY_NODE, NULL);
}

slong ct_lambda_bounds_sharp(const ct_instance_struct *inst, const slong *comp,
                             slong comp_id, slong k, slong l)
{
    (void)k, (void)l;
    return ct_lambda_kron_distinct_eigenvalues(inst, comp, comp_id);
}
