/* bounds_mq: certified zero counts in (0, 1) of multi-quadratic sign functions
   (the alpha family's type). */
#include <stdio.h>
#include "certune/base.h"
#include "certune/mqroot.h"
#include "certune/signfn.h"
#include "bounds_internal.h"

/* The roots in (0, 1) of the squarefree integer polynomial q. */
static slong bounds_mq_roots01(ct_rroot_struct **out, const fmpz_poly_t q)
{
    fmpz_poly_t r;
    fmpz_poly_init(r);
    slong k = 0, n = 0;
    while (k < q->length && fmpz_is_zero(q->coeffs + k))
        k++;
    fmpz_poly_shift_right(r, q, k);
    *out = NULL;
    if (fmpz_poly_degree(r) >= 1) {
        fmpz_t c;
        fmpz_init(c);
        fmpz_poly_content(c, r);
        if (fmpz_sgn(fmpz_poly_lead(r)) < 0)
            fmpz_neg(c, c);
        fmpz_poly_scalar_divexact_fmpz(r, r, c);
        fmpz_clear(c);
        fmpq_t one;
        fmpq_init(one);
        fmpq_one(one);
        slong m = ct_rroot_isolate_positive(out, r);
        for (slong j = 0; j < m; j++)
            if (ct_rroot_cmp_fmpq(*out + j, one) < 0) { /* keep: move it down */
                ct_rroot_struct tmp = (*out)[n];
                (*out)[n++] = (*out)[j];
                (*out)[j] = tmp;
            }
        for (slong j = n; j < m; j++)
            ct_rroot_clear(*out + j);
        fmpq_clear(one);
    }
    fmpz_poly_clear(r);
    return n;
}

/* Distinct zeros of g in (0, 1) (*roots) and those of odd multiplicity
   (returned); -1 with msg when they cannot be certified. A zero of the
   squarefree-proved part equal to a root of the rational part adds 1 to the
   latter's multiplicity (decided by ct_mqroot_cmp_rroot). */
slong _ct_bounds_mq_zeros(slong *roots, const ct_mqpoly_t g, char *msg, size_t len)
{
    ct_mqroot_struct *z;
    fmpz_poly_struct *hfac;
    slong n, nh, *hexp, changes = 0;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    *roots = 0;
    if (ct_mqpoly_is_zero(g) || ct_mqroot_isolate(&z, &n, &hfac, &hexp, &nh, lo, hi, g)) {
        if (!ct_mqpoly_is_zero(g))
            snprintf(msg, len, "a sign function not proved squarefree");
        fmpq_clear(lo), fmpq_clear(hi);
        return ct_mqpoly_is_zero(g) ? 0 : -1;
    }
    int *merged = flint_calloc(FLINT_MAX(n, 1), sizeof(int));
    for (slong j = 0; j < nh; j++) {
        ct_rroot_struct *r;
        slong m = bounds_mq_roots01(&r, hfac + j);
        for (slong i = 0; i < m; i++) {
            slong mult = hexp[j];
            for (slong k = 0; k < n; k++) {
                int cmp;
                if (!merged[k] && ct_mqroot_cmp_rroot(&cmp, z + k, r + i) && cmp == 0)
                    merged[k] = 1, mult++;
            }
            changes += mult % 2, (*roots)++;
            ct_rroot_clear(r + i);
        }
        flint_free(r);
        fmpz_poly_clear(hfac + j);
    }
    for (slong k = 0; k < n; k++) {
        changes += !merged[k], *roots += !merged[k];
        ct_mqroot_clear(z + k);
    }
    flint_free(merged), flint_free(z), flint_free(hfac), flint_free(hexp);
    fmpq_clear(lo), fmpq_clear(hi);
    return changes;
}
