/* alpha_move: a node's zeros that change no prediction, moved to a rational
   point of their isolating interval so that the functions they carry (about
   2 MB each at n = 400) are freed at once instead of kept until the sweep.

   The sweep's argmax scan and tie tests read only the signs of pairs that
   contain the true maximum (docs/alpha.md, "Dominated pairs"). If a third
   class m beats both a and b on all of a zero's isolating interval I, neither
   a nor b is the maximum anywhere in I, so the sign of (a, b) is never read
   there: flipping it at the midpoint of I instead of at the zero changes no
   prediction, no tie and no loss, and the point is dropped by the sweep like
   the zero would have been. Every pair using the zero's function must be so
   beaten. The tests use the node's zeros at their true places: all moves are
   decided before any is made. */
#include <stdatomic.h>
#include <flint/fmpq.h>
#include "alpha_internal.h"
#include "certune/rroot.h"

/* Bisections tried to separate two zeros' intervals before giving up. */
#define ALPHA_MOVE_BISECTIONS 24

static atomic_long move_count; /* zeros moved in this process */

long ct_alpha_moved_zeros(void)
{
    return atomic_load(&move_count);
}

int _ct_alpha_pair_sign(const ct_analysis_node *v, const slong *loc, const int *first,
                        slong a, slong b)
{
    slong p = ct_signfn_pair(FLINT_MIN(a, b), FLINT_MAX(a, b), v->c);
    int s = loc[p] < 0 ? 0 : v->sign0[p] * first[loc[p]];
    return a < b ? s : -s;
}

static int move_is_exact(const ct_bpoint_t b)
{
    return fmpq_equal(ct_bpoint_lo(b), ct_bpoint_hi(b));
}

/* -1 or 1 when zero y lies below or above the interval of zero x (both
   refined as needed; x is never exact), 0 when not separated. */
static int move_side(ct_bpoint_t y, ct_bpoint_t x)
{
    fmpq_t wx, wy;
    fmpq_init(wx), fmpq_init(wy);
    int side = 0;
    for (int t = 0; side == 0 && t <= ALPHA_MOVE_BISECTIONS; t++) {
        if (fmpq_cmp(ct_bpoint_hi(y), ct_bpoint_lo(x)) < 0)
            side = -1;
        else if (fmpq_cmp(ct_bpoint_lo(y), ct_bpoint_hi(x)) > 0)
            side = 1;
        else if (t < ALPHA_MOVE_BISECTIONS) {
            fmpq_sub(wx, ct_bpoint_hi(x), ct_bpoint_lo(x));
            fmpq_sub(wy, ct_bpoint_hi(y), ct_bpoint_lo(y));
            ct_bpoint_bisect(move_is_exact(y) || fmpq_cmp(wx, wy) >= 0 ? x : y);
        }
    }
    fmpq_clear(wx), fmpq_clear(wy);
    return side;
}

/* 1 when F_m - F_a > 0 on all of zero x's interval: its function is proved
   zero-free with that sign right of 0, or its zeros are all isolated and lie
   outside the interval, those below flipping the sign (odd multiplicity). */
static int move_beats(const _ct_alpha_node_zeros *N, slong m, slong a, ct_bpoint_t x,
                      slong fx)
{
    int s = _ct_alpha_pair_sign(N->v, N->loc, N->first, m, a);
    slong h = N->loc[ct_signfn_pair(FLINT_MIN(m, a), FLINT_MAX(m, a), N->v->c)];
    if (s == 0 || h == fx || N->zbeg[h] < 0)
        return 0; /* a tie, x's own function, or a function never isolated */
    for (slong j = N->zbeg[h]; j < N->zend[h]; j++) {
        int side = move_side(&N->z[j].pt, x);
        if (side == 0)
            return 0;
        if (side < 0 && N->z[j].mult % 2 == 1)
            s = -s;
    }
    return s > 0;
}

/* Whether every pair using function f is beaten on zero x's interval by
   some third class. */
static int move_irrelevant(const _ct_alpha_node_zeros *N, slong f, ct_bpoint_t x)
{
    slong c = N->v->c;
    for (slong a = 0; a < c; a++)
        for (slong b = a + 1; b < c; b++) {
            if (N->loc[ct_signfn_pair(a, b, c)] != f)
                continue;
            int beaten = 0;
            for (slong m = 0; m < c && !beaten; m++)
                beaten = m != a && m != b && move_beats(N, m, a, x, f) &&
                         move_beats(N, m, b, x, f);
            if (!beaten)
                return 0;
        }
    return 1;
}

/* x becomes the rational midpoint of its interval, a zero of degree 1. */
static void move_to_midpoint(ct_bpoint_t x)
{
    fmpq_t q;
    fmpz_poly_t lin;
    ct_rroot_struct *r;
    fmpq_init(q), fmpz_poly_init(lin);
    fmpq_add(q, ct_bpoint_lo(x), ct_bpoint_hi(x));
    fmpq_div_2exp(q, q, 1);
    fmpz_poly_set_coeff_fmpz(lin, 1, fmpq_denref(q)); /* den x - num */
    fmpz_neg(fmpq_numref(q), fmpq_numref(q));
    fmpz_poly_set_coeff_fmpz(lin, 0, fmpq_numref(q));
    slong n = ct_rroot_isolate_positive(&r, lin);
    if (n != 1)
        flint_abort(); /* a positive rational has one positive root: a bug */
    ct_bpoint_clear(x);
    ct_bpoint_init(x);
    ct_bpoint_set_rroot(x, r);
    ct_rroot_clear(r);
    flint_free(r);
    fmpz_poly_clear(lin), fmpq_clear(q);
}

slong _ct_alpha_move_zeros(const _ct_alpha_node_zeros *N, slong nf)
{
    if (N->v->c < 3)
        return 0;
    slong z0 = -1, z1 = -1, moved = 0;
    for (slong f = 0; f < nf; f++)
        if (N->zbeg[f] >= 0 && N->zbeg[f] < N->zend[f]) {
            z0 = z0 < 0 ? N->zbeg[f] : FLINT_MIN(z0, N->zbeg[f]);
            z1 = FLINT_MAX(z1, N->zend[f]);
        }
    if (z0 < 0)
        return 0;
    char *move = flint_calloc(z1 - z0, 1);
    for (slong f = 0; f < nf; f++)
        for (slong k = N->zbeg[f]; N->zbeg[f] >= 0 && k < N->zend[f]; k++)
            move[k - z0] =
                N->z[k].pt.kind == CT_BPOINT_MQ && move_irrelevant(N, f, &N->z[k].pt);
    for (slong k = z0; k < z1; k++)
        if (move[k - z0])
            move_to_midpoint(&N->z[k].pt), moved++;
    flint_free(move);
    atomic_fetch_add(&move_count, (long)moved);
    return moved;
}
