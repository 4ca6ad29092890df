/* pexpsum_rat: an event at a rational c decided exactly (docs/joint.md, "An
   exact test at a rational c"). At c = r, H(r, d) = sum_t a_t B_t^d with
   rational a_t = P_t(r). When every ratio B_t / B_0 (of every sum of the
   system) is an integer power rho^k_t of one rational rho > 1,
   H(r, d) = B_0^d Q(rho^d) with Q(s) = sum_t a_t s^k_t, and with s = rho^d
   (increasing in d) a vertical tangent H = dH/dd = 0 is a double root of Q
   (dH/dd = B_0^d (ln B_0 Q(s) + ln rho s Q'(s))), a crossing a common root
   of Q_f and Q_g: gcd questions over Z[s] (FLINT), roots isolated exactly
   (rroot). */
#include "certune/rroot.h"
#include "pexpsum_internal.h"

/* x = rho^k with rho not a perfect power (x > 1 rational). */
static void prim_root(fmpq_t rho, slong *k, const fmpq_t x)
{
    fmpz_t a, b;
    fmpz_init(a), fmpz_init(b);
    fmpq_set(rho, x), *k = 1;
    for (slong e = fmpz_bits(fmpq_numref(x)); e >= 2; e--)
        if (fmpz_root(a, fmpq_numref(x), e) && fmpz_root(b, fmpq_denref(x), e)) {
            fmpz_swap(fmpq_numref(rho), a), fmpz_swap(fmpq_denref(rho), b), *k = e;
            break;
        }
    fmpz_clear(a), fmpz_clear(b);
}

/* a[t] = P_t(r); the exponents k[t] of h's ratios B_t / B_u (u the first
   term with a[u] != 0; terms with a[t] = 0 vanish at r) in base rho (set by
   the first ratio met when rho is 0). Returns 0 when some ratio is no power
   of rho, or fewer than two terms remain (no isolated zero in d). */
static int exponents(slong *k, fmpq *a, fmpq_t rho, const ct_pexpsum_struct *h,
                     const fmpq_t r)
{
    fmpq_t x, y;
    fmpq_init(x), fmpq_init(y);
    slong u = -1, used = 0;
    int ok = 1;
    for (slong t = 0; ok && t < h->len; t++) {
        fmpz_poly_evaluate_fmpq(a + t, h->coef + t, r);
        k[t] = 0;
        if (fmpq_is_zero(a + t))
            continue;
        used++;
        if (u < 0) {
            u = t;
            continue;
        }
        fmpq_set_fmpz_frac(x, h->base + t, h->base + u);
        prim_root(y, k + t, x);
        if (fmpq_is_zero(rho))
            fmpq_set(rho, y);
        ok = fmpq_equal(rho, y);
    }
    fmpq_clear(x), fmpq_clear(y);
    return ok && used >= 2;
}

/* Q = the primitive integer multiple of sum_t a[t] s^k[t]. */
static void poly_at(fmpz_poly_t Q, const fmpq *a, const slong *k, slong len)
{
    fmpq_poly_t q;
    fmpq_t old;
    fmpq_poly_init(q), fmpq_init(old);
    for (slong t = 0; t < len; t++) {
        fmpq_poly_get_coeff_fmpq(old, q, k[t]);
        fmpq_add(old, old, a + t);
        fmpq_poly_set_coeff_fmpq(q, k[t], old);
    }
    fmpq_poly_get_numerator(Q, q);
    fmpz_poly_primitive_part(Q, Q);
    fmpq_poly_clear(q), fmpq_clear(old);
}

/* Where the root R of the polynomial in s lies, in d = log_rho(s), against
   [d0, d1] (and off the edge e when e >= 0): 1 inside, -1 outside, 0 not
   known at this width. */
static int root_vs(const ct_rroot_t R, const fmpq_t rho, const arf_t d0, const arf_t d1,
                   slong e)
{
    arb_t lr, a, b;
    arb_init(lr), arb_init(a), arb_init(b);
    const slong prec = 128;
    arb_set_fmpq(lr, rho, prec);
    arb_log(lr, lr, prec);
    arb_set_fmpq(a, R->lo, prec), arb_log(a, a, prec), arb_div(a, a, lr, prec);
    arb_set_fmpq(b, R->hi, prec), arb_log(b, b, prec), arb_div(b, b, lr, prec);
    arb_union(a, a, b, prec); /* d of the interval's ends: d is in the hull */
    arf_t lo, hi;
    arf_init(lo), arf_init(hi);
    arb_get_interval_arf(lo, hi, a, prec);
    int v = arf_cmp(hi, d0) < 0 || arf_cmp(lo, d1) > 0     ? -1
            : arf_cmp(lo, d0) >= 0 && arf_cmp(hi, d1) <= 0 ? 1
                                                           : 0;
    if (v == 1 && e >= 0 && arf_cmp_si(lo, e) <= 0 && arf_cmp_si(hi, e) >= 0)
        v = 0; /* on a held edge the system is H / (d - e): keep off it */
    arf_clear(lo), arf_clear(hi);
    arb_clear(lr), arb_clear(a), arb_clear(b);
    return v;
}

/* Whether some positive root of G lies (in d) in [d0, d1], off edge e. */
static int roots_in(const fmpz_poly_t G, const fmpq_t rho, const arf_t d0, const arf_t d1,
                    slong e)
{
    fmpz_poly_t g, dg;
    fmpz_poly_init(g), fmpz_poly_init(dg);
    fmpz_poly_derivative(dg, G);
    fmpz_poly_gcd(g, G, dg);
    fmpz_poly_div(g, G, g); /* squarefree */
    fmpz_poly_primitive_part(g, g);
    if (fmpz_sgn(fmpz_poly_lead(g)) < 0)
        fmpz_poly_neg(g, g);
    int found = 0;
    if (fmpz_poly_degree(g) >= 1) {
        ct_rroot_struct *R;
        slong n = ct_rroot_isolate_positive(&R, g);
        for (slong i = 0; i < n; i++) {
            int v = 0;
            for (int it = 0;
                 it < 200 && !found && (v = root_vs(R + i, rho, d0, d1, e)) == 0; it++)
                ct_rroot_bisect(R + i);
            found = found || v == 1;
            ct_rroot_clear(R + i);
        }
        flint_free(R);
    }
    fmpz_poly_clear(g), fmpz_poly_clear(dg);
    return found;
}

int _ct_pexpsum_zero_at_rational(const ct_pexpsum_struct *f, const ct_pexpsum_struct *g,
                                 const fmpq_t r, const _ct_pexpsum_box *own, slong e)
{
    slong nf = f->len, n = nf + (g != NULL ? g->len : 0);
    slong *k = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    fmpq *a = _fmpq_vec_init(FLINT_MAX(n, 1));
    fmpq_t rho;
    fmpq_init(rho);
    int ok =
        exponents(k, a, rho, f, r) && (g == NULL || exponents(k + nf, a + nf, rho, g, r));
    if (ok) {
        fmpz_poly_t Q, P, G;
        fmpz_poly_init(Q), fmpz_poly_init(P), fmpz_poly_init(G);
        poly_at(Q, a, k, nf);
        if (g == NULL)
            fmpz_poly_derivative(P, Q);
        else
            poly_at(P, a + nf, k + nf, n - nf);
        fmpz_poly_gcd(G, Q, P);
        ok = fmpz_poly_degree(G) >= 1 && roots_in(G, rho, &own->d0, &own->d1, e);
        fmpz_poly_clear(Q), fmpz_poly_clear(P), fmpz_poly_clear(G);
    }
    fmpq_clear(rho);
    _fmpq_vec_clear(a, FLINT_MAX(n, 1));
    flint_free(k);
    return ok;
}
