/* zadj_pencil: A = b A0 + a A1 with a huge parameter a / b, solved over Z[t].

   With a / b of 10^5 digits (delta's c = 1e-100000, lambda at x = 1e99999),
   adj(A) E has entries of n times that size, and a multimodular solve needs
   tens of thousands of primes, each reducing the huge entries and each
   rebuilding every output: 20 to 40 s for 12 nodes, past a minute for 16.
   The same entries are homogeneous polynomials of degree n - 1 in (a, b)
   whose coefficients depend on A0 and A1 alone: small. So (A0 + t A1) X = den
   E is solved fraction-free over Z[t] (den = +-det(A0 + t A1), X its
   adjugate's columns: Bareiss, FLINT's fmpz_poly_mat_solve_fflu), and both
   are substituted at t = a / b times b^k: k + 1 products a^e b^(k - e) shared
   by all entries, then one small-by-huge product per coefficient. Exact, and
   near-linear in the size of the output. */
#include "certune/zadj.h"

int ct_zadj_pencil_pays(slong n, const fmpz_t a, const fmpz_t b)
{
    slong h = FLINT_MAX(fmpz_bits(a), fmpz_bits(b));
    return n <= CT_ZADJ_PENCIL_MAX && h >= CT_ZADJ_PENCIL_BITS;
}

void ct_zadj_pow_init(ct_zadj_pow_t P, const fmpz_t a, const fmpz_t b, slong kmax)
{
    P->k = FLINT_MAX(kmax, 0);
    P->apow = _fmpz_vec_init(P->k + 1);
    P->bpow = _fmpz_vec_init(P->k + 1);
    fmpz_one(P->apow);
    fmpz_one(P->bpow);
    for (slong e = 1; e <= P->k; e++) {
        fmpz_mul(P->apow + e, P->apow + e - 1, a);
        fmpz_mul(P->bpow + e, P->bpow + e - 1, b);
    }
}

void ct_zadj_pow_clear(ct_zadj_pow_t P)
{
    _fmpz_vec_clear(P->apow, P->k + 1);
    _fmpz_vec_clear(P->bpow, P->k + 1);
}

void ct_zadj_pow_eval(fmpz_t v, const fmpz_poly_t f, slong D, const ct_zadj_pow_t P)
{
    fmpz_t t;
    fmpz_init(t);
    fmpz_zero(v);
    for (slong e = 0; e < fmpz_poly_length(f); e++)
        if (!fmpz_is_zero(f->coeffs + e)) { /* a^e b^(D-e): a copy when a = 1 */
            fmpz_mul(t, P->apow + e, P->bpow + D - e);
            fmpz_addmul(v, f->coeffs + e, t);
        }
    fmpz_clear(t);
}

int ct_zadj_pow_sign(const fmpz_poly_t f, const ct_zadj_pow_t P)
{
    fmpz_t v;
    fmpz_init(v);
    ct_zadj_pow_eval(v, f, FLINT_MAX(fmpz_poly_degree(f), 0), P);
    int s = fmpz_sgn(v);
    fmpz_clear(v);
    return s;
}

int ct_zadj_pencil_solve(fmpz_poly_mat_t X, fmpz_poly_t den, const fmpz_mat_t A0,
                         const fmpz_mat_t A1, const slong *lab, const slong *grp, slong m)
{
    slong n = A0->r;
    fmpz_poly_mat_t P, E;
    fmpz_poly_mat_init(P, n, n);
    fmpz_poly_mat_init(E, n, X->c);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            fmpz_poly_set_coeff_fmpz(fmpz_poly_mat_entry(P, i, j), 0,
                                     fmpz_mat_entry(A0, i, j));
            fmpz_poly_set_coeff_fmpz(fmpz_poly_mat_entry(P, i, j), 1,
                                     fmpz_mat_entry(A1, i, j));
        }
    for (slong j = 0; j < m; j++)
        fmpz_poly_one(fmpz_poly_mat_entry(E, lab[j], grp[j]));
    int ok = fmpz_poly_mat_solve_fflu(X, den, P, E);
    fmpz_poly_mat_clear(P), fmpz_poly_mat_clear(E);
    return ok;
}

int ct_zadj_pencil_rows(fmpz_mat_t Y, const fmpz_mat_t A0, const fmpz_mat_t A1,
                        const fmpz_t a, const fmpz_t b, const slong *lab,
                        const slong *grp, slong m, slong ngroups, const slong *rows,
                        slong nr)
{
    fmpz_poly_mat_t X;
    fmpz_poly_t den;
    fmpz_poly_mat_init(X, A0->r, ngroups);
    fmpz_poly_init(den);
    int ok = ct_zadj_pencil_solve(X, den, A0, A1, lab, grp, m);
    if (ok) {
        slong k = fmpz_poly_degree(den);
        for (slong r = 0; r < nr; r++)
            for (slong g = 0; g < ngroups; g++)
                k = FLINT_MAX(k, fmpz_poly_degree(fmpz_poly_mat_entry(X, rows[r], g)));
        ct_zadj_pow_t P;
        ct_zadj_pow_init(P, a, b, k);
        fmpz_t d;
        fmpz_init(d);
        ct_zadj_pow_eval(d, den, k, P);
        ok = !fmpz_is_zero(d);
        for (slong r = 0; ok && r < nr; r++)
            for (slong g = 0; g < ngroups; g++) {
                fmpz *y = fmpz_mat_entry(Y, r, g);
                ct_zadj_pow_eval(y, fmpz_poly_mat_entry(X, rows[r], g), k, P);
                if (fmpz_sgn(d) < 0)
                    fmpz_neg(y, y);
            }
        fmpz_clear(d);
        ct_zadj_pow_clear(P);
    }
    fmpz_poly_mat_clear(X);
    fmpz_poly_clear(den);
    return ok;
}

/* Balanced digits are unique, and sums of numbers with small digits have the
   sums of the digits as theirs (no carry): a Laplacian's diagonal has its
   weights' digits summed. */
int ct_zadj_base_digits(fmpz_poly_t p, const fmpz_t w, const fmpz_t H, slong digit_bits,
                        slong max_digits)
{
    fmpz_t q, r, h;
    fmpz_init_set(q, w), fmpz_init(r), fmpz_init(h);
    fmpz_fdiv_q_2exp(h, H, 1);
    fmpz_poly_zero(p);
    int ok = 1;
    for (slong k = 0; ok && !fmpz_is_zero(q); k++) {
        fmpz_fdiv_qr(q, r, q, H);
        if (fmpz_cmp(r, h) > 0)
            fmpz_sub(r, r, H), fmpz_add_ui(q, q, 1);
        ok = k < max_digits && (slong)fmpz_bits(r) <= digit_bits;
        fmpz_poly_set_coeff_fmpz(p, k, r);
    }
    fmpz_clear(q), fmpz_clear(r), fmpz_clear(h);
    return ok;
}
