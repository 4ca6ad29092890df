/* expsum_narrow: shrinking an isolating interval of a simple zero, by a
   floating-point Newton guess that Arb certifies, or by Arb bisection. */
#include <math.h>
#include "certune/expsum.h"
#include "expsum_internal.h"

#define EXPSUM_GUESS_BITS 40

/* A double approximation of the zero of h in (xl, xh) (sign slo at xl) by
   safeguarded Newton; NAN on failure. Only a guess: certified afterwards. */
static double _expsum_guess(const ct_expsum_t h, double xl, double xh, int slo)
{
    slong n = h->len, t, it;
    double *a = flint_malloc(2 * n * sizeof(double)), *l = a + n;
    double x = 0.5 * (xl + xh), xn, f, df, e;

    for (t = 0; t < n; t++) {
        a[t] = fmpz_get_d(h->coef + t);
        l[t] = log(fmpz_get_d(h->base + t));
    }
    for (it = 0; it < 64; it++) {
        for (f = df = 0, t = 0; t < n; t++) {
            e = a[t] * exp(x * l[t]);
            f += e;
            df += e * l[t];
        }
        if (!isfinite(f) || !isfinite(df)) {
            x = NAN;
            break;
        }
        if (f == 0)
            break;
        if ((f > 0) == (slo > 0))
            xl = x;
        else
            xh = x;
        xn = df != 0 ? x - f / df : NAN;
        if (!(xn > xl && xn < xh))
            xn = 0.5 * (xl + xh);
        e = fabs(xn - x);
        x = xn;
        if (e < 1e-15)
            break;
    }
    flint_free(a);
    return x;
}

/* Replaces [lo, hi] by [(G - 1) 2^-K, (G + 1) 2^-K] (G = g 2^K rounded) when
   Arb certifies the signs there; returns 1 on success. */
static int _expsum_bracket(ct_expsum_ctx_t c, fmpq_t lo, fmpq_t hi, int slo, double g,
                           slong K)
{
    fmpq_t L, H;
    int ok = 0;

    fmpq_init(L);
    fmpq_init(H);
    fmpz_set_d(fmpq_numref(L), ldexp(g, K));
    fmpz_add_ui(fmpq_numref(H), fmpq_numref(L), 1);
    fmpz_sub_ui(fmpq_numref(L), fmpq_numref(L), 1);
    fmpq_div_2exp(L, L, K);
    fmpq_div_2exp(H, H, K);
    if (fmpq_cmp(L, lo) > 0 && fmpq_cmp(H, hi) < 0 && _ct_expsum_ctx_sign(c, L) == slo &&
        _ct_expsum_ctx_sign(c, H) == -slo) {
        fmpq_swap(lo, L);
        fmpq_swap(hi, H);
        ok = 1;
    }
    fmpq_clear(L);
    fmpq_clear(H);
    return ok;
}

/* A bracket around the guess of relative width about 2^-40, else 2^-26,
   2^-12 (cancellation can spoil the guess); returns 1 on success. */
static int _expsum_narrow_guess(ct_expsum_ctx_t c, fmpq_t lo, fmpq_t hi, int slo)
{
    double g = _expsum_guess(c->h, fmpq_get_d(lo), fmpq_get_d(hi), slo);
    slong K, j;

    if (!(g > 0 && g < 1))
        return 0;
    K = EXPSUM_GUESS_BITS + FLINT_MIN(1000, FLINT_MAX(0, -ilogb(g) - 1));
    /* the precision of the cancellation first, of the coefficients second */
    _ct_expsum_ctx_set_prec(c, FLINT_MAX(64, K + 16 + _ct_expsum_end_cancellation(c->h)));
    if (_expsum_bracket(c, lo, hi, slo, g, K))
        return 1;
    _ct_expsum_ctx_set_prec(c, FLINT_MAX(64, K + 16 + _ct_expsum_coef_bits(c->h)));
    for (j = 0; j < 3; j++)
        if (_expsum_bracket(c, lo, hi, slo, g, K - 14 * j))
            return 1;
    return 0;
}

/* One Arb bisection step (midpoint, else a point 3/8 or 5/8 across);
   returns 0 when no sign is decided. */
static int _expsum_narrow_step(ct_expsum_ctx_t c, fmpq_t lo, fmpq_t hi, int slo)
{
    static const int num[3] = {4, 3, 5};
    fmpq_t m, w;
    int i, s = 2;

    fmpq_init(m);
    fmpq_init(w);
    fmpq_sub(w, hi, lo);
    for (i = 0; i < 3 && (s == 2 || s == 0); i++) {
        fmpq_mul_ui(m, w, num[i]);
        fmpq_div_2exp(m, m, 3);
        fmpq_add(m, m, lo);
        s = _ct_expsum_ctx_sign(c, m);
    }
    if (s == slo)
        fmpq_swap(lo, m);
    else if (s == -slo)
        fmpq_swap(hi, m);
    fmpq_clear(m);
    fmpq_clear(w);
    return s == 1 || s == -1;
}

static int _expsum_wider(const fmpq_t lo, const fmpq_t hi, slong bits)
{
    fmpq_t w;
    int r;

    fmpq_init(w);
    fmpq_sub(w, hi, lo);
    fmpq_mul_2exp(w, w, bits);
    r = fmpz_cmp(fmpq_numref(w), fmpq_denref(w)) > 0;
    fmpq_clear(w);
    return r;
}

void _ct_expsum_narrow(ct_expsum_ctx_t c, fmpq_t lo, fmpq_t hi, int slo, slong bits)
{
    if (!_expsum_wider(lo, hi, bits))
        return;
    if (_expsum_narrow_guess(c, lo, hi, slo))
        return;
    while (_expsum_wider(lo, hi, bits) && _expsum_narrow_step(c, lo, hi, slo))
        ;
}
