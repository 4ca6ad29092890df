/* tune_profile: what tuning from two analyses read from profile files
   (ct_tune_run_analyses) checks that the instance route checks on the
   instances. */
#include <string.h>
#include "certune/tune.h"
#include "tune_internal.h"

int _ct_tune_check_alike(const ct_analysis_t A, const char *const *an,
                         const ct_analysis_t B, const char *const *bn, char *err,
                         size_t errlen)
{
    const char *what = A->family != B->family    ? "family"
                       : !fmpq_equal(A->c, B->c) ? "constant c"
                       : A->ties != B->ties      ? "tie rule"
                                                 : NULL;
    if (what != NULL) {
        snprintf(err, errlen, "%s: the training and test profiles differ in their %s",
                 bn[0], what);
        return -1;
    }
    for (slong t = 0; t < A->ninst + B->ninst; t++) {
        slong c = t < A->ninst ? A->inst_classes[t] : B->inst_classes[t - A->ninst];
        if (c != A->inst_classes[0]) {
            snprintf(err, errlen, "%s: %ld classes, but %s has %ld",
                     t < A->ninst ? an[t] : bn[t - A->ninst], (long)c, an[0],
                     (long)A->inst_classes[0]);
            return -1;
        }
    }
    return 0;
}
