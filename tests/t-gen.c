/* t-gen: the random generator. The Erdos-Renyi and SBM draws are pinned to
   golden instances (other tests and benchmarks rely on their seeds); the
   k-nearest-neighbour model is checked by hand on tiny point sets and against
   a brute-force recomputation on random ones. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq_vec.h>
#include "certune/gen.h"
#include "check.h"

/* The .gssl text of inst (free with free). */
static char *gen_text(const ct_instance_t inst)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    if (f == NULL)
        return NULL;
    if (ct_instance_write(inst, f) != 0) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    return buf;
}

/* Checks that ct_gen_instance(P, seed, k) writes exactly `want`. */
static void check_golden(const ct_gen_params_t P, ulong seed, slong k, const char *want)
{
    ct_instance_t I;
    char *got;

    ct_gen_instance(I, P, seed, k);
    got = gen_text(I);
    CHECK(got != NULL);
    CHECK_MSG(got != NULL && strcmp(got, want) == 0, "got:\n%s", got ? got : "(null)");
    free(got);
    ct_instance_clear(I);
}

static void test_golden(void)
{
    ct_gen_params_t P;

    ct_gen_params_init(P, 7, 2);
    P->weight = CT_GEN_WEIGHT_MIXED;
    P->connected = 1;
    check_golden(P, 5, 3,
                 "p gssl 7 2\n"
                 "e 1 2 689/100\ne 1 4 181/20\ne 2 3 1\ne 2 4 9\ne 2 6 1\ne 2 7 1\n"
                 "e 3 4 1\ne 3 5 1\ne 3 6 39/4\ne 4 6 673/100\ne 6 7 5\n"
                 "l 2 0\nl 4 1\n"
                 "t 1 1\nt 3 0\nt 5 1\nt 6 1\nt 7 1\n");

    ct_gen_params_init(P, 8, 2);
    P->sbm = 1;
    P->p = 0.8;
    P->p_out = 0.1;
    check_golden(P, 9, 0,
                 "p gssl 8 2\n"
                 "e 1 5 4\ne 1 6 3\ne 2 3 3\ne 2 7 6\ne 2 8 9\ne 3 7 2\ne 3 8 7\n"
                 "e 4 5 3\ne 5 6 3\ne 7 8 3\n"
                 "l 6 0\nl 8 1\n"
                 "t 1 0\nt 2 1\nt 3 1\nt 4 0\nt 5 0\nt 7 1\n");
}

/* The weight of edge {u, v} in inst, or -1 when absent (w set then to 0). */
static int edge_weight(fmpq_t w, const ct_instance_t inst, slong u, slong v)
{
    slong i, t;

    if (u > v) {
        t = u;
        u = v;
        v = t;
    }
    fmpq_zero(w);
    for (i = 0; i < inst->nedges; i++) {
        if (inst->eu[i] == u && inst->ev[i] == v) {
            fmpq_set(w, inst->ew + i);
            return 0;
        }
    }
    return -1;
}

/* Checks inst's edge list against `want` (pairs u, v 0-based, weight num/den),
   in order. */
static void check_edges(const ct_instance_t inst, slong m, const slong *want)
{
    fmpq_t w;
    slong i;

    fmpq_init(w);
    CHECK_MSG(inst->nedges == m, "%ld edges, want %ld", (long)inst->nedges, (long)m);
    for (i = 0; i < m && i < inst->nedges; i++) {
        fmpq_set_si(w, want[4 * i + 2], (ulong)want[4 * i + 3]);
        CHECK_MSG(inst->eu[i] == want[4 * i] && inst->ev[i] == want[4 * i + 1] &&
                      fmpq_equal(inst->ew + i, w),
                  "edge %ld", (long)i);
    }
    fmpq_clear(w);
}

/* Points (0,0), (1/2,0), (0,1/2), (1,1): hand-checked. Squared distances:
   d01 = d02 = 1/4, d12 = 1/2, d13 = d23 = 5/4, d03 = 2. */
static void test_knn_hand(void)
{
    static const slong num[4][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 2}};
    fmpq *x = _fmpq_vec_init(4), *y = _fmpq_vec_init(4);
    ct_instance_t I;
    slong i;

    for (i = 0; i < 4; i++) {
        fmpq_set_si(x + i, num[i][0], 2);
        fmpq_set_si(y + i, num[i][1], 2);
    }
    /* k = 1: 0 -> 1 (tie with 2, smaller index), 1 -> 0, 2 -> 0, 3 -> 1 (tie
       with 2). Weights 1/(1 + 1/4) = 4/5 and 1/(1 + 5/4) = 4/9. */
    {
        static const slong want[] = {0, 1, 4, 5, 0, 2, 4, 5, 1, 3, 4, 9};
        ct_gen_knn_graph(I, "hand-1", x, y, 4, 2, 1);
        CHECK(I->n == 4 && I->c == 2 && strcmp(I->path, "hand-1") == 0);
        check_edges(I, 3, want);
        for (i = 0; i < 4; i++)
            CHECK(I->label[i] == -1 && I->held[i] == -1);
        ct_instance_clear(I);
    }
    /* k = 2: 0 -> {1, 2}, 1 -> {0, 2}, 2 -> {0, 1}, 3 -> {1, 2}; the edge
       {1, 2} weighs 1/(1 + 1/2) = 2/3. */
    {
        static const slong want[] = {0, 1, 4, 5, 0, 2, 4, 5, 1, 2,
                                     2, 3, 1, 3, 4, 9, 2, 3, 4, 9};
        ct_gen_knn_graph(I, "hand-2", x, y, 4, 2, 2);
        check_edges(I, 5, want);
        ct_instance_clear(I);
    }
    /* k = 3 and above (clamped): the complete graph, {0, 3} weighs 1/3 */
    {
        static const slong want[] = {0, 1, 4, 5, 0, 2, 4, 5, 0, 3, 1, 3,
                                     1, 2, 2, 3, 1, 3, 4, 9, 2, 3, 4, 9};
        ct_gen_knn_graph(I, "hand-3", x, y, 4, 2, 3);
        check_edges(I, 6, want);
        ct_instance_clear(I);
        ct_gen_knn_graph(I, "hand-9", x, y, 4, 2, 9);
        check_edges(I, 6, want);
        ct_instance_clear(I);
    }
    /* k = 0: no edges */
    ct_gen_knn_graph(I, "hand-0", x, y, 4, 2, 0);
    CHECK(I->nedges == 0);
    ct_instance_clear(I);
    /* equal points: weight 1 */
    {
        static const slong want[] = {0, 1, 1, 1};
        fmpq_set(x + 1, x + 0);
        fmpq_set(y + 1, y + 0);
        ct_gen_knn_graph(I, "dup", x, y, 2, 1, 1);
        check_edges(I, 1, want);
        ct_instance_clear(I);
    }
    _fmpq_vec_clear(x, 4);
    _fmpq_vec_clear(y, 4);
}

/* Squared distance of points u, v. */
static void dist2(fmpq_t d, const fmpq *x, const fmpq *y, slong u, slong v)
{
    fmpq_t t;

    fmpq_init(t);
    fmpq_sub(d, x + u, x + v);
    fmpq_mul(d, d, d);
    fmpq_sub(t, y + u, y + v);
    fmpq_mul(t, t, t);
    fmpq_add(d, d, t);
    fmpq_clear(t);
}

/* Whether v is among the k nearest of u (rank of v by (distance, index)). */
static int is_near(const fmpq *x, const fmpq *y, slong n, slong u, slong v, slong k)
{
    fmpq_t dv, dj;
    slong j, rank = 0;
    int c;

    fmpq_init(dv);
    fmpq_init(dj);
    dist2(dv, x, y, u, v);
    for (j = 0; j < n; j++) {
        if (j == u || j == v)
            continue;
        dist2(dj, x, y, u, j);
        c = fmpq_cmp(dj, dv);
        if (c < 0 || (c == 0 && j < v))
            rank++;
    }
    fmpq_clear(dv);
    fmpq_clear(dj);
    return rank < k;
}

/* Random points: every property against a brute-force recomputation. */
static void test_knn_random(void)
{
    flint_rand_t state;
    slong trial, n, k, grid, i, u, v;
    fmpq *x, *y;
    slong *deg;
    ct_instance_t I;
    fmpq_t w, d;

    flint_randinit(state);
    fmpq_init(w);
    fmpq_init(d);
    for (trial = 0; trial < 60; trial++) {
        n = 1 + (slong)n_randint(state, 30);
        k = (slong)n_randint(state, 7);
        grid = 1 + (slong)n_randint(state, 12); /* small: many ties and equal points */
        x = _fmpq_vec_init(n);
        y = _fmpq_vec_init(n);
        deg = flint_calloc(n, sizeof(slong));
        for (i = 0; i < n; i++) {
            fmpq_set_si(x + i, (slong)n_randint(state, grid + 1), (ulong)grid);
            fmpq_set_si(y + i, (slong)n_randint(state, grid + 1), (ulong)grid);
        }
        ct_gen_knn_graph(I, "r", x, y, n, 3, k);
        for (i = 0; i < I->nedges; i++) {
            u = I->eu[i];
            v = I->ev[i];
            CHECK(0 <= u && u < v && v < n);
            /* sorted, so no edge twice */
            CHECK(i == 0 || I->eu[i - 1] < u || (I->eu[i - 1] == u && I->ev[i - 1] < v));
            deg[u]++;
            deg[v]++;
            /* weight 1 / (1 + d^2) */
            dist2(d, x, y, u, v);
            fmpq_add_si(d, d, 1);
            fmpq_inv(d, d);
            CHECK(fmpq_equal(I->ew + i, d));
        }
        /* symmetrized kNN exactly: {u, v} is an edge iff v near u or u near v */
        for (u = 0; u < n; u++) {
            CHECK_MSG(deg[u] >= FLINT_MIN(k, n - 1), "n %ld k %ld node %ld degree %ld",
                      (long)n, (long)k, (long)u, (long)deg[u]);
            for (v = u + 1; v < n; v++) {
                int want = is_near(x, y, n, u, v, k) || is_near(x, y, n, v, u, k);
                CHECK_MSG((edge_weight(w, I, u, v) == 0) == want,
                          "n %ld k %ld edge %ld %ld", (long)n, (long)k, (long)u, (long)v);
            }
        }
        ct_instance_clear(I);
        flint_free(deg);
        _fmpq_vec_clear(x, n);
        _fmpq_vec_clear(y, n);
    }
    fmpq_clear(w);
    fmpq_clear(d);
    flint_randclear(state);
}

/* The kNN model through ct_gen_instance: deterministic, degrees, weights
   1 / (1 + D) with D a natural number (integer points), labels as documented. */
static void test_knn_model(void)
{
    ct_gen_params_t P;
    ct_instance_t I, J;
    slong n, i, nlab, nheld, *deg;
    char *a, *b;

    for (n = 2; n <= 40; n += 7) {
        ct_gen_params_init(P, n, 3);
        CHECK(P->knn == 0 && P->grid == 0);
        P->knn = 4;
        P->grid = (n % 2) ? 0 : 20; /* automatic, or fixed */
        ct_gen_instance(I, P, 31, n);
        ct_gen_instance(J, P, 31, n);
        a = gen_text(I);
        b = gen_text(J);
        CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
        free(a);
        free(b);
        CHECK(I->n == n && I->c == 3);
        deg = flint_calloc(n, sizeof(slong));
        for (i = 0; i < I->nedges; i++) {
            deg[I->eu[i]]++;
            deg[I->ev[i]]++;
            CHECK(fmpz_is_one(fmpq_numref(I->ew + i)));
            CHECK(fmpz_cmp_si(fmpq_denref(I->ew + i), 2 * 20 * 20 + 1) <= 0);
        }
        for (i = 0; i < n; i++)
            CHECK(deg[i] >= FLINT_MIN(4, n - 1));
        nlab = nheld = 0;
        for (i = 0; i < n; i++) {
            CHECK(!(I->label[i] >= 0 && I->held[i] >= 0));
            nlab += I->label[i] >= 0;
            nheld += I->held[i] >= 0;
            CHECK(I->label[i] < 3 && I->held[i] < 3);
        }
        /* 25% labeled (at least one, at most n - 1), all the others held out */
        CHECK(nlab == FLINT_MAX(1, FLINT_MIN(n - 1, (slong)(0.25 * (double)n + 0.5))));
        CHECK(nheld == n - nlab);
        flint_free(deg);
        ct_instance_clear(I);
        ct_instance_clear(J);
    }
    /* a different seed moves the points */
    ct_gen_params_init(P, 12, 2);
    P->knn = 2;
    ct_gen_instance(I, P, 1, 0);
    ct_gen_instance(J, P, 2, 0);
    a = gen_text(I);
    b = gen_text(J);
    CHECK(a != NULL && b != NULL && strcmp(a, b) != 0);
    free(a);
    free(b);
    ct_instance_clear(I);
    ct_instance_clear(J);
}

int main(void)
{
    test_golden();
    test_knn_hand();
    test_knn_random();
    test_knn_model();
    flint_cleanup();
    return check_finish("t-gen");
}
