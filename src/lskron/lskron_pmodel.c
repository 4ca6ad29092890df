/* lskron_pmodel: a class model's release and, for the pencil's models
   (lskron_pencil.c), the coefficient of a node: its balls' radii as the
   header's struct states them. */
#include "lskron_internal.h"

void _ct_lskron_pmodel_free(_ct_lskron_pmodel *P, slong m)
{
    if (P == NULL)
        return;
    if (P->x != NULL)
        _arb_vec_clear(P->x, (P->J + 1) * m);
    flint_free(P->yh), flint_free(P->yl), flint_free(P->U);
    _mag_vec_clear(P->E, P->J + 1);
    flint_free(P);
}

void _ct_lskron_pencil_coef(arb_t v, const ct_lskron_struct *S,
                            const _ct_lskron_pmodel *P, slong i, slong j)
{
    slong q = S->pos[i], at = j * P->n + i;
    arf_t t;
    mag_t e;
    arf_init(t), mag_init(e);
    arb_set_d(v, P->yh[at]);
    arf_set_d(t, P->yl[at]);
    arf_add(arb_midref(v), arb_midref(v), t, ARF_PREC_EXACT, ARF_RND_DOWN);
    if (q < 0) {
        mag_set_d(e, S->zd[-1 - q]);
        arf_set_d(t, P->U[j]);
        arf_get_mag(arb_radref(v), t);
        mag_mul(arb_radref(v), arb_radref(v), e);
    }
    mag_add(arb_radref(v), arb_radref(v), P->E + j);
    arb_mul_2exp_si(v, v, -j * P->se);
    arf_clear(t), mag_clear(e);
}
