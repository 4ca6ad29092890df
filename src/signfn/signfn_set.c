/* signfn_set: the distinct sign functions of one type, numbered by first
   insertion (the alpha and delta analyses' deduplication). */
#include <string.h>
#include "certune/signfn.h"

void ct_signfn_set_init(ct_signfn_set_t S, const ct_signfn_type_struct *type)
{
    S->type = type;
    S->fn.any = NULL;
    S->len = S->alloc = 0;
    S->table = NULL;
    S->table_size = 0;
}

void ct_signfn_set_clear(ct_signfn_set_t S)
{
    for (slong f = 0; f < S->len; f++)
        S->type->clear((char *)S->fn.any + f * S->type->size);
    flint_free(S->fn.any);
    flint_free(S->table);
}

static const void *signfn_set_at(const ct_signfn_set_t S, slong f)
{
    return (const char *)S->fn.any + f * S->type->size;
}

static void signfn_set_grow(ct_signfn_set_t S)
{
    S->table_size = FLINT_MAX(16, 2 * S->table_size);
    S->table = flint_realloc(S->table, S->table_size * sizeof(slong));
    for (slong k = 0; k < S->table_size; k++)
        S->table[k] = -1;
    for (slong f = 0; f < S->len; f++) {
        slong k = S->type->hash(signfn_set_at(S, f)) % S->table_size;
        while (S->table[k] >= 0)
            k = (k + 1) % S->table_size;
        S->table[k] = f;
    }
}

slong ct_signfn_set_insert(ct_signfn_set_t S, void *g)
{
    if (2 * (S->len + 1) > S->table_size)
        signfn_set_grow(S);
    slong k = S->type->hash(g) % S->table_size;
    for (; S->table[k] >= 0; k = (k + 1) % S->table_size)
        if (S->type->equal(signfn_set_at(S, S->table[k]), g)) {
            S->type->clear(g);
            return S->table[k];
        }
    if (S->len == S->alloc) {
        S->alloc = FLINT_MAX(16, 2 * S->alloc);
        S->fn.any = flint_realloc(S->fn.any, S->alloc * S->type->size);
    }
    memcpy((char *)S->fn.any + S->len * S->type->size, g, S->type->size); /* moved */
    S->table[k] = S->len;
    return S->len++;
}

slong ct_signfn_set_take_pair(ct_signfn_set_t S, int *sign, ct_signfn_struct *s, slong p)
{
    const ct_signfn_type_struct *T = S->type;
    union {
        fmpz_poly_struct poly;
        ct_mqpoly_struct mq;
        ct_expsum_struct es;
    } h; /* room for any type's struct; moved into S when new */
    void *g = (char *)s->diff.any + p * T->size;
    memcpy(&h, g, T->size); /* moved out: the functions are large */
    T->init(g);
    *sign = T->normalize(&h);
    if (T->is_zero(&h)) {
        T->clear(&h);
        *sign = 0;
        return -1;
    }
    return ct_signfn_set_insert(S, &h);
}
