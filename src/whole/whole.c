/* whole: a dataset and a split as one instance, the scored nodes no label
   reaches, and the instance written with its provenance. */
#include <string.h>
#include "certune/component.h"
#include "certune/gen.h"
#include "certune/whole.h"

static int whole_scores(int score, signed char code)
{
    return score == CT_WHOLE_SCORE_ALL    ? code != CT_DATASET_TRAIN
           : score == CT_WHOLE_SCORE_TEST ? code == CT_DATASET_TEST
                                          : code == CT_DATASET_VAL;
}

int ct_whole_instance(ct_instance_t inst, const ct_dataset_t D, const signed char *codes,
                      int score, const char *name, char *err, size_t errlen)
{
    ct_gen_instance_init(inst, name, D->n, FLINT_MAX(D->nclass, 1), D->nedges);
    for (slong e = 0; e < D->nedges; e++) {
        inst->eu[e] = D->eu[e];
        inst->ev[e] = D->ev[e];
        fmpq_one(inst->ew + e);
    }
    slong nlab = 0, nscored = 0;
    for (slong i = 0; i < D->n; i++) {
        if (D->label[i] < 0)
            continue;
        if (codes[i] == CT_DATASET_TRAIN)
            inst->label[i] = D->label[i], nlab++;
        else if (whole_scores(score, codes[i]))
            inst->held[i] = D->label[i], nscored++;
    }
    if (nlab > 0 && nscored > 0)
        return 0;
    snprintf(err, errlen, "%s: the split has no %s node with a known class", name,
             nlab == 0 ? "training" : ct_whole_score_name(score));
    ct_instance_clear(inst);
    return -1;
}

void ct_whole_unreached(ct_whole_unreached_struct *U, const ct_instance_t inst)
{
    memset(U, 0, sizeof(*U));
    ct_component_index_t X;
    ct_component_index_init(X, inst);
    for (slong k = 0; k < X->ncomp; k++) {
        slong lab = 0, held = 0, zero = 0;
        for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++) {
            slong i = X->node[j];
            lab += inst->label[i] >= 0;
            held += inst->held[i] >= 0;
            zero += inst->held[i] == 0;
        }
        if (lab == 0 && held > 0) {
            U->comps++;
            U->nodes += held;
            U->class0 += zero;
        }
    }
    ct_component_index_clear(X);
}

int ct_whole_write(FILE *out, const ct_instance_t inst, const ct_dataset_t D,
                   const ct_whole_split_struct *S, slong k, int score)
{
    char split[96];
    ct_whole_split_struct one = *S;
    if (one.kind == CT_WHOLE_SPLIT_GEOM && one.index < 0)
        one.index = k;
    ct_whole_split_name(split, sizeof(split), &one);
    slong nlab = 0, nscored = 0;
    for (slong i = 0; i < inst->n; i++)
        nlab += inst->label[i] >= 0, nscored += inst->held[i] >= 0;
    fprintf(
        out,
        "%% certune instance: the whole graph of dataset %s, split %s, scored %s\n"
        "%% %ld nodes, %ld edges (weight 1; self-loops and repeated edges of the "
        "data dropped: %ld and %ld), %ld classes\n"
        "%% %ld training nodes labeled (l), %ld scored nodes held out (t)\n"
        "%% node map: node i here is node i - 1 of the dataset (0-based, its order)\n",
        D->name, split, ct_whole_score_name(score), (long)inst->n, (long)inst->nedges,
        (long)D->nloops, (long)D->ndups, (long)inst->c, (long)nlab, (long)nscored);
    int rc = ct_instance_write(inst, out);
    return rc || ferror(out) ? -1 : 0;
}
