/* lskron_roots: the search's zeros in alpha as certified roots in lambda
   (ct_lsroot_roots unmaps them: lambda = rho (1 - alpha) / (scale alpha) is
   decreasing, so [lo, hi] in alpha becomes [lambda(hi), lambda(lo)] with the
   opposite sign at its left end), on disks of the covering of S's last
   search, narrowed with the 96-bit models. */
#include "certune/pool.h"
#include "lskron_internal.h"

int ct_lskron_roots(ct_lsroot_struct **out, ct_lskron_struct *S, const char *wide,
                    const ct_lsroot_zero_struct *z, slong nz)
{
    *out = NULL;
    for (slong j = 0; j < nz; j++)
        if (!(z[j].lo > 0 && z[j].hi < 1) || z[j].disk < 0 || z[j].disk >= S->nd)
            return 1;
    ct_lsroot_disk_struct **disks = flint_calloc(FLINT_MAX(S->nd, 1), sizeof(void *));
    for (slong j = 0; j < nz; j++) {
        slong d = z[j].disk;
        if (disks[d] == NULL)
            disks[d] = ct_lsroot_disk_new(&S->head, S->cr[2 * d], S->cr[2 * d + 1]);
    }
    if (nz > 0 && !_ct_lskron_pencil_on(S)) /* on the calling thread's inner threads */
        _ct_lskron_hi_get(S, 0);
    ct_lsroot_roots_some(out, disks, z, nz, wide, ct_pool_inner_threads());
    for (slong d = 0; d < S->nd; d++)
        ct_lsroot_disk_unref(disks[d]);
    flint_free(disks);
    if (!ct_lsroot_roots_settle(*out, nz, wide, ct_pool_inner_threads()))
        return 0;
    for (slong j = 0; j < nz; j++)
        ct_lsroot_clear(*out + j);
    flint_free(*out);
    *out = NULL;
    return 1;
}
