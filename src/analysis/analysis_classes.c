/* ct_analysis_compact_classes: the classes an instance's analysis needs. With
   `p gssl 4 1000000` every node would otherwise carry c(c-1)/2 class pairs. */
#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/mem.h"
#include "certune/signfn.h"

static int classes_cmp(const void *a, const void *b)
{
    slong x = *(const slong *)a, y = *(const slong *)b;
    return (x > y) - (x < y);
}

/* Sorts and deduplicates v (len entries); returns the new length. */
static slong classes_unique(slong *v, slong len)
{
    slong out = 0;
    qsort(v, (size_t)len, sizeof(slong), classes_cmp);
    for (slong i = 0; i < len; i++)
        if (out == 0 || v[out - 1] != v[i])
            v[out++] = v[i];
    return out;
}

/* The smallest class in 0..c-1 missing from the sorted distinct v, or -1. */
static slong classes_first_gap(const slong *v, slong len, slong c)
{
    for (slong k = 0; k < len; k++)
        if (v[k] != k)
            return k;
    return len < c ? len : -1;
}

static slong classes_find(const slong *keep, slong nkeep, slong k)
{
    const slong *p = bsearch(&k, keep, (size_t)nkeep, sizeof(slong), classes_cmp);
    return p - keep;
}

/* A class no node is labeled with has F = 0 at every node, so all such classes
   tie and only the smallest can be predicted (ties go to the smallest class).
   Kept: the given classes, the held-out ones, and the smallest ungiven class.
   The renumbering keeps their order, so the tie rule and every loss agree.
   Under the expected rule the count of tied classes is the price: a node of a
   component without a label ties among every declared class, so all are kept
   (at most CT_SIGNFN_TIES_MAX_CLASSES there). Returns the kept classes,
   increasing, in a malloc'ed array of *nkeep entries. */
static slong *classes_keep(slong *nkeep, const ct_instance_t in, int ties)
{
    slong n = in->n, nlab = 0;
    int all = ties == CT_SIGNFN_TIES_EXPECTED;
    slong *keep = ct_mem_malloc(
        ct_mem_size((size_t)2 * n + 1 + (all ? (size_t)in->c : 0), sizeof(slong)));
    for (slong i = 0; i < n; i++)
        if (in->label[i] >= 0)
            keep[nlab++] = in->label[i];
    for (slong k = 0; all && k < in->c; k++)
        keep[nlab++] = k;
    nlab = classes_unique(keep, nlab);
    *nkeep = nlab;
    slong gap = classes_first_gap(keep, nlab, in->c);
    if (gap >= 0)
        keep[(*nkeep)++] = gap;
    for (slong i = 0; i < n; i++)
        if (in->held[i] >= 0)
            keep[(*nkeep)++] = in->held[i];
    *nkeep = classes_unique(keep, *nkeep);
    return keep;
}

void ct_analysis_compact_classes(ct_instance_t out, const ct_instance_t in, int ties)
{
    slong n = in->n, nkeep;
    slong *keep = classes_keep(&nkeep, in, ties);
    *out = *in;
    out->c = FLINT_MAX(nkeep, 1);
    out->label = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    out->held = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong i = 0; i < n; i++) {
        out->label[i] = in->label[i] < 0 ? -1 : classes_find(keep, nkeep, in->label[i]);
        out->held[i] = in->held[i] < 0 ? -1 : classes_find(keep, nkeep, in->held[i]);
    }
    free(keep);
}

slong *ct_analysis_compact_kept(const ct_instance_t in, int ties)
{
    slong nkeep;
    slong *keep = classes_keep(&nkeep, in, ties);
    if (nkeep == 0) /* no class at all: out->c is 1, class 0 */
        keep[0] = 0;
    return keep;
}

void ct_analysis_compact_clear(ct_instance_t out)
{
    flint_free(out->label);
    flint_free(out->held);
    memset(out, 0, sizeof(ct_instance_struct));
}
