/* roots_sort: the exact sort of real algebraic numbers. */
#include <string.h>
#include "certune/rroot.h"

static void roots_merge(slong *dst, const slong *a, slong na, const slong *b, slong nb,
                        ct_rroot_struct *const *r)
{
    slong i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        dst[k++] = ct_rroot_cmp(r[b[j]], r[a[i]]) < 0 ? b[j++] : a[i++];
    while (i < na)
        dst[k++] = a[i++];
    while (j < nb)
        dst[k++] = b[j++];
}

void ct_rroot_sort_perm(slong *perm, ct_rroot_struct *const *r, slong n)
{
    for (slong k = 0; k < n; k++)
        perm[k] = k;
    if (n < 2)
        return;
    slong *tmp = flint_malloc(n * sizeof(slong));
    for (slong width = 1; width < n; width *= 2) {
        for (slong lo = 0; lo < n; lo += 2 * width) {
            slong mid = FLINT_MIN(lo + width, n), hi = FLINT_MIN(lo + 2 * width, n);
            roots_merge(tmp + lo, perm + lo, mid - lo, perm + mid, hi - mid, r);
        }
        memcpy(perm, tmp, n * sizeof(slong));
    }
    flint_free(tmp);
}
