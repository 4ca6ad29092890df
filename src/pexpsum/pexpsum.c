/* pexpsum: sums sum_t P_t(c) B_t^d with P_t in Z[c]: terms, normalization,
   ball evaluation of their partial derivatives, exact signs at rationals. */
#include <stdlib.h>
#include <string.h>
#include "certune/expsum.h"
#include "certune/pexpsum.h"
#include "pexpsum_internal.h"

void ct_pexpsum_init(ct_pexpsum_t h)
{
    h->len = 0;
    h->coef = NULL;
    h->base = NULL;
}

void ct_pexpsum_clear(ct_pexpsum_t h)
{
    for (slong t = 0; t < h->len; t++)
        fmpz_poly_clear(h->coef + t);
    flint_free(h->coef);
    _fmpz_vec_clear(h->base, h->len);
    ct_pexpsum_init(h);
}

void ct_pexpsum_set(ct_pexpsum_t h, const ct_pexpsum_t g)
{
    if (h != g)
        ct_pexpsum_set_terms(h, g->coef, g->base, g->len);
}

void ct_pexpsum_set_terms(ct_pexpsum_t h, const fmpz_poly_struct *coef, const fmpz *base,
                          slong n)
{
    /* merged into fresh arrays first: coef may point into h */
    slong len = 0;
    fmpz_poly_struct *P = flint_malloc(FLINT_MAX(n, 1) * sizeof(fmpz_poly_struct));
    fmpz *B = _fmpz_vec_init(FLINT_MAX(n, 1));
    for (slong i = 0; i < n; i++) {
        slong t = 0;
        while (t < len && fmpz_cmp(B + t, base + i) < 0)
            t++;
        if (t < len && fmpz_equal(B + t, base + i)) {
            fmpz_poly_add(P + t, P + t, coef + i);
            continue;
        }
        for (slong s = len; s > t; s--) {
            P[s] = P[s - 1];
            fmpz_swap(B + s, B + s - 1);
        }
        fmpz_poly_init(P + t);
        fmpz_poly_set(P + t, coef + i);
        fmpz_set(B + t, base + i);
        len++;
    }
    slong k = 0;
    for (slong t = 0; t < len; t++) {
        if (fmpz_poly_is_zero(P + t)) {
            fmpz_poly_clear(P + t);
            continue;
        }
        P[k] = P[t];
        fmpz_swap(B + k, B + t);
        k++;
    }
    for (slong t = k; t < FLINT_MAX(n, 1); t++)
        fmpz_clear(B + t); /* the tail: dropped bases (the array stays) */
    ct_pexpsum_clear(h);
    h->len = k;
    h->coef = P;
    h->base = B;
}

void ct_pexpsum_normalize(fmpz_poly_t content, ct_pexpsum_t h)
{
    fmpz_poly_zero(content);
    for (slong t = 0; t < h->len; t++)
        fmpz_poly_gcd(content, content, h->coef + t);
    if (h->len == 0)
        fmpz_poly_one(content);
    if (fmpz_sgn(fmpz_poly_lead(content)) < 0)
        fmpz_poly_neg(content, content);
    int neg = h->len > 0 && fmpz_sgn(fmpz_poly_lead(h->coef + h->len - 1)) < 0;
    for (slong t = 0; t < h->len; t++) {
        fmpz_poly_div(h->coef + t, h->coef + t, content);
        if (neg) /* h and -h have one curve: one form */
            fmpz_poly_neg(h->coef + t, h->coef + t);
    }
}

int ct_pexpsum_is_zero(const ct_pexpsum_t h)
{
    return h->len == 0;
}

int ct_pexpsum_equal(const ct_pexpsum_t h, const ct_pexpsum_t g)
{
    if (h->len != g->len)
        return 0;
    for (slong t = 0; t < h->len; t++)
        if (!fmpz_equal(h->base + t, g->base + t) ||
            !fmpz_poly_equal(h->coef + t, g->coef + t))
            return 0;
    return 1;
}

int ct_pexpsum_equal_scaled(const ct_pexpsum_t h, const ct_pexpsum_t g)
{
    if (h->len != g->len || h->len == 0)
        return h->len == g->len;
    fmpz_t u, v;
    fmpz_init(u), fmpz_init(v);
    int eq = 1;
    for (slong t = 0; eq && t < h->len; t++) {
        fmpz_mul(u, h->base + t, g->base + 0);
        fmpz_mul(v, g->base + t, h->base + 0);
        eq = fmpz_equal(u, v) && fmpz_poly_equal(h->coef + t, g->coef + t);
    }
    fmpz_clear(u), fmpz_clear(v);
    return eq;
}

int ct_pexpsum_is_const_d(const ct_pexpsum_t h)
{
    return h->len == 0 || (h->len == 1 && fmpz_is_one(h->base));
}

void _ct_pexpsum_poly_der(arb_t y, const fmpz_poly_t P, const arb_t c, slong ic,
                          slong prec)
{
    fmpz_poly_t D;
    fmpz_poly_init(D);
    fmpz_poly_set(D, P);
    for (slong i = 0; i < ic; i++)
        fmpz_poly_derivative(D, D);
    arb_zero(y);
    for (slong k = fmpz_poly_degree(D); k >= 0; k--) {
        arb_mul(y, y, c, prec);
        arb_add_fmpz(y, y, D->coeffs + k, prec);
    }
    fmpz_poly_clear(D);
}

void ct_pexpsum_eval_arb(arb_t y, const ct_pexpsum_t h, const arb_t c, const arb_t d,
                         slong ic, slong id, slong prec)
{
    arb_t p, l, e, s;
    arb_init(p), arb_init(l), arb_init(e), arb_init(s);
    arb_zero(s);
    for (slong t = 0; t < h->len; t++) {
        if (fmpz_is_one(h->base + t) && id > 0)
            continue; /* ln 1 = 0 */
        _ct_pexpsum_poly_der(p, h->coef + t, c, ic, prec);
        arb_set_fmpz(l, h->base + t);
        arb_log(l, l, prec);
        arb_mul(e, l, d, prec);
        arb_exp(e, e, prec);
        arb_mul(p, p, e, prec);
        for (slong k = 0; k < id; k++)
            arb_mul(p, p, l, prec);
        arb_add(s, s, p, prec);
    }
    arb_swap(y, s);
    arb_clear(p), arb_clear(l), arb_clear(e), arb_clear(s);
}

void _ct_pexpsum_expsum_at(ct_expsum_t e, const ct_pexpsum_t h, const fmpq_t c)
{
    /* P_t(c) = v_t / den_t: times the positive lcm of the den_t, integers */
    slong n = FLINT_MAX(h->len, 1);
    fmpq *v = _fmpq_vec_init(n);
    fmpz *w = _fmpz_vec_init(n);
    fmpz_t L;
    fmpz_init_set_ui(L, 1);
    for (slong t = 0; t < h->len; t++) {
        fmpz_poly_evaluate_fmpq(v + t, h->coef + t, c);
        fmpz_lcm(L, L, fmpq_denref(v + t));
    }
    for (slong t = 0; t < h->len; t++) {
        fmpz_divexact(w + t, L, fmpq_denref(v + t));
        fmpz_mul(w + t, w + t, fmpq_numref(v + t));
    }
    ct_expsum_set_terms(e, w, h->base, h->len);
    fmpz_clear(L);
    _fmpq_vec_clear(v, n);
    _fmpz_vec_clear(w, n);
}

int ct_pexpsum_sign_fmpq(const ct_pexpsum_t h, const fmpq_t c, const fmpq_t d)
{
    ct_expsum_t e;
    ct_expsum_init(e);
    _ct_pexpsum_expsum_at(e, h, c);
    int s = ct_expsum_is_zero(e) ? 0 : ct_expsum_sign_fmpq(e, d);
    ct_expsum_clear(e);
    return s;
}

char *ct_pexpsum_get_str(const ct_pexpsum_t h)
{
    size_t cap = 64, used = 0;
    char *s = malloc(cap);
    s[0] = '\0';
    for (slong t = h->len - 1; t >= 0; t--) {
        char *p = fmpz_poly_get_str_pretty(h->coef + t, "c");
        char *b = fmpz_get_str(NULL, 10, h->base + t);
        size_t need = used + strlen(p) + strlen(b) + 16;
        if (need > cap) {
            cap = 2 * need;
            s = realloc(s, cap);
        }
        used += (size_t)sprintf(s + used, "%s(%s)%s%s%s", t == h->len - 1 ? "" : " + ", p,
                                fmpz_is_one(h->base + t) ? "" : "*",
                                fmpz_is_one(h->base + t) ? "" : b,
                                fmpz_is_one(h->base + t) ? "" : "^d");
        flint_free(p);
        flint_free(b);
    }
    return s;
}
