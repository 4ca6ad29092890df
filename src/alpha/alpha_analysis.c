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
#include "alpha_internal.h"

typedef struct {
    ct_analysis_common *C;
    ct_analysis_struct *A; /* where undecided intervals are recorded */
    int bad;               /* some function was not proved squarefree */
    slong nfuncs;          /* function ids handed out so far */
    int *sign_first;       /* per function id: its sign right of 0 */
    slong sf_alloc;
    ct_analysis_zero *zeros;
    slong nzeros, zalloc;
} alpha_work;

static void alpha_work_clear(alpha_work *W)
{
    flint_free(W->sign_first);
    flint_free(W->zeros);
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

static ct_analysis_zero *alpha_new_zero_cb(void *W, slong f, slong mult)
{
    return alpha_new_zero(W, f, mult);
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
static void alpha_rational_function(alpha_work *W, const ct_mqpoly_t g, slong f)
{
    const fmpz_poly_struct *G = g->poly + 0;
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
static int alpha_mixed_function(ct_analysis_t A, alpha_work *W, const ct_mqpoly_t g,
                                slong f)
{
    ct_mqroot_struct *z;
    fmpz_poly_struct *hfac;
    slong n, nh, *hexp;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    int bad = ct_mqroot_isolate(&z, &n, &hfac, &hexp, &nh, lo, hi, g);
    if (bad) {
        char *s = ct_mqpoly_get_str(g), *what = ct_mem_malloc(strlen(s) + 160);
        char *l = fmpq_get_str(NULL, 10, lo), *h = fmpq_get_str(NULL, 10, hi);
        size_t len = strlen(s);
        if (len > CT_ANALYSIS_EXACT_MAX) /* as the report's exact forms */
            sprintf(what, "%.200s ... (%zu characters in all): not proved squarefree", s,
                    len);
        else
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

/* Whether pair p = (a, b) of the node can be left without zeros: some class m
   beats both a and b on all of (0, 1) (functions proved zero-free), so neither
   is ever the argmax nor tied with it, and the sweep's argmax and tie tests
   (which compare classes with the current maximum only) never read the pair's
   sign. */
static int alpha_pair_dominated(const ct_analysis_node *v, const slong *loc,
                                const int *first, const int *free, slong a, slong b)
{
    for (slong m = 0; m < v->c; m++) {
        if (m == a || m == b)
            continue;
        slong pa = ct_signfn_pair(FLINT_MIN(m, a), FLINT_MAX(m, a), v->c);
        slong pb = ct_signfn_pair(FLINT_MIN(m, b), FLINT_MAX(m, b), v->c);
        if (loc[pa] >= 0 && loc[pb] >= 0 && free[loc[pa]] && free[loc[pb]] &&
            _ct_alpha_pair_sign(v, loc, first, m, a) > 0 &&
            _ct_alpha_pair_sign(v, loc, first, m, b) > 0)
            return 1;
    }
    return 0;
}

/* Whether function f must be isolated: some pair using it is not dominated
   (given the functions proved zero-free so far). */
static int alpha_needed(slong f, const ct_analysis_node *v, const slong *loc,
                        const int *first, const int *free)
{
    for (slong a = 0; a < v->c; a++)
        for (slong b = a + 1; b < v->c; b++)
            if (loc[ct_signfn_pair(a, b, v->c)] == f &&
                !alpha_pair_dominated(v, loc, first, free, a, b))
                return 1;
    return 0;
}

/* The order in which the node's functions are isolated: those of pairs with
   the class leading right of 0 first (if it leads everywhere, they are
   zero-free and every other pair is dominated, hence skipped). */
static void alpha_order(slong *order, const ct_analysis_node *v, const slong *loc,
                        const int *first, slong nf)
{
    slong npairs = v->c * (v->c - 1) / 2, k = 0;
    int *sg = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(int));
    char *done = flint_calloc(FLINT_MAX(nf, 1), 1);
    for (slong p = 0; p < npairs; p++)
        sg[p] = loc[p] < 0 ? 0 : v->sign0[p] * first[loc[p]];
    slong lead = ct_signfn_argmax(sg, v->c);
    for (int pass = 0; pass < 2; pass++)
        for (slong a = 0; a < v->c; a++)
            for (slong b = a + 1; b < v->c; b++) {
                slong f = loc[ct_signfn_pair(a, b, v->c)];
                if (f >= 0 && !done[f] && (pass == 1 || a == lead || b == lead))
                    done[f] = 1, order[k++] = f;
            }
    flint_free(sg), flint_free(done);
}

/* The node's functions, deduplicated among its own pairs (S), get ids
   W->nfuncs + local id; their zeros are isolated now (those of dominated
   pairs not at all) and the functions freed, so memory holds one node's
   functions at a time. A function is proved zero-free when its isolation
   finds no zero in (0, 1). */
static void alpha_node_zeros(alpha_work *W, ct_analysis_node *v, slong *loc,
                             ct_signfn_set_t S)
{
    slong nf = S->len, *order = flint_malloc(FLINT_MAX(nf, 1) * sizeof(slong));
    slong *zbeg = flint_malloc(2 * FLINT_MAX(nf, 1) * sizeof(slong)), *zend = zbeg + nf;
    int *first = flint_malloc(FLINT_MAX(nf, 1) * sizeof(int));
    int *free_ = flint_calloc(FLINT_MAX(nf, 1), sizeof(int));
    for (slong f = 0; f < nf; f++)
        first[f] = ct_mqroot_sign_right_of_zero(S->fn.mq + f);
    alpha_order(order, v, loc, first, nf);
    if (W->nfuncs + nf > W->sf_alloc) {
        W->sf_alloc = FLINT_MAX(2 * W->sf_alloc, W->nfuncs + nf + 16);
        W->sign_first = flint_realloc(W->sign_first, W->sf_alloc * sizeof(int));
    }
    for (slong k = 0; k < nf; k++) {
        slong f = order[k], id = W->nfuncs + f, z0 = W->nzeros;
        int bad = 0;
        W->sign_first[id] = first[f];
        zbeg[f] = zend[f] = -1;
        if (!alpha_needed(f, v, loc, first, free_))
            continue;
        if (ct_mqroot_zero_free(S->fn.mq + f)) { /* the cheap proof first */
            free_[f] = 1;
            zbeg[f] = zend[f] = z0;
            continue;
        }
        if (S->fn.mq[f].len == 1)
            alpha_rational_function(W, S->fn.mq + f, id);
        else
            bad = alpha_mixed_function(W->A, W, S->fn.mq + f, id);
        W->bad |= bad;
        free_[f] = !bad && W->nzeros == z0;
        if (!bad)
            zbeg[f] = z0, zend[f] = W->nzeros;
    }
    if (!W->bad && !ct_analysis_common_settings(W->C)->keep_silent_zeros) {
        _ct_alpha_node_zeros N = {v, loc, first, zbeg, zend, W->zeros};
        _ct_alpha_move_zeros(&N, nf);
    }
    for (slong p = 0; p < v->c * (v->c - 1) / 2; p++)
        v->pid[p] = loc[p] < 0 ? -1 : W->nfuncs + loc[p];
    W->nfuncs += nf;
    flint_free(order), flint_free(zbeg), flint_free(first), flint_free(free_);
}

/* The consumer of ct_alpha_sign_functions_each: one scored node. */
static void alpha_take_node(void *arg, ct_signfn_struct *s)
{
    alpha_work *W = arg;
    ct_analysis_node *v = ct_analysis_common_add_node(W->C, s->inst, s->truth, s->c);
    slong npairs = s->c * (s->c - 1) / 2;
    slong *loc = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(slong));
    ct_signfn_set_t S;
    ct_signfn_set_init(S, &ct_signfn_type_mqpoly);
    for (slong p = 0; p < npairs; p++)
        loc[p] = ct_signfn_set_take_pair(S, v->sign0 + p, s, p);
    alpha_node_zeros(W, v, loc, S);
    ct_signfn_set_clear(S);
    flint_free(loc);
}

int ct_alpha_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                            const ct_instance_struct *insts, slong m, int score_all,
                            FILE *warn)
{
    (void)c;
    alpha_work W;
    memset(&W, 0, sizeof(alpha_work));
    W.C = C;
    W.A = A;
    _ct_alpha_ball_sink K = {
        C, &W.nfuncs, &W.sign_first, &W.sf_alloc, alpha_new_zero_cb, &W, 0, 0, 0};
    for (slong t = 0; t < m; t++) {
        _ct_alpha_sign_functions_hooked(insts + t, t, score_all, warn, alpha_take_node,
                                        &W, _ct_alpha_ball_component, &K,
                                        ct_analysis_common_settings(C));
        ct_analysis_progress(t + 1, m);
    }
    A->ball_fallbacks = K.declined, A->ball_fallback_rows = K.declined_rows;
    if (K.tried > 0)
        ct_analysis_phase(&ct_analysis_common_settings(C)->phase,
                          "components declined by the ball path", K.declined, K.tried);
    int bad = W.bad;
    if (bad)
        for (slong k = 0; k < W.nzeros; k++)
            ct_bpoint_clear(&W.zeros[k].pt);
    else
        bad = ct_analysis_points_build(C, A, W.zeros, W.nzeros, W.nfuncs, 0, NULL, NULL);
    for (slong s = 0; !bad && s < C->nnodes; s++) {
        ct_analysis_node *v = C->nodes + s;
        for (slong p = 0; p < v->c * (v->c - 1) / 2; p++)
            if (v->pid[p] >= 0)
                v->sign0[p] *= W.sign_first[v->pid[p]];
    }
    alpha_work_clear(&W);
    return bad;
}

void ct_alpha_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                    const ct_instance_struct *inst, slong inst_idx,
                                    const fmpq_t c)
{
    (void)c;
    ct_alpha_sign_functions(out, count, inst, inst_idx, CT_SIGNFN_EVERY_NODE, NULL);
}

slong ct_alpha_bounds_sharp(const ct_instance_struct *inst, const slong *comp,
                            slong comp_id, slong k, slong l)
{
    (void)k, (void)l;
    return ct_alpha_square_classes(inst, comp, comp_id);
}
