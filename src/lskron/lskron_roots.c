/* lskron_roots: the search's zeros in alpha as certified roots in lambda
   (ct_lsroot_roots unmaps them: lambda = rho (1 - alpha) / (scale alpha) is
   decreasing, so [lo, hi] in alpha becomes [lambda(hi), lambda(lo)] with the
   opposite sign at its left end), on disks of the covering of S's last
   search, narrowed with the 96-bit models. */
#include <math.h>
#include <stdatomic.h>
#include "certune/pool.h"
#include "lskron_internal.h"

/* x rounded to the covering's grid (multiples of 2^-50), down or up. */
static double kron_grid(double x, int up)
{
    double g = ldexp(x, 50);
    return ldexp(up ? ceil(g) : floor(g), -50);
}

/* The disk of covering disk d's zeros to narrow now (not wide): their hull
   (c', r') on the grid, when it lies in d's disk, off alpha = 0, and its
   models need at most 3/4 of d's terms (q' = kappa(c') r' <= 1/4); else d's
   own. Never for the pencil (its models are the search's, kept per disk). */
static ct_lsroot_disk_struct *kron_hull_disk(ct_lskron_struct *S, slong d,
                                             const ct_lsroot_zero_struct *z, slong nz,
                                             const char *wide)
{
    double c = S->cr[2 * d], r = S->cr[2 * d + 1], lo = 2, hi = -1;
    for (slong j = 0; j < nz; j++)
        if (z[j].disk == d && (wide == NULL || !wide[j]))
            lo = FLINT_MIN(lo, z[j].lo), hi = FLINT_MAX(hi, z[j].hi);
    if (c == 0 || hi < lo || _ct_lskron_pencil_on(S))
        return NULL;
    double ch = kron_grid(lo + (hi - lo) / 2, 0);
    double rh = kron_grid(FLINT_MAX(ch - lo, hi - ch) * (1 + 0x1p-8) + 0x1p-48, 1);
    double qh = _ct_lskron_kappa(S, ch) * rh, q = _ct_lskron_kappa(S, c) * r;
    if (!(ch - rh > 0 && ch - rh >= c - r && ch + rh <= c + r && qh <= 0.25) ||
        4 * ct_lsroot_terms(96, qh) > 3 * ct_lsroot_terms(96, q))
        return NULL;
    return ct_lsroot_disk_new(&S->head, ch, rh);
}

static _Atomic slong eig_keys = CT_LSKRON_EIG_KEYS;

void _ct_lskron_set_eig_keys(slong k)
{
    atomic_store(&eig_keys, k > 0 ? k : CT_LSKRON_EIG_KEYS);
}

/* Whether M's eigendecomposition pays for the narrowing of the zeros y not
   wide (disks 0 .. nd2): when they read at least m / CT_LSKRON_EIG_KEYS
   (disk, class) models. Calibrated on b-single n = 1600 (m = 320, 58 such
   models): the decomposition's path took 2.86 s, the models' 4.7 s; it
   also answers the later comparisons' signs, which the count misses. */
static int kron_eig_pays(const ct_lskron_struct *S, const ct_lsroot_zero_struct *y,
                         slong nz, const char *wide, slong nd2)
{
    slong c = S->head.c, keys = 0;
    char *seen = flint_calloc(FLINT_MAX(nd2 * c, 1), 1);
    for (slong j = 0; j < nz; j++) {
        if (wide != NULL && wide[j])
            continue;
        slong k[2] = {y[j].k, y[j].l};
        for (int e = 0; e < 2; e++)
            if (!seen[y[j].disk * c + k[e]])
                seen[y[j].disk * c + k[e]] = 1, keys++;
    }
    flint_free(seen);
    return atomic_load(&eig_keys) * keys >= S->m;
}

int ct_lskron_roots(ct_lsroot_struct **out, ct_lskron_struct *S, const char *wide,
                    const ct_lsroot_zero_struct *z, slong nz, char *over)
{
    *out = NULL;
    for (slong j = 0; j < nz; j++)
        if (!(z[j].lo > 0 && z[j].hi < 1) || z[j].disk < 0 || z[j].disk >= S->nd)
            return 1;
    /* disks[d]: covering disk d; disks[nd + d]: its hull disk, if any */
    slong nd = S->nd;
    ct_lsroot_disk_struct **disks = flint_calloc(FLINT_MAX(2 * nd, 1), sizeof(void *));
    ct_lsroot_zero_struct *y = flint_malloc(FLINT_MAX(nz, 1) * sizeof(*y));
    for (slong j = 0; j < nz; j++) {
        slong d = z[j].disk;
        if (disks[d] == NULL) {
            disks[d] = ct_lsroot_disk_new(&S->head, S->cr[2 * d], S->cr[2 * d + 1]);
            disks[nd + d] = kron_hull_disk(S, d, z, nz, wide);
        }
    }
    for (slong j = 0; j < nz; j++) { /* every zero inside a hull takes it */
        const ct_lsroot_disk_struct *H = disks[nd + z[j].disk];
        y[j] = z[j];
        if (H != NULL && z[j].lo >= H->c - H->r && z[j].hi <= H->c + H->r)
            y[j].disk = nd + z[j].disk;
    }
    if (nz > 0 && !_ct_lskron_pencil_on(S)) { /* on the calling thread's inner threads */
        _ct_lskron_hi_get(S, 0);
        slong *rows = flint_malloc(nz * sizeof(slong)), nrow = 0;
        for (slong j = 0; j < nz; j++) /* every zero's row (the wide ones' too: the
                                          overlaps narrow some), kept before the
                                          threads read them */
            rows[nrow++] = z[j].node;
        if (kron_eig_pays(S, y, nz, wide, 2 * nd))
            _ct_lskron_eig_get(S, rows, nrow);
        flint_free(rows);
    }
    ct_lsroot_roots_some(out, disks, y, nz, wide, ct_pool_inner_threads());
    for (slong d = 0; d < 2 * nd; d++)
        ct_lsroot_disk_unref(disks[d]);
    flint_free(disks), flint_free(y);
    if (!ct_lsroot_roots_settle(*out, nz, wide, ct_pool_inner_threads()))
        return 0;
    if (over != NULL) { /* the caller drops these zeros' rows */
        ct_lsroot_roots_overlapping(over, *out, nz);
        return 0;
    }
    for (slong j = 0; j < nz; j++)
        ct_lsroot_clear(*out + j);
    flint_free(*out);
    *out = NULL;
    return 1;
}
