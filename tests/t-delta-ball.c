/* Tests of delta's ball path (docs/delta.md, "The ball path"):
   - the certified floating solve: every ball of A^{-1} E holds the exact
     entry (fmpq_mat_solve of the dense rational system, no code shared), and
     dropping the bound (radius 0) must fail somewhere;
   - the numeric lifting: S^T A^{-1} B equal to the exact solve, rows and
     groups as columns, the sparse and the dense factor;
   - whole analyses with every component of 2 nodes or more in balls against
     the exact path (ball_min_nodes WORD_MAX): the text and JSON reports are
     byte-identical, on random graphs and on symmetric ones (cycles, complete
     bipartite pieces, twins, leaves, unit weights: equal zeros in different
     rows) and the paper's gadget; both kinds of rows (proved constant, exact)
     must occur;
   - the breakpoints' certificates read back, and rejected when tampered with. */
#include <string.h>
#include <flint/fmpq_mat.h>
#include "check.h"
#include "certune/analysis.h"
#include "certune/bpoint.h"
#include "certune/component.h"
#include "certune/delta.h"
#include "certune/family.h"
#include "certune/gen.h"
#include "certune/lsdelta.h"
#include "certune/report.h"
#include "certune/spchol.h"
#include "../src/delta/delta_internal.h"
#include "analysis_same.h"
#include "report_of.h"
#include "tamper.h"

static long n_sets, n_bp, n_undecided, n_entries, n_lift, n_tampered, n_sys_declined,
    n_retries, n_same_bytes, n_same_points, n_ld;

/* ---- One component's system, built both ways ---- */

typedef struct {
    ct_component_index_t X;
    delta_comp C;
    slong *buf, k;
    fmpz_mat_t A; /* dense exact q s D - p s W */
    ct_lsdelta_msys_struct M;
    int ok;
} sys_t;

/* The component's weights times s in compressed rows over its positions
   (from A's off-diagonal: -A_ij = p s w_ij, so s w_ij = -A_ij / p). */
static void sys_csr(slong *rowstart, slong *col, fmpz *w, const fmpz_mat_t A,
                    const fmpq_t c)
{
    slong n = fmpz_mat_nrows(A), e = 0;
    rowstart[0] = 0;
    for (slong i = 0; i < n; i++) {
        for (slong j = 0; j < n; j++)
            if (j != i && !fmpz_is_zero(fmpz_mat_entry(A, i, j))) {
                col[e] = j;
                fmpz_divexact(w + e, fmpz_mat_entry(A, i, j), fmpq_numref(c));
                fmpz_neg(w + e, w + e);
                e++;
            }
        rowstart[i + 1] = e;
    }
}

/* Component 0 of inst (its largest piece is not needed: any with a labeled
   node and 2 nodes or more); ok = 0 when there is none. */
static void sys_init(sys_t *S, const ct_instance_t inst, const fmpq_t c, slong sparse_min)
{
    slong n = inst->n;
    S->buf = flint_malloc(6 * n * sizeof(slong));
    S->C.node = S->buf, S->C.lab = S->buf + n, S->C.pos = S->buf + 2 * n;
    S->C.grp = S->buf + 3 * n, S->C.gcls = S->buf + 4 * n, S->C.gpos = S->buf + 5 * n;
    ct_component_index_init(S->X, inst);
    S->ok = 0;
    for (S->k = 0; S->k < S->X->ncomp && !S->ok; S->k++)
        S->ok = _ct_delta_comp_fill(&S->C, inst, S->X, S->k) > 0 && S->C.size >= 2;
    S->k--;
    S->C.deg = _fmpz_vec_init(n);
    fmpz_mat_init(S->A, S->ok ? S->C.size : 1, S->ok ? S->C.size : 1);
    memset(&S->M, 0, sizeof(S->M));
    if (!S->ok)
        return;
    _ct_delta_system(S->A, &S->C, inst, S->X, S->k, c);
    _ct_delta_groups(&S->C, inst);
    slong sz = S->C.size;
    slong *rs = flint_malloc((sz + 1) * sizeof(slong)),
          *col = flint_malloc(sz * sz * sizeof(slong));
    fmpz *w = _fmpz_vec_init(sz * sz);
    sys_csr(rs, col, w, S->A, c);
    /* declined when an entry of A has 40 bits (rational weights: s is the lcm
       of their denominators) */
    S->ok = ct_lsdelta_msys_init(&S->M, sz, rs, col, w, c, sparse_min) == 0;
    n_sys_declined += !S->ok;
    for (slong i = 0; i < sz && S->ok; i++)
        CHECK(fmpz_cmp_si(S->C.deg + i, S->M.deg[i]) == 0);
    flint_free(rs), flint_free(col);
    _fmpz_vec_clear(w, sz * sz);
}

static void sys_clear(sys_t *S, slong n)
{
    ct_lsdelta_msys_clear(&S->M);
    fmpz_mat_clear(S->A);
    _fmpz_vec_clear(S->C.deg, n);
    ct_component_index_clear(S->X);
    flint_free(S->buf);
}

/* G = A^{-1} E exactly (n x ng). */
static void exact_inverse_e(fmpq_mat_t G, const sys_t *S)
{
    slong n = S->C.size;
    fmpq_mat_t A, E;
    fmpq_mat_init(A, n, n), fmpq_mat_init(E, n, S->C.ng);
    fmpq_mat_set_fmpz_mat(A, S->A);
    for (slong j = 0; j < S->C.m; j++)
        fmpq_one(fmpq_mat_entry(E, S->C.lab[j], S->C.grp[j]));
    CHECK(fmpq_mat_solve(G, A, E));
    fmpq_mat_clear(A), fmpq_mat_clear(E);
}

/* A random instance for the system tests: connected, 2 to 80 nodes. */
static void sys_instance(ct_instance_t inst, flint_rand_t state, slong trial)
{
    ct_gen_params_t P;
    slong n = 2 + (slong)n_randint(state, trial < 30 ? 20 : 80);
    ct_gen_params_init(P, n, 1 + n_randint(state, 4));
    P->p = 3.0 / n;
    P->connected = 1;
    P->labeled = 0.2 + 0.2 * n_randint(state, 3);
    P->weight = (ct_gen_weight_t)n_randint(state, 5);
    ct_gen_instance_rand(inst, P, state, NULL);
}

/* The balls hold the exact entries; with radius 0 some do not (else the test
   could not fail), counted over all trials. */
static void check_balls(flint_rand_t state)
{
    long outside_without = 0, total = 0;
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 60; trial++) {
        ct_instance_t inst;
        sys_instance(inst, state, trial);
        fmpq_set_si(c,
                    trial % 3 == 0   ? 99
                    : trial % 3 == 1 ? 1
                                     : 3,
                    trial % 3 == 0   ? 100
                    : trial % 3 == 1 ? 3
                                     : 4);
        sys_t S;
        sys_init(&S, inst, c, trial % 2 ? 2 : WORD_MAX);
        if (S.ok) {
            slong n = S.C.size, ng = S.C.ng;
            double *X0 = flint_malloc(n * ng * sizeof(double)),
                   *X1 = flint_malloc(n * ng * sizeof(double));
            mag_ptr rmax = _mag_vec_init(ng), rsum = _mag_vec_init(ng);
            fmpq_mat_t G;
            fmpq_mat_init(G, n, ng);
            exact_inverse_e(G, &S);
            CHECK(ct_lsdelta_msys_balls(X0, X1, rmax, rsum, &S.M, S.C.lab, S.C.grp, S.C.m,
                                        ng) == 0);
            arb_t x, t;
            arb_init(x), arb_init(t);
            mag_t e;
            mag_init(e);
            for (slong g = 0; g < ng; g++)
                for (slong i = 0; i < n; i++) {
                    arb_set_d(x, X0[g * n + i]);
                    arb_set_d(t, X1[g * n + i]);
                    arb_add(x, x, t, 192);
                    arb_set(t, x);
                    mag_div_ui(e, rsum + g, (ulong)S.M.deg[i]);
                    mag_min(e, e, rmax + g);
                    arb_add_error_mag(x, e);
                    CHECK_MSG(arb_contains_fmpq(x, fmpq_mat_entry(G, i, g)),
                              "trial %ld entry (%ld, %ld)", (long)trial, (long)i,
                              (long)g);
                    arb_get_mid_arb(t, t);
                    outside_without += !arb_contains_fmpq(t, fmpq_mat_entry(G, i, g));
                    total++;
                }
            arb_clear(x), arb_clear(t), mag_clear(e);
            fmpq_mat_clear(G);
            _mag_vec_clear(rmax, ng), _mag_vec_clear(rsum, ng);
            flint_free(X0), flint_free(X1);
        }
        sys_clear(&S, inst->n);
        ct_instance_clear(inst);
    }
    CHECK_MSG(outside_without > 0, "no midpoint missed its exact entry (%ld)", total);
    n_entries += total;
    fmpq_clear(c);
}

/* Random 0/1 index lists: cnt lists over 0..n-1, list j in idx[start[j] ..). */
static void random_lists(slong *start, slong *idx, slong cnt, slong n, flint_rand_t state)
{
    start[0] = 0;
    for (slong j = 0; j < cnt; j++) {
        start[j + 1] = start[j];
        for (slong i = 0; i < n; i++)
            if (n_randint(state, 3) == 0 || (i == n - 1 && start[j + 1] == start[j]))
                idx[start[j + 1]++] = i;
    }
}

/* ct_lsdelta_nlift against the exact solve; a V changed by one unit must
   differ (the comparison can fail). ct_lsdelta_nlift_balls: balls of radius
   at most 2^-100 holding the exact values. */
static void check_nlift(flint_rand_t state)
{
    long retries = ct_lsdelta_nlift_retries();
    fmpq_t c;
    fmpq_init(c);
    for (slong trial = 0; trial < 40; trial++) {
        ct_instance_t inst;
        sys_instance(inst, state, trial);
        fmpq_set_si(c, trial % 2 ? 99 : 1, trial % 2 ? 100 : 2);
        sys_t S;
        sys_init(&S, inst, c, trial % 2 ? 2 : WORD_MAX);
        if (S.ok) {
            slong n = S.C.size, nc = 1 + n_randint(state, 20),
                  nf = 1 + n_randint(state, 6);
            slong *cs = flint_malloc((nc + 1) * sizeof(slong)),
                  *ci = flint_malloc(nc * n * sizeof(slong));
            slong *fs = flint_malloc((nf + 1) * sizeof(slong)),
                  *fi = flint_malloc(nf * n * sizeof(slong));
            random_lists(cs, ci, nc, n, state);
            random_lists(fs, fi, nf, n, state);
            fmpq *V = _fmpq_vec_init(nc * nf);
            /* every fourth trial with 59-bit fast digits: they overflow, and
               each block is lifted again with the safe ones */
            CHECK(ct_lsdelta_nlift(V, &S.M, cs, ci, nc, fs, fi, nf, NULL, NULL,
                                   trial % 4 == 3 ? 59 : 0) == 0);
            arb_ptr Vb = _arb_vec_init(nc * nf);
            CHECK(ct_lsdelta_nlift_balls(Vb, &S.M, cs, ci, nc, fs, fi, nf, 100) == 0);
            fmpq_mat_t A, B, Z;
            fmpq_mat_init(A, n, n), fmpq_mat_init(B, n, nc), fmpq_mat_init(Z, n, nc);
            fmpq_mat_set_fmpz_mat(A, S.A);
            for (slong j = 0; j < nc; j++)
                for (slong t = cs[j]; t < cs[j + 1]; t++)
                    fmpq_one(fmpq_mat_entry(B, ci[t], j));
            CHECK(fmpq_mat_solve(Z, A, B));
            fmpq_t v;
            fmpq_init(v);
            for (slong j = 0; j < nc; j++)
                for (slong f = 0; f < nf; f++) {
                    fmpq_zero(v);
                    for (slong t = fs[f]; t < fs[f + 1]; t++)
                        fmpq_add(v, v, fmpq_mat_entry(Z, fi[t], j));
                    CHECK_MSG(fmpq_equal(v, V + j * nf + f), "trial %ld (%ld, %ld)",
                              (long)trial, (long)j, (long)f);
                    CHECK(arb_contains_fmpq(Vb + j * nf + f, v));
                    CHECK(mag_cmp_2exp_si(arb_radref(Vb + j * nf + f), -100) <= 0);
                    fmpz_add_ui(fmpq_numref(v), fmpq_numref(v), 1);
                    CHECK(!fmpq_equal(v, V + j * nf + f));
                }
            n_lift += nc * nf;
            fmpq_clear(v);
            fmpq_mat_clear(A), fmpq_mat_clear(B), fmpq_mat_clear(Z);
            _fmpq_vec_clear(V, nc * nf);
            _arb_vec_clear(Vb, nc * nf);
            flint_free(cs), flint_free(ci), flint_free(fs), flint_free(fi);
        }
        sys_clear(&S, inst->n);
        ct_instance_clear(inst);
    }
    n_retries = ct_lsdelta_nlift_retries() - retries;
    CHECK_MSG(n_retries > 0, "no block was lifted again with the safe digits");
    fmpq_clear(c);
}

/* ---- Whole analyses: balls against the exact path ---- */

static int analyze(ct_analysis_t A, slong min, const ct_instance_struct *set, slong m,
                   const fmpq_t c, int score_all)
{
    char err[512];
    ct_analysis_settings_struct S = {.ball_min_nodes = min};
    int rc =
        ct_analysis_run_threads(A, ct_family_get(CT_FAMILY_DELTA), c, set, m, score_all,
                                CT_SIGNFN_TIES_SMALLEST, 1, &S, NULL, err, sizeof(err));
    CHECK_MSG(rc == 0, "min %ld: %s", (long)min, err);
    return rc;
}

/* A zero certified in balls (kind ld): read back with the same interval,
   and rejected with its sign at lo flipped (the oracle re-certifies it). */
static void check_ld_certificate(const ct_bpoint_struct *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ct_bpoint_write(f, p);
    fclose(f);
    ct_bpoint_t r;
    ct_bpoint_init(r);
    const char *s = buf;
    CHECK(ct_bpoint_read(r, &s) == 0 && r->kind == CT_BPOINT_LD &&
          fmpq_equal(r->ld.lo, p->ld.lo) && fmpq_equal(r->ld.hi, p->ld.hi));
    char *bad = t_flip_last_word(buf);
    CHECK(bad != NULL);
    if (bad != NULL) {
        ct_bpoint_clear(r);
        ct_bpoint_init(r);
        s = bad;
        CHECK_MSG(ct_bpoint_read(r, &s) != 0, "tampered: %s", bad);
        n_tampered++;
        flint_free(bad);
    }
    ct_bpoint_clear(r);
    ct_bpoint_read_release();
    free(buf);
    n_ld++;
}

/* Each breakpoint's certificate as text: read back equal, and rejected with
   its sign at lo flipped. */
static void check_certificates(const ct_analysis_t A)
{
    for (slong b = 0; b < A->nbp; b++) {
        const ct_bpoint_struct *p = A->bp + b;
        if (p->kind == CT_BPOINT_LD && !fmpq_equal(p->ld.lo, p->ld.hi))
            check_ld_certificate(p);
        if (p->kind != CT_BPOINT_EXPSUM || fmpq_equal(p->ex.lo, p->ex.hi))
            continue;
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        ct_expsum_root_write(f, &p->ex);
        fclose(f);
        ct_expsum_root_t r;
        ct_expsum_root_init(r);
        const char *s = buf;
        CHECK(ct_expsum_root_read(r, &s) == 0 && ct_expsum_equal(&r->fn, &p->ex.fn) &&
              fmpq_equal(r->lo, p->ex.lo) && fmpq_equal(r->hi, p->ex.hi));
        char *bad = t_flip_last_word(buf);
        CHECK(bad != NULL);
        if (bad != NULL) {
            s = bad;
            ct_expsum_root_clear(r);
            ct_expsum_root_init(r);
            CHECK_MSG(ct_expsum_root_read(r, &s) != 0, "tampered: %s", bad);
            n_tampered++;
            flint_free(bad);
        }
        ct_expsum_root_clear(r);
        free(buf);
    }
}

/* The set in balls and exactly: the same reports byte for byte when no
   row's zeros were certified in balls; else the same points (20 digits,
   meeting certified bounds), changes and exact losses (t_analysis_same:
   only the breakpoints' exact forms and decimal widths differ). */
static void compare_set(const ct_instance_struct *set, slong m, const fmpq_t c,
                        int score_all, const char *what)
{
    ct_analysis_t E, B;
    long comps0, declined0, rows0, exact0, comps1, declined1, rows1, exact1;
    ct_delta_ball_counts(&comps0, &declined0, &rows0, &exact0);
    long roots0 = ct_delta_ball_root_rows();
    int rb = analyze(B, 2, set, m, c, score_all);
    long roots = ct_delta_ball_root_rows() - roots0;
    ct_delta_ball_counts(&comps1, &declined1, &rows1, &exact1);
    int re = analyze(E, WORD_MAX, set, m, c, score_all);
    if (rb == 0) { /* the declines are counted, and they are the only difference */
        CHECK_MSG(B->ball_fallbacks == declined1 - declined0 &&
                      B->ball_fallback_rows >= B->ball_fallbacks &&
                      B->ball_fallback_rows <= B->nscored,
                  "%s: ball_fallbacks %ld (%ld rows), %ld declined", what,
                  (long)B->ball_fallbacks, (long)B->ball_fallback_rows,
                  declined1 - declined0);
        B->ball_fallbacks = B->ball_fallback_rows = 0;
    }
    if (re == 0)
        CHECK(E->ball_fallbacks == 0 && E->ball_fallback_rows == 0);
    if (rb == 0 && re == 0 && E->nundecided > 0)
        n_undecided++;
    else if (rb == 0 && re == 0 && roots > 0) {
        CHECK_MSG(t_analysis_same(E, B), "%s set %ld: the analyses differ", what, n_sets);
        check_certificates(B);
        n_bp += E->nbp, n_same_points++;
    } else if (rb == 0 && re == 0) {
        n_same_bytes++;
        for (int json = 0; json < 2; json++) {
            char *te = report_of(E, json), *tb = report_of(B, json);
            CHECK_MSG(strcmp(te, tb) == 0,
                      "%s set %ld (%s): reports differ:\n%s\n---\n%s", what, n_sets,
                      json ? "json" : "text", te, tb);
            free(te), free(tb);
        }
        check_certificates(B);
        n_bp += E->nbp;
    }
    if (rb == 0)
        ct_analysis_clear(B);
    if (re == 0)
        ct_analysis_clear(E);
    n_sets++;
}

/* Adds the undirected edge (u, v) of weight w. */
static void edge(ct_instance_t inst, slong u, slong v, slong w)
{
    inst->eu[inst->nedges] = u, inst->ev[inst->nedges] = v;
    fmpq_set_si(inst->ew + inst->nedges++, w, 1);
}

/* Symmetric pieces on n nodes, unit weights: a cycle, a complete bipartite
   K(a, b), twins of a node and leaves, labeled so that equal zeros in
   different rows occur (mirror-image nodes). */
static void symmetric_instance(ct_instance_t inst, flint_rand_t state, slong kind)
{
    slong a = 2 + n_randint(state, 4), b = 2 + n_randint(state, 4), n,
          c = 2 + n_randint(state, 2);
    n = kind == 0 ? 6 + 2 * (slong)n_randint(state, 8) : a + b + 4;
    ct_gen_instance_init(inst, "symmetric", n, c, 4 * n + a * b);
    inst->nedges = 0;
    if (kind == 0) { /* a cycle, chords to the antipode on some nodes */
        for (slong i = 0; i < n; i++)
            edge(inst, i, (i + 1) % n, 1);
        for (slong i = 0; i < n / 2; i += 3)
            edge(inst, i, i + n / 2, 1);
    } else { /* K(a, b), then two twins of node 0 and two leaves */
        for (slong i = 0; i < a; i++)
            for (slong j = 0; j < b; j++)
                edge(inst, i, a + j, 1);
        for (slong j = 0; j < b; j++)
            edge(inst, a + b, a + j, 1), edge(inst, a + b + 1, a + j, 1);
        edge(inst, a + b + 2, 0, 1), edge(inst, a + b + 3, a, 1);
    }
    for (slong i = 0; i < n; i++) {
        inst->label[i] = -1;
        inst->held[i] = (slong)n_randint(state, c);
    }
    for (slong j = 0; j < c; j++) { /* labels on mirror positions */
        slong v = (j * n) / c + (kind == 0 ? 0 : (slong)n_randint(state, 2));
        inst->label[v % n] = j, inst->held[v % n] = -1;
    }
    if (n_randint(state, 2)) {
        slong v = (slong)n_randint(state, n);
        if (inst->label[v] < 0)
            inst->label[v] = (slong)n_randint(state, c), inst->held[v] = -1;
    }
}

/* A random instance of 6 to 60 nodes (as t-lambda's ball sets). */
static void random_instance(ct_instance_t inst, flint_rand_t state)
{
    static const double ps[] = {0.05, 0.1, 0.3};
    ct_gen_params_t P;
    slong n = 6 + (slong)n_randint(state, 55); /* in this order on every compiler */
    ct_gen_params_init(P, n, 2 + n_randint(state, 3));
    P->p = ps[n_randint(state, 3)];
    P->connected = n_randint(state, 4) != 0;
    P->labeled = 0.15 + 0.1 * n_randint(state, 4);
    P->weight =
        n_randint(state, 3) ? CT_GEN_WEIGHT_SMALL : (ct_gen_weight_t)n_randint(state, 5);
    ct_gen_instance_rand(inst, P, state, "ball");
}

static void check_analyses(flint_rand_t state)
{
    static const slong cs[][2] = {{99, 100}, {3, 4}, {1, 2}, {1, 3}, {9, 10}};
    fmpq_t c;
    fmpq_init(c);
    for (slong set = 0; set < 60; set++) {
        ct_instance_struct insts[2];
        slong m = 1 + (set % 4 == 3);
        for (slong j = 0; j < m; j++) {
            if (set % 3 == 2)
                symmetric_instance(insts + j, state, (slong)n_randint(state, 2));
            else
                random_instance(insts + j, state);
        }
        fmpq_set_si(c, cs[set % 5][0], cs[set % 5][1]);
        compare_set(insts, m, c, (int)n_randint(state, 2),
                    set % 3 == 2 ? "symmetric" : "random");
        for (slong j = 0; j < m; j++)
            ct_instance_clear(insts + j);
    }
    fmpq_clear(c);
}

/* Exact ties from symmetry: cycles of n nodes (unit weights), class 0 at
   node 0, class 1 at n / 2, the two nodes halfway between held out (classes
   0 and 1): their classes tie at every delta (a zero sum), which balls
   cannot prove, so those rows must be exact; a row taken as constant on the
   floating noise would predict class 1 somewhere and change the loss. The
   same with every odd edge of weight 2 (no tie: the reflection that swaps
   the labels maps weight 2 to weight 1). Reports compared for c = 99/100
   and 1/2. */
static void check_ties(void)
{
    long b0, d0, r0, x0, b1, d1, r1, x1;
    fmpq_t c;
    fmpq_init(c);
    for (slong w = 1; w <= 2; w++)
        for (slong n = 8; n <= 64; n += 4) {
            if (n == 8)
                ct_delta_ball_counts(&b0, &d0, &r0, &x0);
            ct_instance_t inst;
            ct_gen_instance_init(inst, "tie-cycle", n, 2, n);
            inst->nedges = 0;
            for (slong i = 0; i < n; i++) {
                edge(inst, i, (i + 1) % n, w == 2 && i % 2 ? 2 : 1);
                inst->label[i] = -1, inst->held[i] = -1;
            }
            inst->label[0] = 0, inst->label[n / 2] = 1;
            inst->held[n / 4] = 0, inst->held[3 * n / 4] = 1;
            fmpq_set_si(c, 99, 100);
            compare_set(inst, 1, c, 0, "tie cycle");
            fmpq_set_si(c, 1, 2);
            compare_set(inst, 1, c, 0, "tie cycle");
            ct_instance_clear(inst);
            ct_delta_ball_counts(&b1, &d1, &r1, &x1);
            if (w == 1 && n == 64)
                CHECK_MSG(x1 - x0 == r1 - r0 && r1 - r0 == 2 * 2 * 15,
                          "tie cycles: %ld of %ld rows exact", x1 - x0, r1 - r0);
        }
    fmpq_clear(c);
}

/* The paper's gadget (docs/delta.md): (1,2) = (1,3) = 1, (1,4) = x; node 1
   class 0, nodes 2 and 3 class 1, node 4 held out as class 0; five of them
   with thresholds inside (0, 1) as delta-gadget-oscillating.gssl. */
static void check_gadget(void)
{
    static const slong xs[][2] = {{20, 1}, {5, 1}, {2, 1}, {1, 1}, {1, 10}};
    ct_instance_t inst;
    ct_gen_instance_init(inst, "gadgets", 20, 2, 15);
    inst->nedges = 0;
    for (slong g = 0; g < 5; g++) {
        slong o = 4 * g;
        edge(inst, o, o + 1, 1), edge(inst, o, o + 2, 1), edge(inst, o, o + 3, 1);
        fmpq_set_si(inst->ew + inst->nedges - 1, xs[g][0], xs[g][1]);
        for (slong i = 0; i < 4; i++)
            inst->label[o + i] = -1, inst->held[o + i] = -1;
        inst->label[o] = 0, inst->label[o + 1] = inst->label[o + 2] = 1;
        inst->held[o + 3] = g % 2 ? 0 : 1;
    }
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, 99, 100);
    long b0, d0, r0, x0, b1, d1, r1, x1;
    ct_delta_ball_counts(&b0, &d0, &r0, &x0);
    ct_analysis_t B;
    if (analyze(B, 2, inst, 1, c, 0) == 0) {
        CHECK_MSG(B->nbp == 5 && B->nundecided == 0, "%ld breakpoints", (long)B->nbp);
        CHECK(fmpq_is_zero(B->min_loss) == 0);
        ct_analysis_clear(B);
    }
    ct_delta_ball_counts(&b1, &d1, &r1, &x1);
    CHECK_MSG(b1 - b0 == 5 && x1 - x0 == 0 && r1 - r0 == 5,
              "gadget: %ld components, %ld exact rows", b1 - b0, x1 - x0);
    compare_set(inst, 1, c, 0, "gadget");
    compare_set(inst, 1, c, 1, "gadget");
    fmpq_set_si(c, 1, 4); /* no threshold inside: every row proved constant */
    ct_delta_ball_counts(&b0, &d0, &r0, &x0);
    compare_set(inst, 1, c, 0, "gadget c = 1/4");
    ct_delta_ball_counts(&b1, &d1, &r1, &x1);
    CHECK_MSG(x1 - x0 == 0 && r1 - r0 == 5, "c = 1/4: %ld of %ld rows exact", x1 - x0,
              r1 - r0);
    fmpq_clear(c);
    ct_instance_clear(inst);
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    char err[256];
    int sparse = ct_spchol_load(err, sizeof(err)) == 0;
    if (!sparse)
        printf("t-delta-ball: CHOLMOD not loadable (%s): dense factors only\n", err);
    long b0, d0, r0, x0, b1, d1, r1, x1;
    ct_delta_ball_counts(&b0, &d0, &r0, &x0);
    check_balls(state);
    check_nlift(state);
    check_gadget();
    check_ties();
    check_analyses(state);
    ct_delta_ball_counts(&b1, &d1, &r1, &x1);
    printf(
        "t-delta-ball: %ld entries in balls, %ld lifted entries (%ld blocks again with "
        "the safe digits; %ld systems with 40-bit entries declined); %ld sets (%ld "
        "undecided exactly), %ld breakpoints, %ld certificates tampered; %ld "
        "components in balls, %ld declined, %ld rows of which %ld exact and %ld with "
        "zeros in balls (%ld such zeros read back); reports byte-identical %ld, same "
        "points %ld\n",
        n_entries, n_lift, n_retries, n_sys_declined, n_sets, n_undecided, n_bp,
        n_tampered, b1 - b0, d1 - d0, r1 - r0, x1 - x0, ct_delta_ball_root_rows(), n_ld,
        n_same_bytes, n_same_points);
    CHECK(b1 - b0 > 50 && 10 * (d1 - d0) < b1 - b0 && x1 - x0 > 0 && r1 - r0 > x1 - x0);
    CHECK(ct_delta_ball_root_rows() > 0 && n_ld > 0 && n_same_points > 0 &&
          n_same_bytes > 0);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-delta-ball");
}
