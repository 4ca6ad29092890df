/* alpha_square: square classes of a component's labeled degrees without
   factoring. A degree that is the product of two 41-digit primes would send
   fmpz_factor into its quadratic sieve for minutes (leaving *siqs.dat files in
   the working directory); square classes only need a coprime basis.

   Small primes (below ALPHA_SMALL_PRIMES_END) are divided out first, so usual
   degrees never reach the basis. The cofactors are refined into pairwise
   coprime b_1..b_s by gcds (each split lowers the product of the pending
   numbers, so it ends), and every b_i that is a perfect square is replaced by
   its root. Then no nonempty product of distinct b_i is a square (coprime
   factors of a square are squares), so d = q^2 r with r the product of the
   small primes and b_i of odd exponent is the same r for exactly the degrees
   of one square class, and the sqrt(r) of distinct classes are linearly
   independent over Q. r need not be squarefree (a b_i may be p^2 q). */
#include <flint/fmpz.h>
#include <flint/fmpz_vec.h>
#include <flint/ulong_extras.h>
#include "alpha_internal.h"

#define ALPHA_SMALL_PRIMES_END 1024

typedef struct {
    fmpz *b;
    slong len, alloc;
} alpha_basis;

static void basis_push(alpha_basis *B, const fmpz_t x)
{
    if (B->len == B->alloc) {
        slong alloc = FLINT_MAX(8, 2 * B->alloc);
        B->b = flint_realloc(B->b, alloc * sizeof(fmpz));
        for (slong i = B->alloc; i < alloc; i++)
            fmpz_init(B->b + i);
        B->alloc = alloc;
    }
    fmpz_set(B->b + B->len++, x);
}

/* Adds y > 1 to the pairwise coprime B, splitting on common factors. */
static void basis_insert(alpha_basis *B, const fmpz_t y)
{
    alpha_basis work = {NULL, 0, 0};
    fmpz_t x, g;
    fmpz_init(x), fmpz_init(g);
    basis_push(&work, y);
    while (work.len > 0) {
        fmpz_swap(x, work.b + --work.len);
        if (fmpz_is_one(x))
            continue;
        slong i = 0;
        while (i < B->len && (fmpz_gcd(g, x, B->b + i), fmpz_is_one(g)))
            i++;
        if (i == B->len) {
            basis_push(B, x);
            continue;
        }
        fmpz_divexact(B->b + i, B->b + i, g); /* b / g, g, x / g replace b, x */
        basis_push(&work, B->b + i);
        basis_push(&work, g);
        fmpz_divexact(x, x, g);
        basis_push(&work, x);
        fmpz_swap(B->b + i, B->b + --B->len);
    }
    for (slong i = 0; i < B->len; i++)
        while (fmpz_is_square(B->b + i))
            fmpz_sqrt(B->b + i, B->b + i);
    _fmpz_vec_clear(work.b, work.alloc);
    fmpz_clear(x), fmpz_clear(g);
}

/* Divides the small primes out of d into q^2 r; returns the cofactor in m. */
static void square_small(fmpz_t q, fmpz_t r, fmpz_t m, const fmpz_t d)
{
    fmpz_t p;
    fmpz_init(p);
    fmpz_one(q), fmpz_one(r);
    fmpz_abs(m, d);
    for (ulong pr = 2; pr < ALPHA_SMALL_PRIMES_END; pr = n_nextprime(pr, 1)) {
        fmpz_set_ui(p, pr);
        slong e = fmpz_remove(m, m, p);
        if (e % 2)
            fmpz_mul_ui(r, r, pr);
        for (slong k = 0; k < e / 2; k++)
            fmpz_mul_ui(q, q, pr);
    }
    fmpz_clear(p);
}

void ct_alpha_square_parts(fmpz *q, fmpz *r, const fmpz *d, slong len)
{
    alpha_basis B = {NULL, 0, 0};
    fmpz *m = _fmpz_vec_init(FLINT_MAX(len, 1));
    fmpz_t t;
    fmpz_init(t);
    for (slong j = 0; j < len; j++) {
        square_small(q + j, r + j, m + j, d + j);
        if (!fmpz_is_one(m + j))
            basis_insert(&B, m + j);
    }
    for (slong j = 0; j < len; j++)
        for (slong i = 0; i < B.len && !fmpz_is_one(m + j); i++) {
            slong e = fmpz_remove(m + j, m + j, B.b + i);
            if (e % 2)
                fmpz_mul(r + j, r + j, B.b + i);
            fmpz_pow_ui(t, B.b + i, e / 2);
            fmpz_mul(q + j, q + j, t);
        }
    _fmpz_vec_clear(B.b, B.alloc);
    _fmpz_vec_clear(m, FLINT_MAX(len, 1));
    fmpz_clear(t);
}
