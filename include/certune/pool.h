/* pool: independent work on POSIX threads, results kept by index so the
   caller's output keeps its order, and the per-thread count of threads that
   inner work may use. The work's arguments stay the caller's and are shared
   by every thread; nothing is allocated for the caller. No errors: a thread
   that cannot be started leaves its share to the others. */
#ifndef CERTUNE_POOL_H
#define CERTUNE_POOL_H

#include <flint/flint.h>

/* Runs fn(arg, t) for t = 0 .. n-1 on nthreads threads (the caller's thread
   is one; each other thread clears its FLINT caches when done), and
   progress(arg, done) under a lock after each (may be NULL). fn must only
   write what index t owns. Returns when every index is done. */
void ct_pool_for(slong n, slong nthreads, void (*fn)(void *arg, slong t),
                 void (*progress)(void *arg, slong done), void *arg);

/* Threads that the calling thread's own work may use inside (default 1): set
   by a caller that runs fewer independent jobs than it has threads (a set of
   one large instance), read by the work (alpha's modular solve). Per thread;
   returns the previous value. */
slong ct_pool_set_inner_threads(slong n);
slong ct_pool_inner_threads(void);

#endif
