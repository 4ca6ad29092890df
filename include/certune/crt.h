/* crt: multimodular reconstruction of integers with a proved bound (lambda,
   alpha, delta): word-size primes are offered (ct_crt_next) and accepted until
   their product M passes the bound, and values are rebuilt from residues
   incrementally, all at once (Garner up to CT_CRT_GARNER_MAX primes, a product
   tree beyond) or a chunk of primes at a time. ct_crt_t, ct_crt_vec_t and
   ct_crt_mm_t own their tables (init/clear); residues and values are the
   caller's arrays, and a ct_crt_mm_t borrows the arrays registered with it. No
   errors: a prime the caller cannot use is simply not accepted. */
#ifndef CERTUNE_CRT_H
#define CERTUNE_CRT_H

#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/nmod_vec.h>

/* Up to this many primes ct_crt_get uses Garner's algorithm (np^2 words of
   tables, np^2 word products per value); above, FLINT's fmpz_comb product tree
   (quasi-linear in np). Measured crossover: docs/architecture.md. */
#define CT_CRT_GARNER_MAX 64

/* The primes above 2^start_bits, increasing, of which the caller accepts those
   it could use, until the accepted primes' product M has more than bits bits. */
typedef struct {
    slong bits, start; /* the bound and start_bits */
    ulong cand;        /* the last candidate returned by ct_crt_next */
    ulong *p;          /* the accepted primes, increasing */
    slong np, alloc;
    slong lbits; /* sum of floor(log2 p) over p: bits(M) > lbits */
    fmpz_t M;    /* the product of p[0 .. Mnp - 1] (ct_crt_modulus) */
    slong Mnp;
    nmod_t *mod; /* Garner's tables for p (ct_crt_prepare) */
    ulong *inv, *c, *a, *ML, *half, *x;
    fmpz_comb_struct *comb; /* the product tree, when np > CT_CRT_GARNER_MAX */
    fmpz_comb_temp_struct *comb_temp;
} ct_crt_struct;
typedef ct_crt_struct ct_crt_t[1];

/* Candidates start at the first prime above 2^start_bits (start_bits <= 62);
   enough once bits(M) > bits. */
void ct_crt_init(ct_crt_t C, slong start_bits, slong bits);
void ct_crt_clear(ct_crt_t C);

/* Returns 1 with *p the next candidate prime until bits(M) > bits is proved
   (by sum floor(log2 p) >= bits), else 0: the accepted primes then determine
   every integer of the proved range. */
int ct_crt_next(ulong *p, ct_crt_t C);

/* The last candidate is used: M = M p. A candidate not accepted (the caller's
   computation fails modulo it) is simply skipped. */
void ct_crt_accept(ct_crt_t C);

/* v[i] (known modulo M, in (-M/2, M/2]) becomes the integer in (-M p/2, M p/2]
   congruent to v[i] mod M and to res[i] mod p (p the last candidate); then
   accepts p. v holds len initialized fmpz, 0 before the first prime. */
void ct_crt_accept_vec(fmpz *v, const ulong *res, slong len, ct_crt_t C);

/* The candidates of C in rounds of up to nthreads primes: for each prime of
   a round, in order, take(arg, j, C) on the calling thread with that prime as
   C's last candidate (reduce inputs, ct_crt_mm_at); then work(arg, j) for the
   round's primes on nthreads threads (ct_pool_for: independent work only);
   then give(arg, j, C) in order on the calling thread, the prime again C's
   last candidate, to accept it (ct_crt_accept, ct_crt_vec_accept) or skip it
   and free slot j. Ends when C needs no more primes; the last round may
   accept up to nthreads - 1 primes beyond the bound (harmless: values are
   then determined modulo a larger M). */
typedef struct {
    void (*take)(void *arg, slong j, ct_crt_t C);
    void (*work)(void *arg, slong j);
    void (*give)(void *arg, slong j, ct_crt_t C);
} ct_crt_round_struct;
void ct_crt_rounds(ct_crt_t C, slong nthreads, const ct_crt_round_struct *F, void *arg);

/* M, the product of the accepted primes (formed on demand; owned by C). */
const fmpz *ct_crt_modulus(ct_crt_t C);

/* Primes still to accept if every candidate is: bits(M) > bits holds once they are. */
slong ct_crt_remaining(const ct_crt_t C);

/* Builds Garner's tables (or the product tree) for the accepted primes; call once after
   the last ct_crt_accept and before ct_crt_get. */
void ct_crt_prepare(ct_crt_t C);

/* out = the integer congruent to res[i] mod p_i for the np accepted primes:
   in [0, M) when sign is 0, of absolute value below M/2 when sign is 1. */
void ct_crt_get(fmpz_t out, const ulong *res, int sign, ct_crt_t C);

/* The same value as np + 1 limbs x of its absolute value; returns 1 when it is
   negative. Garner only (np <= CT_CRT_GARNER_MAX). a (np words) is scratch:
   with their own x and a, several threads may share one prepared C. */
int ct_crt_get_limbs(ulong *x, ulong *a, const ulong *res, int sign, const ct_crt_t C);

/* Values rebuilt a chunk of primes at a time: the residues of up to `chunk`
   primes are kept (len x chunk words), rebuilt together (ct_crt_prepare,
   ct_crt_get) and folded into the values modulo the earlier chunks: quasi-linear
   in the primes where ct_crt_accept_vec is quadratic. Same result. */
typedef struct {
    slong len, chunk, k; /* values, chunk capacity, residues held */
    ulong *res;          /* res[i chunk + j]: value i modulo the j-th prime held */
    fmpz *v;   /* the values modulo Mv: in [0, Mv), or (-Mv/2, Mv/2] for chunk 1 */
    fmpz_t Mv; /* product of the primes folded into v */
} ct_crt_vec_struct;
typedef ct_crt_vec_struct ct_crt_vec_t[1];

/* For len values, keeping at most about max(budget, 32 len) words of residues
   (a chunk holds at least 32 primes, or all still needed: fewer would make
   many values fall to the quadratic incremental CRT). With fewer than 8
   primes still needed by C the chunk is 1: plain ct_crt_accept_vec. */
void ct_crt_vec_init(ct_crt_vec_t V, slong len, slong budget, const ct_crt_t C);
void ct_crt_vec_clear(ct_crt_vec_t V);

/* Takes res[0 .. len-1], the values modulo C's last candidate, and accepts it. */
void ct_crt_vec_accept(const ulong *res, ct_crt_vec_t V, ct_crt_t C);

/* out[i] (len initialized fmpz) = the value congruent to every accepted
   residue, in (-M/2, M/2]; V is then spent (clear it). */
void ct_crt_vec_finish(fmpz *out, ct_crt_vec_t V, ct_crt_t C);

/* Residues of huge integers modulo a run of upcoming candidates of a ct_crt_t,
   computed together by a remainder tree (fmpz_multi_mod_ui). Arrays are
   registered once; entries of more than CT_CRT_MM_LIMBS limbs are tabled,
   smaller ones reduced on demand. */
#define CT_CRT_MM_LIMBS 24
typedef struct {
    slong narr, budget;
    const fmpz **arr; /* the registered arrays */
    slong *len;
    slong **pos;    /* pos[a][i]: row of entry i of array a in res, or -1 */
    slong nbig, k;  /* tabled entries, candidates covered */
    ulong *p, *res; /* the candidates (increasing); res[row k + j] */
    slong at;       /* column of the current candidate */
} ct_crt_mm_struct;
typedef ct_crt_mm_struct ct_crt_mm_t[1];

/* An empty table keeping at most about budget words of residues. */
void ct_crt_mm_init(ct_crt_mm_t T, slong budget);
void ct_crt_mm_clear(ct_crt_mm_t T);

/* Registers x[0 .. len-1] (an fmpz_mat's entries: A->entries, r c); returns
   its id. Call before the first ct_crt_mm_at. */
slong ct_crt_mm_add(ct_crt_mm_t T, const fmpz *x, slong len);

/* Makes C's last candidate (from ct_crt_next) current, refilling the table
   for it and the candidates after it when it is not covered. */
void ct_crt_mm_at(ct_crt_mm_t T, const ct_crt_t C);

/* Entry i of array id modulo the current candidate, in [0, p). */
ulong ct_crt_mm_ui(const ct_crt_mm_t T, slong id, slong i);

/* out = the matrix registered as id (of out's shape) modulo the current
   candidate, out's modulus. */
void ct_crt_mm_mat(nmod_mat_t out, const ct_crt_mm_t T, slong id);

#endif
