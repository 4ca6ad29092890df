/* check_pieces: the analyzer's result for a family on (0, 1) or [0, 1] against
   an independent evaluator of the losses at rational points (shared by
   t-check-delta and t-check-alpha): three points inside every open piece (near
   both ends and the representative point), the kind of every breakpoint from
   the predictions on its sides, the closed ends, random rationals. */
#ifndef CERTUNE_TESTS_CHECK_PIECES_H
#define CERTUNE_TESTS_CHECK_PIECES_H

#include <string.h>
#include "certune/analysis.h"

/* The point at fraction num/den of the way from a to b. */
static inline void between(fmpq_t q, const fmpq_t a, const fmpq_t b, slong num, slong den)
{
    fmpq_t d;
    fmpq_init(d);
    fmpq_sub(d, b, a);
    fmpz_t z;
    fmpz_init_set_si(z, num);
    fmpq_mul_fmpz(d, d, z);
    fmpz_set_si(z, den);
    fmpq_div_fmpz(d, d, z);
    fmpz_clear(z);
    fmpq_add(q, a, d);
    fmpq_clear(d);
}

typedef struct check_ctx_struct check_ctx;

/* Sets loss and the predictions of every scored node (preds) at q. */
typedef void (*check_eval_fn)(fmpq_t loss, slong *preds, const check_ctx *X,
                              const fmpq_t q);

struct check_ctx_struct {
    const ct_instance_struct *insts;
    slong m, nscored;
    int score_all;
    const fmpq *c; /* delta's constant, or NULL */
    check_eval_fn eval;
    slong bad;
};

static inline void check_q(check_ctx *X, const fmpq_t expect, slong *preds,
                           const fmpq_t q, const char *what)
{
    fmpq_t loss;
    fmpq_init(loss);
    X->eval(loss, preds, X, q);
    if (!fmpq_equal(loss, expect)) {
        X->bad++;
        fprintf(stderr, "%s at ", what);
        fmpq_fprint(stderr, q);
        fprintf(stderr, ": oracle loss ");
        fmpq_fprint(stderr, loss);
        fprintf(stderr, ", analyzer ");
        fmpq_fprint(stderr, expect);
        fputc('\n', stderr);
    }
    fmpq_clear(loss);
}

/* Open piece i: its interior as [a, b] (certified bounds of its breakpoints). */
static inline void piece_bounds(fmpq_t a, fmpq_t b, const ct_analysis_t A, slong i)
{
    if (i > 0)
        fmpq_set(a, ct_bpoint_hi(A->bp + i - 1));
    else
        fmpq_zero(a);
    if (i < A->nbp)
        fmpq_set(b, ct_bpoint_lo(A->bp + i));
    else
        fmpq_one(b);
}

/* Three points per open piece; left/right predictions kept for the kinds. */
static inline void check_pieces(check_ctx *X, ct_analysis_t A, slong **lpred,
                                slong **rpred)
{
    fmpq_t a, b, q;
    fmpq_init(a), fmpq_init(b), fmpq_init(q);
    slong *tmp = flint_malloc(FLINT_MAX(X->nscored, 1) * sizeof(slong));
    for (slong i = 0; i <= A->nbp; i++) {
        piece_bounds(a, b, A, i);
        if (fmpq_cmp(a, b) >= 0) {
            X->bad++;
            fprintf(stderr, "piece %ld: breakpoint intervals overlap\n", (long)i);
            continue;
        }
        between(q, a, b, 1, 64);
        check_q(X, A->piece_loss + i, lpred[i], q, "piece (left)");
        between(q, a, b, 63, 64);
        check_q(X, A->piece_loss + i, rpred[i], q, "piece (right)");
        ct_analysis_piece_point(q, A, i);
        check_q(X, A->piece_loss + i, tmp, q, "piece (representative point)");
    }
    flint_free(tmp);
    fmpq_clear(a), fmpq_clear(b), fmpq_clear(q);
}

/* A breakpoint is a jump iff some prediction differs between its sides. */
static inline void check_kinds(check_ctx *X, const ct_analysis_t A, slong **lpred,
                               slong **rpred)
{
    for (slong b = 0; b < A->nbp; b++) {
        int differ = memcmp(rpred[b], lpred[b + 1], X->nscored * sizeof(slong)) != 0;
        if (differ != A->jump[b]) {
            X->bad++;
            fprintf(stderr, "breakpoint %ld: kind %s, sides %s\n", (long)b + 1,
                    A->jump[b] ? "jump" : "touch", differ ? "differ" : "agree");
        }
        if (A->changes[b] < 1)
            X->bad++;
    }
}

/* The closed ends (when A->closed), then random rationals in (0, 1) through
   ct_analysis_loss_at. */
static inline void check_ends_and_random(check_ctx *X, ct_analysis_t A,
                                         flint_rand_t state)
{
    slong *tmp = flint_malloc(FLINT_MAX(X->nscored, 1) * sizeof(slong));
    fmpq_t q, loss;
    fmpq_init(q), fmpq_init(loss);
    for (int e = 0; A->closed && e < 2; e++) {
        fmpq_set_si(q, e, 1);
        check_q(X, A->end_loss + e, tmp, q, "end");
        ct_analysis_loss_at(loss, A, q);
        X->bad += !fmpq_equal(loss, A->end_loss + e);
    }
    for (slong r = 0; r < 3; r++) {
        fmpq_set_si(q, 1 + (slong)n_randint(state, 999), 1000);
        ct_analysis_loss_at(loss, A, q);
        check_q(X, loss, tmp, q, "random point");
    }
    fmpq_clear(q), fmpq_clear(loss);
    flint_free(tmp);
}

/* Runs every check on the analysis A of X's set; returns the mismatches. */
static inline slong check_analysis(check_ctx *X, ct_analysis_t A, flint_rand_t state)
{
    slong **lp = flint_malloc((A->nbp + 1) * sizeof(slong *));
    slong **rp = flint_malloc((A->nbp + 1) * sizeof(slong *));
    for (slong i = 0; i <= A->nbp; i++) {
        lp[i] = flint_malloc(FLINT_MAX(X->nscored, 1) * sizeof(slong));
        rp[i] = flint_malloc(FLINT_MAX(X->nscored, 1) * sizeof(slong));
    }
    check_pieces(X, A, lp, rp);
    check_kinds(X, A, lp, rp);
    check_ends_and_random(X, A, state);
    for (slong i = 0; i <= A->nbp; i++)
        flint_free(lp[i]), flint_free(rp[i]);
    flint_free(lp), flint_free(rp);
    return X->bad;
}

#endif
