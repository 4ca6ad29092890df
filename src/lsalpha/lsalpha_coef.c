/* lsalpha_coef: what both model builders share (lsalpha_model.c in balls,
   lsalpha_fmodel.c in doubles): a class pair's right-hand side in balls,
   the bound 1 / (1 - c) and the store of a coefficient with its radius. */
#include "lsalpha_internal.h"

void _ct_lsalpha_model_rhs(arb_ptr y, arb_t pib, const ct_lsalpha_struct *S,
                           _ct_lsalpha_rhs v, int deflate, slong prec)
{
    arb_t s;
    arb_init(s);
    _arb_vec_zero(y, S->head.n);
    arb_zero(pib);
    for (slong j = 0; j < S->nlab; j++) {
        slong cl = S->cls[j], i = S->lab[j];
        if (cl != v.k && cl != v.l)
            continue;
        arb_set_d(s, S->deg[i]);
        if (deflate)
            arb_sqrt(s, s, prec); /* (D b)_i = sqrt(d_i) */
        else
            arb_rsqrt(s, s, prec); /* b_i = 1 / sqrt(d_i) */
        if (cl == v.l)
            arb_neg(s, s);
        arb_set(y + i, s);
        if (deflate)
            arb_add(pib, pib, s, prec);
    }
    if (deflate) {
        arb_div_ui(pib, pib, (ulong)S->vol, prec);
        for (slong i = 0; i < S->head.n; i++)
            arb_submul_ui(y + i, pib, (ulong)S->deg[i], prec);
    }
    arb_clear(s);
}

void _ct_lsalpha_model_store(_ct_lsalpha_model *M, const ct_lsalpha_struct *S, slong v,
                             slong j, arb_srcptr x, const double *xh, const double *xl,
                             const mag_t err)
{
    mag_t m, d;
    arf_t lo;
    mag_init(m), mag_init(d), arf_init(lo);
    for (slong i = 0; i < S->head.n; i++) {
        slong r = _ct_lsalpha_model_row(M, i);
        if (r < 0)
            continue;
        arb_ptr dst = M->coef + (v * M->n + r) * (M->J + 1) + j;
        if (x != NULL)
            arb_set(dst, x + i);
        else
            arb_set_d(dst, xh[i]);
        if (x == NULL && xl != NULL) { /* rounded at 128 bits: the radius grows */
            arf_set_d(lo, xl[i]);
            arb_add_arf(dst, dst, lo, 128);
        }
        mag_set_ui(m, (ulong)S->vol);
        mag_set_ui_lower(d, (ulong)S->deg[i]);
        mag_div(m, m, d);
        mag_sqrt(m, m);
        mag_mul(m, m, err);
        mag_add(arb_radref(dst), arb_radref(dst), m);
    }
    mag_clear(m), mag_clear(d), arf_clear(lo);
}

void _ct_lsalpha_model_inv1m(mag_t r, double x)
{
    arb_t a;
    arb_init(a);
    arb_set_d(a, x);
    arb_sub_ui(a, a, 1, 64);
    arb_neg(a, a);
    arb_inv(a, a, 64);
    arb_get_mag(r, a);
    arb_clear(a);
}
