/* oracle_delta: an independent evaluator of the delta family's scores
   F = (I - c S)^{-1} Y, S = D^{-delta} W D^{delta-1}, at a rational delta.
   Shares no code with src/delta.c: S is built entry by entry from its
   definition (S_uv = d_u^{-delta} w_uv d_v^{delta-1}, zero rows and columns
   for nodes of degree 0), and (I - c S) F = Y is solved densely per connected
   component (oracle_components of oracle.h, a BFS):
   - at any rational delta with Arb matrices (arb_pow for d^delta,
     arb_mat_solve) at `prec` bits;
   - at delta = 0 (S = W D^{-1}) and delta = 1 (S = D^{-1} W) exactly, with
     rational matrices (fmpq_mat_solve).
   Test-only tie convention for the Arb variant: a difference F_k - F_l whose
   ball contains 0 is called a tie (sign 0). At 1024 bits and more the balls of
   the small test instances have radii far below 2^-900, so a nonzero
   difference that close to 0 does not occur there; the convention is not a
   proof, the exact variant and the analyzer's own certificates are. */
#ifndef CERTUNE_TESTS_ORACLE_DELTA_H
#define CERTUNE_TESTS_ORACLE_DELTA_H

#include <arb_mat.h>
#include <flint/fmpq_mat.h>
#include "oracle.h"

/* Degrees d_i = sum_j w_ij (deg: n entries, initialized). */
static inline void oracle_delta_degrees(fmpq *deg, const ct_instance_struct *inst)
{
    for (slong i = 0; i < inst->n; i++)
        fmpq_zero(deg + i);
    for (slong e = 0; e < inst->nedges; e++) {
        fmpq_add(deg + inst->eu[e], deg + inst->eu[e], inst->ew + e);
        fmpq_add(deg + inst->ev[e], deg + inst->ev[e], inst->ew + e);
    }
}

/* The members of component `which`: idx[0..*s-1], pos[node] = index in idx. */
static inline void oracle_delta_members(slong *idx, slong *s, slong *pos,
                                        const slong *comp, slong n, slong which)
{
    *s = 0;
    for (slong i = 0; i < n; i++)
        if (comp[i] == which) {
            pos[i] = *s;
            idx[(*s)++] = i;
        }
}

/* One component with Arb: A = I - c S, Y, then F rows of its members. */
static inline void oracle_delta_block_arb(arb_mat_t F, const ct_instance_struct *inst,
                                          const fmpq *deg, const slong *comp, slong which,
                                          const slong *idx, slong s, const slong *pos,
                                          const fmpq_t c, const fmpq_t delta, slong prec)
{
    arb_mat_t A, Y, X;
    arb_t t, du, dv, ex, w;
    arb_mat_init(A, s, s);
    arb_mat_init(Y, s, inst->c);
    arb_mat_init(X, s, inst->c);
    arb_init(t), arb_init(du), arb_init(dv), arb_init(ex), arb_init(w);
    arb_mat_one(A);
    for (slong e = 0; e < inst->nedges; e++) {
        slong u = inst->eu[e], v = inst->ev[e];
        if (comp[u] != which)
            continue;
        for (int dir = 0; dir < 2; dir++) {
            slong a = dir ? v : u, b = dir ? u : v; /* the entry S_ab */
            arb_set_fmpq(du, deg + a, prec);
            arb_set_fmpq(dv, deg + b, prec);
            arb_set_fmpq(ex, delta, prec);
            arb_neg(ex, ex);
            arb_pow(t, du, ex, prec); /* d_a^{-delta} */
            arb_add_si(ex, ex, 1, prec);
            arb_neg(ex, ex);          /* delta - 1 */
            arb_pow(w, dv, ex, prec); /* d_b^{delta-1} */
            arb_mul(t, t, w, prec);
            arb_set_fmpq(w, inst->ew + e, prec);
            arb_mul(t, t, w, prec);
            arb_set_fmpq(w, c, prec);
            arb_mul(t, t, w, prec);
            arb_sub(arb_mat_entry(A, pos[a], pos[b]), arb_mat_entry(A, pos[a], pos[b]), t,
                    prec);
        }
    }
    for (slong i = 0; i < s; i++)
        if (inst->label[idx[i]] >= 0)
            arb_one(arb_mat_entry(Y, i, inst->label[idx[i]]));
    if (!arb_mat_solve(X, A, Y, prec)) {
        fprintf(stderr, "oracle_delta: arb_mat_solve failed (raise the precision)\n");
        abort();
    }
    for (slong i = 0; i < s; i++)
        for (slong k = 0; k < inst->c; k++)
            arb_set(arb_mat_entry(F, idx[i], k), arb_mat_entry(X, i, k));
    arb_mat_clear(A), arb_mat_clear(Y), arb_mat_clear(X);
    arb_clear(t), arb_clear(du), arb_clear(dv), arb_clear(ex), arb_clear(w);
}

/* One component exactly at delta = end (0 or 1). */
static inline void oracle_delta_block_exact(fmpq_mat_t F, const ct_instance_struct *inst,
                                            const fmpq *deg, const slong *comp,
                                            slong which, const slong *idx, slong s,
                                            const slong *pos, const fmpq_t c, int end)
{
    fmpq_mat_t A, Y, X;
    fmpq_t t;
    fmpq_mat_init(A, s, s);
    fmpq_mat_init(Y, s, inst->c);
    fmpq_mat_init(X, s, inst->c);
    fmpq_init(t);
    fmpq_mat_one(A);
    for (slong e = 0; e < inst->nedges; e++) {
        slong u = inst->eu[e], v = inst->ev[e];
        if (comp[u] != which)
            continue;
        for (int dir = 0; dir < 2; dir++) {
            slong a = dir ? v : u, b = dir ? u : v; /* S_ab = w / d_b or w / d_a */
            fmpq_div(t, inst->ew + e, deg + (end ? a : b));
            fmpq_mul(t, t, c);
            fmpq_sub(fmpq_mat_entry(A, pos[a], pos[b]), fmpq_mat_entry(A, pos[a], pos[b]),
                     t);
        }
    }
    for (slong i = 0; i < s; i++)
        if (inst->label[idx[i]] >= 0)
            fmpq_one(fmpq_mat_entry(Y, i, inst->label[idx[i]]));
    if (!fmpq_mat_solve(X, A, Y)) {
        fprintf(stderr, "oracle_delta: singular system (a bug in the oracle)\n");
        abort();
    }
    for (slong i = 0; i < s; i++)
        for (slong k = 0; k < inst->c; k++)
            fmpq_set(fmpq_mat_entry(F, idx[i], k), fmpq_mat_entry(X, i, k));
    fmpq_mat_clear(A), fmpq_mat_clear(Y), fmpq_mat_clear(X);
    fmpq_clear(t);
}

/* Scores at delta: Fa (n x c, Arb at prec bits) when Fq is NULL; otherwise Fq
   (n x c, exact) at delta = end (0 or 1) and Fa is ignored. */
static inline void oracle_delta_scores(arb_mat_t Fa, fmpq_mat_t Fq,
                                       const ct_instance_struct *inst, const fmpq_t c,
                                       const fmpq_t delta, int end, slong prec)
{
    slong n = inst->n, s;
    slong *comp = flint_malloc((n + 1) * sizeof(slong));
    slong *idx = flint_malloc((n + 1) * sizeof(slong));
    slong *pos = flint_malloc((n + 1) * sizeof(slong));
    fmpq *deg = _fmpq_vec_init(n + 1);
    oracle_delta_degrees(deg, inst);
    slong ncomp = oracle_components(comp, inst);
    for (slong j = 0; j < ncomp; j++) {
        oracle_delta_members(idx, &s, pos, comp, n, j);
        if (Fq != NULL)
            oracle_delta_block_exact(Fq, inst, deg, comp, j, idx, s, pos, c, end);
        else
            oracle_delta_block_arb(Fa, inst, deg, comp, j, idx, s, pos, c, delta, prec);
    }
    _fmpq_vec_clear(deg, n + 1);
    flint_free(comp), flint_free(idx), flint_free(pos);
}

/* sign(F[i][k] - F[i][l]) from Arb scores; 0 when the ball contains 0 (tie). */
static inline int oracle_delta_sign_arb(const arb_mat_t F, slong i, slong k, slong l,
                                        slong prec)
{
    arb_t d;
    arb_init(d);
    arb_sub(d, arb_mat_entry(F, i, k), arb_mat_entry(F, i, l), prec);
    int sg = arb_is_positive(d) ? 1 : arb_is_negative(d) ? -1 : 0;
    arb_clear(d);
    return sg;
}

static inline int oracle_delta_sign_exact(const fmpq_mat_t F, slong i, slong k, slong l)
{
    int r = fmpq_cmp(fmpq_mat_entry(F, i, k), fmpq_mat_entry(F, i, l));
    return (r > 0) - (r < 0);
}

/* The predicted class of node i: argmax, ties (as above) to the smallest class. */
static inline slong oracle_delta_argmax(const arb_mat_t Fa, const fmpq_mat_t Fq, slong i,
                                        slong c, slong prec)
{
    slong best = 0;
    for (slong k = 1; k < c; k++) {
        int sg = Fq != NULL ? oracle_delta_sign_exact(Fq, i, k, best)
                            : oracle_delta_sign_arb(Fa, i, k, best, prec);
        if (sg > 0)
            best = k;
    }
    return best;
}

#endif
