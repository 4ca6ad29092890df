/* lsroot_count: the ball paths' process-wide thresholds and counters, one
   slot per family's system (the type's slot), under the names the command
   line and the tests use (lsroot.h). */
#include <stdatomic.h>
#include "lsroot_internal.h"

#define LS_SLOTS 2

static atomic_long ls_counts[LS_SLOTS][3];
static const slong ls_default_min[LS_SLOTS] = {120, CT_LSROOT_KRON_MIN_NODES};
static slong ls_min_nodes[LS_SLOTS] = {120, CT_LSROOT_KRON_MIN_NODES};

static slong ls_set_min(int slot, slong n)
{
    slong old = ls_min_nodes[slot];
    ls_min_nodes[slot] = n == 0 ? ls_default_min[slot] : n;
    return old;
}

slong ct_lsroot_set_min_nodes(slong n)
{
    return ls_set_min(CT_LSROOT_SLOT_ALPHA, n);
}

slong ct_lsroot_min_nodes(void)
{
    return ls_min_nodes[CT_LSROOT_SLOT_ALPHA];
}

slong ct_lsroot_kron_set_min_nodes(slong n)
{
    return ls_set_min(CT_LSROOT_SLOT_LAMBDA, n);
}

slong ct_lsroot_kron_min_nodes(void)
{
    return ls_min_nodes[CT_LSROOT_SLOT_LAMBDA];
}

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
