/* gnn_rand: a small seeded generator (xoshiro256**) for the GNN companion. A
   ct_gnn_rand_t is four words of plain state with no heap memory (no clear);
   each draw advances it, so a generator is used by one thread at a time. No
   errors. */
#ifndef CERTUNE_GNN_RAND_H
#define CERTUNE_GNN_RAND_H

#include <stdint.h>

/* Our own generator rather than rand() or flint_rand_t so that a seed gives
   the same weights, dropout masks and splits on every platform and libc. */
typedef struct {
    uint64_t s[4];
} ct_gnn_rand_struct;
typedef ct_gnn_rand_struct ct_gnn_rand_t[1];

/* Seeds R from seed through splitmix64; any seed (0 included) is valid and
   distinct seeds give unrelated streams. */
void ct_gnn_rand_init(ct_gnn_rand_t R, uint64_t seed);

/* The next 64 random bits of R. Inline: the dropout loops draw one number
   per four decisions, and a call there cost more than the generator. */
static inline uint64_t ct_gnn_rand_u64(ct_gnn_rand_t R)
{
    uint64_t *s = R->s;
    uint64_t x = s[1] * 5, t = s[1] << 17;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* A uniform double in [0, 1) with 53 random bits. */
double ct_gnn_rand_uniform(ct_gnn_rand_t R);

#endif
