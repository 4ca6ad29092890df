/* Tests of alpha: the multi-quadratic sign polynomials of ct_alpha_sign_functions
   against the paper's gadget derived by hand (docs/alpha.md) and, on random
   instances, against the independent dense Arb evaluator oracle_alpha.h at
   several rational alphas; degrees against n_comp - 1; ct_alpha_square_classes
   against a direct count (trial division here). The polynomials are evaluated
   with ct_mqpoly_eval_arb (itself checked against hand values in t-mqpoly). */
#include "check.h"
#include "huge_weights.h"
#include "oracle_alpha.h"
#include "certune/alpha.h"
#include "certune/component.h"
#include "certune/gen.h"
#include "certune/lambda.h"
#include "certune/signfn.h"
#include "../src/alpha/alpha_internal.h"

#define PREC 1024
#define NGRID 7
static const slong grid[NGRID][2] = {{1, 100}, {1, 7},  {1, 3},   {1, 2},
                                     {3, 4},   {9, 10}, {99, 100}};

/* Sign of g at num/den: the Arb ball's sign, 0 when it contains 0 (then g
   must be exactly 0 there for the comparison with the oracle to hold). */
static int poly_sign(const ct_mqpoly_t g, slong num, slong den)
{
    arb_t x, y;
    arb_init(x), arb_init(y);
    arb_set_si(x, num);
    arb_div_si(x, x, den, PREC);
    ct_mqpoly_eval_arb(y, NULL, g, x, PREC);
    int sg = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 0;
    arb_clear(x), arb_clear(y);
    return sg;
}

static void free_fns(ct_signfn_struct *s, slong count)
{
    for (slong r = 0; r < count; r++)
        ct_signfn_clear(s + r);
    flint_free(s);
}

/* Where alpha_append_fn (a consumer of the node-by-node functions) appends. */
static ct_signfn_struct *pencil_out;
static slong pencil_count;

static void alpha_append_fn(void *arg, ct_signfn_struct *s)
{
    (void)arg;
    ct_signfn_struct *e = ct_signfn_append(&pencil_out, &pencil_count, s->type, s->inst,
                                           s->node, s->truth, s->c);
    void *swap = e->diff.any;
    e->diff.any = s->diff.any;
    s->diff.any = swap;
}

/* r = the squarefree part of n >= 1, by trial division (independent of FLINT's
   factoring used in src/). */
static ulong squarefree_part(ulong n)
{
    ulong r = 1;
    for (ulong p = 2; p * p <= n; p++)
        for (int e = 0; n % p == 0; e ^= 1, n /= p)
            r = e ? r / p : r * p;
    return r * n;
}

/* Distinct square classes of the labeled degrees of component j: a rational
   degree a/b has the class of a b. */
static slong count_classes(const ct_instance_t inst, const slong *comp, slong j)
{
    fmpq *deg = _fmpq_vec_init(inst->n);
    ulong *seen = flint_malloc(inst->n * sizeof(ulong));
    slong nd = 0;
    for (slong e = 0; e < inst->nedges; e++) {
        fmpq_add(deg + inst->eu[e], deg + inst->eu[e], inst->ew + e);
        fmpq_add(deg + inst->ev[e], deg + inst->ev[e], inst->ew + e);
    }
    for (slong i = 0; i < inst->n; i++) {
        if (comp[i] != j || inst->label[i] < 0)
            continue;
        ulong r = fmpq_is_zero(deg + i)
                      ? 1
                      : squarefree_part(fmpz_get_ui(fmpq_numref(deg + i)) *
                                        fmpz_get_ui(fmpq_denref(deg + i)));
        slong t = 0;
        while (t < nd && seen[t] != r)
            t++;
        if (t == nd)
            seen[nd++] = r;
    }
    _fmpq_vec_clear(deg, inst->n);
    flint_free(seen);
    return nd;
}

/* Every scored node once with its truth; one warning line per component
   without a labeled node. */
static void check_entries(const ct_signfn_struct *s, slong count,
                          const ct_instance_t inst, int score_all, FILE *warn)
{
    slong expect = 0, lines = 0, unlab = 0, *comp = flint_malloc(inst->n * sizeof(slong));
    for (slong i = 0; i < inst->n; i++) {
        int sc = score_all == CT_LAMBDA_EVERY_NODE || inst->held[i] >= 0 ||
                 (score_all && inst->label[i] >= 0);
        slong hits = 0;
        for (slong r = 0; r < count; r++)
            if (s[r].node == i) {
                hits++;
                CHECK(s[r].truth ==
                      (inst->held[i] >= 0 ? inst->held[i] : inst->label[i]));
                CHECK(s[r].inst == 5 && s[r].c == inst->c);
            }
        CHECK(hits == sc);
        expect += sc;
    }
    CHECK(count == expect);
    slong ncomp = oracle_components(comp, inst);
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

/* Degrees, square classes and radicands of every function of a component. */
static void check_shape(const ct_signfn_struct *s, slong count, const ct_instance_t inst)
{
    slong *comp = flint_malloc(inst->n * sizeof(slong)), np = inst->c * (inst->c - 1) / 2;
    slong ncomp = ct_component_assign(comp, inst);
    for (slong j = 0; j < ncomp; j++)
        CHECK(ct_alpha_square_classes(inst, comp, j) == count_classes(inst, comp, j));
    for (slong r = 0; r < count; r++) {
        slong size = 0, cls = ct_alpha_square_classes(inst, comp, comp[s[r].node]);
        for (slong i = 0; i < inst->n; i++)
            size += comp[i] == comp[s[r].node];
        for (slong p = 0; p < np; p++) {
            CHECK(ct_mqpoly_degree(s[r].diff.mq + p) <= size - 1);
            CHECK(s[r].diff.mq[p].len <= cls);
            for (slong k = 0; k < s[r].diff.mq[p].len; k++)
                CHECK(fmpz_get_ui(s[r].diff.mq[p].rad + k) ==
                      squarefree_part(fmpz_get_ui(s[r].diff.mq[p].rad + k)));
        }
    }
    flint_free(comp);
}

static void check_instance(const ct_instance_t inst, int score_all)
{
    ct_signfn_struct *s = NULL;
    slong count = 0, nc = inst->c;
    FILE *warn = tmpfile();
    ct_alpha_sign_functions(&s, &count, inst, 5, score_all, warn);
    check_entries(s, count, inst, score_all, warn);
    fclose(warn);
    check_shape(s, count, inst);
    arb_mat_t F;
    fmpq_t a;
    arb_mat_init(F, inst->n, nc);
    fmpq_init(a);
    for (slong g = 0; g < NGRID; g++) {
        fmpq_set_si(a, grid[g][0], grid[g][1]);
        oracle_alpha_scores(F, inst, a, PREC);
        for (slong r = 0; r < count; r++)
            for (slong k = 0; k < nc; k++)
                for (slong l = k + 1; l < nc; l++) {
                    int o = oracle_alpha_sign(F, s[r].node, k, l, PREC);
                    int h = poly_sign(s[r].diff.mq + ct_signfn_pair(k, l, nc), grid[g][0],
                                      grid[g][1]);
                    CHECK_MSG(o == h, "%s node %ld pair %ld,%ld alpha %ld/%ld: %d vs %d",
                              inst->path, (long)s[r].node, (long)k, (long)l,
                              (long)grid[g][0], (long)grid[g][1], o, h);
                }
    }
    arb_mat_clear(F);
    fmpq_clear(a);
    free_fns(s, count);
}

static void check_random(flint_rand_t state)
{
    static const double ps[4] = {0.08, 0.2, 0.35, 0.6};
    for (slong trial = 0; trial < 150; trial++) {
        ct_gen_params_t P;
        slong n = trial < 146 ? 1 + (slong)n_randint(state, 12) : 20 + 5 * (trial - 146);
        ct_gen_params_init(P, n, 2 + n_randint(state, 3));
        P->p = trial < 146 ? ps[n_randint(state, 4)] : 4.0 / n;
        P->connected = n_randint(state, 3) == 0;
        P->labeled = 0.2 * n_randint(state, 4);
        P->held = n_randint(state, 2) ? 1.0 : 0.5;
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        ct_instance_t inst;
        ct_gen_instance_rand(inst, P, state, NULL);
        check_instance(inst, (int)n_randint(state, 3));
        ct_instance_clear(inst);
    }
}

/* Decimal and fractional weights (0.3, 5/2), degrees in several square
   classes, an isolated labeled node (7), an isolated unlabeled one (8), an
   unlabeled component (9, 10), three classes. */
static void check_handmade(void)
{
    static const char text[] = "p gssl 10 3\ne 1 2 0.3\ne 2 3 5/2\ne 3 4 1\ne 4 1 0.3\n"
                               "e 2 5 2.5\ne 5 6 7/10\ne 9 10 4\ne 3 6 2\nl 1 0\nl 3 1\n"
                               "l 6 2\nl 5 0\nl 7 1\nt 2 0\nt 4 1\nt 8 0\nt 9 1\n";
    ct_instance_t inst;
    char err[256];
    CHECK(ct_instance_parse(inst, text, sizeof(text) - 1, "handmade", err, sizeof(err)) ==
          0);
    for (int sa = 0; sa < 3; sa++)
        check_instance(inst, sa);
    ct_instance_clear(inst);
}

/* The paper's gadget: (1,2) = (1,3) = 1, (1,4) = x; node 1 class 0, nodes 2
   and 3 class 1, node 4 held out as class 0. */
static void gadget(ct_instance_t inst, slong xn, slong xd)
{
    ct_gen_instance_init(inst, "alpha-gadget", 4, 2, 3);
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

/* g += sqrt(r) q c x^e with n = q^2 r (r squarefree). */
static void add_root_term(ct_mqpoly_t g, ulong n, slong c, slong e)
{
    ulong r = squarefree_part(n), q = n_sqrt(n / r);
    fmpz_t rad;
    fmpz_poly_t G;
    fmpz_init_set_ui(rad, r);
    fmpz_poly_init(G);
    fmpz_poly_set_coeff_si(G, e, c * (slong)q);
    ct_mqpoly_add_term(g, rad, G);
    fmpz_clear(rad);
    fmpz_poly_clear(G);
}

/* The shipped instances/alpha-gadget-x<a>[_<b>].gssl (when there is one for
   x = a/b) gives the same function as the gadget built here. */
static void check_shipped(const ct_mqpoly_t g, slong xn, slong xd)
{
    char path[64], err[256];
    ct_instance_t inst;
    if (xd == 1)
        snprintf(path, sizeof(path), "instances/alpha-gadget-x%ld.gssl", (long)xn);
    else
        snprintf(path, sizeof(path), "instances/alpha-gadget-x%ld_%ld.gssl", (long)xn,
                 (long)xd);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return;
    fclose(f);
    int ok = ct_instance_load(inst, path, err, sizeof(err)) == 0;
    CHECK_MSG(ok, "%s", err);
    if (!ok)
        return;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    ct_alpha_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(count == 1 && ct_mqpoly_equal(s[0].diff.mq, g));
    free_fns(s, count);
    ct_instance_clear(inst);
}

/* By hand (docs/alpha.md): with x = a/b, F[4][0] - F[4][1] is a positive
   multiple of alpha (sqrt(2b + a) - 2 alpha sqrt(b)); the function must be that
   up to a positive factor (same normalization, same sign). */
static void check_gadget(slong xn, slong xd)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    ct_mqpoly_t e, g;
    ct_mqpoly_init(e), ct_mqpoly_init(g);
    gadget(inst, xn, xd);
    ct_alpha_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(count == 1 && s[0].node == 3 && s[0].truth == 0 && s[0].inst == 0);
    add_root_term(e, 2 * xd + xn, 1, 1);
    add_root_term(e, xd, -2, 2);
    ct_mqpoly_set(g, s[0].diff.mq);
    int se = ct_mqpoly_normalize(e), sg = ct_mqpoly_normalize(g);
    char *str = ct_mqpoly_get_str(s[0].diff.mq);
    CHECK_MSG(se == sg && ct_mqpoly_equal(e, g), "x = %ld/%ld: %s", (long)xn, (long)xd,
              str);
    free(str);
    check_shipped(s[0].diff.mq, xn, xd);
    free_fns(s, count);
    check_instance(inst, 0);
    check_instance(inst, CT_LAMBDA_EVERY_NODE);
    ct_mqpoly_clear(e), ct_mqpoly_clear(g);
    ct_instance_clear(inst);
}

/* x = 1/4: x + 2 = 9/4, the threshold is exactly 3/4: class 0 below and at it
   (a tie), class 1 above. */
static void check_gadget_rational(void)
{
    ct_instance_t inst;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    gadget(inst, 1, 4);
    ct_alpha_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(s[0].diff.mq->len == 1 && fmpz_is_one(s[0].diff.mq->rad));
    CHECK(poly_sign(s[0].diff.mq, 74, 100) == 1);
    CHECK(poly_sign(s[0].diff.mq, 3, 4) == 0);
    CHECK(poly_sign(s[0].diff.mq, 76, 100) == -1);
    free_fns(s, count);
    ct_instance_clear(inst);
}

/* The shipped union of five gadgets: thresholds 0.7246, 3/4, 0.7906, 0.8660,
   0.9354, held-out classes 1, 0, 1, 0, 1: the number of wrong predictions
   oscillates between the thresholds (ties at 3/4 go to class 0). */
static void check_oscillating(void)
{
    static const slong num[7] = {1, 37, 3, 77, 4, 9, 19},
                       den[7] = {2, 50, 4, 100, 5, 10, 20};
    static const slong wrong[7] = {3, 2, 2, 3, 2, 3, 2};
    ct_instance_t inst;
    char err[256];
    int ok = ct_instance_load(inst, "instances/alpha-gadget-oscillating.gssl", err,
                              sizeof(err)) == 0;
    CHECK_MSG(ok, "%s", err);
    if (!ok)
        return;
    ct_signfn_struct *s = NULL;
    slong count = 0;
    ct_alpha_sign_functions(&s, &count, inst, 0, 0, NULL);
    CHECK(count == 5);
    for (int j = 0; j < 7 && count == 5; j++) {
        slong bad = 0;
        for (slong r = 0; r < count; r++) /* class 0 iff the (0,1) sign is >= 0 */
            bad += (poly_sign(s[r].diff.mq, num[j], den[j]) >= 0 ? 0 : 1) != s[r].truth;
        CHECK_MSG(bad == wrong[j], "alpha = %ld/%ld: %ld wrong", (long)num[j],
                  (long)den[j], (long)bad);
    }
    free_fns(s, count);
    check_instance(inst, 0);
    ct_instance_clear(inst);
}

static void check_gadgets(void)
{
    static const slong xs[8][2] = {{1, 4},  {1, 1}, {1, 2}, {3, 2},
                                   {1, 10}, {2, 1}, {7, 4}, {5, 1}}; /* 5: no file */
    for (int j = 0; j < 8; j++)
        check_gadget(xs[j][0], xs[j][1]);
    check_gadget_rational();
    check_oscillating();
}

/* Square classes by a coprime basis (never by factoring): a star whose
   labeled leaves have degrees p q, p^3 q (one class), q, 4 q (one class), p,
   12, 3 (one class) and 1, with p, q primes of 41 digits (fmpz_factor would
   take minutes on p q): 5 classes by hand. The star's center is unlabeled. */
static void check_square_classes_semiprime(void)
{
    const char *p = "10000000000000000000000000000000000012357";
    const char *q = "30000000000000000000000000000000000000883";
    fmpz_t P, Q, w[8];
    fmpz_init(P), fmpz_init(Q);
    fmpz_set_str(P, p, 10), fmpz_set_str(Q, q, 10);
    for (int k = 0; k < 8; k++)
        fmpz_init(w[k]);
    fmpz_mul(w[0], P, Q);
    fmpz_pow_ui(w[1], P, 3), fmpz_mul(w[1], w[1], Q);
    fmpz_set(w[2], Q);
    fmpz_mul_ui(w[3], Q, 4);
    fmpz_set(w[4], P);
    fmpz_set_ui(w[5], 12), fmpz_set_ui(w[6], 3), fmpz_set_ui(w[7], 1);
    char *text = flint_malloc(4096);
    int len = sprintf(text, "p gssl 9 2\nt 1 0\n");
    for (int k = 0; k < 8; k++) {
        char *ws = fmpz_get_str(NULL, 10, w[k]);
        len += sprintf(text + len, "e 1 %d %s\nl %d %d\n", k + 2, ws, k + 2, k % 2);
        flint_free(ws);
    }
    ct_instance_t inst;
    char err[256];
    CHECK(ct_instance_parse(inst, text, (size_t)len, "star", err, sizeof(err)) == 0);
    slong comp[9];
    CHECK(ct_component_assign(comp, inst) == 1);
    CHECK(ct_alpha_square_classes(inst, comp, 0) == 5);
    ct_instance_clear(inst);
    flint_free(text);
    for (int k = 0; k < 8; k++)
        fmpz_clear(w[k]);
    fmpz_clear(P), fmpz_clear(Q);
}

/* The sign functions with the settings' pencil_max_nodes (0: the default,
   -1: never, the exact path's multimodular solve of the huge entries). */
static void pencil_functions(ct_signfn_struct **s, slong *count, const ct_instance_t inst,
                             int score_all, slong pencil_max)
{
    ct_analysis_settings_struct set = {.pencil_max_nodes = pencil_max};
    *s = NULL, *count = 0;
    _ct_alpha_sign_functions_hooked(inst, 0, score_all, NULL, alpha_append_fn, NULL, NULL,
                                    NULL, &set);
    *s = pencil_out, *count = pencil_count;
    pencil_out = NULL, pencil_count = 0;
}

/* Components of inst on which the pencil applies (default settings). */
static slong pencil_components(const ct_instance_t inst)
{
    ct_component_index_t X;
    slong used = 0;
    ct_component_index_init(X, inst);
    for (slong k = 0; k < X->ncomp; k++) {
        ct_alpha_comp C;
        _ct_alpha_pencil P;
        ct_alpha_comp_init(&C, inst, X, k);
        used += _ct_alpha_pencil_init(&P, &C, 0);
        _ct_alpha_pencil_clear(&P, &C);
        ct_alpha_comp_clear(&C);
    }
    ct_component_index_clear(X);
    return used;
}

/* The pencil path (weights in base H, solved as polynomials in t, the
   contents from the forms) against the multimodular solve of the huge
   entries: the same functions, node by node and pair by pair; those the
   pencil marks primitive have content 1 (a gcd here). */
static void check_pencil(flint_rand_t state)
{
    slong used[4] = {0, 0, 0, 0};
    for (slong trial = 0; trial < 48; trial++) {
        int mode = (int)(trial % 4);
        ct_instance_t inst;
        if (!huge_instance(inst, trial, state))
            continue;
        used[mode] += pencil_components(inst);
        ct_signfn_struct *s, *t;
        slong ns, nt, np = inst->c * (inst->c - 1) / 2;
        int score = (int)n_randint(state, 3);
        pencil_functions(&s, &ns, inst, score, 0);
        pencil_functions(&t, &nt, inst, score, -1);
        CHECK(ns == nt);
        for (slong i = 0; i < FLINT_MIN(ns, nt); i++)
            for (slong k = 0; k < np; k++) {
                const ct_mqpoly_struct *g = s[i].diff.mq + k;
                CHECK_MSG(s[i].node == t[i].node && ct_mqpoly_equal(g, t[i].diff.mq + k),
                          "pencil trial %ld mode %d node %ld pair %ld", (long)trial, mode,
                          (long)s[i].node, (long)k);
                fmpz_t c, d;
                fmpz_init(c), fmpz_init(d);
                for (slong r = 0; r < g->len; r++) {
                    fmpz_poly_content(d, g->poly + r);
                    fmpz_gcd(c, c, d);
                }
                CHECK_MSG(!g->primitive || g->len == 0 || fmpz_is_one(c),
                          "pencil trial %ld node %ld pair %ld: content not 1",
                          (long)trial, (long)s[i].node, (long)k);
                fmpz_clear(c), fmpz_clear(d);
            }
        free_fns(s, ns), free_fns(t, nt);
        ct_instance_clear(inst);
    }
    for (int mode = 0; mode < 4; mode++) /* every kind of base was found */
        CHECK_MSG(used[mode] >= 3, "pencil mode %d: %ld components", mode,
                  (long)used[mode]);
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_gadgets();
    check_handmade();
    check_square_classes_semiprime();
    check_pencil(state);
    check_random(state);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-alpha");
}
