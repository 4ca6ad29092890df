/* Tests of delta: the exponential sums of ct_delta_sign_functions against the
   paper's gadget derived by hand (docs/delta.md) and against the independent
   dense evaluator oracle_delta.h (exact at delta = 0 and 1, Arb at 1024 bits in
   between) on random instances; ct_delta_distinct_degrees against a direct count,
   the number of terms and the rule of signs. The sums are evaluated here with
   Arb directly, not with the expsum module. */
#include "check.h"
#include "huge_weights.h"
#include "oracle_delta.h"
#include "certune/component.h"
#include "certune/delta.h"
#include "certune/gen.h"
#include "certune/lambda.h"

#define PREC 1024
#define NGRID 11 /* deltas: j/8 for j = 0..8, then 1/3 and 5/7 */

static void grid_delta(fmpq_t d, slong g)
{
    if (g <= 8)
        fmpq_set_si(d, g, 8);
    else
        fmpq_set_si(d, g == 9 ? 1 : 5, g == 9 ? 3 : 7);
}

/* Sign of h at delta: exactly at 0 and 1 (sum A_t, sum A_t B_t), else the sign of
   an Arb ball of h (0 when it contains 0). */
static int sum_sign(const ct_expsum_struct *h, const fmpq_t delta)
{
    int sg;
    if (fmpq_is_zero(delta) || fmpq_is_one(delta)) {
        fmpz_t s;
        fmpz_init(s);
        if (fmpq_is_zero(delta))
            _fmpz_vec_sum(s, h->coef, h->len);
        else
            _fmpz_vec_dot(s, h->coef, h->base, h->len);
        sg = fmpz_sgn(s);
        fmpz_clear(s);
        return sg;
    }
    arb_t y, b, x;
    arb_init(y), arb_init(b), arb_init(x);
    arb_set_fmpq(x, delta, PREC);
    for (slong t = 0; t < h->len; t++) {
        arb_set_fmpz(b, h->base + t);
        arb_pow(b, b, x, PREC);
        arb_addmul_fmpz(y, b, h->coef + t, PREC);
    }
    sg = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 0;
    arb_clear(y), arb_clear(b), arb_clear(x);
    return sg;
}

static slong coef_sign_changes(const ct_expsum_struct *h)
{
    slong v = 0;
    for (slong t = 1; t < h->len; t++)
        v += fmpz_sgn(h->coef + t) != fmpz_sgn(h->coef + t - 1);
    return v;
}

static void free_fns(ct_signfn_struct *s, slong count)
{
    for (slong r = 0; r < count; r++)
        ct_signfn_clear(s + r);
    flint_free(s);
}

/* Oracle signs of every (function, pair) at grid point g into sg. */
static void oracle_signs(int *sg, const ct_signfn_struct *s, slong count,
                         const ct_instance_t inst, const fmpq_t c, slong g)
{
    slong nc = inst->c, np = nc * (nc - 1) / 2;
    fmpq_t d;
    arb_mat_t Fa;
    fmpq_mat_t Fq;
    fmpq_init(d);
    arb_mat_init(Fa, inst->n, nc);
    fmpq_mat_init(Fq, inst->n, nc);
    grid_delta(d, g);
    int exact = fmpq_is_zero(d) || fmpq_is_one(d);
    oracle_delta_scores(Fa, exact ? Fq : NULL, inst, c, d, fmpq_is_one(d), PREC);
    for (slong r = 0; r < count; r++)
        for (slong k = 0; k < nc; k++)
            for (slong l = k + 1; l < nc; l++) {
                slong i = s[r].node, p = ct_signfn_pair(k, l, nc);
                int o = exact ? oracle_delta_sign_exact(Fq, i, k, l)
                              : oracle_delta_sign_arb(Fa, i, k, l, PREC);
                int h = sum_sign(s[r].diff.es + p, d);
                CHECK_MSG(o == h,
                          "%s node %ld pair %ld,%ld delta %ld/%ld: oracle %d sum %d",
                          inst->path, (long)i, (long)k, (long)l, (long)*fmpq_numref(d),
                          (long)*fmpq_denref(d), o, h);
                sg[(r * np + p) * NGRID + g] = o;
            }
    fmpq_clear(d);
    arb_mat_clear(Fa);
    fmpq_mat_clear(Fq);
}

/* Distinct degrees of the labeled nodes of classes k, l in component j, counted
   here directly. */
static slong count_degrees(const ct_instance_t inst, const slong *comp, slong j, slong k,
                           slong l)
{
    fmpq *deg = _fmpq_vec_init(inst->n);
    slong nd = 0;
    oracle_delta_degrees(deg, inst);
    for (slong i = 0; i < inst->n; i++) {
        int is = comp[i] == j && (inst->label[i] == k || inst->label[i] == l), seen = 0;
        for (slong i2 = 0; is && i2 < i; i2++)
            seen |= comp[i2] == j && (inst->label[i2] == k || inst->label[i2] == l) &&
                    fmpq_equal(deg + i, deg + i2);
        nd += is && !seen;
    }
    _fmpq_vec_clear(deg, inst->n);
    return nd;
}

/* Terms, coefficient sign changes and observed sign changes against the
   distinct degrees. */
static void check_bounds(const int *sg, const ct_signfn_struct *s, slong count,
                         const ct_instance_t inst)
{
    slong nc = inst->c, np = nc * (nc - 1) / 2;
    slong *comp = flint_malloc(inst->n * sizeof(slong));
    ct_component_assign(comp, inst);
    for (slong r = 0; r < count; r++)
        for (slong k = 0; k < nc; k++)
            for (slong l = k + 1; l < nc; l++) {
                slong p = ct_signfn_pair(k, l, nc), j = comp[s[r].node];
                slong nd = ct_delta_distinct_degrees(inst, comp, j, k, l), seen = 0,
                      last = 0;
                CHECK(nd == count_degrees(inst, comp, j, k, l));
                CHECK(s[r].diff.es[p].len <= nd);
                CHECK(coef_sign_changes(s[r].diff.es + p) <= FLINT_MAX(nd - 1, 0));
                for (slong g = 0; g <= 8; g++) { /* increasing deltas */
                    int o = sg[(r * np + p) * NGRID + g];
                    seen += o != 0 && last != 0 && o != last;
                    last = o != 0 ? o : last;
                }
                CHECK(seen <= coef_sign_changes(s[r].diff.es + p));
            }
    flint_free(comp);
}

/* Every scored node exactly once with its truth, one warning per component
   without a labeled node. */
static void check_entries(const ct_signfn_struct *s, slong count,
                          const ct_instance_t inst, int score_all, FILE *warn)
{
    slong expect = 0, *comp = flint_malloc(inst->n * sizeof(slong)), lines = 0;
    for (slong i = 0; i < inst->n; i++) {
        int sc = score_all == CT_LAMBDA_EVERY_NODE || inst->held[i] >= 0 ||
                 (score_all && inst->label[i] >= 0);
        slong hits = 0;
        for (slong r = 0; r < count; r++)
            if (s[r].node == i) {
                hits++;
                CHECK(s[r].truth ==
                      (inst->held[i] >= 0 ? inst->held[i] : inst->label[i]));
                CHECK(s[r].inst == 7 && s[r].c == inst->c);
            }
        CHECK(hits == sc);
        expect += sc;
    }
    CHECK(count == expect);
    slong ncomp = oracle_components(comp, inst), unlab = 0;
    for (slong j = 0; j < ncomp; j++) {
        int has = 0;
        for (slong i = 0; i < inst->n; i++)
            has |= comp[i] == j && inst->label[i] >= 0;
        unlab += !has;
    }
    rewind(warn);
    for (int ch; (ch = fgetc(warn)) != EOF;)
        lines += ch == '\n';
    /* the first few one line each, the rest in one summary line */
    CHECK(lines ==
          (unlab <= CT_COMPONENT_WARN_FIRST ? unlab : CT_COMPONENT_WARN_FIRST + 1));
    flint_free(comp);
}

static void check_instance(const ct_instance_t inst, const fmpq_t c, int score_all)
{
    ct_signfn_struct *s = NULL;
    slong count = 0, np = inst->c * (inst->c - 1) / 2;
    FILE *warn = tmpfile();
    ct_delta_sign_functions(&s, &count, inst, 7, c, score_all, NULL, warn);
    check_entries(s, count, inst, score_all, warn);
    fclose(warn);
    int *sg = flint_calloc(FLINT_MAX(count * np * NGRID, 1), sizeof(int));
    for (slong g = 0; g < NGRID; g++)
        oracle_signs(sg, s, count, inst, c, g);
    check_bounds(sg, s, count, inst);
    flint_free(sg);
    free_fns(s, count);
}

static void check_random(flint_rand_t state)
{
    static const slong cs[6][2] = {{1, 2}, {99, 100}, {3, 10}, {1, 7}, {9, 10}, {2, 3}};
    static const double ps[4] = {0.08, 0.2, 0.35, 0.6};
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 160; trial++) {
        ct_gen_params_t P;
        slong n = trial < 156 ? 1 + (slong)n_randint(state, 12) : 25 + 10 * (trial - 156);
        ct_gen_params_init(P, n, 1 + n_randint(state, 4));
        P->p = trial < 156 ? ps[n_randint(state, 4)] : 4.0 / n;
        P->connected = n_randint(state, 3) == 0;
        P->labeled = 0.2 * n_randint(state, 4);
        P->held = n_randint(state, 2) ? 1.0 : 0.5;
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        slong ci = n_randint(state, 6);
        fmpq_set_si(c, cs[ci][0], cs[ci][1]);
        check_instance(inst, c, (int)n_randint(state, 3));
        ct_instance_clear(inst);
    }
    fmpq_clear(c);
}

/* The sign functions with the settings' lift_min_nodes (0: never lift) and
   pencil_max_nodes (as the settings: 0 the default, -1 never). */
static void sign_functions(ct_signfn_struct **s, slong *count, const ct_instance_t inst,
                           const fmpq_t c, int score_all, slong lift_min,
                           slong pencil_max)
{
    ct_analysis_settings_struct set = {.lift_min_nodes =
                                           lift_min == 0 ? WORD_MAX : lift_min,
                                       .pencil_max_nodes = pencil_max};
    *s = NULL, *count = 0;
    ct_delta_sign_functions(s, count, inst, 0, c, score_all, &set, NULL);
}

/* The lifting solve (zlift, every component of 2 nodes or more) against the
   multimodular one: the same normalized sums, every weight kind. */
static void check_lift(flint_rand_t state)
{
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 60; trial++) {
        ct_gen_params_t P;
        slong n = 2 + (slong)n_randint(state, trial < 50 ? 20 : 120);
        ct_gen_params_init(P, n, 1 + n_randint(state, 4));
        P->p = 3.0 / n;
        P->connected = n_randint(state, 2) == 0;
        P->labeled = 0.2 + 0.2 * n_randint(state, 3);
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        fmpq_set_si(c, trial % 2 ? 99 : 1, trial % 2 ? 100 : 3);
        ct_signfn_struct *s, *t;
        slong ns, nt, score = (slong)n_randint(state, 3),
                      np = inst->c * (inst->c - 1) / 2;
        sign_functions(&s, &ns, inst, c, (int)score, 0, 0);
        sign_functions(&t, &nt, inst, c, (int)score, 2, 0);
        CHECK(ns == nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++)
                CHECK_MSG(ct_expsum_equal(s[i].diff.es + k, t[i].diff.es + k),
                          "trial %ld node %ld pair %ld", (long)trial, (long)s[i].node,
                          (long)k);
        free_fns(s, ns), free_fns(t, nt);
        ct_instance_clear(inst);
    }
    fmpq_clear(c);
}

/* The pencil path (a c of 600 bits and more: polynomials in c over Z[t], the
   content from the forms) against the multimodular solve with the plain gcd:
   the same reduced sums, every weight kind, c tiny, near 1 and in between. */
static void check_pencil(flint_rand_t state)
{
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 40; trial++) {
        ct_gen_params_t P;
        slong n = 2 + (slong)n_randint(state, 13);
        ct_gen_params_init(P, n, 1 + n_randint(state, 4));
        P->p = 0.1 + 0.1 * n_randint(state, 5);
        P->connected = n_randint(state, 2) == 0;
        P->labeled = 0.2 + 0.2 * n_randint(state, 3);
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        fmpz_one(fmpq_denref(c)); /* q = 2^600 + r; p = 1, q - 1 or random */
        fmpz_mul_2exp(fmpq_denref(c), fmpq_denref(c), 600 + n_randint(state, 200));
        fmpz_add_ui(fmpq_denref(c), fmpq_denref(c), 1 + n_randint(state, 1000));
        if (trial % 3 == 0)
            fmpz_one(fmpq_numref(c));
        else if (trial % 3 == 1)
            fmpz_sub_ui(fmpq_numref(c), fmpq_denref(c), 1);
        else
            fmpz_randm(fmpq_numref(c), state, fmpq_denref(c));
        fmpq_canonicalise(c);
        if (fmpz_is_zero(fmpq_numref(c)))
            fmpz_one(fmpq_numref(c));
        ct_signfn_struct *s, *t;
        slong ns, nt, score = (slong)n_randint(state, 3),
                      np = inst->c * (inst->c - 1) / 2;
        sign_functions(&s, &ns, inst, c, (int)score, 0, -1);
        sign_functions(&t, &nt, inst, c, (int)score, 0, 0);
        CHECK(ns == nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++)
                CHECK_MSG(ct_expsum_equal(s[i].diff.es + k, t[i].diff.es + k),
                          "pencil trial %ld node %ld pair %ld", (long)trial,
                          (long)s[i].node, (long)k);
        free_fns(s, ns), free_fns(t, nt);
        ct_instance_clear(inst);
    }
    fmpq_clear(c);
}

/* The huge-weight pencil (every entry of q D - p W in base H, dt + 1 solves
   at small t, interpolated; the contents from the forms) against the
   multimodular solve of the huge entries with the plain gcd: the same reduced
   sums, weights made huge four ways (huge_weights.h), c = 99/100 and 1/3. */
static void check_weight_pencil(flint_rand_t state)
{
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 48; trial++) {
        ct_instance_t inst;
        if (!huge_instance(inst, trial, state))
            continue;
        fmpq_set_si(c, trial % 2 ? 99 : 1, trial % 2 ? 100 : 3);
        ct_signfn_struct *s, *t;
        slong ns, nt, score = (slong)n_randint(state, 3),
                      np = inst->c * (inst->c - 1) / 2;
        sign_functions(&s, &ns, inst, c, (int)score, 0, 0);
        sign_functions(&t, &nt, inst, c, (int)score, 0, -1);
        CHECK(ns == nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++)
                CHECK_MSG(ct_expsum_equal(s[i].diff.es + k, t[i].diff.es + k),
                          "weight pencil trial %ld node %ld pair %ld", (long)trial,
                          (long)s[i].node, (long)k);
        free_fns(s, ns), free_fns(t, nt);
        ct_instance_clear(inst);
    }
    fmpq_clear(c);
}

/* Decimal and fractional weights, an isolated labeled node (7), an isolated
   unlabeled one (8), an unlabeled component (9, 10), three classes. */
static void check_handmade(void)
{
    static const char text[] = "p gssl 10 3\ne 1 2 0.3\ne 2 3 5/2\ne 3 4 1\ne 4 1 0.3\n"
                               "e 2 5 2.5\ne 5 6 7/10\ne 9 10 4\nl 1 0\nl 3 1\nl 6 2\n"
                               "l 7 1\nt 2 0\nt 4 1\nt 5 2\nt 8 0\nt 9 1\n";
    ct_instance_t inst;
    char err[256];
    fmpq_t c;
    fmpq_init(c);
    CHECK(ct_instance_parse(inst, text, sizeof(text) - 1, "handmade", err, sizeof(err)) ==
          0);
    for (int sa = 0; sa < 3; sa++) {
        fmpq_set_si(c, 99, 100);
        check_instance(inst, c, sa);
        fmpq_set_si(c, 1, 3);
        check_instance(inst, c, sa);
    }
    ct_instance_clear(inst);
    fmpq_clear(c);
}

/* The paper's gadget: (1,2) = (1,3) = 1, (1,4) = x; node 1 class 0, nodes 2
   and 3 class 1, node 4 held out as class 0. */
static void gadget(ct_instance_t inst, slong xn, slong xd)
{
    ct_gen_instance_init(inst, "delta-gadget", 4, 2, 3);
    for (slong e = 0; e < 3; e++) {
        inst->eu[e] = 0;
        inst->ev[e] = e + 1;
        fmpq_one(inst->ew + e);
    }
    fmpq_set_si(inst->ew + 2, xn, xd);
    inst->label[0] = 0;
    inst->label[1] = inst->label[2] = 1;
    inst->held[3] = 0;
}

/* By hand (docs/delta.md): F[4][0] - F[4][1] = r ((x+2)^delta - 2c) with r > 0.
   The sum must be that up to a positive factor g^delta r': two terms, bases in
   the ratio x + 2, coefficients in the ratio -2c. */
static void check_gadget(slong xn, slong xd, slong p, slong q)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, p, q);
    gadget(inst, xn, xd);
    ct_delta_sign_functions(&s, &count, inst, 0, c, 0, NULL, NULL);
    CHECK(count == 1 && s[0].node == 3 && s[0].truth == 0 && s[0].inst == 0);
    const ct_expsum_struct *h = s[0].diff.es;
    CHECK_MSG(h->len == 2, "x = %ld/%ld", (long)xn, (long)xd);
    if (h->len == 2) {
        fmpz_t a, b;
        fmpz_init(a), fmpz_init(b);
        fmpz_mul_si(a, h->base + 0, xn + 2 * xd);
        fmpz_mul_si(b, h->base + 1, xd);
        CHECK(fmpz_equal(a, b));
        CHECK(fmpz_sgn(h->coef + 1) > 0);
        fmpz_mul_si(a, h->coef + 0, q);
        fmpz_mul_si(b, h->coef + 1, -2 * p);
        CHECK_MSG(fmpz_equal(a, b), "x = %ld/%ld c = %ld/%ld", (long)xn, (long)xd,
                  (long)p, (long)q);
        fmpz_clear(a), fmpz_clear(b);
    }
    free_fns(s, count);
    check_instance(inst, c, 0);
    check_instance(inst, c, CT_LAMBDA_EVERY_NODE);
    ct_instance_clear(inst);
    fmpq_clear(c);
}

/* x + 2 = 9/4, c = 3/4: the threshold is exactly 1/2, where the sum vanishes
   (A_1^2 B_1 = A_0^2 B_0 with opposite signs) and the oracle sees a tie (class
   0); class 1 just below, class 0 just above. */
static void check_gadget_half(void)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0, expect[3] = {1, 0, 0}, num[3] = {49, 1, 51}, den[3] = {100, 2, 100};
    fmpq_t c, d;
    arb_mat_t F;
    fmpq_init(c), fmpq_init(d);
    fmpq_set_si(c, 3, 4);
    gadget(inst, 1, 4);
    arb_mat_init(F, 4, 2);
    ct_delta_sign_functions(&s, &count, inst, 0, c, 0, NULL, NULL);
    const ct_expsum_struct *h = s[0].diff.es;
    CHECK(h->len == 2);
    if (h->len == 2) {
        fmpz_t a, b;
        fmpz_init(a), fmpz_init(b);
        fmpz_mul(a, h->coef + 1, h->coef + 1);
        fmpz_mul(a, a, h->base + 1);
        fmpz_mul(b, h->coef + 0, h->coef + 0);
        fmpz_mul(b, b, h->base + 0);
        CHECK(fmpz_equal(a, b) && fmpz_sgn(h->coef) * fmpz_sgn(h->coef + 1) < 0);
        fmpz_clear(a), fmpz_clear(b);
    }
    for (int j = 0; j < 3; j++) {
        fmpq_set_si(d, num[j], den[j]);
        oracle_delta_scores(F, NULL, inst, c, d, 0, PREC);
        CHECK(oracle_delta_argmax(F, NULL, 3, 2, PREC) == expect[j]);
        CHECK(sum_sign(h, d) == (j == 0 ? -1 : j == 1 ? 0 : 1));
    }
    free_fns(s, count);
    arb_mat_clear(F);
    ct_instance_clear(inst);
    fmpq_clear(c), fmpq_clear(d);
}

/* The shipped union of five gadgets at c = 99/100: thresholds 0.221, 0.351,
   0.493, 0.622, 0.921, held-out classes 1, 0, 1, 0, 1. The loss, from the signs
   of the sums at deltas between the thresholds, oscillates. */
static void check_oscillating(void)
{
    static const slong num[8] = {0, 1, 3, 2, 11, 7, 19, 1};
    static const slong den[8] = {1, 10, 10, 5, 20, 10, 20, 1};
    static const slong wrong[8] = {2, 2, 3, 2, 3, 2, 3, 3};
    ct_instance_t inst;
    char err[256];
    fmpq_t c, d;
    fmpq_init(c), fmpq_init(d);
    fmpq_set_si(c, 99, 100);
    int ok = ct_instance_load(inst, "instances/delta-gadget-oscillating.gssl", err,
                              sizeof(err)) == 0;
    CHECK_MSG(ok, "%s", err);
    if (!ok) {
        fmpq_clear(c), fmpq_clear(d);
        return;
    }
    ct_signfn_struct *s = NULL;
    slong count = 0;
    ct_delta_sign_functions(&s, &count, inst, 0, c, 0, NULL, NULL);
    CHECK(count == 5);
    for (int j = 0; j < 8 && count == 5; j++) {
        slong bad = 0;
        fmpq_set_si(d, num[j], den[j]);
        for (slong r = 0; r < count; r++) /* class 0 iff the (0,1) sum is >= 0 */
            bad += (sum_sign(s[r].diff.es, d) >= 0 ? 0 : 1) != s[r].truth;
        CHECK_MSG(bad == wrong[j], "delta = %ld/%ld: %ld wrong", (long)num[j],
                  (long)den[j], (long)bad);
    }
    free_fns(s, count);
    check_instance(inst, c, 0);
    ct_instance_clear(inst);
    fmpq_clear(c), fmpq_clear(d);
}

static void check_gadgets(void)
{
    static const slong cases[8][4] = {{1, 4, 3, 4},    {1, 1, 99, 100}, {2, 1, 3, 4},
                                      {7, 1, 99, 100}, {2, 1, 1, 2},    {1, 1, 1, 4},
                                      {5, 2, 2, 3},    {1, 10, 99, 100}};
    for (int j = 0; j < 8; j++)
        check_gadget(cases[j][0], cases[j][1], cases[j][2], cases[j][3]);
    check_gadget_half();
    check_oscillating();
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_gadgets();
    check_handmade();
    check_random(state);
    check_lift(state);
    check_pencil(state);
    check_weight_pencil(state);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-delta");
}
