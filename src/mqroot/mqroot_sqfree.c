/* mqroot_sqfree: the coprime base of the radicands and the modular proof that
   a multi-quadratic polynomial is squarefree (docs/mqroot.md). */
#include <flint/fmpz_vec.h>
#include <flint/fq_nmod_poly.h>
#include <flint/nmod_poly.h>
#include "certune/mqroot.h"
#include "mqroot_internal.h"

#define MQROOT_BASE_MAX 62

/* Splits b[i], b[j] with g = gcd > 1 into g, b[i] / g, b[j] / g (dropping 1s);
   every radicand stays a product of base elements. Returns the new length. */
static slong _mqroot_base_split(fmpz *b, slong m, slong i, slong j, const fmpz_t g)
{
    slong k, n = 0;

    fmpz_divexact(b + i, b + i, g);
    fmpz_divexact(b + j, b + j, g);
    fmpz_set(b + m, g);
    for (k = 0; k <= m; k++)
        if (!fmpz_is_one(b + k))
            fmpz_swap(b + n++, b + k);
    return n;
}

/* Refines b[0..m) (squarefree, > 1) into a pairwise coprime base. */
static slong _mqroot_base_refine(fmpz *b, slong m)
{
    fmpz_t g;
    slong i, j;
    int changed = 1;

    fmpz_init(g);
    while (changed && m <= MQROOT_BASE_MAX) {
        changed = 0;
        for (i = 0; i < m && !changed; i++)
            for (j = i + 1; j < m && !changed; j++) {
                fmpz_gcd(g, b + i, b + j);
                if (!fmpz_is_one(g)) {
                    m = _mqroot_base_split(b, m, i, j, g);
                    changed = 1;
                }
            }
    }
    fmpz_clear(g);
    return m;
}

int _ct_mqroot_basis(fmpz **b, slong *m, ulong *mask, const ct_mqpoly_t g)
{
    slong k, i, n = 0, alloc = MQROOT_BASE_MAX + 2;
    fmpz *B = _fmpz_vec_init(alloc);

    for (k = 0; k < g->len; k++)
        if (!fmpz_is_one(g->rad + k) && n <= MQROOT_BASE_MAX)
            fmpz_set(B + n++, g->rad + k);
    n = _mqroot_base_refine(B, n);
    if (n > MQROOT_BASE_MAX) {
        _fmpz_vec_clear(B, alloc);
        return 0;
    }
    for (k = 0; k < g->len; k++) {
        mask[k] = 0;
        for (i = 0; i < n; i++)
            if (fmpz_divisible(g->rad + k, B + i))
                mask[k] |= UWORD(1) << i;
    }
    *b = _fmpz_vec_init(n + 1);
    _fmpz_vec_swap(*b, B, n);
    _fmpz_vec_clear(B, alloc);
    *m = n;
    return 1;
}

/* F_{p^2} = F_p[t]/(t^2 - n) with n a non-residue mod p: every element of F_p
   has a square root there, so any odd prime not dividing a radicand gives a
   ring homomorphism Z[sqrt b_i] -> F_{p^2}. An element is (u, v) = u + v t. */
typedef struct {
    ulong u, v;
} _mqroot_fp2;

static _mqroot_fp2 _mqroot_fp2_mul(_mqroot_fp2 a, _mqroot_fp2 b, ulong n, nmod_t mod)
{
    _mqroot_fp2 r;
    r.u =
        nmod_add(nmod_mul(a.u, b.u, mod), nmod_mul(nmod_mul(a.v, b.v, mod), n, mod), mod);
    r.v = nmod_add(nmod_mul(a.u, b.v, mod), nmod_mul(a.v, b.u, mod), mod);
    return r;
}

/* Images of sqrt(b[i]): s or s t with s in F_p; 0 if p divides some b[i]. */
static int _mqroot_sqrt_images(_mqroot_fp2 *s, const fmpz *b, slong m, ulong n,
                               nmod_t mod)
{
    ulong ninv = n_invmod(n, mod.n);
    for (slong i = 0; i < m; i++) {
        ulong a = fmpz_fdiv_ui(b + i, mod.n);
        if (a == 0)
            return 0;
        if (n_jacobi(a, mod.n) == 1)
            s[i].u = n_sqrtmod(a, mod.n), s[i].v = 0;
        else /* a / n is a residue: sqrt(a) = sqrt(a / n) t */
            s[i].u = 0, s[i].v = n_sqrtmod(nmod_mul(a, ninv, mod), mod.n);
    }
    return 1;
}

/* Whether the image of f under sqrt(b[i]) -> s[i] in F_{p^2}[x] keeps the
   degree d and is squarefree. */
static int _mqroot_sqfree_mod(const ct_mqpoly_t f, const ulong *mask,
                              const _mqroot_fp2 *s, ulong n, nmod_t mod, slong d)
{
    fq_nmod_ctx_t ctx;
    nmod_poly_t modulus, e;
    fq_nmod_poly_t a, da, g;
    fq_nmod_t c, t;
    nmod_poly_init(modulus, mod.n);
    nmod_poly_set_coeff_ui(modulus, 2, 1);
    nmod_poly_set_coeff_ui(modulus, 0, nmod_neg(n, mod));
    fq_nmod_ctx_init_modulus(ctx, modulus, "t");
    fq_nmod_poly_init(a, ctx), fq_nmod_poly_init(da, ctx), fq_nmod_poly_init(g, ctx);
    fq_nmod_init(c, ctx), fq_nmod_init(t, ctx);
    nmod_poly_init(e, mod.n);
    for (slong k = 0; k < f->len; k++) {
        _mqroot_fp2 r = {1, 0};
        for (slong i = 0; i < 64; i++)
            if (mask[k] >> i & 1)
                r = _mqroot_fp2_mul(r, s[i], n, mod);
        for (slong j = 0; j < f->poly[k].length; j++) {
            ulong x = fmpz_fdiv_ui(f->poly[k].coeffs + j, mod.n);
            nmod_poly_zero(e);
            nmod_poly_set_coeff_ui(e, 0, nmod_mul(x, r.u, mod));
            nmod_poly_set_coeff_ui(e, 1, nmod_mul(x, r.v, mod));
            fq_nmod_set_nmod_poly(t, e, ctx);
            fq_nmod_poly_get_coeff(c, a, j, ctx);
            fq_nmod_add(c, c, t, ctx);
            fq_nmod_poly_set_coeff(a, j, c, ctx);
        }
    }
    int ok = fq_nmod_poly_degree(a, ctx) == d;
    if (ok) {
        fq_nmod_poly_derivative(da, a, ctx);
        fq_nmod_poly_gcd(g, a, da, ctx);
        ok = fq_nmod_poly_degree(g, ctx) == 0;
    }
    fq_nmod_clear(c, ctx), fq_nmod_clear(t, ctx);
    fq_nmod_poly_clear(a, ctx), fq_nmod_poly_clear(da, ctx), fq_nmod_poly_clear(g, ctx);
    fq_nmod_ctx_clear(ctx);
    nmod_poly_clear(modulus), nmod_poly_clear(e);
    return ok;
}

/* A ring homomorphism Z[sqrt b_i] -> F_{p^2} maps the discriminant of f to that
   of its image (same degree); a squarefree image has a nonzero discriminant, so
   f's is nonzero: f is squarefree. Up to 4 primes are tried (a prime that
   divides the discriminant's norm fails, and there are finitely many). */
int _ct_mqroot_prove_squarefree(const ct_mqpoly_t f)
{
    slong m, d = ct_mqpoly_degree(f), tries = 0, cand;
    ulong *mask = flint_malloc(FLINT_MAX(f->len, 1) * sizeof(ulong));
    _mqroot_fp2 s[MQROOT_BASE_MAX + 1];
    ulong p = (UWORD(1) << 40) + 1000003;
    fmpz *b;
    int ok = 0;

    if (!_ct_mqroot_basis(&b, &m, mask, f)) {
        flint_free(mask);
        return 0;
    }
    for (cand = 0; cand < 64 && tries < 4 && !ok; cand++) {
        nmod_t mod;
        p = n_nextprime(p, 1);
        nmod_init(&mod, p);
        ulong n = 2;
        while (n_jacobi(n, p) != -1)
            n++;
        if (!_mqroot_sqrt_images(s, b, m, n, mod))
            continue;
        tries++;
        ok = _mqroot_sqfree_mod(f, mask, s, n, mod, d);
    }
    _fmpz_vec_clear(b, m + 1);
    flint_free(mask);
    return ok;
}
