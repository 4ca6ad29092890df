/* analysis_internal: shared between the analysis module's files only. */
#ifndef CERTUNE_ANALYSIS_INTERNAL_H
#define CERTUNE_ANALYSIS_INTERNAL_H

#include "certune/analysis.h"
#include "certune/sweep.h"

/* Fills A's per-instance places and events from the sweep P of C's points,
   once A's breakpoints are compressed (A->nbp, A->closed set). */
void _ct_analysis_inst_build(ct_analysis_t A, const ct_analysis_common *C,
                             const ct_sweep_t P, const slong *nscored);

/* Frees what _ct_analysis_inst_build allocated (harmless when nothing was). */
void _ct_analysis_inst_clear(ct_analysis_t A);

/* Initializes A empty (no breakpoint, tie_unit 1) for family with m instances. */
void _ct_analysis_zero(ct_analysis_t A, ct_family_t family, slong m);

/* Allocates A's breakpoint arrays for nbp breakpoints (bp uninitialized, the
   losses initialized, strings NULL) and sets A->nbp. */
void _ct_analysis_alloc_result(ct_analysis_t A, slong nbp);

/* From the losses and the breakpoint strings: loss_pieces, the minimum and the
   places attaining it, best_piece and the representative (may refine A->bp). */
void _ct_analysis_summarize(ct_analysis_t A);

#endif
