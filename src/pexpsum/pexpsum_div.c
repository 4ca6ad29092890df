/* pexpsum_div: a sum that vanishes on a whole edge d = e, divided by d - e
   (docs/joint.md, "A curve holding an edge"): its zero set in the open square
   is the curve without the edge, and it is smooth up to the edge. */
#include <arb_hypgeom.h>
#include "pexpsum_internal.h"

static void memo_init(_ct_pexpsum_memo *M, slong len)
{
    arb_init(M->at);
    M->v = _arb_vec_init(FLINT_MAX(len, 1));
    M->prec = 0, M->set = 0;
}

static void memo_clear(_ct_pexpsum_memo *M, slong len)
{
    arb_clear(M->at);
    _arb_vec_clear(M->v, FLINT_MAX(len, 1));
}

/* The slot of M[0 .. 2) holding the values at (x, prec), or NULL; else
 *fresh: the slot to fill (M[*next], next advanced). */
static _ct_pexpsum_memo *memo_find(_ct_pexpsum_memo *M, int *next, const arb_t x,
                                   slong prec, _ct_pexpsum_memo **fresh)
{
    for (int j = 0; j < 2; j++)
        if (M[j].set && M[j].prec == prec && arb_equal(M[j].at, x))
            return M + j;
    *fresh = M + *next;
    *next = 1 - *next;
    (*fresh)->set = 1, (*fresh)->prec = prec;
    arb_set((*fresh)->at, x);
    return NULL;
}

/* The per-term values P_t^(ic)(c), computed once per ball. */
static arb_srcptr cache_poly(_ct_pexpsum_cache *K, const arb_t c, slong ic, slong prec)
{
    _ct_pexpsum_memo *F, *M = memo_find(K->mp[ic], K->np + ic, c, prec, &F);
    if (M != NULL)
        return M->v;
    for (slong t = 0; t < K->len; t++)
        arb_poly_evaluate_horner(F->v + t, K->P[ic] + t, c, prec);
    return F->v;
}

/* The per-term values B_t^d = exp(d ln B_t) (1 where B_t = 1), once per ball. */
static arb_srcptr cache_pow(_ct_pexpsum_cache *K, const arb_t d, slong prec)
{
    _ct_pexpsum_memo *F, *M = memo_find(K->me, &K->ne, d, prec, &F);
    if (M != NULL)
        return M->v;
    for (slong t = 0; t < K->len; t++) {
        if (arb_is_one(K->B + t)) {
            arb_one(F->v + t);
            continue;
        }
        arb_mul(F->v + t, d, K->L + t, prec);
        arb_exp(F->v + t, F->v + t, prec);
    }
    return F->v;
}

void _ct_pexpsum_cache_init(_ct_pexpsum_cache *K, const ct_pexpsum_struct *h, slong prec)
{
    K->len = h->len;
    K->L = _arb_vec_init(FLINT_MAX(h->len, 1));
    K->B = _arb_vec_init(FLINT_MAX(h->len, 1));
    fmpz_poly_t D;
    fmpz_poly_init(D);
    for (int i = 0; i < 3; i++) {
        K->P[i] = flint_malloc(FLINT_MAX(h->len, 1) * sizeof(arb_poly_struct));
        for (slong t = 0; t < h->len; t++) {
            fmpz_poly_set(D, h->coef + t);
            for (int k = 0; k < i; k++)
                fmpz_poly_derivative(D, D);
            arb_poly_init(K->P[i] + t);
            arb_poly_set_fmpz_poly(K->P[i] + t, D, prec);
        }
    }
    for (slong t = 0; t < h->len; t++) {
        arb_set_fmpz(K->B + t, h->base + t);
        arb_log(K->L + t, K->B + t, prec);
    }
    fmpz_poly_clear(D);
    for (int i = 0; i < 3; i++) {
        K->np[i] = 0;
        for (int j = 0; j < 2; j++)
            memo_init(&K->mp[i][j], h->len);
    }
    K->ne = 0;
    for (int j = 0; j < 2; j++)
        memo_init(&K->me[j], h->len);
}

void _ct_pexpsum_cache_clear(_ct_pexpsum_cache *K)
{
    for (int i = 0; i < 3; i++) {
        for (slong t = 0; t < K->len; t++)
            arb_poly_clear(K->P[i] + t);
        flint_free(K->P[i]);
    }
    _arb_vec_clear(K->L, FLINT_MAX(K->len, 1));
    _arb_vec_clear(K->B, FLINT_MAX(K->len, 1));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            memo_clear(&K->mp[i][j], K->len);
    for (int j = 0; j < 2; j++)
        memo_clear(&K->me[j], K->len);
}

/* y = phi^(j)(x) at the point x (a ball taken as its midpoint's value
   widened by monotonicity: the values at both ends). */
static void phi_der(arb_t y, const arb_t x, slong j, slong prec)
{
    arb_t a, b, z, lo, hi;
    arb_init(a), arb_init(b), arb_init(z), arb_init(lo), arb_init(hi);
    arb_set_si(a, j + 1), arb_set_si(b, j + 2);
    arf_t l, h;
    arf_init(l), arf_init(h);
    arb_get_interval_arf(l, h, x, prec);
    arb_set_arf(z, l);
    arb_hypgeom_m(lo, a, b, z, 0, prec);
    arb_set_arf(z, h);
    arb_hypgeom_m(hi, a, b, z, 0, prec);
    arb_union(y, lo, hi, prec); /* increasing: [phi(l), phi(h)] */
    arb_div_si(y, y, j + 1, prec);
    arf_clear(l), arf_clear(h);
    arb_clear(a), arb_clear(b), arb_clear(z), arb_clear(lo), arb_clear(hi);
}

static void phi_der(arb_t y, const arb_t x, slong j, slong prec);

void _ct_pexpsum_cache_eval(arb_t y, _ct_pexpsum_cache *K, slong div, const arb_t c,
                            const arb_t d, slong ic, slong jd, slong prec)
{
    arb_t s, p, x;
    arb_init(s), arb_init(p), arb_init(x);
    arb_srcptr P = cache_poly(K, c, ic, prec);
    arb_srcptr E = div < 0 ? cache_pow(K, d, prec) : NULL;
    for (slong t = 0; t < K->len; t++) {
        int one = arb_is_one(K->B + t);
        if (one && (jd > 0 || div >= 0))
            continue; /* ln 1 = 0 */
        arb_set(p, P + t);
        if (div >= 0) { /* P B^e L^(jd+1) phi^(jd)((d - e) L) */
            if (div == 1)
                arb_mul(p, p, K->B + t, prec);
            arb_sub_si(x, d, div, prec);
            arb_mul(x, x, K->L + t, prec);
            phi_der(x, x, jd, prec);
            arb_mul(p, p, x, prec);
            arb_mul(p, p, K->L + t, prec);
        } else if (!one) {
            arb_mul(p, p, E + t, prec);
        }
        for (slong k = 0; k < jd; k++)
            arb_mul(p, p, K->L + t, prec);
        arb_add(s, s, p, prec);
    }
    arb_swap(y, s);
    arb_clear(s), arb_clear(p), arb_clear(x);
}

void _ct_pexpsum_eval_div(arb_t y, const ct_pexpsum_struct *h, slong e, const arb_t c,
                          const arb_t d, slong ic, slong jd, slong prec)
{
    arb_t s, p, l, x, v;
    arb_init(s), arb_init(p), arb_init(l), arb_init(x), arb_init(v);
    for (slong t = 0; t < h->len; t++) {
        if (fmpz_is_one(h->base + t))
            continue; /* L = 0 */
        _ct_pexpsum_poly_der(p, h->coef + t, c, ic, prec);
        if (e == 1)
            arb_mul_fmpz(p, p, h->base + t, prec);
        arb_set_fmpz(l, h->base + t);
        arb_log(l, l, prec);
        arb_sub_si(x, d, e, prec);
        arb_mul(x, x, l, prec);
        phi_der(v, x, jd, prec);
        arb_mul(p, p, v, prec);
        for (slong k = 0; k <= jd; k++) /* d/dd of phi((d - e) L) brings an L */
            arb_mul(p, p, l, prec);
        arb_add(s, s, p, prec);
    }
    arb_swap(y, s);
    arb_clear(s), arb_clear(p), arb_clear(l), arb_clear(x), arb_clear(v);
}
