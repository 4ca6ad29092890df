/* family: the table of family descriptors (the analyzer below it names none). */
#include "certune/alpha.h"
#include "certune/delta.h"
#include "certune/family.h"
#include "certune/lambda.h"

const ct_analysis_family_struct *ct_family_get(ct_family_t f)
{
    if (f == CT_FAMILY_DELTA)
        return &ct_delta_family;
    if (f == CT_FAMILY_ALPHA)
        return &ct_alpha_family;
    return &ct_lambda_family;
}

void ct_family_default_c(fmpq_t c)
{
    /* (not fmpq_set_si: GCC 12 warns falsely when it is inlined on a field) */
    fmpz_set_ui(fmpq_numref(c), 99);
    fmpz_set_ui(fmpq_denref(c), 100);
}

int ct_family_analyze(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                      const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                      char *err, size_t errlen)
{
    return ct_family_analyze_ties(A, family, c, insts, m, score_all,
                                  CT_SIGNFN_TIES_SMALLEST, warn, err, errlen);
}

int ct_family_analyze_ties(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                           const ct_instance_struct *insts, slong m, int score_all,
                           int ties, FILE *warn, char *err, size_t errlen)
{
    const ct_analysis_family_struct *fam = ct_family_get(family);
    if (!fam->has_c || c != NULL)
        return ct_analysis_run_ties(A, fam, fam->has_c ? c : NULL, insts, m, score_all,
                                    ties, warn, err, errlen);
    fmpq_t c0;
    fmpq_init(c0);
    ct_family_default_c(c0);
    int r =
        ct_analysis_run_ties(A, fam, c0, insts, m, score_all, ties, warn, err, errlen);
    fmpq_clear(c0);
    return r;
}

/* c0 (initialized here) = c, or delta's default when c is NULL. */
static void family_c(fmpq_t c0, const fmpq_t c)
{
    fmpq_init(c0);
    if (c != NULL)
        fmpq_set(c0, c);
    else
        ct_family_default_c(c0);
}

int ct_family_analyze_threads(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                              const ct_instance_struct *insts, slong m, int score_all,
                              int ties, slong nthreads, FILE *warn, char *err,
                              size_t errlen)
{
    const ct_analysis_family_struct *fam = ct_family_get(family);
    fmpq_t c0;
    family_c(c0, c);
    int r = ct_analysis_run_threads(A, fam, fam->has_c ? c0 : NULL, insts, m, score_all,
                                    ties, nthreads, warn, err, errlen);
    fmpq_clear(c0);
    return r;
}

int ct_family_analyze_stream(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                             const ct_analysis_source_struct *src, int score_all,
                             int ties, slong nthreads, FILE *warn, char *err,
                             size_t errlen)
{
    const ct_analysis_family_struct *fam = ct_family_get(family);
    fmpq_t c0;
    family_c(c0, c);
    int r = ct_analysis_run_stream(A, fam, fam->has_c ? c0 : NULL, src, score_all, ties,
                                   nthreads, warn, err, errlen);
    fmpq_clear(c0);
    return r;
}
