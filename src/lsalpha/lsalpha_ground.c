/* lsalpha_ground: a sparse certificate of mu > lambda_2(S), S = D^{-1/2} W
   D^{-1/2}, for graphs too large for the dense one (lsalpha_gap.c).

   Let N = D^{-1/2} (D - W) D^{-1/2}, whose eigenvalues are 1 - lambda_j(S),
   and N_v the matrix N without row and column v. Cauchy's interlacing gives
   lambda_min(N_v) <= lambda_2(N) = 1 - lambda_2(S), so lambda_2(S) < mu when
   N_v - (1 - mu) I is positive definite, that is when A = (mu D - W)_v is
   (congruent by D_v^{1/2}). A is a symmetric Z-matrix (off-diagonal entries
   -w_ij <= 0). If some x > 0 has A x > 0 entrywise, then X A X (X = diag(x))
   has nonpositive off-diagonal entries and row sums x_i (A x)_i > 0: it is
   strictly diagonally dominant with a positive diagonal, so positive
   definite (Gershgorin), and so is A. x is a floating solution of A x = 1
   (CHOLMOD); its signs are read off its doubles, and each (A x)_i is
   enclosed in Arb from the exact doubles. Memory: the factor's nonzeros.

   The bound is weaker than the dense certificate's: the vector D^{1/2} 1
   without v gives lambda_min(N_v) <= d_v / (vol - d_v), so v is a node of
   largest degree. Cora: 0.0033 against 1 - lambda_2(S) = 0.0048; PubMed
   0.0014 against 0.014; Amazon Photo 0.00134 against 0.00146. */
#include <math.h>
#include "certune/spchol.h"
#include "lsalpha_internal.h"

/* A node of largest degree (the first). */
static slong lsgr_node(const ct_lsalpha_struct *S)
{
    slong v = 0;
    for (slong i = 1; i < S->head.n; i++)
        if (S->deg[i] > S->deg[v])
            v = i;
    return v;
}

/* The index of node i != v in A. */
static inline slong lsgr_index(slong i, slong v)
{
    return i < v ? i : i - 1;
}

/* CHOLMOD's factor of A = (mu D - W)_v from its lower triangle, or NULL. */
static ct_spchol_struct *lsgr_factor(const ct_lsalpha_struct *S, slong v, double mu)
{
    slong n = S->head.n, t = 0, nnz = S->rowstart[n];
    slong *cp = flint_malloc(n * sizeof(slong));
    slong *ri = flint_malloc((n + nnz) * sizeof(slong));
    double *val = flint_malloc((n + nnz) * sizeof(double));
    for (slong j = 0; j < n; j++) {
        if (j == v)
            continue;
        slong jj = lsgr_index(j, v);
        cp[jj] = t, ri[t] = jj, val[t++] = mu * S->deg[j];
        for (slong e = S->rowstart[j]; e < S->rowstart[j + 1]; e++) {
            slong i = S->col[e];
            if (i == j)
                val[cp[jj]] -= S->w[e];
            else if (i > j && i != v)
                ri[t] = lsgr_index(i, v), val[t++] = -S->w[e];
        }
    }
    cp[n - 1] = t;
    ct_spchol_struct *F = ct_spchol_factor(n - 1, cp, ri, val);
    flint_free(cp), flint_free(ri), flint_free(val);
    return F;
}

/* Whether x > 0 off v and (A x)_i > 0 for every i != v (x[v] ignored). */
static int lsgr_check(const ct_lsalpha_struct *S, slong v, double mu, const double *x)
{
    arb_t acc, a, b;
    arb_init(acc), arb_init(a), arb_init(b);
    int ok = 1;
    for (slong i = 0; i < S->head.n && ok; i++) {
        if (i == v)
            continue;
        if (!(x[i] > 0))
            ok = 0;
        arb_set_d(acc, mu), arb_set_d(a, S->deg[i]), arb_mul(acc, acc, a, 128);
        arb_set_d(a, x[i]), arb_mul(acc, acc, a, 128);
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            if (S->col[e] != v)
                arb_set_d(a, S->w[e]), arb_set_d(b, x[S->col[e]]),
                    arb_submul(acc, a, b, 128);
        ok = ok && arb_is_positive(acc);
    }
    arb_clear(acc), arb_clear(a), arb_clear(b);
    return ok;
}

int _ct_lsalpha_gap_grounded(const ct_lsalpha_struct *S, int k)
{
    slong n = S->head.n, v = lsgr_node(S);
    double mu = 1 - ldexp(1.0, -k);
    if (n < 2)
        return 0;
    ct_spchol_struct *F = lsgr_factor(S, v, mu);
    if (F == NULL)
        return 0;
    double *b = flint_malloc((n - 1) * sizeof(double)),
           *x = flint_malloc(n * sizeof(double));
    for (slong i = 0; i < n - 1; i++)
        b[i] = 1;
    int ok = ct_spchol_solve(F, b, 1) == 0;
    for (slong i = 0; i < n && ok; i++)
        x[i] = i == v ? 0 : b[lsgr_index(i, v)];
    ok = ok && lsgr_check(S, v, mu, x);
    ct_spchol_free(F);
    flint_free(b), flint_free(x);
    return ok;
}

int _ct_lsalpha_ground_check(const ct_lsalpha_struct *S, int k, const double *x)
{
    return S->head.n >= 2 && lsgr_check(S, lsgr_node(S), 1 - ldexp(1.0, -k), x);
}
