/* Lambda's working state, shared by src/lambda/lambda_analysis.c and lambda_work.c. */
#ifndef CERTUNE_LAMBDA_INTERNAL_H
#define CERTUNE_LAMBDA_INTERNAL_H

#include "certune/analysis.h"
#include "certune/component.h"
#include "certune/lambda.h"
#include "certune/polyset.h"
#include "certune/rroot.h"
#include "certune/signfn.h"

/* Lambda's working state. */
typedef struct {
    slong num;
    slong *fid, *exp; /* irreducible factor ids and their multiplicities */
} ct_lambda_factor_list;

typedef struct {
    ct_rroot_struct *root;
    slong factor, index; /* root = froots[factor][index] */
} ct_lambda_root_ref;

typedef struct {
    ct_signfn_struct *signs; /* one per scored node */
    slong nsigns;
    slong **pair_pid;            /* per sign, per pair: id in sign_polys or -1 (zero) */
    ct_polyset_t sign_polys;     /* distinct nonzero sign polynomials */
    ct_lambda_factor_list *pfac; /* per sign poly */
    ct_polyset_t factors;        /* distinct irreducible factors with nonzero constant */
    ct_rroot_struct **froots;    /* per factor: its positive roots, increasing */
    slong *nfroots;
    slong **fpoint;               /* per factor, per root: its point id */
    ct_lambda_root_ref *order;    /* all roots in increasing order */
    slong npoints;                /* distinct points (after ct_lambda_merge_equal) */
    ct_rroot_struct **point_root; /* per point: the root that describes it */
} ct_lambda_work;

/* Least common multiple of the weights' denominators inside component k. */
void _ct_lambda_weight_scale(fmpz_t s, const ct_instance_t inst,
                             const ct_component_index_struct *X, slong k);

/* A component's other path: returns 1 when it took component k of inst (it
   has a labeled node), 0 to leave it to the exact sign polynomials. */
typedef int (*_ct_lambda_ball_fn)(void *sink, const ct_instance_struct *inst,
                                  slong inst_idx, const ct_component_index_struct *X,
                                  slong k, int score_all);

/* ct_lambda_sign_functions, offering every labeled component to ball first
   (NULL: none), reporting its phases through ph (NULL: none): "components
   solved" k/N after each component of the instance, and inside one on the
   exact path "component rows" 0/R while its system is solved, then r/R as
   the rows' polynomials are built. */
void _ct_lambda_sign_functions_hook(ct_signfn_struct **out, slong *count,
                                    const ct_instance_t inst, slong inst_idx,
                                    int score_all, FILE *warn, _ct_lambda_ball_fn ball,
                                    void *sink, const ct_analysis_phase_struct *ph);

/* The ball path's sink (lambda_ball.c): the scored nodes it took are
   appended to C with function ids 0..nfuncs) among its own (shifted by the
   caller past the exact functions'), its zeros here. */
typedef struct {
    ct_analysis_common *C;
    slong nnodes; /* C->nodes[0..nnodes) are the ball path's */
    slong nfuncs;
    ct_analysis_zero *zeros;
    slong nzeros, zalloc;
} _ct_lambda_ball_sink;

/* A new zero in the sink (its point initialized). */
ct_analysis_zero *_ct_lambda_ball_new_zero(_ct_lambda_ball_sink *K);

int _ct_lambda_ball_component(void *sink, const ct_instance_struct *inst, slong inst_idx,
                              const ct_component_index_struct *X, slong k, int score_all);

void ct_lambda_work_init(ct_lambda_work *W);
void ct_lambda_work_clear(ct_lambda_work *W);

/* Sorts refs by their roots, exactly (merge sort; ct_rroot_cmp refines in place). */
void ct_lambda_sort_roots(ct_lambda_root_ref *refs, slong n);

/* After the sort: one point id per distinct root value (fills W->fpoint and
   W->point_root, sets W->npoints). */
void ct_lambda_merge_equal(ct_lambda_work *W);

#endif
