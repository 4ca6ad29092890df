/* rational: small exact helpers on rationals. */
#include "certune/rational.h"

/* The simplest rational in the open interval (a, b) with 0 <= a < b, or
   (a, +inf) when b is NULL. Walks the Stern–Brocot tree by continued
   fractions: while both ends share the integer part n (b <= n + 1), the answer
   is n + 1 / (simplest in (1 / (b - n), 1 / (a - n))); once an integer fits
   strictly inside, floor(a) + 1 ends the expansion. The convergent p / q of the
   partial quotients is the result, and it minimises numerator and denominator
   at once among the rationals of the interval. */
static void _rational_simplest_nonneg(fmpq_t res, const fmpq_t a0, const fmpq_t b0)
{
    fmpq_t a, b, t;
    fmpz_t n, p, q, p1, q1;
    int binf = b0 == NULL;

    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(t);
    fmpz_init(n);
    fmpz_init(p);
    fmpz_init(q);
    fmpz_init(p1);
    fmpz_init(q1);
    fmpq_set(a, a0);
    if (!binf)
        fmpq_set(b, b0);
    /* (p, q) and (p1, q1): the last two convergents, starting from 1/0, 0/1 */
    fmpz_one(p);
    fmpz_zero(q);
    fmpz_zero(p1);
    fmpz_one(q1);
    for (;;) {
        fmpz_fdiv_q(n, fmpq_numref(a), fmpq_denref(a));
        fmpz_add_ui(n, n, 1);
        if (!binf && fmpq_cmp_fmpz(b, n) <= 0)
            fmpz_sub_ui(n, n, 1);
        else
            binf = 1; /* n = floor(a) + 1 lies strictly inside: last quotient */
        /* (p, q), (p1, q1) <- (n p + p1, n q + q1), (p, q) */
        fmpz_swap(p, p1);
        fmpz_swap(q, q1);
        fmpz_addmul(p, n, p1);
        fmpz_addmul(q, n, q1);
        if (binf)
            break;
        /* (a, b) <- (1 / (b - n), 1 / (a - n)), the upper end infinite if a = n */
        fmpq_sub_fmpz(t, b, n);
        fmpq_sub_fmpz(b, a, n);
        fmpq_inv(a, t);
        binf = fmpq_is_zero(b);
        if (!binf)
            fmpq_inv(b, b);
    }
    fmpq_set_fmpz_frac(res, p, q);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(t);
    fmpz_clear(n);
    fmpz_clear(p);
    fmpz_clear(q);
    fmpz_clear(p1);
    fmpz_clear(q1);
}

void ct_rational_simplest_between(fmpq_t q, const fmpq_t a, const fmpq_t b)
{
    fmpq_t na, nb;

    if (fmpq_sgn(a) < 0 && fmpq_sgn(b) > 0) {
        fmpq_zero(q);
    } else if (fmpq_sgn(a) >= 0) {
        _rational_simplest_nonneg(q, a, b);
    } else {
        /* a < b <= 0: mirror to 0 <= -b < -a */
        fmpq_init(na);
        fmpq_init(nb);
        fmpq_neg(na, a);
        fmpq_neg(nb, b);
        _rational_simplest_nonneg(q, nb, na);
        fmpq_neg(q, q);
        fmpq_clear(na);
        fmpq_clear(nb);
    }
}

void ct_rational_simplest_above(fmpq_t q, const fmpq_t a)
{
    fmpz_t n;

    fmpz_init(n);
    fmpz_fdiv_q(n, fmpq_numref(a), fmpq_denref(a));
    fmpz_add_ui(n, n, 1);
    fmpq_set_fmpz(q, n);
    fmpz_clear(n);
}
