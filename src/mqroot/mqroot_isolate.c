/* mqroot_isolate: ct_mqroot_isolate, the exact split g = x^j h f (h the rational
   gcd of the components, f = g / (x^j h) with coprime components) followed by
   the squarefree proof of f (mqroot_sqfree.c) and the Descartes bisection of
   its zeros in (0, 1) (mqroot_tree.c, which also fixes the leaves' ends and order). */
#include <stdlib.h>
#include <flint/fmpz_poly_factor.h>
#include <flint/nmod_poly.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

/* Halvings of (0, 1) tried before a squarefree proof is asked for. */
#define MQROOT_QUICK_DEPTH 80

/* Working precisions of the ball search: 192, 768, 3072 bits. */
#define MQROOT_BALL_PREC 192
#define MQROOT_BALL_PREC_MAX 3072

/* f = g / x^j with the largest j (zeros at 0 are outside the domain) */
static void _mqroot_strip_x(ct_mqpoly_t f, const ct_mqpoly_t g)
{
    slong j = _ct_mqroot_low_order(g), k;

    ct_mqpoly_set(f, g);
    for (k = 0; k < f->len; k++)
        fmpz_poly_shift_right(f->poly + k, f->poly + k, j);
}

/* The squarefree factors of h of degree >= 1 (primitive, positive leading
   coefficient) with their multiplicities. */
static slong _mqroot_hfac(fmpz_poly_struct **hfac, slong **hexp, const fmpz_poly_t h)
{
    fmpz_poly_factor_t fac;
    slong i, n = 0;

    fmpz_poly_factor_init(fac);
    if (fmpz_poly_degree(h) >= 1)
        fmpz_poly_factor_squarefree(fac, h);
    *hfac = flint_malloc(FLINT_MAX(fac->num, 1) * sizeof(fmpz_poly_struct));
    *hexp = flint_malloc(FLINT_MAX(fac->num, 1) * sizeof(slong));
    for (i = 0; i < fac->num; i++) {
        if (fmpz_poly_degree(fac->p + i) < 1)
            continue;
        fmpz_poly_init((*hfac) + n);
        fmpz_poly_primitive_part((*hfac) + n, fac->p + i);
        if (fmpz_sgn(fmpz_poly_lead((*hfac) + n)) < 0)
            fmpz_poly_neg((*hfac) + n, (*hfac) + n);
        (*hexp)[n++] = fac->exp[i];
    }
    fmpz_poly_factor_clear(fac);
    return n;
}

/* 1 if the components of f are proved coprime over Q by their images mod p:
   a common factor D of degree >= 1 (primitive, lc(D) | lc(F_0), which is
   nonzero mod p) keeps its degree mod p and divides every image, so the gcd
   of the images would have degree >= 1. */
static int _mqroot_coprime_mod(const ct_mqpoly_t f)
{
    mp_limb_t p = UWORD(4611686018427388039); /* 2^62 + 135, prime */
    nmod_poly_t g, b;
    int ok;

    if (fmpz_fdiv_ui(fmpz_poly_lead(f->poly + 0), p) == 0)
        return 0;
    nmod_poly_init(g, p), nmod_poly_init(b, p);
    fmpz_poly_get_nmod_poly(g, f->poly + 0);
    for (slong k = 1; k < f->len && nmod_poly_degree(g) > 0; k++) {
        fmpz_poly_get_nmod_poly(b, f->poly + k);
        nmod_poly_gcd(g, g, b);
    }
    ok = nmod_poly_degree(g) == 0;
    nmod_poly_clear(g), nmod_poly_clear(b);
    return ok;
}

/* h = gcd of f's components (1 when two are coprime mod p); f <- f / h,
   normalized. */
static void _mqroot_split_h(fmpz_poly_t h, ct_mqpoly_t f)
{
    slong k;

    fmpz_poly_zero(h);
    if (f->len >= 2 && _mqroot_coprime_mod(f)) {
        fmpz_poly_one(h);
        ct_mqpoly_normalize(f);
        return;
    }
    for (k = 0; k < f->len; k++)
        fmpz_poly_gcd(h, h, f->poly + k);
    if (fmpz_poly_degree(h) >= 1) { /* a constant h is a content: normalize */
        for (k = 0; k < f->len; k++)
            fmpz_poly_div(f->poly + k, f->poly + k, h);
        f->primitive = 0;
    }
    ct_mqpoly_normalize(f);
}

/* Balls at rising precision first (one real polynomial instead of one exact
   one per square class: far cheaper), the exact tree when they cannot decide.
   -1 (more than one variation at the quick depth) from either is final. */
static slong _mqroot_isolate_quick(ct_mqroot_struct **out, const ct_mqpoly_t f)
{
    slong cnt = -2;
    for (slong prec = MQROOT_BALL_PREC; cnt == -2 && prec <= MQROOT_BALL_PREC_MAX;
         prec *= 4)
        cnt = _ct_mqroot_isolate_ball(out, f, MQROOT_QUICK_DEPTH, prec);
    if (cnt == -2)
        cnt = _ct_mqroot_isolate_sqfree(out, f, MQROOT_QUICK_DEPTH);
    return cnt;
}

int ct_mqroot_isolate(ct_mqroot_struct **out, slong *n, fmpz_poly_struct **hfac,
                      slong **hexp, slong *nh, fmpq_t und_lo, fmpq_t und_hi,
                      const ct_mqpoly_t g)
{
    ct_mqpoly_t f;
    fmpz_poly_t h;
    slong cnt = 0;

    *out = NULL;
    *n = 0;
    *hfac = NULL;
    *hexp = NULL;
    *nh = 0;
    ct_mqpoly_init(f);
    fmpz_poly_init(h);
    _mqroot_strip_x(f, g);
    _mqroot_split_h(h, f);
    if (ct_mqpoly_degree(f) >= 1) {
        /* Every interval left with one sign variation holds one simple zero, so
           a search that ends needs no squarefree proof; only when it stalls is
           f proved squarefree (then zeros are just close: search deeper). */
        cnt = _mqroot_isolate_quick(out, f);
        if (cnt == -1 && _ct_mqroot_prove_squarefree(f))
            cnt = _ct_mqroot_isolate_sqfree(out, f, WORD_MAX);
    }
    if (cnt >= 0) {
        *n = cnt;
        *nh = _mqroot_hfac(hfac, hexp, h);
    } else {
        fmpq_zero(und_lo);
        fmpq_one(und_hi);
    }
    ct_mqpoly_clear(f);
    fmpz_poly_clear(h);
    return cnt < 0;
}
