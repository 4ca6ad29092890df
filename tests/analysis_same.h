/* analysis_same: for tests that compare two analyses of the same set made by
   different paths or settings (t-analysis, t-lsalpha). */
#ifndef CERTUNE_TESTS_ANALYSIS_SAME_H
#define CERTUNE_TESTS_ANALYSIS_SAME_H

#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"

/* x = the decimal string s ("-1.25", "3.1e-30"); 0 on a malformed one. */
static inline int t_decimal_get(fmpq_t x, const char *s)
{
    fmpz_t n, p;
    slong E = 0;
    int neg = *s == '-', ok = 1, digits = 0;
    fmpz_init(n), fmpz_init(p);
    s += neg;
    for (int frac = 0; *s != '\0' && *s != 'e'; s++) {
        if (*s == '.' && !frac)
            frac = 1;
        else if (*s >= '0' && *s <= '9')
            fmpz_mul_ui(n, n, 10), fmpz_add_ui(n, n, (ulong)(*s - '0')), E -= frac,
                digits++;
        else
            ok = 0;
    }
    if (*s == 'e')
        E += strtol(s + 1, NULL, 10);
    fmpz_ui_pow_ui(p, 10, (ulong)(E < 0 ? -E : E));
    if (E < 0) {
        fmpq_set_fmpz_frac(x, n, p);
    } else {
        fmpz_mul(fmpq_numref(x), n, p);
        fmpz_one(fmpq_denref(x));
    }
    if (neg)
        fmpq_neg(x, x);
    fmpz_clear(n), fmpz_clear(p);
    return ok && digits > 0;
}

/* Whether the decimal intervals [alo, ahi] and [blo, bhi] meet. */
static inline int t_decimal_meet(const char *alo, const char *ahi, const char *blo,
                                 const char *bhi)
{
    fmpq_t a0, a1, b0, b1;
    fmpq_init(a0), fmpq_init(a1), fmpq_init(b0), fmpq_init(b1);
    int ok = t_decimal_get(a0, alo) && t_decimal_get(a1, ahi) && t_decimal_get(b0, blo) &&
             t_decimal_get(b1, bhi) && fmpq_cmp(a0, b1) <= 0 && fmpq_cmp(b0, a1) <= 0;
    fmpq_clear(a0), fmpq_clear(a1), fmpq_clear(b0), fmpq_clear(b1);
    return ok;
}

/* Whether A and B agree on everything but the breakpoints' exact forms: the
   same points (20 significant digits, and certified decimal intervals that
   meet: the equality of a ball-path zero and an exact one is not decidable
   by refining, and the root kinds certify their decimal bounds on different
   grids: an exact root of a polynomial with rational coefficients may print
   10 digits where a ball-path root prints 22), changes, jumps and exact
   losses; neither undecided. */
static inline int t_analysis_same(const ct_analysis_struct *A,
                                  const ct_analysis_struct *B)
{
    if (A->nbp != B->nbp || A->nundecided || B->nundecided ||
        !fmpq_equal(A->min_loss, B->min_loss))
        return 0;
    for (slong b = 0; b < A->nbp; b++)
        if (strcmp(A->approx[b], B->approx[b]) ||
            !t_decimal_meet(A->lo_str[b], A->hi_str[b], B->lo_str[b], B->hi_str[b]) ||
            A->changes[b] != B->changes[b] || A->jump[b] != B->jump[b] ||
            !fmpq_equal(A->point_loss + b, B->point_loss + b))
            return 0;
    for (slong b = 0; b <= A->nbp; b++)
        if (!fmpq_equal(A->piece_loss + b, B->piece_loss + b))
            return 0;
    return 1;
}

#endif
