/* lsdelta_root: delta's system as a root kind of lsroot (ct_lsdelta_type,
   kind "ld"), and ct_lsdelta_new. The roots' variable and the models' are both delta in
   [0, 1]. A pair's model on a disk (center c, radius r) is the Taylor polynomial of

       h(c + t) = sum_b a_b B_b^c e^{t ln B_b}

   (a_b its coefficients by base, balls at the level's precision): Q_j = sum_b
   a_b B_b^c (ln B_b)^j / j!, and with L >= ln B_b >= 0 (bases are integers >=
   1) and S = sum_b |a_b| B_b^c, the remainder after degree J is at most
   S (L r)^{J+1} / (J+1)! / (1 - L r / (J + 2)) and its derivative S L (L
   r)^J / J! / (1 - L r / (J + 1)). Nothing is kept on the disks: the
   node's values are the system's. Past 768 bits the exact values (numeric
   lifting) and the exact sign of the exponential sum (expsum.h). */
#include <math.h>
#include <string.h>
#include "certune/expsum.h"
#include "certune/qparse.h"
#include "lsdelta_internal.h"

ct_lsdelta_struct *ct_lsdelta_new(slong n, const slong *rowstart, const slong *col,
                                  const fmpz *w, slong nlab, const slong *lab,
                                  const slong *cls, slong nc, const fmpq_t c,
                                  slong sparse_min)
{
    return _ct_lsdelta_make(n, rowstart, col, w, nlab, lab, cls, nc, c, sparse_min,
                            &ct_lsdelta_type);
}

/* Degree J with (L r)^{J+1} / (J+1)! below 2^-bits (and J + 2 > 2 L r). */
static slong lsr_degree(double Lr, slong bits)
{
    double t = 1, lim = ldexp(1.0, (int)-FLINT_MIN(bits, 1000));
    slong j = 0;
    while (j < 4 * Lr + 4 || t > lim) {
        j++;
        t *= Lr / j;
        if (j > 100000)
            break;
    }
    return j;
}

/* tau = S x^{J+1} / (J+1)! / (1 - x / (J+2)), dtau = S L x^J / J! / (1 - x /
   (J+1)) for x = L r (upper bounds). */
static void lsr_tails(mag_t tau, mag_t dtau, const mag_t S, const mag_t L, const mag_t x,
                      slong J)
{
    mag_t p, f, one, q;
    mag_init(p), mag_init(f), mag_init(one), mag_init(q);
    mag_one(one);
    mag_pow_ui(p, x, J);
    mag_rfac_ui(f, J);
    mag_mul(dtau, p, f); /* x^J / J! */
    mag_mul(tau, dtau, x);
    mag_div_ui(tau, tau, J + 1);
    mag_div_ui(q, x, J + 2);
    mag_sub_lower(q, one, q);
    mag_div(tau, tau, q);
    mag_mul(tau, tau, S);
    mag_div_ui(q, x, J + 1);
    mag_sub_lower(q, one, q);
    mag_div(dtau, dtau, q);
    mag_mul(dtau, dtau, L);
    mag_mul(dtau, dtau, S);
    mag_clear(p), mag_clear(f), mag_clear(one), mag_clear(q);
}

/* P from the pair's values x on disk D at precision prec. */
static void lsr_poly(ct_lsroot_poly_struct *P, const ct_lsdelta_struct *S, arb_srcptr x,
                     slong k, slong l, const ct_lsroot_disk_struct *D, slong prec)
{
    slong ng = S->ng;
    arb_ptr a = _arb_vec_init(ng), lb = _arb_vec_init(ng);
    const fmpz **base = flint_malloc(ng * sizeof(fmpz *));
    slong nt = _ct_lsdelta_pair_terms(a, lb, base, S, x, k, l, prec);
    arb_t c, e, t;
    mag_t Sm, L, m, xr;
    arb_init(c), arb_init(e), arb_init(t);
    mag_init(Sm), mag_init(L), mag_init(m), mag_init(xr);
    arb_set_d(c, D->c);
    for (slong b = 0; b < nt; b++) { /* a_b B_b^c, and S, L */
        arb_mul(e, lb + b, c, prec);
        arb_exp(e, e, prec);
        arb_mul(a + b, a + b, e, prec);
        arb_get_mag(m, a + b);
        mag_add(Sm, Sm, m);
        arb_get_mag(m, lb + b);
        mag_max(L, L, m);
    }
    mag_set_d(m, D->r);
    mag_mul(xr, L, m);
    slong J = lsr_degree(mag_get_d(xr), prec);
    P->c = D->c, P->r = D->r, P->shift = 0, P->len = J + 1;
    P->Q = _arb_vec_init(J + 1);
    mag_init(P->tau), mag_init(P->dtau);
    /* Q_j = (sum_b a_b B_b^c (ln B_b)^j) / j!: one dot product per j over the
       powers p_b = (ln B_b)^j, kept from one j to the next */
    arb_ptr p = _arb_vec_init(nt);
    for (slong b = 0; b < nt; b++)
        arb_one(p + b);
    arb_one(t); /* 1 / j! */
    for (slong j = 0; j <= J; j++) {
        arb_dot(P->Q + j, NULL, 0, a, 1, p, 1, nt, prec);
        arb_mul(P->Q + j, P->Q + j, t, prec);
        arb_div_ui(t, t, (ulong)(j + 1), prec);
        for (slong b = 0; b < nt && j < J; b++)
            arb_mul(p + b, p + b, lb + b, prec);
    }
    _arb_vec_clear(p, nt);
    lsr_tails(P->tau, P->dtau, Sm, L, xr, J);
    arb_clear(c), arb_clear(e), arb_clear(t);
    mag_clear(Sm), mag_clear(L), mag_clear(m), mag_clear(xr);
    _arb_vec_clear(a, ng), _arb_vec_clear(lb, ng);
    flint_free(base);
}

static int lsr_pair_poly(ct_lsroot_poly_struct *P, slong *prec, ct_lsroot_disk_struct *D,
                         int level, slong row, slong k, slong l)
{
    if (level < 0)
        return 1; /* the search's values are level 0 */
    ct_lsdelta_struct *S = _ct_lsdelta_of(D->sys);
    arb_srcptr x = _ct_lsdelta_level(S, level, row);
    if (x == NULL)
        return -1;
    *prec = (96 << level) + 64;
    lsr_poly(P, S, x, k, l, D, *prec);
    return 0;
}

static slong lsr_keys(slong *key, const ct_lsroot_sys_struct *S, slong k, slong l)
{
    (void)key, (void)S, (void)k, (void)l;
    return 0; /* nothing to build per disk */
}

static void lsr_build(ct_lsroot_disk_struct *D, int level, slong k, slong l, slong key)
{
    (void)D, (void)level, (void)k, (void)l, (void)key;
}

static int lsr_map(fmpq_t a, const ct_lsroot_sys_struct *S, const fmpq_t x)
{
    (void)S;
    if (fmpz_sgn(fmpq_numref(x)) < 0 || fmpz_cmp(fmpq_numref(x), fmpq_denref(x)) > 0)
        return 0;
    fmpq_set(a, x);
    return 1;
}

static void lsr_unmap(fmpq_t x, const ct_lsroot_sys_struct *S, double a)
{
    (void)S;
    arf_t t;
    arf_init(t);
    arf_set_d(t, a);
    arf_get_fmpq(x, t);
    arf_clear(t);
}

/* The sign of sum over the pair's groups of +-v_g B_g^x with the exact
   values v (times their common denominator: integers; ct_expsum_set_terms
   merges the groups of one base). */
static int lsr_sign_exact(const ct_lsroot_sys_struct *H, slong row, slong k, slong l,
                          const fmpq_t x)
{
    ct_lsdelta_struct *S = _ct_lsdelta_of((ct_lsroot_sys_struct *)H);
    const fmpq *v = _ct_lsdelta_exact(S, row);
    _ct_lsdelta_count(2);
    fmpz *coef = _fmpz_vec_init(S->ng), *base = _fmpz_vec_init(S->ng);
    fmpz_t D;
    fmpz_init_set_ui(D, 1);
    for (slong g = 0; g < S->ng; g++)
        fmpz_lcm(D, D, fmpq_denref(v + g));
    slong nt = 0;
    for (slong g = 0; g < S->ng; g++)
        if (S->gcls[g] == k || S->gcls[g] == l) {
            fmpz_divexact(coef + nt, D, fmpq_denref(v + g));
            fmpz_mul(coef + nt, coef + nt, fmpq_numref(v + g));
            if (S->gcls[g] == l)
                fmpz_neg(coef + nt, coef + nt);
            fmpz_set(base + nt++, S->gbase + g);
        }
    ct_expsum_t h;
    ct_expsum_init(h);
    ct_expsum_set_terms(h, coef, base, nt);
    int s = ct_expsum_sign_fmpq(h, x);
    ct_expsum_clear(h);
    _fmpz_vec_clear(coef, S->ng), _fmpz_vec_clear(base, S->ng);
    fmpz_clear(D);
    return s;
}

/* Equal graphs, weights, labels and c. */
static int lsr_equal(const ct_lsroot_sys_struct *A, const ct_lsroot_sys_struct *B)
{
    const ct_lsdelta_struct *S = _ct_lsdelta_const(A), *T = _ct_lsdelta_const(B);
    slong n = S->head.n, nnz = S->nnz;
    return T->head.n == n && T->head.c == S->head.c && T->m == S->m && T->nnz == nnz &&
           fmpq_equal(S->cq, T->cq) &&
           !memcmp(S->rowstart, T->rowstart, (n + 1) * sizeof(slong)) &&
           !memcmp(S->col, T->col, nnz * sizeof(slong)) &&
           _fmpz_vec_equal(S->w, T->w, nnz) &&
           !memcmp(S->lab, T->lab, S->m * sizeof(slong)) &&
           !memcmp(S->cls, T->cls, S->m * sizeof(slong));
}

/* The component (ct_lsroot_write_graph: weights below 2^40, exact as
   doubles), the labels and c. */
static void lsr_write(FILE *f, const ct_lsroot_sys_struct *H)
{
    const ct_lsdelta_struct *S = _ct_lsdelta_const(H);
    double *w = flint_malloc(FLINT_MAX(S->nnz, 1) * sizeof(double));
    for (slong e = 0; e < S->nnz; e++)
        w[e] = fmpz_get_d(S->w + e);
    ct_lsroot_write_graph(f, S->head.n, S->head.c, S->rowstart, S->col, w);
    flint_free(w);
    fprintf(f, " %ld", (long)S->m);
    for (slong j = 0; j < S->m; j++)
        fprintf(f, " %ld %ld", (long)S->lab[j], (long)S->cls[j]);
    fputc(' ', f);
    fmpq_fprint(f, S->cq);
}

static ct_lsroot_sys_struct *lsr_read(const char **s)
{
    ct_lsroot_tgraph_struct G;
    ct_lsdelta_struct *S = NULL;
    fmpq_t c;
    fmpq_init(c);
    if (!ct_lsroot_tgraph_read(&G, s) && !ct_qparse_tok_fmpq(c, s))
        S = _ct_lsdelta_make(G.n, G.rowstart, G.col, G.w, G.m, G.lab, G.cls, G.c, c, 2,
                             &ct_lsdelta_type);
    ct_lsroot_tgraph_clear(&G);
    fmpq_clear(c);
    return S == NULL ? NULL : &S->head;
}

static void lsr_disk_init(ct_lsroot_disk_struct *D)
{
    D->models = NULL;
}

static void lsr_disk_clear(ct_lsroot_disk_struct *D)
{
    D->models = NULL;
}

const ct_lsroot_type_struct ct_lsdelta_type = {.family = "delta",
                                               .trim = 1, /* as the exact path's */
                                               .slot = CT_LSROOT_SLOT_DELTA,
                                               .map = lsr_map,
                                               .unmap = lsr_unmap,
                                               .pair_poly = lsr_pair_poly,
                                               .keys = lsr_keys,
                                               .build = lsr_build,
                                               .sign_exact = lsr_sign_exact,
                                               .equal = lsr_equal,
                                               .write = lsr_write,
                                               .read = lsr_read,
                                               .disk_init = lsr_disk_init,
                                               .disk_clear = lsr_disk_clear,
                                               .clear = _ct_lsdelta_clear};
