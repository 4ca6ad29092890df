/* t-lsalpha: the alpha family's ball path (lsalpha.h) against independent
   computations: the gap certificate on cycles (lambda_2(C_n) = cos(2 pi / n)),
   the exact sign oracle against tests/oracle_alpha.h (Arb at 1024 bits) and
   the gadget's exact threshold 3/4, whole analyses on the ball path against
   the exact path (src/alpha*.c, shares no code with lsalpha or lsroot) on random sets,
   and the text form read back (and rejected when tampered with). */
#include <math.h>
#include <string.h>
#include "check.h"
#include "analysis_same.h"
#include "oracle_alpha.h"
#include "certune/alpha.h"
#include "certune/family.h"
#include "certune/gen.h"
#include "certune/lsalpha.h"
#include "../src/lsalpha/lsalpha_internal.h"

static FILE *devnull;

/* The system of a connected instance with integer weights, built here from
   the edges: square parts by trial division (independent of alpha_square.c). */
static ct_lsalpha_struct *sys_of(const ct_instance_struct *I)
{
    slong n = I->n, *rs = flint_calloc(n + 1, sizeof(slong)), *col, *fill;
    fmpz *w, *deg = _fmpz_vec_init(n);
    for (slong e = 0; e < I->nedges; e++)
        rs[I->eu[e] + 1]++, rs[I->ev[e] + 1]++;
    for (slong i = 0; i < n; i++)
        rs[i + 1] += rs[i];
    col = flint_malloc(FLINT_MAX(rs[n], 1) * sizeof(slong));
    w = _fmpz_vec_init(FLINT_MAX(rs[n], 1));
    fill = flint_malloc(n * sizeof(slong));
    memcpy(fill, rs, n * sizeof(slong));
    for (slong e = 0; e < I->nedges; e++) {
        slong u = I->eu[e], v = I->ev[e];
        col[fill[u]] = v, fmpz_set(w + fill[u]++, fmpq_numref(I->ew + e));
        col[fill[v]] = u, fmpz_set(w + fill[v]++, fmpq_numref(I->ew + e));
        fmpz_add(deg + u, deg + u, fmpq_numref(I->ew + e));
        fmpz_add(deg + v, deg + v, fmpq_numref(I->ew + e));
    }
    slong m = 0, *lab = flint_malloc(n * sizeof(slong)),
          *cls = flint_malloc(n * sizeof(slong));
    fmpz *q = _fmpz_vec_init(n), *r = _fmpz_vec_init(n);
    for (slong i = 0; i < n; i++) {
        if (I->label[i] < 0)
            continue;
        ulong d = fmpz_get_ui(deg + i), qq = 1;
        for (ulong p = 2; p * p <= d; p++)
            while (d % (p * p) == 0)
                d /= p * p, qq *= p;
        lab[m] = i, cls[m] = I->label[i];
        fmpz_set_ui(q + m, qq), fmpz_set_ui(r + m++, d);
    }
    ct_lsalpha_struct *S = ct_lsalpha_new(n, rs, col, w, deg, m, lab, cls, q, r, I->c);
    _fmpz_vec_clear(w, FLINT_MAX(rs[n], 1)), _fmpz_vec_clear(deg, n);
    flint_free(rs), flint_free(col), flint_free(fill), flint_free(lab), flint_free(cls);
    _fmpz_vec_clear(q, n), _fmpz_vec_clear(r, n);
    return S;
}

/* A cycle of n nodes, unit weights, node 0 labeled class 0 and node 1 class 1. */
static void cycle(ct_instance_t I, slong n)
{
    ct_gen_instance_init(I, "cycle", n, 2, n);
    for (slong e = 0; e < n; e++) {
        I->eu[e] = FLINT_MIN(e, (e + 1) % n), I->ev[e] = FLINT_MAX(e, (e + 1) % n);
        fmpq_one(I->ew + e);
    }
    I->nedges = n;
    I->label[0] = 0, I->label[1] = 1;
}

/* lambda_2 = cos(2 pi / n): 1/2 (n = 6: mu = lambda_2 must fail), sqrt(2)/2
   (8), sqrt(3)/2 (12), 0.98769 (40, between 1 - 2^-6 and 1 - 2^-7). */
static void check_gap(void)
{
    static const struct {
        slong n;
        int k, holds;
    } cases[] = {{6, 1, 0},  {6, 2, 1},  {8, 1, 0},  {8, 2, 1},
                 {12, 2, 0}, {12, 3, 1}, {40, 6, 0}, {40, 7, 1}};
    for (size_t t = 0; t < sizeof(cases) / sizeof(cases[0]); t++) {
        ct_instance_t I;
        cycle(I, cases[t].n);
        ct_lsalpha_struct *S = sys_of(I);
        CHECK_MSG(_ct_lsalpha_gap_proved(S, cases[t].k) == cases[t].holds,
                  "C_%ld, mu = 1 - 2^-%d", (long)cases[t].n, cases[t].k);
        ct_lsalpha_unref(S);
        ct_instance_clear(I);
    }
}

/* The grounded certificate (lsalpha_ground.c) on the cycle: without node 0,
   mu D - W is mu 2I minus a path's adjacency, positive definite iff mu >
   cos(pi / n) (the path of n - 1 nodes has eigenvalues 2 cos(j pi / n)).
   n = 3: cos(pi / 3) = 1/2 = 1 - 2^-1 exactly, a singular matrix that must
   not pass; then 0.866 (n = 6, between 1 - 2^-2 and 1 - 2^-3), 0.9659 (12),
   0.99692 (40): weaker than the dense certificate (cos(2 pi / n)). */
static void check_gap_grounded(void)
{
    static const struct {
        slong n;
        int k, holds;
    } cases[] = {{3, 1, 0},  {3, 2, 1},  {6, 2, 0},  {6, 3, 1},
                 {12, 4, 0}, {12, 5, 1}, {40, 8, 0}, {40, 9, 1}};
    for (size_t t = 0; t < sizeof(cases) / sizeof(cases[0]); t++) {
        ct_instance_t I;
        cycle(I, cases[t].n);
        ct_lsalpha_struct *S = sys_of(I);
        CHECK_MSG(_ct_lsalpha_gap_grounded(S, cases[t].k) == cases[t].holds,
                  "grounded C_%ld, mu = 1 - 2^-%d", (long)cases[t].n, cases[t].k);
        /* x = 1: (A x)_i = 2 mu - 2 < 0 away from node 0, refused even
           where A is positive definite; A x > 0 needs the right x */
        double *x = flint_malloc(cases[t].n * sizeof(double));
        for (slong i = 0; i < cases[t].n; i++)
            x[i] = 1;
        CHECK_MSG(cases[t].n == 3 || !_ct_lsalpha_ground_check(S, cases[t].k, x),
                  "grounded C_%ld, x = 1 passed", (long)cases[t].n);
        flint_free(x);
        ct_lsalpha_unref(S);
        ct_instance_clear(I);
    }
}

/* Whether every coefficient of M1 holds M2's (finer) and has a radius, times
   r^j (its weight at the disk's edge), at most 2^-bits of the largest such
   weighted coefficient so far times max(1, kappa r) per term since (the
   bound's own growth); the first failing entry and term into bad. Weighted:
   a term small at the edge needs fewer bits (the 96-bit models solve it
   once). */
static slong fmodel_compare(slong *bad, const _ct_lsalpha_model *M1,
                            const _ct_lsalpha_model *M2, double kappa, double r,
                            slong bits)
{
    slong compared = 0, rows = M1->nv * M1->n;
    mag_t big, rel, kap, w, rad;
    mag_init(big), mag_init(rel), mag_init(kap), mag_init(w), mag_init(rad);
    mag_set_d(kap, FLINT_MAX(1.0, kappa * r));
    mag_one(w); /* r^j */
    bad[0] = bad[1] = -1;
    for (slong j = 0; j <= M1->J; j++) {
        mag_mul(big, big, kap);
        for (slong e = 0; e < rows; e++) {
            arb_get_mag(rel, M2->coef + e * (M2->J + 1) + j);
            mag_mul(rel, rel, w);
            mag_max(big, big, rel);
        }
        mag_mul_2exp_si(rel, big, -bits);
        for (slong e = 0; e < rows; e++, compared++) {
            arb_srcptr a = M1->coef + e * (M1->J + 1) + j,
                       b = M2->coef + e * (M2->J + 1) + j;
            mag_mul(rad, arb_radref(a), w);
            if (bad[0] < 0 && !(arb_contains(a, b) && mag_cmp(rad, rel) <= 0))
                bad[0] = e, bad[1] = j;
        }
        mag_set_d(rad, r);
        mag_mul(w, w, rad);
    }
    mag_clear(big), mag_clear(rel), mag_clear(kap), mag_clear(w), mag_clear(rad);
    return compared;
}

/* The models in doubles (lsalpha_fmodel.c: 56 bits, and 96 bits in pairs of
   doubles but for the tail's terms) against 256-bit models in balls on the
   same disks, by fmodel_compare with 2^-36 and 2^-72, and with the
   doubles' range lowered so that the 96-bit model is made in balls.
   Random connected graphs of every weight kind, centers up to 1 - 2^-6. */
static void check_fmodel(void)
{
    flint_rand_t state; /* its own: the later checks' draws stay as they were */
    flint_randinit(state);
    static const double cs[] = {0.375, 0.75, 0.984375};
    static const slong precs[] = {56, 96}, bits[] = {36, 72};
    slong compared = 0;
    for (slong s = 0; s < 12; s++) {
        ct_instance_t I;
        ct_gen_params_t P;
        ct_gen_params_init(P, 20 + (slong)n_randint(state, 100), 2 + (slong)(s % 3));
        P->p = 0.1, P->connected = 1, P->labeled = 0.2;
        P->weight = (ct_gen_weight_t)(s % 5);
        ct_gen_instance(I, P, 2026, s);
        ct_lsalpha_struct *S = sys_of(I);
        if (S == NULL || _ct_lsalpha_certify_mu(S) != 0) {
            if (S != NULL)
                ct_lsalpha_unref(S);
            ct_instance_clear(I);
            continue;
        }
        slong nc = S->head.c;
        _ct_lsalpha_rhs *v = flint_malloc(nc * sizeof(_ct_lsalpha_rhs));
        for (slong k = 0; k < nc; k++)
            v[k].k = k, v[k].l = -1;
        for (size_t t = 0; t < sizeof(cs) / sizeof(cs[0]); t++) {
            ct_lsroot_disk_struct *D = ct_lsroot_disk_new(&S->head, cs[t], 0x1p-8);
            _ct_lsalpha_model *M2 = _ct_lsalpha_model_build(D, v, nc, 256);
            /* entries past the range: the 96-bit model is made in balls
               (it holds M2's and differs from the floating one) */
            _ct_lsalpha_fmodel_set_range(0x1p-60);
            _ct_lsalpha_model *Mb = _ct_lsalpha_model_build(D, v, nc, 96);
            _ct_lsalpha_fmodel_set_range(0x1p900);
            _ct_lsalpha_model *Mf = _ct_lsalpha_model_build(D, v, nc, 96);
            slong bad[2], same = 0, len = nc * Mb->n * (Mb->J + 1);
            compared +=
                fmodel_compare(bad, Mb, M2, _ct_lsalpha_kappa(S, cs[t]), D->r, 72);
            for (slong e = 0; e < len; e++)
                same += arf_equal(arb_midref(Mb->coef + e), arb_midref(Mf->coef + e));
            CHECK_MSG(bad[0] < 0 && same < len, "fmodel range: draw %ld, c = %g", (long)s,
                      cs[t]);
            _ct_lsalpha_model_free(Mb), _ct_lsalpha_model_free(Mf);
            for (int q = 0; q < 2; q++) {
                _ct_lsalpha_model *M1 = _ct_lsalpha_model_build(D, v, nc, precs[q]);
                compared += fmodel_compare(bad, M1, M2, _ct_lsalpha_kappa(S, cs[t]), D->r,
                                           bits[q]);
                CHECK_MSG(bad[0] < 0,
                          "fmodel %ld bits: draw %ld, c = %g, entry %ld, term %ld",
                          (long)precs[q], (long)s, cs[t], (long)bad[0], (long)bad[1]);
                _ct_lsalpha_model_free(M1);
            }
            _ct_lsalpha_model_free(M2);
            ct_lsroot_disk_unref(D);
        }
        flint_free(v);
        ct_lsalpha_unref(S);
        ct_instance_clear(I);
    }
    flint_randclear(state);
    printf("t-lsalpha: fmodel: %ld coefficients compared\n", (long)compared);
    CHECK(compared > 10000);
}

/* The exact oracle against Arb's dense solve at random rationals. */
static void check_exact_oracle(flint_rand_t state)
{
    for (slong s = 0; s < 30; s++) {
        ct_gen_params_t P;
        ct_instance_t I;
        /* drawn in sequence (as arguments of one call their order was the
           compiler's: GCC drew c first, clang n, and tested other sets) */
        slong c = 2 + (slong)n_randint(state, 3);
        slong n = 3 + (slong)n_randint(state, 12);
        ct_gen_params_init(P, n, c);
        P->connected = 1;
        P->labeled = 0.4;
        ct_gen_instance(I, P, 77, s);
        ct_lsalpha_struct *S = sys_of(I);
        arb_mat_t F;
        arb_mat_init(F, I->n, I->c);
        fmpq_t x;
        fmpq_init(x);
        fmpq_set_si(x, 1 + (slong)n_randint(state, 98), 99);
        oracle_alpha_scores(F, I, x, 1024);
        for (slong i = 0; i < I->n; i++)
            for (slong k = 0; k < I->c; k++)
                for (slong l = k + 1; l < I->c; l++) {
                    int want = oracle_alpha_sign(F, i, k, l, 1024);
                    int got = _ct_lsalpha_sign_exact(S, i, k, l, x);
                    CHECK_MSG(want == got, "set %ld row %ld (%ld, %ld): %d vs %d",
                              (long)s, (long)i, (long)k, (long)l, got, want);
                }
        fmpq_clear(x);
        arb_mat_clear(F);
        ct_lsalpha_unref(S);
        ct_instance_clear(I);
    }
}

/* The x = 1/4 gadget scaled by 4: edges (1,2) = (1,3) = 4, (1,4) = 1; node 1
   class 0, nodes 2, 3 class 1: row 4's pair (0, 1) has the sign of 3/2 - 2
   alpha (docs/alpha.md), an exact rational zero at 3/4. */
static void check_gadget_oracle(void)
{
    ct_instance_t I;
    ct_gen_instance_init(I, "gadget", 4, 2, 3);
    slong eu[3] = {0, 0, 0}, ev[3] = {1, 2, 3}, wt[3] = {4, 4, 1};
    for (slong e = 0; e < 3; e++)
        I->eu[e] = eu[e], I->ev[e] = ev[e], fmpq_set_si(I->ew + e, wt[e], 1);
    I->nedges = 3;
    I->label[0] = 0, I->label[1] = 1, I->label[2] = 1;
    ct_lsalpha_struct *S = sys_of(I);
    static const slong num[] = {74, 3, 76}, den[] = {100, 4, 100};
    static const int want[] = {1, 0, -1};
    fmpq_t x;
    fmpq_init(x);
    for (int t = 0; t < 3; t++) {
        fmpq_set_si(x, num[t], den[t]);
        CHECK_MSG(_ct_lsalpha_sign_exact(S, 3, 0, 1, x) == want[t], "gadget at %ld/%ld",
                  (long)num[t], (long)den[t]);
    }
    fmpq_clear(x);
    ct_lsalpha_unref(S);
    ct_instance_clear(I);
}

/* The alpha analysis of the set on nthreads threads, components of at least
   min nodes on the ball path (WORD_MAX: none); as ct_family_analyze. */
static int analyze_ball(ct_analysis_t A, const ct_instance_struct *set, slong m,
                        int score_all, slong min, slong nthreads, char *err,
                        size_t errlen)
{
    ct_analysis_settings_struct S = {.ball_min_nodes = min};
    return ct_family_analyze_threads(A, CT_FAMILY_ALPHA, NULL, set, m, score_all,
                                     CT_SIGNFN_TIES_SMALLEST, nthreads, &S, devnull, err,
                                     errlen);
}

/* One set analyzed with the ball path for components of >= min nodes and
   with the exact path only; returns the number of ls breakpoints. */
static slong compare_paths(const ct_instance_struct *set, slong m, int score_all,
                           slong min, const char *what)
{
    ct_analysis_t A, B;
    char err[512];
    slong nls = 0;
    int ra = analyze_ball(A, set, m, score_all, WORD_MAX, 1, err, sizeof(err));
    int rb = analyze_ball(B, set, m, score_all, min, 1, err, sizeof(err));
    CHECK_MSG(ra == rb, "%s: returns %d and %d", what, ra, rb);
    if (ra == 0 && rb == 0) {
        CHECK_MSG(t_analysis_same(A, B), "%s: the ball path changed the analysis", what);
        for (slong b = 0; b < B->nbp; b++)
            nls += B->bp[b].kind == CT_BPOINT_LS;
    }
    if (m == 1 && ra == 0) { /* one instance on 2 threads: the ball path's blocks */
        ct_analysis_t T;
        int rt = analyze_ball(T, set, m, score_all, min, 2, err, sizeof(err));
        CHECK_MSG(rt == 0 && t_analysis_same(A, T), "%s: 2 threads changed the analysis",
                  what);
        if (rt == 0)
            ct_analysis_clear(T);
    }
    if (ra == 0)
        ct_analysis_clear(A);
    if (rb == 0)
        ct_analysis_clear(B);
    return nls;
}

/* many: the searched functions per disk from which the search reads the
   classes' level-0 models (0: wherever kappa allows). */
static void check_random_paths(flint_rand_t state, slong many)
{
    static const double ps[] = {0.05, 0.1, 0.3};
    slong nls = 0;
    long b0, f0, e0, b1, f1, e1;
    ct_lsroot_counts(&b0, &f0, &e0);
    _ct_lsalpha_set_search_many(many);
    for (slong s = 0; s < 40; s++) {
        ct_instance_struct set[3];
        slong m = 1 + (slong)n_randint(state, 3), ncls = 2 + (slong)n_randint(state, 3);
        char what[64];
        ct_gen_params_t P[3];
        for (slong j = 0; j < m; j++) {
            ct_gen_params_init(P[j], 8 + (slong)n_randint(state, 50), ncls);
            P[j]->p = ps[n_randint(state, 3)];
            P[j]->connected = n_randint(state, 4) != 0;
            P[j]->labeled = 0.15 + 0.1 * n_randint(state, 4);
            P[j]->weight = (ct_gen_weight_t)n_randint(state, 5);
            /* every fifth set with m >= 2 holds one instance twice: equal
               zeros of one function in two places */
            slong k = s % 5 == 4 && j == 1 ? 8 * s : 8 * s + j;
            ct_gen_instance(set + j, P[k == 8 * s ? 0 : j], 2024, k);
        }
        snprintf(what, sizeof(what), "set %ld", (long)s);
        nls += compare_paths(set, m, n_randint(state, 3) == 0, 6, what);
        for (slong j = 0; j < m; j++)
            ct_instance_clear(set + j);
    }
    _ct_lsalpha_set_search_many(64);
    ct_lsroot_counts(&b1, &f1, &e1);
    printf("t-lsalpha: search on level-0 models from %ld functions per disk: %ld ls "
           "breakpoints, %ld components on the ball path, %ld fell back\n",
           (long)many, (long)nls, b1 - b0, f1 - f0);
    CHECK(nls > 100 && b1 - b0 > 40);
}

/* A copy of base with extra label-free nodes hung on it as trees: node
   base->n + t attaches to a random earlier node (a base node or an earlier
   extra one), weight 1..5; every extra node is held out with a random class.
   Their rows share the signs of the base node their tree hangs from, so equal
   zeros in different rows are the rule, not the exception. */
static void with_pendant_trees(ct_instance_t I, const ct_instance_struct *base,
                               slong extra, flint_rand_t state)
{
    slong n = base->n + extra;
    ct_gen_instance_init(I, "pendant", n, base->c, base->nedges + extra);
    for (slong e = 0; e < base->nedges; e++)
        I->eu[e] = base->eu[e], I->ev[e] = base->ev[e], fmpq_set(I->ew + e, base->ew + e);
    for (slong i = 0; i < base->n; i++)
        I->label[i] = base->label[i], I->held[i] = base->held[i];
    for (slong t = 0; t < extra; t++) {
        slong v = base->n + t, e = base->nedges + t;
        I->eu[e] = (slong)n_randint(state, (ulong)v), I->ev[e] = v;
        fmpq_set_si(I->ew + e, 1 + (slong)n_randint(state, 5), 1);
        I->held[v] = (slong)n_randint(state, (ulong)base->c);
    }
    I->nedges = base->nedges + extra;
}

/* The fallbacks (ct_lsroot_counts) of compare_paths on one set. */
static long fallbacks_of(const ct_instance_struct *set, const char *what)
{
    long b0, f0, e0, b1, f1, e1;
    ct_lsroot_counts(&b0, &f0, &e0);
    compare_paths(set, 1, 0, 6, what);
    ct_lsroot_counts(&b1, &f1, &e1);
    return f1 - f0;
}

/* Pendant label-free trees (paths and branching ones): each tree's rows are
   searched at the node it hangs from, so the trees add no fallback to their
   base graph's (where a tree's zeros equal its root's, the search would
   otherwise meet them in two rows and leave the ball path), and the ball
   path's analysis equals the exact path's. */
static void check_pendant_trees(flint_rand_t state)
{
    long fbase = 0, fpend = 0;
    for (slong s = 0; s < 12; s++) {
        ct_instance_t base, I;
        ct_gen_params_t P;
        char what[64];
        ct_gen_params_init(P, 12 + (slong)n_randint(state, 20),
                           2 + (slong)n_randint(state, 2));
        P->p = 0.2, P->connected = 1, P->labeled = 0.3;
        P->weight = (ct_gen_weight_t)n_randint(state, 2);
        ct_gen_instance(base, P, 77, s);
        with_pendant_trees(I, base, 6 + (slong)n_randint(state, 12), state);
        snprintf(what, sizeof(what), "pendant %ld", (long)s);
        long fb = fallbacks_of(base, what), fp = fallbacks_of(I, what);
        CHECK_MSG(fp <= fb, "%s: %ld fallbacks, %ld without its trees", what, fp, fb);
        fbase += fb, fpend += fp;
        ct_instance_clear(base), ct_instance_clear(I);
    }
    printf(
        "t-lsalpha: pendant trees: %ld fallbacks, %ld without the trees (of 24 runs)\n",
        fpend, fbase);
}

/* The per-pair carriers by hand: x (label 0) - u - y (label 1), u - a - b
   (b labeled 2), a - e (unlabeled leaf), u - f - g (f, g unlabeled), as
   rows u, a, e, f, g. For pair (0, 1) the tree {a, b, e} holds no label 0
   or 1, so a and e are searched at u; for pairs (0, 2) and (1, 2) b's label
   counts: a stays itself and e hangs from a. f and g hang from u for every
   pair. */
static void check_carriers_by_hand(void)
{
    /* nodes: 0 x, 1 u, 2 y, 3 a, 4 b, 5 e, 6 f, 7 g */
    static const slong rowstart[] = {0, 1, 5, 6, 9, 10, 11, 13, 14};
    static const slong col[] = {1, 0, 2, 3, 6, 1, 1, 4, 5, 3, 3, 1, 7, 6};
    static const double w[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    static const slong cls[] = {0, -1, 1, -1, 2, -1, -1, -1};
    static const slong rows[] = {1, 3, 5, 6, 7};
    static const slong want[5][3] = {
        {1, 1, 1}, {1, 3, 3}, {1, 3, 3}, {1, 1, 1}, {1, 1, 1}};
    static const slong want_same[5][3] = {
        {0, 0, 0}, {0, 1, 1}, {0, 1, 1}, {0, 0, 0}, {0, 0, 0}};
    ct_lsroot_graph_struct G = {8, 3, rowstart, col, w, cls};
    slong same[15], node[15];
    _ct_lsalpha_twins(same, node, &G, rows, 5);
    for (slong t = 0; t < 5; t++)
        for (slong p = 0; p < 3; p++) {
            CHECK_MSG(node[t * 3 + p] == want[t][p],
                      "row %ld pair %ld: node %ld, want %ld", (long)t, (long)p,
                      (long)node[t * 3 + p], (long)want[t][p]);
            CHECK_MSG(same[t * 3 + p] == want_same[t][p], "row %ld pair %ld: same %ld",
                      (long)t, (long)p, (long)same[t * 3 + p]);
        }
}

/* A mirror that maps a label of a third class to an unlabeled node: h and k
   (labels 0) joined to each other and to l (label 1), h - a, k - b, a - b,
   a - c (c labeled 2), b - d (d unlabeled), rows a and b. For the pair
   (0, 1) x = F_0 - F_1 does not see c's label, and a <-> b, c <-> d, h <-> k
   is a symmetry of its system: a and b share one function; for (0, 2) and
   (1, 2) they may not (Cora with the split random:1 had such a pair). */
static void check_mirror_by_hand(void)
{
    /* nodes: 0 h, 1 k, 2 l, 3 a, 4 b, 5 c, 6 d */
    static const slong rowstart[] = {0, 3, 6, 8, 11, 14, 15, 16};
    static const slong col[] = {3, 1, 2, 4, 0, 2, 0, 1, 0, 4, 5, 1, 3, 6, 3, 4};
    static const double w[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    static const slong cls[] = {0, 0, 1, -1, -1, 2, -1};
    static const slong rows[] = {3, 4};
    ct_lsroot_graph_struct G = {7, 3, rowstart, col, w, cls};
    slong same[6], node[6];
    _ct_lsalpha_twins(same, node, &G, rows, 2);
    CHECK_MSG(same[3] == 0 && same[4] == 1 && same[5] == 1,
              "mirror: row b's same %ld %ld %ld, want 0 1 1", (long)same[3],
              (long)same[4], (long)same[5]);
}

/* A copy of base (3 classes) with two new nodes a, b at every scored node
   u. PATHS: the path u - a - b, b labeled 2, a held out with a random class;
   for the pair (0, 1) the path is label-free (a label of class 2 adds to Y_0
   and Y_1 alike), so a's (0, 1) function is a positive multiple of u's:
   equal zeros in two rows unless a is searched at u. LEAVES: two leaves of
   one random weight w, a labeled 0 and b labeled 1, whose walks to u cancel
   in h's alpha-coefficient for (0, 1), w / d_u (1/sqrt(w) - 1/sqrt(w)):
   exactly 0, but a ball around 0 in Arb. */
enum {
    ADD_PATHS,
    ADD_LEAVES,
    ADD_TRIANGLES,
    ADD_RANK1,
    ADD_HUBS,
    ADD_HUBS_LABELED,
    ADD_HUBS_MIRROR,
    ADD_HUBS_THREE
};

/* Nodes and edges added per scored node for kind. TRIANGLES: a and b with
   the edges u - a, u - b, a - b (random weights), a held out, b unlabeled:
   a label-free block hanging at the cut vertex u, which no leaf peeling
   finds; a's functions are positive multiples of u's. RANK1: a, b, c with
   a and b both joined to u and to a neighbour u' of u by the same weights
   w1, w2, a - b and b - c of weight 1, a and b held out, c unlabeled: the
   part {a, b, c} sees the rest through the rank-one block (w1, w2) x (1, 1,
   0), so a and b share one function for every pair (they are not twins: b
   has c). */
static slong added_nodes(int kind)
{
    return kind == ADD_RANK1 ? 3 : 2;
}

static slong added_edges(int kind)
{
    return kind == ADD_RANK1 ? 6 : kind == ADD_TRIANGLES ? 3 : 2;
}

static void add_edge(ct_instance_t I, slong *e, slong u, slong v, slong w)
{
    I->eu[*e] = u, I->ev[*e] = v, fmpq_set_si(I->ew + *e, w, 1);
    (*e)++;
}

/* A neighbour of u in base (u is in a connected graph of 2 nodes or more). */
static slong a_neighbour(const ct_instance_struct *base, slong u)
{
    for (slong k = 0; k < base->nedges; k++)
        if (base->eu[k] == u || base->ev[k] == u)
            return base->eu[k] == u ? base->ev[k] : base->eu[k];
    return u;
}

static void add_at(ct_instance_t I, const ct_instance_struct *base, slong *e, slong u,
                   slong v, int kind, flint_rand_t state)
{
    slong w = 1 + (slong)n_randint(state, 5), w2 = 1 + (slong)n_randint(state, 5);
    if (kind == ADD_PATHS || kind == ADD_LEAVES) {
        add_edge(I, e, u, v, w);
        add_edge(I, e, kind == ADD_PATHS ? v : u, v + 1, kind == ADD_PATHS ? w2 : w);
        if (kind == ADD_PATHS)
            I->held[v] = (slong)n_randint(state, 3), I->label[v + 1] = 2;
        else
            I->label[v] = 0, I->label[v + 1] = 1;
    } else if (kind == ADD_TRIANGLES) {
        add_edge(I, e, u, v, w), add_edge(I, e, u, v + 1, w2);
        add_edge(I, e, v, v + 1, 1 + (slong)n_randint(state, 5));
        I->held[v] = (slong)n_randint(state, 3);
    } else {
        slong x = a_neighbour(base, u);
        for (slong t = 0; t < 2; t++)
            add_edge(I, e, u, v + t, w), add_edge(I, e, x, v + t, w2);
        add_edge(I, e, v, v + 1, 1), add_edge(I, e, v + 1, v + 2, 1);
        I->held[v] = (slong)n_randint(state, 3),
        I->held[v + 1] = (slong)n_randint(state, 3);
    }
}

static void with_two_per_scored(ct_instance_t I, const ct_instance_struct *base, int kind,
                                flint_rand_t state)
{
    slong extra = 0;
    for (slong i = 0; i < base->n; i++)
        extra += base->held[i] >= 0;
    slong n = base->n + added_nodes(kind) * extra, e = base->nedges, v = base->n;
    ct_gen_instance_init(I, "added", n, base->c,
                         base->nedges + added_edges(kind) * extra);
    for (slong k = 0; k < base->nedges; k++)
        I->eu[k] = base->eu[k], I->ev[k] = base->ev[k], fmpq_set(I->ew + k, base->ew + k);
    for (slong i = 0; i < base->n; i++)
        I->label[i] = base->label[i], I->held[i] = base->held[i];
    for (slong u = 0; u < base->n; u++) {
        if (base->held[u] < 0)
            continue;
        add_at(I, base, &e, u, v, kind, state);
        v += added_nodes(kind);
    }
    I->nedges = e;
}

/* base with two hubs H1, H2 joined to every node, and a, b joined to both
   hubs, b with a leaf c; a and b held out (random classes). HUBS: c
   unlabeled; {a, b, c} sees the rest through the rank-one block (1, 1, 0) x
   (H1 + H2): a and b share one function, but no seed pair finds them
   through the hubs (degree above 16): only their equal neighbours once b's
   leaf is left out. HUBS_LABELED: c labeled 2; the same part for the pair
   (0, 1) (a label of class 2 adds to Y_0 and Y_1 alike), found only when
   labeled leaves are left out of the keys too. HUBS_MIRROR: c labeled 2 and
   a with a leaf d labeled 2 as well: for the pairs (0, 2) and (1, 2) no part
   holds, but swapping (a, d) with (b, c) is an automorphism of (W, Y), so
   a and b have equal rows of F (lsroot_cells.c, not a rule of equal keys).
   HUBS_THREE: c unlabeled, a with a leaf d labeled 2, and a third node e
   held out and joined to both hubs: b and e share one function for every
   pair ({b, c, e}), found only when the seeds of equal keys are paired with
   one without a labeled leaf (a, the first by number, gives parts holding
   class 2). */
static void with_hub_pair(ct_instance_t I, const ct_instance_struct *base, int kind,
                          flint_rand_t state)
{
    slong n0 = base->n, e = base->nedges, h = n0, a = n0 + 2;
    slong more = kind == ADD_HUBS_MIRROR ? 1 : kind == ADD_HUBS_THREE ? 2 : 0;
    ct_gen_instance_init(I, "hubs", n0 + 5 + more, base->c,
                         base->nedges + 2 * n0 + 5 + 2 * more);
    for (slong k = 0; k < base->nedges; k++)
        I->eu[k] = base->eu[k], I->ev[k] = base->ev[k], fmpq_set(I->ew + k, base->ew + k);
    for (slong i = 0; i < n0; i++) {
        I->label[i] = base->label[i], I->held[i] = base->held[i];
        add_edge(I, &e, i, h, 1), add_edge(I, &e, i, h + 1, 1);
    }
    for (slong t = 0; t < 2; t++)
        add_edge(I, &e, a + t, h, 1), add_edge(I, &e, a + t, h + 1, 1);
    add_edge(I, &e, a + 1, a + 2, 1);
    if (kind == ADD_HUBS_LABELED || kind == ADD_HUBS_MIRROR)
        I->label[a + 2] = 2;
    if (more > 0)
        add_edge(I, &e, a, a + 3, 1), I->label[a + 3] = 2;
    if (kind == ADD_HUBS_THREE) {
        add_edge(I, &e, a + 4, h, 1), add_edge(I, &e, a + 4, h + 1, 1);
        I->held[a + 4] = (slong)n_randint(state, 3);
    }
    I->held[a] = (slong)n_randint(state, 3), I->held[a + 1] = (slong)n_randint(state, 3);
    I->nedges = e;
}

/* 12 random 3-class graphs with the nodes of kind added: the ball path falls
   back no more often than on the base graph, and equals the exact path
   (fallbacks_of compares them). */
static void check_added(flint_rand_t state, int kind, ulong seed, const char *name)
{
    long fbase = 0, fadd = 0;
    for (slong s = 0; s < 12; s++) {
        ct_instance_t base, I;
        ct_gen_params_t P;
        char what[64];
        /* HUBS: above 16 nodes, so that the hubs' degree exceeds 16 */
        int hubs = kind >= ADD_HUBS;
        slong n0 =
            hubs ? 16 + (slong)n_randint(state, 16) : 12 + (slong)n_randint(state, 20);
        ct_gen_params_init(P, n0, 3);
        P->p = 0.2, P->connected = 1, P->labeled = 0.3;
        P->weight = (ct_gen_weight_t)n_randint(state, 2);
        ct_gen_instance(base, P, seed, s);
        if (hubs)
            with_hub_pair(I, base, kind, state);
        else
            with_two_per_scored(I, base, kind, state);
        snprintf(what, sizeof(what), "%s, %ld", name, (long)s);
        long fb = fallbacks_of(base, what), fa = fallbacks_of(I, what);
        CHECK_MSG(fa <= fb, "%s: %ld fallbacks, %ld on the base graph", what, fa, fb);
        fbase += fb, fadd += fa;
        ct_instance_clear(base), ct_instance_clear(I);
    }
    printf("t-lsalpha: %s: %ld fallbacks, %ld on the base graphs (of 24 runs)\n", name,
           fadd, fbase);
}

/* Pendant paths labeled by a third class (the carriers per class pair), and
   leading coefficients that cancel exactly (lsalpha_lead.c: the sign right
   of 0 is decided from the exact coefficients). */
static void check_pendant_other(flint_rand_t state)
{
    check_carriers_by_hand();
    check_mirror_by_hand();
    check_added(state, ADD_PATHS, 78, "paths labeled 2");
}

static void check_cancelling_leaves(flint_rand_t state)
{
    check_added(state, ADD_LEAVES, 79, "cancelling leaves");
}

/* Label-free blocks at a cut vertex and parts behind a rank-one block
   (lsroot_blocks.c, lsroot_rank1.c, shared with lambda): without the rules
   their zeros are found in two rows and overlap (a fallback each). */
static void check_shared_parts(flint_rand_t state)
{
    check_added(state, ADD_TRIANGLES, 80, "hanging triangles");
    check_added(state, ADD_RANK1, 81, "rank-one parts");
    check_added(state, ADD_HUBS, 82, "hub pairs");
    check_added(state, ADD_HUBS_LABELED, 83, "hub pairs, a labeled leaf");
    check_added(state, ADD_HUBS_MIRROR, 84, "hub pairs, mirrored labeled leaves");
    check_added(state, ADD_HUBS_THREE, 85, "hub triples, one labeled leaf");
}

/* Every ls breakpoint of a 40-node instance's analysis written and read back:
   the same interval and sign, equal to the original by ct_bpoint_cmp (zeros
   of one function); the text with its sign flipped
   is rejected. */
static void check_io(void)
{
    ct_gen_params_t P;
    ct_instance_t I;
    ct_analysis_t A;
    char err[512];
    ct_gen_params_init(P, 40, 3);
    P->connected = 1;
    P->p = 0.1;
    ct_gen_instance(I, P, 99, 1);
    slong nls = 0;
    CHECK(analyze_ball(A, I, 1, 0, 6, 1, err, sizeof(err)) == 0);
    for (slong b = 0; b < A->nbp; b++) {
        if (A->bp[b].kind != CT_BPOINT_LS)
            continue;
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        ct_bpoint_write(f, A->bp + b);
        fclose(f);
        ct_bpoint_t c;
        const char *s = buf;
        int cmp = 2;
        ct_bpoint_init(c);
        CHECK_MSG(ct_bpoint_read(c, &s) == 0, "cannot read back: %s", buf);
        CHECK(c->kind == CT_BPOINT_LS && fmpq_equal(c->ls.lo, A->bp[b].ls.lo) &&
              fmpq_equal(c->ls.hi, A->bp[b].ls.hi) &&
              c->ls.sign_lo == A->bp[b].ls.sign_lo);
        CHECK(ct_bpoint_cmp(&cmp, c, A->bp + b) == 1 && cmp == 0);
        ct_bpoint_clear(c);
        char *flip = flint_malloc(strlen(buf) + 3);
        strcpy(flip, buf);
        strcpy(strrchr(flip, ' ') + 1, A->bp[b].ls.sign_lo > 0 ? "-1" : "1");
        s = flip;
        ct_bpoint_init(c);
        CHECK_MSG(ct_bpoint_read(c, &s) != 0, "a flipped sign was accepted: %s", flip);
        ct_bpoint_clear(c);
        flint_free(flip);
        free(buf);
        nls++;
    }
    ct_bpoint_read_release(); /* the reader's shared system */
    CHECK(nls > 0);
    ct_analysis_clear(A);
    ct_instance_clear(I);
}

/* One ball-path zero bisected down to 2^-900: the oracle climbs through the
   192-, 384- and 768-bit models to the exact solve; the signs it gave at the
   ends must be those of the exact oracle there. */
static void check_oracle_chain(void)
{
    ct_gen_params_t P;
    ct_instance_t I;
    ct_analysis_t A;
    char err[512];
    long b0, f0, e0, b1, f1, e1;
    ct_gen_params_init(P, 12, 2);
    P->connected = 1;
    ct_gen_instance(I, P, 5, 3);
    CHECK(analyze_ball(A, I, 1, 0, 6, 1, err, sizeof(err)) == 0);
    slong b = 0;
    while (b < A->nbp && A->bp[b].kind != CT_BPOINT_LS)
        b++;
    CHECK_MSG(b < A->nbp, "no ball-path breakpoint");
    if (b < A->nbp) {
        ct_lsroot_struct *r = &A->bp[b].ls;
        fmpq_t w;
        fmpq_init(w);
        ct_lsroot_counts(&b0, &f0, &e0);
        for (int it = 0; it < 1200; it++) {
            fmpq_sub(w, r->hi, r->lo);
            fmpq_mul_2exp(w, w, 900);
            if (fmpq_cmp_ui(w, 1) < 0 || fmpq_equal(r->lo, r->hi))
                break;
            ct_bpoint_bisect(A->bp + b);
        }
        ct_lsroot_counts(&b1, &f1, &e1);
        CHECK_MSG(e1 > e0, "the exact oracle was never reached");
        /* past the 96-bit models the oracle asked a fine disk around it */
        const ct_lsroot_disk_struct *F = r->disk->fine;
        CHECK_MSG(F != NULL && F->r <= ldexp(r->disk->r, -16) && F->c - F->r > 0,
                  "no fine disk around the root");
        if (!fmpq_equal(r->lo, r->hi)) {
            const ct_lsalpha_struct *S = _ct_lsalpha_const(r->disk->sys);
            CHECK(_ct_lsalpha_sign_exact(S, r->row, r->k, r->l, r->lo) == r->sign_lo);
            CHECK(_ct_lsalpha_sign_exact(S, r->row, r->k, r->l, r->hi) == -r->sign_lo);
        }
        fmpq_clear(w);
    }
    ct_analysis_clear(A);
    ct_instance_clear(I);
}

/* Rows refused by the search's test hook (_ct_lsroot_search_set_refuse: every
   second, third or fourth row of a component, as if undecided; every other
   set with pendant trees, whose rows share functions) take the
   exact path alone with the rows sharing their functions, the rest stays in
   balls: the same analysis as the exact path's, rows counted as fallen back
   but no component falling back whole, and the rows' phase named. */
static void left_note(void *arg, const char *name, slong done, slong total)
{
    (void)done, (void)total;
    *(slong *)arg += strcmp(name, "component rows (ball path declined some)") == 0;
}

static void check_row_fallback(flint_rand_t state)
{
    slong rows = 0, phases = 0, sets = 0;
    long b0, f0, e0, b1, f1, e1;
    for (slong s = 0; s < 20; s++) {
        ct_instance_t I;
        ct_analysis_t A, B;
        char err[512];
        ct_gen_params_t P;
        ct_gen_params_init(P, 10 + (slong)n_randint(state, 40),
                           2 + (slong)n_randint(state, 3));
        P->p = 0.1 + 0.1 * n_randint(state, 3);
        P->labeled = 0.2;
        P->weight = (ct_gen_weight_t)n_randint(state, 5);
        if (s % 2 == 0) { /* pendant trees: rows sharing functions are the rule */
            ct_instance_t base;
            P->connected = 1;
            ct_gen_instance(base, P, 2025, s);
            with_pendant_trees(I, base, 6 + (slong)n_randint(state, 12), state);
            ct_instance_clear(base);
        } else {
            ct_gen_instance(I, P, 2025, s);
        }
        ct_analysis_settings_struct S = {.ball_min_nodes = 6,
                                         .phase = {left_note, &phases}};
        _ct_lsroot_search_set_refuse(s % 2 ? 2 + s % 3 : -2 - s % 3);
        ct_lsroot_counts(&b0, &f0, &e0);
        int rb = ct_family_analyze_threads(B, CT_FAMILY_ALPHA, NULL, I, 1, 0,
                                           CT_SIGNFN_TIES_SMALLEST, 1, &S, devnull, err,
                                           sizeof(err));
        ct_lsroot_counts(&b1, &f1, &e1);
        _ct_lsroot_search_set_refuse(0);
        int ra = analyze_ball(A, I, 1, 0, WORD_MAX, 1, err, sizeof(err));
        CHECK_MSG(ra == 0 && rb == 0, "row fallback set %ld: %d %d", (long)s, ra, rb);
        CHECK_MSG(f1 == f0, "row fallback set %ld: %ld components fell back whole",
                  (long)s, f1 - f0);
        if (ra == 0 && rb == 0) {
            CHECK_MSG(t_analysis_same(A, B),
                      "row fallback set %ld: not the exact analysis", (long)s);
            rows += B->ball_fallback_rows;
            sets += B->ball_fallback_rows > 0 && B->ball_fallback_rows < B->nscored;
        }
        if (ra == 0)
            ct_analysis_clear(A);
        if (rb == 0)
            ct_analysis_clear(B);
        ct_instance_clear(I);
    }
    printf(
        "t-lsalpha: %ld rows refused by the search took the exact path alone (%ld of 20 "
        "sets with rows in balls and rows exact, %ld row phases)\n",
        (long)rows, (long)sets, (long)phases);
    CHECK_MSG(rows >= 20 && sets >= 10 && phases >= 10, "%ld rows, %ld sets, %ld phases",
              (long)rows, (long)sets, (long)phases);
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    devnull = fopen("/dev/null", "w");
    check_gap();
    check_gap_grounded();
    check_fmodel();
    check_exact_oracle(state);
    check_gadget_oracle();
    check_random_paths(state, 64);
    flint_rand_t other; /* other sets, the search on level-0 models throughout */
    flint_randinit(other);
    check_random_paths(other, 0);
    flint_randclear(other);
    check_pendant_trees(state);
    check_pendant_other(state);
    check_cancelling_leaves(state);
    check_shared_parts(state);
    check_io();
    check_oracle_chain();
    check_row_fallback(state);
    fclose(devnull);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-lsalpha");
}
