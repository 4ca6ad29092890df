/* Lambda's working state, shared by src/lambda/lambda_analysis.c and lambda_work.c. */
#ifndef CERTUNE_LAMBDA_INTERNAL_H
#define CERTUNE_LAMBDA_INTERNAL_H

#include "certune/analysis.h"
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

void ct_lambda_work_init(ct_lambda_work *W);
void ct_lambda_work_clear(ct_lambda_work *W);

/* Sorts refs by their roots, exactly (merge sort; ct_rroot_cmp refines in place). */
void ct_lambda_sort_roots(ct_lambda_root_ref *refs, slong n);

/* After the sort: one point id per distinct root value (fills W->fpoint and
   W->point_root, sets W->npoints). */
void ct_lambda_merge_equal(ct_lambda_work *W);

#endif
