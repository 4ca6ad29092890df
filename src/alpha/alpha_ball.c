/* alpha_ball: large components on the ball path (lsalpha.h, docs/alpha.md "The
   ball path"). The pair functions are never built as polynomials: lsalpha
   certifies, from the linear system, each pair's sign right of 0 and its
   zeros in (0, 1), all simple; the analysis receives those as events of one
   function id per pair. A row whose signs or zeros lsalpha cannot certify
   takes the exact path alone, with the rows sharing its functions (handed
   back in rows); when the component's system or mu cannot be certified the
   whole component does (the hook returns 0). */
#include "certune/lsalpha.h"
#include "alpha_internal.h"

/* The system of C (square parts from C's groups); NULL when not applicable. */
static ct_lsalpha_struct *alpha_ball_sys(const ct_alpha_comp *C, slong c)
{
    slong *cls = flint_malloc(C->m * sizeof(slong));
    fmpz *r = _fmpz_vec_init(C->m);
    for (slong j = 0; j < C->m; j++) {
        cls[j] = C->gcls[C->grp[j]];
        fmpz_set(r + j, C->grad + C->grp[j]);
    }
    ct_lsalpha_struct *S = ct_lsalpha_new(C->size, C->rowstart, C->col, C->w, C->deg,
                                          C->m, C->lab, cls, C->q, r, c);
    flint_free(cls);
    _fmpz_vec_clear(r, C->m);
    return S;
}

/* Function ids for the nsc rows' np pairs (-1: a tie everywhere, or a row
   that left; a row and pair with same[e] = t' < t shares row t''s id of
   that pair), sign_first set. */
static slong *alpha_ball_ids(_ct_alpha_ball_sink *K, const int *sign0, const slong *same,
                             const char *failed, slong nsc, slong np)
{
    slong count = nsc * np, *id = flint_malloc(FLINT_MAX(count, 1) * sizeof(slong));
    if (*K->nfuncs + count > *K->sf_alloc) {
        *K->sf_alloc = FLINT_MAX(2 * *K->sf_alloc, *K->nfuncs + count + 16);
        *K->sign_first = flint_realloc(*K->sign_first, *K->sf_alloc * sizeof(int));
    }
    for (slong e = 0; e < count; e++) {
        slong t = e / np;
        if (same[e] != t)
            id[e] = id[same[e] * np + e % np];
        else
            id[e] = sign0[e] == 0 || failed[t] ? -1 : (*K->nfuncs)++;
        if (id[e] >= 0)
            (*K->sign_first)[id[e]] = sign0[e];
    }
    return id;
}

/* The nodes of the rows that stay and every zero, to the sink; the rows
   that left moved to rows[0..) in order. Returns how many left. */
static slong alpha_ball_take(_ct_alpha_ball_sink *K, const ct_instance_struct *inst,
                             slong inst_idx, const ct_alpha_comp *C, slong *rows,
                             slong nsc, const slong *id, const char *failed)
{
    slong c = inst->c, np = c * (c - 1) / 2, left = 0;
    for (slong t = 0; t < nsc; t++) {
        slong v = C->node[rows[t]];
        if (failed[t]) {
            rows[left++] = rows[t];
            continue;
        }
        ct_analysis_node *a =
            ct_analysis_common_add_node(K->C, inst_idx, ct_signfn_truth(inst, v), c);
        for (slong p = 0; p < np; p++) {
            a->pid[p] = id[t * np + p];
            a->sign0[p] = a->pid[p] >= 0; /* the sign is sign_first's */
        }
    }
    return left;
}

int _ct_alpha_ball_component(void *sink, const ct_instance_struct *inst, slong inst_idx,
                             const ct_alpha_comp *C, slong *rows, slong *nsc)
{
    _ct_alpha_ball_sink *K = sink;
    slong c = inst->c, np = c * (c - 1) / 2, nz, *zrow, *zpair, nr = *nsc;
    slong min = ct_analysis_common_settings(K->C)->ball_min_nodes;
    if (C->size < ct_analysis_setting(min, CT_ALPHA_BALL_MIN_NODES) || c < 2)
        return 0;
    ct_lsalpha_struct *S = alpha_ball_sys(C, c);
    K->tried += nr > 0;
    if (S == NULL) {
        K->declined += nr > 0, K->declined_rows += nr;
        return 0;
    }
    int *sign0 = flint_malloc(FLINT_MAX(nr * np, 1) * sizeof(int));
    slong *same = flint_malloc(FLINT_MAX(nr * np, 1) * sizeof(slong));
    char *failed = flint_calloc(FLINT_MAX(nr, 1), 1);
    ct_lsroot_struct *z;
    int bad =
        ct_lsalpha_component(sign0, same, &z, &zrow, &zpair, &nz, S, rows, nr, failed);
    ct_lsalpha_unref(S);
    if (bad) {
        K->declined += nr > 0, K->declined_rows += nr;
        flint_free(sign0), flint_free(same), flint_free(failed);
        return 0;
    }
    slong *id = alpha_ball_ids(K, sign0, same, failed, nr, np);
    for (slong j = 0; j < nz; j++) {
        z[j].node = C->node[rows[zrow[j]]];
        ct_analysis_zero *e = K->new_zero(K->work, id[zrow[j] * np + zpair[j]], 1);
        ct_bpoint_set_lsroot(&e->pt, z + j);
        ct_lsroot_clear(z + j);
    }
    *nsc = alpha_ball_take(K, inst, inst_idx, C, rows, nr, id, failed);
    K->declined += *nsc > 0, K->declined_rows += *nsc;
    flint_free(z), flint_free(zrow), flint_free(zpair);
    flint_free(sign0), flint_free(id), flint_free(same), flint_free(failed);
    return 1;
}
