/* graphin_map: strings (node ids, class names) to indices, open addressing
   with linear probing at most half full, FNV-1a hashes. */
#include <stdint.h>
#include <string.h>
#include "certune/text.h"
#include "graphin_internal.h"

static slong map_slot(const _ct_graphin_map *M, const char *s)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (const char *p = s; *p != '\0'; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(1099511628211);
    slong i = (slong)(h & (uint64_t)(M->cap - 1));
    while (M->key[i] != NULL && strcmp(M->key[i], s) != 0)
        i = (i + 1) & (M->cap - 1);
    return i;
}

slong _ct_graphin_map_find(const _ct_graphin_map *M, const char *s)
{
    if (M->cap == 0)
        return -1;
    slong i = map_slot(M, s);
    return M->key[i] != NULL ? M->val[i] : -1;
}

static void map_grow(_ct_graphin_map *M)
{
    _ct_graphin_map T = {NULL, NULL, M->cap ? 2 * M->cap : 64, M->count};
    T.key = flint_calloc((size_t)T.cap, sizeof(char *));
    T.val = flint_malloc((size_t)T.cap * sizeof(slong));
    for (slong i = 0; i < M->cap; i++)
        if (M->key[i] != NULL) {
            slong j = map_slot(&T, M->key[i]);
            T.key[j] = M->key[i], T.val[j] = M->val[i];
        }
    flint_free(M->key);
    flint_free(M->val);
    *M = T;
}

char *_ct_graphin_map_add(_ct_graphin_map *M, const char *s, slong val)
{
    if (2 * (M->count + 1) > M->cap)
        map_grow(M);
    slong i = map_slot(M, s);
    M->key[i] = ct_text_strdup(s);
    M->val[i] = val;
    M->count++;
    return M->key[i];
}

void _ct_graphin_map_set(_ct_graphin_map *M, const char *s, slong val)
{
    M->val[map_slot(M, s)] = val;
}

void _ct_graphin_map_clear(_ct_graphin_map *M)
{
    for (slong i = 0; i < M->cap; i++)
        flint_free(M->key[i]);
    flint_free(M->key);
    flint_free(M->val);
    memset(M, 0, sizeof(*M));
}
