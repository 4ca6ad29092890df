/* root: the certified-root core of every kind of breakpoint (rroot, expsum,
   mqroot, lsroot). A ct_root_struct is a view onto one kind's root: pointers
   to its isolating interval [lo, hi] with exact rational ends, to its sign at
   lo, to the function with its exact sign oracle and to the kind's refinement
   step; it owns nothing and is valid while the root lives. Written once here:
   cut, bisection, refinement, exact comparisons and the decimal certificate.
   A function given a non-const view may refine the root in place. Nothing
   fails: a comparison that cannot decide returns 0. */
#ifndef CERTUNE_ROOT_H
#define CERTUNE_ROOT_H

#include <flint/fmpq.h>

/* lo == hi means the zero is that rational; else lo < hi, neither end is a
   zero and sign_lo is the sign of fn at lo. */
typedef struct {
    fmpq *lo, *hi;
    int *sign_lo;
    const void *fn;                              /* the defining function */
    int (*sign)(const void *fn, const fmpq_t x); /* its exact sign at x */
    void (*step)(void *self);                    /* one refinement step of self */
    void *self;                                  /* the kind's root */
} ct_root_struct;

static inline int ct_root_is_exact(const ct_root_struct *r)
{
    return fmpq_cmp(r->lo, r->hi) == 0; /* (not fmpq_equal: GCC 12 warns) */
}

/* Shrinks r to the side of m (lo < m < hi) holding the zero, given s, the sign
   of fn at m: to [m, m] when s is 0. */
void ct_root_cut(ct_root_struct *r, const fmpq_t m, int s);

/* Halves r at its midpoint (sign decided by the oracle); no-op when exact. */
void ct_root_bisect(ct_root_struct *r);

/* Applies r's step until hi - lo <= eps (eps > 0). */
void ct_root_refine(ct_root_struct *r, const fmpq_t eps);

/* Sign (-1, 0, 1) of the zero minus q, exactly (r is not modified). */
int ct_root_cmp_fmpq(const ct_root_struct *r, const fmpq_t q);

/* a, b inexact zeros of the same function, each its unique zero in its
   interval: overlapping intervals hold the same zero iff the function changes
   sign over their intersection (its ends are ends of a or b, of known signs);
   else the zeros are ordered like the left ends. Returns -1, 0, 1. */
int ct_root_cmp_same(const ct_root_struct *a, const ct_root_struct *b);

/* Compares the zeros of a and b exactly: an exact end compares exactly,
   disjoint intervals (touching ends included) decide, same (the two functions
   are equal) decides by ct_root_cmp_same; otherwise the wider is stepped, and
   once both are narrower than 2^-lim_bits the kind's proof equal(a, b) is
   asked once: 1 equal, 0 different (refinement then separates them), -1
   unknown. Returns 1 with *cmp set to -1, 0, 1 when decided, 0 when not. */
int ct_root_cmp(int *cmp, ct_root_struct *a, ct_root_struct *b, int same,
                int (*equal)(ct_root_struct *a, ct_root_struct *b), slong lim_bits);

/* Compares the zeros of a and b (any kinds): an exact end compares exactly,
   disjoint intervals decide; else both are stepped until one of these holds
   or a is narrower than 2^-lim_bits. Returns 1 with *cmp set when decided,
   0 when not (the zeros may be equal: the caller's equality proof decides). */
int ct_root_cmp_refine(int *cmp, ct_root_struct *a, ct_root_struct *b, slong lim_bits);

/* How a kind's decimal certificate is written and its bounds certified (one
   const spec per kind, passed to ct_root_get_strs). */
typedef struct {
    int trim;   /* drop the approximation's trailing zeros */
    int coarse; /* first grid of (digits + 1) / 2 significant digits, else digits + 2 */
    int entry;  /* accept bounds inside the interval r had on entry (isolating) */
    /* else accept bounds [a, b] on a grid of sig digits that this proves
       isolating (NULL: none) */
    int (*isolates)(const ct_root_struct *r, const fmpq_t a, const fmpq_t b, slong sig);
    slong bisect_after; /* past digits + bisect_after grid digits r is also stepped
                           (< 0: never) */
} ct_root_strs_spec;

/* The decimal certificate of a real zero: approx rounded to `digits`
   significant digits, and decimal lo, hi around the zero that still isolate it
   (accepted as spec says, on grids from spec->coarse getting finer). A zero
   found to be rational gets ct_decimal_exact_strs. The strings are malloc'ed
   (free with free). */
void ct_root_get_strs(char **approx, char **lo, char **hi, ct_root_struct *r,
                      slong digits, const ct_root_strs_spec *spec);

#endif
