/* report_instances: each instance's own loss on every piece and at every
   breakpoint of a set's analysis (`analyze --json --per-instance`). Each
   instance is analyzed alone; its breakpoints are among the set's (a change of
   one of its scored predictions is a change in the set), so a merge by exact
   comparison places them. */
#include <string.h>
#include "certune/family.h"
#include "certune/report.h"

void ct_report_losses_clear(ct_report_losses_struct *L)
{
    if (L->piece != NULL)
        _fmpq_vec_clear(L->piece, L->ninst * (L->nbp + 1));
    if (L->point != NULL)
        _fmpq_vec_clear(L->point, FLINT_MAX(L->ninst * L->nbp, 1));
    if (L->end != NULL)
        _fmpq_vec_clear(L->end, 2 * L->ninst);
    flint_free(L->names);
    memset(L, 0, sizeof(*L));
}

/* Instance t's losses from its own analysis B, placed on A's pieces and
   points; 0, or -1 when a comparison cannot be decided. */
static int report_place(ct_report_losses_struct *L, slong t, ct_analysis_t A,
                        ct_analysis_t B)
{
    fmpq *piece = L->piece + t * (A->nbp + 1), *point = L->point + t * A->nbp;
    slong k = 0; /* B's breakpoints left of the current point of A */
    int cmp = 0;
    fmpq_set(piece + 0, B->piece_loss + 0);
    for (slong j = 0; j < A->nbp; j++) {
        while (k < B->nbp && ct_bpoint_cmp(&cmp, B->bp + k, A->bp + j) && cmp < 0)
            k++;
        if (k < B->nbp && !ct_bpoint_cmp(&cmp, B->bp + k, A->bp + j))
            return -1;
        if (k < B->nbp && cmp == 0) {
            fmpq_set(point + j, B->point_loss + k);
            k++;
        } else
            fmpq_set(point + j, B->piece_loss + k);
        fmpq_set(piece + j + 1, B->piece_loss + k);
    }
    fmpq_set(L->end + 2 * t, B->end_loss + 0);
    fmpq_set(L->end + 2 * t + 1, B->end_loss + 1);
    return 0;
}

int ct_report_instance_losses(ct_report_losses_struct *L, ct_analysis_t A,
                              const ct_instance_struct *insts, slong m, const fmpq_t c,
                              int score_all, char *err, size_t errlen)
{
    memset(L, 0, sizeof(*L));
    L->ninst = m, L->nbp = A->nbp, L->closed = A->closed;
    L->names = flint_malloc(FLINT_MAX(m, 1) * sizeof(const char *));
    L->piece = _fmpq_vec_init(m * (A->nbp + 1));
    L->point = _fmpq_vec_init(FLINT_MAX(m * A->nbp, 1));
    L->end = _fmpq_vec_init(2 * m);
    int rc = 0;
    for (slong t = 0; t < m && rc == 0; t++) {
        ct_analysis_t B;
        L->names[t] = insts[t].path;
        rc = ct_family_analyze(B, A->family, c, insts + t, 1, score_all, NULL, err,
                               errlen);
        if (rc == 0 && (B->nundecided > 0 || report_place(L, t, A, B))) {
            snprintf(err, errlen, "%s: its losses at the set's breakpoints are undecided",
                     insts[t].path);
            rc = -1;
        }
        ct_analysis_clear(B);
    }
    if (rc)
        ct_report_losses_clear(L);
    return rc;
}
