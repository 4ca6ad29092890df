/* mqroot: certified zeros in (0, 1) of multi-quadratic polynomials
   g = sum_k sqrt(r_k) G_k. This file: the root type, exact signs of
   multi-quadratic numbers (mqroot_sgn), of g at rationals and right of 0,
   bisection and comparison with rationals. Isolation is in mqroot_isolate.c
   and mqroot_tree.c, the squarefree proof in mqroot_sqfree.c, comparisons in
   mqroot_cmp.c and mqroot_norm.c, decimal strings in mqroot_str.c
   (docs/mqroot.md). */
#include <math.h>
#include <flint/fmpz_vec.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

void mqroot_init(mqroot_t r)
{
    mqpoly_init(&r->fn);
    fmpq_init(r->lo);
    fmpq_init(r->hi);
    r->sign_lo = 0;
}

void mqroot_clear(mqroot_t r)
{
    mqpoly_clear(&r->fn);
    fmpq_clear(r->lo);
    fmpq_clear(r->hi);
}

void mqroot_set(mqroot_t r, const mqroot_t s)
{
    if (r == s)
        return;
    mqpoly_set(&r->fn, &s->fn);
    fmpq_set(r->lo, s->lo);
    fmpq_set(r->hi, s->hi);
    r->sign_lo = s->sign_lo;
}

/* ---- exact signs of sum_k sqrt(rad_k) c_k -------------------------------- */

void _mqroot_sgn_init(mqroot_sgn_t ctx, const fmpz *rad, slong len)
{
    ctx->len = len;
    ctx->rad = rad;
    ctx->prec = 0;
    ctx->sq = _arb_vec_init(len);
    ctx->dsq = flint_malloc(FLINT_MAX(len, 1) * sizeof(double));
    for (slong k = 0; k < len; k++)
        ctx->dsq[k] = sqrt(fmpz_get_d(rad + k));
    arb_init(ctx->s);
    arb_init(ctx->t);
}

void _mqroot_sgn_clear(mqroot_sgn_t ctx)
{
    _arb_vec_clear(ctx->sq, ctx->len);
    flint_free(ctx->dsq);
    arb_clear(ctx->s);
    arb_clear(ctx->t);
}

static void _mqroot_sgn_fit_prec(mqroot_sgn_t ctx, slong prec)
{
    slong k;

    if (ctx->prec >= prec)
        return;
    ctx->prec = FLINT_MAX(prec, 2 * ctx->prec);
    for (k = 0; k < ctx->len; k++)
        arb_sqrt_fmpz(ctx->sq + k, ctx->rad + k, ctx->prec);
}

/* A floating-point filter: with c_k = m_k 2^e_k (fmpz_get_d_2exp, relative
   error below 2^-52), E = max e_k, t_k = m_k 2^(e_k - E) sqrt(rad_k) in
   doubles, each t_k has a relative error below 2^-50 (plus an absolute one
   below 2^-1000 from underflow), and their sum S one below len 2^-52 sum |t_k|.
   So |S| > 2^-40 sum |t_k| + 2^-900 proves the sign of sum c_k sqrt(rad_k)
   (len < 2^10); 0 means undecided here. */
static int _mqroot_sgn_double(mqroot_sgn_t ctx, const fmpz *c, slong stride)
{
    slong k, E = WORD_MIN, e;
    double S = 0, A = 0, t;

    if (ctx->len >= 1024)
        return 0;
    for (k = 0; k < ctx->len; k++)
        if (!fmpz_is_zero(c + k * stride)) {
            fmpz_get_d_2exp(&e, c + k * stride);
            E = FLINT_MAX(E, e);
        }
    for (k = 0; k < ctx->len; k++) {
        if (fmpz_is_zero(c + k * stride))
            continue;
        t = fmpz_get_d_2exp(&e, c + k * stride);
        t = ldexp(t, (int)FLINT_MAX(e - E, -2000)) * ctx->dsq[k];
        S += t;
        A += fabs(t);
    }
    if (fabs(S) > ldexp(A, -40) + ldexp(1.0, -900))
        return S > 0 ? 1 : -1;
    return 0;
}

int _mqroot_sgn(mqroot_sgn_t ctx, const fmpz *c, slong stride)
{
    slong k, nz = 0, bits = 0, prec;
    int s = 0, mixed = 0;

    for (k = 0; k < ctx->len; k++) {
        const fmpz *x = c + k * stride;
        if (fmpz_is_zero(x))
            continue;
        mixed |= nz > 0 && fmpz_sgn(x) != s;
        s = fmpz_sgn(x);
        bits = FLINT_MAX(bits, (slong)fmpz_bits(x));
        nz++;
    }
    if (!mixed) /* no term, or all terms of one sign */
        return s;
    if ((s = _mqroot_sgn_double(ctx, c, stride)) != 0)
        return s;
    for (prec = bits + 32;; prec *= 2) {
        _mqroot_sgn_fit_prec(ctx, prec);
        arb_zero(ctx->s);
        for (k = 0; k < ctx->len; k++) {
            arb_mul_fmpz(ctx->t, ctx->sq + k, c + k * stride, prec);
            arb_add(ctx->s, ctx->s, ctx->t, prec);
        }
        if (arb_is_positive(ctx->s))
            return 1;
        if (arb_is_negative(ctx->s))
            return -1;
    }
}

/* ---- signs of g ---------------------------------------------------------- */

/* v = den^D G(num / den) = sum_i G[i] num^i den^(D - i), D >= deg G */
static void _mqroot_homog_eval(fmpz_t v, const fmpz_poly_t G, const fmpz_t num,
                               const fmpz *denpow, slong D)
{
    slong i;

    fmpz_zero(v);
    for (i = D; i >= 0; i--) {
        fmpz_mul(v, v, num);
        if (i < G->length)
            fmpz_addmul(v, G->coeffs + i, denpow + D - i);
    }
}

int mqpoly_sign_fmpq(const mqpoly_t g, const fmpq_t q)
{
    slong D = FLINT_MAX(mqpoly_degree(g), 0), k;
    fmpz *v, *denpow;
    mqroot_sgn_t ctx;
    int s;

    if (g->len == 0)
        return 0;
    v = _fmpz_vec_init(g->len);
    denpow = _fmpz_vec_init(D + 1);
    fmpz_one(denpow);
    for (k = 1; k <= D; k++)
        fmpz_mul(denpow + k, denpow + k - 1, fmpq_denref(q));
    for (k = 0; k < g->len; k++)
        _mqroot_homog_eval(v + k, g->poly + k, fmpq_numref(q), denpow, D);
    _mqroot_sgn_init(ctx, g->rad, g->len);
    s = _mqroot_sgn(ctx, v, 1);
    _mqroot_sgn_clear(ctx);
    _fmpz_vec_clear(v, g->len);
    _fmpz_vec_clear(denpow, D + 1);
    return s;
}

int mqpoly_sign_right_of_zero(const mqpoly_t g)
{
    slong j = WORD_MAX, k;
    fmpz *c;
    mqroot_sgn_t ctx;
    int s;

    for (k = 0; k < g->len; k++) {
        const fmpz_poly_struct *G = g->poly + k;
        slong i = 0;
        while (i < G->length && fmpz_is_zero(G->coeffs + i))
            i++;
        j = FLINT_MIN(j, i);
    }
    if (g->len == 0)
        return 0;
    c = _fmpz_vec_init(g->len);
    for (k = 0; k < g->len; k++)
        fmpz_poly_get_coeff_fmpz(c + k, g->poly + k, j);
    _mqroot_sgn_init(ctx, g->rad, g->len);
    s = _mqroot_sgn(ctx, c, 1);
    _mqroot_sgn_clear(ctx);
    _fmpz_vec_clear(c, g->len);
    return s;
}

/* ---- refinement and rationals ------------------------------------------- */

void mqroot_bisect(mqroot_t r)
{
    fmpq_t m;
    int s;

    if (mqroot_is_exact(r))
        return;
    fmpq_init(m);
    fmpq_add(m, r->lo, r->hi);
    fmpq_div_2exp(m, m, 1);
    s = mqpoly_sign_fmpq(&r->fn, m);
    if (s == 0) {
        fmpq_set(r->lo, m);
        fmpq_set(r->hi, m);
        r->sign_lo = 0;
    } else if (s == r->sign_lo) {
        fmpq_swap(r->lo, m);
    } else {
        fmpq_swap(r->hi, m);
    }
    fmpq_clear(m);
}

int mqroot_cmp_fmpq(const mqroot_t r, const fmpq_t q)
{
    int s;

    if (mqroot_is_exact(r))
        return fmpq_cmp(r->lo, q);
    if (fmpq_cmp(q, r->lo) <= 0)
        return 1;
    if (fmpq_cmp(q, r->hi) >= 0)
        return -1;
    /* q inside: the unique zero of fn in [lo, hi] is q iff fn(q) = 0, else the
       sign at q tells the side */
    s = mqpoly_sign_fmpq(&r->fn, q);
    if (s == 0)
        return 0;
    return s == r->sign_lo ? 1 : -1;
}
