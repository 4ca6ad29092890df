/* lsroot_count: the ball paths' counters, one slot per family's system (the
   type's slot): statistics of the process for tests and benchmarks (lsroot.h). */
#include <stdatomic.h>
#include "lsroot_internal.h"

#define LS_SLOTS 3

static atomic_long ls_counts[LS_SLOTS][3];

void _ct_lsroot_count(int slot, int which)
{
    atomic_fetch_add(&ls_counts[slot][which], 1);
}

void ct_lsroot_count(const ct_lsroot_type_struct *T, int which)
{
    _ct_lsroot_count(T->slot, which);
}

static void ls_counts_of(int slot, long *ball, long *fallback, long *exact)
{
    *ball = atomic_load(&ls_counts[slot][0]);
    *fallback = atomic_load(&ls_counts[slot][1]);
    *exact = atomic_load(&ls_counts[slot][2]);
}

void ct_lsroot_counts(long *ball, long *fallback, long *exact)
{
    ls_counts_of(CT_LSROOT_SLOT_ALPHA, ball, fallback, exact);
}

void ct_lsroot_kron_counts(long *ball, long *fallback, long *exact)
{
    ls_counts_of(CT_LSROOT_SLOT_LAMBDA, ball, fallback, exact);
}

void ct_lsroot_kron_count(int which)
{
    _ct_lsroot_count(CT_LSROOT_SLOT_LAMBDA, which);
}
