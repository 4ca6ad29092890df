/* lsroot_relevant: which zeros of a search can be breakpoints. A zero of
   F_k - F_l changes a row's prediction only where k and l lead; when a third
   class j is above both over the zero's whole interval (the signs of (j, k)
   and (j, l) there read off the same search: sign right of 0, flipped at
   each zero before the interval, none inside it), the zero's place inside
   its interval changes no prediction and need not be narrowed now. A zero
   shared by several rows (same) counts for each of them. This only saves
   work: a zero left wide is still a certified root, narrowed by the oracle
   whenever a comparison or a decimal text asks for it. */
#include "certune/lsroot.h"

typedef struct {
    const ct_lsroot_zero_struct *z;
    const int *sign0;
    const slong *same;
    slong np, c;
    slong *off, *idx; /* zeros of entry e = t * np + p: idx[off[e] .. off[e + 1]) */
} lsrel_ctx;

/* F_a - F_b > 0 on all of [lo, hi] at row t, proved by the search's zeros. */
static int lsrel_above(const lsrel_ctx *X, slong t, slong a, slong b, double lo,
                       double hi)
{
    slong p = ct_lsroot_pair(FLINT_MIN(a, b), FLINT_MAX(a, b), X->c);
    slong e = t * X->np + p, lead = X->same[e] * X->np + p, before = 0;
    for (slong u = X->off[lead]; u < X->off[lead + 1]; u++) {
        const ct_lsroot_zero_struct *w = X->z + X->idx[u];
        if (w->hi < lo)
            before++;
        else if (w->lo <= hi)
            return 0; /* a zero of this pair may lie inside */
    }
    int s = X->sign0[e] * ((before & 1) ? -1 : 1); /* of F_min - F_max */
    return a < b ? s > 0 : s < 0;
}

/* Whether zero w leads nowhere at row t: some j is above both its classes. */
static int lsrel_dominated(const lsrel_ctx *X, slong t, const ct_lsroot_zero_struct *w)
{
    for (slong j = 0; j < X->c; j++)
        if (j != w->k && j != w->l && lsrel_above(X, t, j, w->k, w->lo, w->hi) &&
            lsrel_above(X, t, j, w->l, w->lo, w->hi))
            return 1;
    return 0;
}

void ct_lsroot_zeros_wide(char *wide, const ct_lsroot_zero_struct *z, slong nz,
                          const int *sign0, const slong *same, slong nr, slong c)
{
    slong np = c * (c - 1) / 2, ne = nr * np;
    lsrel_ctx X = {z,
                   sign0,
                   same,
                   np,
                   c,
                   flint_calloc(ne + 1, sizeof(slong)),
                   flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong))};
    slong *fill = flint_calloc(FLINT_MAX(ne, 1), sizeof(slong));
    for (slong j = 0; j < nz; j++)
        X.off[z[j].t * np + z[j].p + 1]++;
    for (slong e = 0; e < ne; e++)
        X.off[e + 1] += X.off[e];
    for (slong j = 0; j < nz; j++) { /* in z's order: each list sorted by lo */
        slong e = z[j].t * np + z[j].p;
        X.idx[X.off[e] + fill[e]++] = j;
    }
    /* the rows sharing entry e's function: e itself and every e' with
       same[e'] = t on the same pair */
    for (slong j = 0; j < nz; j++)
        wide[j] = lsrel_dominated(&X, z[j].t, z + j);
    for (slong e = 0; e < ne; e++) {
        slong t = e / np, p = e % np, lead = same[e] * np + p;
        if (same[e] == t)
            continue;
        for (slong u = X.off[lead]; u < X.off[lead + 1]; u++) {
            slong j = X.idx[u];
            if (wide[j] && !lsrel_dominated(&X, t, z + j))
                wide[j] = 0;
        }
    }
    flint_free(X.off), flint_free(X.idx), flint_free(fill);
}
