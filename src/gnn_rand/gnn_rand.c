/* gnn_rand: xoshiro256** seeded through splitmix64. */
#include "certune/gnn_rand.h"

static uint64_t splitmix64_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void ct_gnn_rand_init(ct_gnn_rand_t R, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        R->s[i] = splitmix64_next(&x);
}

double ct_gnn_rand_uniform(ct_gnn_rand_t R)
{
    return (double)(ct_gnn_rand_u64(R) >> 11) * 0x1.0p-53;
}
