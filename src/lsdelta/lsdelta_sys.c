/* lsdelta_sys: delta's system (the component, its machine-integer matrix
   and factor, the (class, degree) groups) and each node's values (A^{-1}
   E)_i. at rising precision: the search's balls, lifted balls of 192, 384
   and 768 bits, then exact rationals (numeric lifting, lsdelta_nlift.c). */
#include <string.h>
#include <flint/fmpz_mat.h>
#include "lsdelta_internal.h"

static _Atomic long lsd_counts[3];

void _ct_lsdelta_count(int which)
{
    lsd_counts[which]++;
}

void ct_lsdelta_counts(long *rows, long *failed, long *exact)
{
    *rows = lsd_counts[0], *failed = lsd_counts[1], *exact = lsd_counts[2];
}

/* Groups in order of first appearance over the labeled nodes (the exact
   path's order, delta_solve.c), and each group's nodes. */
static void lsd_groups(ct_lsdelta_struct *S)
{
    slong m = S->m;
    S->grp = flint_malloc(m * sizeof(slong));
    S->gcls = flint_malloc(m * sizeof(slong));
    S->gbase = _fmpz_vec_init(m);
    S->ng = 0;
    for (slong j = 0; j < m; j++) {
        slong g = 0, d = S->M.deg[S->lab[j]];
        while (g < S->ng &&
               (S->gcls[g] != S->cls[j] || fmpz_cmp_si(S->gbase + g, d) != 0))
            g++;
        if (g == S->ng)
            S->gcls[g] = S->cls[j], fmpz_set_si(S->gbase + S->ng++, d);
        S->grp[j] = g;
    }
    S->gstart = flint_calloc(S->ng + 1, sizeof(slong));
    S->gidx = flint_malloc(m * sizeof(slong));
    for (slong j = 0; j < m; j++)
        S->gstart[S->grp[j] + 1]++;
    for (slong g = 0; g < S->ng; g++)
        S->gstart[g + 1] += S->gstart[g];
    slong *fill = flint_calloc(S->ng, sizeof(slong));
    for (slong j = 0; j < m; j++)
        S->gidx[S->gstart[S->grp[j]] + fill[S->grp[j]]++] = S->lab[j];
    flint_free(fill);
}

static int lsd_valid(slong n, slong nlab, const slong *lab, const slong *cls, slong nc,
                     const fmpq_t c)
{
    char *seen = flint_calloc(n, 1);
    int ok = n >= 2 && nlab >= 1 && nc >= 2 && fmpz_sgn(fmpq_numref(c)) > 0 &&
             fmpz_cmp(fmpq_numref(c), fmpq_denref(c)) < 0;
    for (slong j = 0; j < nlab && ok; j++) {
        ok = lab[j] >= 0 && lab[j] < n && !seen[lab[j]] && cls[j] >= 0 && cls[j] < nc;
        if (ok)
            seen[lab[j]] = 1;
    }
    flint_free(seen);
    return ok;
}

ct_lsdelta_struct *_ct_lsdelta_make(slong n, const slong *rowstart, const slong *col,
                                    const fmpz *w, slong nlab, const slong *lab,
                                    const slong *cls, slong nc, const fmpq_t c,
                                    slong sparse_min, const ct_lsroot_type_struct *T)
{
    if (!lsd_valid(n, nlab, lab, cls, nc, c))
        return NULL;
    ct_lsdelta_struct *S = flint_calloc(1, sizeof(ct_lsdelta_struct));
    S->head.refs = 1, S->head.type = T, S->head.n = n, S->head.c = nc;
    S->m = nlab, S->nnz = rowstart[n];
    S->rowstart = flint_malloc((n + 1) * sizeof(slong));
    memcpy(S->rowstart, rowstart, (n + 1) * sizeof(slong));
    S->col = flint_malloc(FLINT_MAX(S->nnz, 1) * sizeof(slong));
    memcpy(S->col, col, S->nnz * sizeof(slong));
    S->w = _fmpz_vec_init(FLINT_MAX(S->nnz, 1));
    _fmpz_vec_set(S->w, w, S->nnz);
    S->lab = flint_malloc(nlab * sizeof(slong));
    S->cls = flint_malloc(nlab * sizeof(slong));
    memcpy(S->lab, lab, nlab * sizeof(slong));
    memcpy(S->cls, cls, nlab * sizeof(slong));
    fmpq_init(S->cq);
    fmpq_set(S->cq, c);
    for (int v = 0; v < CT_LSROOT_LEVELS; v++) {
        S->lev[v] = flint_calloc(n, sizeof(arb_ptr));
        S->lfail[v] = flint_calloc(n, 1);
    }
    S->exact = flint_calloc(n, sizeof(fmpq *));
    if (ct_lsdelta_msys_init(&S->M, n, rowstart, col, w, c, sparse_min) != 0) {
        _ct_lsdelta_clear(&S->head);
        return NULL;
    }
    lsd_groups(S);
    return S;
}

void _ct_lsdelta_clear(ct_lsroot_sys_struct *H)
{
    ct_lsdelta_struct *S = _ct_lsdelta_of(H);
    slong n = S->head.n;
    for (int v = 0; v < CT_LSROOT_LEVELS; v++) {
        for (slong i = 0; i < n; i++)
            if (S->lev[v][i] != NULL)
                _arb_vec_clear(S->lev[v][i], S->ng);
        flint_free(S->lev[v]), flint_free(S->lfail[v]);
    }
    for (slong i = 0; i < n; i++)
        if (S->exact[i] != NULL)
            _fmpq_vec_clear(S->exact[i], S->ng);
    flint_free(S->exact), flint_free(S->fpow);
    ct_lsdelta_msys_clear(&S->M);
    flint_free(S->rowstart), flint_free(S->col), flint_free(S->lab), flint_free(S->cls);
    _fmpz_vec_clear(S->w, FLINT_MAX(S->nnz, 1));
    fmpq_clear(S->cq);
    flint_free(S->grp), flint_free(S->gcls), flint_free(S->gstart), flint_free(S->gidx);
    if (S->gbase != NULL)
        _fmpz_vec_clear(S->gbase, S->m);
    flint_free(S);
}

void ct_lsdelta_unref(ct_lsdelta_struct *S)
{
    ct_lsroot_sys_unref(S == NULL ? NULL : &S->head);
}

slong ct_lsdelta_groups(const slong **grp, const slong **gcls, const fmpz **gbase,
                        const slong **gstart, const slong **gidx,
                        const ct_lsdelta_struct *S)
{
    *grp = S->grp, *gcls = S->gcls, *gbase = S->gbase;
    *gstart = S->gstart, *gidx = S->gidx;
    return S->ng;
}

ct_lsdelta_msys_struct *ct_lsdelta_msys(ct_lsdelta_struct *S)
{
    return &S->M;
}

void ct_lsdelta_row_balls(arb_ptr x, const ct_lsdelta_struct *S, const double *X0,
                          const double *X1, mag_srcptr rmax, mag_srcptr rsum, slong i)
{
    slong n = S->head.n;
    arb_t t;
    mag_t e;
    arb_init(t), mag_init(e);
    for (slong g = 0; g < S->ng; g++) {
        arb_set_d(x + g, X0[g * n + i]);
        arb_set_d(t, X1[g * n + i]);
        arb_add(x + g, x + g, t, 128);
        mag_div_ui(e, rsum + g, (ulong)S->M.deg[i]);
        mag_min(e, e, rmax + g);
        arb_add_error_mag(x + g, e);
    }
    arb_clear(t), mag_clear(e);
}

/* Node i's values lifted to about 2^-bits (one column, e_i: A is symmetric,
   so its functionals over the groups' nodes are row i of A^{-1} E). */
static arb_ptr lsd_lift(ct_lsdelta_struct *S, slong i, slong bits)
{
    slong cs[2] = {0, 1}, ci[1] = {i};
    arb_ptr x = _arb_vec_init(S->ng);
    if (ct_lsdelta_nlift_balls(x, &S->M, cs, ci, 1, S->gstart, S->gidx, S->ng, bits) == 0)
        return x;
    _arb_vec_clear(x, S->ng);
    return NULL;
}

arb_srcptr _ct_lsdelta_level(ct_lsdelta_struct *S, int level, slong i)
{
    if (S->lev[level][i] == NULL && !S->lfail[level][i]) {
        /* level 0 is the search's; a system read back lifts it to 96 bits */
        S->lev[level][i] = lsd_lift(S, i, (96 << level) + 32);
        S->lfail[level][i] = S->lev[level][i] == NULL;
    }
    return S->lev[level][i];
}

/* Node i's values by FLINT's dense solve of A x = e_i (when the lifting
   does not contract: never seen; slow, but it cannot fail). */
static void lsd_exact_dense(fmpq *v, const ct_lsdelta_struct *S, slong i)
{
    slong n = S->head.n;
    fmpz_mat_t A, B, X;
    fmpz_t den;
    fmpz_mat_init(A, n, n), fmpz_mat_init(B, n, 1), fmpz_mat_init(X, n, 1);
    fmpz_init(den);
    for (slong j = 0; j < n; j++) {
        fmpz_set_si(fmpz_mat_entry(A, j, j), S->M.diag[j]);
        for (slong e = S->M.rowstart[j]; e < S->M.rowstart[j + 1]; e++)
            fmpz_set_si(fmpz_mat_entry(A, j, S->M.col[e]), -S->M.off[e]);
    }
    fmpz_one(fmpz_mat_entry(B, i, 0));
    fmpz_mat_solve(X, den, A, B); /* A is positive definite */
    for (slong g = 0; g < S->ng; g++) {
        fmpz_zero(fmpq_numref(v + g));
        for (slong t = S->gstart[g]; t < S->gstart[g + 1]; t++)
            fmpz_add(fmpq_numref(v + g), fmpq_numref(v + g),
                     fmpz_mat_entry(X, S->gidx[t], 0));
        fmpz_set(fmpq_denref(v + g), den);
        fmpq_canonicalise(v + g);
    }
    fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(X);
    fmpz_clear(den);
}

const fmpq *_ct_lsdelta_exact(ct_lsdelta_struct *S, slong i)
{
    if (S->exact[i] == NULL) {
        slong cs[2] = {0, 1}, ci[1] = {i};
        fmpq *v = _fmpq_vec_init(S->ng);
        if (ct_lsdelta_nlift(v, &S->M, cs, ci, 1, S->gstart, S->gidx, S->ng, NULL, NULL,
                             0) != 0)
            lsd_exact_dense(v, S, i);
        S->exact[i] = v;
    }
    return S->exact[i];
}

slong _ct_lsdelta_pair_terms(arb_ptr a, arb_ptr lb, const fmpz **base,
                             const ct_lsdelta_struct *S, arb_srcptr x, slong k, slong l,
                             slong prec)
{
    slong nt = 0;
    for (slong g = 0; g < S->ng; g++) {
        if (S->gcls[g] != k && S->gcls[g] != l)
            continue;
        slong t = 0;
        while (t < nt && !fmpz_equal(base[t], S->gbase + g))
            t++;
        if (t == nt) {
            base[nt] = S->gbase + g;
            arb_zero(a + nt);
            if (lb != NULL)
                arb_log_fmpz(lb + nt, S->gbase + g, prec);
            nt++;
        }
        if (S->gcls[g] == k)
            arb_add(a + t, a + t, x + g, prec);
        else
            arb_sub(a + t, a + t, x + g, prec);
    }
    return nt;
}
