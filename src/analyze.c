/* analyze: sign functions -> certified, exactly merged breakpoints -> sweep.

   Every nonzero sign polynomial is factored over Z. Roots of distinct irreducible
   factors are distinct real numbers, so merging breakpoints across nodes, class
   pairs and instances reduces to sharing factors, and ordering them to refining
   isolating intervals until disjoint (rroot_cmp): no closeness heuristics. */
#include <string.h>
#include <flint/fmpz_poly_factor.h>
#include "certune/analyze.h"
#include "certune/lambda.h"
#include "certune/polyset.h"
#include "certune/profile.h"
#include "certune/signfn.h"
#include "analyze_internal.h"

static int analyze_count_scored(slong *nscored, const instance_struct *insts, slong m,
                                int score_all, char *err, size_t errlen)
{
    for (slong t = 0; t < m; t++) {
        nscored[t] = 0;
        for (slong i = 0; i < insts[t].n; i++)
            if (insts[t].held[i] >= 0 || (score_all && insts[t].label[i] >= 0))
                nscored[t]++;
        if (nscored[t] == 0) {
            snprintf(err, errlen,
                     "%s: no scored node (no `t` record%s): its loss is undefined",
                     insts[t].path, score_all ? " and no `l` record" : "");
            return -1;
        }
    }
    return 0;
}

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
static void analyze_build_events(analyze_work *W)
{
    slong np = W->sign_polys->len;
    W->ev_len = flint_calloc(FLINT_MAX(np, 1), sizeof(slong));
    W->ev_pts = flint_malloc(FLINT_MAX(np, 1) * sizeof(slong *));
    W->ev_mult = flint_malloc(FLINT_MAX(np, 1) * sizeof(slong *));
    for (slong i = 0; i < np; i++) {
        const analyze_factor_list *L = W->pfac + i;
        slong len = 0;
        for (slong j = 0; j < L->num; j++)
            len += W->nfroots[L->fid[j]];
        W->ev_pts[i] = flint_malloc(FLINT_MAX(len, 1) * sizeof(slong));
        W->ev_mult[i] = flint_malloc(FLINT_MAX(len, 1) * sizeof(slong));
        for (slong j = 0; j < L->num; j++)
            for (slong r = 0; r < W->nfroots[L->fid[j]]; r++) {
                W->ev_pts[i][W->ev_len[i]] = W->fpoint[L->fid[j]][r];
                W->ev_mult[i][W->ev_len[i]] = L->exp[j];
                W->ev_len[i]++;
            }
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

static void analyze_sweep(analyze_work *W, profile_t P)
{
    static slong none = 0;
    slong cmax = 0;
    for (slong s = 0; s < W->nsigns; s++)
        cmax = FLINT_MAX(cmax, W->signs[s].c);
    slong npairs_max = FLINT_MAX(cmax * (cmax - 1) / 2, 1);
    int *sign0 = flint_malloc(npairs_max * sizeof(int));
    slong *len = flint_malloc(npairs_max * sizeof(slong));
    slong **pts = flint_malloc(npairs_max * sizeof(slong *));
    slong **mult = flint_malloc(npairs_max * sizeof(slong *));
    for (slong s = 0; s < W->nsigns; s++) {
        const signfn_struct *f = W->signs + s;
        for (slong p = 0; p < f->c * (f->c - 1) / 2; p++) {
            slong id = W->pair_pid[s][p];
            sign0[p] = analyze_sign_near_zero(f->diff + p);
            len[p] = id < 0 ? 0 : W->ev_len[id];
            pts[p] = id < 0 ? &none : W->ev_pts[id];
            mult[p] = id < 0 ? &none : W->ev_mult[id];
        }
        profile_add_node(P, f->inst, f->truth, f->c, sign0, len, pts, mult);
    }
    flint_free(sign0);
    flint_free(len);
    flint_free(pts);
    flint_free(mult);
}

int analysis_run(analysis_t A, family_t family, const instance_struct *insts, slong m,
                 int score_all, FILE *warn, char *err, size_t errlen)
{
    memset(A, 0, sizeof(analysis_struct));
    fmpq_init(A->min_loss);
    fmpq_init(A->representative);
    A->family = family;
    A->ninst = m;
    slong *nscored = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    if (m < 1 || analyze_count_scored(nscored, insts, m, score_all, err, errlen)) {
        if (m < 1)
            snprintf(err, errlen, "no instance given");
        flint_free(nscored);
        return -1;
    }
    analyze_work W;
    analyze_work_init(&W);
    for (slong t = 0; t < m; t++) {
        A->nscored += nscored[t];
        lambda_sign_functions(&W.signs, &W.nsigns, insts + t, t, score_all, warn);
    }
    analyze_register_signs(&W);
    analyze_factor_signs(&W);
    analyze_isolate_and_sort(&W);
    analyze_build_events(&W);
    profile_t P;
    profile_init(P, W.npoints, m, nscored);
    analyze_sweep(&W, P);
    analyze_fill_result(A, &W, P);
    profile_clear(P);
    analyze_work_clear(&W);
    flint_free(nscored);
    return 0;
}
