/* Tests of lambda: sign polynomials against hand derivations (the paper's
   gadget) and against the sign of F[i][k] - F[i][l] from a dense exact solve
   at rational lambda on random connected instances; whole analyses with the
   ball path (lskron.h, every component of >= 2 nodes) against the exact path
   on random sets. */
#include <string.h>
#include <flint/fmpq_mat.h>
#include "check.h"
#include "certune/spchol.h"
#include "huge_weights.h"
#include "certune/family.h"
#include "certune/blas.h"
#include "certune/decimal.h"
#include "certune/gen.h"
#include "certune/lambda.h"
#include "certune/lsroot.h"
#include "certune/qparse.h"
#include "../src/lambda/lambda_internal.h"

/* The gadget: 1-3 and 2-3 weight 1, 3-4 weight x; 1, 2 class 0, 4 class 1,
   3 held out with class 1. */
static void gadget(ct_instance_t inst, slong xnum, ulong xden)
{
    ct_gen_instance_init(inst, "gadget", 4, 2, 3);
    slong eu[3] = {0, 1, 2}, ev[3] = {2, 2, 3};
    for (slong e = 0; e < 3; e++) {
        inst->eu[e] = eu[e];
        inst->ev[e] = ev[e];
        fmpq_one(inst->ew + e);
    }
    fmpq_set_si(inst->ew + 2, xnum, xden);
    inst->label[0] = inst->label[1] = 0;
    inst->label[3] = 1;
    inst->held[2] = 1;
}

/* By hand (docs/lambda.md): sign(F[3][0] - F[3][1]) = sign(x - (x - 2) lambda).
   The sign polynomial is that linear form (times xden) times a factor positive on
   (0, +inf): the rest of the determinant, here (1 + lambda). */
static void check_gadget(slong xnum, ulong xden)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    gadget(inst, xnum, xden);
    ct_lambda_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(count == 1 && s[0].node == 2 && s[0].truth == 1 && s[0].inst == 0);
    fmpz_poly_t expect;
    fmpz_t g;
    fmpz_poly_init(expect);
    fmpz_init(g);
    fmpz_poly_set_coeff_si(expect, 0, xnum);
    fmpz_poly_set_coeff_si(expect, 1, -(xnum - 2 * (slong)xden));
    fmpz_poly_content(g, expect);
    fmpz_poly_scalar_divexact_fmpz(expect, expect, g);
    fmpz_poly_t quot;
    fmpz_poly_init(quot);
    CHECK_MSG(fmpz_poly_divides(quot, s[0].diff.poly, expect), "x = %ld/%lu", xnum, xden);
    CHECK(fmpz_poly_degree(quot) == 1);
    for (slong i = 0; i < quot->length; i++)
        CHECK_MSG(fmpz_sgn(quot->coeffs + i) > 0, "x = %ld/%lu", xnum, xden);
    fmpz_poly_clear(quot);
    fmpz_poly_clear(expect);
    fmpz_clear(g);
    for (slong i = 0; i < count; i++)
        ct_signfn_clear(s + i);
    flint_free(s);
    ct_instance_clear(inst);
}

/* F = (L + lambda Delta)^{-1} Y by a dense solve (inst connected, labeled). */
static void dense_scores(fmpq_mat_t F, const ct_instance_t inst, const fmpq_t lambda)
{
    slong n = inst->n;
    fmpq_mat_t A, Y;
    fmpq_mat_init(A, n, n);
    fmpq_mat_init(Y, n, inst->c);
    for (slong e = 0; e < inst->nedges; e++) {
        slong u = inst->eu[e], v = inst->ev[e];
        fmpq_add(fmpq_mat_entry(A, u, u), fmpq_mat_entry(A, u, u), inst->ew + e);
        fmpq_add(fmpq_mat_entry(A, v, v), fmpq_mat_entry(A, v, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(A, u, v), fmpq_mat_entry(A, u, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(A, v, u), fmpq_mat_entry(A, v, u), inst->ew + e);
    }
    for (slong i = 0; i < n; i++)
        if (inst->label[i] >= 0) {
            fmpq_add(fmpq_mat_entry(A, i, i), fmpq_mat_entry(A, i, i), lambda);
            fmpq_one(fmpq_mat_entry(Y, i, inst->label[i]));
        }
    CHECK(fmpq_mat_solve(F, A, Y));
    fmpq_mat_clear(A);
    fmpq_mat_clear(Y);
}

static void check_signs_at(const ct_signfn_struct *s, slong count,
                           const ct_instance_t inst, const fmpq_t lambda)
{
    fmpq_mat_t F;
    fmpq_t v, d;
    fmpq_mat_init(F, inst->n, inst->c);
    fmpq_init(v);
    fmpq_init(d);
    dense_scores(F, inst, lambda);
    for (slong r = 0; r < count; r++)
        for (slong k = 0; k < inst->c; k++)
            for (slong l = k + 1; l < inst->c; l++) {
                const fmpz_poly_struct *p =
                    s[r].diff.poly + ct_signfn_pair(k, l, inst->c);
                fmpz_poly_evaluate_fmpq(v, p, lambda);
                fmpq_sub(d, fmpq_mat_entry(F, s[r].node, k),
                         fmpq_mat_entry(F, s[r].node, l));
                CHECK_MSG(fmpq_sgn(v) == fmpq_sgn(d), "node %ld pair %ld,%ld",
                          (long)s[r].node, (long)k, (long)l);
            }
    fmpq_mat_clear(F);
    fmpq_clear(v);
    fmpq_clear(d);
}

/* Small instances, then a few larger ones whose coefficients need several
   primes in the CRT. */
static void check_random(flint_rand_t state)
{
    for (slong trial = 0; trial < 64; trial++) {
        ct_gen_params_t P;
        slong n = trial < 60 ? 3 + (slong)n_randint(state, 12) : 30 + 5 * (trial - 60);
        ct_gen_params_init(P, n, 2 + n_randint(state, 3));
        if (trial >= 60)
            P->p = 4.0 / n;
        P->connected = 1;
        P->labeled = 0.2 + 0.1 * n_randint(state, 5);
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        int score_all = (int)n_randint(state, 2);
        ct_signfn_struct *s = NULL;
        slong count = 0, m = 0;
        ct_lambda_sign_functions(&s, &count, inst, 0, score_all, NULL);
        for (slong i = 0; i < inst->n; i++)
            m += inst->label[i] >= 0;
        for (slong r = 0; r < count; r++)
            for (slong p = 0; p < inst->c * (inst->c - 1) / 2; p++)
                CHECK(fmpz_poly_degree(s[r].diff.poly + p) < m); /* degree < |labeled| */
        fmpq_t lambda;
        fmpq_init(lambda);
        for (slong j = 0; j < 4; j++) {
            fmpq_set_si(lambda, 1 + n_randint(state, 50), 1 + n_randint(state, 20));
            check_signs_at(s, count, inst, lambda);
        }
        fmpq_clear(lambda);
        for (slong i = 0; i < count; i++)
            ct_signfn_clear(s + i);
        flint_free(s);
        ct_instance_clear(inst);
    }
}

/* ---- The ball path against the exact path ---- */

static long n_sets, n_twice, n_undecided, n_breakpoints, n_other_bounds;

/* A copy of inst (edges, weights, labels, held-out classes). */
static void instance_copy(ct_instance_t J, const ct_instance_t I)
{
    ct_gen_instance_init(J, I->path, I->n, I->c, I->nedges);
    J->nedges = I->nedges;
    for (slong e = 0; e < I->nedges; e++) {
        J->eu[e] = I->eu[e], J->ev[e] = I->ev[e];
        fmpq_set(J->ew + e, I->ew + e);
    }
    for (slong i = 0; i < I->n; i++)
        J->label[i] = I->label[i], J->held[i] = I->held[i];
}

/* A random instance of 8 to 60 nodes and c classes: sparse to dense,
   connected or not, weights 1..9 (or 1), a quarter of the instances with
   weights k / 6, k in 1..12. */
static void ball_instance(ct_instance_t inst, slong c, flint_rand_t state)
{
    static const double ps[] = {0.05, 0.1, 0.3};
    ct_gen_params_t P;
    ct_gen_params_init(P, 8 + (slong)n_randint(state, 53), c);
    P->p = ps[n_randint(state, 3)];
    P->connected = n_randint(state, 4) != 0;
    P->labeled = 0.15 + 0.1 * n_randint(state, 4);
    P->weight = n_randint(state, 4) ? CT_GEN_WEIGHT_SMALL : CT_GEN_WEIGHT_UNIT;
    ct_gen_instance_rand(inst, P, state, "ball");
    if (n_randint(state, 4) == 0)
        for (slong e = 0; e < inst->nedges; e++)
            fmpq_set_si(inst->ew + e, 1 + (slong)n_randint(state, 12), 6);
}

/* The lambda analysis of the set with components of >= min nodes in balls. */
static int analyze_min(ct_analysis_t A, slong min, const ct_instance_struct *set, slong m,
                       int score_all)
{
    char err[512];
    ct_analysis_settings_struct S = {.ball_min_nodes = min};
    int rc = ct_analysis_run_threads(A, ct_family_get(CT_FAMILY_LAMBDA), NULL, set, m,
                                     score_all, CT_SIGNFN_TIES_SMALLEST, 1, &S, NULL, err,
                                     sizeof(err));
    CHECK_MSG(rc == 0, "min %ld: %s", (long)min, err);
    return rc;
}

/* Whether the breakpoint b lies in [lo, hi] (decimal strings). */
static int bpoint_inside(const char *lo, const char *hi, const ct_bpoint_struct *b)
{
    fmpq_t a, z;
    fmpq_init(a), fmpq_init(z);
    int ok = !ct_qparse_fmpq(a, lo) && !ct_qparse_fmpq(z, hi) &&
             ct_bpoint_cmp_fmpq(b, a) >= 0 && ct_bpoint_cmp_fmpq(b, z) <= 0;
    fmpq_clear(a), fmpq_clear(z);
    return ok;
}

/* Whether the 20 significant digits x round a point of [lo, hi] (decimal
   strings; the bounds may have more digits than x): lo - u / 2 <= x <= hi + u
   / 2 with u = 10^(e - 19), e = x's decimal exponent. */
static int approx_rounds(const char *lo, const char *hi, const char *x)
{
    fmpq_t a, z, y, u;
    fmpz_t t;
    fmpq_init(a), fmpq_init(z), fmpq_init(y), fmpq_init(u);
    fmpz_init(t);
    int ok = !ct_qparse_fmpq(a, lo) && !ct_qparse_fmpq(z, hi) && !ct_qparse_fmpq(y, x);
    if (ok && !fmpq_is_zero(y)) {
        slong e = ct_decimal_exponent(y) - 19;
        fmpz_ui_pow_ui(t, 10, (ulong)FLINT_ABS(e));
        fmpq_one(u);
        fmpz_set(e >= 0 ? fmpq_numref(u) : fmpq_denref(u), t);
        fmpq_div_2exp(u, u, 1);
        fmpq_sub(a, a, u), fmpq_add(z, z, u);
    }
    ok = ok && fmpq_cmp(a, y) <= 0 && fmpq_cmp(y, z) <= 0;
    fmpq_clear(a), fmpq_clear(z), fmpq_clear(y), fmpq_clear(u);
    fmpz_clear(t);
    return ok;
}

/* Breakpoint i of the exact analysis E and the ball analysis B: the same
   20-digit approximation, changes, jump and loss at the point; B's decimal
   bounds hold E's root, and its approximation rounds a point of them (the
   bounds often have 22 digits: [0.4774886076780379774733,
   0.4774886076780379774734] for 0.47748860767803797747). */
static void compare_breakpoint(const ct_analysis_t E, const ct_analysis_t B, slong i,
                               slong set)
{
    CHECK_MSG(strcmp(E->approx[i], B->approx[i]) == 0 && E->changes[i] == B->changes[i] &&
                  E->jump[i] == B->jump[i] &&
                  fmpq_equal(E->point_loss + i, B->point_loss + i),
              "set %ld, breakpoint %ld: %s (changes %ld, jump %d) exact, %s (%ld, %d) in "
              "balls",
              (long)set, (long)i, E->approx[i], (long)E->changes[i], E->jump[i],
              B->approx[i], (long)B->changes[i], B->jump[i]);
    CHECK_MSG(approx_rounds(B->lo_str[i], B->hi_str[i], B->approx[i]),
              "set %ld, breakpoint %ld: %s does not round [%s, %s]", (long)set, (long)i,
              B->approx[i], B->lo_str[i], B->hi_str[i]);
    CHECK_MSG(bpoint_inside(B->lo_str[i], B->hi_str[i], E->bp + i),
              "set %ld, breakpoint %ld: the exact root %s outside the ball's [%s, %s]",
              (long)set, (long)i, E->approx[i], B->lo_str[i], B->hi_str[i]);
    n_other_bounds +=
        strcmp(E->lo_str[i], B->lo_str[i]) || strcmp(E->hi_str[i], B->hi_str[i]);
}

/* The exact analysis E and the ball analysis B of one set are the same. */
static void compare_analyses(const ct_analysis_t E, const ct_analysis_t B, slong set)
{
    CHECK_MSG(E->nundecided == 0 && E->nbp == B->nbp,
              "set %ld: %ld breakpoints exact (%ld undecided), %ld in balls", (long)set,
              (long)E->nbp, (long)E->nundecided, (long)B->nbp);
    if (E->nbp != B->nbp || E->nundecided != 0)
        return;
    for (slong i = 0; i < E->nbp; i++)
        compare_breakpoint(E, B, i, set);
    for (slong i = 0; i <= E->nbp; i++)
        CHECK_MSG(fmpq_equal(E->piece_loss + i, B->piece_loss + i),
                  "set %ld: piece %ld's loss", (long)set, (long)i);
    CHECK_MSG(fmpq_equal(E->min_loss, B->min_loss) && E->best_piece == B->best_piece,
              "set %ld: minimum loss or best piece (%ld, %ld)", (long)set,
              (long)E->best_piece, (long)B->best_piece);
    n_breakpoints += E->nbp;
}

/* Set number `set`: m instances (the second a copy of the first every fifth
   set), analyzed in balls and exactly. */
static void check_ball_set(slong set, flint_rand_t state)
{
    ct_instance_struct insts[3];
    ct_analysis_t E, B;
    slong m = 1 + (slong)n_randint(state, 3), c = 2 + (slong)n_randint(state, 3);
    int score_all = n_randint(state, 3) == 0;
    for (slong j = 0; j < m; j++) {
        if (j == 1 && set % 5 == 4)
            instance_copy(insts + j, insts), n_twice++;
        else
            ball_instance(insts + j, c, state);
    }
    int rb = analyze_min(B, 2, insts, m, score_all);
    int re = analyze_min(E, WORD_MAX, insts, m, score_all);
    if (rb == 0 && re == 0 && B->nundecided > 0)
        n_undecided++; /* equal zeros of different functions: see lsroot.h */
    else if (rb == 0 && re == 0)
        compare_analyses(E, B, set);
    ct_analysis_clear(B);
    ct_analysis_clear(E);
    for (slong j = 0; j < m; j++)
        ct_instance_clear(insts + j);
    n_sets++;
}

/* ~30 random sets; most eligible components must take the ball path, and
   at most 2 sets stay undecided in balls. */
static void check_ball_path(flint_rand_t state)
{
    char err[512];
    long b0, f0, e0, b1, f1, e1;
    if (ct_blas_load(err, sizeof(err)) != 0) {
        printf("t-lambda: the ball path skipped: OpenBLAS not loadable (%s)\n", err);
        return;
    }
    ct_lsroot_kron_counts(&b0, &f0, &e0);
    for (slong set = 0; set < 30; set++)
        check_ball_set(set, state);
    ct_lsroot_kron_counts(&b1, &f1, &e1);
    long ball = b1 - b0, fallback = f1 - f0;
    printf("t-lambda: %ld sets (%ld with an instance twice), %ld breakpoints agree with "
           "the exact path (%ld with other decimal bounds), %ld sets undecided in balls; "
           "%ld components in balls, %ld fell back, %ld exact oracle calls\n",
           n_sets, n_twice, n_breakpoints, n_other_bounds, n_undecided, ball, fallback,
           e1 - e0);
    CHECK_MSG(n_undecided <= 2, "%ld sets undecided", n_undecided);
    CHECK_MSG(ball * 10 >= 6 * (ball + fallback) && ball > 0,
              "%ld of %ld components in balls", ball, ball + fallback);
}

/* The sign functions with the settings' pencil_max_nodes (0: the default,
   -1: never). */
static void lambda_pencil_fns(ct_signfn_struct **s, slong *count,
                              const ct_instance_t inst, int score_all, slong pencil_max)
{
    ct_analysis_settings_struct set = {.pencil_max_nodes = pencil_max};
    *s = NULL, *count = 0;
    _ct_lambda_sign_functions_hook(s, count, inst, 0, score_all, NULL, NULL, NULL, &set);
}

/* Components of inst with a labeled node on which the pencil applies: the
   blocks of s L built here (labeled nodes first, in increasing order). */
static slong lambda_pencil_components(const ct_instance_t inst)
{
    ct_component_index_t X;
    slong used = 0, *pos = flint_malloc(inst->n * sizeof(slong));
    ct_component_index_init(X, inst);
    for (slong k = 0; k < X->ncomp; k++) {
        slong m = 0, nu = 0;
        for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++)
            pos[X->node[j]] = inst->label[X->node[j]] >= 0 ? m++ : nu++;
        fmpz_t s, w;
        fmpz_mat_t B[3]; /* Lll, Lul, Luu */
        fmpz_init(s), fmpz_init(w);
        _ct_lambda_weight_scale(s, inst, X, k);
        fmpz_mat_init(B[0], m, m), fmpz_mat_init(B[1], nu, m),
            fmpz_mat_init(B[2], nu, nu);
        for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
            slong e = X->edge[j], a = inst->eu[e], b = inst->ev[e];
            int la = inst->label[a] >= 0, lb = inst->label[b] >= 0;
            fmpz_divexact(w, s, fmpq_denref(inst->ew + e));
            fmpz_mul(w, w, fmpq_numref(inst->ew + e));
            fmpz_add(fmpz_mat_entry(B[la ? 0 : 2], pos[a], pos[a]),
                     fmpz_mat_entry(B[la ? 0 : 2], pos[a], pos[a]), w);
            fmpz_add(fmpz_mat_entry(B[lb ? 0 : 2], pos[b], pos[b]),
                     fmpz_mat_entry(B[lb ? 0 : 2], pos[b], pos[b]), w);
            fmpz *ab = la == lb ? fmpz_mat_entry(B[la ? 0 : 2], pos[a], pos[b])
                                : fmpz_mat_entry(B[1], la ? pos[b] : pos[a],
                                                 la ? pos[a] : pos[b]);
            fmpz_sub(ab, ab, w);
            if (la == lb)
                fmpz_sub(fmpz_mat_entry(B[la ? 0 : 2], pos[b], pos[a]),
                         fmpz_mat_entry(B[la ? 0 : 2], pos[b], pos[a]), w);
        }
        _ct_lambda_pencil P;
        int ok = _ct_lambda_pencil_init(&P, B[0], B[1], B[2], s, 0);
        used += m > 0 && ok;
        _ct_lambda_pencil_clear(&P);
        for (int b = 0; b < 3; b++)
            fmpz_mat_clear(B[b]);
        fmpz_clear(s), fmpz_clear(w);
    }
    ct_component_index_clear(X);
    flint_free(pos);
    return used;
}

/* The pencil path (the blocks of s L in base H, N's coefficients as
   polynomials in t, the contents from the forms) against the multimodular
   solve of the huge entries: the same polynomials node by node and pair by
   pair, on weights made huge in the four ways of huge_weights.h (a tiny
   weight gives a huge scale s: there the exact path runs alone). */
static void check_pencil(flint_rand_t state)
{
    slong used[4] = {0, 0, 0, 0};
    for (slong trial = 0; trial < 48; trial++) {
        int mode = (int)(trial % 4);
        ct_instance_t inst;
        if (!huge_instance(inst, trial, state))
            continue;
        used[mode] += lambda_pencil_components(inst);
        ct_signfn_struct *s, *t;
        slong ns, nt, np = inst->c * (inst->c - 1) / 2;
        int score = (int)n_randint(state, 3);
        lambda_pencil_fns(&s, &ns, inst, score, 0);
        lambda_pencil_fns(&t, &nt, inst, score, -1);
        CHECK(ns == nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++)
                CHECK_MSG(s[i].node == t[i].node &&
                              fmpz_poly_equal(s[i].diff.poly + k, t[i].diff.poly + k),
                          "lambda pencil trial %ld mode %d node %ld pair %ld",
                          (long)trial, mode, (long)s[i].node, (long)k);
        ct_signfn_vec_clear(s, ns), ct_signfn_vec_clear(t, nt);
        ct_instance_clear(inst);
    }
    for (int mode = 0; mode < 4; mode++)
        if (mode != 2)
            CHECK_MSG(used[mode] >= 3, "lambda pencil mode %d: %ld components", mode,
                      (long)used[mode]);
}

/* The phases reported around a ball hook: one that declines (-1) must be
   followed by the exact rows under "component rows (ball path declined)",
   one that does not apply (0) by plain "component rows", and the functions
   must be the exact path's either way. */
typedef struct {
    slong declined, plain;
} phase_seen;

static void phase_note(void *arg, const char *name, slong done, slong total)
{
    phase_seen *P = arg;
    (void)done, (void)total;
    P->declined += strcmp(name, "component rows (ball path declined)") == 0;
    P->plain += strcmp(name, "component rows") == 0;
}

static int hook_declines(void *sink, const ct_instance_struct *inst, slong inst_idx,
                         const ct_component_index_struct *X, slong k, int score_all,
                         char *rest)
{
    (void)sink, (void)inst, (void)inst_idx, (void)X, (void)k, (void)score_all, (void)rest;
    return -1;
}

static int hook_skips(void *sink, const ct_instance_struct *inst, slong inst_idx,
                      const ct_component_index_struct *X, slong k, int score_all,
                      char *rest)
{
    (void)sink, (void)inst, (void)inst_idx, (void)X, (void)k, (void)score_all, (void)rest;
    return 0;
}

static void check_fallback_phase(void)
{
    ct_instance_t I;
    gadget(I, 5, 1);
    for (int declines = 0; declines < 2; declines++) {
        phase_seen P = {0, 0};
        ct_analysis_settings_struct set = {.phase = {phase_note, &P}};
        ct_signfn_struct *s = NULL, *e = NULL;
        slong cs = 0, ce = 0;
        _ct_lambda_sign_functions_hook(&s, &cs, I, 0, 0, NULL,
                                       declines ? hook_declines : hook_skips, NULL, &set);
        ct_lambda_sign_functions(&e, &ce, I, 0, 0, NULL);
        CHECK_MSG(declines ? P.declined >= 2 && P.plain == 0
                           : P.plain >= 2 && P.declined == 0,
                  "ball hook %s: %ld declined and %ld plain row phases",
                  declines ? "declining" : "not applying", P.declined, P.plain);
        CHECK(cs == ce && cs > 0 && fmpz_poly_equal(s[0].diff.poly, e[0].diff.poly));
        ct_signfn_vec_clear(s, cs), ct_signfn_vec_clear(e, ce);
    }
    ct_instance_clear(I);
}

/* A star whose center's zero lies exactly on a point where the search's
   models cannot decide (the situations of PubMed's undecided rows): n0 leaves
   of class 0 joined to the center with weight A, n1 leaves of class 1 joined
   through an unlabeled node (weights a to the center, b to the leaf:
   conductance e = ab / (a + b)). By hand, the center's F[0] - F[1] has the
   sign of n0 A / (A + lambda) - n1 e / (e + lambda), zero at lambda = A e /
   (n1 e - n0 A) (n0 = n1 + 1). K's least nonzero eigenvalue is min(A, e),
   rho = 2 max(A, b) rounded up to a power of 2, the gap certificate takes g =
   rho 2^-k (k = 6, or 8 for the last star) and the last segment is [1 -
   2^-(k+2), 1]; the parameters (found by a search over small integers) put
   the zero exactly on that segment's start (lambda = rho / (2^(k+2) - 1):
   the end must move, PubMed's validation rows, where a zero lay 4e-8 from it)
   or on its midpoint (rho / (2^(k+3) - 1): the zero's interval must leave
   alpha = 1 through the quarter points, PubMed's test rows). Before, each
   component fell back to the exact path. */
static void star_instance(ct_instance_t inst, slong n0, slong n1, slong A, slong a,
                          slong b)
{
    slong n = 1 + n0 + 2 * n1, e = 0;
    ct_gen_instance_init(inst, "star", n, 2, n0 + 2 * n1);
    for (slong j = 0; j < n0; j++, e++) {
        inst->eu[e] = 0, inst->ev[e] = 1 + j;
        fmpq_set_si(inst->ew + e, A, 1);
        inst->label[1 + j] = 0;
    }
    for (slong j = 0; j < n1; j++) {
        slong mid = 1 + n0 + 2 * j;
        inst->eu[e] = 0, inst->ev[e] = mid;
        fmpq_set_si(inst->ew + e++, a, 1);
        inst->eu[e] = mid, inst->ev[e] = mid + 1;
        fmpq_set_si(inst->ew + e++, b, 1);
        inst->label[mid + 1] = 1;
    }
    inst->held[0] = 0;
}

static void check_boundary_zero(slong n0, slong n1, slong A, slong a, slong b, slong num,
                                slong den)
{
    ct_instance_t I;
    ct_analysis_t E, B;
    long b0, f0, e0, b1, f1, e1;
    fmpq_t z;
    fmpq_init(z);
    fmpq_set_si(z, num, den);
    star_instance(I, n0, n1, A, a, b);
    ct_lsroot_kron_counts(&b0, &f0, &e0);
    int rb = analyze_min(B, 2, I, 1, 0);
    ct_lsroot_kron_counts(&b1, &f1, &e1);
    int re = analyze_min(E, WORD_MAX, I, 1, 0);
    CHECK_MSG(b1 - b0 == 1 && f1 == f0, "star %ld/%ld: %ld in balls, %ld fell back",
              (long)n0, (long)n1, b1 - b0, f1 - f0);
    CHECK(B->ball_fallbacks == 0 && B->ball_fallback_rows == 0 && E->ball_fallbacks == 0);
    if (rb == 0 && re == 0) {
        CHECK_MSG(E->nbp == 1 && ct_bpoint_cmp_fmpq(E->bp, z) == 0,
                  "star %ld/%ld: the exact zero is not %ld/%ld", (long)n0, (long)n1,
                  (long)num, (long)den);
        compare_analyses(E, B, 1000 + n0);
    }
    ct_analysis_clear(B);
    ct_analysis_clear(E);
    ct_instance_clear(I);
    fmpq_clear(z);
}

/* The analysis counts the components its ball path declined and their rows:
   a set of the star (in balls) and the gadget with x = 2^41 twice (a weight
   whose sums are not exact in doubles: declined), on 1 and 2 threads (the
   chunks' counts are summed by the merge); 0 on the exact path. */
static void check_fallback_count(void)
{
    ct_instance_struct set[3];
    star_instance(set + 0, 10, 9, 1, 320, 10);
    for (int j = 1; j < 3; j++) {
        gadget(set + j, 1, 1);
        fmpz_one(fmpq_numref(set[j].ew + 2));
        fmpz_mul_2exp(fmpq_numref(set[j].ew + 2), fmpq_numref(set[j].ew + 2), 41);
    }
    for (slong threads = 1; threads <= 2; threads++) {
        ct_analysis_t A;
        char err[512];
        ct_analysis_settings_struct S = {.ball_min_nodes = 2};
        int rc = ct_analysis_run_threads(A, ct_family_get(CT_FAMILY_LAMBDA), NULL, set, 3,
                                         0, CT_SIGNFN_TIES_SMALLEST, threads, &S, NULL,
                                         err, sizeof(err));
        CHECK_MSG(rc == 0 && A->ball_fallbacks == 2 && A->ball_fallback_rows == 2,
                  "%ld threads: rc %d, %ld components and %ld rows declined",
                  (long)threads, rc, (long)A->ball_fallbacks,
                  (long)A->ball_fallback_rows);
        ct_analysis_clear(A);
    }
    ct_analysis_t E;
    analyze_min(E, WORD_MAX, set, 3, 0);
    CHECK(E->ball_fallbacks == 0 && E->ball_fallback_rows == 0);
    ct_analysis_clear(E);
    for (int j = 0; j < 3; j++)
        ct_instance_clear(set + j);
}

/* The exact path with L_uu sparse (lambda_sparse.c: spldl's LDL^T per prime)
   against the dense LU on 40 random instances (weights small, in sixths or
   unit; components of one node to 60; some nodes scored with --score all):
   node by node and pair by pair the same polynomials. */
static void check_sparse_exact(flint_rand_t state)
{
    slong polys = 0;
    for (slong trial = 0; trial < 40; trial++) {
        ct_instance_t I;
        ball_instance(I, 2 + (slong)n_randint(state, 3), state);
        int score = (int)n_randint(state, 3);
        ct_signfn_struct *s = NULL, *t = NULL;
        slong ns = 0, nt = 0, np = I->c * (I->c - 1) / 2;
        _ct_lambda_set_sparse_min(1);
        ct_lambda_sign_functions(&s, &ns, I, 0, score, NULL);
        _ct_lambda_set_sparse_min(WORD_MAX);
        ct_lambda_sign_functions(&t, &nt, I, 0, score, NULL);
        _ct_lambda_set_sparse_min(0);
        CHECK_MSG(ns == nt, "sparse exact trial %ld: %ld and %ld functions", (long)trial,
                  (long)ns, (long)nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++, polys++)
                CHECK_MSG(s[i].node == t[i].node &&
                              fmpz_poly_equal(s[i].diff.poly + k, t[i].diff.poly + k),
                          "sparse exact trial %ld node %ld pair %ld", (long)trial,
                          (long)s[i].node, (long)k);
        ct_signfn_vec_clear(s, ns), ct_signfn_vec_clear(t, nt);
        ct_instance_clear(I);
    }
    printf("t-lambda: %ld pair polynomials of the sparse exact path equal the dense "
           "one's\n",
           (long)polys);
    CHECK(polys > 1000);
}

/* Rows refused by the search's test hook (_ct_lsroot_search_set_refuse: every
   mod-th row of a component, as if undecided before the search or at the
   retry with the finer models) take the exact path alone, the
   other rows stay in balls: per set the same analysis as the exact path's,
   some rows counted as fallen back but never a whole component, and the
   rows' phase named as such. */
static slong n_left_rows;

static void left_note(void *arg, const char *name, slong done, slong total)
{
    (void)done, (void)total;
    *(slong *)arg += strcmp(name, "component rows (ball path declined some)") == 0;
}

static void check_row_fallback_set(slong set, flint_rand_t state, slong *rows,
                                   slong *mixed, slong *phases)
{
    ct_instance_t I;
    ct_analysis_t E, B;
    char err[512];
    long b0, f0, e0, b1, f1, e1;
    ball_instance(I, 2 + (slong)n_randint(state, 3), state);
    ct_analysis_settings_struct S = {.ball_min_nodes = 2, .phase = {left_note, phases}};
    _ct_lsroot_search_set_refuse(set % 2 ? 2 + set % 3 : -2 - set % 3);
    ct_lsroot_kron_counts(&b0, &f0, &e0);
    int rb =
        ct_analysis_run_threads(B, ct_family_get(CT_FAMILY_LAMBDA), NULL, I, 1, 0,
                                CT_SIGNFN_TIES_SMALLEST, 1, &S, NULL, err, sizeof(err));
    ct_lsroot_kron_counts(&b1, &f1, &e1);
    _ct_lsroot_search_set_refuse(0);
    CHECK_MSG(rb == 0, "row fallback set %ld: %s", (long)set, err);
    int re = analyze_min(E, WORD_MAX, I, 1, 0);
    CHECK_MSG(f1 == f0, "row fallback set %ld: %ld components fell back whole", (long)set,
              f1 - f0);
    if (rb == 0 && re == 0) {
        *mixed += B->ball_fallback_rows > 0 && B->ball_fallback_rows < B->nscored;
        *rows += B->ball_fallback_rows;
        compare_analyses(E, B, 2000 + set);
    }
    ct_analysis_clear(B), ct_analysis_clear(E);
    ct_instance_clear(I);
}

static void check_row_fallback(flint_rand_t state)
{
    slong phases = 0, mixed = 0;
    for (slong set = 0; set < 20; set++)
        check_row_fallback_set(set, state, &n_left_rows, &mixed, &phases);
    printf("t-lambda: %ld rows refused by the search took the exact path alone in 20 "
           "sets (%ld with rows in balls and rows exact; %ld row phases)\n",
           (long)n_left_rows, (long)mixed, (long)phases);
    CHECK_MSG(n_left_rows >= 20 && mixed >= 10 && phases >= 10,
              "%ld rows left the ball path, %ld mixed sets, %ld phases",
              (long)n_left_rows, (long)mixed, (long)phases);
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_gadget(4, 1);
    check_gadget(3, 1);
    check_gadget(6, 1);
    check_gadget(5, 2);
    check_gadget(1, 1);
    check_gadget(2, 1);
    check_gadget(7, 3);
    check_pencil(state);
    check_random(state);
    if (ct_spchol_load(NULL, 0) == 0)
        check_sparse_exact(state);
    else
        printf("t-lambda: SKIPPED the sparse exact path: CHOLMOD not loadable\n");
    check_ball_path(state);
    if (ct_blas_load(NULL, 0) == 0) {
        check_boundary_zero(10, 9, 1, 320, 10, 32, 255);
        check_boundary_zero(11, 10, 9, 2816, 99, 256, 255);
        check_boundary_zero(19, 18, 2, 1216, 19, 64, 511);
        check_boundary_zero(18, 17, 33, 73728, 1188, 4096, 2047);
        check_fallback_count();
        check_row_fallback(state);
    }
    check_fallback_phase();
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-lambda");
}
