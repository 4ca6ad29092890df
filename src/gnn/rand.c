/* gnn_rand: xoshiro256** seeded through splitmix64. */
#include "certune/gnn_rand.h"

static uint64_t splitmix64_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void gnn_rand_init(gnn_rand_t R, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        R->s[i] = splitmix64_next(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t gnn_rand_u64(gnn_rand_t R)
{
    uint64_t *s = R->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double gnn_rand_uniform(gnn_rand_t R)
{
    return (double)(gnn_rand_u64(R) >> 11) * 0x1.0p-53;
}
