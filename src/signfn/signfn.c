/* signfn: per-node sign functions of a family whose signs are polynomials. */
#include <flint/ulong_extras.h>
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

slong ct_signfn_tied(char *tied, const int *sgn, slong c)
{
    slong best = ct_signfn_argmax(sgn, c), t = 0;
    for (slong k = 0; k < c; k++) {
        int s =
            k == best
                ? 0
                : sgn[k < best ? ct_signfn_pair(k, best, c) : ct_signfn_pair(best, k, c)];
        if (tied != NULL)
            tied[k] = s == 0;
        t += s == 0;
    }
    return t;
}

slong ct_signfn_tie_unit(int ties, slong cmax)
{
    slong unit = 1;
    for (slong k = 2; ties == CT_SIGNFN_TIES_EXPECTED && k <= cmax; k++)
        unit = unit / n_gcd((ulong)unit, (ulong)k) * k;
    return unit;
}

slong ct_signfn_cost(const int *sgn, slong c, slong truth, int ties, slong unit)
{
    if (ties != CT_SIGNFN_TIES_EXPECTED)
        return ct_signfn_argmax(sgn, c) == truth ? 0 : unit;
    slong best = ct_signfn_argmax(sgn, c);
    if (truth < 0 || truth >= c)
        return unit;
    int s = truth == best ? 0
                          : sgn[truth < best ? ct_signfn_pair(truth, best, c)
                                             : ct_signfn_pair(best, truth, c)];
    if (s != 0)
        return unit; /* the true class is not among the tied maxima */
    return unit - unit / ct_signfn_tied(NULL, sgn, c);
}
