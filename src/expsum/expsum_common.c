/* expsum_common: exact equality of zeros of two exponential sums whose bases
   are all powers of one integer n. Then h(x) = P(n^x) with an integer
   polynomial P, y = n^x is increasing, and two zeros are equal exactly when
   y is a common root of P_a and P_b. */
#include <flint/fmpz_poly.h>
#include "certune/expsum.h"
#include "expsum_internal.h"

/* B = n^k with n not a perfect power (B >= 2). */
static slong _expsum_min_root(fmpz_t n, const fmpz_t B)
{
    slong e = 1, k;
    fmpz_t r;
    fmpz_init(r);
    fmpz_set(n, B);
    while ((k = fmpz_is_perfect_power(r, n)) > 1) {
        fmpz_swap(n, r);
        e *= k;
    }
    fmpz_clear(r);
    return e;
}

/* P with h(x) = P(n^x); returns 0 when some base is not a power of n (n is
   set from the first base >= 2 when still 0). */
static int _expsum_as_poly(fmpz_poly_t P, fmpz_t n, const ct_expsum_t h)
{
    fmpz_t m;
    fmpz_init(m);
    int ok = 1;
    fmpz_poly_zero(P);
    for (slong t = 0; t < h->len && ok; t++) {
        slong k = 0;
        if (!fmpz_is_one(h->base + t)) {
            k = _expsum_min_root(m, h->base + t);
            if (fmpz_is_zero(n))
                fmpz_set(n, m);
            ok = fmpz_equal(n, m) && k <= 4096;
        }
        if (ok)
            fmpz_poly_set_coeff_fmpz(P, k, h->coef + t);
    }
    fmpz_clear(m);
    return ok;
}

/* 1: the zeros of a and b are equal; 0: they differ; -1: not decided here.
   G = gcd(P_a, P_b) has at most one root in the y-image of a's interval (a
   simple root of P_a there: y_a), so a sign change of G(n^x) across the
   intersection J of the two intervals proves y_a in it and G(y_a) = 0: a is a
   zero of b's sum inside b's interval, which holds only b. No sign change (both
   ends nonzero) proves G(y_a) != 0 or a outside J: a != b. */
int _ct_expsum_root_equal_common_base(const ct_expsum_root_t a, const ct_expsum_root_t b)
{
    fmpz_poly_t Pa, Pb, G;
    fmpz_t n;
    fmpz_poly_init(Pa), fmpz_poly_init(Pb), fmpz_poly_init(G);
    fmpz_init(n);
    int res = -1;
    if (_expsum_as_poly(Pa, n, &a->fn) && _expsum_as_poly(Pb, n, &b->fn) &&
        !fmpz_is_zero(n)) {
        fmpz_poly_gcd(G, Pa, Pb);
        res = 0;
        if (fmpz_poly_degree(G) >= 1) {
            ct_expsum_t g;
            ct_expsum_init(g);
            fmpz *base = _fmpz_vec_init(G->length);
            for (slong i = 0; i < G->length; i++)
                fmpz_pow_ui(base + i, n, (ulong)i);
            ct_expsum_set_terms(g, G->coeffs, base, G->length);
            const fmpq *lo = fmpq_cmp(a->lo, b->lo) > 0 ? a->lo : b->lo;
            const fmpq *hi = fmpq_cmp(a->hi, b->hi) < 0 ? a->hi : b->hi;
            int sl = ct_expsum_sign_fmpq(g, lo), sh = ct_expsum_sign_fmpq(g, hi);
            res = sl == 0 || sh == 0 ? -1 : sl != sh;
            _fmpz_vec_clear(base, G->length);
            ct_expsum_clear(g);
        }
    }
    fmpz_poly_clear(Pa), fmpz_poly_clear(Pb), fmpz_poly_clear(G);
    fmpz_clear(n);
    return res;
}
