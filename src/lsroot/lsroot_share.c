/* lsroot_share: both rules of shared functions (lsroot_blocks.c,
   lsroot_rank1.c) set up once per component and applied per class pair, as
   lambda's and alpha's row assignments use them. */
#include "certune/lsroot.h"

void ct_lsroot_share_init(ct_lsroot_share_struct *X, slong *hang,
                          const ct_lsroot_graph_struct *G, const slong *rows, slong nr)
{
    slong any = 0;
    X->in_t = flint_malloc(FLINT_MAX(G->n, 1));
    ct_lsroot_blocks_init(&X->B, G);
    for (slong i = 0; i < G->n; i++)
        X->in_t[i] = G->cls[i] >= 0, any |= G->cls[i] >= 0;
    if (any) /* label-free hanging parts */
        ct_lsroot_blocks_carriers(hang, &X->B, G, X->in_t);
    else
        for (slong i = 0; i < G->n; i++)
            hang[i] = i;
    /* the cut vertices of the parts hanging off the largest block, labels or
       not: seeds of the rank-one parts too (a scored row's part may be label
       free for the pairs its labels miss) */
    slong *att = flint_malloc(FLINT_MAX(G->n, 1) * sizeof(slong));
    slong big = ct_lsroot_blocks_largest(&X->B);
    for (slong i = 0; i < G->n; i++)
        X->in_t[i] = 0;
    for (slong t = X->B.nb > 0 ? X->B.boff[big] : 0;
         X->B.nb > 0 && t < X->B.boff[big + 1]; t++)
        X->in_t[X->B.bnode[t]] = 1;
    if (X->B.nb > 0 && G->n > 0)
        ct_lsroot_blocks_carriers(att, &X->B, G, X->in_t);
    else
        for (slong i = 0; i < G->n; i++)
            att[i] = i;
    ct_lsroot_parts_init(&X->Q, G, rows, nr, hang, att);
    flint_free(att);
}

void ct_lsroot_share_carriers(slong *carrier, ct_lsroot_share_struct *X,
                              const ct_lsroot_graph_struct *G, slong k, slong l)
{
    slong any_k = 0, any_l = 0;
    for (slong i = 0; i < G->n; i++) {
        X->in_t[i] = G->cls[i] == k || G->cls[i] == l;
        any_k |= G->cls[i] == k, any_l |= G->cls[i] == l;
    }
    if (!any_k || !any_l) {
        for (slong i = 0; i < G->n; i++)
            carrier[i] = i;
        return;
    }
    ct_lsroot_blocks_carriers(carrier, &X->B, G, X->in_t);
    ct_lsroot_parts_carriers(carrier, &X->Q, G, k, l);
}

void ct_lsroot_share_clear(ct_lsroot_share_struct *X)
{
    ct_lsroot_blocks_clear(&X->B);
    ct_lsroot_parts_clear(&X->Q);
    flint_free(X->in_t);
}

slong ct_lsroot_rows_leave(char *failed, slong *same, slong nr, slong np,
                           const ct_lsroot_zero_struct *z, const char *over, slong nz)
{
    slong left = 0;
    for (slong j = 0; over != NULL && j < nz; j++)
        failed[z[j].t] |= over[j];
    for (int more = 1; more;) { /* same[] names earlier rows: about two passes */
        more = 0;
        for (slong t = 0; t < nr; t++)
            for (slong p = 0; p < np; p++) {
                slong r = same[t * np + p];
                more |= failed[r] != failed[t];
                failed[r] = failed[t] = failed[r] | failed[t];
            }
    }
    for (slong t = 0; t < nr; t++) {
        for (slong p = 0; failed[t] && p < np; p++)
            same[t * np + p] = t;
        left += failed[t];
    }
    return left;
}
