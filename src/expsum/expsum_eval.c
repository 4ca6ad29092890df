/* expsum_eval: Arb enclosures of h, h', h'' and exact signs at rationals. */
#include <flint/fmpz_vec.h>
#include "certune/expsum.h"
#include "expsum_internal.h"

void _ct_expsum_arb_set_fmpq(arb_t x, const fmpq_t q, slong prec)
{
    const fmpz *den = fmpq_denref(q);

    if ((slong)fmpz_val2(den) + 1 == (slong)fmpz_bits(den) &&
        (slong)fmpz_bits(fmpq_numref(q)) <= prec) {
        arb_set_fmpz(x, fmpq_numref(q));
        arb_mul_2exp_si(x, x, -(slong)fmpz_val2(den));
    } else {
        arb_set_fmpq(x, q, prec);
    }
}

void _ct_expsum_ctx_init(ct_expsum_ctx_t c, const ct_expsum_t h, slong prec)
{
    c->h = h;
    c->prec = 0;
    c->lprec = 0;
    c->logs = _arb_vec_init(FLINT_MAX(h->len, 1));
    c->coefs = _arb_vec_init(FLINT_MAX(h->len, 1));
    arb_init(c->e);
    arb_init(c->t);
    arb_init(c->x);
    arb_init(c->hm);
    arb_init(c->dm);
    arb_init(c->hx);
    arb_init(c->dx);
    arb_init(c->d2x);
    _ct_expsum_ctx_set_prec(c, prec);
}

void _ct_expsum_ctx_clear(ct_expsum_ctx_t c)
{
    _arb_vec_clear(c->logs, FLINT_MAX(c->h->len, 1));
    _arb_vec_clear(c->coefs, FLINT_MAX(c->h->len, 1));
    arb_clear(c->e);
    arb_clear(c->t);
    arb_clear(c->x);
    arb_clear(c->hm);
    arb_clear(c->dm);
    arb_clear(c->hx);
    arb_clear(c->dx);
    arb_clear(c->d2x);
}

void _ct_expsum_ctx_set_prec(ct_expsum_ctx_t c, slong prec)
{
    c->prec = FLINT_MAX(c->prec, prec);
}

static void _expsum_ctx_logs(ct_expsum_ctx_t c)
{
    slong t;

    if (c->lprec >= c->prec)
        return;
    c->lprec = c->prec;
    for (t = 0; t < c->h->len; t++) {
        arb_log_fmpz(c->logs + t, c->h->base + t, c->prec + 16);
        arb_set_round_fmpz(c->coefs + t, c->h->coef + t, c->prec + 64);
    }
}

void _ct_expsum_ctx_eval(ct_expsum_ctx_t c, arb_t y, arb_t dy, arb_t d2y, const arb_t x)
{
    const ct_expsum_struct *h = c->h;
    slong t, prec = c->prec;

    _expsum_ctx_logs(c);
    if (y != NULL)
        arb_zero(y);
    if (dy != NULL)
        arb_zero(dy);
    if (d2y != NULL)
        arb_zero(d2y);
    for (t = 0; t < h->len; t++) {
        if (fmpz_is_one(h->base + t)) {
            if (y != NULL)
                arb_add(y, y, c->coefs + t, prec);
            continue;
        }
        arb_mul(c->e, x, c->logs + t, prec);
        arb_exp(c->e, c->e, prec);
        if (y != NULL)
            arb_addmul(y, c->e, c->coefs + t, prec);
        if (dy == NULL && d2y == NULL)
            continue;
        arb_mul(c->e, c->e, c->logs + t, prec);
        if (dy != NULL)
            arb_addmul(dy, c->e, c->coefs + t, prec);
        if (d2y != NULL) {
            arb_mul(c->e, c->e, c->logs + t, prec);
            arb_addmul(d2y, c->e, c->coefs + t, prec);
        }
    }
}

static int _expsum_arb_sign(const arb_t y)
{
    if (arb_is_positive(y))
        return 1;
    if (arb_is_negative(y))
        return -1;
    return arb_is_zero(y) ? 0 : 2;
}

int _ct_expsum_ctx_sign(ct_expsum_ctx_t c, const fmpq_t q)
{
    _ct_expsum_arb_set_fmpq(c->x, q, c->prec);
    _ct_expsum_ctx_eval(c, c->hm, NULL, NULL, c->x);
    return _expsum_arb_sign(c->hm);
}

/* y = f(m) + f'(X) (X - m), intersected with the naive y (r: X = m +- r) */
static void _expsum_mean_value(arb_t y, const arb_t fm, const arb_t dfx, const arb_t r,
                               arb_t t, slong prec)
{
    arb_zero(t);
    arb_add_error(t, r);
    arb_mul(t, t, dfx, prec);
    arb_add(t, t, fm, prec);
    if (!arb_intersection(y, y, t, prec))
        arb_set(y, t); /* cannot happen: both enclose the same range */
}

void _ct_expsum_ctx_interval(int *sh, int *sd, ct_expsum_ctx_t c, const fmpq_t a,
                             const fmpq_t b)
{
    fmpq_t m;
    arb_t r;
    slong prec = c->prec;

    fmpq_init(m);
    arb_init(r);
    fmpq_add(m, a, b);
    fmpq_div_2exp(m, m, 1);
    _ct_expsum_arb_set_fmpq(c->x, m, prec);
    _ct_expsum_ctx_eval(c, c->hm, c->dm, NULL, c->x);
    fmpq_sub(m, b, m);
    _ct_expsum_arb_set_fmpq(r, m, prec);
    arb_add_error(c->x, r);
    _ct_expsum_ctx_eval(c, c->hx, c->dx, c->d2x, c->x);
    _expsum_mean_value(c->hx, c->hm, c->dx, r, c->t, prec);
    _expsum_mean_value(c->dx, c->dm, c->d2x, r, c->t, prec);
    *sh = _expsum_arb_sign(c->hx);
    *sd = _expsum_arb_sign(c->dx);
    if (*sh == 0)
        *sh = 2;
    if (*sd == 0)
        *sd = 2;
    fmpq_clear(m);
    arb_clear(r);
}

void ct_expsum_eval_arb(arb_t y, arb_t dy, const ct_expsum_t h, const arb_t x, slong prec)
{
    ct_expsum_ctx_t c;

    _ct_expsum_ctx_init(c, h, prec);
    _ct_expsum_ctx_eval(c, y, dy, NULL, x);
    _ct_expsum_ctx_clear(c);
}
