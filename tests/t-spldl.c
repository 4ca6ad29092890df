/* Tests of spldl (sparse LDL^T modulo a word prime) against FLINT's dense
   arithmetic modulo the same prime: random symmetric sparse integer matrices
   (weighted Laplacians plus a diagonal, and indefinite ones with random
   signs), primes of 58 bits and tiny ones (3 .. 31, where pivots vanish):
   whenever the factorization succeeds, det(A) equals nmod_mat_det and A X =
   B modulo p for the solve of random B with several columns; when it fails
   A must still be nonsingular or singular as FLINT says, and with a tiny
   prime failures must occur (a leading minor of P A P^T divisible by p). */
#include <stdio.h>
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>
#include "check.h"
#include "certune/spchol.h"
#include "certune/spldl.h"

/* A random symmetric n x n pattern with values: a path, random edges, every
   diagonal; Laplacian-like (signed: random signs everywhere). Dense copy D. */
static void random_sym(slong **start, slong **col, slong **val, fmpz_mat_t D, slong n,
                       int sign, flint_rand_t st)
{
    fmpz_mat_zero(D);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < i; j++)
            if (j == i - 1 || n_randint(st, n) < 2) {
                slong w = 1 + (slong)n_randint(st, 1000);
                if (sign && n_randint(st, 2))
                    w = -w;
                fmpz_sub_si(fmpz_mat_entry(D, i, j), fmpz_mat_entry(D, i, j), w);
                fmpz_sub_si(fmpz_mat_entry(D, j, i), fmpz_mat_entry(D, j, i), w);
                fmpz_add_si(fmpz_mat_entry(D, i, i), fmpz_mat_entry(D, i, i), w);
                fmpz_add_si(fmpz_mat_entry(D, j, j), fmpz_mat_entry(D, j, j), w);
            }
    for (slong i = 0; i < n; i++)
        fmpz_add_ui(fmpz_mat_entry(D, i, i), fmpz_mat_entry(D, i, i), n_randint(st, 3));
    slong nnz = 0;
    *start = flint_malloc((n + 1) * sizeof(slong));
    *col = flint_malloc(n * n * sizeof(slong));
    *val = flint_malloc(n * n * sizeof(slong));
    for (slong i = 0; i < n; i++) {
        (*start)[i] = nnz;
        for (slong j = 0; j < n; j++)
            if (i == j || !fmpz_is_zero(fmpz_mat_entry(D, i, j)))
                (*col)[nnz] = j, (*val)[nnz++] = fmpz_get_si(fmpz_mat_entry(D, i, j));
    }
    (*start)[n] = nnz;
}

static slong n_ok, n_refused;

/* One matrix, one prime: the factor's det and solve against FLINT's. */
static void check_one(const ct_spldl_sym_struct *Y, const slong *start, const slong *col,
                      const slong *val, const fmpz_mat_t D, ulong p, flint_rand_t st)
{
    slong n = D->r, c = 1 + (slong)n_randint(st, 4);
    nmod_t mod;
    nmod_init(&mod, p);
    ulong *v = flint_malloc(start[n] * sizeof(ulong));
    for (slong e = 0; e < start[n]; e++) {
        ulong r = n_mod2_preinv((ulong)FLINT_ABS(val[e]), p, mod.ninv);
        v[e] = val[e] < 0 ? nmod_neg(r, mod) : r;
    }
    nmod_mat_t A, B, X, AX;
    nmod_mat_init(A, n, n, p), nmod_mat_init(B, n, c, p);
    nmod_mat_init(X, n, c, p), nmod_mat_init(AX, n, c, p);
    fmpz_mat_get_nmod_mat(A, D);
    nmod_mat_randfull(B, st);
    ulong det = nmod_mat_det(A);
    ct_spldl_struct F;
    if (ct_spldl_factor(&F, Y, start, col, v, mod)) {
        ulong *w = flint_malloc(n * c * sizeof(ulong));
        nmod_mat_set(X, B);
        ct_spldl_solve(X->entries, &F, c, w);
        nmod_mat_mul(AX, A, X);
        CHECK_MSG(F.det == det && det != 0 && nmod_mat_equal(AX, B),
                  "n %ld, p %lu: det %lu against %lu, A X = B %d", (long)n, p, F.det, det,
                  nmod_mat_equal(AX, B));
        flint_free(w);
        ct_spldl_clear(&F);
        n_ok++;
    } else {
        n_refused++; /* a vanishing pivot: allowed, whatever det is */
    }
    nmod_mat_clear(A), nmod_mat_clear(B), nmod_mat_clear(X), nmod_mat_clear(AX);
    flint_free(v);
}

int main(void)
{
    flint_rand_t st;
    flint_randinit(st);
    if (ct_spchol_load(NULL, 0) != 0) {
        printf("t-spldl: SKIPPED: CHOLMOD not loadable\n");
        return 77;
    }
    slong tiny_refused = 0;
    for (slong trial = 0; trial < 60; trial++) {
        slong n = 1 + (slong)n_randint(st, 60), *start, *col, *val;
        fmpz_mat_t D;
        fmpz_mat_init(D, n, n);
        random_sym(&start, &col, &val, D, n, trial % 3 == 2, st);
        ct_spldl_sym_struct Y;
        CHECK(ct_spldl_sym_init(&Y, n, start, col, 1) == 0);
        ulong big = n_nextprime((UWORD(1) << 58) + n_randint(st, 1000), 1);
        check_one(&Y, start, col, val, D, big, st);
        slong before = n_refused;
        for (ulong p = 3; p < 32; p = n_nextprime(p, 1))
            check_one(&Y, start, col, val, D, p, st);
        tiny_refused += n_refused - before;
        ct_spldl_sym_clear(&Y);
        fmpz_mat_clear(D);
        flint_free(start), flint_free(col), flint_free(val);
    }
    printf("t-spldl: %ld factorizations checked against FLINT's det and solve, %ld "
           "refused (a pivot 0 mod p; %ld with the primes below 32)\n",
           (long)n_ok, (long)n_refused, (long)tiny_refused);
    CHECK(n_ok > 150 && tiny_refused > 20);
    flint_randclear(st);
    flint_cleanup();
    return check_finish("t-spldl");
}
