/* mqroot: certified zeros in (0, 1) of multi-quadratic polynomials
   g = sum_k sqrt(r_k) G_k. This file: the root type, exact signs of
   multi-quadratic numbers (mqroot_sgn), of g at rationals and right of 0,
   and the roots' coefficients as balls. Refinement and comparison with
   rationals are in mqroot_refine.c, isolation in mqroot_isolate.c,
   mqroot_ball.c and mqroot_tree.c, the squarefree proof in mqroot_sqfree.c, comparisons
   in mqroot_cmp.c and mqroot_norm.c, decimal strings in mqroot_str.c (docs/mqroot.md). */
#include <math.h>
#include <arb_poly.h>
#include <flint/fmpz_vec.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

void ct_mqroot_init(ct_mqroot_t r)
{
    ct_mqpoly_init(&r->fn);
    fmpq_init(r->lo);
    fmpq_init(r->hi);
    r->sign_lo = 0;
    r->ball = NULL;
    r->ball_prec = 0;
}

void _ct_mqroot_ball_clear(ct_mqroot_t r)
{
    if (r->ball != NULL)
        _arb_vec_clear(r->ball, FLINT_MAX(ct_mqpoly_degree(&r->fn), 0) + 1);
    r->ball = NULL;
    r->ball_prec = 0;
}

void ct_mqroot_clear(ct_mqroot_t r)
{
    _ct_mqroot_ball_clear(r);
    ct_mqpoly_clear(&r->fn);
    fmpq_clear(r->lo);
    fmpq_clear(r->hi);
}

void ct_mqroot_set(ct_mqroot_t r, const ct_mqroot_t s)
{
    if (r == s)
        return;
    _ct_mqroot_ball_clear(r);
    ct_mqpoly_set(&r->fn, &s->fn);
    fmpq_set(r->lo, s->lo);
    fmpq_set(r->hi, s->hi);
    r->sign_lo = s->sign_lo;
}

/* ---- exact signs of sum_k sqrt(rad_k) c_k -------------------------------- */

void _ct_mqroot_sgn_init(ct_mqroot_sgn_t ctx, const fmpz *rad, slong len)
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

void _ct_mqroot_sgn_clear(ct_mqroot_sgn_t ctx)
{
    _arb_vec_clear(ctx->sq, ctx->len);
    flint_free(ctx->dsq);
    arb_clear(ctx->s);
    arb_clear(ctx->t);
}

static void _mqroot_sgn_fit_prec(ct_mqroot_sgn_t ctx, slong prec)
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
static int _mqroot_sgn_double(ct_mqroot_sgn_t ctx, const fmpz *c, slong stride)
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

/* The first precision of the exact sign's balls (then doubled). */
#define MQROOT_SGN_PREC0 256

int _ct_mqroot_sgn(ct_mqroot_sgn_t ctx, const fmpz *c, slong stride)
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
    /* Rising precision, each c_k rounded to it first: the sum is nonzero
       (the sqrt(rad_k) are linearly independent over Q), so some precision
       decides, and a cancellation of a few hundred bits must not cost
       products and roots at the full size of coefficients of millions of
       bits (a huge weight, docs/alpha.md). */
    for (prec = FLINT_MIN(bits + 32, MQROOT_SGN_PREC0);; prec *= 2) {
        _mqroot_sgn_fit_prec(ctx, prec);
        arb_zero(ctx->s);
        for (k = 0; k < ctx->len; k++) {
            arb_set_round_fmpz(ctx->t, c + k * stride, prec);
            arb_mul(ctx->t, ctx->t, ctx->sq + k, prec);
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

/* The sign of g(q) from an Arb evaluation at precision prec, or 0 when the
   ball contains 0. */
static int _mqpoly_sign_fmpq_prec(const ct_mqpoly_t g, const fmpq_t q, slong prec)
{
    arb_t x, y, t, s;
    arb_init(x), arb_init(y), arb_init(t), arb_init(s);
    arb_set_fmpq(x, q, prec);
    for (slong k = 0; k < g->len; k++) {
        const fmpz_poly_struct *G = g->poly + k;
        arb_zero(y);
        for (slong i = G->length - 1; i >= 0; i--) { /* Horner */
            arb_mul(y, y, x, prec);
            arb_add_fmpz(y, y, G->coeffs + i, prec);
        }
        arb_sqrt_fmpz(t, g->rad + k, prec);
        arb_addmul(s, y, t, prec);
    }
    int sg = arb_is_positive(s) ? 1 : arb_is_negative(s) ? -1 : 0;
    arb_clear(x), arb_clear(y), arb_clear(t), arb_clear(s);
    return sg;
}

/* The sign of g(q) by Arb, or 0 when undecided (the exact path then decides).
   The balls' radii are relative to the terms, so a precision covering q's
   size plus some cancellation usually suffices; the coefficients' size plus
   that always does for a nonzero value not too close to 0. */
static int _mqpoly_sign_fmpq_arb(const ct_mqpoly_t g, const fmpq_t q)
{
    slong bits = 0, qbits = fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q));
    int sg = _mqpoly_sign_fmpq_prec(g, q, 96 + qbits);
    if (sg != 0)
        return sg;
    for (slong k = 0; k < g->len; k++)
        bits = FLINT_MAX(
            bits, FLINT_ABS(_fmpz_vec_max_bits(g->poly[k].coeffs, g->poly[k].length)));
    return _mqpoly_sign_fmpq_prec(g, q, bits + 64 + qbits);
}

int ct_mqroot_sign_fmpq(const ct_mqpoly_t g, const fmpq_t q)
{
    slong D = FLINT_MAX(ct_mqpoly_degree(g), 0), k;
    fmpz *v, *denpow;
    ct_mqroot_sgn_t ctx;
    int s;

    if (g->len == 0)
        return 0;
    if ((s = _mqpoly_sign_fmpq_arb(g, q)) != 0)
        return s;
    v = _fmpz_vec_init(g->len);
    denpow = _fmpz_vec_init(D + 1);
    fmpz_one(denpow);
    for (k = 1; k <= D; k++)
        fmpz_mul(denpow + k, denpow + k - 1, fmpq_denref(q));
    for (k = 0; k < g->len; k++)
        _mqroot_homog_eval(v + k, g->poly + k, fmpq_numref(q), denpow, D);
    _ct_mqroot_sgn_init(ctx, g->rad, g->len);
    s = _ct_mqroot_sgn(ctx, v, 1);
    _ct_mqroot_sgn_clear(ctx);
    _fmpz_vec_clear(v, g->len);
    _fmpz_vec_clear(denpow, D + 1);
    return s;
}

slong _ct_mqroot_low_order(const ct_mqpoly_t g)
{
    slong j = WORD_MAX;
    for (slong k = 0; k < g->len; k++) {
        const fmpz_poly_struct *G = g->poly + k;
        slong i = 0;
        while (i < G->length && fmpz_is_zero(G->coeffs + i))
            i++;
        j = FLINT_MIN(j, i);
    }
    return j;
}

int ct_mqroot_sign_right_of_zero(const ct_mqpoly_t g)
{
    slong j = _ct_mqroot_low_order(g), k;
    fmpz *c;
    ct_mqroot_sgn_t ctx;
    int s;

    if (g->len == 0)
        return 0;
    c = _fmpz_vec_init(g->len);
    for (k = 0; k < g->len; k++)
        fmpz_poly_get_coeff_fmpz(c + k, g->poly + k, j);
    _ct_mqroot_sgn_init(ctx, g->rad, g->len);
    s = _ct_mqroot_sgn(ctx, c, 1);
    _ct_mqroot_sgn_clear(ctx);
    _fmpz_vec_clear(c, g->len);
    return s;
}

/* ---- balls ---------------------------------------------------------------- */

arb_ptr _ct_mqroot_ball_coeffs(const ct_mqpoly_t f, slong d, slong prec)
{
    arb_ptr a = _arb_vec_init(d + 1), sq = _arb_vec_init(f->len);
    fmpz *col = flint_malloc(FLINT_MAX(f->len, 1) * sizeof(fmpz));
    for (slong k = 0; k < f->len; k++)
        arb_sqrt_fmpz(sq + k, f->rad + k, prec);
    for (slong i = 0; i <= d; i++) {
        /* a[i] = sum_k sqrt(r_k) F_k[i] as one dot product; col holds shallow
           copies of the coefficients (read only, never cleared) */
        for (slong k = 0; k < f->len; k++)
            col[k] = i < f->poly[k].length ? f->poly[k].coeffs[i] : WORD(0);
        arb_dot_fmpz(a + i, NULL, 0, sq, 1, col, 1, f->len, prec);
    }
    flint_free(col);
    _arb_vec_clear(sq, f->len);
    return a;
}
