/* zadj: exact rows of adj(A) E for the integer systems of label propagation.

   A (n x n) is an integer M-matrix, symmetric positive definite (so det A > 0
   and A^{-1} >= 0): q D - p W for delta, its alpha and lambda counterparts
   (docs/tuning.md). E (n x ngroups) is 0/1 with a 1 at (lab[j], grp[j]) for
   j < m. Three exact methods, one contract: the rows asked of d A^{-1} E for
   an integer d > 0, so that a caller needing only signs or ratios never sees
   which method ran:
   - p-adic lifting (zlift) for large systems with word-size entries;
   - multimodular: adj(A) E modulo word-size primes (one LU each) and CRT
     (crt), the general fallback;
   - a pencil A = b A0 + a A1 with a huge parameter a / b: solved fraction-free
     over Z[t] as polynomials in t = a / b with small coefficients, then
     substituted (docs/delta.md, "Huge constants").

   Inputs are only read. Outputs are the caller's, initialized with their
   sizes before the call (Y: nr x ngroups; X: n x ngroups; out: k entries) and
   distinct from the inputs; a ct_zadj_pow_t owns its powers (init/clear). No
   errors: ct_zadj_rows always answers, and the pencil's functions return 0
   when the pencil does not apply (then the caller solves ct_zadj_rows). */
#ifndef CERTUNE_ZADJ_H
#define CERTUNE_ZADJ_H

#include <flint/fmpz_mat.h>
#include <flint/fmpz_poly_mat.h>

/* Y (nr x ngroups) = rows rows[0 .. nr) (distinct) of d A^{-1} E, d > 0 (d =
   det A on the multimodular path, a common denominator on the lifting path).
   bits: a bound the caller proves, |adj(A) E| < 2^bits entrywise (it sets how
   many primes). Systems of at least lift_min rows (lift_min > 0) try the
   lifting solve first, with |A^{-1}_ij| <= 2^inv_bits (proved by the caller;
   wrong, it makes the lifting's proof fail, not the answer wrong). Spare
   threads (ct_pool_inner_threads) take primes or column blocks. */
void ct_zadj_rows(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab, const slong *grp,
                  slong m, slong ngroups, const slong *rows, slong nr, slong bits,
                  slong inv_bits, slong lift_min);

/* The pencil pays for systems of at most this many rows (fraction-free
   elimination over Z[t]: 0.2 s at n = 32, 2 to 6 s at 64, measured) whose
   parameter has at least CT_ZADJ_PENCIL_BITS bits; below, the primes a
   multimodular solve needs are few. */
#define CT_ZADJ_PENCIL_MAX 32
#define CT_ZADJ_PENCIL_BITS 512

/* Whether the pencil is the method for n rows and a parameter a / b. */
int ct_zadj_pencil_pays(slong n, const fmpz_t a, const fmpz_t b);

/* The same rows for A = b A0 + a A1 (a, b > 0 integers, A0 and A1 integer
   n x n, A of the kind above): Y = b^k X(a / b) and d = b^k den(a / b) from
   ct_zadj_pencil_solve, k the largest degree; negated when d < 0. Returns 1,
   or 0 when A0 + t A1 is singular over Q(t) or den vanishes at a / b (never
   for a matrix of the kind above: the caller may then solve ct_zadj_rows). */
int ct_zadj_pencil_rows(fmpz_mat_t Y, const fmpz_mat_t A0, const fmpz_mat_t A1,
                        const fmpz_t a, const fmpz_t b, const slong *lab,
                        const slong *grp, slong m, slong ngroups, const slong *rows,
                        slong nr);

/* (A0 + t A1) X = den E over Z[t] (X: n x ngroups, initialized; den =
   +-det(A0 + t A1)), fraction-free (FLINT's fmpz_poly_mat_solve_fflu).
   Returns 0 when A0 + t A1 is singular. */
int ct_zadj_pencil_solve(fmpz_poly_mat_t X, fmpz_poly_t den, const fmpz_mat_t A0,
                         const fmpz_mat_t A1, const slong *lab, const slong *grp,
                         slong m);

/* The powers a^e and b^e, e <= k, of a parameter a / b (b > 0), to evaluate
   polynomials of degree <= k at it as forms: b^D f(a / b) for deg f <= D <= k. */
typedef struct {
    fmpz *apow, *bpow;
    slong k;
} ct_zadj_pow_struct;
typedef ct_zadj_pow_struct ct_zadj_pow_t[1];

void ct_zadj_pow_init(ct_zadj_pow_t P, const fmpz_t a, const fmpz_t b, slong k);
void ct_zadj_pow_clear(ct_zadj_pow_t P);

/* v = b^D f(a / b) (deg f <= D <= P->k). */
void ct_zadj_pow_eval(fmpz_t v, const fmpz_poly_t f, slong D, const ct_zadj_pow_t P);

/* The sign of f(a / b) (deg f <= P->k), exactly. */
int ct_zadj_pow_sign(const fmpz_poly_t f, const ct_zadj_pow_t P);

/* p = the balanced base-H digits of w (w = p(H), each digit in (-H/2, H/2],
   H >= 3), the form in which a huge weight enters a pencil. Returns 0 (p
   unspecified) when a digit has more than digit_bits bits or there are more
   than max_digits digits. */
int ct_zadj_base_digits(fmpz_poly_t p, const fmpz_t w, const fmpz_t H, slong digit_bits,
                        slong max_digits);

/* out[j] = v_j / g for j < k, v_j = b^K P_j(a / b) (K the largest degree of
   the P_j, at most pw->k; a and b coprime, b > 0: pw's parameter), g > 0 the gcd of the
   v_j (all zero: out is zero). The gcd is never taken of the huge v_j: P_j = G R_j over
   Z[t] (G their gcd, content included), so g = |b^deg(G) G(a / b)| g', and g', the gcd of
   the values of the forms R_j (no common factor), divides the resultant of two of their
   combinations (a few thousand bits), taken once (zadj_forms.c, docs/delta.md). */
void ct_zadj_forms_primitive(fmpz *out, const fmpz_poly_struct *P, slong k,
                             const ct_zadj_pow_t pw);

#endif
