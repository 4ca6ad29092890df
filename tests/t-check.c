/* t-check: the analyzer (lambda family) against an independent dense exact
   evaluator (tests/oracle.h) on random instances and on the paper's gadget.
   Usage: t-check [seed [sets]]. A failing random set is shrunk and written to
   /tmp/fail-<seed>-<set>[-<j>].gssl. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpz_poly_factor.h>
#include <flint/ulong_extras.h>
#include "certune/analysis.h"
#include "certune/gen.h"
#include "certune/family.h"
#include "check.h"
#include "oracle.h"

static FILE *devnull;

/* Coverage counters, printed at the end. */
static slong stat_sets, stat_bp, stat_bp_rational, stat_touch, stat_evals, stat_maxbp;

/* ---------------------------------------------------------------- helpers */

static int tcheck_sgn_at(const fmpz_poly_t f, const fmpq_t q)
{
    fmpq_t v;
    int s;

    fmpq_init(v);
    fmpz_poly_evaluate_fmpq(v, f, q);
    s = fmpq_sgn(v);
    fmpq_clear(v);
    return s;
}

/* Compares q with the root r exactly: -1, 0, 1 as q <, =, > the root. Relies
   only on r's interval holding exactly one root of r->poly. */
static int tcheck_cmp_q_root(const fmpq_t q, const ct_rroot_struct *r)
{
    int s;

    if (fmpq_equal(r->lo, r->hi))
        return fmpq_cmp(q, r->lo);
    if (fmpq_cmp(q, r->lo) <= 0)
        return -1;
    if (fmpq_cmp(q, r->hi) >= 0)
        return 1;
    s = tcheck_sgn_at(r->poly, q);
    if (s == 0)
        return 0;
    return s == r->sign_lo ? -1 : 1;
}

/* Sets x to the breakpoint when it is rational (exact interval or linear
   polynomial) and returns 1; returns 0 otherwise. */
static int tcheck_root_rational(fmpq_t x, const ct_rroot_struct *r)
{
    if (fmpq_equal(r->lo, r->hi)) {
        fmpq_set(x, r->lo);
        return 1;
    }
    if (fmpz_poly_degree(r->poly) == 1) {
        fmpq_set_fmpz_frac(x, r->poly->coeffs + 0, r->poly->coeffs + 1);
        fmpq_neg(x, x);
        return 1;
    }
    return 0;
}

/* Checks the root's certificate: 0 < root, a primitive irreducible polynomial
   with positive leading coefficient, and a sign change (or an exact zero). */
static int tcheck_root_valid(const ct_rroot_struct *r)
{
    fmpz_poly_factor_t fac;
    fmpz_t cont;
    int ok = 1;

    if (fmpz_poly_degree(r->poly) < 1 || fmpz_sgn(fmpz_poly_lead(r->poly)) <= 0)
        return 0;
    fmpz_init(cont);
    fmpz_poly_content(cont, r->poly);
    ok = fmpz_is_one(cont);
    fmpz_clear(cont);
    if (!ok)
        return 0;
    fmpz_poly_factor_init(fac);
    fmpz_poly_factor(fac, r->poly);
    ok = fac->num == 1 && fac->exp[0] == 1;
    fmpz_poly_factor_clear(fac);
    if (!ok)
        return 0;
    if (fmpq_equal(r->lo, r->hi))
        return fmpq_sgn(r->lo) > 0 && tcheck_sgn_at(r->poly, r->lo) == 0;
    return fmpq_sgn(r->lo) >= 0 && fmpq_cmp(r->lo, r->hi) < 0 && r->sign_lo != 0 &&
           tcheck_sgn_at(r->poly, r->lo) == r->sign_lo &&
           tcheck_sgn_at(r->poly, r->hi) == -r->sign_lo;
}

/* Number of scored nodes whose predictions differ between a and b. */
static slong tcheck_ndiff(const slong *a, const slong *b, slong len)
{
    slong i, k = 0;

    for (i = 0; i < len; i++)
        k += a[i] != b[i];
    return k;
}

/* The point strictly between a and b at fraction 1/d from a. */
static void tcheck_between(fmpq_t q, const fmpq_t a, const fmpq_t b, slong d)
{
    fmpz_t dz;

    fmpz_init_set_si(dz, d);
    fmpq_sub(q, b, a);
    fmpq_div_fmpz(q, q, dz);
    fmpq_add(q, q, a);
    fmpz_clear(dz);
}

/* ------------------------------------------------------- the set checker */

typedef struct {
    const ct_instance_struct *insts;
    slong m, nscored;
    int score_all;
    FILE *log; /* NULL: quiet */
    slong bad;
} tcheck_ctx;

#define TFAIL(C, ...)                                                                    \
    do {                                                                                 \
        (C)->bad++;                                                                      \
        if ((C)->log != NULL) {                                                          \
            fprintf((C)->log, "  mismatch: ");                                           \
            fprintf((C)->log, __VA_ARGS__);                                              \
            fputc('\n', (C)->log);                                                       \
        }                                                                                \
    } while (0)

static void tcheck_print_q(FILE *f, const char *what, const fmpq_t q)
{
    if (f == NULL)
        return;
    fprintf(f, "    %s = ", what);
    fmpq_fprint(f, q);
    fputc('\n', f);
}

/* Evaluates at q: loss and predictions (preds has room for nscored). */
static void tcheck_eval(fmpq_t loss, slong *preds, tcheck_ctx *C, const fmpq_t q)
{
    stat_evals++;
    oracle_empirical_loss_preds(loss, C->insts, C->m, q, C->score_all, preds);
}

/* Checks the oracle at q, a point of open piece i, against the analysis and
   against the piece's reference predictions ref. */
static void tcheck_piece_at(tcheck_ctx *C, ct_analysis_t A, slong i, const fmpq_t q,
                            const slong *ref, const char *what)
{
    fmpq_t loss;
    slong *pr = flint_malloc((C->nscored + 1) * sizeof(slong));

    fmpq_init(loss);
    tcheck_eval(loss, pr, C, q);
    if (!fmpq_equal(loss, A->piece_loss + i)) {
        TFAIL(C, "piece %ld (%s): oracle loss differs", (long)i, what);
        tcheck_print_q(C->log, "lambda", q);
        tcheck_print_q(C->log, "oracle", loss);
        tcheck_print_q(C->log, "analyzer", A->piece_loss + i);
    }
    if (ref != NULL && tcheck_ndiff(pr, ref, C->nscored) != 0) {
        TFAIL(C, "piece %ld (%s): %ld predictions differ from the piece point's", (long)i,
              what, (long)tcheck_ndiff(pr, ref, C->nscored));
        tcheck_print_q(C->log, "lambda", q);
    }
    fmpq_clear(loss);
    flint_free(pr);
}

/* The number of maximal intervals of constant loss, recomputed. */
static slong tcheck_count_runs(const ct_analysis_t A)
{
    slong i, runs = 1;
    const fmpq *prev = A->piece_loss + 0;

    for (i = 0; i < A->nbp; i++) {
        if (!fmpq_equal(A->point_loss + i, prev))
            runs++;
        if (!fmpq_equal(A->piece_loss + i + 1, A->point_loss + i))
            runs++;
        prev = A->piece_loss + i + 1;
    }
    return runs;
}

static void tcheck_summary(tcheck_ctx *C, ct_analysis_t A)
{
    slong i, k, best = -1;
    fmpq_t mn;
    int lo_ok, hi_ok;

    if (tcheck_count_runs(A) != A->loss_pieces)
        TFAIL(C, "loss_pieces %ld, recomputed %ld", (long)A->loss_pieces,
              (long)tcheck_count_runs(A));
    fmpq_init(mn);
    fmpq_set(mn, A->piece_loss + 0);
    for (i = 0; i <= A->nbp; i++) {
        if (fmpq_cmp(A->piece_loss + i, mn) < 0)
            fmpq_set(mn, A->piece_loss + i);
        if (best < 0 || fmpq_cmp(A->piece_loss + i, A->piece_loss + best) < 0)
            best = i;
    }
    for (i = 0; i < A->nbp; i++)
        if (fmpq_cmp(A->point_loss + i, mn) < 0)
            fmpq_set(mn, A->point_loss + i);
    if (!fmpq_equal(mn, A->min_loss))
        TFAIL(C, "min_loss differs from the recomputed minimum");
    for (i = k = 0; i <= A->nbp; i++) {
        if (!fmpq_equal(A->piece_loss + i, mn))
            continue;
        if (k >= A->nmin_pieces || A->min_pieces[k] != i)
            TFAIL(C, "min_pieces: piece %ld missing or out of order", (long)i);
        k++;
    }
    if (k != A->nmin_pieces)
        TFAIL(C, "nmin_pieces %ld, recomputed %ld", (long)A->nmin_pieces, (long)k);
    for (i = k = 0; i < A->nbp; i++) {
        if (!fmpq_equal(A->point_loss + i, mn))
            continue;
        if (k >= A->nmin_points || A->min_points[k] != i)
            TFAIL(C, "min_points: point %ld missing or out of order", (long)i);
        k++;
    }
    if (k != A->nmin_points)
        TFAIL(C, "nmin_points %ld, recomputed %ld", (long)A->nmin_points, (long)k);
    if (A->best_piece != best)
        TFAIL(C, "best_piece %ld, recomputed %ld", (long)A->best_piece, (long)best);
    lo_ok = best == 0 || tcheck_cmp_q_root(A->representative, &A->bp[best - 1].alg) > 0;
    hi_ok = best == A->nbp || tcheck_cmp_q_root(A->representative, &A->bp[best].alg) < 0;
    if (fmpq_sgn(A->representative) <= 0 || !lo_ok || !hi_ok)
        TFAIL(C, "representative not inside best piece %ld", (long)best);
    else
        tcheck_piece_at(C, A, best, A->representative, NULL, "representative");
    fmpq_clear(mn);
}

/* The checks on open pieces; fills piece_pred[i] (nscored each). */
static void tcheck_pieces(tcheck_ctx *C, ct_analysis_t A, slong **piece_pred)
{
    slong i, d, nbp = A->nbp;
    fmpq_t q, lo, hi, x, loss, eps;
    ct_rroot_t r;
    static const slong fracs[] = {2, 1000};

    fmpq_init(q);
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_init(x);
    fmpq_init(loss);
    fmpq_init(eps);
    ct_rroot_init(r);
    fmpq_set_si(eps, 1, 1000000000);
    for (i = 0; i <= nbp; i++) {
        ct_analysis_piece_point(q, A, i);
        if (fmpq_sgn(q) <= 0 || (i > 0 && fmpq_cmp(q, A->bp[i - 1].alg.hi) <= 0) ||
            (i < nbp && fmpq_cmp(q, A->bp[i].alg.lo) >= 0)) {
            TFAIL(C, "piece point %ld not strictly inside its piece", (long)i);
            tcheck_print_q(C->log, "q", q);
            continue;
        }
        tcheck_eval(loss, piece_pred[i], C, q);
        if (!fmpq_equal(loss, A->piece_loss + i)) {
            TFAIL(C, "piece %ld (piece point): oracle loss differs", (long)i);
            tcheck_print_q(C->log, "lambda", q);
            tcheck_print_q(C->log, "oracle", loss);
            tcheck_print_q(C->log, "analyzer", A->piece_loss + i);
        }
        /* ends of the piece: refined copies of the neighbouring intervals */
        if (i > 0) {
            ct_rroot_set(r, &A->bp[i - 1].alg);
            ct_rroot_refine(r, eps);
            if (!tcheck_root_valid(r) || fmpq_cmp(r->hi, A->bp[i - 1].alg.hi) > 0) {
                TFAIL(C, "refined breakpoint %ld is not a valid sub-interval",
                      (long)(i - 1));
                fmpq_set(lo, A->bp[i - 1].alg.hi);
            } else {
                fmpq_set(lo, r->hi);
            }
        } else {
            fmpq_zero(lo);
        }
        if (i < nbp) {
            ct_rroot_set(r, &A->bp[i].alg);
            ct_rroot_refine(r, eps);
            if (!tcheck_root_valid(r) || fmpq_cmp(r->lo, A->bp[i].alg.lo) < 0) {
                TFAIL(C, "refined breakpoint %ld is not a valid sub-interval", (long)i);
                fmpq_set(hi, A->bp[i].alg.lo);
            } else {
                fmpq_set(hi, r->lo);
            }
        } else {
            fmpq_mul_si(hi, q, 1000);
            fmpq_add_si(hi, hi, 1000000);
        }
        for (d = 0; d < 2; d++) {
            tcheck_between(x, q, lo, fracs[d]);
            tcheck_piece_at(C, A, i, x, piece_pred[i], "toward left end");
            tcheck_between(x, q, hi, fracs[d]);
            tcheck_piece_at(C, A, i, x, piece_pred[i], "toward right end");
        }
    }
    ct_rroot_clear(r);
    fmpq_clear(q);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_clear(x);
    fmpq_clear(loss);
    fmpq_clear(eps);
}

/* The checks at breakpoints: certificates, order, jump, changes, and exact
   point losses at rational breakpoints. */
static void tcheck_points(tcheck_ctx *C, ct_analysis_t A, slong **piece_pred)
{
    slong i, j, sides, at;
    slong *pr = flint_malloc((C->nscored + 1) * sizeof(slong));
    fmpq_t x, loss;
    ct_rroot_t a, b;

    fmpq_init(x);
    fmpq_init(loss);
    ct_rroot_init(a);
    ct_rroot_init(b);
    for (i = 0; i < A->nbp; i++) {
        if (!tcheck_root_valid(&A->bp[i].alg)) {
            TFAIL(C, "breakpoint %ld: invalid certificate", (long)i);
            continue;
        }
        if (i + 1 < A->nbp) {
            /* disjoint intervals (touching only at a non-root end) */
            if (fmpq_cmp(A->bp[i].alg.hi, A->bp[i + 1].alg.lo) > 0 ||
                (fmpq_equal(A->bp[i].alg.hi, A->bp[i + 1].alg.lo) &&
                 fmpq_equal(A->bp[i].alg.lo, A->bp[i].alg.hi) &&
                 fmpq_equal(A->bp[i + 1].alg.lo, A->bp[i + 1].alg.hi)))
                TFAIL(C, "breakpoints %ld, %ld: intervals overlap", (long)i, (long)i + 1);
            ct_rroot_set(a, &A->bp[i].alg);
            ct_rroot_set(b, &A->bp[i + 1].alg);
            if (ct_rroot_cmp(a, b) >= 0)
                TFAIL(C, "breakpoints %ld, %ld: not increasing", (long)i, (long)i + 1);
        }
        sides = tcheck_ndiff(piece_pred[i], piece_pred[i + 1], C->nscored);
        if ((sides > 0) != (A->jump[i] != 0))
            TFAIL(C, "breakpoint %ld: jump %d but %ld predictions differ between sides",
                  (long)i, A->jump[i], (long)sides);
        if (A->changes[i] < sides || A->changes[i] <= 0)
            TFAIL(C, "breakpoint %ld: changes %ld, sides differ in %ld", (long)i,
                  (long)A->changes[i], (long)sides);
        stat_bp++;
        stat_touch += !A->jump[i];
        if (!tcheck_root_rational(x, &A->bp[i].alg))
            continue;
        stat_bp_rational++;
        tcheck_eval(loss, pr, C, x);
        if (!fmpq_equal(loss, A->point_loss + i)) {
            TFAIL(C, "breakpoint %ld: oracle point loss differs", (long)i);
            tcheck_print_q(C->log, "lambda", x);
            tcheck_print_q(C->log, "oracle", loss);
            tcheck_print_q(C->log, "analyzer", A->point_loss + i);
        }
        for (j = at = 0; j < C->nscored; j++)
            at += pr[j] != piece_pred[i][j] || pr[j] != piece_pred[i + 1][j];
        if (at != A->changes[i])
            TFAIL(C, "breakpoint %ld: changes %ld, oracle %ld", (long)i,
                  (long)A->changes[i], (long)at);
    }
    ct_rroot_clear(a);
    ct_rroot_clear(b);
    fmpq_clear(x);
    fmpq_clear(loss);
    flint_free(pr);
}

/* Random rationals in (0, 1000): their loss is that of their piece or point. */
static void tcheck_random_points(tcheck_ctx *C, ct_analysis_t A, slong **piece_pred,
                                 flint_rand_t state, slong count)
{
    slong t, i, den;
    int s = 1;
    fmpq_t q, loss;

    fmpq_init(q);
    fmpq_init(loss);
    for (t = 0; t < count; t++) {
        den = 1 + (slong)n_randint(state, (t & 1) ? 1000 : 10);
        fmpq_set_si(q, 1 + (slong)n_randint(state, 1000 * den - 1), den);
        for (i = 0; i < A->nbp; i++) {
            s = tcheck_cmp_q_root(q, &A->bp[i].alg);
            if (s <= 0)
                break;
        }
        if (i < A->nbp && s == 0) {
            tcheck_eval(loss, NULL, C, q);
            if (!fmpq_equal(loss, A->point_loss + i)) {
                TFAIL(C, "random point at breakpoint %ld: oracle loss differs", (long)i);
                tcheck_print_q(C->log, "lambda", q);
            }
        } else {
            tcheck_piece_at(C, A, i, q, piece_pred[i], "random point");
        }
    }
    fmpq_clear(q);
    fmpq_clear(loss);
}

/* Runs the analyzer on the set and checks everything; returns the number of
   mismatches (logged to log when not NULL), or -1 when nothing is scored. */
static slong tcheck_set(const ct_instance_struct *insts, slong m, int score_all,
                        FILE *log, ulong seed)
{
    tcheck_ctx C[1];
    ct_analysis_t A;
    char err[512];
    slong i, j;
    slong **piece_pred;
    flint_rand_t state;

    C->insts = insts;
    C->m = m;
    C->score_all = score_all;
    C->log = log;
    C->bad = 0;
    C->nscored = 0;
    for (j = 0; j < m; j++) {
        i = oracle_nscored(insts + j, score_all);
        if (i == 0)
            return -1;
        C->nscored += i;
    }
    memset(A, 0, sizeof(ct_analysis_t));
    if (ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, insts, m, score_all, devnull, err,
                          sizeof(err))) {
        TFAIL(C, "analysis_run failed: %s", err);
        return C->bad;
    }
    if (A->ninst != m || A->nscored != C->nscored)
        TFAIL(C, "ninst %ld nscored %ld, expected %ld %ld", (long)A->ninst,
              (long)A->nscored, (long)m, (long)C->nscored);
    stat_sets++;
    stat_maxbp = FLINT_MAX(stat_maxbp, A->nbp);
    piece_pred = flint_malloc((A->nbp + 1) * sizeof(slong *));
    for (i = 0; i <= A->nbp; i++)
        piece_pred[i] = flint_calloc(C->nscored + 1, sizeof(slong));
    flint_randinit(state);
    flint_randseed(state, seed + 77, 99);
    tcheck_pieces(C, A, piece_pred);
    tcheck_points(C, A, piece_pred);
    tcheck_random_points(C, A, piece_pred, state, 12);
    tcheck_summary(C, A);
    flint_randclear(state);
    for (i = 0; i <= A->nbp; i++)
        flint_free(piece_pred[i]);
    flint_free(piece_pred);
    ct_analysis_clear(A);
    return C->bad;
}

/* ------------------------------------------------------------- shrinking */

/* dst = src without node `skip_node` (-1: none) and edge `skip_edge` (-1). */
static void tcheck_instance_copy(ct_instance_t dst, const ct_instance_t src,
                                 slong skip_node, slong skip_edge)
{
    slong e, i, k = 0, n = src->n - (skip_node >= 0);

    for (e = 0; e < src->nedges; e++)
        k += e != skip_edge && src->eu[e] != skip_node && src->ev[e] != skip_node;
    ct_gen_instance_init(dst, src->path, n, src->c, k);
    for (e = k = 0; e < src->nedges; e++) {
        if (e == skip_edge || src->eu[e] == skip_node || src->ev[e] == skip_node)
            continue;
        dst->eu[k] = src->eu[e] - (skip_node >= 0 && src->eu[e] > skip_node);
        dst->ev[k] = src->ev[e] - (skip_node >= 0 && src->ev[e] > skip_node);
        fmpq_set(dst->ew + k, src->ew + e);
        k++;
    }
    for (i = k = 0; i < src->n; i++) {
        if (i == skip_node)
            continue;
        dst->label[k] = src->label[i];
        dst->held[k] = src->held[i];
        k++;
    }
}

/* Tries cand in place of slot j of the set; keeps it when it still fails. */
static int tcheck_try(ct_instance_struct *set, slong m, slong j, ct_instance_t cand,
                      int score_all)
{
    ct_instance_struct old = set[j];

    set[j] = *cand;
    if (tcheck_set(set, m, score_all, NULL, 1) > 0) {
        ct_instance_clear(&old);
        return 1;
    }
    set[j] = old;
    ct_instance_clear(cand);
    return 0;
}

/* Greedy shrinking of a failing set: drop instances, nodes, edges, records,
   and simplify weights while it still fails. */
static void tcheck_shrink(ct_instance_struct *set, slong *m, int score_all)
{
    slong j, v, e;
    int progress = 1;
    ct_instance_t cand;

    while (*m > 1 && progress) {
        progress = 0;
        for (j = 0; j < *m; j++) {
            if (tcheck_set(set + j, 1, score_all, NULL, 1) > 0) {
                for (v = 0; v < *m; v++)
                    if (v != j)
                        ct_instance_clear(set + v);
                set[0] = set[j];
                *m = 1;
                progress = 1;
                break;
            }
        }
        for (j = 0; j < *m && !progress; j++) {
            ct_instance_struct *rest = flint_malloc(*m * sizeof(ct_instance_struct));
            slong k = 0;
            for (v = 0; v < *m; v++)
                if (v != j)
                    rest[k++] = set[v];
            if (tcheck_set(rest, k, score_all, NULL, 1) > 0) {
                ct_instance_clear(set + j);
                memcpy(set, rest, k * sizeof(ct_instance_struct));
                *m = k;
                progress = 1;
            }
            flint_free(rest);
        }
    }
    for (progress = 1; progress;) {
        progress = 0;
        for (j = 0; j < *m; j++) {
            for (v = 0; v < set[j].n; v++) {
                tcheck_instance_copy(cand, set + j, v, -1);
                if (tcheck_try(set, *m, j, cand, score_all)) {
                    progress = 1;
                    v--;
                }
            }
            for (e = 0; e < set[j].nedges; e++) {
                tcheck_instance_copy(cand, set + j, -1, e);
                if (tcheck_try(set, *m, j, cand, score_all)) {
                    progress = 1;
                    e--;
                }
            }
            for (v = 0; v < set[j].n; v++) {
                if (set[j].label[v] < 0 && set[j].held[v] < 0)
                    continue;
                tcheck_instance_copy(cand, set + j, -1, -1);
                if (cand->label[v] >= 0)
                    cand->label[v] = -1;
                else
                    cand->held[v] = -1;
                if (tcheck_try(set, *m, j, cand, score_all))
                    progress = 1;
            }
            for (e = 0; e < set[j].nedges; e++) {
                if (fmpq_is_one(set[j].ew + e))
                    continue;
                tcheck_instance_copy(cand, set + j, -1, -1);
                fmpq_one(cand->ew + e);
                if (tcheck_try(set, *m, j, cand, score_all))
                    progress = 1;
            }
        }
    }
}

static void tcheck_report_failure(ct_instance_struct *set, slong m, int score_all,
                                  ulong seed, slong s)
{
    char path[256];
    slong j;
    FILE *f;

    tcheck_shrink(set, &m, score_all);
    fprintf(stderr, "set %ld shrunk to %ld instance(s), score_all=%d:\n", (long)s,
            (long)m, score_all);
    for (j = 0; j < m; j++) {
        if (m == 1)
            snprintf(path, sizeof(path), "/tmp/fail-%lu-%ld.gssl", (unsigned long)seed,
                     (long)s);
        else
            snprintf(path, sizeof(path), "/tmp/fail-%lu-%ld-%ld.gssl",
                     (unsigned long)seed, (long)s, (long)j);
        f = fopen(path, "w");
        if (f != NULL) {
            ct_instance_write(set + j, f);
            fclose(f);
        }
        fprintf(stderr, "  %s (n = %ld, %ld edges)\n", path, (long)set[j].n,
                (long)set[j].nedges);
        ct_instance_write(set + j, stderr);
    }
    tcheck_set(set, m, score_all, stderr, 1);
    for (j = 0; j < m; j++)
        ct_instance_clear(set + j);
}

/* ------------------------------------------------------------ random sets */

/* dst = src with its nodes renumbered by a random permutation (the same sign
   polynomials, so the same breakpoints: the analyzer must merge them exactly);
   with redraw, the held-out classes are drawn again. */
static void tcheck_instance_permuted(ct_instance_t dst, const ct_instance_t src,
                                     flint_rand_t state, int redraw)
{
    slong i, j, t, u, v, e, n = src->n;
    slong *p = flint_malloc((n + 1) * sizeof(slong));

    for (i = 0; i < n; i++)
        p[i] = i;
    for (i = n - 1; i > 0; i--) {
        j = (slong)n_randint(state, i + 1);
        t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    ct_gen_instance_init(dst, "permuted", n, src->c, src->nedges);
    for (e = 0; e < src->nedges; e++) {
        u = p[src->eu[e]];
        v = p[src->ev[e]];
        dst->eu[e] = FLINT_MIN(u, v);
        dst->ev[e] = FLINT_MAX(u, v);
        fmpq_set(dst->ew + e, src->ew + e);
    }
    for (i = 0; i < n; i++) {
        dst->label[p[i]] = src->label[i];
        dst->held[p[i]] = src->held[i];
        if (redraw && src->held[i] >= 0)
            dst->held[p[i]] = (slong)n_randint(state, src->c);
    }
    flint_free(p);
}

static void tcheck_random(ulong seed, slong nsets)
{
    static const double ps[] = {0.08, 0.2, 0.35, 0.6};
    static const double labs[] = {0.1, 0.2, 0.3, 0.5};
    flint_rand_t state;
    ct_gen_params_t P;
    ct_instance_struct set[4];
    slong s, j, m, c, bad, failures = 0;
    int score_all;

    flint_randinit(state);
    flint_randseed(state, seed, 1);
    for (s = 0; s < nsets; s++) {
        m = 1 + (slong)n_randint(state, 4);
        c = 2 + (slong)n_randint(state, 3);
        score_all = n_randint(state, 10) < 3;
        for (j = 0; j < m; j++) {
            ct_gen_params_init(P, 2 + (slong)n_randint(state, 13), c);
            P->p = ps[n_randint(state, 4)];
            P->connected = n_randint(state, 2);
            P->sbm = n_randint(state, 4) == 0;
            P->p_out = P->p / 4;
            P->labeled = n_randint(state, 16) == 0 ? 0.0 : labs[n_randint(state, 4)];
            P->held = n_randint(state, 4) == 0 ? 0.6 : 1.0;
            P->weight = (ct_gen_weight_t)n_randint(state, 5);
            if (j > 0 && n_randint(state, 6) == 0)
                tcheck_instance_permuted(set + j, set + 0, state, n_randint(state, 2));
            else
                ct_gen_instance(set + j, P, seed, 8 * s + j);
        }
        bad = tcheck_set(set, m, score_all, NULL, seed + s);
        CHECK_MSG(bad <= 0, "seed %lu set %ld: %ld mismatches", (unsigned long)seed,
                  (long)s, (long)bad);
        if (bad > 0 && failures++ < 3) {
            tcheck_report_failure(set, m, score_all, seed, s);
            continue;
        }
        for (j = 0; j < m; j++)
            ct_instance_clear(set + j);
    }
    flint_randclear(state);
}

/* ---------------------------------------------------------------- gadgets */

/* Appends the paper's lambda gadget at nodes base..base+3 (edges from edge
   index e0): (1,3) = 1, (2,3) = 1, (3,4) = x; nodes 1, 2 labeled 0, node 4
   labeled 1, node 3 held out with class truth. */
static void tcheck_gadget_put(ct_instance_t I, slong base, slong e0, const fmpq_t x,
                              slong truth)
{
    I->eu[e0] = base + 0;
    I->ev[e0] = base + 2;
    fmpq_one(I->ew + e0);
    I->eu[e0 + 1] = base + 1;
    I->ev[e0 + 1] = base + 2;
    fmpq_one(I->ew + e0 + 1);
    I->eu[e0 + 2] = base + 2;
    I->ev[e0 + 2] = base + 3;
    fmpq_set(I->ew + e0 + 2, x);
    I->label[base + 0] = 0;
    I->label[base + 1] = 0;
    I->label[base + 3] = 1;
    I->held[base + 2] = truth;
}

/* The hand-derived threshold: node 3 predicts class 0 iff x >= lambda (x - 2),
   so t = x / (x - 2) when x > 2 (returns 1), and never changes when x <= 2. */
static int tcheck_gadget_threshold(fmpq_t t, const fmpq_t x)
{
    if (fmpq_cmp_si(x, 2) <= 0)
        return 0;
    fmpq_sub_si(t, x, 2);
    fmpq_div(t, x, t);
    return 1;
}

static void tcheck_gadget_single(const fmpq_t x, slong truth)
{
    ct_instance_t I;
    ct_analysis_t A;
    fmpq_t t, q, e, loss, w0, w1;
    slong pred[4];
    char err[512];
    int has;

    fmpq_init(t);
    fmpq_init(q);
    fmpq_init(e);
    fmpq_init(loss);
    fmpq_init(w0);
    fmpq_init(w1);
    ct_gen_instance_init(I, "gadget", 4, 2, 3);
    tcheck_gadget_put(I, 0, 0, x, truth);
    has = tcheck_gadget_threshold(t, x);
    fmpq_set_si(w0, truth != 0, 1); /* loss while node 3 predicts class 0 */
    fmpq_set_si(w1, truth != 1, 1);

    /* the oracle agrees with the hand derivation on both sides and at t */
    fmpq_set_si(e, 1, 1000000007);
    if (has) {
        fmpq_sub(q, t, e);
        oracle_predict(pred, I, q);
        CHECK(pred[2] == 0);
        oracle_predict(pred, I, t);
        CHECK(pred[2] == 0);
        fmpq_add(q, t, e);
        oracle_predict(pred, I, q);
        CHECK(pred[2] == 1);
    } else {
        fmpq_set_si(q, 1, 1000);
        oracle_predict(pred, I, q);
        CHECK(pred[2] == 0);
        fmpq_set_si(q, 1000000, 1);
        oracle_predict(pred, I, q);
        CHECK(pred[2] == 0);
    }

    memset(A, 0, sizeof(ct_analysis_t));
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, I, 1, 0, devnull, err,
                            sizeof(err)) == 0);
    if (has) {
        CHECK_MSG(A->nbp == 1, "gadget: %ld breakpoints", (long)A->nbp);
        if (A->nbp == 1) {
            CHECK_MSG(fmpq_equal(A->bp[0].alg.lo, t) && fmpq_equal(A->bp[0].alg.hi, t),
                      "gadget breakpoint is not exactly x/(x-2) = %s",
                      fmpq_get_str(NULL, 10, t));
            CHECK(tcheck_cmp_q_root(t, &A->bp[0].alg) == 0);
            CHECK(fmpq_equal(A->piece_loss + 0, w0));
            CHECK(fmpq_equal(A->point_loss + 0, w0));
            CHECK(fmpq_equal(A->piece_loss + 1, w1));
            CHECK(A->jump[0] == 1 && A->changes[0] == 1);
            CHECK(A->loss_pieces == (fmpq_equal(w0, w1) ? 1 : 2));
        }
    } else {
        CHECK_MSG(A->nbp == 0, "gadget x <= 2: %ld breakpoints", (long)A->nbp);
        if (A->nbp == 0) {
            CHECK(fmpq_equal(A->piece_loss + 0, w0));
            CHECK(A->loss_pieces == 1);
        }
    }
    ct_analysis_clear(A);
    ct_instance_clear(I);
    fmpq_clear(t);
    fmpq_clear(q);
    fmpq_clear(e);
    fmpq_clear(loss);
    fmpq_clear(w0);
    fmpq_clear(w1);
}

static int tcheck_cmp_fmpq(const void *a, const void *b)
{
    return fmpq_cmp((const fmpq *)a, (const fmpq *)b);
}

/* g gadgets in one instance, thresholds t_j = x_j / (x_j - 2) distinct; the
   gadget with the j-th smallest threshold has truth (j + first) % 2, so the
   loss alternates between neighbouring pieces. */
static void tcheck_gadget_union(const slong (*xs)[2], slong g, slong first)
{
    ct_instance_t I;
    ct_analysis_t A;
    fmpq *x = _fmpq_vec_init(g), *t = _fmpq_vec_init(g);
    fmpq_t want, q;
    slong j, p, wrong;
    char err[512];

    fmpq_init(want);
    fmpq_init(q);
    for (j = 0; j < g; j++)
        fmpq_set_si(x + j, xs[j][0], xs[j][1]);
    /* sorting x decreasingly sorts the thresholds increasingly */
    qsort(x, g, sizeof(fmpq), tcheck_cmp_fmpq);
    for (j = 0; j < g / 2; j++)
        fmpq_swap(x + j, x + g - 1 - j);
    ct_gen_instance_init(I, "gadget-union", 4 * g, 2, 3 * g);
    for (j = 0; j < g; j++) {
        tcheck_gadget_threshold(t + j, x + j);
        tcheck_gadget_put(I, 4 * j, 3 * j, x + j, (j + first) % 2);
    }
    memset(A, 0, sizeof(ct_analysis_t));
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, I, 1, 0, devnull, err,
                            sizeof(err)) == 0);
    CHECK_MSG(A->nbp == g, "gadget union: %ld breakpoints, expected %ld", (long)A->nbp,
              (long)g);
    CHECK(A->loss_pieces == g + 1);
    for (p = 0; p <= g && A->nbp == g; p++) {
        /* on piece p, gadgets 0..p-1 predict class 1, the others class 0 */
        for (j = wrong = 0; j < g; j++)
            wrong += ((j < p) ? 1 : 0) != (j + first) % 2;
        fmpq_set_si(want, wrong, g);
        CHECK_MSG(fmpq_equal(A->piece_loss + p, want), "gadget union piece %ld", (long)p);
        if (p > 0)
            CHECK(!fmpq_equal(A->piece_loss + p, A->piece_loss + p - 1));
        if (p < g) {
            CHECK(fmpq_equal(A->bp[p].alg.lo, t + p) &&
                  fmpq_equal(A->bp[p].alg.hi, t + p));
            CHECK(fmpq_equal(A->point_loss + p, A->piece_loss + p));
        }
        ct_analysis_piece_point(q, A, p);
        oracle_loss(want, I, q, 0);
        CHECK(fmpq_equal(want, A->piece_loss + p));
    }
    CHECK(tcheck_set(I, 1, 0, stderr, 5) == 0);
    CHECK(tcheck_set(I, 1, 1, stderr, 6) == 0);
    ct_analysis_clear(A);
    ct_instance_clear(I);
    _fmpq_vec_clear(x, g);
    _fmpq_vec_clear(t, g);
    fmpq_clear(want);
    fmpq_clear(q);
}

static void tcheck_gadgets(void)
{
    static const slong xs[][2] = {{3, 1},  {4, 1},   {6, 1}, {5, 2},      {23, 10},
                                  {7, 3},  {100, 1}, {1, 1}, {2, 1},      {1, 2},
                                  {13, 1}, {9, 4},   {8, 1}, {2001, 1000}};
    slong nx = sizeof(xs) / sizeof(xs[0]), j;
    fmpq_t x;

    fmpq_init(x);
    for (j = 0; j < nx; j++) {
        fmpq_set_si(x, xs[j][0], xs[j][1]);
        tcheck_gadget_single(x, 0);
        tcheck_gadget_single(x, 1);
    }
    fmpq_clear(x);
    tcheck_gadget_union(xs, 7, 0);
    tcheck_gadget_union(xs, 7, 1);
    tcheck_gadget_union(xs + 10, 4, 1);
}

/* The oracle against itself on generated instances: predictions at rationals
   far apart stay within the classes, losses in [0, 1]. */
static void tcheck_oracle_sanity(void)
{
    ct_gen_params_t P;
    ct_instance_t I;
    fmpq_t q, loss;
    slong k, i, pred[20];

    fmpq_init(q);
    fmpq_init(loss);
    for (k = 0; k < 20; k++) {
        ct_gen_params_init(P, 2 + k % 19, 2 + k % 3);
        P->weight = (ct_gen_weight_t)(k % 5);
        ct_gen_instance(I, P, 4242, k);
        fmpq_set_si(q, 1 + k, 3);
        oracle_predict(pred, I, q);
        for (i = 0; i < I->n; i++)
            CHECK(pred[i] >= 0 && pred[i] < I->c);
        oracle_loss(loss, I, q, 1);
        CHECK(fmpq_sgn(loss) >= 0 && fmpq_cmp_si(loss, 1) <= 0);
        ct_instance_clear(I);
    }
    fmpq_clear(q);
    fmpq_clear(loss);
}

int main(int argc, char **argv)
{
    ulong seed = argc > 1 ? strtoul(argv[1], NULL, 10) : 20240601;
    slong nsets = argc > 2 ? strtol(argv[2], NULL, 10) : 6000;

    /* a hang inside the analyzer becomes a failure (SIGALRM), not a stuck run */
    alarm(600);
    devnull = fopen("/dev/null", "w");
    tcheck_oracle_sanity();
    tcheck_gadgets();
    tcheck_random(seed, nsets);
    printf("%ld analyses, %ld breakpoints (%ld rational, %ld touch, at most %ld in "
           "one), %ld oracle evaluations\n",
           (long)stat_sets, (long)stat_bp, (long)stat_bp_rational, (long)stat_touch,
           (long)stat_maxbp, (long)stat_evals);
    fclose(devnull);
    flint_cleanup();
    return check_finish("t-check");
}
