/* analysis_exact: the exact forms the analysis keeps for its breakpoints,
   cut to a description when they would take more than CT_ANALYSIS_EXACT_MAX
   characters (decided from the coefficients' sizes, before any conversion
   to decimal: writing such a form took a sixth of an n = 200 alpha run). */
#include <stdio.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/mem.h"

/* The approximate length of a polynomial's decimal form: per nonzero
   coefficient its digits and about a dozen characters of sign and power. */
static double exact_poly_len(const fmpz_poly_t p, flint_bitcnt_t *bits)
{
    double len = 0;
    for (slong i = 0; i < p->length; i++)
        if (!fmpz_is_zero(p->coeffs + i)) {
            flint_bitcnt_t b = fmpz_bits(p->coeffs + i);
            *bits = FLINT_MAX(*bits, b);
            len += 0.30103 * (double)b + 12;
        }
    return len;
}

/* The description of a form too long to keep, or NULL when b's is short. */
static char *exact_description(const ct_bpoint_t b)
{
    flint_bitcnt_t bits = 0;
    double len = 0;
    char *t = ct_mem_malloc(256);
    if (b->kind == CT_BPOINT_MQ) {
        for (slong k = 0; k < b->mq.fn.len; k++)
            len += exact_poly_len(b->mq.fn.poly + k, &bits) + 12;
        snprintf(t, 256,
                 "a multi-quadratic polynomial of degree %ld in %ld square classes "
                 "with coefficients of up to %lu bits (--save-profile writes it in full)",
                 (long)ct_mqpoly_degree(&b->mq.fn), (long)b->mq.fn.len,
                 (unsigned long)bits);
    } else if (b->kind == CT_BPOINT_ALGEBRAIC) {
        len = exact_poly_len(b->alg.poly, &bits);
        snprintf(t, 256,
                 "a polynomial of degree %ld with coefficients of up to %lu bits "
                 "(--save-profile writes it in full)",
                 (long)fmpz_poly_degree(b->alg.poly), (unsigned long)bits);
    }
    if (len <= CT_ANALYSIS_EXACT_MAX) {
        free(t);
        return NULL;
    }
    return t;
}

char *ct_analysis_exact_str(const ct_bpoint_t b)
{
    char *t = exact_description(b);
    return t != NULL ? t : ct_bpoint_get_exact_str(b);
}
