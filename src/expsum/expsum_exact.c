/* expsum_exact: exact signs of exponential sums at rationals: Arb at rising
   precision, and an exact zero test by the linear independence of real
   radicals (docs/expsum.md). */
#include <flint/fmpq_vec.h>
#include "certune/expsum.h"
#include "expsum_internal.h"

/* Whether P > 0 is a perfect v-th power; sets root. */
static int _expsum_is_power(fmpz_t root, const fmpz_t P, const fmpz_t v)
{
    fmpz_t t;
    int ok;

    if (fmpz_is_one(P)) {
        fmpz_one(root);
        return 1;
    }
    /* a root >= 2 needs P >= 2^v */
    if (fmpz_cmp_ui(v, fmpz_bits(P) - 1) > 0)
        return 0;
    fmpz_init(t);
    fmpz_root(root, P, fmpz_get_si(v));
    fmpz_pow_ui(t, root, fmpz_get_ui(v));
    ok = fmpz_equal(t, P);
    fmpz_clear(t);
    return ok;
}

/* Sets w to (b / a)^q if that is rational (returns 1); q = u / v reduced. */
static int _expsum_ratio_power(fmpq_t w, const fmpz_t b, const fmpz_t a, const fmpq_t q)
{
    fmpz_t rp, rq;
    int ok;

    fmpz_init(rp);
    fmpz_init(rq);
    fmpq_set_fmpz_frac(w, b, a);
    ok = _expsum_is_power(rp, fmpq_numref(w), fmpq_denref(q)) &&
         _expsum_is_power(rq, fmpq_denref(w), fmpq_denref(q)) &&
         fmpz_fits_si(fmpq_numref(q));
    if (ok) {
        fmpq_set_fmpz_frac(w, rp, rq);
        fmpq_pow_si(w, w, fmpz_get_si(fmpq_numref(q)));
    }
    fmpz_clear(rp);
    fmpz_clear(rq);
    return ok;
}

/* h(q) = sum_c x_c S_c over classes c of terms whose B^q differ by rational
   factors (x_c = B_rep^q, S_c = sum A_t (B_t / B_rep)^q). Real radicals x_c
   (x_c^v rational) with pairwise irrational ratios are linearly independent
   over Q, so h(q) = 0 iff every S_c = 0. */
int _ct_expsum_is_zero_at(const ct_expsum_t h, const fmpq_t q)
{
    slong n = h->len, t, s, k = 0;
    slong *rep = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    fmpq *sum = _fmpq_vec_init(FLINT_MAX(n, 1));
    fmpq_t w;
    int zero = 1;

    fmpq_init(w);
    for (t = 0; t < n; t++) {
        for (s = 0; s < k; s++)
            if (_expsum_ratio_power(w, h->base + t, h->base + rep[s], q))
                break;
        if (s == k) {
            rep[k++] = t;
            fmpq_one(w);
        }
        fmpq_mul_fmpz(w, w, h->coef + t);
        fmpq_add(sum + s, sum + s, w);
    }
    for (s = 0; s < k; s++)
        zero = zero && fmpq_is_zero(sum + s);
    fmpq_clear(w);
    _fmpq_vec_clear(sum, FLINT_MAX(n, 1));
    flint_free(rep);
    return zero;
}

int ct_expsum_sign_fmpq(const ct_expsum_t h, const fmpq_t q)
{
    ct_expsum_ctx_t c;
    slong prec, i;
    int s = 2;

    if (h->len == 0)
        return 0;
    if (fmpq_is_zero(q) || fmpq_is_one(q))
        return ct_expsum_sign_at_end(h, fmpq_is_one(q));
    prec = 64 + fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q));
    /* first at the precision the cancellation asks for, then as before */
    _ct_expsum_ctx_init(c, h, prec + _ct_expsum_end_cancellation(h));
    s = _ct_expsum_ctx_sign(c, q);
    prec += _ct_expsum_coef_bits(h);
    for (i = 0; s == 2; i++) {
        if (i == 2 && _ct_expsum_is_zero_at(h, q)) {
            s = 0;
            break;
        }
        _ct_expsum_ctx_set_prec(c, prec << i);
        s = _ct_expsum_ctx_sign(c, q);
    }
    _ct_expsum_ctx_clear(c);
    return s;
}
