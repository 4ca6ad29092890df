/* polyset: a set of distinct integer polynomials, up to sign and content. */
#include "certune/polyset.h"

#define POLYSET_HASH_PRIME UWORD(2305843009213693951) /* 2^61 - 1 */

void ct_polyset_init(ct_polyset_t S)
{
    S->len = S->alloc = 0;
    S->polys = NULL;
    S->table_size = 64;
    S->table = flint_malloc(S->table_size * sizeof(slong));
    for (slong i = 0; i < S->table_size; i++)
        S->table[i] = -1;
}

void ct_polyset_clear(ct_polyset_t S)
{
    for (slong i = 0; i < S->len; i++)
        fmpz_poly_clear(S->polys + i);
    flint_free(S->polys);
    flint_free(S->table);
}

static ulong polyset_hash(const fmpz_poly_t p)
{
    ulong h = (ulong)p->length * UWORD(0x9E3779B97F4A7C15);
    for (slong i = 0; i < p->length; i++) {
        h ^= fmpz_fdiv_ui(p->coeffs + i, POLYSET_HASH_PRIME);
        h *= UWORD(0xBF58476D1CE4E5B9);
        h ^= h >> 31;
    }
    return h;
}

static slong *polyset_slot(ct_polyset_t S, const fmpz_poly_t p, ulong h)
{
    slong mask = S->table_size - 1;
    for (slong i = (slong)(h & mask);; i = (i + 1) & mask) {
        slong id = S->table[i];
        if (id < 0 || fmpz_poly_equal(S->polys + id, p))
            return S->table + i;
    }
}

static void polyset_grow_table(ct_polyset_t S)
{
    flint_free(S->table);
    S->table_size *= 2;
    S->table = flint_malloc(S->table_size * sizeof(slong));
    for (slong i = 0; i < S->table_size; i++)
        S->table[i] = -1;
    for (slong id = 0; id < S->len; id++)
        *polyset_slot(S, S->polys + id, polyset_hash(S->polys + id)) = id;
}

slong ct_polyset_insert(ct_polyset_t S, const fmpz_poly_t p)
{
    fmpz_poly_t q;
    fmpz_poly_init(q);
    fmpz_poly_primitive_part(q, p);
    if (fmpz_sgn(fmpz_poly_lead(q)) < 0)
        fmpz_poly_neg(q, q);
    slong *slot = polyset_slot(S, q, polyset_hash(q));
    if (*slot >= 0) {
        fmpz_poly_clear(q);
        return *slot;
    }
    if (S->len == S->alloc) {
        S->alloc = FLINT_MAX(16, 2 * S->alloc);
        S->polys = flint_realloc(S->polys, S->alloc * sizeof(fmpz_poly_struct));
    }
    slong id = S->len++;
    S->polys[id] = *q; /* takes ownership of q's coefficients */
    *slot = id;
    if (2 * S->len > S->table_size)
        polyset_grow_table(S);
    return id;
}
