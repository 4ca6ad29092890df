/* t-lsroot-dpoly: the search's signs and interval tests in doubles
   (lsroot_dpoly.c) against exact arithmetic. Each claim is about every
   function P + R with coefficients in P's balls and |R| <= tau (|R'| <=
   dtau): a sign s at x is checked on the coefficients that push s P(x)
   lowest (Q_j = mid_j - s sgn(t^j) rad_j), exactly (dyadic data, 6000-bit
   balls), less tau; "zero free" and "monotone" on [a, b] the same way at 24
   points of [a, b] (sampling cannot prove such a claim, only refute it).
   Polynomials: random, and products (t - t0) q(t) rounded to doubles,
   evaluated within a few ulps of t0, where Horner's roundings decide. The
   same checks with the bounds dropped (the test hook) must fail. */
#include <math.h>
#include "check.h"
#include "certune/lsroot.h"
#include "../src/lsroot/lsroot_internal.h"

#define EXACT 6000

static double rand_d(flint_rand_t st, int emin, int emax)
{
    double m = (double)n_randint(st, UWORD(1) << 52) / 0x1p52 + 1;
    int e = emin + (int)n_randint(st, (ulong)(emax - emin + 1));
    return (n_randint(st, 2) ? -1 : 1) * ldexp(m, e);
}

/* P on the disk (c, r) with len coefficients: random, or, with cancel, (t -
   t0) q(t) rounded to doubles (a zero near t0). */
static void make_poly(ct_lsroot_poly_struct *P, flint_rand_t st, slong len, double c,
                      double r, int cancel, double t0)
{
    P->len = len, P->shift = 0, P->c = c, P->r = r;
    P->Q = _arb_vec_init(len);
    mag_init(P->tau), mag_init(P->dtau);
    double *q = flint_malloc(len * sizeof(double));
    for (slong j = 0; j < len; j++)
        q[j] = j + 1 < len ? rand_d(st, -3, 3) : 0;
    for (slong j = 0; j < len; j++) {
        double pj = (j > 0 ? q[j - 1] : 0) - t0 * q[j]; /* rounded */
        arb_set_d(P->Q + j, cancel ? pj : rand_d(st, -20, 4));
        if (n_randint(st, 3) == 0)
            mag_set_d(arb_radref(P->Q + j), fabs(rand_d(st, -75, -40)));
    }
    if (n_randint(st, 2))
        mag_set_d(P->tau, fabs(rand_d(st, -90, -40)));
    if (n_randint(st, 2))
        mag_set_d(P->dtau, fabs(rand_d(st, -90, -40)));
    flint_free(q);
}

/* s (P + R)(t) at its lowest over P's balls and |R| <= tau (der = 0), or the
   same of P' with dtau (der = 1), exactly: > 0 iff the claim "sign s" holds
   for every such function at t. */
static void worst(arb_t w, const ct_lsroot_poly_struct *P, const arb_t t, int s, int der)
{
    arb_t tj, q;
    arf_t r;
    arb_init(tj), arb_init(q), arf_init(r);
    arb_zero(w), arb_one(tj);
    for (slong j = der; j < P->len; j++) {
        int sg = arb_is_positive(tj) ? 1 : arb_is_negative(tj) ? -1 : 0;
        arf_set_mag(r, arb_radref(P->Q + j));
        arb_set_arf(q, arb_midref(P->Q + j));
        if (s * sg > 0)
            arb_sub_arf(q, q, r, EXACT);
        else if (s * sg < 0)
            arb_add_arf(q, q, r, EXACT);
        if (der)
            arb_mul_si(q, q, j, EXACT);
        arb_addmul(w, q, tj, EXACT);
        arb_mul(tj, tj, t, EXACT);
    }
    if (s < 0)
        arb_neg(w, w);
    arf_set_mag(r, der ? P->dtau : P->tau);
    arb_sub_arf(w, w, r, EXACT);
    arb_clear(tj), arb_clear(q), arf_clear(r);
}

static void exact_t(arb_t t, double x, double c)
{
    arb_t b;
    arb_init(b);
    arb_set_d(t, x), arb_set_d(b, c);
    arb_sub(t, t, b, EXACT); /* exact: two doubles */
    arb_clear(b);
}

static int holds(const ct_lsroot_poly_struct *P, double x, int s, int der)
{
    arb_t t, w;
    arb_init(t), arb_init(w);
    exact_t(t, x, P->c);
    worst(w, P, t, s, der);
    int ok = arb_is_positive(w);
    arb_clear(t), arb_clear(w);
    return ok;
}

/* Whether one sign holds at 24 points of [a, b] for every function. */
static int holds_on(const ct_lsroot_poly_struct *P, double a, double b, int der)
{
    int s = holds(P, a, 1, der) ? 1 : holds(P, a, -1, der) ? -1 : 0;
    for (int i = 1; s != 0 && i <= 23; i++) {
        double x = FLINT_MIN(FLINT_MAX(a + (b - a) * (i / 23.0), a), b);
        if (!holds(P, x, s, der))
            s = 0;
    }
    return s != 0;
}

typedef struct {
    slong signs, decided, wrong, zf, zf_wrong, mono, mono_wrong;
} tally;

/* One polynomial's signs at points and its interval tests. */
static void check_poly(tally *T, const ct_lsroot_poly_struct *P, flint_rand_t st,
                       double t0)
{
    ct_lsroot_dpoly_struct D;
    _ct_lsroot_dpoly_init(&D, P);
    for (int i = 0; i < 12; i++) {
        double x =
            i < 8 ? P->c + t0 +
                        (i - 4) * ldexp(fabs(t0) + 0x1p-60, -52 + (int)n_randint(st, 8))
                  : P->c + P->r * (2 * (double)n_randint(st, 1 << 20) / 0x1p20 - 1);
        x = FLINT_MIN(FLINT_MAX(x, P->c - P->r), P->c + P->r);
        int s = _ct_lsroot_dpoly_sign(&D, x);
        T->signs++;
        if (s != 0) {
            T->decided++;
            T->wrong += !holds(P, x, s, 0);
        }
    }
    for (int i = 0; i < 6; i++) {
        double w = ldexp(P->r, -(int)n_randint(st, 50));
        double a = P->c + t0 - w * (double)n_randint(st, 1000) / 1000, b = a + w;
        a = FLINT_MAX(a, P->c - P->r), b = FLINT_MIN(b, P->c + P->r);
        if (!(a < b))
            continue;
        int zf, mono;
        _ct_lsroot_dpoly_interval(&zf, &mono, &D, a, b);
        T->zf += zf, T->mono += mono;
        T->zf_wrong += zf && !holds_on(P, a, b, 0);
        T->mono_wrong += mono && !holds_on(P, a, b, 1);
    }
    _ct_lsroot_dpoly_clear(&D);
}

static void run(tally *T, ulong seed, slong trials)
{
    flint_rand_t st;
    flint_randinit(st);
    flint_randseed(st, seed, seed + 1);
    *T = (tally){0, 0, 0, 0, 0, 0, 0};
    for (slong trial = 0; trial < trials; trial++) {
        ct_lsroot_poly_struct P;
        slong len = 1 + (slong)n_randint(st, 40);
        double c = (double)n_randint(st, 1025) / 1024,
               r = ldexp(1, -1 - (int)n_randint(st, 6));
        double t0 = r * (2 * (double)n_randint(st, 1 << 20) / 0x1p20 - 1);
        make_poly(&P, st, len, c, r, (int)(trial % 2), t0);
        check_poly(T, &P, st, t0);
        ct_lsroot_poly_clear(&P);
    }
    flint_randclear(st);
}

int main(void)
{
    tally T;
    run(&T, 11, 1500);
    printf("signs %ld, decided %ld, wrong %ld; zero free %ld (wrong %ld), monotone %ld "
           "(wrong %ld)\n",
           T.signs, T.decided, T.wrong, T.zf, T.zf_wrong, T.mono, T.mono_wrong);
    CHECK(T.wrong == 0 && T.zf_wrong == 0 && T.mono_wrong == 0);
    CHECK(T.decided > T.signs / 2 && T.zf > 100 && T.mono > 100); /* not vacuous */
    _ct_lsroot_dpoly_set_loose(1); /* without the bounds the checks must fail */
    run(&T, 11, 1500);
    _ct_lsroot_dpoly_set_loose(0);
    printf("loose: wrong signs %ld, zero free %ld, monotone %ld\n", T.wrong, T.zf_wrong,
           T.mono_wrong);
    CHECK(T.wrong > 0 && T.zf_wrong > 0 && T.mono_wrong > 0);
    flint_cleanup_master();
    return check_finish("t-lsroot-dpoly");
}
