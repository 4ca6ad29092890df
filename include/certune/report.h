/* report: the analyzer's result as text or as the JSON of docs/formats.md. */
#ifndef CERTUNE_REPORT_H
#define CERTUNE_REPORT_H

#include <stdio.h>
#include "certune/analysis.h"

/* Name of a family as the command line spells it ("lambda", "delta"). */
const char *ct_report_family_name(ct_family_t family);

/* Writes the human-readable report: breakpoints with their certificates, the
   losses on every piece and point, the piece count, the minimum. */
void ct_report_write_text(FILE *out, const ct_analysis_t A);

/* Writes exactly the JSON object of docs/formats.md (one object, then a newline);
   a closed domain adds "end_losses" and "minimum.ends". With undecided parts
   only the header and "undecided" are written. */
void ct_report_write_json(FILE *out, const ct_analysis_t A);

/* Lists the undecided intervals of A and what was undecided there. */
void ct_report_write_undecided(FILE *out, const ct_analysis_t A);

#endif
