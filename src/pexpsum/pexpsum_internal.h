/* pexpsum's box solver, shared by the files of src/pexpsum only. */
#ifndef CERTUNE_PEXPSUM_INTERNAL_H
#define CERTUNE_PEXPSUM_INTERNAL_H

#include <arf.h>
#include <arb_poly.h>
#include "certune/expsum.h"
#include "certune/pexpsum.h"

/* y = the ic-th derivative of P over the ball c (Horner on the
   coefficients; pexpsum.c). */
void _ct_pexpsum_poly_der(arb_t y, const fmpz_poly_t P, const arb_t c, slong ic,
                          slong prec);

/* e = H(c, .) at the rational c, its coefficients P_t(c) made integer by
   their positive common denominator (the same zeros and signs; pexpsum.c). */
void _ct_pexpsum_expsum_at(ct_expsum_t e, const ct_pexpsum_t h, const fmpq_t c);

/* The per-term values of one piece of a sum (P_t or a derivative over a
   ball c, or B_t^d over a ball d) at the ball `at` and precision prec. */
typedef struct {
    arb_t at;
    arb_ptr v;
    slong prec;
    int set;
} _ct_pexpsum_memo;

/* A sum prepared for repeated evaluation: its polynomials and their first
   two derivatives as balls, and the logarithms and values of its bases, at
   the precision given (the hot path of the box solver). The memos keep the
   last two balls' per-term values of each piece: one box's value, centered
   form and Krawczyk matrix evaluate the same pieces at the same balls. */
typedef struct {
    slong len;
    arb_poly_struct *P[3];
    arb_struct *L, *B;
    _ct_pexpsum_memo mp[3][2], me[2]; /* P^(ic)(c) and B^d: two slots each */
    int np[3], ne;                    /* the slot to overwrite next */
} _ct_pexpsum_cache;

void _ct_pexpsum_cache_init(_ct_pexpsum_cache *K, const ct_pexpsum_struct *h, slong prec);
void _ct_pexpsum_cache_clear(_ct_pexpsum_cache *K);

/* y = (d/dc)^ic (d/dd)^jd of the cached sum over the balls c, d (ic <= 2);
   div >= 0: of the sum divided by d - div (as _ct_pexpsum_eval_div). */
void _ct_pexpsum_cache_eval(arb_t y, _ct_pexpsum_cache *K, slong div, const arb_t c,
                            const arb_t d, slong ic, slong jd, slong prec);

/* One equation of a system in (c, d): the id-th d-derivative of h (div < 0),
   of h / (d - div) (div = 0 or 1: h vanishes on that whole edge), or (h
   NULL) the line d - e. */
typedef struct {
    const ct_pexpsum_struct *h;
    slong id, e, div;
    _ct_pexpsum_cache *k; /* h prepared (its memos updated), or NULL */
    slong prec;           /* the working precision of its system */
} _ct_pexpsum_fn;

/* y = (d/dc)^ic (d/dd)^jd of K = h / (d - e) over the balls c, d, where
   sum_t P_t B_t^e = 0: K = sum_t P_t B_t^e L_t phi((d - e) L_t), L_t = ln B_t,
   phi(x) = (e^x - 1) / x, whose derivatives phi^(j)(x) = int_0^1 s^j e^(sx) ds
   = M(j + 1, j + 2, x) / (j + 1) are increasing: over a ball, the values at
   its ends bound them. */
void _ct_pexpsum_eval_div(arb_t y, const ct_pexpsum_struct *h, slong e, const arb_t c,
                          const arb_t d, slong ic, slong jd, slong prec);

/* A closed box [c0, c1] x [d0, d1] with dyadic ends. */
typedef struct {
    arf_struct c0, c1, d0, d1;
} _ct_pexpsum_box;

/* A certified solution: the unique one of its system in the box own, lying
   in the (narrow) box enc. */
typedef struct {
    int kind;
    slong f, g, e;
    _ct_pexpsum_box own, enc;
} _ct_pexpsum_root;

void _ct_pexpsum_box_init(_ct_pexpsum_box *X);
void _ct_pexpsum_box_clear(_ct_pexpsum_box *X);
void _ct_pexpsum_box_set(_ct_pexpsum_box *X, const _ct_pexpsum_box *Y);

/* y = the ic-th c-derivative and jd-th d-derivative of f over the balls c, d. */
void _ct_pexpsum_fn_eval(arb_t y, const _ct_pexpsum_fn *f, const arb_t c, const arb_t d,
                         slong ic, slong jd, slong prec);

/* Whether f certainly has no zero on X (natural and centered forms). */
int _ct_pexpsum_fn_excludes(const _ct_pexpsum_fn *f, const _ct_pexpsum_box *X,
                            slong prec);

/* All zeros of the system (f[0], f[1]) in the union of the nstart boxes:
   appended to *roots (*nroots, capacity *cap; kind, f, g, e set by the
   caller afterwards), duplicates removed. *boxes counts the boxes examined.
   Returns 0, or 1 (undecided) with what set when a box shrinks below the
   minimal width or the budget is spent without a verdict. */
int _ct_pexpsum_solve(_ct_pexpsum_root **roots, slong *nroots, slong *cap,
                      const _ct_pexpsum_fn *f, const _ct_pexpsum_box *start, slong nstart,
                      slong *boxes, char *what, size_t whatlen);

/* Whether the zero of the system of f and g (g NULL: f's vertical-tangent
   system) in its box of uniqueness own lies at c = r exactly: decided when
   the bases of f (and g) are integer powers of one rational rho, by a root
   of gcd(Q, Q') (or gcd(Q_f, Q_g)) over Z[s], s = rho^d, whose d lies in
   own's d-range (off the edge e when e >= 0: a curve holding it); r must lie
   in own's c-range. 1: proved; 0: not (pexpsum_rat.c). */
int _ct_pexpsum_zero_at_rational(const ct_pexpsum_struct *f, const ct_pexpsum_struct *g,
                                 const fmpq_t r, const _ct_pexpsum_box *own, slong e);

/* The working precision: CT_PEXPSUM_PREC bits beyond the largest
   coefficient of the sums (their values cancel down from that size). */
#define CT_PEXPSUM_PREC 128
#define CT_PEXPSUM_MIN_BITS 44   /* boxes narrower than 2^-44: undecided */
#define CT_PEXPSUM_BUDGET 400000 /* boxes per system */
#define CT_PEXPSUM_GRID 16       /* the cover of a curve: cells of a 16 x 16 grid */

#endif
