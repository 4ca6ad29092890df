/* bounds: certified sign-change counts against the proven bounds, for any
   family: its sign functions and its own bound come through its row of the
   family table; the zeros are counted by the functions' type. */
#include <stdio.h>
#include "certune/base.h"
#include <flint/fmpz_poly_factor.h>
#include "certune/bounds.h"
#include "certune/component.h"
#include "certune/family.h"
#include "certune/signfn.h"
#include "bounds_internal.h"
#include "certune/rroot.h"

/* Positive roots of the squarefree q (a factor x is dropped: 0 is no root in
   the domain), each certified by an isolating interval. */
static slong bounds_positive_roots(const fmpz_poly_t q)
{
    fmpz_poly_t r;
    fmpz_poly_init(r);
    slong k = 0;
    while (fmpz_is_zero(q->coeffs + k))
        k++;
    fmpz_poly_shift_right(r, q, k);
    if (fmpz_sgn(fmpz_poly_lead(r)) < 0)
        fmpz_poly_neg(r, r);
    slong count = 0;
    if (fmpz_poly_degree(r) >= 1) {
        fmpz_t c;
        fmpz_init(c);
        fmpz_poly_content(c, r);
        fmpz_poly_scalar_divexact_fmpz(r, r, c);
        fmpz_clear(c);
        ct_rroot_struct *roots;
        count = ct_rroot_isolate_positive(&roots, r);
        for (slong i = 0; i < count; i++)
            ct_rroot_clear(roots + i);
        flint_free(roots);
    }
    fmpz_poly_clear(r);
    return count;
}

slong ct_bounds_sign_changes(slong *roots, const fmpz_poly_t p)
{
    slong changes = 0;
    *roots = 0;
    if (fmpz_poly_degree(p) < 1)
        return 0;
    fmpz_poly_factor_t fac;
    fmpz_poly_factor_init(fac);
    fmpz_poly_factor_squarefree(fac, p);
    for (slong j = 0; j < fac->num; j++) {
        slong r = bounds_positive_roots(fac->p + j);
        *roots += r;
        if (fac->exp[j] % 2 == 1)
            changes += r;
    }
    fmpz_poly_factor_clear(fac);
    return changes;
}

/* Per component (ncomp of them, as numbered in comp): its size and labeled
   nodes. */
static void bounds_component_sizes(slong *size, slong *labeled, const ct_instance_t inst,
                                   const slong *comp, slong ncomp)
{
    for (slong k = 0; k < ncomp; k++)
        size[k] = labeled[k] = 0;
    for (slong i = 0; i < inst->n; i++) {
        size[comp[i]]++;
        labeled[comp[i]] += inst->label[i] >= 0;
    }
}

/* Certified zeros of h in (0, 1); -1 (with the interval in msg) if undecided. */
static slong bounds_expsum_zeros(const ct_expsum_t h, char *msg, size_t len)
{
    if (ct_expsum_is_zero(h))
        return 0;
    ct_expsum_root_struct *z;
    slong n;
    int sign_first;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    if (ct_expsum_isolate(&z, &n, &sign_first, lo, hi, h)) {
        char *a = fmpq_get_str(NULL, 10, lo), *b = fmpq_get_str(NULL, 10, hi);
        snprintf(msg, len, "zeros not certified in [%s, %s]", a, b);
        flint_free(a), flint_free(b);
        n = -1;
    } else {
        for (slong j = 0; j < n; j++)
            ct_expsum_root_clear(z + j);
        flint_free(z);
    }
    fmpq_clear(lo), fmpq_clear(hi);
    return n;
}

/* r->changes and r->roots of pair p of s in the open domain, by the
   functions' type: integer polynomials on (0, +inf), exponential sums (all
   zeros certified simple) and multi-quadratic ones on (0, 1). Returns 0, or
   -1 with why set. */
static int bounds_count(ct_bounds_row *r, const ct_signfn_struct *s, slong p, char *why,
                        size_t len)
{
    if (s->type == &ct_signfn_type_poly)
        r->changes = ct_bounds_sign_changes(&r->roots, s->diff.poly + p);
    else if (s->type == &ct_signfn_type_expsum)
        r->changes = r->roots = bounds_expsum_zeros(s->diff.es + p, why, len);
    else
        r->changes = _ct_bounds_mq_zeros(&r->roots, s->diff.mq + p, why, len);
    return r->changes < 0 || r->roots < 0 ? -1 : 0;
}

/* The family's own quantity of component k0 for the pair (k, l), computed
   once per component when it does not depend on the pair (memo[k0], -1: not
   yet). */
static slong bounds_sharp(const ct_family_bounds_struct *B, slong *memo,
                          const ct_instance_t inst, const slong *comp, slong k0, slong k,
                          slong l)
{
    if (!B->sharp_per_component)
        return B->sharp(inst, comp, k0, k, l);
    if (memo[k0] < 0)
        memo[k0] = B->sharp(inst, comp, k0, k, l);
    return memo[k0];
}

int ct_bounds_rows(ct_bounds_row **rows, slong *nrows, ct_family_t family,
                   const ct_instance_t inst, slong inst_idx, const fmpq_t c, char *msg,
                   size_t len)
{
    const ct_family_bounds_struct *B = &ct_family_row(family)->bounds;
    slong n = inst->n, count = 0, bad = 0;
    slong *comp = flint_malloc(n * sizeof(slong));
    slong *size = flint_malloc(n * sizeof(slong)), *lab = flint_malloc(n * sizeof(slong));
    slong *memo = flint_malloc(n * sizeof(slong));
    slong ncomp = ct_component_assign(comp, inst);
    bounds_component_sizes(size, lab, inst, comp, ncomp);
    for (slong k = 0; k < ncomp; k++)
        memo[k] = -1;
    ct_signfn_struct *s = NULL;
    B->sign_functions(&s, &count, inst, inst_idx, c);
    for (slong t = 0; t < count; t++) {
        slong cl = s[t].c, node = s[t].node, k0 = comp[node];
        for (slong k = 0; k < cl && !bad; k++)
            for (slong l = k + 1; l < cl && !bad; l++) {
                *rows = flint_realloc(*rows, (*nrows + 1) * sizeof(ct_bounds_row));
                ct_bounds_row *r = *rows + *nrows;
                r->family = family, r->inst = inst_idx;
                r->comp = k0, r->node = node, r->k = k, r->l = l;
                r->n_comp = size[k0], r->labeled = lab[k0];
                r->sharp = bounds_sharp(B, memo, inst, comp, k0, k, l);
                char why[CERTUNE_ERRLEN];
                bad = bounds_count(r, s + t, ct_signfn_pair(k, l, cl), why, sizeof(why));
                if (bad)
                    snprintf(msg, len, "%s: node %ld, classes %ld/%ld: %s", inst->path,
                             (long)node + 1, (long)k, (long)l, why);
                *nrows += !bad;
            }
        ct_signfn_clear(s + t);
    }
    flint_free(s);
    flint_free(comp), flint_free(size), flint_free(lab), flint_free(memo);
    return bad ? 1 : 0;
}

slong ct_bounds_row_sharp(const ct_bounds_row *r)
{
    const ct_family_bounds_struct *B = &ct_family_row(r->family)->bounds;
    return B->bound_what != NULL ? FLINT_MAX(r->sharp - 1, 0) : r->sharp;
}

int ct_bounds_row_check(const ct_bounds_row *r, char *msg, size_t len)
{
    const ct_family_bounds_struct *B = &ct_family_row(r->family)->bounds;
    const char *what = NULL;
    slong bound = 0;
    if (r->roots > FLINT_MAX(r->n_comp - 1, 0))
        what = "n_comp - 1 (the paper)", bound = FLINT_MAX(r->n_comp - 1, 0);
    else if (B->labeled_bound && r->roots > FLINT_MAX(r->labeled - 1, 0))
        what = "labeled - 1", bound = FLINT_MAX(r->labeled - 1, 0);
    else if (B->bound_what != NULL && r->roots > FLINT_MAX(r->sharp - 1, 0))
        what = B->bound_what, bound = FLINT_MAX(r->sharp - 1, 0);
    else if (r->changes > r->roots)
        what = "its number of roots", bound = r->roots;
    if (what == NULL)
        return 0;
    snprintf(msg, len,
             "instance %ld, component %ld, node %ld, classes %ld/%ld: %ld sign changes "
             "(%ld roots) exceed the bound %s = %ld",
             (long)r->inst + 1, (long)r->comp + 1, (long)r->node + 1, (long)r->k,
             (long)r->l, (long)r->changes, (long)r->roots, what, (long)bound);
    return 1;
}
