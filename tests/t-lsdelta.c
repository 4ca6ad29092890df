/* Tests of lsdelta (delta's system for the ball path, docs/delta.md "Zeros
   in balls") against an exact computation that shares no code with it:
   random connected graphs (4 to 30 nodes, integer weights of 1 to 20 or 1
   to 2, 2 to 4 classes, c among 99/100, 1/2, 3/4), A^{-1} E by
   fmpq_mat_solve of the dense rational system, each node's pair sums as
   exact exponential sums and their zeros by ct_expsum_isolate. For every
   node and pair the search in balls either declines or gives: the exact
   sign right of 0, as many zeros as the exact ones, each exact zero inside
   the matching root's interval; the root's sign oracle agrees with the
   exact sign at random rationals of its disk; the root's text reads back
   and is rejected with its sign flipped. Functions with two zeros or more
   must occur (a search that misses a pair of zeros fails here). */
#include <string.h>
#include <flint/fmpq_mat.h>
#include "analysis_same.h"
#include "check.h"
#include "certune/expsum.h"
#include "certune/lsdelta.h"
#include "tamper.h"
#include "../src/lsdelta/lsdelta_internal.h"

static long n_pow_checks, n_funcs, n_declined, n_zeros, n_two, n_signs, n_io, n_deep;

typedef struct {
    slong n, nnz, m, nc;
    slong rowstart[31], col[900], lab[30], cls[30];
    fmpz w[900];
} graph_t;

/* A random spanning tree plus extra edges, both directions in CSR. */
static void graph_rand(graph_t *G, flint_rand_t state)
{
    slong n = 4 + n_randint(state, 27), adj[30][30];
    ulong wmax = n_randint(state, 2) ? 20 : 2;
    memset(adj, 0, sizeof(adj));
    for (slong i = 1; i < n; i++) {
        slong j = (slong)n_randint(state, i);
        adj[i][j] = adj[j][i] = 1 + n_randint(state, wmax);
    }
    for (slong e = 0; e < n / 2; e++) {
        slong i = n_randint(state, n), j = n_randint(state, n);
        if (i != j && adj[i][j] == 0)
            adj[i][j] = adj[j][i] = 1 + n_randint(state, wmax);
    }
    G->n = n, G->nnz = 0, G->nc = 2 + n_randint(state, 3);
    for (slong i = 0; i < n; i++) {
        G->rowstart[i] = G->nnz;
        for (slong j = 0; j < n; j++)
            if (adj[i][j] != 0) {
                G->col[G->nnz] = j;
                fmpz_init_set_ui(G->w + G->nnz++, (ulong)adj[i][j]);
            }
    }
    G->rowstart[n] = G->nnz;
    G->m = 0;
    for (slong i = 0; i < n; i++)
        if (G->m == 0 || n_randint(state, 3) == 0)
            G->lab[G->m] = i, G->cls[G->m++] = (slong)n_randint(state, G->nc);
}

static void graph_clear(graph_t *G)
{
    for (slong e = 0; e < G->nnz; e++)
        fmpz_clear(G->w + e);
}

/* X = A^{-1} E exactly (n x ng), A = q D - p W. */
static void exact_values(fmpq_mat_t X, const graph_t *G, const fmpq_t c, const slong *grp,
                         slong ng)
{
    slong n = G->n;
    fmpq_mat_t A, E;
    fmpq_mat_init(A, n, n), fmpq_mat_init(E, n, ng);
    for (slong i = 0; i < n; i++)
        for (slong e = G->rowstart[i]; e < G->rowstart[i + 1]; e++) {
            fmpq *d = fmpq_mat_entry(A, i, i), *o = fmpq_mat_entry(A, i, G->col[e]);
            fmpz_addmul(fmpq_numref(d), G->w + e, fmpq_denref(c));
            fmpz_submul(fmpq_numref(o), G->w + e, fmpq_numref(c));
        }
    for (slong j = 0; j < G->m; j++)
        fmpq_one(fmpq_mat_entry(E, G->lab[j], grp[j]));
    CHECK(fmpq_mat_solve(X, A, E));
    fmpq_mat_clear(A), fmpq_mat_clear(E);
}

/* h = node i's exact pair sum (k, l), with integer coefficients. */
static void exact_sum(ct_expsum_t h, const fmpq_mat_t X, slong i, slong k, slong l,
                      const slong *gcls, const fmpz *gbase, slong ng)
{
    fmpz_t D, t;
    fmpz_init_set_ui(D, 1), fmpz_init(t);
    fmpz *coef = _fmpz_vec_init(ng), *base = _fmpz_vec_init(ng);
    for (slong g = 0; g < ng; g++)
        fmpz_lcm(D, D, fmpq_denref(fmpq_mat_entry(X, i, g)));
    slong nt = 0;
    for (slong g = 0; g < ng; g++) {
        if (gcls[g] != k && gcls[g] != l)
            continue;
        const fmpq *v = fmpq_mat_entry(X, i, g);
        fmpz_divexact(t, D, fmpq_denref(v));
        fmpz_mul(coef + nt, t, fmpq_numref(v));
        if (gcls[g] == l)
            fmpz_neg(coef + nt, coef + nt);
        fmpz_set(base + nt++, gbase + g);
    }
    ct_expsum_set_terms(h, coef, base, nt);
    _fmpz_vec_clear(coef, ng), _fmpz_vec_clear(base, ng);
    fmpz_clear(D), fmpz_clear(t);
}

/* The root's oracle against the exact sign at random rationals of its disk. */
static void check_oracle(ct_lsroot_t r, const ct_expsum_t h, flint_rand_t state)
{
    fmpq_t x;
    fmpq_init(x);
    for (int t = 0; t < 4; t++) {
        double u =
            r->disk->c + r->disk->r * (2.0 * (double)n_randint(state, 1001) / 1000 - 1);
        u = FLINT_MAX(0.0, FLINT_MIN(1.0, u));
        fmpq_set_si(x, (slong)(u * 1000000), 1000000);
        CHECK_MSG(ct_lsroot_sign_fmpq(r, x) == ct_expsum_sign_fmpq(h, x), "at %g", u);
        n_signs++;
    }
    fmpq_clear(x);
}

/* 60-digit certified bounds (the oracle past the node's floating balls:
   lifted balls to 768 bits, then the exact sign) hold a sign change of the
   exact h; the system's exact sign agrees with h's at both. */
static void check_deep(ct_lsroot_t r, const ct_expsum_t h)
{
    char *approx, *lo, *hi;
    ct_lsroot_get_strs(&approx, &lo, &hi, r, 60);
    fmpq_t a, b;
    fmpq_init(a), fmpq_init(b);
    CHECK(t_decimal_get(a, lo) && t_decimal_get(b, hi));
    int sa = ct_expsum_sign_fmpq(h, a), sb = ct_expsum_sign_fmpq(h, b);
    CHECK_MSG(fmpq_equal(a, b) ? sa == 0 : sa == -sb && sa != 0, "[%s, %s]", lo, hi);
    const ct_lsroot_sys_struct *S = r->disk->sys;
    CHECK(S->type->sign_exact(S, r->row, r->k, r->l, a) == sa);
    CHECK(S->type->sign_exact(S, r->row, r->k, r->l, b) == sb);
    fmpq_clear(a), fmpq_clear(b);
    free(approx), free(lo), free(hi);
    n_deep++;
}

/* The root's text reads back, and not with its sign flipped. */
static void check_io(const ct_lsroot_t r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ct_lsroot_write(f, r);
    fclose(f);
    ct_lsroot_t s;
    ct_lsroot_init(s);
    const char *p = buf;
    CHECK(ct_lsroot_read(s, &ct_lsdelta_type, &p) == 0 && fmpq_equal(s->lo, r->lo) &&
          fmpq_equal(s->hi, r->hi));
    ct_lsroot_clear(s);
    char *bad = t_flip_last_word(buf);
    CHECK(bad != NULL);
    if (bad != NULL) {
        ct_lsroot_init(s);
        p = bad;
        CHECK(ct_lsroot_read(s, &ct_lsdelta_type, &p) != 0);
        ct_lsroot_clear(s);
        flint_free(bad);
    }
    ct_lsroot_read_release();
    free(buf);
    n_io++;
}

/* One node and pair: the search against the exact zeros. */
static void check_pair(ct_lsdelta_struct *S, arb_srcptr x, const ct_expsum_t h, slong i,
                       slong k, slong l, flint_rand_t state)
{
    ct_lsroot_struct *r;
    slong nz, ne = 0;
    int s0, e0 = 0, und = 0;
    ct_expsum_root_struct *er = NULL;
    fmpq_t ulo, uhi;
    fmpq_init(ulo), fmpq_init(uhi);
    if (!ct_expsum_is_zero(h)) /* the zero sum: a tie everywhere, sign 0 */
        und = ct_expsum_isolate(&er, &ne, &e0, ulo, uhi, h);
    n_funcs++;
    if (ct_lsdelta_pair_roots(&r, &nz, &s0, S, x, i, k, l, i)) {
        n_declined++;
    } else {
        CHECK(!und);
        CHECK_MSG(ct_expsum_is_zero(h) ? s0 == 0 : s0 == e0, "node %ld pair (%ld, %ld)",
                  (long)i, (long)k, (long)l);
        CHECK_MSG(nz == ne, "node %ld pair (%ld, %ld): %ld zeros, exactly %ld", (long)i,
                  (long)k, (long)l, (long)nz, (long)ne);
        for (slong j = 0; j < FLINT_MIN(nz, ne); j++) {
            CHECK(fmpq_cmp(r[j].lo, er[j].hi) <= 0 && fmpq_cmp(er[j].lo, r[j].hi) <= 0);
            if (j == 0)
                check_oracle(r + j, h, state);
            if (j == 0 && n_io < 200)
                check_io(r + j);
            if (j == 0 && n_deep < 40)
                check_deep(r + j, h);
        }
        n_zeros += nz, n_two += nz >= 2;
        for (slong j = 0; j < nz; j++)
            ct_lsroot_clear(r + j);
        flint_free(r);
    }
    for (slong j = 0; j < ne; j++)
        ct_expsum_root_clear(er + j);
    flint_free(er);
    fmpq_clear(ulo), fmpq_clear(uhi);
}

static void check_graph(flint_rand_t state, slong trial)
{
    static const slong cs[][2] = {{99, 100}, {1, 2}, {3, 4}};
    graph_t G;
    graph_rand(&G, state);
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, cs[trial % 3][0], cs[trial % 3][1]);
    ct_lsdelta_struct *S = ct_lsdelta_new(G.n, G.rowstart, G.col, G.w, G.m, G.lab, G.cls,
                                          G.nc, c, trial % 2 ? 2 : WORD_MAX);
    CHECK(S != NULL);
    const slong *grp, *gcls, *gstart, *gidx;
    const fmpz *gbase;
    slong ng = ct_lsdelta_groups(&grp, &gcls, &gbase, &gstart, &gidx, S), n = G.n;
    fmpq_mat_t X;
    fmpq_mat_init(X, n, ng);
    exact_values(X, &G, c, grp, ng);
    double *X0 = flint_malloc(n * ng * sizeof(double)),
           *X1 = flint_malloc(n * ng * sizeof(double));
    mag_ptr rmax = _mag_vec_init(ng), rsum = _mag_vec_init(ng);
    CHECK(ct_lsdelta_msys_balls(X0, X1, rmax, rsum, ct_lsdelta_msys(S), G.lab, grp, G.m,
                                ng) == 0);
    arb_ptr x = _arb_vec_init(ng);
    ct_expsum_t h;
    ct_expsum_init(h);
    for (slong i = 0; i < n; i++) {
        ct_lsdelta_row_balls(x, S, X0, X1, rmax, rsum, i);
        for (slong k = 0; k < G.nc; k++)
            for (slong l = k + 1; l < G.nc; l++) {
                exact_sum(h, X, i, k, l, gcls, gbase, ng);
                check_pair(S, x, h, i, k, l, state);
            }
    }
    ct_expsum_clear(h);
    _arb_vec_clear(x, ng);
    _mag_vec_clear(rmax, ng), _mag_vec_clear(rsum, ng);
    flint_free(X0), flint_free(X1);
    fmpq_mat_clear(X);
    ct_lsdelta_unref(S);
    fmpq_clear(c);
    graph_clear(&G);
}

/* The search's powers in doubles (lsdelta_fpow.c) against Arb at 256 bits:
   B^x inside [lo, hi], at most 2^-44 wide relatively, for bases 1 .. 2^40
   and x in [0, 1]: dyadics with up to 62 digits, random doubles (53 digits),
   tiny x (below 2^-60: only the rest's bound), 0 and 1. Without the rest's
   bound (1707 failures), or charging only the last rounding of the
   products (3660), it fails. */
static void check_fpow(flint_rand_t state)
{
    arb_t t, e;
    arf_t lo, hi;
    arb_init(t), arb_init(e), arf_init(lo), arf_init(hi);
    for (slong trial = 0; trial < 2000; trial++) {
        fmpz_t B;
        fmpz_init(B);
        slong bits = 1 + (slong)n_randint(state, 40);
        fmpz_randtest_unsigned(B, state, bits);
        fmpz_add_ui(B, B, 1);
        _ct_lsdelta_fpow P;
        _ct_lsdelta_fpow_init(&P, B);
        for (int q = 0; q < 8; q++) {
            double x = q == 0   ? 0
                       : q == 1 ? 1
                       : q == 2 ? ldexp((double)n_randint(state, 1000) + 1, -70)
                       : q == 3 ? ldexp((double)n_randtest(state), -64)
                                : (double)n_randint(state, 1 << 30) / (1 << 30) +
                                      ldexp((double)n_randint(state, 1 << 23), -53);
            if (x > 1)
                x = 1;
            double l, h;
            _ct_lsdelta_fpow_at(&l, &h, &P, x);
            arb_log_fmpz(e, B, 256);
            arb_set_d(t, x);
            arb_mul(e, e, t, 256);
            arb_exp(e, e, 256);
            if (x == 1) /* exact: Arb's exp(ln B) has a radius */
                arb_set_fmpz(e, B);
            arf_set_d(lo, l), arf_set_d(hi, h);
            arb_set_interval_arf(t, lo, hi, 256);
            CHECK_MSG(arb_contains(t, e),
                      "B^x for B of %ld bits, x = %.17g: [%.17g, %.17g]", (long)bits, x,
                      l, h);
            CHECK(h - l <= ldexp(h, -44));
            n_pow_checks++;
        }
        fmpz_clear(B);
    }
    arb_clear(t), arb_clear(e), arf_clear(lo), arf_clear(hi);
}

/* Four bases at once give each base's own doubles (the same products in the
   same order): 500 random groups of 1 to 4 bases at 8 points each. */
static void check_fpow4(flint_rand_t state)
{
    for (slong trial = 0; trial < 500; trial++) {
        int cnt = 1 + (int)n_randint(state, 4);
        _ct_lsdelta_fpow P[4];
        const _ct_lsdelta_fpow *Q[4];
        for (int q = 0; q < cnt; q++) {
            fmpz_t B;
            fmpz_init(B);
            fmpz_randtest_unsigned(B, state, 1 + (slong)n_randint(state, 40));
            fmpz_add_ui(B, B, 1);
            _ct_lsdelta_fpow_init(P + q, B);
            Q[q] = P + q;
            fmpz_clear(B);
        }
        for (int u = 0; u < 8; u++) {
            double x = u == 0 ? 1 : ldexp((double)n_randtest(state), -64 - u);
            double lo[4], hi[4], l, h;
            _ct_lsdelta_fpt T;
            _ct_lsdelta_fpt_set(&T, x);
            _ct_lsdelta_fpow_pt4(lo, hi, Q, cnt, &T);
            for (int q = 0; q < cnt; q++) {
                _ct_lsdelta_fpow_at(&l, &h, P + q, x);
                CHECK_MSG(lo[q] == l && hi[q] == h, "base %d of %d at x = %.17g", q, cnt,
                          x);
            }
        }
    }
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_fpow(state);
    check_fpow4(state);
    for (slong trial = 0; trial < 150; trial++)
        check_graph(state, trial);
    long pairs, failed, exact;
    ct_lsdelta_counts(&pairs, &failed, &exact);
    printf("t-lsdelta: %ld powers in doubles checked against Arb\n", n_pow_checks);
    printf("t-lsdelta: %ld pair functions (%ld declined), %ld zeros, %ld functions with "
           "two or more, %ld oracle signs (%ld exact), %ld roots read back, %ld to 60 "
           "digits\n",
           n_funcs, n_declined, n_zeros, n_two, n_signs, exact, n_io, n_deep);
    CHECK(n_two > 0 && n_zeros > 100 && 10 * n_declined < n_funcs && n_io > 50 &&
          n_deep == 40 && exact > 0);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-lsdelta");
}
