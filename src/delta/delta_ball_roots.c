/* delta_ball_roots: the zeros of a component's rows certified in balls
   (docs/delta.md, "Zeros in balls"). Per class pair, the rows that
   provably share a function (a part of the graph hanging off the rest
   through one node or a rank-one block, holding no labeled node of the
   pair: lsroot_share.c; the pair functions of its nodes are positive
   multiples of one, whatever the right-hand side outside the part) are
   searched once, from the node that carries it (lsdelta.h). A row whose
   function cannot be searched in balls, or whose zeros the balls cannot tell
   apart from another function's (maybe equal), is left to the exact sums. */
#include <stdlib.h>
#include "delta_internal.h"
#include "delta_ball_internal.h"

static slong droot_add(_ct_delta_droots *D)
{
    if (D->nf == D->alloc) {
        D->alloc = 2 * D->alloc + 16;
        D->f = flint_realloc(D->f, D->alloc * sizeof(_ct_delta_droot_fn));
    }
    _ct_delta_droot_fn *f = D->f + D->nf;
    f->r = NULL, f->nz = 0, f->id = -1, f->bad = 0, f->sign0 = 0;
    return D->nf++;
}

/* The component's graph for the sharing rules (weights as doubles: only
   their equality and zero pattern matter there). */
static void droot_graph(ct_lsroot_graph_struct *G, double *w, slong *cls,
                        const _ct_delta_ball_csr *A, const delta_comp *C,
                        const ct_instance_t inst)
{
    for (slong e = 0; e < A->rowstart[C->size]; e++)
        w[e] = fmpz_get_d(A->w + e);
    for (slong i = 0; i < C->size; i++)
        cls[i] = inst->label[C->node[i]];
    *G = (ct_lsroot_graph_struct){C->size, inst->c, A->rowstart, A->col, w, cls};
}

/* Pair p = (k, l) of every row t with todo[t]: the function of its carrier,
   searched at its first use. */
static void droot_pair(_ct_delta_droots *D, ct_lsdelta_struct *L,
                       const _ct_delta_rowball *R, const slong *carrier, slong *slot,
                       const slong *rows, const char *todo, slong nsc, slong p, slong k,
                       slong l)
{
    slong np = D->np;
    arb_ptr x = _arb_vec_init(R->ng);
    for (slong t = 0; t < nsc; t++) {
        if (!todo[t])
            continue;
        slong v = carrier[rows[t]];
        if (slot[v] < 0) {
            slong e = slot[v] = droot_add(D);
            _ct_delta_droot_fn *f = D->f + e;
            _ct_delta_rowball_get(x, R, v);
            f->bad = ct_lsdelta_pair_roots(&f->r, &f->nz, &f->sign0, L, x, v, k, l,
                                           R->node[rows[t]]);
        }
        D->ent[t * np + p] = slot[v];
    }
    for (slong t = 0; t < nsc; t++)
        if (todo[t])
            slot[carrier[rows[t]]] = -1;
    _arb_vec_clear(x, R->ng);
}

typedef struct {
    const fmpq *lo, *hi;
    slong f;
} droot_iv;

static int droot_iv_cmp(const void *a, const void *b)
{
    return fmpq_cmp(((const droot_iv *)a)->lo, ((const droot_iv *)b)->lo);
}

/* Functions whose roots overlap another function's (once narrowed): bad. */
static void droot_overlaps(_ct_delta_droots *D, const char *used)
{
    slong cnt = 0;
    for (slong e = 0; e < D->nf; e++)
        cnt += used[e] ? D->f[e].nz : 0;
    droot_iv *v = flint_malloc(FLINT_MAX(cnt, 1) * sizeof(droot_iv));
    cnt = 0;
    for (slong e = 0; e < D->nf; e++)
        for (slong j = 0; used[e] && j < D->f[e].nz; j++)
            v[cnt++] = (droot_iv){D->f[e].r[j].lo, D->f[e].r[j].hi, e};
    qsort(v, cnt, sizeof(droot_iv), droot_iv_cmp);
    for (slong j = 1, far = 0; j < cnt; j++) {
        if (fmpq_cmp(v[j].lo, v[far].hi) < 0)
            D->f[v[j].f].bad = D->f[v[far].f].bad = 1;
        if (fmpq_cmp(v[j].hi, v[far].hi) > 0)
            far = j;
    }
    flint_free(v);
}

void _ct_delta_droots_run(_ct_delta_droots *D, char *exact, const slong *win,
                          ct_lsdelta_struct *L, const _ct_delta_rowball *R,
                          const _ct_delta_ball_csr *A, const delta_comp *C,
                          const ct_instance_t inst, const slong *rows, slong nsc)
{
    slong n = C->size, nc = inst->c, np = nc * (nc - 1) / 2, nr = 0;
    D->np = np;
    D->ent = flint_malloc(FLINT_MAX(nsc * np, 1) * sizeof(slong));
    for (slong e = 0; e < nsc * np; e++)
        D->ent[e] = -1;
    slong *tr = flint_malloc(FLINT_MAX(nsc, 1) * sizeof(slong));
    for (slong t = 0; t < nsc; t++)
        if (!exact[t] && win[t] < 0)
            tr[nr++] = rows[t];
    double *w = flint_malloc(FLINT_MAX(A->rowstart[n], 1) * sizeof(double));
    slong *cls = flint_malloc(n * sizeof(slong)), *hang = flint_malloc(n * sizeof(slong));
    slong *carrier = flint_malloc(n * sizeof(slong)),
          *slot = flint_malloc(n * sizeof(slong));
    ct_lsroot_graph_struct G;
    droot_graph(&G, w, cls, A, C, inst);
    ct_lsroot_share_struct SX;
    ct_lsroot_share_init(&SX, hang, &G, tr, nr);
    char *todo = flint_malloc(FLINT_MAX(nsc, 1));
    for (slong t = 0; t < nsc; t++)
        todo[t] = !exact[t] && win[t] < 0;
    for (slong i = 0; i < n; i++)
        slot[i] = -1;
    for (slong k = 0, p = 0; k < nc; k++)
        for (slong l = k + 1; l < nc; l++, p++) {
            ct_lsroot_share_carriers(carrier, &SX, &G, k, l);
            droot_pair(D, L, R, carrier, slot, rows, todo, nsc, p, k, l);
        }
    _ct_delta_droots_settle(D, exact, nsc);
    ct_lsroot_share_clear(&SX);
    flint_free(tr), flint_free(w), flint_free(cls), flint_free(hang);
    flint_free(carrier), flint_free(slot), flint_free(todo);
}

void _ct_delta_droots_settle(_ct_delta_droots *D, char *exact, slong nsc)
{
    slong np = D->np;
    char *used = flint_calloc(FLINT_MAX(D->nf, 1), 1);
    for (slong t = 0; t < nsc; t++) /* a row with a bad function is exact */
        for (slong p = 0; p < np && !exact[t]; p++)
            exact[t] = D->ent[t * np + p] >= 0 && D->f[D->ent[t * np + p]].bad;
    for (slong t = 0; t < nsc; t++)
        for (slong p = 0; p < np && !exact[t]; p++)
            if (D->ent[t * np + p] >= 0)
                used[D->ent[t * np + p]] = 1;
    droot_overlaps(D, used);
    for (slong t = 0; t < nsc; t++)
        for (slong p = 0; p < np && !exact[t]; p++)
            exact[t] = D->ent[t * np + p] >= 0 && D->f[D->ent[t * np + p]].bad;
    flint_free(used);
}

void _ct_delta_droots_sink(_ct_delta_ball_tally *K, _ct_delta_droots *D,
                           const char *exact, const slong *win, const ct_instance_t inst,
                           slong inst_idx, const delta_comp *C, const slong *rows,
                           slong nsc)
{
    slong np = D->np;
    for (slong t = 0; t < nsc; t++) {
        if (exact[t] || win[t] >= 0)
            continue;
        slong v = C->node[rows[t]];
        ct_analysis_node *a = ct_analysis_common_add_node(
            K->C, inst_idx, ct_signfn_truth(inst, v), inst->c);
        K->nnodes++;
        for (slong p = 0; p < np; p++) {
            slong e = D->ent[t * np + p];
            _ct_delta_droot_fn *f = e >= 0 ? D->f + e : NULL;
            if (f != NULL && f->id < 0 && f->sign0 != 0) {
                f->id = K->nfuncs++;
                for (slong j = 0; j < f->nz; j++)
                    _ct_delta_ball_zero(K, f->r + j, f->id);
            }
            a->pid[p] = f == NULL || f->sign0 == 0 ? -1 : f->id;
            a->sign0[p] = f == NULL ? 0 : f->sign0;
        }
    }
}

ct_analysis_zero *_ct_delta_ball_zero(_ct_delta_ball_tally *K, const ct_lsroot_struct *r,
                                      slong f)
{
    if (K->nzeros == K->zalloc) {
        K->zalloc = 2 * K->zalloc + 64;
        K->zeros = flint_realloc(K->zeros, K->zalloc * sizeof(ct_analysis_zero));
    }
    ct_analysis_zero *z = K->zeros + K->nzeros++;
    ct_bpoint_init(&z->pt);
    ct_bpoint_set_ldroot(&z->pt, r);
    z->f = f, z->mult = 1;
    return z;
}

void _ct_delta_droots_clear(_ct_delta_droots *D)
{
    for (slong e = 0; e < D->nf; e++) {
        for (slong j = 0; j < D->f[e].nz; j++)
            ct_lsroot_clear(D->f[e].r + j);
        flint_free(D->f[e].r);
    }
    flint_free(D->f), flint_free(D->ent);
}
