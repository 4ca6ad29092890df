/* The analyzer's working state, shared by src/analyze*.c only. */
#ifndef CERTUNE_ANALYZE_INTERNAL_H
#define CERTUNE_ANALYZE_INTERNAL_H

#include "certune/analyze.h"
#include "certune/polyset.h"
#include "certune/profile.h"
#include "certune/signfn.h"

/* What the family-independent sweep needs: per scored node, per class pair,
   the id of its distinct sign function (-1: identically zero, a tie) and its
   sign on the first open piece; per function, its events (point id,
   multiplicity: odd flips the sign); the distinct points, sorted. When closed,
   points 0 and npoints - 1 are the domain's ends, so that the profile's first
   and last pieces lie outside the domain. */
typedef struct {
    slong inst, truth, c;
    slong *pid;
    int *sign0;
} analyze_node;

typedef struct {
    analyze_node *nodes;
    slong nnodes;
    slong nfuncs;
    slong *ev_len, **ev_pts, **ev_mult;
    slong npoints;
    bpoint_struct *points;
    int closed;
} analyze_common;

void analyze_common_init(analyze_common *C);
void analyze_common_clear(analyze_common *C);

/* Appends a node with c classes (pid and sign0 allocated, to be filled). */
analyze_node *analyze_common_add_node(analyze_common *C, slong inst, slong truth,
                                      slong c);

/* Allocates the event lists of nfuncs functions, function f with room for
   cap[f] events. */
void analyze_common_alloc_events(analyze_common *C, slong nfuncs, const slong *cap);

/* Appends the event (point, mult) to function f. */
static inline void analyze_common_push_event(analyze_common *C, slong f, slong point,
                                             slong mult)
{
    C->ev_pts[f][C->ev_len[f]] = point;
    C->ev_mult[f][C->ev_len[f]] = mult;
    C->ev_len[f]++;
}

/* Runs the exact sweep and moves the result into A (A->family, ninst, nscored,
   c set by the caller). */
void analyze_common_finish(analysis_t A, const analyze_common *C, const slong *nscored);

/* Records one undecided interval in A (strings are copied). */
void analyze_add_undecided(analysis_t A, const char *lo, const char *hi,
                           const char *what);

/* A certified zero of distinct function f with multiplicity mult (odd: a sign
   change), before the points are merged. */
typedef struct {
    bpoint_struct pt;
    slong f, mult;
} analyze_zero;

/* Sorts the nz zeros exactly (bpoint_cmp), gives equal ones one point, and
   fills C->points, C->npoints and the events of nfuncs functions (per function
   by increasing point, multiplicities of equal points added). When closed, the
   ends are points 0 and npoints - 1 and end0[f] / end1[f] say that f vanishes
   exactly there (a tie at the end). Clears the zeros. Returns 0, or 1 with the
   undecided comparison recorded in A. */
int analyze_points_build(analyze_common *C, analysis_t A, analyze_zero *z, slong nz,
                         slong nfuncs, int closed, const int *end0, const int *end1);

/* Each family's half of analysis_run: fill C from the instances, or record
   undecided intervals in A (returns 1 then). */
int analyze_lambda_build(analyze_common *C, const instance_struct *insts, slong m,
                         int score_all, FILE *warn);
int analyze_delta_build(analyze_common *C, analysis_t A, const fmpq_t c,
                        const instance_struct *insts, slong m, int score_all,
                        FILE *warn);
int analyze_alpha_build(analyze_common *C, analysis_t A, const instance_struct *insts,
                        slong m, int score_all, FILE *warn);

/* Lambda's working state. */
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
} analyze_work;

void analyze_work_init(analyze_work *W);
void analyze_work_clear(analyze_work *W);

/* Sorts refs by their roots, exactly (merge sort; rroot_cmp refines in place). */
void analyze_sort_roots(analyze_root_ref *refs, slong n);

/* After the sort: one point id per distinct root value (fills W->fpoint and
   W->point_root, sets W->npoints). */
void analyze_merge_equal(analyze_work *W);

#endif
