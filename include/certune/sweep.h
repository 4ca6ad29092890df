/* sweep: the exact sweep from per-node sign events to empirical losses, over
   distinct points of the domain that the caller has sorted exactly (points
   are ids 0 .. npoints-1). A ct_sweep_struct owns its counts (init/clear) and
   keeps no pointer to its inputs; the losses go to fmpq arrays the caller
   initialized. No errors: the preconditions are stated per function. */
#ifndef CERTUNE_SWEEP_H
#define CERTUNE_SWEEP_H

#include <flint/fmpz.h>
#include <flint/fmpq.h>

/* Accumulates, over distinct points 0 < ... < npoints-1 of the domain (already
   sorted exactly by the caller), the error count of every scored node on every
   open piece (piece g lies just left of point g; piece npoints is the last) and
   at every point, weighted so that the loss is the mean over instances of the
   fraction of that instance's scored nodes that are wrong. */
typedef struct {
    slong npoints, ninst;
    fmpz *weight;      /* per instance: lcm(nscored) / nscored[i] */
    fmpz_t denom;      /* ninst * lcm(nscored) */
    fmpz_t base;       /* weighted errors on piece 0 */
    fmpz *piece_delta; /* change of weighted errors across point g */
    fmpz *point_dev;   /* weighted errors at g minus those on piece g */
    slong *changes;    /* scored predictions that differ at g from a side */
    int *jump;         /* some prediction differs between the sides of g */
    int ties;          /* CT_SIGNFN_TIES_* (signfn.h) */
    slong unit;        /* a node's full cost (1 unless ties is expected) */
    slong *inst_base;  /* per instance: cost units on piece 0 */
    slong nev, evcap;  /* per-instance events, see ct_sweep_inst_event */
    struct ct_sweep_inst_event_struct *ev;
    /* Scored nodes tied among >= 2 classes (for the tuner's reports): on
       piece 0, at point g minus on piece g, and the change across g. */
    slong tied_base;
    slong *tied_point_dev, *tied_piece_delta;
} ct_sweep_struct;
typedef ct_sweep_struct ct_sweep_t[1];

/* Where one instance's cost changes: at point g its cost (units of 1/unit per
   scored node) is that on piece g plus dpoint, on piece g + 1 that on piece g
   plus dpiece. */
typedef struct ct_sweep_inst_event_struct {
    slong inst, g, dpoint, dpiece;
} ct_sweep_inst_event;

/* nscored[i] > 0 is the number of scored nodes of instance i. */
void ct_sweep_init(ct_sweep_t P, slong npoints, slong ninst, const slong *nscored);
void ct_sweep_clear(ct_sweep_t P);

/* Sets the tie rule (before any node is added); unit must be a multiple of
   ct_signfn_tie_unit(ties, c) for every node's class count c. */
void ct_sweep_set_ties(ct_sweep_t P, int ties, slong unit);

/* Adds one scored node of instance inst with c classes, scored against truth.
   For each pair p = ct_signfn_pair(k, l, c): sign0[p] is sign(F_k - F_l) on piece 0,
   and the sign function vanishes exactly at the len[p] points pts[p][0..] (strictly
   increasing ids) with multiplicities mult[p][..] >= 1 (odd flips the sign).
   The node's cost changes are also recorded per instance (P->ev). */
void ct_sweep_add_node(ct_sweep_t P, slong inst, slong truth, slong c, const int *sign0,
                       const slong *len, slong *const *pts, slong *const *mult);

/* Exact losses: piece[0..npoints] on the open pieces, point[0..npoints-1] at
   the points (both arrays initialized by the caller). */
void ct_sweep_losses(fmpq *piece, fmpq *point, const ct_sweep_t P);

#endif
