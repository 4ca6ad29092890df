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

/* The sorted (neighbour, weight) list of node i, and its label class or -1,
   as a key: two nodes with equal keys are exchanged by an automorphism of
   (W, Y) (they are not adjacent: neither lists itself), so their rows of F
   are equal and so are all their functions. */
static ulong lscomp_key(slong *key, const ct_lssys_struct *S, slong i)
{
    slong len = 0, cls = -1;
    for (slong j = 0; j < S->nlab; j++)
        if (S->lab[j] == i)
            cls = S->cls[j];
    key[len++] = cls;
    for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
        slong a = S->col[e], w = (slong)S->w[e], t = len;
        while (t > 1 && key[t - 2] > a) /* insertion by neighbour */
            key[t] = key[t - 2], key[t + 1] = key[t - 1], t -= 2;
        key[t] = a, key[t + 1] = w;
        len += 2;
    }
    ulong h = (ulong)len;
    for (slong t = 0; t < len; t++)
        h = h * 1000003UL ^ (ulong)key[t];
    return h;
}

/* The node whose functions row node i shares: an unlabeled leaf i with
   neighbour u has x_i = alpha x_u in (I - alpha T) x = b (b_i = 0, T_iu = 1),
   so h_i = alpha h_u has h_u's signs on (0, 1); any other node is itself. */
static slong lscomp_carrier(const ct_lssys_struct *S, slong i)
{
    if (S->rowstart[i + 1] - S->rowstart[i] != 1)
        return i;
    for (slong j = 0; j < S->nlab; j++)
        if (S->lab[j] == i)
            return i;
    return S->col[S->rowstart[i]];
}

/* node[t] = the node searched for row t, same[t] = the first row whose
   searched node has t's key (t itself when none before). */
static void lscomp_twins(slong *same, slong *node, const ct_lssys_struct *S,
                         const slong *rows, slong nr)
{
    slong *off = flint_malloc((nr + 1) * sizeof(slong)), *keys;
    ulong *h = flint_malloc(FLINT_MAX(nr, 1) * sizeof(ulong));
    off[0] = 0;
    for (slong t = 0; t < nr; t++) {
        node[t] = lscomp_carrier(S, rows[t]);
        off[t + 1] = off[t] + 1 + 2 * (S->rowstart[node[t] + 1] - S->rowstart[node[t]]);
    }
    keys = flint_malloc(FLINT_MAX(off[nr], 1) * sizeof(slong));
    for (slong t = 0; t < nr; t++)
        h[t] = lscomp_key(keys + off[t], S, node[t]);
    for (slong t = 0; t < nr; t++) {
        slong len = off[t + 1] - off[t];
        same[t] = t;
        for (slong u = 0; u < t && same[t] == t; u++)
            if (same[u] == u && h[u] == h[t] && off[u + 1] - off[u] == len &&
                memcmp(keys + off[u], keys + off[t], len * sizeof(slong)) == 0)
                same[t] = u;
    }
    flint_free(off), flint_free(keys), flint_free(h);
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
