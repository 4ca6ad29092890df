/* lsalpha_disk: the models on a disk of alpha's system. The search's model
   of every class and the LU live only while the component is searched and
   its zeros narrowed; a root keeps its disk, whose models are rebuilt on
   demand from the system. */
#include "lsalpha_internal.h"

void _ct_lsalpha_disk_init(ct_lsroot_disk_struct *D)
{
    _ct_lsalpha_disk *X = flint_calloc(1, sizeof(_ct_lsalpha_disk));
    slong c = D->sys->c;
    X->npairs = c * (c - 1) / 2;
    X->nkeys = X->npairs + c;
    X->lev2 = flint_calloc(FLINT_MAX(X->nkeys, 1), sizeof(_ct_lsalpha_model *));
    D->models = X;
}

void _ct_lsalpha_disk_release(ct_lsroot_disk_struct *D)
{
    _ct_lsalpha_disk *X = _ct_lsalpha_disk_of(D);
    _ct_lsalpha_model_free(X->lev1);
    X->lev1 = NULL;
    for (slong p = 0; p < X->nkeys; p++) {
        _ct_lsalpha_model_free(X->lev2[p]);
        X->lev2[p] = NULL;
    }
    _ct_lsalpha_lu_free(X->lu);
    X->lu = NULL;
}

void _ct_lsalpha_disk_clear(ct_lsroot_disk_struct *D)
{
    _ct_lsalpha_disk_release(D);
    flint_free(_ct_lsalpha_disk_of(D)->lev2);
    flint_free(D->models);
    D->models = NULL;
}
