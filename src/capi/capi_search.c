/* capi_search: what a cross-validated search needs beyond capi_profile.c
   (which analyzes under either tie rule): every instance's cost on every place of a
   profile (per-fold scores, pooled over folds), and the exact predictions of
   every scored node at one rational value (ct_evaluate). */
#include <stdio.h>
#include <stdlib.h>
#include "certune/evaluate.h"
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/qparse.h"
#include "capi_internal.h"

_Static_assert(CT_CAPI_TIES_SMALLEST == CT_SIGNFN_TIES_SMALLEST &&
                   CT_CAPI_TIES_EXPECTED == CT_SIGNFN_TIES_EXPECTED,
               "capi tie rules are the values of CT_SIGNFN_TIES_*");

struct ct_capi_eval_struct {
    ct_evaluate_t E;
};

int ct_capi_profile_ties(const ct_capi_profile_struct *P)
{
    return P->A->ties;
}

long ct_capi_profile_nplaces(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? (long)P->A->nplaces : -1;
}

long ct_capi_profile_tie_unit(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? (long)P->A->tie_unit : -1;
}

long ct_capi_profile_inst_nscored(const ct_capi_profile_struct *P, long k)
{
    if (!_ct_capi_decided(P) || k < 0 || k >= P->A->ninst)
        return -1;
    return (long)P->A->inst_nscored[k];
}

int ct_capi_profile_costs(const ct_capi_profile_struct *P, long *cost)
{
    if (!_ct_capi_decided(P) || cost == NULL)
        return -1;
    const ct_analysis_struct *A = P->A;
    slong m = A->ninst;
    slong *cur = ct_mem_malloc(sizeof(slong) * (size_t)FLINT_MAX(m, 1));
    if (cur == NULL)
        abort();
    for (slong k = 0; k < m; k++)
        cur[k] = A->inst_cost0[k];
    /* (as ct_analysis_inst_costs, one place after the other: the events of
       place p apply on entering it) */
    for (slong p = 0; p < A->nplaces; p++) {
        for (slong e = A->place_start[p]; e < A->place_start[p + 1]; e++)
            cur[A->ev_inst[e]] += A->ev_delta[e];
        for (slong k = 0; k < m; k++)
            cost[p * m + k] = (long)cur[k];
    }
    free(cur);
    return 0;
}

int ct_capi_evaluate(ct_capi_eval_struct **out, const ct_capi_instances_struct *S,
                     int family, const char *c, const char *x, int score_all, int ties,
                     char *err, size_t errlen)
{
    *out = NULL;
    if (!_ct_capi_ties_ok(ties, err, errlen))
        return CT_CAPI_USAGE;
    fmpq_t cq, xq;
    fmpq_init(cq);
    fmpq_init(xq);
    int r = _ct_capi_family_c(cq, family, c, err, errlen);
    if (r == CT_CAPI_OK && (x == NULL || ct_qparse_fmpq(xq, x) != 0)) {
        _ct_capi_error(err, errlen, "malformed rational '%.40s'", x ? x : "(null)");
        r = CT_CAPI_USAGE;
    } else if (r == CT_CAPI_OK && !ct_evaluate_in_domain((ct_family_t)family, xq)) {
        _ct_capi_error(err, errlen, "%.40s is outside the family's domain", x);
        r = CT_CAPI_USAGE;
    }
    if (r == CT_CAPI_OK) {
        ct_capi_eval_struct *V = ct_mem_calloc(1, sizeof(*V));
        if (V == NULL)
            abort();
        if (ct_evaluate_run(V->E, (ct_family_t)family, c == NULL ? NULL : cq, xq, S->inst,
                            S->len, score_all != 0, ties, err, errlen) != 0) {
            ct_evaluate_clear(V->E);
            free(V);
            r = CT_CAPI_INPUT;
        } else
            *out = V;
    }
    fmpq_clear(cq);
    fmpq_clear(xq);
    return r;
}

void ct_capi_eval_destroy(ct_capi_eval_struct *V)
{
    if (V == NULL)
        return;
    ct_evaluate_clear(V->E);
    free(V);
}

char *ct_capi_eval_loss(const ct_capi_eval_struct *V)
{
    return _ct_capi_fmpq_str(V->E->loss);
}

char *ct_capi_eval_inst_loss(const ct_capi_eval_struct *V, long k)
{
    if (k < 0 || k >= V->E->ninst)
        return NULL;
    return _ct_capi_fmpq_str(V->E->inst_loss + k);
}

long ct_capi_eval_nnodes(const ct_capi_eval_struct *V)
{
    return (long)V->E->nnodes;
}

long ct_capi_eval_ntied(const ct_capi_eval_struct *V)
{
    return (long)V->E->ntied;
}

void ct_capi_eval_nodes(const ct_capi_eval_struct *V, long *inst, long *node, long *truth,
                        long *pred, long *ntied)
{
    for (slong k = 0; k < V->E->nnodes; k++) {
        const ct_evaluate_node *v = V->E->nodes + k;
        if (inst != NULL)
            inst[k] = (long)v->inst;
        if (node != NULL)
            node[k] = (long)v->node;
        if (truth != NULL)
            truth[k] = (long)v->truth;
        if (pred != NULL)
            pred[k] = (long)v->pred;
        if (ntied != NULL)
            ntied[k] = (long)v->ntied;
    }
}
