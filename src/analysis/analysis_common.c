/* ct_analysis_common: the family-independent half of the analyzer: scored-node
   counts, the sweep input, undecided records, the checks, and the one-run
   analysis of a chunk (_ct_analysis_run_chunk). */
#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/mem.h"
#include "certune/text.h"
#include "analysis_internal.h"

void ct_analysis_common_init(ct_analysis_common *C)
{
    memset(C, 0, sizeof(ct_analysis_common));
}

const ct_analysis_settings_struct *
ct_analysis_settings_or_defaults(const ct_analysis_settings_struct *S)
{
    static const ct_analysis_settings_struct defaults;
    return S != NULL ? S : &defaults;
}

const ct_analysis_settings_struct *
ct_analysis_common_settings(const ct_analysis_common *C)
{
    return ct_analysis_settings_or_defaults(C->settings);
}

void ct_analysis_common_clear(ct_analysis_common *C)
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
        ct_bpoint_clear(C->points + g);
    flint_free(C->points);
}

ct_analysis_node *ct_analysis_common_add_node(ct_analysis_common *C, slong inst,
                                              slong truth, slong c)
{
    C->nodes = ct_mem_grow_flint(C->nodes, C->nnodes, sizeof(ct_analysis_node));
    ct_analysis_node *v = C->nodes + C->nnodes++;
    slong npairs = FLINT_MAX(c * (c - 1) / 2, 1);
    v->inst = inst;
    v->truth = truth;
    v->c = c;
    v->pid = flint_malloc(npairs * sizeof(slong));
    v->sign0 = flint_malloc(npairs * sizeof(int));
    return v;
}

void ct_analysis_common_alloc_events(ct_analysis_common *C, slong nfuncs,
                                     const slong *cap)
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

void ct_analysis_add_undecided(ct_analysis_t A, const char *lo, const char *hi,
                               const char *what)
{
    slong k = A->nundecided++;
    A->und_lo = flint_realloc(A->und_lo, (k + 1) * sizeof(char *));
    A->und_hi = flint_realloc(A->und_hi, (k + 1) * sizeof(char *));
    A->und_what = flint_realloc(A->und_what, (k + 1) * sizeof(char *));
    A->und_lo[k] = ct_text_strdup(lo);
    A->und_hi[k] = ct_text_strdup(hi);
    A->und_what[k] = ct_text_strdup(what);
}

int ct_analysis_check(const ct_instance_struct *insts, slong m, int score_all, int ties,
                      char *err, size_t errlen)
{
    for (slong t = 0; ties == CT_SIGNFN_TIES_EXPECTED && t < m; t++)
        if (insts[t].c > CT_SIGNFN_TIES_MAX_CLASSES) {
            snprintf(err, errlen, "%s: --ties expected supports at most %d classes",
                     insts[t].path, CT_SIGNFN_TIES_MAX_CLASSES);
            return -1;
        }
    if (m < 1) {
        snprintf(err, errlen, "no instance given");
        return -1;
    }
    for (slong t = 0; t < m; t++) {
        slong nscored = 0;
        for (slong i = 0; i < insts[t].n; i++)
            nscored += ct_signfn_is_scored(insts + t, i, score_all);
        if (nscored == 0) {
            snprintf(err, errlen,
                     "%s: no scored node (no `t` record%s): its loss is undefined",
                     insts[t].path, score_all ? " and no `l` record" : "");
            return -1;
        }
    }
    return 0;
}

void ct_analysis_init_empty(ct_analysis_t A, ct_family_t family, slong m)
{
    memset(A, 0, sizeof(ct_analysis_struct));
    fmpq_init(A->min_loss);
    fmpq_init(A->representative);
    fmpq_init(A->c);
    fmpq_init(A->end_loss + 0);
    fmpq_init(A->end_loss + 1);
    A->family = family;
    A->ninst = m;
    A->tie_unit = 1;
}

void _ct_analysis_init_family(ct_analysis_t A, const ct_analysis_family_struct *fam,
                              slong m)
{
    ct_analysis_init_empty(A, fam->id, m);
    A->hi_inf = fam->hi_inf;
}

void ct_analysis_init_none(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, int ties)
{
    _ct_analysis_init_family(A, fam, 0);
    if (c != NULL)
        fmpq_set(A->c, c);
    A->ties = ties;
    A->closed = fam->closed;
    int closed = A->closed;
    ct_analysis_alloc_breakpoints(A, 0);
    A->nplaces = 1 + (closed ? 2 : 0);
    A->inst_nodes = flint_malloc(2 * sizeof(slong));
    A->inst_classes = A->inst_nodes + 1;
    A->inst_nscored = flint_calloc(1, sizeof(slong));
    A->inst_cost0 = flint_calloc(1, sizeof(slong));
    A->place_start = flint_calloc(A->nplaces + 1, sizeof(slong));
    A->ev_inst = flint_malloc(sizeof(slong));
    A->ev_delta = flint_malloc(sizeof(slong));
    A->place_tied = flint_calloc(2 * A->nplaces, sizeof(slong));
    A->place_hidden = A->place_tied + A->nplaces;
}

int _ct_analysis_run_chunk(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, const ct_instance_struct *insts, slong m,
                           int score_all, int ties,
                           const ct_analysis_settings_struct *settings, FILE *warn,
                           char *err, size_t errlen)
{
    _ct_analysis_init_family(A, fam, m);
    A->ties = ties;
    if (ct_analysis_check(insts, m, score_all, ties, err, errlen))
        return -1;
    if (c != NULL)
        fmpq_set(A->c, c);
    A->inst_nodes = flint_malloc(2 * FLINT_MAX(m, 1) * sizeof(slong));
    A->inst_classes = A->inst_nodes + FLINT_MAX(m, 1);
    for (slong t = 0; t < m; t++) {
        A->inst_nodes[t] = insts[t].n;
        A->inst_classes[t] = insts[t].c;
    }
    slong *nscored = flint_calloc(m, sizeof(slong));
    for (slong t = 0; t < m; t++) {
        for (slong i = 0; i < insts[t].n; i++)
            nscored[t] += ct_signfn_is_scored(insts + t, i, score_all);
        A->nscored += nscored[t];
    }
    ct_instance_struct *few = flint_malloc(m * sizeof(ct_instance_struct));
    for (slong t = 0; t < m; t++)
        ct_analysis_compact_classes(few + t, insts + t, ties);
    ct_analysis_common C;
    ct_analysis_common_init(&C);
    C.settings = settings;
    int undecided = fam->build(&C, A, c, few, m, score_all, warn);
    A->closed = C.closed; /* the domain's ends, reported even when undecided */
    if (!undecided)
        ct_analysis_common_finish(A, &C, nscored);
    ct_analysis_common_clear(&C);
    for (slong t = 0; t < m; t++)
        ct_analysis_compact_clear(few + t);
    flint_free(few);
    flint_free(nscored);
    return 0;
}
