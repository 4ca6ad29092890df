/* evaluate_ball: the signs at one point from a floating solve with a proved
   bound per entry, before the exact solve (evaluate_exact.c), which decides
   every row whose signs are not proved here.

   The families' A (evaluate_solve.c) is a symmetric M-matrix, positive
   definite: A^{-1} >= 0 entrywise. With A~ = A 2^-k (entries below 1) and
   Z~ from the long double L D L^T (evaluate_ldl.c), the residual
   R = E - A~ Z~ is computed in balls from the exact A, and Z - Z~ = A~^{-1} R,
   so |Z - Z~| <= A~^{-1} r for r >= |R|. For any u~ with A~ u~ >= r / theta
   (checked in balls), A~^{-1} r <= theta u~, A~^{-1} being nonnegative. u~
   is a second floating solve, A~ u~ = r: the bound is then about the true
   error of each entry, however small the entry. Varah's bound used before
   (one number per component, 1 / min_i (A_ii - sum_j |A_ij|)) could not
   follow a solution decaying along the graph: on a 1500-node path at
   delta's c = 99/100 it proved |Z - Z~| <= 1.0e-13 everywhere while Z fell to
   1e-49 in the middle, so 151 of 214 scored rows, and with them the whole
   component, went to a dense exact solve (minutes); lambda's Laplacian rows
   have no margin at all. Here a row not proved goes alone to the exact
   solve. */
#include <math.h>
#include <string.h>
#include "certune/signfn.h"
#include "certune/spchol.h"
#include "evaluate_internal.h"

#define PREC CT_EVALUATE_PREC

/* 2^BALL_FLOOR_EXP: the least right-hand side of the bound's solve, within
   long double's normal range (2^-16382). */
#define BALL_FLOOR_EXP -16000

/* Components from this many nodes try CHOLMOD's factor in doubles first
   (supernodal, BLAS: far faster than the long-double LDL on large sparse
   graphs); the long-double LDL proves what doubles cannot (values below
   double's range on long paths). */
#define BALL_SPARSE_MIN 2000

static _Atomic slong ball_sparse_min = BALL_SPARSE_MIN;
static _Atomic long ball_sparse_stats[2]; /* settled in doubles, tried again */

void _ct_evaluate_ball_sparse_min(slong n)
{
    ball_sparse_min = n > 0 ? n : BALL_SPARSE_MIN;
}

void _ct_evaluate_ball_sparse_counts(long *settled, long *again)
{
    *settled = ball_sparse_stats[0], *again = ball_sparse_stats[1];
}

/* The scaled system: A~ = A 2^-k in long double and in balls, factored by
   the long-double LDL (F) or CHOLMOD in doubles (sp, when not NULL). */
typedef struct {
    slong n, k;
    long double *val, *w;
    arb_struct *aval;
    _ct_evaluate_ldl F;
    struct ct_spchol_struct *sp;
} ball_sys;

/* a 2^-k to long double's precision (0 below its range). */
static long double ball_ld_fmpz(const fmpz_t a, slong k)
{
    slong e;
    double m = fmpz_get_d_2exp(&e, a);
    return ldexpl((long double)m, (int)FLINT_MAX(FLINT_MIN(e - k, 40000), -40000));
}

/* x to long double's precision. */
static long double ball_ld_arf(const arf_t x)
{
    fmpz_t m, e;
    fmpz_init(m), fmpz_init(e);
    arf_get_fmpz_2exp(m, e, x);
    slong em;
    double d = fmpz_get_d_2exp(&em, m);
    slong ex = fmpz_fits_si(e) ? fmpz_get_si(e) : (fmpz_sgn(e) > 0 ? 40000 : -40000);
    fmpz_clear(m), fmpz_clear(e);
    return ldexpl((long double)d, (int)FLINT_MAX(FLINT_MIN(ex + em, 40000), -40000));
}

/* y = v exactly (v finite): the significand in chunks of 62 bits. */
static void ball_arf_ld(arf_t y, long double v)
{
    int ex;
    long double m = frexpl(v, &ex);
    arf_t t;
    arf_init(t);
    arf_zero(y);
    for (slong chunk = 1; m != 0 && chunk <= 4; chunk++) {
        long double hi = ldexpl(m, 62), ip = truncl(hi);
        arf_set_si(t, (slong)ip);
        arf_mul_2exp_si(t, t, ex - 62 * chunk);
        arf_add(y, y, t, ARF_PREC_EXACT, ARF_RND_DOWN);
        m = hi - ip; /* exact: the fraction below the chunk */
    }
    arf_clear(t);
}

/* CHOLMOD's factor of A~ in doubles (its lower triangle); NULL on failure. */
static struct ct_spchol_struct *ball_sys_sparse(const ball_sys *S,
                                                const _ct_evaluate_comp *K)
{
    slong n = S->n;
    slong *cp = flint_malloc((n + 1) * sizeof(slong));
    slong *ri = flint_malloc(FLINT_MAX(K->rowstart[n], 1) * sizeof(slong));
    double *v = flint_malloc(FLINT_MAX(K->rowstart[n], 1) * sizeof(double));
    _ct_evaluate_lower(cp, ri, v, K->rowstart, K->col, S->val, n);
    struct ct_spchol_struct *F = ct_spchol_factor(n, cp, ri, v);
    flint_free(cp), flint_free(ri), flint_free(v);
    return F;
}

/* x := A~^{-1} x with the system's factor (doubles or long double). */
static void ball_sys_solve(long double *x, const ball_sys *S)
{
    if (S->sp == NULL) {
        _ct_evaluate_ldl_solve(x, &S->F, S->w);
        return;
    }
    double *d = flint_malloc(S->n * sizeof(double));
    for (slong i = 0; i < S->n; i++)
        d[i] = (double)x[i];
    int rc = ct_spchol_solve(S->sp, d, 1);
    for (slong i = 0; i < S->n; i++)
        x[i] = rc == 0 ? (long double)d[i] : NAN; /* NAN: the bound fails */
    flint_free(d);
}

static int ball_sys_init(ball_sys *S, const _ct_evaluate_comp *K, int sparse)
{
    slong n = K->s, nnz = K->rowstart[n];
    S->n = n;
    S->k = 0;
    for (slong q = 0; q < nnz; q++)
        S->k = FLINT_MAX(S->k, (slong)fmpz_bits(K->val + q));
    S->val = flint_malloc(nnz * sizeof(long double));
    S->w = flint_malloc(n * sizeof(long double));
    S->aval = _arb_vec_init(nnz);
    for (slong q = 0; q < nnz; q++) {
        S->val[q] = ball_ld_fmpz(K->val + q, S->k);
        arb_set_round_fmpz(S->aval + q, K->val + q, PREC);
        arb_mul_2exp_si(S->aval + q, S->aval + q, -S->k);
    }
    memset(&S->F, 0, sizeof(S->F));
    S->sp = sparse ? ball_sys_sparse(S, K) : NULL;
    if (sparse)
        return S->sp != NULL;
    return _ct_evaluate_ldl_init(&S->F, K->rowstart, K->col, S->val, n);
}

static void ball_sys_clear(ball_sys *S, const _ct_evaluate_comp *K)
{
    if (S->sp != NULL)
        ct_spchol_free(S->sp);
    else
        _ct_evaluate_ldl_clear(&S->F);
    _arb_vec_clear(S->aval, K->rowstart[S->n]);
    flint_free(S->val), flint_free(S->w);
}

/* y = A~ x in balls, x taken exactly (n entries). */
static void ball_apply(arb_struct *y, const long double *x, const ball_sys *S,
                       const _ct_evaluate_comp *K)
{
    arf_t a;
    arb_t t;
    arf_init(a), arb_init(t);
    for (slong i = 0; i < S->n; i++) {
        arb_zero(y + i);
        for (slong q = K->rowstart[i]; q < K->rowstart[i + 1]; q++) {
            ball_arf_ld(a, x[K->col[q]]);
            arb_mul_arf(t, S->aval + q, a, PREC);
            arb_add(y + i, y + i, t, PREC);
        }
    }
    arf_clear(a), arb_clear(t);
}

/* theta >= max_i r_i / (A~ u)_i (r: upper bounds, n entries), the products in
   balls; 0 when some (A~ u)_i is not proved positive where r_i > 0 (or
   negative where r_i = 0), and those rows are flagged in bad. */
static int ball_theta(arf_t theta, char *bad, const arf_struct *r, const long double *u,
                      const ball_sys *S, const _ct_evaluate_comp *K)
{
    arb_struct *y = _arb_vec_init(S->n);
    arf_t lo, q;
    arf_init(lo), arf_init(q);
    ball_apply(y, u, S, K);
    arf_zero(theta);
    int ok = 1;
    for (slong i = 0; i < S->n; i++) {
        arb_get_lbound_arf(lo, y + i, PREC);
        bad[i] = arf_is_zero(r + i) ? arf_sgn(lo) < 0 : arf_sgn(lo) <= 0;
        ok &= !bad[i];
        if (bad[i] || arf_is_zero(r + i))
            continue;
        arf_div(q, r + i, lo, PREC, ARF_RND_UP);
        if (arf_cmp(q, theta) > 0)
            arf_set(theta, q);
    }
    arf_clear(lo), arf_clear(q);
    _arb_vec_clear(y, S->n);
    return ok;
}

/* err[i] >= |A~^{-1} r|_i for the upper bounds r (n entries): u~ solves
   A~ u~ = r~, r~ about r, raised when the check fails: everywhere to
   2^-50 sum_j |A~_ij u~_j| (a residual of 0, or below the rounding of
   (A~ u~)_i, cannot be checked), and more where it failed. Then
   err = theta u~. 0 when six tries fail. */
static int ball_majorant(mag_struct *err, const arf_struct *r, const ball_sys *S,
                         const _ct_evaluate_comp *K)
{
    slong n = S->n;
    long double *rh = flint_malloc(n * sizeof(long double)),
                *u = flint_malloc(n * sizeof(long double));
    char *bad = flint_malloc(n);
    arf_t theta, a;
    arf_init(theta), arf_init(a);
    /* u~_i >= r~_i / A~_ii >= r~_i (an M-matrix, A~_ii <= 1): a floor keeps
       u~ inside long double's range, and A~ u~ checkable, where r_i is 0 or
       below it (rows whose Z~ is that small stay undecided anyway) */
    for (slong i = 0; i < n; i++)
        rh[i] = FLINT_MAX(ball_ld_arf(r + i), ldexpl(1, BALL_FLOOR_EXP));
    int ok = 0;
    for (int tries = 0; !ok && tries < 6; tries++) {
        for (slong i = 0; i < n; i++)
            u[i] = rh[i];
        ball_sys_solve(u, S);
        int finite = 1; /* and u~ >= 0, which ball_m_matrix's proof needs */
        for (slong i = 0; finite && i < n; i++)
            finite = isfinite(u[i]) && u[i] >= 0;
        if (!finite)
            break;
        ok = ball_theta(theta, bad, r, u, S, K);
        for (slong i = 0; !ok && i < n; i++) { /* above the rounding of (A~ u~)_i */
            long double mag = 0;
            for (slong q = K->rowstart[i]; q < K->rowstart[i + 1]; q++)
                mag += fabsl(S->val[q] * u[K->col[q]]);
            rh[i] = FLINT_MAX(rh[i], ldexpl(mag, -50));
            if (bad[i])
                rh[i] = ldexpl(rh[i], 4 * (tries + 1));
        }
    }
    for (slong i = 0; ok && i < n; i++) {
        ball_arf_ld(a, u[i]);
        arf_mul(a, a, theta, PREC, ARF_RND_UP);
        arf_get_mag(err + i, a);
    }
    arf_clear(theta), arf_clear(a);
    flint_free(rh), flint_free(u), flint_free(bad);
    return ok;
}

/* Z~ (n x ng, row-major) and err (the same shape) with |Z - Z~| <= err for
   Z = A~^{-1} E. 0 when no bound is proved. */
static int ball_solve(long double *Z, mag_struct *err, const ball_sys *S,
                      const _ct_evaluate_comp *K)
{
    slong n = S->n, ng = K->ngroups;
    long double *x = flint_malloc(n * sizeof(long double));
    arb_struct *y = _arb_vec_init(n);
    arf_struct *r = flint_malloc(n * sizeof(arf_struct));
    mag_struct *eg = _mag_vec_init(n);
    for (slong i = 0; i < n; i++)
        arf_init(r + i);
    int ok = 1;
    for (slong g = 0; ok && g < ng; g++) {
        for (slong i = 0; i < n; i++)
            x[i] = K->group[i] == g;
        ball_sys_solve(x, S);
        for (slong i = 0; ok && i < n; i++)
            ok = isfinite(x[i]);
        if (!ok)
            break;
        ball_apply(y, x, S, K);
        for (slong i = 0; i < n; i++) { /* r = |E - A~ Z~| */
            arb_neg(y + i, y + i);
            arb_add_si(y + i, y + i, K->group[i] == g, PREC);
            arb_get_abs_ubound_arf(r + i, y + i, PREC);
            Z[i * ng + g] = x[i];
        }
        ok = ok && ball_majorant(eg, r, S, K);
        for (slong i = 0; ok && i < n; i++)
            mag_set(err + i * ng + g, eg + i);
    }
    for (slong i = 0; i < n; i++)
        arf_clear(r + i);
    flint_free(r), flint_free(x);
    _arb_vec_clear(y, n);
    _mag_vec_clear(eg, n);
    return ok;
}

/* The signs of member u's pairs from its balls; 0 when one is not proved.
   Classes without a group in the component have F = 0 exactly. */
static int ball_row_signs(int *sgn, const long double *Zu, const mag_struct *eu,
                          const _ct_evaluate_comp *K, slong c)
{
    arb_struct *F = _arb_vec_init(c);
    char *has = flint_calloc(c, 1);
    arb_t z;
    arb_init(z);
    for (slong g = 0; g < K->ngroups; g++) {
        ball_arf_ld(arb_midref(z), Zu[g]);
        mag_set(arb_radref(z), eu + g);
        arb_mul(z, z, K->gpow + g, PREC);
        arb_add(F + K->gclass[g], F + K->gclass[g], z, PREC);
        has[K->gclass[g]] = 1;
    }
    int ok = 1;
    for (slong k = 0; ok && k < c; k++)
        for (slong l = k + 1; ok && l < c; l++) {
            arb_sub(z, F + k, F + l, PREC);
            int sg = arb_is_positive(z) ? 1 : arb_is_negative(z) ? -1 : 0;
            ok = sg != 0 || (!has[k] && !has[l]); /* both absent: an exact tie */
            sgn[ct_signfn_pair(k, l, c)] = sg;
        }
    arb_clear(z);
    flint_free(has);
    _arb_vec_clear(F, c);
    return ok;
}

/* Whether A~ is proved a nonsingular M-matrix, A~^{-1} >= 0, the fact every
   bound here rests on: a positive diagonal and negative entries on the
   component's edges (a Z-matrix), and a v >= 0 with A~ v > 0 (v~ solving
   A~ v = 1, checked in balls). Then v > 0 (v_i = 0 would make (A~ v)_i <= 0),
   A~ diag(v) is a Z-matrix with positive row sums, strictly diagonally
   dominant, so its inverse is a convergent Neumann series of nonnegative
   matrices, and A~^{-1} = diag(v) (A~ diag(v))^{-1} >= 0.
   True for every family of the table; checked, so that no bound is drawn
   from a matrix it does not hold for. Then A~^{-1} 1 <= theta v~, and
   *inv_bits is set to bits with |A^{-1}_ij| <= (A^{-1} 1)_i <= 2^bits. */
static int ball_m_matrix(slong *inv_bits, const ball_sys *S, const _ct_evaluate_comp *K)
{
    slong n = S->n;
    int ok = 1;
    for (slong i = 0; ok && i < n; i++)
        for (slong q = K->rowstart[i]; ok && q < K->rowstart[i + 1]; q++)
            ok = fmpz_sgn(K->val + q) == (K->col[q] == i ? 1 : -1);
    arf_struct *one = flint_malloc(n * sizeof(arf_struct));
    mag_struct *v = _mag_vec_init(n);
    for (slong i = 0; i < n; i++)
        arf_init(one + i), arf_one(one + i);
    ok = ok && ball_majorant(v, one, S, K); /* A~ v~ >= 1 / theta > 0 */
    if (ok) {
        mag_t most;
        mag_init(most);
        for (slong i = 0; i < n; i++)
            mag_max(most, most, v + i);
        mag_mul_2exp_si(most, most, -S->k);
        *inv_bits = FLINT_MAX(0, mag_is_zero(most) ? 0 : (slong)MAG_EXP(most));
        mag_clear(most);
    }
    for (slong i = 0; i < n; i++)
        arf_clear(one + i);
    flint_free(one);
    _mag_vec_clear(v, n);
    return ok;
}

/* The signs with the factor of one kind; the number of undecided rows. */
static slong ball_signs_with(int *sgn, slong *und, slong *inv_bits,
                             const _ct_evaluate_comp *K, slong c, const char *want,
                             int sparse)
{
    slong n = K->s, ng = K->ngroups, npairs = c * (c - 1) / 2, nu = 0;
    ball_sys S;
    long double *Z = flint_malloc(FLINT_MAX(n * ng, 1) * sizeof(long double));
    mag_struct *err = _mag_vec_init(FLINT_MAX(n * ng, 1));
    *inv_bits = -1;
    int ok = ball_sys_init(&S, K, sparse) && ball_m_matrix(inv_bits, &S, K) &&
             ball_solve(Z, err, &S, K);
    for (slong u = 0; u < n; u++)
        if (want[K->idx[u]] && !(ok && ball_row_signs(sgn + K->idx[u] * npairs,
                                                      Z + u * ng, err + u * ng, K, c)))
            und[nu++] = u;
    ball_sys_clear(&S, K);
    _mag_vec_clear(err, FLINT_MAX(n * ng, 1));
    flint_free(Z);
    return nu;
}

slong _ct_evaluate_ball_signs(int *sgn, slong *und, slong *inv_bits,
                              const _ct_evaluate_comp *K, slong c, const char *want)
{
    /* doubles first on large components; anything they leave undecided is
       tried again in long double (the signs they proved stay proved: both
       runs prove every sign they give, and the second gives all of them) */
    if (K->s >= ball_sparse_min && ct_spchol_load(NULL, 0) == 0) {
        slong nu = ball_signs_with(sgn, und, inv_bits, K, c, want, 1);
        ball_sparse_stats[nu == 0 ? 0 : 1]++;
        if (nu == 0)
            return 0;
    }
    return ball_signs_with(sgn, und, inv_bits, K, c, want, 0);
}
