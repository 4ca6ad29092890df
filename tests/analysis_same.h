/* analysis_same: for tests that compare two analyses of the same set made by
   different paths or settings (t-analysis, t-lsalpha). */
#ifndef CERTUNE_TESTS_ANALYSIS_SAME_H
#define CERTUNE_TESTS_ANALYSIS_SAME_H

#include <string.h>
#include "certune/analysis.h"

/* Whether A and B agree on everything but the breakpoints' exact forms: the
   same points (20 significant digits and certified decimal intervals: the
   equality of a ball-path zero and an exact one is not decidable by
   refining, so the report's strings are compared), changes, jumps and exact
   losses; neither undecided. */
static inline int t_analysis_same(const ct_analysis_struct *A,
                                  const ct_analysis_struct *B)
{
    if (A->nbp != B->nbp || A->nundecided || B->nundecided ||
        !fmpq_equal(A->min_loss, B->min_loss))
        return 0;
    for (slong b = 0; b < A->nbp; b++)
        if (strcmp(A->approx[b], B->approx[b]) || strcmp(A->lo_str[b], B->lo_str[b]) ||
            strcmp(A->hi_str[b], B->hi_str[b]) || A->changes[b] != B->changes[b] ||
            A->jump[b] != B->jump[b] || !fmpq_equal(A->point_loss + b, B->point_loss + b))
            return 0;
    for (slong b = 0; b <= A->nbp; b++)
        if (!fmpq_equal(A->piece_loss + b, B->piece_loss + b))
            return 0;
    return 1;
}

#endif
