/* ct_alpha_charpoly: det(I - alpha T) mod p for T = D^{-1} W, from a projected
   Krylov sequence when possible.

   For random u, x the sequence s_t = u^T T^t x (t < 2n) has a minimal
   polynomial V (Berlekamp-Massey) dividing the minimal polynomial of T, which
   divides det(x I - T), of degree n. So deg V = n proves V = det(x I - T): 2n
   sparse products and O(n^2) work instead of a dense O(n^3) characteristic
   polynomial. When deg V < n (T has a repeated eigenvalue, e.g. two leaves
   hanging from one node with equal weights, or unlucky u, x), the dense
   nmod_mat_charpoly is used. The result is the same either way. */
#include <flint/nmod_mat.h>
#include <flint/nmod_poly.h>
#include "alpha_internal.h"

/* y = T x (single vector; two-limb sums, see alpha_primes for the size). */
static void alpha_matvec(ulong *y, const ulong *x, const ct_alpha_comp *C, const ulong *t,
                         nmod_t mod)
{
    for (slong i = 0; i < C->size; i++) {
        ulong hi = 0, lo = 0;
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++) {
            ulong ph, pl;
            umul_ppmm(ph, pl, t[e], x[C->col[e]]);
            add_ssaaaa(hi, lo, hi, lo, ph, pl);
        }
        NMOD2_RED2(y[i], hi, lo, mod);
    }
}

/* Fills c from a projected sequence; returns 0 when its degree is below n. */
static int alpha_charpoly_bm(ulong *c, const ct_alpha_comp *C, const ulong *t, nmod_t mod)
{
    slong n = C->size;
    ulong *x = flint_malloc(n * sizeof(ulong)), *y = flint_malloc(n * sizeof(ulong));
    ulong *u = flint_malloc(n * sizeof(ulong)), *s = flint_malloc(2 * n * sizeof(ulong));
    flint_rand_t st;
    flint_randinit(st); /* fixed seed: the run is reproducible */
    for (slong i = 0; i < n; i++)
        x[i] = n_randint(st, mod.n), u[i] = n_randint(st, mod.n);
    for (slong k = 0; k < 2 * n; k++) {
        s[k] = _nmod_vec_dot(u, x, n, mod, _nmod_vec_dot_bound_limbs(n, mod));
        alpha_matvec(y, x, C, t, mod);
        ulong *w = x;
        x = y, y = w;
    }
    nmod_berlekamp_massey_t B;
    nmod_berlekamp_massey_init(B, mod.n);
    nmod_berlekamp_massey_add_points(B, s, 2 * n);
    nmod_berlekamp_massey_reduce(B);
    const nmod_poly_struct *V = nmod_berlekamp_massey_V_poly(B);
    int ok = nmod_poly_degree(V) == n;
    if (ok) { /* V monic of degree n: c_k = its coefficient of x^(n-k) */
        ulong inv = n_invmod(V->coeffs[n], mod.n);
        for (slong k = 0; k <= n; k++)
            c[k] = nmod_mul(V->coeffs[n - k], inv, mod);
    }
    nmod_berlekamp_massey_clear(B);
    flint_randclear(st);
    flint_free(x), flint_free(y), flint_free(u), flint_free(s);
    return ok;
}

void ct_alpha_charpoly(ulong *c, const ct_alpha_comp *C, const ulong *t, nmod_t mod)
{
    slong n = C->size;
    if (alpha_charpoly_bm(c, C, t, mod))
        return;
    nmod_mat_t T;
    nmod_poly_t cp;
    nmod_mat_init(T, n, n, mod.n);
    nmod_poly_init(cp, mod.n);
    for (slong i = 0; i < n; i++)
        for (slong e = C->rowstart[i]; e < C->rowstart[i + 1]; e++)
            nmod_mat_entry(T, i, C->col[e]) = t[e];
    nmod_mat_charpoly(cp, T); /* det(x I - T); c_k is its coefficient of x^(n-k) */
    for (slong k = 0; k <= n; k++)
        c[k] = nmod_poly_get_coeff_ui(cp, n - k);
    nmod_mat_clear(T);
    nmod_poly_clear(cp);
}
