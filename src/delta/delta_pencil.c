/* delta_pencil: a small component's sums at a huge c, from polynomials in c.

   With c = p / q of 10^5 digits (c = 1e-100000), Y = adj(q s D - p s W) E has
   entries of n times that size: the multimodular solve needed tens of
   thousands of primes (each reducing the huge diagonal, each in every
   output's CRT), and each sum's content a gcd of that size. Both are read off
   the polynomials instead: (s D - t s W) X = den E over Z[t] (small
   coefficients: ct_zadj_pencil_solve), so Y = sign(den(c)) q^k X(p / q) up to
   a positive factor, and a pair's terms merged by base as polynomials have
   values at p / q whose content the forms give (ct_zadj_forms_primitive). The
   sums are those of delta_node_sums, reduced (t-delta checks both paths). */
#include "certune/delta.h"
#include "certune/zadj.h"
#include "delta_internal.h"

int _ct_delta_pencil_pays(slong n, const fmpq_t c, slong max_nodes)
{
    return n <= ct_analysis_setting(max_nodes, CT_ZADJ_PENCIL_MAX) &&
           ct_zadj_pencil_pays(n, fmpq_numref(c), fmpq_denref(c));
}

int _ct_delta_pencil_solve(fmpz_poly_mat_t P, int *sd, const fmpz_mat_t A,
                           const delta_comp *C, const fmpq_t c)
{
    slong n = A->r;
    fmpz_mat_t A0, A1;
    fmpz_poly_t den;
    fmpz_mat_init(A0, n, n);
    fmpz_mat_init(A1, n, n);
    fmpz_poly_init(den);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            if (i == j)
                fmpz_set(fmpz_mat_entry(A0, i, i), C->deg + i);
            else
                fmpz_divexact(fmpz_mat_entry(A1, i, j), fmpz_mat_entry(A, i, j),
                              fmpq_numref(c));
    int ok = ct_zadj_pencil_solve(P, den, A0, A1, C->lab, C->grp, C->m);
    *sd = 0;
    if (ok) {
        ct_zadj_pow_t pw;
        ct_zadj_pow_init(pw, fmpq_numref(c), fmpq_denref(c), fmpz_poly_degree(den));
        *sd = ct_zadj_pow_sign(den, pw);
        ct_zadj_pow_clear(pw);
    }
    fmpz_mat_clear(A0);
    fmpz_mat_clear(A1);
    fmpz_poly_clear(den);
    return ok && *sd != 0;
}

/* The terms of pair (k, l): polynomials merged by base (+ for class k, - for
   l, times sd) into P[0 .. n) with bases base[0 .. n); returns n. */
static slong pencil_terms(fmpz_poly_struct *P, fmpz *base, const fmpz_poly_struct *xrow,
                          int sd, const delta_comp *C, slong k, slong l)
{
    slong n = 0;
    for (slong g = 0; g < C->ng; g++) {
        if (C->gcls[g] != k && C->gcls[g] != l)
            continue;
        const fmpz *b = C->deg + C->gpos[g];
        slong t = 0;
        while (t < n && !fmpz_equal(base + t, b))
            t++;
        if (t == n) {
            fmpz_poly_zero(P + n);
            fmpz_set(base + n++, b);
        }
        if ((C->gcls[g] == k) == (sd > 0))
            fmpz_poly_add(P + t, P + t, xrow + g);
        else
            fmpz_poly_sub(P + t, P + t, xrow + g);
    }
    return n;
}

void _ct_delta_pencil_sums(ct_signfn_struct *f, const fmpz_poly_struct *xrow, int sd,
                           const delta_comp *C, slong nc, const ct_zadj_pow_t pw)
{
    slong ng = FLINT_MAX(C->ng, 1);
    fmpz_poly_struct *P = flint_malloc(ng * sizeof(fmpz_poly_struct));
    fmpz *base = _fmpz_vec_init(ng), *coef = _fmpz_vec_init(ng);
    for (slong g = 0; g < ng; g++)
        fmpz_poly_init(P + g);
    for (slong k = 0; k < nc; k++)
        for (slong l = k + 1; l < nc; l++) {
            slong n = pencil_terms(P, base, xrow, sd, C, k, l);
            ct_zadj_forms_primitive(coef, P, n, pw);
            _ct_delta_set_reduced(f->diff.es + ct_signfn_pair(k, l, nc), coef, base, n,
                                  1);
        }
    for (slong g = 0; g < ng; g++)
        fmpz_poly_clear(P + g);
    flint_free(P);
    _fmpz_vec_clear(base, ng), _fmpz_vec_clear(coef, ng);
}
