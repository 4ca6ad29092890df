/* alpha_pencil: components with a huge weight (docs/alpha.md, "Huge weights").

   A weight of a million digits makes every coefficient of the group
   solutions millions of bits long, and the multimodular solve needs some
   10^5 primes for them. Instead every scaled weight is written in base t = H
   (one huge value) with small digits, w_e = sum_k c_ek H^k, so that
   D - alpha W = M(alpha, H) for a matrix M(alpha, t) with small coefficients.
   Each entry of adj(M) v is a polynomial in alpha and t of t-degree at most
   dt = sum_r k_r - min_r k_r (k_r the largest t-degree in row r: by Cramer's
   rule one row contributes v's constant). It is solved at dt + 1 small values
   of t by the multimodular solve (alpha_mod.c), interpolated, and only each
   pair's coefficients are evaluated at H, divided by their content read off
   the forms (ct_zadj_forms_primitive) instead of a gcd of huge integers. */
#include <flint/fmpz_poly.h>
#include "certune/zadj.h"
#include "alpha_internal.h"

/* An entry of at least this many bits makes the pencil pay (zadj's threshold:
   below it a multimodular solve needs few primes). */
#define ALPHA_PENCIL_BITS CT_ZADJ_PENCIL_BITS

/* The digits in base H must be small (and H > 2^(2 DIGIT_BITS) so that they
   are: a weight of few bits is its own digit). */
#define ALPHA_PENCIL_DIGIT_BITS 64
#define ALPHA_PENCIL_MAX_DIGITS 4

/* The largest t-degree solved for (dt + 1 solves). */
#define ALPHA_PENCIL_MAX_DEG 16

/* Every stored weight in base H; returns 0 (P->w left zero) if a digit is large. */
static int pencil_try_base(_ct_alpha_pencil *P, const ct_alpha_comp *C, const fmpz_t H)
{
    slong nnz = C->rowstart[C->size];
    if (fmpz_bits(H) < 2 * ALPHA_PENCIL_DIGIT_BITS + 2)
        return 0;
    for (slong e = 0; e < nnz; e++)
        if (!ct_zadj_base_digits(P->w + e, C->w + e, H, ALPHA_PENCIL_DIGIT_BITS,
                                 ALPHA_PENCIL_MAX_DIGITS))
            return 0;
    fmpz_set(P->H, H);
    return 1;
}

/* H: the smallest huge weight (one huge weight, or several H + small), else
   the gcd of the huge weights (a tiny weight scales all others by one huge
   denominator). */
static int pencil_param(_ct_alpha_pencil *P, const ct_alpha_comp *C)
{
    slong nnz = C->rowstart[C->size], low = -1;
    fmpz_t g;
    fmpz_init(g);
    for (slong e = 0; e < nnz; e++)
        if (fmpz_bits(C->w + e) >= ALPHA_PENCIL_BITS) {
            if (low < 0 || fmpz_cmp(C->w + e, C->w + low) < 0)
                low = e;
            if (fmpz_is_zero(g) || !fmpz_divisible(C->w + e, g)) /* few huge gcds */
                fmpz_gcd(g, g, C->w + e);
        }
    int ok = low >= 0 && (pencil_try_base(P, C, C->w + low) || pencil_try_base(P, C, g));
    fmpz_clear(g);
    return ok;
}

/* dt from the rows' largest t-degrees. */
static slong pencil_degree(const _ct_alpha_pencil *P, const ct_alpha_comp *C)
{
    slong sum = 0, low = WORD_MAX;
    for (slong i = 0; i < C->size; i++) {
        slong k = 0;
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++)
            k = FLINT_MAX(k, fmpz_poly_degree(P->w + e));
        sum += k, low = FLINT_MIN(low, k);
    }
    return sum - low;
}

int _ct_alpha_pencil_init(_ct_alpha_pencil *P, const ct_alpha_comp *C, slong max_nodes)
{
    slong nnz = C->rowstart[C->size];
    P->w = NULL;
    P->own = NULL;
    fmpz_init(P->H);
    if (max_nodes < 0 || C->size > ct_analysis_setting(max_nodes, WORD_MAX) ||
        C->size < 2 || C->m == 0)
        return 0;
    P->w = flint_malloc(FLINT_MAX(nnz, 1) * sizeof(fmpz_poly_struct));
    for (slong e = 0; e < nnz; e++)
        fmpz_poly_init(P->w + e);
    if (!pencil_param(P, C) || (P->dt = pencil_degree(P, C)) > ALPHA_PENCIL_MAX_DEG) {
        _ct_alpha_pencil_clear(P, C);
        fmpz_init(P->H);
        return 0;
    }
    P->own = flint_malloc(FLINT_MAX(C->m, 1) * sizeof(slong));
    P->nown = 0;
    for (slong j = 0; j < C->m; j++) /* a huge q_j: its own right-hand side */
        P->own[j] = fmpz_bits(C->q + j) > ALPHA_PENCIL_DIGIT_BITS ? P->nown++ : -1;
    return 1;
}

void _ct_alpha_pencil_clear(_ct_alpha_pencil *P, const ct_alpha_comp *C)
{
    if (P->w != NULL)
        for (slong e = 0; e < C->rowstart[C->size]; e++)
            fmpz_poly_clear(P->w + e);
    flint_free(P->w), flint_free(P->own);
    P->w = NULL;
    P->own = NULL;
    fmpz_clear(P->H);
}

/* E = C with t = x: weights and degrees evaluated, the labeled nodes with a
   huge q in groups of their own (q = 1) after C's. E shares C's other arrays;
   free with pencil_eval_clear. */
static void pencil_eval(ct_alpha_comp *E, const ct_alpha_comp *C,
                        const _ct_alpha_pencil *P, const fmpz_t x)
{
    slong n = C->size;
    *E = *C;
    E->deg = _fmpz_vec_init(n);
    E->w = _fmpz_vec_init(FLINT_MAX(C->rowstart[n], 1));
    E->q = _fmpz_vec_init(FLINT_MAX(C->m, 1));
    E->grp = flint_malloc(FLINT_MAX(C->m, 1) * sizeof(slong));
    E->ng = C->ng + P->nown;
    for (slong i = 0; i < n; i++)
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++) {
            fmpz_poly_evaluate_fmpz(E->w + e, P->w + e, x);
            fmpz_add(E->deg + i, E->deg + i, E->w + e);
        }
    for (slong j = 0; j < C->m; j++) {
        E->grp[j] = P->own[j] < 0 ? C->grp[j] : C->ng + P->own[j];
        if (P->own[j] < 0)
            fmpz_set(E->q + j, C->q + j);
        else
            fmpz_one(E->q + j);
    }
}

static void pencil_eval_clear(ct_alpha_comp *E, const ct_alpha_comp *C)
{
    _fmpz_vec_clear(E->deg, C->size);
    _fmpz_vec_clear(E->w, FLINT_MAX(C->rowstart[C->size], 1));
    _fmpz_vec_clear(E->q, FLINT_MAX(C->m, 1));
    flint_free(E->grp);
}

void _ct_alpha_pencil_solve(fmpz_poly_struct *PT, const _ct_alpha_pencil *P,
                            const ct_alpha_comp *C, const slong *rows, slong nr)
{
    slong np = P->dt + 1, len = (C->ng + P->nown) * nr * C->size;
    fmpz *xs = _fmpz_vec_init(np), *ys = _fmpz_vec_init(np);
    fmpz **val = flint_malloc(np * sizeof(fmpz *));
    for (slong i = 0; i < np; i++) {
        ct_alpha_comp E;
        /* beyond the digits' Cauchy bound: every weight is positive there */
        fmpz_one(xs + i);
        fmpz_mul_2exp(xs + i, xs + i, ALPHA_PENCIL_DIGIT_BITS + 2);
        fmpz_add_ui(xs + i, xs + i, i);
        pencil_eval(&E, C, P, xs + i);
        val[i] = _fmpz_vec_init(FLINT_MAX(len, 1));
        ct_alpha_adj_groups(val[i], &E, rows, nr);
        pencil_eval_clear(&E, C);
    }
    for (slong idx = 0; idx < len; idx++) {
        for (slong i = 0; i < np; i++)
            fmpz_swap(ys + i, val[i] + idx);
        fmpz_poly_interpolate_fmpz_vec(PT + idx, xs, ys, np); /* exact: integer */
    }
    for (slong i = 0; i < np; i++)
        _fmpz_vec_clear(val[i], FLINT_MAX(len, 1));
    flint_free(val);
    _fmpz_vec_clear(xs, np), _fmpz_vec_clear(ys, np);
}

/* The group of class cls with radicand r among C's own groups, or -1. */
static slong pencil_group(const ct_alpha_comp *C, slong cls, const fmpz_t r)
{
    for (slong g = 0; g < C->ng; g++)
        if (C->gcls[g] == cls && fmpz_equal(C->grad + g, r))
            return g;
    return -1;
}

/* Whether a labeled node of group g or h has a huge q (its own group). */
static int pencil_has_own(const _ct_alpha_pencil *P, const ct_alpha_comp *C, slong g,
                          slong h)
{
    for (slong j = 0; j < C->m; j++)
        if (P->own[j] >= 0 && (C->grp[j] == g || C->grp[j] == h))
            return 1;
    return 0;
}

/* v[e] += sign q_j X_j(H)[e] for the huge-q nodes j of group g (row t). */
static void pencil_add_own(fmpz *v, const fmpz_poly_struct *PT, const _ct_alpha_pencil *P,
                           const ct_alpha_comp *C, slong t, slong nr, slong g, int sign,
                           const ct_zadj_pow_t pw)
{
    slong n = C->size;
    fmpz_t x;
    fmpz_init(x);
    for (slong j = 0; g >= 0 && j < C->m; j++)
        if (P->own[j] >= 0 && C->grp[j] == g)
            for (slong e = 0; e < n; e++) {
                ct_zadj_pow_eval(x, PT + ((C->ng + P->own[j]) * nr + t) * n + e, P->dt,
                                 pw);
                fmpz_mul(x, x, C->q + j);
                (sign > 0 ? fmpz_add : fmpz_sub)(v + e, v + e, x);
            }
    fmpz_clear(x);
}

/* The function of pair (a, b) at row t: per square class r of the two
   classes' groups, G_r = P_{a,r} - P_{b,r}, divided by the positive content of
   all of them (from the forms when no huge q enters: no huge gcd). */
static void pencil_pair(ct_mqpoly_t g, const fmpz_poly_struct *PT,
                        const _ct_alpha_pencil *P, const ct_alpha_comp *C, slong t,
                        slong nr, slong a, slong b, const ct_zadj_pow_t pw)
{
    slong n = C->size, R = 0, *rg = flint_malloc(FLINT_MAX(C->ng, 1) * sizeof(slong));
    int own = 0;
    for (slong g0 = 0; g0 < C->ng; g0++) { /* one group per radicand of a or b */
        slong h = 0;
        while (h < R && !fmpz_equal(C->grad + rg[h], C->grad + g0))
            h++;
        if ((C->gcls[g0] == a || C->gcls[g0] == b) && h == R)
            rg[R++] = g0;
    }
    fmpz_poly_struct *L = flint_malloc(FLINT_MAX(R * n, 1) * sizeof(fmpz_poly_struct));
    fmpz *v = _fmpz_vec_init(FLINT_MAX(R * n, 1));
    for (slong r = 0; r < R; r++) {
        slong ga = pencil_group(C, a, C->grad + rg[r]),
              gb = pencil_group(C, b, C->grad + rg[r]);
        own |= pencil_has_own(P, C, ga, gb);
        for (slong e = 0; e < n; e++) {
            fmpz_poly_struct *l = L + r * n + e;
            fmpz_poly_init(l);
            if (ga >= 0)
                fmpz_poly_set(l, PT + (ga * nr + t) * n + e);
            if (gb >= 0)
                fmpz_poly_sub(l, l, PT + (gb * nr + t) * n + e);
        }
    }
    if (!own)
        ct_zadj_forms_primitive(v, L, R * n, pw);
    for (slong r = 0; own && r < R; r++) {
        for (slong e = 0; e < n; e++)
            ct_zadj_pow_eval(v + r * n + e, L + r * n + e, P->dt, pw);
        pencil_add_own(v + r * n, PT, P, C, t, nr, pencil_group(C, a, C->grad + rg[r]), 1,
                       pw);
        pencil_add_own(v + r * n, PT, P, C, t, nr, pencil_group(C, b, C->grad + rg[r]),
                       -1, pw);
    }
    fmpz_poly_t G;
    fmpz_poly_init(G);
    for (slong r = 0; r < R; r++) {
        fmpz_poly_fit_length(G, n);
        _fmpz_vec_swap(G->coeffs, v + r * n, n);
        _fmpz_poly_set_length(G, n);
        _fmpz_poly_normalise(G);
        ct_mqpoly_add_term_move(g, C->grad + rg[r], G);
    }
    if (!own)
        ct_mqpoly_set_primitive(g);
    else if (ct_mqpoly_normalize(g) < 0) /* its sign is kept */
        for (slong k = 0; k < g->len; k++)
            fmpz_poly_neg(g->poly + k, g->poly + k);
    fmpz_poly_clear(G);
    for (slong i = 0; i < R * n; i++)
        fmpz_poly_clear(L + i);
    flint_free(L), flint_free(rg);
    _fmpz_vec_clear(v, FLINT_MAX(R * n, 1));
}

void _ct_alpha_pencil_node(ct_signfn_struct *f, const fmpz_poly_struct *PT,
                           const _ct_alpha_pencil *P, const ct_alpha_comp *C, slong t,
                           slong nr, const ct_zadj_pow_t pw)
{
    for (slong a = 0; a < f->c; a++)
        for (slong b = a + 1; b < f->c; b++)
            pencil_pair(f->diff.mq + ct_signfn_pair(a, b, f->c), PT, P, C, t, nr, a, b,
                        pw);
}
