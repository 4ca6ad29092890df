/* t-ozaki: products of exact Arb matrices through dgemm (ozaki.c) against
   arb_mat_mul at 2000 bits (exact for these entries): every exact entry must
   lie in its ball, and each radius must stay within 2^-(prec - 24) of the
   row's and column's largest entries times k. Matrices: random entries of
   up to 128 bits over 80 binades, zeros, and rows built to cancel (C's
   entries far below the scales, where the slices' truncation shows); k up to
   400. Inexact entries are refused (1, C untouched). With the truncation's
   bound dropped (the test hook) containment must fail. Skipped, and counted
   so, when OpenBLAS cannot be loaded. */
#include <math.h>
#include "check.h"
#include "certune/blas.h"
#include "certune/ozaki.h"

static void rand_entry(arb_t x, flint_rand_t st, int bits, int emin, int emax)
{
    if (n_randint(st, 8) == 0) {
        arb_zero(x);
        return;
    }
    fmpz_t m;
    fmpz_init(m);
    fmpz_randbits(m, st, 1 + (slong)n_randint(st, (ulong)bits));
    arb_set_fmpz(x, m);
    arb_mul_2exp_si(x, x,
                    emin + (slong)n_randint(st, (ulong)(emax - emin + 1)) -
                        (slong)fmpz_bits(m));
    fmpz_clear(m);
}

/* A random, or with cancel rows i: A_i0 = 1, A_i1 = -1 and B's rows 0, 1 equal
   but for a tiny difference, the rest tiny: (A B)_ij far below the scales. */
static void make_pair(arb_mat_t A, arb_mat_t B, flint_rand_t st, int cancel)
{
    slong n = arb_mat_nrows(A), k = arb_mat_ncols(A), p = arb_mat_ncols(B);
    for (slong i = 0; i < n; i++)
        for (slong t = 0; t < k; t++)
            rand_entry(arb_mat_entry(A, i, t), st, 128, cancel ? -140 : -40,
                       cancel ? -120 : 40);
    for (slong t = 0; t < k; t++)
        for (slong j = 0; j < p; j++)
            rand_entry(arb_mat_entry(B, t, j), st, 128, cancel ? -140 : -40,
                       cancel ? -120 : 40);
    if (!cancel || k < 2)
        return;
    for (slong i = 0; i < n; i++)
        arb_one(arb_mat_entry(A, i, 0)), arb_set_si(arb_mat_entry(A, i, 1), -1);
    for (slong j = 0; j < p; j++) {
        rand_entry(arb_mat_entry(B, 0, j), st, 60, -2, 0);
        arb_t d;
        arb_init(d);
        rand_entry(d, st, 20, -100, -80);
        arb_add(arb_mat_entry(B, 1, j), arb_mat_entry(B, 0, j), d, 2000);
        arb_clear(d);
    }
}

/* 2^e >= max |x| over the row (rows) or column, as a mag. */
static void scale_of(mag_t s, const arb_mat_t M, slong i, int row)
{
    slong len = row ? arb_mat_ncols(M) : arb_mat_nrows(M);
    mag_t t;
    mag_init(t);
    mag_zero(s);
    for (slong u = 0; u < len; u++) {
        arb_get_mag(t, row ? arb_mat_entry(M, i, u) : arb_mat_entry(M, u, i));
        mag_max(s, s, t);
    }
    mag_clear(t);
}

static long n_entries, n_outside, n_wide;

static void check_product(flint_rand_t st, slong n, slong k, slong p, slong prec,
                          int cancel)
{
    arb_mat_t A, B, C, E;
    arb_mat_init(A, n, k), arb_mat_init(B, k, p), arb_mat_init(C, n, p),
        arb_mat_init(E, n, p);
    make_pair(A, B, st, cancel);
    arb_mat_mul_classical(E, A, B, 2000);
    int refused = ct_ozaki_mul(C, A, B, prec, 2);
    CHECK_MSG(!refused, "%ld x %ld x %ld refused", (long)n, (long)k, (long)p);
    mag_t ra, cb, lim;
    mag_init(ra), mag_init(cb), mag_init(lim);
    for (slong i = 0; i < n && !refused; i++) {
        scale_of(ra, A, i, 1);
        for (slong j = 0; j < p; j++) {
            scale_of(cb, B, j, 0);
            n_entries++;
            n_outside += !arb_contains(arb_mat_entry(C, i, j), arb_mat_entry(E, i, j));
            mag_mul(lim, ra, cb);
            mag_mul_ui(lim, lim, (ulong)k);
            mag_mul_2exp_si(lim, lim, 24 - prec);
            mag_add(lim, lim, arb_radref(arb_mat_entry(E, i, j))); /* E's own, ~2^-2000 */
            n_wide += mag_cmp(arb_radref(arb_mat_entry(C, i, j)), lim) > 0 &&
                      !(mag_is_zero(ra) || mag_is_zero(cb));
        }
    }
    mag_clear(ra), mag_clear(cb), mag_clear(lim);
    arb_mat_clear(A), arb_mat_clear(B), arb_mat_clear(C), arb_mat_clear(E);
}

/* The midpoints alone (ct_ozaki_approx_mul) of entries up to 200 bits (the
   top 128 read): within 2^(24 - prec) of the scales times k of the exact
   product, zero radii. */
static long n_approx, n_approx_far;

static void check_approx(flint_rand_t st, slong n, slong k, slong p)
{
    arb_mat_t A, B, C, E;
    arb_mat_init(A, n, k), arb_mat_init(B, k, p), arb_mat_init(C, n, p),
        arb_mat_init(E, n, p);
    for (slong i = 0; i < n; i++)
        for (slong t = 0; t < k; t++)
            rand_entry(arb_mat_entry(A, i, t), st, 200, -30, 30);
    for (slong t = 0; t < k; t++)
        for (slong j = 0; j < p; j++)
            rand_entry(arb_mat_entry(B, t, j), st, 200, -30, 30);
    arb_mat_mul_classical(E, A, B, 2000);
    CHECK(ct_ozaki_approx_mul(C, A, B, 128, 2) == 0);
    mag_t ra, cb, lim, d;
    mag_init(ra), mag_init(cb), mag_init(lim), mag_init(d);
    arb_t x;
    arb_init(x);
    for (slong i = 0; i < n; i++) {
        scale_of(ra, A, i, 1);
        for (slong j = 0; j < p; j++) {
            scale_of(cb, B, j, 0);
            arb_sub(x, arb_mat_entry(C, i, j), arb_mat_entry(E, i, j), 2000);
            arb_get_mag(d, x);
            mag_mul(lim, ra, cb);
            mag_mul_ui(lim, lim, (ulong)k);
            mag_mul_2exp_si(lim, lim, 24 - 128);
            n_approx++;
            n_approx_far +=
                mag_cmp(d, lim) > 0 || !mag_is_zero(arb_radref(arb_mat_entry(C, i, j)));
        }
    }
    arb_clear(x);
    mag_clear(ra), mag_clear(cb), mag_clear(lim), mag_clear(d);
    arb_mat_clear(A), arb_mat_clear(B), arb_mat_clear(C), arb_mat_clear(E);
}

static void run(flint_rand_t st)
{
    static const slong shapes[][4] = {
        {1, 1, 1, 128},    {3, 5, 2, 128},   {17, 40, 9, 128}, {40, 122, 40, 128},
        {30, 400, 7, 128}, {20, 60, 20, 60}, {64, 33, 64, 96}};
    n_entries = n_outside = n_wide = 0;
    for (int r = 0; r < 3; r++)
        for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++)
            for (int cancel = 0; cancel < 2; cancel++)
                check_product(st, shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3],
                              cancel);
}

int main(void)
{
    if (ct_blas_load(NULL, 0) != 0) {
        printf("t-ozaki: SKIPPED: OpenBLAS not loadable\n");
        return 77;
    }
    flint_rand_t st;
    flint_randinit(st);
    run(st);
    printf(
        "t-ozaki: %ld entries, %ld outside their ball, %ld wider than 2^(24 - prec) of "
        "the scales\n",
        n_entries, n_outside, n_wide);
    CHECK(n_entries > 10000 && n_outside == 0 && n_wide == 0);
    for (int r = 0; r < 4; r++)
        check_approx(st, 5 + r * 20, 7 + r * 50, 3 + r * 11);
    printf("t-ozaki: midpoints only: %ld entries, %ld off by more than 2^(24 - prec) of "
           "the scales (or with a radius)\n",
           n_approx, n_approx_far);
    CHECK(n_approx > 1000 && n_approx_far == 0);
    _ct_ozaki_set_loose(1);
    run(st);
    _ct_ozaki_set_loose(0);
    printf("t-ozaki: without the truncation's bound %ld of %ld entries outside\n",
           n_outside, n_entries);
    CHECK(n_outside > 0);
    arb_mat_t A, B, C;
    arb_mat_init(A, 2, 2), arb_mat_init(B, 2, 2), arb_mat_init(C, 2, 2);
    arb_set_d(arb_mat_entry(A, 0, 0), 1.5);
    mag_set_d(arb_radref(arb_mat_entry(A, 1, 1)), 1e-30); /* inexact: refused */
    arb_set_si(arb_mat_entry(C, 0, 0), 7);
    CHECK(ct_ozaki_mul(C, A, B, 128, 1) == 1 && arb_equal_si(arb_mat_entry(C, 0, 0), 7));
    arb_mat_clear(A), arb_mat_clear(B), arb_mat_clear(C);
    flint_randclear(st);
    flint_cleanup_master();
    return check_finish("t-ozaki");
}
