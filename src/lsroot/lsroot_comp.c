/* lsroot_comp: the ball path for one component (ct_lsroot_component): the
   gap certificate, the covering, the level-1 models of every labeled class,
   and the search of every row's pairs (lsroot_isolate.c). */
#include <string.h>
#include "certune/pool.h"
#include "lsroot_internal.h"

static void lscomp_set_d(fmpq_t q, double x)
{
    arf_t a;
    arf_init(a);
    arf_set_d(a, x);
    arf_get_fmpq(q, a);
    arf_clear(a);
}

/* The certified roots of the zeros found. */
static void lscomp_roots(ct_lsroot_struct **out, slong **zrow, slong **zpair,
                         const _ct_lszero *z, slong nz, ct_lsdisk_struct **disks,
                         const slong *rows)
{
    *out = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_lsroot_struct));
    *zrow = flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong));
    *zpair = flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong));
    for (slong j = 0; j < nz; j++) {
        ct_lsroot_struct *r = *out + j;
        ct_lsroot_init(r);
        lscomp_set_d(r->lo, z[j].lo);
        lscomp_set_d(r->hi, z[j].hi);
        fmpq_set(r->ilo, r->lo);
        fmpq_set(r->ihi, r->hi);
        r->sign_lo = z[j].sign_lo;
        r->disk = _ct_lsdisk_ref(disks[z[j].disk]);
        r->row = rows[z[j].t];
        r->k = z[j].k, r->l = z[j].l;
        (*zrow)[j] = z[j].t;
        (*zpair)[j] = z[j].p;
    }
}

/* node[t] and same[t] for the alpha system S. */
static void lscomp_twins(slong *same, slong *node, const ct_lssys_struct *S,
                         const slong *rows, slong nr)
{
    slong *cls = flint_malloc(S->n * sizeof(slong));
    for (slong i = 0; i < S->n; i++)
        cls[i] = -1;
    for (slong j = 0; j < S->nlab; j++)
        cls[S->lab[j]] = S->cls[j];
    _ct_lsgraph G = {S->n, S->rowstart, S->col, S->w, cls};
    _ct_ls_twins(same, node, &G, rows, nr);
    flint_free(cls);
}

int ct_lsroot_component(int *sign0, slong *same, ct_lsroot_struct **out, slong **zrow,
                        slong **zpair, slong *nz, ct_lssys_struct *S, const slong *rows,
                        slong nr)
{
    *out = NULL, *zrow = *zpair = NULL, *nz = 0;
    if (_ct_lssys_certify_mu(S)) {
        _ct_lsroot_count(1);
        return 1;
    }
    slong nd, nv = 0;
    double *seg;
    ct_lsdisk_struct **disks = _ct_lsdisk_cover(&nd, &seg, S);
    _ct_lsrhs *v = flint_malloc(S->c * sizeof(_ct_lsrhs));
    for (slong k = 0; k < S->c; k++)
        if (S->nlabk[k] > 0)
            v[nv].k = k, v[nv++].l = -1;
    slong nth = ct_pool_inner_threads();
    _ct_lssys_weights(S); /* built before the threads read it */
    _ct_lsroot_build_level1(disks, nd, v, nv, nth);
    _ct_lszero *z = NULL;
    slong n0 = 0, *node = flint_malloc(FLINT_MAX(nr, 1) * sizeof(slong));
    lscomp_twins(same, node, S, rows, nr);
    int bad = _ct_lsroot_search(&z, &n0, sign0, disks, seg, nd, S, node, same, nr, nth);
    if (!bad) {
        lscomp_roots(out, zrow, zpair, z, n0, disks, node);
        _ct_lsroot_narrow(*out, n0, nth);
        *nz = n0;
    }
    for (slong m = 0; m < nd; m++) { /* the roots keep the disks, not their data */
        _ct_lsdisk_release(disks[m]);
        _ct_lsdisk_unref(disks[m]);
    }
    _ct_lssys_compact(S);
    flint_free(disks), flint_free(seg), flint_free(v), flint_free(z), flint_free(node);
    _ct_lsroot_count(bad ? 1 : 0);
    return bad;
}
