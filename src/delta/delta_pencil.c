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

/* ---- a huge weight (docs/delta.md, "Huge weights") ----------------------- */

#define DELTA_WPENCIL_DIGIT_BITS 64
#define DELTA_WPENCIL_MAX_DIGITS 4
#define DELTA_WPENCIL_MAX_DEG 16

/* The entries of A in base H (B: n * n polynomials); 0 when a digit is large. */
static int wpencil_try_base(fmpz_poly_struct *B, const fmpz_mat_t A, const fmpz_t H)
{
    if (fmpz_bits(H) < 2 * DELTA_WPENCIL_DIGIT_BITS + 2)
        return 0;
    for (slong i = 0; i < A->r; i++)
        for (slong j = 0; j < A->c; j++)
            if (!ct_zadj_base_digits(B + i * A->c + j, fmpz_mat_entry(A, i, j), H,
                                     DELTA_WPENCIL_DIGIT_BITS, DELTA_WPENCIL_MAX_DIGITS))
                return 0;
    return 1;
}

/* H: the smallest weight of at least CT_ZADJ_PENCIL_BITS bits (off the
   diagonal, A holds -p w), else the gcd of those weights. */
static int wpencil_base(fmpz_poly_struct *B, fmpz_t H, const fmpz_mat_t A, const fmpz_t p)
{
    fmpz_t g, a;
    fmpz_init(g), fmpz_init(a);
    fmpz_zero(H);
    for (slong i = 0; i < A->r; i++)
        for (slong j = 0; j < A->c; j++) {
            fmpz_abs(a, fmpz_mat_entry(A, i, j));
            if (i == j || fmpz_bits(a) < CT_ZADJ_PENCIL_BITS)
                continue;
            fmpz_divexact(a, a, p);
            if (fmpz_is_zero(H) || fmpz_cmp(a, H) < 0)
                fmpz_set(H, a);
            if (fmpz_is_zero(g) || !fmpz_divisible(a, g))
                fmpz_gcd(g, g, a);
        }
    int ok = !fmpz_is_zero(H) && wpencil_try_base(B, A, H);
    if (!ok && !fmpz_is_zero(H) && wpencil_try_base(B, A, g))
        fmpz_set(H, g), ok = 1;
    fmpz_clear(g), fmpz_clear(a);
    return ok;
}

/* dt = sum_r k_r - min_r k_r (k_r: row r's largest t-degree). */
static slong wpencil_degree(const fmpz_poly_struct *B, slong n)
{
    slong sum = 0, low = WORD_MAX;
    for (slong i = 0; i < n; i++) {
        slong k = 0;
        for (slong j = 0; j < n; j++)
            k = FLINT_MAX(k, fmpz_poly_degree(B + i * n + j));
        sum += k, low = FLINT_MIN(low, k);
    }
    return sum - low;
}

/* Rows rows[0 .. nr) of adj(A(t)) E, interpolated from dt + 1 multimodular
   solves at t = 2^66 + i (every weight positive there), into P's rows. */
static void wpencil_solve(fmpz_poly_mat_t P, const fmpz_poly_struct *B, slong dt,
                          const delta_comp *C, const slong *rows, slong nr)
{
    slong n = C->size, np = dt + 1, len = nr * C->ng;
    fmpz *xs = _fmpz_vec_init(np), *ys = _fmpz_vec_init(np);
    fmpz_mat_struct *Y = flint_malloc(np * sizeof(fmpz_mat_struct));
    fmpz_mat_t Ax;
    fmpz_mat_init(Ax, n, n);
    for (slong i = 0; i < np; i++) {
        fmpz_one(xs + i);
        fmpz_mul_2exp(xs + i, xs + i, DELTA_WPENCIL_DIGIT_BITS + 2);
        fmpz_add_ui(xs + i, xs + i, i);
        for (slong a = 0; a < n; a++)
            for (slong b = 0; b < n; b++)
                fmpz_poly_evaluate_fmpz(fmpz_mat_entry(Ax, a, b), B + a * n + b, xs + i);
        fmpz_mat_init(Y + i, nr, C->ng);
        ct_delta_adj_rows(Y + i, Ax, C->lab, C->grp, C->m, C->ng, rows, nr, WORD_MAX);
    }
    for (slong idx = 0; idx < len; idx++) {
        slong r = idx / C->ng, g = idx % C->ng;
        for (slong i = 0; i < np; i++)
            fmpz_swap(ys + i, fmpz_mat_entry(Y + i, r, g));
        fmpz_poly_interpolate_fmpz_vec(fmpz_poly_mat_entry(P, rows[r], g), xs, ys, np);
    }
    for (slong i = 0; i < np; i++)
        fmpz_mat_clear(Y + i);
    flint_free(Y);
    fmpz_mat_clear(Ax);
    _fmpz_vec_clear(xs, np), _fmpz_vec_clear(ys, np);
}

int _ct_delta_weight_pencil(fmpz_poly_mat_t P, fmpz_t H, slong *dt, const fmpz_mat_t A,
                            const fmpz_t p, const delta_comp *C, const slong *rows,
                            slong nr, slong max_nodes)
{
    slong n = A->r;
    if (max_nodes < 0 || n > ct_analysis_setting(max_nodes, WORD_MAX) || n < 2)
        return 0;
    fmpz_poly_struct *B = flint_malloc(n * n * sizeof(fmpz_poly_struct));
    for (slong i = 0; i < n * n; i++)
        fmpz_poly_init(B + i);
    int ok =
        wpencil_base(B, H, A, p) && (*dt = wpencil_degree(B, n)) <= DELTA_WPENCIL_MAX_DEG;
    if (ok)
        wpencil_solve(P, B, *dt, C, rows, nr);
    for (slong i = 0; i < n * n; i++)
        fmpz_poly_clear(B + i);
    flint_free(B);
    return ok;
}
