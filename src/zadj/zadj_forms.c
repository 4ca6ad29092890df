/* zadj_forms: the content of the values of integer binary forms without a
   gcd of those values.

   delta's sums at a huge c = a / b have coefficients v_j = b^K P_j(a / b) of
   millions of digits, and dividing them by their content took one gcd of that
   size per sum (half a second each at 3.6 million bits). The forms know it:
   with G = gcd(P_j) over Z[t] (its content the content of the P_j) and
   P_j = G R_j, v_j = G^(a, b) T_j(a, b) with G^ and T_j the forms of G and
   R_j (degrees deg G and D = K - deg G). The T_j have no common factor, so
   for any two coprime combinations F, S of them there are forms U, V with
   U F + V S = Res(F, S) x^N and = Res(F, S) y^N; a common divisor of F(a, b)
   and S(a, b) divides Res a^N and Res b^N, hence Res, a and b being coprime.
   So g' = gcd_j T_j(a, b) = gcd(Res, T_j(a, b) mod Res), and v_j / g =
   sign(G^(a, b)) T_j(a, b) / g'. */
#include <flint/fmpz_mat.h>
#include <flint/fmpz_poly.h>
#include "certune/zadj.h"

/* The Sylvester determinant of two forms of degree D (coefficient vectors f,
   s of length D + 1, constant term first): zero iff they share a factor. */
static void forms_resultant(fmpz_t r, const fmpz *f, const fmpz *s, slong D)
{
    fmpz_mat_t S;
    fmpz_mat_init(S, 2 * D, 2 * D);
    for (slong i = 0; i < D; i++)
        for (slong e = 0; e <= D; e++) {
            fmpz_set(fmpz_mat_entry(S, i, i + D - e), f + e);
            fmpz_set(fmpz_mat_entry(S, D + i, i + D - e), s + e);
        }
    fmpz_mat_det(r, S);
    fmpz_abs(r, r);
    fmpz_mat_clear(S);
}

/* A nonzero resultant of T_{j0} and a combination of the others (R: nz
   polynomials of degree <= D, j0 = 0); 0 when eight combinations fail. */
static void forms_bound(fmpz_t r, const fmpz_poly_struct *R, slong nz, slong D)
{
    fmpz *f = _fmpz_vec_init(D + 1), *s = _fmpz_vec_init(D + 1);
    _fmpz_vec_set(f, R[0].coeffs, fmpz_poly_length(R + 0));
    fmpz_zero(r);
    for (slong t = 0; t < 8 && fmpz_is_zero(r); t++) {
        _fmpz_vec_zero(s, D + 1);
        for (slong j = 1; j < nz; j++) /* small, varied multipliers */
            _fmpz_vec_scalar_addmul_si(s, R[j].coeffs, fmpz_poly_length(R + j),
                                       1 + (j * (2 * t + 3) + t * t) % 17);
        forms_resultant(r, f, s, D);
    }
    _fmpz_vec_clear(f, D + 1), _fmpz_vec_clear(s, D + 1);
}

/* out[j] = b^D R_j(a / b) for the nz forms. */
static void forms_values(fmpz *out, const fmpz_poly_struct *R, slong nz, slong D,
                         const ct_zadj_pow_t pw)
{
    for (slong j = 0; j < nz; j++)
        ct_zadj_pow_eval(out + j, R + j, D, pw);
}

void ct_zadj_forms_primitive(fmpz *out, const fmpz_poly_struct *P, slong k,
                             const ct_zadj_pow_t pw)
{
    slong nz = 0, K = 0, *at = flint_malloc(FLINT_MAX(k, 1) * sizeof(slong));
    fmpz_poly_t G;
    fmpz_poly_init(G);
    for (slong j = 0; j < k; j++) {
        fmpz_zero(out + j);
        if (fmpz_poly_is_zero(P + j))
            continue;
        at[nz++] = j;
        K = FLINT_MAX(K, fmpz_poly_degree(P + j));
        fmpz_poly_gcd(G, G, P + j);
    }
    int sg = nz > 0 ? ct_zadj_pow_sign(G, pw) : 0;
    if (sg != 0) {
        slong D = K - fmpz_poly_degree(G);
        fmpz_poly_struct *R = flint_malloc(nz * sizeof(fmpz_poly_struct));
        fmpz *v = _fmpz_vec_init(nz);
        fmpz_t r, g;
        fmpz_init(r), fmpz_init(g);
        for (slong j = 0; j < nz; j++) {
            fmpz_poly_init(R + j);
            fmpz_poly_div(R + j, P + at[j], G); /* exact */
        }
        forms_values(v, R, nz, D, pw);
        if (nz == 1) /* one form: g' = |T| */
            fmpz_abs(g, v);
        else if (D == 0) /* constants of content 1 */
            fmpz_one(g);
        else {
            forms_bound(g, R, nz, D);
            if (fmpz_is_zero(g)) /* no coprime combination found: the plain gcd */
                _fmpz_vec_content(g, v, nz);
            for (slong j = 0; j < nz && !fmpz_is_one(g); j++) {
                fmpz_mod(r, v + j, g); /* g divides the resultant: small */
                fmpz_gcd(g, g, r);
            }
        }
        for (slong j = 0; j < nz; j++) {
            fmpz_divexact(out + at[j], v + j, g);
            if (sg < 0)
                fmpz_neg(out + at[j], out + at[j]);
            fmpz_poly_clear(R + j);
        }
        fmpz_clear(r), fmpz_clear(g);
        _fmpz_vec_clear(v, nz);
        flint_free(R);
    }
    fmpz_poly_clear(G);
    flint_free(at);
}
