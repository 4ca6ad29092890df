/* analyze_delta: the delta family's exponential sums -> certified breakpoints.

   Sign functions are normalized (content and sign) and deduplicated, so equal
   sums share their zeros. Each distinct sum's zeros in (0, 1) are isolated
   with certificates (ct_expsum_isolate); all zeros are sorted by analyze_points
   (ct_expsum_root_cmp: equality is proved only for equal sums, otherwise the intervals
   are refined apart). Whatever cannot be decided is recorded in the result as
   undecided: no order is ever guessed. The ends 0 and 1 are points of the
   closed domain. */
#include <stdlib.h>
#include <string.h>
#include "certune/analysis.h"
#include "certune/bpoint.h"
#include "certune/delta.h"
#include "certune/mem.h"
#include "delta_internal.h"

typedef struct {
    ct_signfn_struct *signs;
    slong nsigns;
    ct_signfn_set_t sums;          /* distinct normalized nonzero sums */
    ct_expsum_root_struct **roots; /* per sum: its zeros in (0, 1), increasing */
    slong *nroots;
    int *sign_first; /* per sum: its sign right of 0 */
    slong nzeros;
} delta_work;

static void delta_work_clear(delta_work *D)
{
    ct_signfn_vec_clear(D->signs, D->nsigns);
    for (slong f = 0; f < D->sums->len; f++) {
        for (slong j = 0; D->roots != NULL && j < D->nroots[f]; j++)
            ct_expsum_root_clear(D->roots[f] + j);
        if (D->roots != NULL)
            flint_free(D->roots[f]);
    }
    ct_signfn_set_clear(D->sums);
    flint_free(D->roots);
    flint_free(D->nroots);
    flint_free(D->sign_first);
}

/* Per scored node and pair: the id of its normalized sum (-1 for zero) and the
   sign relating them; the node's sign right of 0 is filled in later. */
static void delta_register(ct_analysis_common *C, delta_work *D)
{
    for (slong s = 0; s < D->nsigns; s++) {
        ct_signfn_struct *g = D->signs + s;
        ct_analysis_node *v = ct_analysis_common_add_node(C, g->inst, g->truth, g->c);
        for (slong p = 0; p < g->c * (g->c - 1) / 2; p++)
            v->pid[p] = ct_signfn_set_take_pair(D->sums, v->sign0 + p, g, p);
    }
}

static char *delta_fmpq_str(const fmpq_t x)
{
    char *f = fmpq_get_str(NULL, 10, x), *s = ct_mem_malloc(strlen(f) + 1);
    strcpy(s, f);
    flint_free(f);
    return s;
}

static void delta_undecided(ct_analysis_t A, const fmpq_t lo, const fmpq_t hi,
                            const char *what)
{
    char *l = delta_fmpq_str(lo), *h = delta_fmpq_str(hi);
    ct_analysis_add_undecided(A, l, h, what);
    free(l);
    free(h);
}

/* Isolates the zeros of every distinct sum; returns 1 if some were undecided. */
static int delta_isolate(ct_analysis_t A, delta_work *D,
                         const ct_analysis_phase_struct *ph)
{
    slong nf = FLINT_MAX(D->sums->len, 1);
    D->roots = flint_calloc(nf, sizeof(ct_expsum_root_struct *));
    D->nroots = flint_calloc(nf, sizeof(slong));
    D->sign_first = flint_calloc(nf, sizeof(int));
    int bad = 0;
    fmpq_t lo, hi;
    fmpq_init(lo);
    fmpq_init(hi);
    ct_analysis_phase(ph, "sign functions isolated", 0, D->sums->len);
    for (slong f = 0; f < D->sums->len; f++) {
        if (ct_expsum_isolate(D->roots + f, D->nroots + f, D->sign_first + f, lo, hi,
                              D->sums->fn.es + f)) {
            char *s = ct_expsum_get_str(D->sums->fn.es + f);
            char *what = ct_mem_malloc(strlen(s) + 64);
            sprintf(what, "zeros of %s not separated (multiple zero?)", s);
            delta_undecided(A, lo, hi, what);
            free(what);
            free(s);
            bad = 1;
        }
        D->nzeros += D->nroots[f];
        ct_analysis_phase(ph, "sign functions isolated", f + 1, D->sums->len);
    }
    fmpq_clear(lo);
    fmpq_clear(hi);
    return bad;
}

/* Every zero of every sum as an ct_analysis_zero (simple: multiplicity 1),
   the ball path's zeros (their functions' ids shifted past the sums'; no
   zero at the ends), then the shared exact sort and merge. */
static int delta_points(ct_analysis_common *C, ct_analysis_t A, delta_work *D,
                        _ct_delta_ball_tally *K)
{
    slong nf = D->sums->len, nall = nf + K->nfuncs;
    ct_analysis_zero *z =
        flint_malloc(FLINT_MAX(D->nzeros + K->nzeros, 1) * sizeof(ct_analysis_zero));
    int *end0 = flint_calloc(FLINT_MAX(nall, 1), sizeof(int));
    int *end1 = flint_calloc(FLINT_MAX(nall, 1), sizeof(int));
    slong k = 0;
    for (slong f = 0; f < nf; f++) {
        end0[f] = ct_expsum_sign_at_end(D->sums->fn.es + f, 0) == 0;
        end1[f] = ct_expsum_sign_at_end(D->sums->fn.es + f, 1) == 0;
        for (slong j = 0; j < D->nroots[f]; j++, k++) {
            ct_bpoint_init(&z[k].pt);
            ct_bpoint_set_exroot(&z[k].pt, D->roots[f] + j);
            z[k].f = f;
            z[k].mult = 1;
        }
    }
    for (slong e = 0; e < K->nzeros; e++, k++) { /* moved: the points build clears */
        z[k] = K->zeros[e];
        z[k].f += nf;
    }
    K->nzeros = 0;
    for (slong v = 0; v < K->nnodes; v++)
        for (slong p = 0; p < C->nodes[v].c * (C->nodes[v].c - 1) / 2; p++)
            if (C->nodes[v].pid[p] >= 0)
                C->nodes[v].pid[p] += nf;
    int bad = ct_analysis_points_build(C, A, z, k, nall, 1, end0, end1);
    flint_free(z), flint_free(end0), flint_free(end1);
    return bad;
}

/* Each node's sign right of 0: its sum's, through the normalization sign
   (the ball path's nodes, the first nb, have theirs). */
static void delta_signs(ct_analysis_common *C, const delta_work *D, slong nb)
{
    for (slong s = nb; s < C->nnodes; s++) {
        ct_analysis_node *v = C->nodes + s;
        for (slong p = 0; p < v->c * (v->c - 1) / 2; p++)
            if (v->pid[p] >= 0)
                v->sign0[p] *= D->sign_first[v->pid[p]];
    }
}

int ct_delta_analysis_build(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                            const ct_instance_struct *insts, slong m, int score_all,
                            FILE *warn)
{
    delta_work D;
    _ct_delta_ball_tally T = {0, 0, 0, C, 0, 0, 0, 0, NULL};
    memset(&D, 0, sizeof(delta_work));
    ct_signfn_set_init(D.sums, &ct_signfn_type_expsum);
    for (slong t = 0; t < m; t++) {
        _ct_delta_sign_functions(&D.signs, &D.nsigns, insts + t, t, c, score_all,
                                 ct_analysis_common_settings(C), warn, &T);
        ct_analysis_progress(t + 1, m);
    }
    A->ball_fallbacks = T.declined, A->ball_fallback_rows = T.declined_rows;
    if (T.tried > 0)
        ct_analysis_phase(&ct_analysis_common_settings(C)->phase,
                          "components declined by the ball path", T.declined, T.tried);
    delta_register(C, &D);
    int bad = delta_isolate(A, &D, &ct_analysis_common_settings(C)->phase) ||
              delta_points(C, A, &D, &T);
    if (!bad)
        delta_signs(C, &D, T.nnodes);
    for (slong e = 0; e < T.nzeros; e++) /* not handed over (isolation failed) */
        ct_bpoint_clear(&T.zeros[e].pt);
    flint_free(T.zeros);
    delta_work_clear(&D);
    return bad;
}

void ct_delta_bounds_sign_functions(ct_signfn_struct **out, slong *count,
                                    const ct_instance_struct *inst, slong inst_idx,
                                    const fmpq_t c)
{
    ct_delta_sign_functions(out, count, inst, inst_idx, c, CT_SIGNFN_EVERY_NODE, NULL,
                            NULL);
}
