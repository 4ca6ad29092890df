/* oracle: an independent exact evaluator of the lambda family at a rational
   point, by dense solves per connected component. Shares no code with the
   analyzer: components by BFS here, F = (L + lambda Delta)^{-1} Y by
   fmpq_mat_solve, argmax with ties to the smallest class. */
#ifndef CERTUNE_TESTS_ORACLE_H
#define CERTUNE_TESTS_ORACLE_H

#include <stdio.h>
#include <stdlib.h>
#include <flint/flint.h>
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include "certune/instance.h"

/* Numbers the connected components of inst by BFS from the smallest node;
   comp[i] receives the component of node i. Returns the number of components. */
static inline slong oracle_components(slong *comp, const ct_instance_struct *inst)
{
    slong n = inst->n, i, e, s, head, tail, u, ncomp = 0;
    slong *queue = flint_malloc((n + 1) * sizeof(slong));
    slong *deg = flint_calloc(n + 1, sizeof(slong));
    slong *start = flint_calloc(n + 2, sizeof(slong));
    slong *adj = flint_malloc((2 * inst->nedges + 1) * sizeof(slong));
    slong *fill = flint_calloc(n + 1, sizeof(slong));

    for (e = 0; e < inst->nedges; e++) {
        deg[inst->eu[e]]++;
        deg[inst->ev[e]]++;
    }
    for (i = 0; i < n; i++)
        start[i + 1] = start[i] + deg[i];
    for (e = 0; e < inst->nedges; e++) {
        u = inst->eu[e];
        adj[start[u] + fill[u]++] = inst->ev[e];
        u = inst->ev[e];
        adj[start[u] + fill[u]++] = inst->eu[e];
    }
    for (i = 0; i < n; i++)
        comp[i] = -1;
    for (s = 0; s < n; s++) {
        if (comp[s] >= 0)
            continue;
        head = tail = 0;
        queue[tail++] = s;
        comp[s] = ncomp;
        while (head < tail) {
            u = queue[head++];
            for (e = start[u]; e < start[u + 1]; e++) {
                if (comp[adj[e]] < 0) {
                    comp[adj[e]] = ncomp;
                    queue[tail++] = adj[e];
                }
            }
        }
        ncomp++;
    }
    flint_free(queue);
    flint_free(deg);
    flint_free(start);
    flint_free(adj);
    flint_free(fill);
    return ncomp;
}

/* Predicts the nodes of component `which` (members idx[0..s-1]) at lambda. */
static inline void oracle_predict_component(slong *pred, const ct_instance_struct *inst,
                                            const slong *comp, slong which,
                                            const slong *idx, slong s,
                                            const fmpq_t lambda)
{
    slong c = inst->c, i, k, best, e, u, v, nlab = 0;
    slong *pos = flint_malloc((inst->n + 1) * sizeof(slong));
    fmpq_mat_t M, Y, F;
    int ok;

    for (i = 0; i < s; i++) {
        pos[idx[i]] = i;
        if (inst->label[idx[i]] >= 0)
            nlab++;
    }
    if (nlab == 0) { /* F = 0: a tie, class 0 */
        for (i = 0; i < s; i++)
            pred[idx[i]] = 0;
        flint_free(pos);
        return;
    }
    fmpq_mat_init(M, s, s);
    fmpq_mat_init(Y, s, c);
    fmpq_mat_init(F, s, c);
    for (e = 0; e < inst->nedges; e++) {
        if (comp[inst->eu[e]] != which)
            continue;
        u = pos[inst->eu[e]];
        v = pos[inst->ev[e]];
        fmpq_add(fmpq_mat_entry(M, u, u), fmpq_mat_entry(M, u, u), inst->ew + e);
        fmpq_add(fmpq_mat_entry(M, v, v), fmpq_mat_entry(M, v, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(M, u, v), fmpq_mat_entry(M, u, v), inst->ew + e);
        fmpq_sub(fmpq_mat_entry(M, v, u), fmpq_mat_entry(M, v, u), inst->ew + e);
    }
    for (i = 0; i < s; i++) {
        k = inst->label[idx[i]];
        if (k >= 0) {
            fmpq_add(fmpq_mat_entry(M, i, i), fmpq_mat_entry(M, i, i), lambda);
            fmpq_one(fmpq_mat_entry(Y, i, k));
        }
    }
    ok = fmpq_mat_solve(F, M, Y);
    if (!ok) {
        fprintf(stderr, "oracle: singular system (a bug in the oracle)\n");
        abort();
    }
    for (i = 0; i < s; i++) {
        best = 0;
        for (k = 1; k < c; k++)
            if (fmpq_cmp(fmpq_mat_entry(F, i, k), fmpq_mat_entry(F, i, best)) > 0)
                best = k;
        pred[idx[i]] = best;
    }
    fmpq_mat_clear(M);
    fmpq_mat_clear(Y);
    fmpq_mat_clear(F);
    flint_free(pos);
}

/* Sets pred[0..n-1] to the predicted classes of every node of inst at lambda > 0. */
static inline void oracle_predict(slong *pred, const ct_instance_struct *inst,
                                  const fmpq_t lambda)
{
    slong n = inst->n, ncomp, j, i, s;
    slong *comp = flint_malloc((n + 1) * sizeof(slong));
    slong *idx = flint_malloc((n + 1) * sizeof(slong));

    ncomp = oracle_components(comp, inst);
    for (j = 0; j < ncomp; j++) {
        for (i = s = 0; i < n; i++)
            if (comp[i] == j)
                idx[s++] = i;
        oracle_predict_component(pred, inst, comp, j, idx, s, lambda);
    }
    flint_free(comp);
    flint_free(idx);
}

/* The class node i is scored against, or -1 if it is not scored. */
static inline slong oracle_truth(const ct_instance_struct *inst, slong i, int score_all)
{
    if (inst->held[i] >= 0)
        return inst->held[i];
    if (score_all && inst->label[i] >= 0)
        return inst->label[i];
    return -1;
}

static inline slong oracle_nscored(const ct_instance_struct *inst, int score_all)
{
    slong i, k = 0;

    for (i = 0; i < inst->n; i++)
        k += oracle_truth(inst, i, score_all) >= 0;
    return k;
}

/* Sets loss to the exact loss of inst at lambda (0 if nothing is scored). If
   scored_pred is not NULL, appends the predictions of the scored nodes there
   (in node order) and advances *scored_pred. */
static inline void oracle_loss_preds(fmpq_t loss, const ct_instance_struct *inst,
                                     const fmpq_t lambda, int score_all,
                                     slong **scored_pred)
{
    slong i, t, wrong = 0, scored = 0;
    slong *pred = flint_malloc((inst->n + 1) * sizeof(slong));

    oracle_predict(pred, inst, lambda);
    for (i = 0; i < inst->n; i++) {
        t = oracle_truth(inst, i, score_all);
        if (t < 0)
            continue;
        scored++;
        wrong += pred[i] != t;
        if (scored_pred != NULL)
            *(*scored_pred)++ = pred[i];
    }
    if (scored == 0)
        fmpq_zero(loss);
    else
        fmpq_set_si(loss, wrong, scored);
    flint_free(pred);
}

static inline void oracle_loss(fmpq_t loss, const ct_instance_struct *inst,
                               const fmpq_t lambda, int score_all)
{
    oracle_loss_preds(loss, inst, lambda, score_all, NULL);
}

/* Sets loss to the empirical loss (mean of the instance losses) of the m
   instances at lambda. If preds is not NULL it receives the predictions of all
   scored nodes, instance after instance (room for the total scored count). */
static inline void oracle_empirical_loss_preds(fmpq_t loss,
                                               const ct_instance_struct *insts, slong m,
                                               const fmpq_t lambda, int score_all,
                                               slong *preds)
{
    slong j;
    fmpq_t l;
    fmpz_t mz;

    fmpq_init(l);
    fmpz_init_set_si(mz, m);
    fmpq_zero(loss);
    for (j = 0; j < m; j++) {
        oracle_loss_preds(l, insts + j, lambda, score_all, preds ? &preds : NULL);
        fmpq_add(loss, loss, l);
    }
    if (m > 0)
        fmpq_div_fmpz(loss, loss, mz);
    fmpq_clear(l);
    fmpz_clear(mz);
}

static inline void oracle_empirical_loss(fmpq_t loss, const ct_instance_struct *insts,
                                         slong m, const fmpq_t lambda, int score_all)
{
    oracle_empirical_loss_preds(loss, insts, m, lambda, score_all, NULL);
}

#endif
