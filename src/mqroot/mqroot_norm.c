/* mqroot_norm: exact equality of a zero of a multi-quadratic polynomial f with
   another real algebraic number, through the norm N of f over Q (an integer
   polynomial that vanishes at every zero of f) and gcds (docs/mqroot.md). */
#include <flint/fmpz_vec.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

#define MQROOT_NORM_REFINE_MAX 512

/* Z = X Y in Q(sqrt b_0, ..., sqrt b_(m-1)), elements given as 2^m integer
   polynomials X[S] (the coefficient of prod_(j in S) sqrt b_j):
   sqrt(S) sqrt(T) = prod_(j in S & T) b_j sqrt(S ^ T). */
static void _mqroot_fmul(fmpz_poly_struct *Z, const fmpz_poly_struct *X,
                         const fmpz_poly_struct *Y, slong size, const fmpz *b)
{
    fmpz_poly_t t;
    fmpz_t c;
    slong S, T, j;

    fmpz_poly_init(t);
    fmpz_init(c);
    for (S = 0; S < size; S++)
        fmpz_poly_zero(Z + S);
    for (S = 0; S < size; S++)
        for (T = 0; T < size; T++) {
            if (fmpz_poly_is_zero(X + S) || fmpz_poly_is_zero(Y + T))
                continue;
            fmpz_poly_mul(t, X + S, Y + T);
            fmpz_one(c);
            for (j = 0; j < 64; j++)
                if ((S & T) >> j & 1)
                    fmpz_mul(c, c, b + j);
            fmpz_poly_scalar_addmul_fmpz(Z + (S ^ T), t, c);
        }
    fmpz_poly_clear(t);
    fmpz_clear(c);
}

/* X (2^(i+1) entries) <- A^2 - b_i B^2 (2^i entries) where X = A + sqrt(b_i) B:
   the product of X and its conjugate under sqrt(b_i) -> -sqrt(b_i). */
static void _mqroot_norm_step(fmpz_poly_struct *X, slong i, const fmpz *b)
{
    slong size = WORD(1) << i, S;
    fmpz_poly_struct *A2 = flint_malloc(2 * size * sizeof(fmpz_poly_struct)),
                     *B2 = A2 + size;

    for (S = 0; S < 2 * size; S++)
        fmpz_poly_init(A2 + S);
    _mqroot_fmul(A2, X, X, size, b);
    _mqroot_fmul(B2, X + size, X + size, size, b);
    for (S = 0; S < size; S++) {
        fmpz_poly_scalar_mul_fmpz(B2 + S, B2 + S, b + i);
        fmpz_poly_sub(X + S, A2 + S, B2 + S);
        fmpz_poly_zero(X + size + S);
    }
    for (S = 0; S < 2 * size; S++)
        fmpz_poly_clear(A2 + S);
    flint_free(A2);
}

/* N <- N / gcd(N, N'), primitive, positive leading coefficient */
static void _mqroot_sqfree_part(fmpz_poly_t N)
{
    fmpz_poly_t d, g;

    fmpz_poly_init(d);
    fmpz_poly_init(g);
    fmpz_poly_derivative(d, N);
    fmpz_poly_gcd(g, N, d);
    fmpz_poly_div(N, N, g);
    fmpz_poly_primitive_part(N, N);
    if (fmpz_sgn(fmpz_poly_lead(N)) < 0)
        fmpz_poly_neg(N, N);
    fmpz_poly_clear(d);
    fmpz_poly_clear(g);
}

int _ct_mqroot_norm_sqfree(fmpz_poly_t N, const ct_mqpoly_t f, slong maxdeg)
{
    ulong *mask = flint_malloc(FLINT_MAX(f->len, 1) * sizeof(ulong));
    fmpz *b;
    fmpz_poly_struct *X;
    slong m, k, i, size;
    int have, ok;

    have = _ct_mqroot_basis(&b, &m, mask, f);
    ok = have && m < 20 && ct_mqpoly_degree(f) * (WORD(1) << m) <= maxdeg;
    if (ok) {
        size = WORD(1) << m;
        X = flint_malloc(size * sizeof(fmpz_poly_struct));
        for (k = 0; k < size; k++)
            fmpz_poly_init(X + k);
        for (k = 0; k < f->len; k++)
            fmpz_poly_add(X + mask[k], X + mask[k], f->poly + k);
        for (i = m - 1; i >= 0; i--)
            _mqroot_norm_step(X, i, b);
        fmpz_poly_swap(N, X + 0);
        _mqroot_sqfree_part(N);
        for (k = 0; k < size; k++)
            fmpz_poly_clear(X + k);
        flint_free(X);
    }
    if (have)
        _fmpz_vec_clear(b, m + 1);
    flint_free(mask);
    return ok;
}

/* Sign variations of the coefficients of a (zeros skipped) */
static slong _mqroot_vec_var(const fmpz *a, slong len)
{
    slong i, v = 0;
    int s, last = 0;

    for (i = 0; i < len; i++) {
        s = fmpz_sgn(a + i);
        if (s == 0)
            continue;
        v += last != 0 && s != last;
        last = s;
    }
    return v;
}

/* With D the lcm of the denominators and A = D lo, B = D hi integers:
   Q(z) = D^d P(z / D) has the roots D x, Q(A + (B - A) y) maps (0, 1) onto
   (A, B), and reversing and shifting by 1 maps (0, +inf) onto (0, 1). */
slong _ct_mqroot_descartes(const fmpz_poly_t P, const fmpq_t lo, const fmpq_t hi)
{
    slong d = fmpz_poly_degree(P), i, v;
    fmpz_t D, A, W, t;
    fmpz *Q;

    if (d < 1)
        return 0;
    fmpz_init(D), fmpz_init(A), fmpz_init(W), fmpz_init(t);
    Q = _fmpz_vec_init(d + 1);
    fmpz_lcm(D, fmpq_denref(lo), fmpq_denref(hi));
    fmpz_divexact(A, D, fmpq_denref(lo));
    fmpz_mul(A, A, fmpq_numref(lo));
    fmpz_divexact(W, D, fmpq_denref(hi));
    fmpz_mul(W, W, fmpq_numref(hi));
    fmpz_sub(W, W, A);
    fmpz_one(t);
    for (i = d; i >= 0; i--) {
        fmpz_mul(Q + i, P->coeffs + i, t);
        fmpz_mul(t, t, D);
    }
    _fmpz_poly_taylor_shift(Q, A, d + 1);
    fmpz_one(t);
    for (i = 0; i <= d; i++) {
        fmpz_mul(Q + i, Q + i, t);
        fmpz_mul(t, t, W);
    }
    _fmpz_poly_reverse(Q, Q, d + 1, d + 1);
    fmpz_one(t);
    _fmpz_poly_taylor_shift(Q, t, d + 1);
    v = _mqroot_vec_var(Q, d + 1);
    _fmpz_vec_clear(Q, d + 1);
    fmpz_clear(D), fmpz_clear(A), fmpz_clear(W), fmpz_clear(t);
    return v;
}

int _ct_mqroot_refine_to_norm(ct_mqroot_t r, const fmpz_poly_t N)
{
    slong i;

    for (i = 0; i < MQROOT_NORM_REFINE_MAX; i++) {
        if (ct_mqroot_is_exact(r) || _ct_mqroot_descartes(N, r->lo, r->hi) == 1)
            return 1;
        ct_mqroot_bisect(r);
    }
    return 0;
}

/* sign of the integer polynomial P at the rational x */
static int _mqroot_poly_sign(const fmpz_poly_t P, const fmpq_t x)
{
    fmpq_t y;
    int s;

    fmpq_init(y);
    fmpz_poly_evaluate_fmpq(y, P, x);
    s = fmpq_sgn(y);
    fmpq_clear(y);
    return s;
}

/* [lo, hi] = intersection of [alo, ahi] and [blo, bhi]; the zeros are equal
   iff gcd(N, P) has a root there: its ends are no roots of N or P, and N has
   only a's zero in [alo, ahi], P only b's in [blo, bhi]. */
int _ct_mqroot_equal_alg(ct_mqroot_t a, const fmpz_poly_t P, const fmpq_t blo,
                         const fmpq_t bhi)
{
    fmpz_poly_t N, G;
    const fmpq *lo, *hi;
    int res = -1;

    fmpz_poly_init(N);
    fmpz_poly_init(G);
    if (_ct_mqroot_norm_sqfree(N, &a->fn, CT_MQROOT_NORM_DEG_MAX) &&
        _ct_mqroot_refine_to_norm(a, N)) {
        lo = fmpq_cmp(a->lo, blo) >= 0 ? a->lo : blo;
        hi = fmpq_cmp(a->hi, bhi) <= 0 ? a->hi : bhi;
        fmpz_poly_gcd(G, N, P);
        res = 0;
        if (ct_mqroot_is_exact(a))
            res = _mqroot_poly_sign(P, a->lo) == 0 && fmpq_cmp(blo, a->lo) <= 0 &&
                  fmpq_cmp(a->lo, bhi) <= 0;
        else if (fmpq_cmp(lo, hi) < 0 && fmpz_poly_degree(G) >= 1)
            res = _mqroot_poly_sign(G, lo) * _mqroot_poly_sign(G, hi) < 0;
    }
    fmpz_poly_clear(N);
    fmpz_poly_clear(G);
    return res;
}
