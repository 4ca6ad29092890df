/* crt: multimodular reconstruction. Integers with a proved bound are computed
   modulo word-size primes until the primes' product passes the bound, then
   rebuilt by Chinese remaindering: incrementally (ct_crt_accept_vec) or all at
   once by Garner's mixed-radix algorithm (ct_crt_prepare, ct_crt_get). Used by
   the lambda, alpha and delta families; docs/architecture.md. */
#ifndef CERTUNE_CRT_H
#define CERTUNE_CRT_H

#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/nmod_vec.h>

/* The primes above 2^start_bits, increasing, of which the caller accepts those
   it could use, until the accepted primes' product M has more than bits bits. */
typedef struct {
    slong bits;
    ulong cand; /* the last candidate returned by ct_crt_next */
    ulong *p;   /* the accepted primes, increasing */
    slong np, alloc;
    fmpz_t M;    /* their product */
    nmod_t *mod; /* Garner's tables for p (ct_crt_prepare) */
    ulong *inv, *c, *a, *ML, *half, *x;
} ct_crt_struct;
typedef ct_crt_struct ct_crt_t[1];

/* Candidates start at the first prime above 2^start_bits (start_bits <= 62);
   enough once bits(M) > bits. Clear with ct_crt_clear. */
void ct_crt_init(ct_crt_t C, slong start_bits, slong bits);
void ct_crt_clear(ct_crt_t C);

/* Returns 1 with *p the next candidate prime while bits(M) <= bits, else 0
   (the accepted primes then determine every integer of the proved range). */
int ct_crt_next(ulong *p, ct_crt_t C);

/* The last candidate is used: M = M p. A candidate not accepted (the caller's
   computation fails modulo it) is simply skipped. */
void ct_crt_accept(ct_crt_t C);

/* v[i] (known modulo M, in (-M/2, M/2]) becomes the integer in (-M p/2, M p/2]
   congruent to v[i] mod M and to res[i] mod p (p the last candidate); then
   accepts p. v holds len initialized fmpz, 0 before the first prime. */
void ct_crt_accept_vec(fmpz *v, const ulong *res, slong len, ct_crt_t C);

/* Builds Garner's tables for the accepted primes; call once after the last
   ct_crt_accept and before ct_crt_get. */
void ct_crt_prepare(ct_crt_t C);

/* out = the integer congruent to res[i] mod p_i for the np accepted primes:
   in [0, M) when sign is 0, of absolute value below M/2 when sign is 1. */
void ct_crt_get(fmpz_t out, const ulong *res, int sign, ct_crt_t C);

#endif
