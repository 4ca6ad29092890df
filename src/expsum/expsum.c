/* expsum: exponential sums sum_t A_t B_t^x with integer coefficients and bases:
   construction, normalization, hashing, the rule of signs, exact end values,
   strings (docs/expsum.md). */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include "certune/expsum.h"
#include "expsum_internal.h"
#include "certune/mem.h"

void ct_expsum_init(ct_expsum_t h)
{
    h->len = 0;
    h->coef = NULL;
    h->base = NULL;
    h->primitive = 0;
}

void ct_expsum_clear(ct_expsum_t h)
{
    if (h->coef != NULL)
        _fmpz_vec_clear(h->coef, h->len);
    if (h->base != NULL)
        _fmpz_vec_clear(h->base, h->len);
    ct_expsum_init(h);
}

/* h becomes n zero terms (uninitialized contents made 0) */
static void _expsum_fit(ct_expsum_t h, slong n)
{
    ct_expsum_clear(h);
    if (n > 0) {
        h->coef = _fmpz_vec_init(n);
        h->base = _fmpz_vec_init(n);
    }
    h->len = n;
}

void ct_expsum_set(ct_expsum_t h, const ct_expsum_t g)
{
    if (h == g)
        return;
    _expsum_fit(h, g->len);
    _fmpz_vec_set(h->coef, g->coef, g->len);
    _fmpz_vec_set(h->base, g->base, g->len);
    h->primitive = g->primitive;
}

typedef struct {
    const fmpz *c, *b;
} _expsum_term;

static int _expsum_term_cmp(const void *x, const void *y)
{
    return fmpz_cmp(((const _expsum_term *)x)->b, ((const _expsum_term *)y)->b);
}

void ct_expsum_set_terms(ct_expsum_t h, const fmpz *coef, const fmpz *base, slong n)
{
    _expsum_term *t = flint_malloc(FLINT_MAX(n, 1) * sizeof(_expsum_term));
    fmpz *c = _fmpz_vec_init(FLINT_MAX(n, 1)), *b = _fmpz_vec_init(FLINT_MAX(n, 1));
    slong i, k = 0;

    for (i = 0; i < n; i++) {
        t[i].c = coef + i;
        t[i].b = base + i;
    }
    qsort(t, n, sizeof(_expsum_term), _expsum_term_cmp);
    for (i = 0; i < n; i++) {
        if (k > 0 && fmpz_equal(b + k - 1, t[i].b)) {
            fmpz_add(c + k - 1, c + k - 1, t[i].c);
        } else {
            if (k > 0 && fmpz_is_zero(c + k - 1))
                k--;
            fmpz_set(c + k, t[i].c);
            fmpz_set(b + k, t[i].b);
            k++;
        }
    }
    if (k > 0 && fmpz_is_zero(c + k - 1))
        k--;
    _expsum_fit(h, k);
    _fmpz_vec_set(h->coef, c, k);
    _fmpz_vec_set(h->base, b, k);
    _fmpz_vec_clear(c, FLINT_MAX(n, 1));
    _fmpz_vec_clear(b, FLINT_MAX(n, 1));
    flint_free(t);
}

int ct_expsum_normalize(ct_expsum_t h)
{
    fmpz_t g;
    int s;

    if (h->len == 0)
        return 1;
    s = fmpz_sgn(h->coef + h->len - 1);
    fmpz_init(g);
    if (h->primitive)
        fmpz_one(g);
    else
        _fmpz_vec_content(g, h->coef, h->len);
    if (s < 0)
        fmpz_neg(g, g);
    if (!fmpz_is_one(g))
        _fmpz_vec_scalar_divexact_fmpz(h->coef, h->coef, h->len, g);
    fmpz_clear(g);
    h->primitive = 1;
    return s;
}

void ct_expsum_set_primitive(ct_expsum_t h)
{
    h->primitive = 1;
}

int ct_expsum_is_zero(const ct_expsum_t h)
{
    return h->len == 0;
}

int ct_expsum_equal(const ct_expsum_t h, const ct_expsum_t g)
{
    return h->len == g->len && _fmpz_vec_equal(h->coef, g->coef, h->len) &&
           _fmpz_vec_equal(h->base, g->base, h->len);
}

static ulong _expsum_fmpz_hash(const fmpz_t x)
{
    /* residues modulo two primes below 2^62, mixed */
    ulong a = fmpz_fdiv_ui(x, UWORD(4611686018427387847));
    ulong b = fmpz_fdiv_ui(x, UWORD(4611686018427387817));
    return a * UWORD(0x9E3779B97F4A7C15) ^ (b + (a >> 29));
}

ulong ct_expsum_hash(const ct_expsum_t h)
{
    ulong r = (ulong)h->len * UWORD(0x2545F4914F6CDD1D);
    slong t;

    for (t = 0; t < h->len; t++) {
        r = (r ^ _expsum_fmpz_hash(h->coef + t)) * UWORD(0x100000001B3);
        r = (r ^ _expsum_fmpz_hash(h->base + t)) * UWORD(0x100000001B3);
        r ^= r >> 31;
    }
    return r;
}

slong ct_expsum_sign_changes(const ct_expsum_t h)
{
    slong t, v = 0;

    for (t = 1; t < h->len; t++)
        if (fmpz_sgn(h->coef + t) != fmpz_sgn(h->coef + t - 1))
            v++;
    return v;
}

int ct_expsum_sign_at_end(const ct_expsum_t h, int end)
{
    fmpz_t s;
    slong t;
    int r;

    fmpz_init(s);
    for (t = 0; t < h->len; t++) {
        if (end)
            fmpz_addmul(s, h->coef + t, h->base + t);
        else
            fmpz_add(s, s, h->coef + t);
    }
    r = fmpz_sgn(s);
    fmpz_clear(s);
    return r;
}

slong _ct_expsum_coef_bits(const ct_expsum_t h)
{
    slong t, b = 0;

    for (t = 0; t < h->len; t++)
        b = FLINT_MAX(b, (slong)fmpz_bits(h->coef + t));
    return b;
}

/* log2 of sum |A_t| B_t^x over |h(x)| at the ends x = 0, 1, rounded up: the
   smaller of the two (the larger when one end is a zero). */
slong _ct_expsum_end_cancellation(const ct_expsum_t h)
{
    fmpz_t s, a;
    fmpz_init(s), fmpz_init(a);
    slong best = WORD_MAX;
    for (int end = 0; end < 2; end++) {
        fmpz_zero(s), fmpz_zero(a);
        for (slong t = 0; t < h->len; t++) {
            fmpz_t term;
            fmpz_init_set(term, h->coef + t);
            if (end)
                fmpz_mul(term, term, h->base + t);
            fmpz_add(s, s, term);
            fmpz_abs(term, term);
            fmpz_add(a, a, term);
            fmpz_clear(term);
        }
        if (!fmpz_is_zero(s))
            best = FLINT_MIN(best, (slong)fmpz_bits(a) - (slong)fmpz_bits(s) + 1);
    }
    fmpz_clear(s), fmpz_clear(a);
    return best == WORD_MAX ? _ct_expsum_coef_bits(h) : best;
}

char *ct_expsum_get_str(const ct_expsum_t h)
{
    slong t, n = 0, alloc = 16;
    char *out = ct_mem_malloc(alloc), *c, *b;
    fmpz_t a;

    fmpz_init(a);
    strcpy(out, "0");
    for (t = h->len - 1; t >= 0; t--) {
        int one = fmpz_is_one(h->base + t), neg = fmpz_sgn(h->coef + t) < 0;
        fmpz_abs(a, h->coef + t);
        c = fmpz_get_str(NULL, 10, a);
        b = fmpz_get_str(NULL, 10, h->base + t);
        if (n + (slong)(strlen(c) + strlen(b)) + 16 > alloc) {
            alloc = 2 * (n + strlen(c) + strlen(b) + 16);
            out = ct_mem_realloc(out, alloc);
        }
        if (t == h->len - 1)
            n += sprintf(out + n, "%s", neg ? "-" : "");
        else
            n += sprintf(out + n, " %c ", neg ? '-' : '+');
        if (one)
            n += sprintf(out + n, "%s", c);
        else if (fmpz_is_one(a))
            n += sprintf(out + n, "%s^x", b);
        else
            n += sprintf(out + n, "%s*%s^x", c, b);
        flint_free(c);
        flint_free(b);
    }
    fmpz_clear(a);
    return out;
}

/* ------------------------------------------------------------------------ */
/* Roots                                                                     */

void ct_expsum_root_init(ct_expsum_root_t r)
{
    ct_expsum_init(&r->fn);
    fmpq_init(r->lo);
    fmpq_init(r->hi);
    r->sign_lo = 0;
}

void ct_expsum_root_clear(ct_expsum_root_t r)
{
    ct_expsum_clear(&r->fn);
    fmpq_clear(r->lo);
    fmpq_clear(r->hi);
}

void ct_expsum_root_set(ct_expsum_root_t r, const ct_expsum_root_t s)
{
    if (r == s)
        return;
    ct_expsum_set(&r->fn, &s->fn);
    fmpq_set(r->lo, s->lo);
    fmpq_set(r->hi, s->hi);
    r->sign_lo = s->sign_lo;
}
