/* ct_alpha_comp: one component of an alpha instance, scaled to integers, with its
   labeled nodes grouped by (class, square class of the degree); and the count
   of square classes (ct_alpha_square_classes). */
#include <flint/fmpz.h>
#include "certune/alpha.h"
#include "alpha_internal.h"

/* Members, labeled positions and the scale s of component k. */
static void alpha_comp_members(ct_alpha_comp *C, fmpz_t s, const ct_instance_t inst,
                               const ct_component_index_struct *X, slong k)
{
    C->size = C->m = 0;
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++) {
        slong i = X->node[j];
        if (inst->label[i] >= 0)
            C->lab[C->m++] = C->size;
        C->node[C->size++] = i;
    }
    fmpz_one(s);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++)
        fmpz_lcm(s, s, fmpq_denref(inst->ew + X->edge[j]));
}

/* Degrees and the compressed rows of s W (each edge stored in both rows). */
static void alpha_comp_weights(ct_alpha_comp *C, const fmpz_t s, const ct_instance_t inst,
                               const ct_component_index_struct *X, slong k)
{
    slong *fill = flint_calloc(C->size + 1, sizeof(slong));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        fill[C->pos[inst->eu[X->edge[j]]] + 1]++;
        fill[C->pos[inst->ev[X->edge[j]]] + 1]++;
    }
    for (slong i = 0; i < C->size; i++)
        fill[i + 1] += fill[i];
    for (slong i = 0; i <= C->size; i++)
        C->rowstart[i] = fill[i];
    C->col = flint_malloc(FLINT_MAX(fill[C->size], 1) * sizeof(slong));
    C->w = _fmpz_vec_init(FLINT_MAX(fill[C->size], 1));
    fmpz_t w;
    fmpz_init(w);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j];
        slong a = C->pos[inst->eu[e]], b = C->pos[inst->ev[e]];
        fmpz_divexact(w, s, fmpq_denref(inst->ew + e));
        fmpz_mul(w, w, fmpq_numref(inst->ew + e));
        for (int dir = 0; dir < 2; dir++) {
            slong u = dir ? b : a, v = dir ? a : b, t = fill[u]++;
            C->col[t] = v;
            fmpz_set(C->w + t, w);
            fmpz_add(C->deg + u, C->deg + u, w);
        }
    }
    fmpz_clear(w);
    flint_free(fill);
}

/* Groups the labeled nodes by (class, squarefree part of the degree). */
static void alpha_comp_groups(ct_alpha_comp *C, const ct_instance_t inst)
{
    slong len = FLINT_MAX(C->m, 1);
    fmpz *d = _fmpz_vec_init(len), *r = _fmpz_vec_init(len);
    for (slong j = 0; j < C->m; j++) /* an isolated node (degree 0) is never solved */
        fmpz_set(d + j, C->deg + C->lab[j]), fmpz_one(r + j), fmpz_one(C->q + j);
    for (slong j = 0; j < C->m; j++)
        if (fmpz_is_zero(d + j))
            fmpz_one(d + j);
    ct_alpha_square_parts(C->q, r, d, C->m);
    C->ng = 0;
    for (slong j = 0; j < C->m; j++) {
        slong cls = inst->label[C->node[C->lab[j]]], g = 0;
        while (g < C->ng && (C->gcls[g] != cls || !fmpz_equal(C->grad + g, r + j)))
            g++;
        if (g == C->ng) {
            C->gcls[g] = cls;
            fmpz_set(C->grad + C->ng++, r + j);
        }
        C->grp[j] = g;
    }
    _fmpz_vec_clear(d, len), _fmpz_vec_clear(r, len);
}

void ct_alpha_comp_init(ct_alpha_comp *C, const ct_instance_t inst,
                        const ct_component_index_struct *X, slong k)
{
    /* Member-sized arrays: 10^5 components must not cost 10^5 n-sized ones. */
    slong n = FLINT_MAX(X->node_start[k + 1] - X->node_start[k], 1);
    fmpz_t s;
    fmpz_init(s);
    C->node = flint_malloc(n * sizeof(slong));
    C->pos = X->local;
    C->lab = flint_malloc(n * sizeof(slong));
    alpha_comp_members(C, s, inst, X, k);
    n = FLINT_MAX(C->size, 1);
    C->deg = _fmpz_vec_init(n);
    C->rowstart = flint_malloc((n + 1) * sizeof(slong));
    alpha_comp_weights(C, s, inst, X, k);
    C->q = _fmpz_vec_init(n);
    C->grad = _fmpz_vec_init(n);
    C->grp = flint_malloc(n * sizeof(slong));
    C->gcls = flint_malloc(n * sizeof(slong));
    alpha_comp_groups(C, inst);
    fmpz_clear(s);
}

void ct_alpha_comp_clear(ct_alpha_comp *C)
{
    slong n = FLINT_MAX(C->size, 1);
    _fmpz_vec_clear(C->w, FLINT_MAX(C->rowstart[C->size], 1));
    _fmpz_vec_clear(C->deg, n);
    _fmpz_vec_clear(C->q, n);
    _fmpz_vec_clear(C->grad, n);
    flint_free(C->node), flint_free(C->lab);
    flint_free(C->rowstart), flint_free(C->col);
    flint_free(C->grp), flint_free(C->gcls);
}

/* Scaling every degree by s maps square classes bijectively (r -> the
   squarefree part of s r), so counting on scaled degrees is exact. */
slong ct_alpha_square_classes(const ct_instance_t inst, const slong *comp, slong comp_id)
{
    ct_alpha_comp C;
    ct_component_index_t X;
    ct_component_index_init(X, inst); /* numbered as comp is */
    (void)comp;
    ct_alpha_comp_init(&C, inst, X, comp_id);
    ct_component_index_clear(X);
    slong count = 0;
    for (slong g = 0; g < C.ng; g++) {
        slong h = 0;
        while (h < g && !fmpz_equal(C.grad + h, C.grad + g))
            h++;
        count += h == g;
    }
    ct_alpha_comp_clear(&C);
    return count;
}
