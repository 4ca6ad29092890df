/* report_of: a report rendered into memory, for tests that compare reports
   byte for byte (t-merge, t-report, t-stream, t-delta-ball). */
#ifndef CERTUNE_TESTS_REPORT_OF_H
#define CERTUNE_TESTS_REPORT_OF_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/report.h"

/* A's report as text (json 0) or JSON (json 1), a malloc'ed string the
   caller frees with free(). */
static inline char *report_of(const ct_analysis_t A, int json)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (json)
        ct_report_write_json(f, A);
    else
        ct_report_write_text(f, A);
    fclose(f);
    return buf;
}

#endif
