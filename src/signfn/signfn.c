/* signfn: per-node sign functions of a family whose signs are polynomials. */
#include "certune/signfn.h"

void ct_signfn_init(ct_signfn_t s, slong inst, slong node, slong truth, slong c)
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

void ct_signfn_clear(ct_signfn_t s)
{
    slong npairs = s->c * (s->c - 1) / 2;
    for (slong p = 0; p < npairs; p++)
        fmpz_poly_clear(s->diff + p);
    flint_free(s->diff);
}

slong ct_signfn_argmax(const int *sgn, slong c)
{
    /* Scanning upwards and replacing only on a strict win gives ties to the
       smallest index, as numpy's argmax does. */
    slong best = 0;
    for (slong k = 1; k < c; k++)
        if (sgn[ct_signfn_pair(best, k, c)] < 0)
            best = k;
    return best;
}

int ct_signfn_is_scored(const ct_instance_t inst, slong i, int score_all)
{
    return score_all == CT_SIGNFN_EVERY_NODE || inst->held[i] >= 0 ||
           (score_all && inst->label[i] >= 0);
}

slong ct_signfn_truth(const ct_instance_t inst, slong i)
{
    return inst->held[i] >= 0 ? inst->held[i] : inst->label[i];
}
