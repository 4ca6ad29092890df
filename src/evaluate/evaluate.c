/* evaluate: the exact loss at one rational hyperparameter (`certune eval`). */
#include <stdlib.h>
#include <string.h>
#include "certune/evaluate.h"
#include "certune/family.h"
#include "evaluate_internal.h"

int ct_evaluate_in_domain(ct_family_t family, const fmpq_t x)
{
    return ct_family_in_domain(family, x);
}

static void evaluate_zero(ct_evaluate_t E, ct_family_t family, const fmpq_t x, slong m,
                          int ties)
{
    memset(E, 0, sizeof(ct_evaluate_struct));
    E->family = family;
    fmpq_init(E->c);
    fmpq_init(E->x);
    fmpq_init(E->loss);
    fmpq_set(E->x, x);
    E->ties = ties;
    E->ninst = m;
    E->inst_loss = _fmpq_vec_init(FLINT_MAX(m, 1));
}

/* Appends inst's scored nodes from the signs sgn of its compacted form few
   (ct_analysis_compact_classes: classes kept[0 .. few->c)) and sets its loss.
   Predictions, truths and tie counts are reported in inst's declared classes.
   When classes were dropped, the smallest ungiven class is kept and has F = 0
   like them: a node ties with them exactly when F = 0 there, that is when
   all of few's classes tie. */
static void evaluate_append(ct_evaluate_t E, slong t, const ct_instance_struct *inst,
                            const ct_instance_struct *few, const slong *kept,
                            int score_all, const int *sgn)
{
    slong n = few->n, c = few->c, npairs = c * (c - 1) / 2, dropped = inst->c - c;
    slong unit = ct_signfn_tie_unit(E->ties, c), cost = 0;
    char *want = flint_malloc(FLINT_MAX(n, 1));
    slong scored = _ct_evaluate_want(want, few, score_all);
    E->nodes = flint_realloc(E->nodes, (E->nnodes + scored) * sizeof(ct_evaluate_node));
    for (slong i = 0; i < n; i++) {
        if (!want[i])
            continue;
        const int *s = sgn + i * npairs;
        ct_evaluate_node *v = E->nodes + E->nnodes++;
        slong truth = ct_signfn_truth(few, i), pred = ct_signfn_argmax(s, c);
        v->inst = t;
        v->node = i;
        v->truth = kept[truth];
        v->pred = kept[pred];
        v->ntied = ct_signfn_tied(NULL, s, c);
        if (v->ntied == c) /* F = 0 (else the kept ungiven class is below the max) */
            v->ntied += dropped;
        E->ntied += v->ntied > 1;
        cost += ct_signfn_cost(s, c, truth, E->ties, unit);
    }
    fmpq_set_si(E->inst_loss + t, cost, (ulong)(scored * unit));
    flint_free(want);
}

int ct_evaluate_run(ct_evaluate_t E, ct_family_t family, const fmpq_t c, const fmpq_t x,
                    const ct_instance_struct *insts, slong m, int score_all, int ties,
                    char *err, size_t errlen)
{
    return ct_evaluate_run_threads(E, family, c, x, insts, m, score_all, ties, 1, err,
                                   errlen);
}

int ct_evaluate_run_threads(ct_evaluate_t E, ct_family_t family, const fmpq_t c,
                            const fmpq_t x, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads, char *err,
                            size_t errlen)
{
    evaluate_zero(E, family, x, m, ties);
    if (ct_family_row(family)->has_c) {
        if (c != NULL)
            fmpq_set(E->c, c);
        else
            ct_family_c_default(E->c, family);
    }
    if (m < 1) {
        snprintf(err, errlen, "no instance given");
        return -1;
    }
    if (!ct_evaluate_in_domain(family, x)) {
        snprintf(err, errlen, "the point is outside the family's domain");
        return -1;
    }
    for (slong t = 0; t < m; t++)
        if (ties == CT_SIGNFN_TIES_EXPECTED && insts[t].c > CT_SIGNFN_TIES_MAX_CLASSES) {
            snprintf(err, errlen, "%s: --ties expected supports at most %d classes",
                     insts[t].path, CT_SIGNFN_TIES_MAX_CLASSES);
            return -1;
        }
    /* the classes present, as the analyzer keeps them (analysis_classes.c):
       with `p gssl 4 1000000` the pairs of declared classes would need terabytes */
    ct_instance_struct *few = flint_malloc(m * sizeof(ct_instance_struct));
    slong **kept = flint_malloc(m * sizeof(slong *));
    for (slong t = 0; t < m; t++) {
        ct_analysis_compact_classes(few + t, insts + t, ties);
        kept[t] = ct_analysis_compact_kept(insts + t, ties);
    }
    int **sgn = flint_calloc((size_t)m, sizeof(int *));
    _ct_evaluate_all_signs(sgn, E, few, m, score_all, nthreads);
    int rc = 0;
    for (slong t = 0; t < m && rc == 0; t++) {
        if (sgn[t] == NULL) {
            snprintf(err, errlen,
                     "%s: no scored node (no `t` record%s): its loss is undefined",
                     insts[t].path, score_all ? " and no `l` record" : "");
            rc = -1;
        } else {
            evaluate_append(E, t, insts + t, few + t, kept[t], score_all, sgn[t]);
            fmpq_add(E->loss, E->loss, E->inst_loss + t);
        }
    }
    for (slong t = 0; t < m; t++) {
        flint_free(sgn[t]);
        free(kept[t]);
        ct_analysis_compact_clear(few + t);
    }
    flint_free(sgn);
    flint_free(kept);
    flint_free(few);
    if (rc == 0) {
        fmpz_t mz;
        fmpz_init_set_si(mz, m);
        fmpq_div_fmpz(E->loss, E->loss, mz);
        fmpz_clear(mz);
    }
    return rc;
}

void ct_evaluate_clear(ct_evaluate_t E)
{
    fmpq_clear(E->c);
    fmpq_clear(E->x);
    fmpq_clear(E->loss);
    _fmpq_vec_clear(E->inst_loss, FLINT_MAX(E->ninst, 1));
    flint_free(E->nodes);
}
