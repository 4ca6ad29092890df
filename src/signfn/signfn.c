/* signfn: the sign-function container shared by the three families. */
#include <flint/ulong_extras.h>
#include "certune/mem.h"
#include "certune/signfn.h"

static void signfn_poly_init(void *f)
{
    fmpz_poly_init(f);
}

static void signfn_poly_clear(void *f)
{
    fmpz_poly_clear(f);
}

static void signfn_mqpoly_init(void *f)
{
    ct_mqpoly_init(f);
}

static void signfn_mqpoly_clear(void *f)
{
    ct_mqpoly_clear(f);
}

static void signfn_expsum_init(void *f)
{
    ct_expsum_init(f);
}

static void signfn_expsum_clear(void *f)
{
    ct_expsum_clear(f);
}

static void signfn_mqpoly_set(void *f, const void *g)
{
    ct_mqpoly_set(f, g);
}

static int signfn_mqpoly_normalize(void *f)
{
    return ct_mqpoly_normalize(f);
}

static int signfn_mqpoly_is_zero(const void *f)
{
    return ct_mqpoly_is_zero(f);
}

static int signfn_expsum_is_zero(const void *f)
{
    return ct_expsum_is_zero(f);
}

static void signfn_expsum_set(void *f, const void *g)
{
    ct_expsum_set(f, g);
}

static int signfn_expsum_normalize(void *f)
{
    return ct_expsum_normalize(f);
}

static ulong signfn_mqpoly_hash(const void *f)
{
    return ct_mqpoly_hash(f);
}

static int signfn_mqpoly_equal(const void *f, const void *g)
{
    return ct_mqpoly_equal(f, g);
}

static ulong signfn_expsum_hash(const void *f)
{
    return ct_expsum_hash(f);
}

static int signfn_expsum_equal(const void *f, const void *g)
{
    return ct_expsum_equal(f, g);
}

/* (lambda deduplicates through polyset, up to sign and content: no hash here) */
const ct_signfn_type_struct ct_signfn_type_poly = {sizeof(fmpz_poly_struct),
                                                   signfn_poly_init,
                                                   signfn_poly_clear,
                                                   NULL,
                                                   NULL,
                                                   NULL,
                                                   NULL,
                                                   NULL};
const ct_signfn_type_struct ct_signfn_type_mqpoly = {
    sizeof(ct_mqpoly_struct), signfn_mqpoly_init,      signfn_mqpoly_clear,
    signfn_mqpoly_set,        signfn_mqpoly_normalize, signfn_mqpoly_is_zero,
    signfn_mqpoly_hash,       signfn_mqpoly_equal};
const ct_signfn_type_struct ct_signfn_type_expsum = {
    sizeof(ct_expsum_struct), signfn_expsum_init,      signfn_expsum_clear,
    signfn_expsum_set,        signfn_expsum_normalize, signfn_expsum_is_zero,
    signfn_expsum_hash,       signfn_expsum_equal};

void ct_signfn_init(ct_signfn_t s, const ct_signfn_type_struct *type, slong inst,
                    slong node, slong truth, slong c)
{
    slong npairs = c * (c - 1) / 2;
    s->inst = inst;
    s->node = node;
    s->truth = truth;
    s->c = c;
    s->type = type;
    s->diff.any = flint_malloc(FLINT_MAX(npairs, 1) * type->size);
    for (slong p = 0; p < npairs; p++)
        type->init((char *)s->diff.any + p * type->size);
}

void ct_signfn_clear(ct_signfn_t s)
{
    slong npairs = s->c * (s->c - 1) / 2;
    for (slong p = 0; p < npairs; p++)
        s->type->clear((char *)s->diff.any + p * s->type->size);
    flint_free(s->diff.any);
}

ct_signfn_struct *ct_signfn_append(ct_signfn_struct **out, slong *count,
                                   const ct_signfn_type_struct *type, slong inst,
                                   slong node, slong truth, slong c)
{
    slong n = *count;
    *out = ct_mem_grow_flint(*out, n, sizeof(ct_signfn_struct));
    ct_signfn_init(*out + n, type, inst, node, truth, c);
    *count = n + 1;
    return *out + n;
}

void ct_signfn_append_unlabeled(ct_signfn_struct **out, slong *count,
                                const ct_signfn_type_struct *type,
                                const ct_instance_t inst, slong inst_idx,
                                const slong *nodes, slong size, int score_all,
                                ct_component_warn_struct *warn)
{
    ct_component_warn_unlabeled(warn, nodes[0], size);
    for (slong r = 0; r < size; r++)
        if (ct_signfn_is_scored(inst, nodes[r], score_all))
            ct_signfn_append(out, count, type, inst_idx, nodes[r],
                             ct_signfn_truth(inst, nodes[r]), inst->c);
}

void ct_signfn_vec_clear(ct_signfn_struct *s, slong count)
{
    for (slong i = 0; i < count; i++)
        ct_signfn_clear(s + i);
    flint_free(s);
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
