/* report_instances: each instance's own loss on every piece and at every
   breakpoint of a set's analysis (`analyze --json --per-instance`), read from
   the per-instance costs the sweep keeps (ct_analysis_inst_costs), so they
   follow the tie rule of the analysis. */
#include <string.h>
#include "certune/report.h"

void ct_report_losses_clear(ct_report_losses_struct *L)
{
    if (L->piece != NULL)
        _fmpq_vec_clear(L->piece, L->ninst * (L->nbp + 1));
    if (L->point != NULL)
        _fmpq_vec_clear(L->point, FLINT_MAX(L->ninst * L->nbp, 1));
    if (L->end != NULL)
        _fmpq_vec_clear(L->end, 2 * L->ninst);
    memset(L, 0, sizeof(*L));
}

/* dst = cost / (nscored * unit), reduced. */
static void report_cost_loss(fmpq_t dst, slong cost, slong nscored, slong unit)
{
    fmpz_set_si(fmpq_numref(dst), cost);
    fmpz_set_si(fmpq_denref(dst), nscored * unit);
    fmpq_canonicalise(dst);
}

/* Every instance's loss at place p into dst[t * stride] (cost is scratch). */
static void report_place_losses(fmpq *dst, slong stride, slong *cost,
                                const ct_analysis_t A, slong p)
{
    ct_analysis_inst_costs(cost, A, p);
    for (slong t = 0; t < A->ninst; t++)
        report_cost_loss(dst + t * stride, cost[t], A->inst_nscored[t], A->tie_unit);
}

int ct_report_instance_losses(ct_report_losses_struct *L, ct_analysis_t A,
                              const char *const *names, slong m, const fmpq_t c,
                              int score_all, char *err, size_t errlen)
{
    (void)c, (void)score_all; /* A's per-instance costs already follow them */
    memset(L, 0, sizeof(*L));
    if (A->nundecided > 0 || m != A->ninst) {
        snprintf(err, errlen, "the per-instance losses are undecided");
        return -1;
    }
    L->ninst = m, L->nbp = A->nbp, L->closed = A->closed;
    L->names = names;
    L->piece = _fmpq_vec_init(m * (A->nbp + 1));
    L->point = _fmpq_vec_init(FLINT_MAX(m * A->nbp, 1));
    L->end = _fmpq_vec_init(2 * m);
    slong *cost = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    for (slong i = 0; i <= A->nbp; i++)
        report_place_losses(L->piece + i, A->nbp + 1, cost, A,
                            ct_analysis_place_of_piece(A, i));
    for (slong b = 0; b < A->nbp; b++)
        report_place_losses(L->point + b, A->nbp, cost, A,
                            ct_analysis_place_of_point(A, b));
    for (int e = 0; A->closed && e < 2; e++)
        report_place_losses(L->end + e, 2, cost, A, ct_analysis_place_of_end(A, e));
    flint_free(cost);
    return 0;
}
