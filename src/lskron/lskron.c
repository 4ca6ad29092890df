/* lskron: lambda's system: its release and the two variables, lambda (the
   roots') and alpha = rho / (scale lambda + rho) (the models'). */
#include "lskron_internal.h"

void _ct_lskron_hi_free(_ct_lskron_hi *X)
{
    if (X == NULL)
        return;
    if (X->H != NULL)
        _arb_vec_clear(X->H, X->nu * X->m);
    flint_free(X->fx);
    _mag_vec_clear(X->Hrs, FLINT_MAX(X->nu, 1));
    _mag_vec_clear(X->Herr, FLINT_MAX(X->nu, 1));
    _arb_vec_clear(X->K, X->m * X->m);
    flint_free(X->Kd);
    mag_clear(X->eps);
    flint_free(X);
}

void _ct_lskron_eig_free(_ct_lskron_eig *X)
{
    if (X == NULL)
        return;
    arb_mat_clear(X->Q);
    _arb_vec_clear(X->theta, X->m);
    _arb_vec_clear(X->ck, X->m * X->c);
    _mag_vec_clear(X->beta, X->c);
    _arb_vec_clear(X->sig, 2 * X->m + X->c);
    mag_clear(X->E);
    _arb_vec_clear(X->P, X->np * X->m);
    flint_free(X->prow), flint_free(X->thd);
    flint_free(X);
}

void _ct_lskron_pen_free(ct_lskron_struct *S)
{
    for (slong t = 0; S->pen != NULL && t < S->nd * S->head.c; t++)
        _ct_lskron_pmodel_free(S->pen[t], S->m);
    flint_free(S->pen);
    S->pen = NULL;
}

void _ct_lskron_clear(ct_lsroot_sys_struct *H)
{
    ct_lskron_struct *S = _ct_lskron_of(H);
    _ct_lskron_pen_free(S);
    flint_free(S->lab), flint_free(S->cls), flint_free(S->unl), flint_free(S->pos);
    flint_free(S->nlabk), flint_free(S->H), flint_free(S->Hrs), flint_free(S->Herr);
    flint_free(S->Hoff), flint_free(S->Hcol), flint_free(S->K), flint_free(S->Kabs);
    flint_free(S->Koff), flint_free(S->Kcol);
    flint_free(S->rowstart), flint_free(S->col), flint_free(S->w), flint_free(S->ncls);
    flint_free(S->zb), flint_free(S->zd), flint_free(S->deg), flint_free(S->cr);
    fmpz_clear(S->scale);
    _ct_lskron_lead_free(S->lead);
    _ct_lskron_eig_free(S->eig);
    _ct_lskron_luu_free(S->luu);
    for (int v = 0; v < CT_LSROOT_LEVELS; v++)
        _ct_lskron_hi_free(S->hi[v]);
    pthread_mutex_destroy(&S->hilock);
    flint_free(S);
}

void ct_lskron_unref(ct_lskron_struct *S)
{
    ct_lsroot_sys_unref(S == NULL ? NULL : &S->head);
}

slong ct_lskron_rho(const ct_lskron_struct *S)
{
    return (slong)S->rho;
}

void _ct_lskron_alpha(fmpq_t a, const ct_lskron_struct *S, const fmpq_t x)
{
    fmpq_t t;
    fmpq_init(t);
    fmpq_mul_fmpz(t, x, S->scale);
    fmpq_add_si(t, t, (slong)S->rho);
    fmpq_set_si(a, (slong)S->rho, 1);
    fmpq_div(a, a, t);
    fmpq_clear(t);
}

void _ct_lskron_lambda(fmpq_t x, const ct_lskron_struct *S, double alpha)
{
    arf_t a;
    fmpq_t t;
    arf_init(a), fmpq_init(t);
    arf_set_d(a, alpha);
    arf_get_fmpq(t, a);
    fmpq_set_si(x, 1, 1);
    fmpq_sub(x, x, t);
    fmpq_div(x, x, t);
    fmpq_mul_si(x, x, (slong)S->rho);
    fmpq_div_fmpz(x, x, S->scale);
    arf_clear(a), fmpq_clear(t);
}
