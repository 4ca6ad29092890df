/* Tests of zlift against FLINT's exact solve (fmpz_mat_solve): random
   diagonally dominant systems like delta's (A^{-1} >= 0, entries <= 1), with
   weights up to 2^28 (rows of A far above the prime), and general ones, several
   right-hand sides, selected rows, blocks of one column and threads; and the refusals: a
   singular system, entries too large, and a row summing past 2^40, a lift stopped short
   by a false bound on A^{-1} (0, never a wrong Y); the symmetric ones again
   with the sparse factorization modulo p (zlift_ldl.c) in place of the
   inverse. */
#include <stdio.h>
#include <flint/fmpz_mat.h>
#include "check.h"
#include "certune/zlift.h"

/* q D - p W for a random connected weighted graph (a path plus random edges),
   weights 1 .. wmax. */
static void random_delta_system_w(fmpz_mat_t A, flint_rand_t st, slong n, ulong wmax)
{
    fmpz_mat_zero(A);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < i; j++)
            if (j == i - 1 || n_randint(st, n) < 3) {
                slong w = 1 + n_randint(st, wmax), p = 99, q = 100;
                fmpz_sub_ui(fmpz_mat_entry(A, i, j), fmpz_mat_entry(A, i, j), p * w);
                fmpz_sub_ui(fmpz_mat_entry(A, j, i), fmpz_mat_entry(A, j, i), p * w);
                fmpz_add_ui(fmpz_mat_entry(A, i, i), fmpz_mat_entry(A, i, i), q * w);
                fmpz_add_ui(fmpz_mat_entry(A, j, j), fmpz_mat_entry(A, j, j), q * w);
            }
}

static void random_delta_system(fmpz_mat_t A, flint_rand_t st, slong n)
{
    random_delta_system_w(A, st, n, 9);
}

/* Y (rows of den A^{-1} B) against X / d from fmpz_mat_solve: Y d == X den. */
static int agrees(const fmpz_mat_t Y, const fmpz_t den, const fmpz_mat_t A,
                  const fmpz_mat_t B, const slong *rows, slong nr)
{
    fmpz_mat_t X;
    fmpz_t d, l, r;
    fmpz_mat_init(X, A->r, B->c);
    fmpz_init(d), fmpz_init(l), fmpz_init(r);
    int ok = fmpz_mat_solve(X, d, A, B) && fmpz_sgn(den) > 0;
    for (slong i = 0; ok && i < nr; i++)
        for (slong j = 0; j < B->c; j++) {
            fmpz_mul(l, fmpz_mat_entry(Y, i, j), d);
            fmpz_mul(r, fmpz_mat_entry(X, rows[i], j), den);
            ok &= fmpz_equal(l, r);
        }
    fmpz_mat_clear(X);
    fmpz_clear(d), fmpz_clear(l), fmpz_clear(r);
    return ok;
}

static void random_rhs(fmpz_mat_t B, flint_rand_t st, int zero_one)
{
    for (slong i = 0; i < B->r; i++)
        for (slong j = 0; j < B->c; j++)
            fmpz_set_si(fmpz_mat_entry(B, i, j),
                        zero_one ? n_randint(st, 4) == 0 : (slong)n_randint(st, 21) - 10);
}

/* Every row, or every third row backwards. */
static slong pick_rows(slong *rows, slong n, int every)
{
    slong nr = 0;
    for (slong i = n - 1; i >= 0; i--)
        if (every || i % 3 == 0)
            rows[nr++] = i;
    return nr;
}

/* 0 for a singular system, an entry too large, and a bound that stops the
   lift short; whatever does conclude under the false bound must be right. */
static void check_refusals(flint_rand_t st)
{
    slong n = 30, rows[30], solved = 0;
    fmpz_mat_t A, B, Y;
    fmpz_t den;
    fmpz_mat_init(A, n, n), fmpz_mat_init(B, n, 2), fmpz_mat_init(Y, n, 2),
        fmpz_init(den);
    for (slong i = 0; i < n; i++)
        rows[i] = i;
    random_delta_system(A, st, n);
    random_rhs(B, st, 1);
    for (slong j = 0; j < n; j++) /* row 1 = row 0: singular */
        fmpz_set(fmpz_mat_entry(A, 1, j), fmpz_mat_entry(A, 0, j));
    CHECK(!ct_zlift_solve_rows(Y, den, A, B, 0, rows, n, 1));
    random_delta_system(A, st, n);
    fmpz_mul_2exp(fmpz_mat_entry(A, 3, 3), fmpz_mat_entry(A, 3, 3), 40);
    CHECK(!ct_zlift_solve_rows(Y, den, A, B, 0, rows, n, 1));
    random_delta_system(A, st, n); /* entries of 40 bits, a row summing past 2^40 */
    fmpz_set_ui(fmpz_mat_entry(A, 5, 5), (UWORD(1) << 40) - 1);
    fmpz_set_si(fmpz_mat_entry(A, 5, 6), -(WORD(1) << 39));
    fmpz_set_si(fmpz_mat_entry(A, 5, 7), -(WORD(1) << 39));
    CHECK(!ct_zlift_solve_rows(Y, den, A, B, 0, rows, n, 1));
    fmpz_set_ui(fmpz_mat_entry(B, 0, 0), UWORD(1) << 50);
    random_delta_system(A, st, n);
    CHECK(!ct_zlift_solve_rows(Y, den, A, B, 0, rows, n, 1));
    random_rhs(B, st, 1);
    CHECK(ct_zlift_solve_rows(Y, den, A, B, 0, rows, n, 1) &&
          agrees(Y, den, A, B, rows, n));
    for (slong t = 0; t < 20; t++) {
        random_delta_system(A, st, n);
        random_rhs(B, st, 1);
        int ok = ct_zlift_solve_rows(Y, den, A, B, t < 10 ? -300 : -100000, rows, n, 1);
        solved += ok;
        CHECK(!ok || agrees(Y, den, A, B, rows, n));
    }
    CHECK_MSG(solved < 20, "a false bound on A^{-1} still solved %ld of 20",
              (long)solved);
    fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(Y), fmpz_clear(den);
}

static void check_random(flint_rand_t st, int delta_like, slong *solved, slong trials)
{
    for (slong t = 0; t < trials; t++) {
        slong n = 2 + n_randint(st, 60), c = 1 + n_randint(st, 6), nr;
        fmpz_mat_t A, B, Y;
        fmpz_t den;
        fmpz_mat_init(A, n, n), fmpz_mat_init(B, n, c), fmpz_init(den);
        if (delta_like)
            random_delta_system_w(A, st, n, delta_like == 2 ? UWORD(1) << 28 : 9);
        else
            do
                fmpz_mat_randtest(A, st, 4);
            while (fmpz_mat_rank(A) < n);
        random_rhs(B, st, delta_like);
        slong *rows = flint_malloc(n * sizeof(slong));
        nr = pick_rows(rows, n, t % 2);
        fmpz_mat_init(Y, nr, c);
        /* delta's bound (A^{-1} <= 1), or Hadamard's for the adjugate */
        slong inv_bits = delta_like ? 0 : 4 * n + 8;
        int ok = _ct_zlift_solve_rows_blocks(Y, den, A, B, inv_bits, rows, nr, 1 + t % 2,
                                             t % 3 == 0 ? 8 : CT_ZLIFT_BLOCK_BYTES);
        *solved += ok;
        CHECK_MSG(!ok || agrees(Y, den, A, B, rows, nr), "n %ld c %ld", (long)n, (long)c);
        fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(Y), fmpz_clear(den);
        flint_free(rows);
    }
}

int main(void)
{
    flint_rand_t st;
    flint_randinit(st);
    slong solved = 0;
    check_random(st, 1, &solved, 60);
    CHECK_MSG(solved == 60, "%ld of 60 delta-like systems solved", (long)solved);
    solved = 0;
    check_random(st, 0, &solved, 40);
    CHECK_MSG(solved >= 36, "%ld of 40 general systems solved", (long)solved);
    solved = 0; /* weights up to 2^28: rows of A sum to about 2^36, far above p */
    check_random(st, 2, &solved, 30);
    CHECK_MSG(solved == 30, "%ld of 30 systems with large weights solved", (long)solved);
    check_refusals(st);
    /* the same with every symmetric system factored sparse modulo p */
    _ct_zlift_set_ldl_min(1);
    slong before = _ct_zlift_ldl_used();
    solved = 0;
    check_random(st, 1, &solved, 60);
    /* (the denominator's guess misses on about one system in 400 whatever the
       factorization: the caller then solves otherwise) */
    CHECK_MSG(solved >= 58, "%ld of 60 delta-like systems solved (sparse)", (long)solved);
    solved = 0;
    check_random(st, 2, &solved, 30);
    CHECK_MSG(solved == 30, "%ld of 30 large-weight systems solved (sparse)",
              (long)solved);
    solved = 0;
    check_random(st, 0, &solved, 20); /* not symmetric: the inverse */
    CHECK_MSG(solved >= 17, "%ld of 20 general systems solved", (long)solved);
    check_refusals(st);
    slong used = _ct_zlift_ldl_used() - before;
    CHECK_MSG(used >= 90, "%ld sparse factorizations", (long)used);
    printf("t-zlift: %ld systems factored sparse modulo p\n", (long)used);
    _ct_zlift_set_ldl_min(0);
    flint_randclear(st);
    flint_cleanup();
    return check_finish("t-zlift");
}
