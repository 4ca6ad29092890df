/* rroot: real algebraic numbers, the root kind of integer polynomials
   (lambda's breakpoints; docs/roots.md). A ct_rroot_struct is the unique zero
   of poly in [lo, hi] with rational ends (lo == hi: that rational). It owns
   its poly and ends (init/clear; ct_rroot_set may alias). A function given a
   non-const root may refine its interval in place, never changing the number
   it denotes. Strings returned are malloc'ed (free with free). Nothing fails
   but the reader (-1). */
#ifndef CERTUNE_ROOTS_H
#define CERTUNE_ROOTS_H

#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>
#include "certune/root.h"

/* poly is primitive with positive leading coefficient and squarefree
   (irreducible where ct_rroot_cmp is used). lo == hi means the root is that
   rational exactly; otherwise lo < hi, neither is a root, and sign_lo is the
   sign of poly at lo. */
typedef struct {
    fmpz_poly_t poly;
    fmpq_t lo, hi;
    int sign_lo;
} ct_rroot_struct;
typedef ct_rroot_struct ct_rroot_t[1];

void ct_rroot_init(ct_rroot_t r);
void ct_rroot_clear(ct_rroot_t r);
void ct_rroot_set(ct_rroot_t r, const ct_rroot_t s);

/* Fills v, the view of r for the certified-root core (root.h): its interval,
   exact sign oracle and bisection. v points into r: valid while r lives. */
void ct_rroot_view(ct_root_struct *v, ct_rroot_t r);

/* Isolates the roots of f in (0, +inf). f must be squarefree, nonzero, of degree
   >= 1, primitive with positive leading coefficient. Returns their number k and
   sets *out to k initialized roots in increasing order with pairwise disjoint
   intervals inside (0, +inf) (free each with ct_rroot_clear, then flint_free). */
slong ct_rroot_isolate_positive(ct_rroot_struct **out, const fmpz_poly_t f);

/* Halves the interval of r (no-op when r is exact). */
void ct_rroot_bisect(ct_rroot_t r);

/* Bisects r until hi - lo <= eps (eps > 0). */
void ct_rroot_refine(ct_rroot_t r, const fmpq_t eps);

/* Compares two roots exactly: -1, 0 or 1 as a < b, a == b, a > b. Both polys
   must be irreducible. Refines a and b in place as needed. */
int ct_rroot_cmp(ct_rroot_t a, ct_rroot_t b);

/* Sets perm to the permutation of 0..n-1 that sorts the roots r[perm[k]]
   increasingly, by ct_rroot_cmp (stable merge sort; equal roots end up adjacent).
   Refines the roots in place. */
void ct_rroot_sort_perm(slong *perm, ct_rroot_struct *const *r, slong n);

/* Sign (-1, 0, 1) of r - q, decided exactly (r is not modified). */
int ct_rroot_cmp_fmpq(const ct_rroot_t r, const fmpq_t q);

/* Sign (-1, 0, 1) of the integer polynomial g at the root r, decided exactly:
   0 iff g(r) = 0. May refine r. */
int ct_rroot_sign_poly(ct_rroot_t r, const fmpz_poly_t g);

/* Refines r and writes three strings: a decimal approximation with
   `digits` significant digits, and decimal lo, hi bounds of an interval that
   contains the root and no other root of its poly. */
void ct_rroot_get_strs(char **approx, char **lo, char **hi, ct_rroot_t r, slong digits);

/* Writes poly in the variable x as a string such as "2*x^2 - 1". */
char *ct_rroot_poly_get_str(const fmpz_poly_t poly);

/* Text form (rroot_io.c, docs/scale.md): writes "POLY LO HI SIGN_LO" (no
   newline); reads it into the initialized r, advancing *s, and returns 0, or
   -1 when malformed, not canonical or not a sign change of POLY over [LO, HI]. */
void ct_rroot_write(FILE *f, const ct_rroot_t r);
int ct_rroot_read(ct_rroot_t r, const char **s);

#endif
