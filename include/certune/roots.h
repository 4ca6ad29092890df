/* roots: certified positive real roots of integer polynomials. */
#ifndef CERTUNE_ROOTS_H
#define CERTUNE_ROOTS_H

#include <flint/fmpz_poly.h>
#include <flint/fmpq.h>

/* A real algebraic number: the unique root of poly in [lo, hi]. poly is
   primitive with positive leading coefficient and squarefree (irreducible where
   rroot_cmp is used). lo == hi means the root is that rational exactly; otherwise
   lo < hi, neither is a root, and sign_lo is the sign of poly at lo. */
typedef struct {
    fmpz_poly_t poly;
    fmpq_t lo, hi;
    int sign_lo;
} rroot_struct;
typedef rroot_struct rroot_t[1];

void rroot_init(rroot_t r);
void rroot_clear(rroot_t r);
void rroot_set(rroot_t r, const rroot_t s);

/* Isolates the roots of f in (0, +inf). f must be squarefree, nonzero, of degree
   >= 1, primitive with positive leading coefficient. Returns their number k and
   sets *out to k initialized roots in increasing order with pairwise disjoint
   intervals inside (0, +inf) (free each with rroot_clear, then flint_free). */
slong roots_isolate_positive(rroot_struct **out, const fmpz_poly_t f);

/* Halves the interval of r (no-op when r is exact). */
void rroot_bisect(rroot_t r);

/* Bisects r until hi - lo <= eps (eps > 0). */
void rroot_refine(rroot_t r, const fmpq_t eps);

/* Compares two roots exactly: -1, 0 or 1 as a < b, a == b, a > b. Both polys
   must be irreducible. Refines a and b in place as needed. */
int rroot_cmp(rroot_t a, rroot_t b);

/* Sets perm to the permutation of 0..n-1 that sorts the roots r[perm[k]]
   increasingly, by rroot_cmp (stable merge sort; equal roots end up adjacent).
   Refines the roots in place. */
void roots_sort_perm(slong *perm, rroot_struct *const *r, slong n);

/* Sign (-1, 0, 1) of r - q, decided exactly (r is not modified). */
int rroot_cmp_fmpq(const rroot_t r, const fmpq_t q);

/* Sign (-1, 0, 1) of the integer polynomial g at the root r, decided exactly:
   0 iff g(r) = 0. May refine r. */
int rroot_sign_poly(rroot_t r, const fmpz_poly_t g);

/* Refines r and writes three malloc'ed strings: a decimal approximation with
   `digits` significant digits, and decimal lo, hi bounds of an interval that
   contains the root and no other root of its poly. */
void rroot_get_strs(char **approx, char **lo, char **hi, rroot_t r, slong digits);

/* Writes poly in the variable x as a string such as "2*x^2 - 1" (malloc'ed). */
char *roots_poly_get_str(const fmpz_poly_t poly);

#endif
