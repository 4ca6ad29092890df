/* analyze: the lambda family's sign polynomials -> certified, exactly merged
   breakpoints.

   Every nonzero sign polynomial is factored over Z. Roots of distinct irreducible
   factors are distinct real numbers, so merging breakpoints across nodes, class
   pairs and instances reduces to sharing factors, and ordering them to refining
   isolating intervals until disjoint (rroot_cmp): no closeness heuristics. */
#include <flint/fmpz_poly_factor.h>
#include "certune/analyze.h"
#include "certune/lambda.h"
#include "certune/polyset.h"
#include "certune/profile.h"
#include "certune/signfn.h"
#include "analyze_internal.h"

/* Registers every nonzero pair polynomial in W->sign_polys. */
static void analyze_register_signs(analyze_work *W)
{
    W->pair_pid = flint_malloc(FLINT_MAX(W->nsigns, 1) * sizeof(slong *));
    for (slong s = 0; s < W->nsigns; s++) {
        const signfn_struct *f = W->signs + s;
        slong npairs = f->c * (f->c - 1) / 2;
        W->pair_pid[s] = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(slong));
        for (slong p = 0; p < npairs; p++)
            W->pair_pid[s][p] = fmpz_poly_is_zero(f->diff + p)
                                    ? -1
                                    : polyset_insert(W->sign_polys, f->diff + p);
    }
}

/* Polynomials up to this degree are split into irreducible factors (nicer
   defining polynomials, rational roots found exactly); above it only the
   squarefree decomposition is taken, as full factoring would dominate the
   running time. Either way the pieces of one sign polynomial are coprime, and
   equal roots of different pieces are merged exactly by rroot_cmp (gcd). */
#define ANALYZE_FACTOR_DEGREE 8

static void analyze_add_piece(analyze_work *W, analyze_factor_list *L,
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
        L->fid[L->num] = polyset_insert(W->factors, r);
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

static void analyze_split_poly(analyze_work *W, analyze_factor_list *L,
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
static void analyze_factor_signs(analyze_work *W)
{
    slong np = W->sign_polys->len;
    W->pfac = flint_calloc(FLINT_MAX(np, 1), sizeof(analyze_factor_list));
    for (slong i = 0; i < np; i++)
        analyze_split_poly(W, W->pfac + i, W->sign_polys->polys + i);
}

/* Isolates the positive roots of every factor, then sorts all of them exactly. */
static void analyze_isolate_and_sort(analyze_work *W)
{
    slong nf = W->factors->len;
    W->froots = flint_malloc(FLINT_MAX(nf, 1) * sizeof(rroot_struct *));
    W->nfroots = flint_malloc(FLINT_MAX(nf, 1) * sizeof(slong));
    W->fpoint = flint_malloc(FLINT_MAX(nf, 1) * sizeof(slong *));
    W->npoints = 0;
    for (slong f = 0; f < nf; f++) {
        W->nfroots[f] = roots_isolate_positive(W->froots + f, W->factors->polys + f);
        W->npoints += W->nfroots[f];
    }
    W->order = flint_malloc(FLINT_MAX(W->npoints, 1) * sizeof(analyze_root_ref));
    slong k = 0;
    for (slong f = 0; f < nf; f++)
        for (slong j = 0; j < W->nfroots[f]; j++, k++) {
            W->order[k].root = W->froots[f] + j;
            W->order[k].factor = f;
            W->order[k].index = j;
        }
    analyze_sort_roots(W->order, W->npoints);
    for (slong f = 0; f < nf; f++)
        W->fpoint[f] = flint_malloc(FLINT_MAX(W->nfroots[f], 1) * sizeof(slong));
    analyze_merge_equal(W);
}

/* The events (point, multiplicity) of each distinct sign polynomial. */
static void analyze_build_events(analyze_common *C, const analyze_work *W)
{
    slong np = W->sign_polys->len;
    slong *cap = flint_calloc(FLINT_MAX(np, 1), sizeof(slong));
    for (slong i = 0; i < np; i++)
        for (slong j = 0; j < W->pfac[i].num; j++)
            cap[i] += W->nfroots[W->pfac[i].fid[j]];
    analyze_common_alloc_events(C, np, cap);
    flint_free(cap);
    for (slong i = 0; i < np; i++) {
        const analyze_factor_list *L = W->pfac + i;
        for (slong j = 0; j < L->num; j++)
            for (slong r = 0; r < W->nfroots[L->fid[j]]; r++)
                analyze_common_push_event(C, i, W->fpoint[L->fid[j]][r], L->exp[j]);
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

/* Per scored node: function ids and signs right of 0; and the points. */
static void analyze_lambda_nodes(analyze_common *C, const analyze_work *W)
{
    for (slong s = 0; s < W->nsigns; s++) {
        const signfn_struct *f = W->signs + s;
        analyze_node *v = analyze_common_add_node(C, f->inst, f->truth, f->c);
        for (slong p = 0; p < f->c * (f->c - 1) / 2; p++) {
            v->pid[p] = W->pair_pid[s][p];
            v->sign0[p] = analyze_sign_near_zero(f->diff + p);
        }
    }
    C->npoints = W->npoints;
    C->points = flint_malloc(FLINT_MAX(W->npoints, 1) * sizeof(bpoint_struct));
    for (slong g = 0; g < W->npoints; g++) {
        bpoint_init(C->points + g);
        bpoint_set_rroot(C->points + g, W->point_root[g]);
    }
}

int analyze_lambda_build(analyze_common *C, const instance_struct *insts, slong m,
                         int score_all, FILE *warn)
{
    analyze_work W;
    analyze_work_init(&W);
    for (slong t = 0; t < m; t++)
        lambda_sign_functions(&W.signs, &W.nsigns, insts + t, t, score_all, warn);
    analyze_register_signs(&W);
    analyze_factor_signs(&W);
    analyze_isolate_and_sort(&W);
    analyze_build_events(C, &W);
    analyze_lambda_nodes(C, &W);
    analyze_work_clear(&W);
    return 0;
}
