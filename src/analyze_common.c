/* analyze_common: the family-independent half of the analyzer: scored-node
   counts, the sweep input, undecided records, and analysis_run's dispatch. */
#include <stdlib.h>
#include <string.h>
#include "analyze_internal.h"

void analyze_common_init(analyze_common *C)
{
    memset(C, 0, sizeof(analyze_common));
}

void analyze_common_clear(analyze_common *C)
{
    for (slong s = 0; s < C->nnodes; s++) {
        flint_free(C->nodes[s].pid);
        flint_free(C->nodes[s].sign0);
    }
    flint_free(C->nodes);
    for (slong f = 0; C->ev_len != NULL && f < C->nfuncs; f++) {
        flint_free(C->ev_pts[f]);
        flint_free(C->ev_mult[f]);
    }
    flint_free(C->ev_len);
    flint_free(C->ev_pts);
    flint_free(C->ev_mult);
    for (slong g = 0; C->points != NULL && g < C->npoints; g++)
        bpoint_clear(C->points + g);
    flint_free(C->points);
}

analyze_node *analyze_common_add_node(analyze_common *C, slong inst, slong truth, slong c)
{
    C->nodes = flint_realloc(C->nodes, (C->nnodes + 1) * sizeof(analyze_node));
    analyze_node *v = C->nodes + C->nnodes++;
    slong npairs = FLINT_MAX(c * (c - 1) / 2, 1);
    v->inst = inst;
    v->truth = truth;
    v->c = c;
    v->pid = flint_malloc(npairs * sizeof(slong));
    v->sign0 = flint_malloc(npairs * sizeof(int));
    return v;
}

void analyze_common_alloc_events(analyze_common *C, slong nfuncs, const slong *cap)
{
    C->nfuncs = nfuncs;
    C->ev_len = flint_calloc(FLINT_MAX(nfuncs, 1), sizeof(slong));
    C->ev_pts = flint_malloc(FLINT_MAX(nfuncs, 1) * sizeof(slong *));
    C->ev_mult = flint_malloc(FLINT_MAX(nfuncs, 1) * sizeof(slong *));
    for (slong f = 0; f < nfuncs; f++) {
        C->ev_pts[f] = flint_malloc(FLINT_MAX(cap[f], 1) * sizeof(slong));
        C->ev_mult[f] = flint_malloc(FLINT_MAX(cap[f], 1) * sizeof(slong));
    }
}

static char *analyze_strdup(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    strcpy(d, s);
    return d;
}

void analyze_add_undecided(analysis_t A, const char *lo, const char *hi, const char *what)
{
    slong k = A->nundecided++;
    A->und_lo = flint_realloc(A->und_lo, (k + 1) * sizeof(char *));
    A->und_hi = flint_realloc(A->und_hi, (k + 1) * sizeof(char *));
    A->und_what = flint_realloc(A->und_what, (k + 1) * sizeof(char *));
    A->und_lo[k] = analyze_strdup(lo);
    A->und_hi[k] = analyze_strdup(hi);
    A->und_what[k] = analyze_strdup(what);
}

static int analyze_count_scored(slong *nscored, const instance_struct *insts, slong m,
                                int score_all, char *err, size_t errlen)
{
    for (slong t = 0; t < m; t++) {
        nscored[t] = 0;
        for (slong i = 0; i < insts[t].n; i++)
            nscored[t] += signfn_is_scored(insts + t, i, score_all);
        if (nscored[t] == 0) {
            snprintf(err, errlen,
                     "%s: no scored node (no `t` record%s): its loss is undefined",
                     insts[t].path, score_all ? " and no `l` record" : "");
            return -1;
        }
    }
    return 0;
}

void analysis_default_c(fmpq_t c)
{
    /* (not fmpq_set_si: GCC 12 warns falsely when it is inlined on a field) */
    fmpz_set_ui(fmpq_numref(c), 99);
    fmpz_set_ui(fmpq_denref(c), 100);
}

static void analysis_zero(analysis_t A, family_t family, slong m)
{
    memset(A, 0, sizeof(analysis_struct));
    fmpq_init(A->min_loss);
    fmpq_init(A->representative);
    fmpq_init(A->c);
    fmpq_init(A->end_loss + 0);
    fmpq_init(A->end_loss + 1);
    A->family = family;
    A->ninst = m;
}

int analysis_run_c(analysis_t A, family_t family, const fmpq_t c,
                   const instance_struct *insts, slong m, int score_all, FILE *warn,
                   char *err, size_t errlen)
{
    analysis_zero(A, family, m);
    if (family == FAMILY_DELTA) {
        if (c == NULL)
            analysis_default_c(A->c);
        else
            fmpq_set(A->c, c);
    }
    slong *nscored = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    if (m < 1 || analyze_count_scored(nscored, insts, m, score_all, err, errlen)) {
        if (m < 1)
            snprintf(err, errlen, "no instance given");
        flint_free(nscored);
        return -1;
    }
    for (slong t = 0; t < m; t++)
        A->nscored += nscored[t];
    analyze_common C;
    analyze_common_init(&C);
    int undecided;
    if (family == FAMILY_DELTA)
        undecided = analyze_delta_build(&C, A, A->c, insts, m, score_all, warn);
    else if (family == FAMILY_ALPHA)
        undecided = analyze_alpha_build(&C, A, insts, m, score_all, warn);
    else
        undecided = analyze_lambda_build(&C, insts, m, score_all, warn);
    if (!undecided)
        analyze_common_finish(A, &C, nscored);
    analyze_common_clear(&C);
    flint_free(nscored);
    return 0;
}

int analysis_run(analysis_t A, family_t family, const instance_struct *insts, slong m,
                 int score_all, FILE *warn, char *err, size_t errlen)
{
    return analysis_run_c(A, family, NULL, insts, m, score_all, warn, err, errlen);
}
