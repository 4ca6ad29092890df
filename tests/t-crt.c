/* Tests of crt against direct exact computation: random integers of known
   size rebuilt from their residues (incremental, Garner and the product tree,
   signed and not, by chunks, and in rounds on threads), the stopping rule,
   skipped primes, residues of huge integers by the remainder tree against
   fmpz_fdiv_ui, and determinants of random integer matrices under Hadamard's
   bound against fmpz_mat_det. */
#include <flint/fmpz_mat.h>
#include <flint/fmpz_vec.h>
#include <flint/nmod_mat.h>
#include "check.h"
#include "certune/crt.h"

/* The primes run above 2^start, increase, and stop just past the bound. */
static void check_sequence(void)
{
    ct_crt_t C;
    ulong p, prev = UWORD(1) << 40;
    ct_crt_init(C, 40, 100);
    while (ct_crt_next(&p, C)) {
        CHECK(p > prev && n_is_prime(p));
        CHECK(n_nextprime(prev, 1) == p); /* none skipped */
        prev = p;
        ct_crt_accept(C);
    }
    CHECK(fmpz_bits(ct_crt_modulus(C)) > 100 &&
          C->np == 3); /* 3 x 41 bits > 100 >= 2 x 41 */
    CHECK(C->p[0] > (UWORD(1) << 40) && C->p[0] == n_nextprime(UWORD(1) << 40, 1));
    ct_crt_clear(C);
}

/* A rejected candidate does not count toward the product. */
static void check_skip(void)
{
    ct_crt_t C;
    ulong p;
    slong seen = 0;
    ct_crt_init(C, 20, 50);
    while (ct_crt_next(&p, C))
        if (seen++ % 2 == 0)
            ct_crt_accept(C);
    CHECK(C->np == 3 && seen == 5); /* 3 accepted of 21 bits each (> 50 bits) */
    ct_crt_clear(C);
}

/* Random x with |x| < 2^b (or 0 <= x < 2^b) rebuilt both ways. */
static void check_values(flint_rand_t st, int sign, slong start)
{
    for (slong trial = 0; trial < 200; trial++) {
        slong b = 1 + n_randint(st, 600), len = 1 + n_randint(st, 6);
        fmpz *x = _fmpz_vec_init(len), *v = _fmpz_vec_init(len);
        ulong *res = flint_malloc(len * sizeof(ulong)), *all = NULL;
        fmpz_t y;
        fmpz_init(y);
        for (slong i = 0; i < len; i++) {
            fmpz_randtest_unsigned(x + i, st, b);
            if (trial % 5 == 0) { /* the extreme value 2^b - 1 */
                fmpz_one(x + i);
                fmpz_mul_2exp(x + i, x + i, b);
                fmpz_sub_ui(x + i, x + i, 1);
            }
            if (sign && n_randint(st, 2))
                fmpz_neg(x + i, x + i);
        }
        ct_crt_t C;
        ulong p;
        ct_crt_init(C, start, b + sign);
        slong np = 0;
        while (ct_crt_next(&p, C)) {
            all = flint_realloc(all, (np + 1) * len * sizeof(ulong));
            for (slong i = 0; i < len; i++)
                res[i] = all[np * len + i] = fmpz_fdiv_ui(x + i, p);
            if (sign)
                ct_crt_accept_vec(v, res, len, C);
            else
                ct_crt_accept(C);
            np++;
        }
        ct_crt_prepare(C);
        ulong *col = flint_malloc(np * sizeof(ulong));
        for (slong i = 0; i < len; i++) {
            for (slong k = 0; k < np; k++)
                col[k] = all[k * len + i];
            ct_crt_get(y, col, sign, C);
            CHECK(fmpz_equal(y, x + i));
            if (sign)
                CHECK(fmpz_equal(v + i, x + i));
        }
        ct_crt_clear(C);
        fmpz_clear(y);
        flint_free(col), flint_free(res), flint_free(all);
        _fmpz_vec_clear(x, len), _fmpz_vec_clear(v, len);
    }
}

/* A random x with |x| < 2^b (0 <= x when unsigned); one in 4 is 2^b - 1. */
static void random_value(fmpz_t x, flint_rand_t st, slong b, int sign)
{
    fmpz_randtest_unsigned(x, st, b);
    if (n_randint(st, 4) == 0) {
        fmpz_one(x);
        fmpz_mul_2exp(x, x, b);
        fmpz_sub_ui(x, x, 1);
    }
    if (sign && n_randint(st, 2))
        fmpz_neg(x, x);
}

/* Beyond CT_CRT_GARNER_MAX primes ct_crt_get takes the product tree; the
   values (up to 40,000 bits, 645 primes) come back exactly. */
static void check_tree(flint_rand_t st)
{
    for (slong trial = 0; trial < 12; trial++) {
        int sign = trial % 2;
        slong b = 62 * CT_CRT_GARNER_MAX + n_randint(st, 36000);
        fmpz_t x, y;
        fmpz_init(x), fmpz_init(y);
        random_value(x, st, b, sign);
        ct_crt_t C;
        ulong p, *res = NULL;
        ct_crt_init(C, 62, b + sign);
        while (ct_crt_next(&p, C)) {
            ct_crt_accept(C);
            res = flint_realloc(res, C->np * sizeof(ulong));
            res[C->np - 1] = fmpz_fdiv_ui(x, p);
        }
        CHECK(C->np > CT_CRT_GARNER_MAX &&
              (slong)fmpz_bits(ct_crt_modulus(C)) > b + sign);
        ct_crt_prepare(C);
        CHECK(C->comb != NULL);
        ct_crt_get(y, res, sign, C);
        CHECK(fmpz_equal(x, y));
        ct_crt_clear(C);
        flint_free(res);
        fmpz_clear(x), fmpz_clear(y);
    }
}

/* ct_crt_vec with budgets giving chunk 1 (incremental: fewer than 8 primes
   needed), several chunks (folds: at least 32 primes each, whatever the
   budget) and one chunk, every third candidate rejected: the signed values
   come back. */
static void check_vec(flint_rand_t st)
{
    const slong budgets[4] = {1, 40, 400, 1 << 20};
    for (slong trial = 0; trial < 40; trial++) {
        slong len = 1 + n_randint(st, 5);
        slong b = 1 + n_randint(st, trial % 5 == 0 ? 300 : 12000);
        slong budget = budgets[trial % 4];
        fmpz *x = _fmpz_vec_init(len), *v = _fmpz_vec_init(len);
        ulong p, *res = flint_malloc(len * sizeof(ulong));
        for (slong i = 0; i < len; i++)
            random_value(x + i, st, b, 1);
        ct_crt_t C;
        ct_crt_vec_t V;
        ct_crt_init(C, 62, b + 1);
        ct_crt_vec_init(V, len, budget, C);
        slong want = ct_crt_remaining(C);
        CHECK_MSG(want < 8 ? V->chunk == 1 : V->chunk >= FLINT_MIN(want, 32),
                  "want %ld budget %ld chunk %ld", (long)want, (long)budget,
                  (long)V->chunk);
        slong seen = 0;
        while (ct_crt_next(&p, C)) {
            if (seen++ % 3 == 2)
                continue;
            for (slong i = 0; i < len; i++)
                res[i] = fmpz_fdiv_ui(x + i, p);
            ct_crt_vec_accept(res, V, C);
        }
        ct_crt_vec_finish(v, V, C);
        CHECK_MSG(_fmpz_vec_equal(x, v, len), "len %ld bits %ld budget %ld chunk %ld",
                  (long)len, (long)b, (long)budget, (long)V->chunk);
        ct_crt_vec_clear(V);
        ct_crt_clear(C);
        flint_free(res);
        _fmpz_vec_clear(x, len), _fmpz_vec_clear(v, len);
    }
}

/* ct_crt_rounds' slots: the residues of prime j, computed by work on any
   thread; take records the prime it is handed, give checks it is handed the
   same one back, in order, and accepts all but every third. */
typedef struct {
    const fmpz *x;
    slong len, seen, order_bad;
    ulong p[4], last;
    ulong *res; /* 4 slots of len residues */
    ct_crt_vec_struct *V;
} rounds_arg;

static void rounds_take(void *arg, slong j, ct_crt_t C)
{
    rounds_arg *A = arg;
    A->order_bad += C->cand <= A->last; /* taken increasing */
    A->p[j] = A->last = C->cand;
}

static void rounds_work(void *arg, slong j)
{
    rounds_arg *A = arg;
    for (slong i = 0; i < A->len; i++)
        A->res[j * A->len + i] = fmpz_fdiv_ui(A->x + i, A->p[j]);
}

static void rounds_give(void *arg, slong j, ct_crt_t C)
{
    rounds_arg *A = arg;
    A->order_bad += C->cand != A->p[j];
    if (A->seen++ % 3 != 2)
        ct_crt_vec_accept(A->res + j * A->len, A->V, C);
}

/* ct_crt_rounds on 1 to 4 threads, every third prime skipped: the values come
   back exactly, the primes are handed in order and never twice. */
static void check_rounds(flint_rand_t st)
{
    static const ct_crt_round_struct F = {rounds_take, rounds_work, rounds_give};
    for (slong trial = 0; trial < 24; trial++) {
        slong len = 1 + n_randint(st, 5), b = 1 + n_randint(st, 3000),
              nth = 1 + trial % 4;
        fmpz *x = _fmpz_vec_init(len), *v = _fmpz_vec_init(len);
        for (slong i = 0; i < len; i++)
            random_value(x + i, st, b, 1);
        ct_crt_t C;
        ct_crt_vec_t V;
        ct_crt_init(C, 62, b + 1);
        ct_crt_vec_init(V, len, 1 << 20, C);
        rounds_arg A = {x, len, 0, 0, {0}, 0, flint_malloc(4 * len * sizeof(ulong)), V};
        ct_crt_rounds(C, nth, &F, &A);
        ct_crt_vec_finish(v, V, C);
        CHECK_MSG(_fmpz_vec_equal(x, v, len) && A.order_bad == 0,
                  "len %ld bits %ld threads %ld: %ld out of order", (long)len, (long)b,
                  (long)nth, (long)A.order_bad);
        ct_crt_vec_clear(V);
        ct_crt_clear(C);
        flint_free(A.res);
        _fmpz_vec_clear(x, len), _fmpz_vec_clear(v, len);
    }
}

/* ct_crt_mm against fmpz_fdiv_ui on each prime: huge and small entries of
   both signs, a matrix, rejected candidates, and budgets small enough to
   force new runs. */
static void check_mm(flint_rand_t st)
{
    for (slong trial = 0; trial < 12; trial++) {
        slong len = 1 + n_randint(st, 8), r = 1 + n_randint(st, 3),
              c = 1 + n_randint(st, 3);
        fmpz *x = _fmpz_vec_init(len);
        fmpz_mat_t A;
        fmpz_mat_init(A, r, c);
        for (slong i = 0; i < len; i++) /* x[0] huge: the tree always has work */
            random_value(x + i, st,
                         i == 0 ? 2000 + n_randint(st, 18000)
                                : (n_randint(st, 2) ? 1 + n_randint(st, 20000) : 40),
                         1);
        for (slong i = 0; i < r * c; i++)
            random_value(A->entries + i, st, 1 + n_randint(st, 9000), 1);
        ct_crt_mm_t T;
        ct_crt_mm_init(T, trial % 2 ? 50 : 1 << 20);
        slong idx = ct_crt_mm_add(T, x, len), ida = ct_crt_mm_add(T, A->entries, r * c);
        ct_crt_t C;
        ulong p;
        slong seen = 0;
        ct_crt_init(C, 60, 30000);
        while (ct_crt_next(&p, C)) {
            if (seen++ % 4 == 3)
                continue; /* rejected: neither reduced nor accepted */
            ct_crt_mm_at(T, C);
            for (slong i = 0; i < len; i++)
                CHECK(ct_crt_mm_ui(T, idx, i) == fmpz_fdiv_ui(x + i, p));
            nmod_mat_t Ap, Bp;
            nmod_mat_init(Ap, r, c, p), nmod_mat_init(Bp, r, c, p);
            ct_crt_mm_mat(Ap, T, ida);
            fmpz_mat_get_nmod_mat(Bp, A);
            CHECK(nmod_mat_equal(Ap, Bp));
            nmod_mat_clear(Ap), nmod_mat_clear(Bp);
            ct_crt_accept(C);
        }
        CHECK(T->nbig > 0);
        ct_crt_mm_clear(T);
        ct_crt_clear(C);
        fmpz_mat_clear(A);
        _fmpz_vec_clear(x, len);
    }
}

/* det of a random n x n integer matrix: |det| <= prod of the rows' 2-norms. */
static void check_det(flint_rand_t st)
{
    for (slong trial = 0; trial < 30; trial++) {
        slong n = 1 + n_randint(st, 12);
        fmpz_mat_t A;
        fmpz_t bound, row, d, y;
        fmpz_mat_init(A, n, n);
        fmpz_init_set_ui(bound, 1), fmpz_init(row), fmpz_init(d), fmpz_init(y);
        fmpz_mat_randtest(A, st, 1 + n_randint(st, 80));
        for (slong i = 0; i < n; i++) { /* bound^2 = prod_i |row_i|^2 */
            fmpz_zero(row);
            for (slong j = 0; j < n; j++)
                fmpz_addmul(row, fmpz_mat_entry(A, i, j), fmpz_mat_entry(A, i, j));
            fmpz_mul(bound, bound, row);
        }
        fmpz_sqrt(bound, bound), fmpz_add_ui(bound, bound, 1);
        ct_crt_t C;
        ulong p, r;
        ct_crt_init(C, 62, fmpz_bits(bound) + 1);
        while (ct_crt_next(&p, C)) {
            nmod_mat_t Ap;
            nmod_mat_init(Ap, n, n, p);
            fmpz_mat_get_nmod_mat(Ap, A);
            r = nmod_mat_det(Ap);
            ct_crt_accept_vec(y, &r, 1, C);
            nmod_mat_clear(Ap);
        }
        fmpz_mat_det(d, A);
        CHECK(fmpz_equal(y, d));
        ct_crt_clear(C);
        fmpz_mat_clear(A);
        fmpz_clear(bound), fmpz_clear(row), fmpz_clear(d), fmpz_clear(y);
    }
}

int main(void)
{
    flint_rand_t st;
    flint_randinit(st);
    check_sequence();
    check_skip();
    check_values(st, 1, 62);
    check_values(st, 0, 59);
    check_values(st, 1, 30);
    check_det(st);
    check_tree(st);
    check_vec(st);
    check_rounds(st);
    check_mm(st);
    flint_randclear(st);
    flint_cleanup();
    return check_finish("t-crt");
}
