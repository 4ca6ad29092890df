/* The analyzer's working state, shared by src/analyze*.c only. */
#ifndef CERTUNE_ANALYZE_INTERNAL_H
#define CERTUNE_ANALYZE_INTERNAL_H

#include "certune/analyze.h"
#include "certune/polyset.h"
#include "certune/profile.h"
#include "certune/signfn.h"

typedef struct {
    slong num;
    slong *fid, *exp; /* irreducible factor ids and their multiplicities */
} analyze_factor_list;

typedef struct {
    rroot_struct *root;
    slong factor, index; /* root = froots[factor][index] */
} analyze_root_ref;

typedef struct {
    signfn_struct *signs; /* one per scored node */
    slong nsigns;
    slong **pair_pid;     /* per sign, per pair: id in sign_polys or -1 (zero) */
    polyset_t sign_polys; /* distinct nonzero sign polynomials */
    analyze_factor_list *pfac; /* per sign poly */
    polyset_t factors;    /* distinct irreducible factors with nonzero constant */
    rroot_struct **froots; /* per factor: its positive roots, increasing */
    slong *nfroots;
    slong **fpoint;       /* per factor, per root: its point id */
    analyze_root_ref *order; /* all roots in increasing order */
    slong npoints;        /* distinct points (after analyze_merge_equal) */
    rroot_struct **point_root; /* per point: the root that describes it */
    slong *ev_len, **ev_pts, **ev_mult; /* per sign poly: its events */
} analyze_work;

void analyze_work_init(analyze_work *W);
void analyze_work_clear(analyze_work *W);

/* Sorts refs by their roots, exactly (merge sort; rroot_cmp refines in place). */
void analyze_sort_roots(analyze_root_ref *refs, slong n);

/* After the sort: one point id per distinct root value (fills W->fpoint and
   W->point_root, sets W->npoints). */
void analyze_merge_equal(analyze_work *W);

/* Moves the points where some scored prediction changes into A, with losses,
   piece count, minimum and representative. */
void analyze_fill_result(analysis_t A, analyze_work *W, const profile_t P);

#endif
