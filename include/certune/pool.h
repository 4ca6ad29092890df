/* pool: independent work on several threads. */
#ifndef CERTUNE_POOL_H
#define CERTUNE_POOL_H

#include <flint/flint.h>

/* Runs fn(arg, t) for t = 0 .. n-1 on nthreads threads (the caller's thread
   is one; each other thread clears its FLINT caches when done),
   progress(arg, done) under a lock after each (may be NULL). fn must only
   touch what index t owns. */
void ct_pool_for(slong n, slong nthreads, void (*fn)(void *arg, slong t),
                 void (*progress)(void *arg, slong done), void *arg);

#endif
