/* tune_internal: shared between the tune module's files only. */
#ifndef CERTUNE_TUNE_INTERNAL_H
#define CERTUNE_TUNE_INTERNAL_H

#include "certune/tune.h"

/* 0 when the analyses A (training) and B (test) pose the same problem (family,
   c, tie rule, every instance's class count); else -1 with err naming the
   instance (an[i], bn[i]: instance i's name). */
int _ct_tune_check_alike(const ct_analysis_t A, const char *const *an,
                         const ct_analysis_t B, const char *const *bn, char *err,
                         size_t errlen);

#endif
