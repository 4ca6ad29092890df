/* mqroot_sqfree: the coprime base of the radicands and the modular proof that
   a multi-quadratic polynomial is squarefree (docs/mqroot.md). */
#include <flint/fmpz_vec.h>
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

int _mqroot_basis(fmpz **b, slong *m, ulong *mask, const mqpoly_t g)
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

/* Images s[i] of sqrt(b[i]) in F_p (s[i]^2 = b[i] mod p); 0 if some b[i] is 0
   or a non-residue mod p. */
static int _mqroot_sqrt_images(ulong *s, const fmpz *b, slong m, ulong p)
{
    slong i;

    for (i = 0; i < m; i++) {
        ulong a = fmpz_fdiv_ui(b + i, p);
        if (a == 0)
            return 0;
        s[i] = n_sqrtmod(a, p);
        if (s[i] == 0)
            return 0;
    }
    return 1;
}

/* Whether the image of f under sqrt(b[i]) -> s[i] in F_p[x] keeps the degree
   d and is squarefree. */
static int _mqroot_sqfree_mod(const mqpoly_t f, const ulong *mask, const ulong *s,
                              ulong p, slong d)
{
    nmod_poly_t a, t, dg;
    slong k, i;
    int ok;

    nmod_poly_init(a, p);
    nmod_poly_init(t, p);
    nmod_poly_init(dg, p);
    for (k = 0; k < f->len; k++) {
        ulong c = 1;
        for (i = 0; i < 64; i++)
            if (mask[k] >> i & 1)
                c = n_mulmod2_preinv(c, s[i], p, a->mod.ninv);
        fmpz_poly_get_nmod_poly(t, f->poly + k);
        nmod_poly_scalar_mul_nmod(t, t, c);
        nmod_poly_add(a, a, t);
    }
    ok = nmod_poly_degree(a) == d;
    if (ok) {
        nmod_poly_derivative(dg, a);
        nmod_poly_gcd(t, a, dg);
        ok = nmod_poly_degree(t) == 0;
    }
    nmod_poly_clear(a);
    nmod_poly_clear(t);
    nmod_poly_clear(dg);
    return ok;
}

/* A ring homomorphism Z[sqrt b_i] -> F_p maps the discriminant of f to that of
   its image (same degree); a squarefree image has a nonzero discriminant, so
   f's is nonzero: f is squarefree. Up to 4 primes where every b_i is a
   quadratic residue are tried. */
int _mqroot_prove_squarefree(const mqpoly_t f)
{
    slong m, d = mqpoly_degree(f), tries = 0, cand;
    ulong *mask = flint_malloc(FLINT_MAX(f->len, 1) * sizeof(ulong));
    ulong s[MQROOT_BASE_MAX + 1], p = (UWORD(1) << 40) + 1000003;
    fmpz *b;
    int ok = 0;

    if (!_mqroot_basis(&b, &m, mask, f)) {
        flint_free(mask);
        return 0;
    }
    for (cand = 0; cand < 20000 && tries < 4 && !ok; cand++) {
        p = n_nextprime(p, 1);
        if (!_mqroot_sqrt_images(s, b, m, p))
            continue;
        tries++;
        ok = _mqroot_sqfree_mod(f, mask, s, p, d);
    }
    _fmpz_vec_clear(b, m + 1);
    flint_free(mask);
    return ok;
}
