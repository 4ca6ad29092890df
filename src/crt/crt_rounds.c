/* crt_rounds: the primes of a multimodular computation taken several at a
   time, so that their (independent) residues are computed on several threads
   while the candidate protocol of ct_crt_t (next, then accept or skip, in
   increasing order) stays on the calling thread. */
#include "certune/pool.h"
#include "crt_internal.h"

void ct_crt_rounds(ct_crt_t C, slong nthreads, const ct_crt_round_struct *F, void *arg)
{
    slong w = FLINT_MAX(nthreads, 1), k;
    ulong *p = flint_malloc(w * sizeof(ulong)), q;
    do {
        for (k = 0; k < w && ct_crt_next(&q, C); k++) {
            p[k] = q;
            F->take(arg, k, C);
        }
        ct_pool_for(k, w, F->work, NULL, arg);
        for (slong j = 0; j < k; j++) {
            C->cand = p[j]; /* the round's j-th prime is the last candidate again */
            F->give(arg, j, C);
        }
    } while (k > 0); /* the last give left the round's largest prime as candidate */
    flint_free(p);
}
