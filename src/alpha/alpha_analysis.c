/* analyze_alpha: the alpha family's multi-quadratic sign functions ->
   certified breakpoints in (0, 1).

   Sign functions are normalized and deduplicated. One with a single square
   class is a rational polynomial up to a positive factor (the fast path): its
   factors' roots in (0, 1) are isolated exactly as lambda's (roots.h). In
   general ct_mqroot_isolate splits off the rational gcd of the components (exact
   roots, known multiplicities) and isolates the simple zeros of the rest,
   proved squarefree. All points are sorted by analyze_points: algebraic points
   by ct_rroot_cmp, multi-quadratic zeros by ct_mqroot_cmp (refinement, then an exact
   qqbar equality test); what cannot be decided is reported, never guessed. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_poly_factor.h>
#include "certune/analysis.h"
#include "certune/alpha.h"
#include "certune/mqroot.h"
#include "certune/mem.h"

typedef struct {
    ct_signfn_struct *signs;
    slong nsigns;
    ct_signfn_set_t fns; /* distinct normalized nonzero sign functions */
    int *sign_first;
    ct_analysis_zero *zeros;
    slong nzeros, zalloc;
} alpha_work;

static void alpha_work_clear(alpha_work *W)
{
    ct_signfn_vec_clear(W->signs, W->nsigns);
    ct_signfn_set_clear(W->fns);
    flint_free(W->sign_first);
    flint_free(W->zeros);
}

static void alpha_register(ct_analysis_common *C, alpha_work *W)
{
    for (slong s = 0; s < W->nsigns; s++) {
        const ct_signfn_struct *g = W->signs + s;
        ct_analysis_node *v = ct_analysis_common_add_node(C, g->inst, g->truth, g->c);
        for (slong p = 0; p < g->c * (g->c - 1) / 2; p++)
            v->pid[p] = ct_signfn_set_add_pair(W->fns, v->sign0 + p, g, p);
    }
}

static ct_analysis_zero *alpha_new_zero(alpha_work *W, slong f, slong mult)
{
    if (W->nzeros == W->zalloc) {
        W->zalloc = FLINT_MAX(64, 2 * W->zalloc);
        W->zeros = flint_realloc(W->zeros, W->zalloc * sizeof(ct_analysis_zero));
    }
    ct_analysis_zero *z = W->zeros + W->nzeros++;
    ct_bpoint_init(&z->pt);
    z->f = f;
    z->mult = mult;
    return z;
}

/* The roots in (0, 1) of the squarefree integer polynomial q, as zeros of
   function f with multiplicity mult. */
static void alpha_add_rational_roots(alpha_work *W, const fmpz_poly_t q, slong f,
                                     slong mult)
{
    fmpz_poly_t r;
    fmpz_poly_init(r);
    slong k = 0;
    while (k < q->length && fmpz_is_zero(q->coeffs + k))
        k++;
    fmpz_poly_shift_right(r, q, k); /* roots at 0 are outside the domain */
    if (fmpz_poly_degree(r) >= 1) {
        fmpz_poly_primitive_part(r, r); /* positive leading coefficient */
        ct_rroot_struct *roots;
        fmpq_t one;
        fmpq_init(one);
        fmpq_one(one);
        slong n = ct_rroot_isolate_positive(&roots, r);
        for (slong j = 0; j < n; j++) {
            if (ct_rroot_cmp_fmpq(roots + j, one) < 0)
                ct_bpoint_set_rroot(&alpha_new_zero(W, f, mult)->pt, roots + j);
            ct_rroot_clear(roots + j);
        }
        flint_free(roots);
        fmpq_clear(one);
    }
    fmpz_poly_clear(r);
}

/* Polynomials up to this degree are split into irreducible factors, above it
   only squarefree ones (as for lambda: analyze.c). */
#define ALPHA_FACTOR_DEGREE 8

/* One square class: g = sqrt(r) G with G rational: lambda's exact path. */
static void alpha_rational_function(alpha_work *W, slong f)
{
    const fmpz_poly_struct *G = W->fns->fn.mq[f].poly + 0;
    slong k = 0;
    while (fmpz_is_zero(G->coeffs + k))
        k++;
    W->sign_first[f] = fmpz_sgn(G->coeffs + k);
    fmpz_poly_factor_t fac;
    fmpz_poly_factor_init(fac);
    if (fmpz_poly_degree(G) <= ALPHA_FACTOR_DEGREE)
        fmpz_poly_factor(fac, G);
    else
        fmpz_poly_factor_squarefree(fac, G);
    for (slong j = 0; j < fac->num; j++)
        alpha_add_rational_roots(W, fac->p + j, f, fac->exp[j]);
    fmpz_poly_factor_clear(fac);
}

/* Several square classes: the rational gcd's roots, then the simple zeros of
   the rest. Returns 1 (recorded in A) when the rest is not proved squarefree. */
static int alpha_mixed_function(ct_analysis_t A, alpha_work *W, slong f)
{
    const ct_mqpoly_struct *g = W->fns->fn.mq + f;
    W->sign_first[f] = ct_mqroot_sign_right_of_zero(g);
    ct_mqroot_struct *z;
    fmpz_poly_struct *hfac;
    slong n, nh, *hexp;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    int bad = ct_mqroot_isolate(&z, &n, &hfac, &hexp, &nh, lo, hi, g);
    if (bad) {
        char *s = ct_mqpoly_get_str(g), *what = ct_mem_malloc(strlen(s) + 80);
        char *l = fmpq_get_str(NULL, 10, lo), *h = fmpq_get_str(NULL, 10, hi);
        sprintf(what, "%s: not proved squarefree (a multiple zero is possible)", s);
        ct_analysis_add_undecided(A, l, h, what);
        flint_free(l), flint_free(h), free(s), free(what);
    } else {
        for (slong j = 0; j < n; j++) {
            ct_bpoint_set_mqroot(&alpha_new_zero(W, f, 1)->pt, z + j);
            ct_mqroot_clear(z + j);
        }
        flint_free(z);
        for (slong j = 0; j < nh; j++) {
            alpha_add_rational_roots(W, hfac + j, f, hexp[j]);
            fmpz_poly_clear(hfac + j);
        }
        flint_free(hfac);
        flint_free(hexp);
    }
    fmpq_clear(lo), fmpq_clear(hi);
    return bad;
}

static int alpha_zeros(ct_analysis_t A, alpha_work *W)
{
    int bad = 0;
    W->sign_first = flint_calloc(FLINT_MAX(W->fns->len, 1), sizeof(int));
    for (slong f = 0; f < W->fns->len; f++) {
        if (W->fns->fn.mq[f].len == 1)
            alpha_rational_function(W, f);
        else
            bad |= alpha_mixed_function(A, W, f);
    }
    return bad;
}

static int alpha_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                       const ct_instance_struct *insts, slong m, int score_all,
                       FILE *warn)
{
    (void)c;
    alpha_work W;
    memset(&W, 0, sizeof(alpha_work));
    ct_signfn_set_init(W.fns, &ct_signfn_type_mqpoly);
    for (slong t = 0; t < m; t++) {
        ct_alpha_sign_functions(&W.signs, &W.nsigns, insts + t, t, score_all, warn);
        ct_analysis_progress(t + 1, m);
    }
    alpha_register(C, &W);
    int bad = alpha_zeros(A, &W);
    if (bad)
        for (slong k = 0; k < W.nzeros; k++)
            ct_bpoint_clear(&W.zeros[k].pt);
    else
        bad =
            ct_analysis_points_build(C, A, W.zeros, W.nzeros, W.fns->len, 0, NULL, NULL);
    for (slong s = 0; !bad && s < C->nnodes; s++) {
        ct_analysis_node *v = C->nodes + s;
        for (slong p = 0; p < v->c * (v->c - 1) / 2; p++)
            if (v->pid[p] >= 0)
                v->sign0[p] *= W.sign_first[v->pid[p]];
    }
    alpha_work_clear(&W);
    return bad;
}

const ct_analysis_family_struct ct_alpha_family = {CT_FAMILY_ALPHA, "alpha", 0,
                                                   alpha_build};
