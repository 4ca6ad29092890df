/* signfn: per-node sign functions of a family whose signs are polynomials. */
#include "certune/signfn.h"

void signfn_init(signfn_t s, slong inst, slong node, slong truth, slong c)
{
    slong npairs = c * (c - 1) / 2;
    s->inst = inst;
    s->node = node;
    s->truth = truth;
    s->c = c;
    s->diff = flint_malloc(FLINT_MAX(npairs, 1) * sizeof(fmpz_poly_struct));
    for (slong p = 0; p < npairs; p++)
        fmpz_poly_init(s->diff + p);
}

void signfn_clear(signfn_t s)
{
    slong npairs = s->c * (s->c - 1) / 2;
    for (slong p = 0; p < npairs; p++)
        fmpz_poly_clear(s->diff + p);
    flint_free(s->diff);
}

slong signfn_argmax(const int *sgn, slong c)
{
    /* Scanning upwards and replacing only on a strict win gives ties to the
       smallest index, as numpy's argmax does. */
    slong best = 0;
    for (slong k = 1; k < c; k++)
        if (sgn[signfn_pair(best, k, c)] < 0)
            best = k;
    return best;
}

int signfn_is_scored(const instance_t inst, slong i, int score_all)
{
    return score_all == SIGNFN_EVERY_NODE || inst->held[i] >= 0 ||
           (score_all && inst->label[i] >= 0);
}

slong signfn_truth(const instance_t inst, slong i)
{
    return inst->held[i] >= 0 ? inst->held[i] : inst->label[i];
}
