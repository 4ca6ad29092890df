/* report: the analyzer's result (analysis.h) as human-readable text or as the
   JSON of docs/formats.md, and each instance's own losses on the set's pieces
   and points (--per-instance). The analysis is only read. A
   ct_report_losses_struct owns its loss arrays (filled by
   ct_report_instance_losses, freed by ct_report_losses_clear) and borrows the
   instances' names. The writers return nothing: the caller checks the stream.
   An undecided analysis has no loss: the JSON then holds its header and the
   undecided intervals, ct_report_write_undecided lists them, and per-instance
   losses are refused (-1 with a message in err). */
#ifndef CERTUNE_REPORT_H
#define CERTUNE_REPORT_H

#include <stdio.h>
#include "certune/analysis.h"

/* Name of a family as the command line spells it ("lambda", "delta"):
   ct_family_name, the family table's. */
const char *ct_report_family_name(ct_family_t family);

/* Writes the human-readable report: a summary (best value, minimum loss and
   accuracy, its interval, counts), breakpoints with their certificates, the
   losses on every piece and point, the piece count, the minimum. */
void ct_report_write_text(FILE *out, const ct_analysis_t A);

/* Writes exactly the JSON object of docs/formats.md (one object, then a newline);
   a closed domain adds "end_losses" and "minimum.ends". With undecided parts
   only the header and "undecided" are written. */
void ct_report_write_json(FILE *out, const ct_analysis_t A);

/* Each instance's own losses on the pieces and points of a set's analysis A. */
typedef struct {
    slong ninst, nbp;
    int closed;               /* as A: ends present */
    const char *const *names; /* the instances' paths (borrowed) */
    fmpq *piece; /* ninst * (nbp + 1): instance t's piece i at t * (nbp + 1) + i */
    fmpq *point; /* ninst * nbp (at least one entry) */
    fmpq *end;   /* ninst * 2: losses at the domain's ends (closed only) */
} ct_report_losses_struct;

/* Fills L (initialized here, either way) with the losses of each of the m
   instances of A's analysis, from the per-instance costs A keeps (c and
   score_all are A's and unused). Returns 0, or -1 with err set when A is
   undecided or m is not A->ninst. L borrows names (the m instances' paths):
   clear it before them. */
int ct_report_instance_losses(ct_report_losses_struct *L, ct_analysis_t A,
                              const char *const *names, slong m, const fmpq_t c,
                              int score_all, char *err, size_t errlen);
void ct_report_losses_clear(ct_report_losses_struct *L);

/* ct_report_write_json with "per_instance" from L (NULL: none). */
void ct_report_write_json_losses(FILE *out, const ct_analysis_t A,
                                 const ct_report_losses_struct *L);

/* Lists the undecided intervals of A and what was undecided there. */
void ct_report_write_undecided(FILE *out, const ct_analysis_t A);

#endif
