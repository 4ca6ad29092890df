/* lsroot_qir: the narrowing of a root with its disk's model, by quadratic
   interval refinement (Abbott's QIR). Each step takes the secant of the
   model's values at the bracket's ends, cuts the bracket into N equal parts
   and tests the signs at the ends of the part the secant points into: if
   they still bracket the zero, that part is the new bracket and N is
   squared; if not, the tests keep the side that holds the zero and N is
   halved in bits; a test point too near the zero for the model to decide
   sends the next step back to bisection, and an undecided middle ends the
   narrowing (the model's limit). Near a simple zero the bracket's width squares at each
   step, so 2^-36 becomes 2^-96 in about five steps of two model evaluations
   where bisection took sixty. Only certified signs move the bracket; the
   values' midpoints only choose where to test. */
#include "lsroot_internal.h"

/* The model's value at x (mapped into its variable, inside the disk) in v;
   returns its certified sign, 0 when undecided. */
static int qir_value(arb_t v, const ct_lsroot_poly_struct *P, const fmpq_t x, slong prec,
                     const ct_lsroot_sys_struct *S)
{
    fmpq_t a;
    fmpq_init(a);
    S->type->map(a, S, x); /* inside: x lies between two points of the domain */
    int s = _ct_lsroot_poly_value(v, P, a, prec);
    fmpq_clear(a);
    return s;
}

/* The part j (0 <= j < 2^e) the secant of vlo, vhi points into; -1 when
   the midpoints do not change sign (the step then bisects). */
static void qir_part(fmpz_t j, const arb_t vlo, const arb_t vhi, slong e)
{
    arf_t a, b, t;
    arf_init(a), arf_init(b), arf_init(t);
    arf_sub(b, arb_midref(vlo), arb_midref(vhi), 64, ARF_RND_NEAR);
    arf_set(a, arb_midref(vlo));
    if (arf_is_zero(b) || arf_sgn(a) * arf_sgn(b) <= 0 || arf_cmpabs(a, b) >= 0) {
        fmpz_set_si(j, -1);
    } else {
        arf_div(t, a, b, 64, ARF_RND_NEAR); /* in (0, 1) */
        arf_mul_2exp_si(t, t, e);
        arf_get_fmpz(j, t, ARF_RND_FLOOR);
        if (fmpz_bits(j) > (ulong)e) { /* t rounded to 1: the last part */
            fmpz_one(j);
            fmpz_mul_2exp(j, j, e);
            fmpz_sub_ui(j, j, 1);
        }
    }
    arf_clear(a), arf_clear(b), arf_clear(t);
}

/* x = lo + j (hi - lo) / 2^e. */
static void qir_point(fmpq_t x, const fmpq_t lo, const fmpq_t hi, const fmpz_t j, slong e)
{
    fmpq_sub(x, hi, lo);
    fmpq_mul_fmpz(x, x, j);
    fmpq_div_2exp(x, x, e);
    fmpq_add(x, x, lo);
}

/* One step on [lo, hi] with N = 2^*e (*e = 1: bisection); returns 0, the
   bracket unchanged, when a sign is undecided. */
static int qir_step(fmpq_t lo, fmpq_t hi, arb_t vlo, arb_t vhi, slong *e, int sign_lo,
                    const ct_lsroot_poly_struct *P, slong prec,
                    const ct_lsroot_sys_struct *S)
{
    fmpz_t j, j1;
    fmpq_t x1, x2;
    arb_t v1, v2;
    fmpz_init(j), fmpz_init(j1), fmpq_init(x1), fmpq_init(x2), arb_init(v1), arb_init(v2);
    qir_part(j, vlo, vhi, *e);
    if (fmpz_sgn(j) < 0) /* bisect: the one test point is the middle */
        *e = 1, fmpz_one(j);
    fmpz_add_ui(j1, j, 1);
    qir_point(x1, lo, hi, j, *e);
    qir_point(x2, lo, hi, j1, *e);
    int s1 = fmpz_is_zero(j) ? sign_lo : qir_value(v1, P, x1, prec, S);
    int s2 = s1 == -sign_lo              ? 0
             : fmpz_bits(j1) > (ulong)*e ? -sign_lo
                                         : qir_value(v2, P, x2, prec, S);
    int ok = s1 != 0 && (s1 == -sign_lo || s2 != 0);
    if (ok && s1 == -sign_lo) { /* the zero is left of x1 */
        fmpq_swap(hi, x1), arb_swap(vhi, v1);
        *e = FLINT_MAX(1, *e / 2);
    } else if (ok && s2 == sign_lo) { /* right of x2 */
        fmpq_swap(lo, x2), arb_swap(vlo, v2);
        *e = FLINT_MAX(1, *e / 2);
    } else if (ok) { /* between: the part is the bracket */
        if (!fmpz_is_zero(j))
            fmpq_swap(lo, x1), arb_swap(vlo, v1);
        if (fmpz_bits(j1) <= (ulong)*e)
            fmpq_swap(hi, x2), arb_swap(vhi, v2);
        *e = 2 * *e;
    }
    fmpz_clear(j), fmpz_clear(j1), fmpq_clear(x1), fmpq_clear(x2);
    arb_clear(v1), arb_clear(v2);
    return ok;
}

void _ct_lsroot_poly_narrow(fmpq_t lo, fmpq_t hi, int sign_lo,
                            const ct_lsroot_poly_struct *P, slong bits,
                            const ct_lsroot_sys_struct *S)
{
    slong prec = bits + 20, e = 2;
    fmpq_t w;
    fmpz_t q;
    arb_t vlo, vhi;
    fmpq_init(w), fmpz_init(q), arb_init(vlo), arb_init(vhi);
    /* the ends' values steer the first step only: their signs are known */
    int ok = qir_value(vlo, P, lo, prec, S) == sign_lo &&
             qir_value(vhi, P, hi, prec, S) == -sign_lo;
    if (!ok)
        arb_zero(vlo), arb_zero(vhi); /* no secant: the steps bisect */
    for (;;) {
        fmpq_sub(w, hi, lo);
        fmpq_mul_2exp(w, w, bits);
        if (fmpq_cmp(w, hi) <= 0)
            break;
        fmpq_div(w, w, hi); /* parts no finer than half the target (finer */
        fmpz_fdiv_q(q, fmpq_numref(w), fmpq_denref(w)); /* ones are undecidable) */
        e = FLINT_MIN(e, (slong)fmpz_bits(q) + 1);
        if (qir_step(lo, hi, vlo, vhi, &e, sign_lo, P, prec, S))
            continue;
        if (e == 1) /* undecided at the middle: the model's limit (the oracle */
            break;  /* refines further if asked) */
        e = 1;      /* a test point too near the zero for the model: bisect again */
    }
    fmpq_clear(w), fmpz_clear(q), arb_clear(vlo), arb_clear(vhi);
}
