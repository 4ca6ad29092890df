/* delta_degrees: the bound on the zeros of the delta family's sign functions.

   A sign function of the pair (k, l) in a component is sum_t A_t B_t^delta over
   the distinct degrees B_t of the labeled nodes of classes k and l there, so it
   has at most that many terms, and at most that many minus one real zeros
   (docs/delta.md). Degrees are compared exactly, unscaled. */
#include "certune/delta.h"

slong ct_delta_distinct_degrees(const ct_instance_t inst, const slong *comp,
                                slong comp_id, slong k, slong l)
{
    slong n = inst->n, nd = 0;
    fmpq *deg = _fmpq_vec_init(FLINT_MAX(n, 1));
    slong *sel = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong e = 0; e < inst->nedges; e++)
        if (comp[inst->eu[e]] == comp_id) {
            fmpq_add(deg + inst->eu[e], deg + inst->eu[e], inst->ew + e);
            fmpq_add(deg + inst->ev[e], deg + inst->ev[e], inst->ew + e);
        }
    for (slong i = 0; i < n; i++) {
        if (comp[i] != comp_id || (inst->label[i] != k && inst->label[i] != l))
            continue;
        slong j = 0;
        while (j < nd && !fmpq_equal(deg + sel[j], deg + i))
            j++;
        if (j == nd)
            sel[nd++] = i;
    }
    _fmpq_vec_clear(deg, FLINT_MAX(n, 1));
    flint_free(sel);
    return nd;
}
