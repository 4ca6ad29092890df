/* tune_rademacher: the empirical Rademacher complexity of the loss class on
   the training set, R = E_sigma sup_rho (1/m) sum_i sigma_i loss_i(rho). Every
   loss_i is constant on each place of the merged training profile, so the sup
   is an exact max over its places (docs/tuning.md). */
#include <math.h>
#include <stdlib.h>
#include "certune/tune.h"

#define TUNE_DELTA 0.05 /* the confidence parameter d of the bound */

/* Per instance, the integer weight w_i with loss_i = w_i cost_i / scale:
   scale = lcm(nscored) * tie_unit. Returns 0 when sums of m costs times
   weights could overflow a slong. */
static int rad_weights(slong *w, slong *scale, const ct_analysis_t A)
{
    fmpz_t l, k, bound;
    fmpz_init_set_ui(l, 1);
    fmpz_init(k);
    fmpz_init(bound);
    for (slong i = 0; i < A->ninst; i++) {
        fmpz_set_si(k, A->inst_nscored[i]);
        fmpz_lcm(l, l, k);
    }
    fmpz_mul_si(bound, l, A->tie_unit);
    int ok = fmpz_fits_si(bound);
    *scale = ok ? fmpz_get_si(bound) : 1;
    fmpz_mul_si(bound, bound, A->ninst);
    ok = ok && fmpz_bits(bound) < 62;
    for (slong i = 0; ok && i < A->ninst; i++) {
        fmpz_fdiv_q_si(k, l, A->inst_nscored[i]);
        w[i] = fmpz_get_si(k);
    }
    fmpz_clear(l);
    fmpz_clear(k);
    fmpz_clear(bound);
    return ok;
}

/* max over places of sum_i sigma_i w_i cost_i(place); sg[i] = sigma_i = +-1,
   wd[e] = w_i * ev_delta[e] for the event's instance, base = w_i cost0_i. */
static slong rad_sup(const ct_analysis_t A, const slong *base, const slong *wd,
                     const slong *sg)
{
    slong v = 0;
    for (slong i = 0; i < A->ninst; i++)
        v += sg[i] * base[i];
    slong best = v;
    for (slong p = 1; p < A->nplaces; p++) {
        slong e1 = A->place_start[p + 1];
        for (slong e = A->place_start[p]; e < e1; e++)
            v += sg[A->ev_inst[e]] * wd[e];
        best = FLINT_MAX(best, v);
    }
    return best;
}

static ulong rad_next(ulong *state) /* splitmix64: a fixed, documented stream */
{
    ulong z = (*state += 0x9E3779B97F4A7C15UL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
    return z ^ (z >> 31);
}

/* The paper's counting route: at most n (n - 1) c (c - 1) / 2 breakpoints per
   instance (n - 1 sign changes per node and class pair), so m instances give
   at most N(m) = m n (n - 1) c (c - 1) + 3 loss vectors; Pdim is the largest d
   with 2^d <= N(d), and Massart's lemma gives R <= sqrt(2 ln N(m) / m). */
static void rad_pdim(ct_tune_t T, const ct_analysis_t A, slong n, slong c)
{
    double per = (double)n * (double)(n - 1) * (double)c * (double)(c - 1);
    slong d = 1;
    while (ldexp(1.0, (int)(d + 1)) <= (double)(d + 1) * per + 3.0)
        d++;
    T->rad.pdim = d;
    double m = (double)A->ninst, N = m * per + 3.0;
    T->rad.pdim_bound =
        2.0 * sqrt(2.0 * log(N) / m) + 3.0 * sqrt(log(2.0 / TUNE_DELTA) / (2.0 * m));
}

void ct_tune_rademacher(ct_tune_t T, slong draws, slong n, slong c)
{
    const ct_analysis_struct *A = T->train;
    slong m = A->ninst, scale;
    slong *w = flint_malloc(m * sizeof(slong));
    slong *sg = flint_malloc(m * sizeof(slong));
    if (!rad_weights(w, &scale, A)) {
        flint_free(w);
        flint_free(sg);
        return; /* rad.done stays 0: reported as not computed */
    }
    slong nev = A->place_start[A->nplaces];
    slong *wd = flint_malloc(FLINT_MAX(nev, 1) * sizeof(slong));
    slong *base = flint_malloc(m * sizeof(slong));
    for (slong e = 0; e < nev; e++)
        wd[e] = w[A->ev_inst[e]] * A->ev_delta[e];
    for (slong i = 0; i < m; i++)
        base[i] = w[i] * A->inst_cost0[i];
    fmpz_t sum;
    fmpz_init(sum);
    double sq = 0.0;
    T->rad.exact = m <= 20;
    T->rad.draws = T->rad.exact ? (slong)1 << m : draws;
    ulong state = 20261126;
    for (slong k = 0; k < T->rad.draws; k++) {
        for (slong i = 0; i < m; i++)
            sg[i] = (T->rad.exact ? (k >> i) & 1 : rad_next(&state) >> 63) ? 1 : -1;
        slong v = rad_sup(A, base, wd, sg);
        fmpz_add_si(sum, sum, v);
        double x = (double)v / ((double)scale * (double)m);
        sq += x * x;
    }
    fmpz_t den;
    fmpz_init_set_si(den, scale);
    fmpz_mul_si(den, den, m);
    fmpz_mul_si(den, den, T->rad.draws);
    fmpq_set_fmpz_frac(T->rad.value, sum, den);
    double mean = fmpq_get_d(T->rad.value), K = (double)T->rad.draws;
    double half = T->rad.exact ? 0.0 : 1.96 * sqrt(fmax(sq / K - mean * mean, 0.0) / K);
    T->rad.lo = mean - half;
    T->rad.hi = mean + half;
    T->rad.bound =
        2.0 * T->rad.hi + 3.0 * sqrt(log(2.0 / TUNE_DELTA) / (2.0 * (double)m));
    rad_pdim(T, A, n, c);
    T->rad.done = 1;
    fmpz_clear(sum);
    fmpz_clear(den);
    flint_free(w);
    flint_free(sg);
    flint_free(wd);
    flint_free(base);
}
