/* t-check-delta: the analyzer (delta family) against the independent dense
   evaluator of tests/oracle_delta.h through tests/check_pieces.h: exact losses
   at the closed ends 0 and 1, losses at three rational points inside every open
   piece, at random rationals through ct_analysis_loss_at, the jump/touch kind of
   every breakpoint from the predictions on its two sides; and the paper's
   gadget thresholds ln(2c)/ln(x + 2) to 30 digits. */
#include <string.h>
#include "check.h"
#include "check_pieces.h"
#include "oracle_delta.h"
#include "certune/analysis.h"
#include "certune/gen.h"
#include "certune/qparse.h"
#include "certune/family.h"

#define PREC 1024

static FILE *devnull;
static slong stat_sets, stat_bp, stat_evals, stat_maxbp;

/* Predictions of every scored node of the set at delta (exact at the ends) into
   preds, and the loss: the mean over instances of the fraction wrong. */
static void oracle_set_eval(fmpq_t loss, slong *preds, const ct_instance_struct *insts,
                            slong m, int score_all, const fmpq_t c, const fmpq_t delta)
{
    int end = fmpq_is_zero(delta) ? 0 : fmpq_is_one(delta) ? 1 : -1;
    fmpq_t frac;
    fmpq_init(frac);
    fmpq_zero(loss);
    slong k = 0;
    for (slong t = 0; t < m; t++) {
        const ct_instance_struct *I = insts + t;
        arb_mat_t Fa;
        fmpq_mat_t Fq;
        arb_mat_init(Fa, I->n, I->c);
        fmpq_mat_init(Fq, I->n, I->c);
        oracle_delta_scores(Fa, end >= 0 ? Fq : NULL, I, c, delta, end, PREC);
        slong wrong = 0, scored = 0;
        for (slong i = 0; i < I->n; i++) {
            slong truth = I->held[i] >= 0 ? I->held[i] : score_all ? I->label[i] : -1;
            if (truth < 0)
                continue;
            slong p = oracle_delta_argmax(Fa, end >= 0 ? Fq : NULL, i, I->c, PREC);
            preds[k++] = p;
            wrong += p != truth;
            scored++;
        }
        fmpq_set_si(frac, wrong, scored);
        fmpq_add(loss, loss, frac);
        arb_mat_clear(Fa);
        fmpq_mat_clear(Fq);
    }
    fmpz_t mm;
    fmpz_init_set_si(mm, m);
    fmpq_div_fmpz(loss, loss, mm);
    fmpz_clear(mm);
    fmpq_clear(frac);
    stat_evals++;
}

static void delta_eval(fmpq_t loss, slong *preds, const check_ctx *X, const fmpq_t q)
{
    oracle_set_eval(loss, preds, X->insts, X->m, X->score_all, X->c, q);
}

/* Analyzes the set and checks it; returns the number of mismatches. */
static slong check_set(const ct_instance_struct *insts, slong m, int score_all,
                       const fmpq_t c, flint_rand_t state)
{
    ct_analysis_t A;
    char err[512];
    if (ct_family_analyze(A, CT_FAMILY_DELTA, c, insts, m, score_all, devnull, err,
                          sizeof(err))) {
        ct_analysis_clear(A);
        return 0; /* an instance without scored nodes: nothing to compare */
    }
    check_ctx X = {insts, m, A->nscored, score_all, c, delta_eval, 0};
    if (A->nundecided) {
        fprintf(stderr, "undecided: %s in [%s, %s]\n", A->und_what[0], A->und_lo[0],
                A->und_hi[0]);
        ct_analysis_clear(A);
        return 1;
    }
    stat_sets++, stat_bp += A->nbp, stat_maxbp = FLINT_MAX(stat_maxbp, A->nbp);
    slong bad = check_analysis(&X, A, state);
    ct_analysis_clear(A);
    return bad;
}

static void check_random(ulong seed, slong nsets)
{
    static const slong cs[][2] = {{99, 100}, {3, 4}, {1, 2}, {1, 3}, {7, 10}};
    static const double ps[] = {0.1, 0.25, 0.4, 0.7};
    flint_rand_t state;
    flint_randinit(state);
    flint_randseed(state, seed, 7);
    fmpq_t c;
    fmpq_init(c);
    for (slong s = 0; s < nsets; s++) {
        ct_instance_struct set[3];
        slong m = 1 + (slong)n_randint(state, 3), ncls = 2 + (slong)n_randint(state, 3);
        int score_all = n_randint(state, 4) == 0;
        slong ci = (slong)n_randint(state, 5);
        fmpq_set_si(c, cs[ci][0], (ulong)cs[ci][1]);
        for (slong j = 0; j < m; j++) {
            ct_gen_params_t P;
            ct_gen_params_init(P, 2 + (slong)n_randint(state, 13), ncls);
            P->p = ps[n_randint(state, 4)];
            P->connected = n_randint(state, 2);
            P->labeled =
                n_randint(state, 12) == 0 ? 0.0 : 0.15 + 0.1 * n_randint(state, 4);
            P->held = n_randint(state, 4) == 0 ? 0.6 : 1.0;
            P->weight = (ct_gen_weight_t)n_randint(state, 5);
            ct_gen_instance(set + j, P, seed, 8 * s + j);
        }
        slong bad = check_set(set, m, score_all, c, state);
        CHECK_MSG(bad == 0, "seed %lu set %ld (m = %ld, c = %ld/%ld): %ld mismatches",
                  (unsigned long)seed, (long)s, (long)m, (long)cs[ci][0], (long)cs[ci][1],
                  (long)bad);
        for (slong j = 0; j < m; j++)
            ct_instance_clear(set + j);
    }
    fmpq_clear(c);
    flint_randclear(state);
}

static int load(ct_instance_t I, const char *path)
{
    char err[512];
    if (ct_instance_load(I, path, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

/* The gadget file's single breakpoint against ln(2c)/ln(x + 2) (Arb, 256 bits):
   the certified interval contains it and the 30-digit approximation is within
   1e-29 of it. */
static void check_gadget(const char *path, const char *x, const char *c)
{
    ct_instance_t I;
    if (load(I, path)) {
        CHECK_MSG(0, "cannot load %s", path);
        return;
    }
    fmpq_t xq, cq, lo, hi, ap;
    fmpq_init(xq), fmpq_init(cq), fmpq_init(lo), fmpq_init(hi), fmpq_init(ap);
    ct_qparse_fmpq(xq, x), ct_qparse_fmpq(cq, c);
    ct_analysis_t A;
    char err[512];
    CHECK(ct_family_analyze(A, CT_FAMILY_DELTA, cq, I, 1, 0, devnull, err, sizeof(err)) ==
          0);
    CHECK_MSG(A->nundecided == 0 && A->nbp == 1, "%s: %ld breakpoints", path,
              (long)A->nbp);
    if (A->nundecided == 0 && A->nbp == 1) {
        arb_t t, u;
        arb_init(t), arb_init(u);
        arb_set_fmpq(t, cq, 256);
        arb_mul_2exp_si(t, t, 1);
        arb_log(t, t, 256);
        arb_set_fmpq(u, xq, 256);
        arb_add_ui(u, u, 2, 256);
        arb_log(u, u, 256);
        arb_div(t, t, u, 256);
        char *s, *l, *h;
        ct_bpoint_get_strs(&s, &l, &h, A->bp + 0, 30);
        CHECK(ct_qparse_fmpq(ap, s) == 0 && ct_qparse_fmpq(lo, l) == 0 &&
              ct_qparse_fmpq(hi, h) == 0);
        arb_set_fmpq(u, lo, 256);
        CHECK_MSG(arb_lt(u, t) || arb_contains_fmpq(t, lo), "%s: lo %s", path, l);
        arb_set_fmpq(u, hi, 256);
        CHECK_MSG(arb_gt(u, t) || arb_contains_fmpq(t, hi), "%s: hi %s", path, h);
        arb_set_fmpq(u, ap, 256);
        arb_sub(u, u, t, 256);
        arb_abs(u, u);
        arb_set_str(t, "1e-29", 256);
        CHECK_MSG(arb_lt(u, t), "%s: approx %s", path, s);
        CHECK_MSG(strlen(s) >= 31 || strcmp(s, "0.5") == 0, "%s: %s", path, s);
        free(s), free(l), free(h);
        arb_clear(t), arb_clear(u);
    }
    ct_analysis_clear(A);
    ct_instance_clear(I);
    fmpq_clear(xq), fmpq_clear(cq), fmpq_clear(lo), fmpq_clear(hi), fmpq_clear(ap);
}

/* The union of five gadgets: five jumps, the loss alternating 2/5, 3/5. */
static void check_oscillating(void)
{
    ct_instance_t I;
    if (load(I, "instances/delta-gadget-oscillating.gssl")) {
        CHECK(0);
        return;
    }
    ct_analysis_t A;
    char err[512];
    CHECK(ct_family_analyze(A, CT_FAMILY_DELTA, NULL, I, 1, 0, devnull, err,
                            sizeof(err)) == 0);
    CHECK(A->nundecided == 0 && A->nbp == 5 && A->loss_pieces == 6);
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    fmpq_set_si(lo, 2, 5), fmpq_set_si(hi, 3, 5);
    for (slong i = 0; A->nundecided == 0 && i <= A->nbp; i++)
        CHECK(fmpq_equal(A->piece_loss + i, i % 2 ? hi : lo));
    fmpq_clear(lo), fmpq_clear(hi);
    ct_analysis_clear(A);
    ct_instance_clear(I);
}

int main(void)
{
    devnull = fopen("/dev/null", "w");
    check_gadget("instances/delta-gadget-x1-c99_100.gssl", "1", "99/100");
    check_gadget("instances/delta-gadget-x7-c99_100.gssl", "7", "99/100");
    check_gadget("instances/delta-gadget-x2-c3_4.gssl", "2", "3/4");
    check_gadget("instances/delta-gadget-x1_4-c3_4.gssl", "1/4", "3/4");
    check_oscillating();
    check_random(20261126, 400);
    printf("t-check-delta: %ld sets, %ld breakpoints (at most %ld in one set), %ld "
           "oracle evaluations\n",
           (long)stat_sets, (long)stat_bp, (long)stat_maxbp, (long)stat_evals);
    fclose(devnull);
    flint_cleanup_master();
    return check_finish("t-check-delta");
}
