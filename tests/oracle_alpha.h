/* oracle_alpha: an independent evaluator of the alpha family's scores
   F = (I - alpha S)^{-1} Y, S = D^{-1/2} W D^{-1/2}, at a rational alpha in (0, 1).
   Shares no code with src/alpha*.c: S is built entry by entry from its
   definition (S_uv = w_uv / sqrt(d_u d_v) with arb_sqrt of the exact rational
   product; rows and columns of nodes of degree 0 are zero, so there F = Y), and
   (I - alpha S) F = Y is solved densely per connected component
   (oracle_components of oracle.h, a BFS) with arb_mat_solve at `prec` bits.
   Test-only tie convention, as in oracle_delta.h: a difference F_k - F_l whose
   ball contains 0 is called a tie (sign 0). At 1024 bits the balls of the small
   test instances have radii far below 2^-900, so a nonzero difference that close
   to 0 does not occur there; the convention is not a proof. */
#ifndef CERTUNE_TESTS_ORACLE_ALPHA_H
#define CERTUNE_TESTS_ORACLE_ALPHA_H

#include <arb_mat.h>
#include "oracle.h"

/* One component (members idx[0..s-1], pos[node] = index): A = I - alpha S. */
static inline void oracle_alpha_matrix(arb_mat_t A, const ct_instance_struct *inst,
                                       const fmpq *deg, const slong *comp, slong which,
                                       const slong *pos, const fmpq_t alpha, slong prec)
{
    arb_t t, a;
    fmpq_t dd;
    arb_init(t), arb_init(a);
    fmpq_init(dd);
    arb_mat_one(A);
    arb_set_fmpq(a, alpha, prec);
    for (slong e = 0; e < inst->nedges; e++) {
        slong u = inst->eu[e], v = inst->ev[e];
        if (comp[u] != which)
            continue;
        fmpq_mul(dd, deg + u, deg + v);
        arb_set_fmpq(t, dd, prec);
        arb_rsqrt(t, t, prec);
        arb_mul_fmpz(t, t, fmpq_numref(inst->ew + e), prec);
        arb_div_fmpz(t, t, fmpq_denref(inst->ew + e), prec);
        arb_mul(t, t, a, prec); /* alpha S_uv = alpha S_vu */
        arb_sub(arb_mat_entry(A, pos[u], pos[v]), arb_mat_entry(A, pos[u], pos[v]), t,
                prec);
        arb_sub(arb_mat_entry(A, pos[v], pos[u]), arb_mat_entry(A, pos[v], pos[u]), t,
                prec);
    }
    arb_clear(t), arb_clear(a);
    fmpq_clear(dd);
}

/* F (n x c, initialized) = the scores of every node at alpha. */
static inline void oracle_alpha_scores(arb_mat_t F, const ct_instance_struct *inst,
                                       const fmpq_t alpha, slong prec)
{
    slong n = inst->n, c = inst->c;
    slong *comp = flint_malloc((n + 1) * sizeof(slong));
    slong *idx = flint_malloc((n + 1) * sizeof(slong));
    slong *pos = flint_malloc((n + 1) * sizeof(slong));
    fmpq *deg = _fmpq_vec_init(n + 1);
    for (slong e = 0; e < inst->nedges; e++) {
        fmpq_add(deg + inst->eu[e], deg + inst->eu[e], inst->ew + e);
        fmpq_add(deg + inst->ev[e], deg + inst->ev[e], inst->ew + e);
    }
    slong ncomp = oracle_components(comp, inst);
    for (slong j = 0; j < ncomp; j++) {
        slong s = 0;
        for (slong i = 0; i < n; i++)
            if (comp[i] == j) {
                pos[i] = s;
                idx[s++] = i;
            }
        arb_mat_t A, Y, X;
        arb_mat_init(A, s, s), arb_mat_init(Y, s, c), arb_mat_init(X, s, c);
        oracle_alpha_matrix(A, inst, deg, comp, j, pos, alpha, prec);
        for (slong i = 0; i < s; i++)
            if (inst->label[idx[i]] >= 0)
                arb_one(arb_mat_entry(Y, i, inst->label[idx[i]]));
        if (!arb_mat_solve(X, A, Y, prec)) {
            fprintf(stderr, "oracle_alpha: arb_mat_solve failed (raise the precision)\n");
            abort();
        }
        for (slong i = 0; i < s; i++)
            for (slong k = 0; k < c; k++)
                arb_set(arb_mat_entry(F, idx[i], k), arb_mat_entry(X, i, k));
        arb_mat_clear(A), arb_mat_clear(Y), arb_mat_clear(X);
    }
    _fmpq_vec_clear(deg, n + 1);
    flint_free(comp), flint_free(idx), flint_free(pos);
}

/* sign(F[i][k] - F[i][l]); 0 when the ball contains 0 (the tie convention). */
static inline int oracle_alpha_sign(const arb_mat_t F, slong i, slong k, slong l,
                                    slong prec)
{
    arb_t d;
    arb_init(d);
    arb_sub(d, arb_mat_entry(F, i, k), arb_mat_entry(F, i, l), prec);
    int sg = arb_is_positive(d) ? 1 : arb_is_negative(d) ? -1 : 0;
    arb_clear(d);
    return sg;
}

#endif
