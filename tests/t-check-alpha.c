/* t-check-alpha: the analyzer (alpha family) against the independent dense
   evaluator of tests/oracle_alpha.h (Arb at 1024 bits) through
   tests/check_pieces.h on random sets with mixed square classes of degrees
   (unit, integer and decimal weights; every other set with the scored rows
   solved in batches of one): losses at three rational points inside
   every open piece, at random rationals, the kind of every breakpoint; and the
   paper's gadget thresholds sqrt(x + 2)/2 to 30 digits; and every set's report
   the same with and without the zeros that change no prediction moved. */
#include <string.h>
#include "check.h"
#include "check_pieces.h"
#include "oracle_alpha.h"
#include "certune/gen.h"
#include "certune/qparse.h"
#include "certune/family.h"
#include "certune/alpha.h"
#include "certune/report.h"

#define PREC 1024

static FILE *devnull;
static slong stat_sets, stat_bp, stat_maxbp, stat_mq;

static void alpha_eval(fmpq_t loss, slong *preds, const check_ctx *X, const fmpq_t q)
{
    fmpq_t frac;
    fmpq_init(frac);
    fmpq_zero(loss);
    slong k = 0;
    for (slong t = 0; t < X->m; t++) {
        const ct_instance_struct *I = X->insts + t;
        arb_mat_t F;
        arb_mat_init(F, I->n, I->c);
        oracle_alpha_scores(F, I, q, PREC);
        slong wrong = 0, scored = 0;
        for (slong i = 0; i < I->n; i++) {
            slong truth = I->held[i] >= 0 ? I->held[i] : X->score_all ? I->label[i] : -1;
            if (truth < 0)
                continue;
            slong best = 0;
            for (slong c = 1; c < I->c; c++)
                if (oracle_alpha_sign(F, i, c, best, PREC) > 0)
                    best = c;
            preds[k++] = best;
            wrong += best != truth, scored++;
        }
        fmpq_set_si(frac, wrong, scored);
        fmpq_add(loss, loss, frac);
        arb_mat_clear(F);
    }
    fmpz_t mm;
    fmpz_init_set_si(mm, X->m);
    fmpq_div_fmpz(loss, loss, mm);
    fmpz_clear(mm);
    fmpq_clear(frac);
}

/* The text and JSON reports of the set's analysis (malloc'ed), with the
   zeros that change no prediction moved (alpha_move.c) or kept. */
static char *report_of(const ct_instance_struct *insts, slong m, int score_all, int move,
                       int ties, slong nthreads, size_t budget)
{
    ct_analysis_t A;
    char err[512], *buf = NULL;
    size_t len = 0;
    ct_analysis_settings_struct set = {.keep_silent_zeros = !move,
                                       .memory_budget = budget};
    FILE *f = open_memstream(&buf, &len);
    if (ct_family_analyze_threads(A, CT_FAMILY_ALPHA, NULL, insts, m, score_all, ties,
                                  nthreads, &set, devnull, err, sizeof(err)) == 0 &&
        A->nundecided == 0) {
        ct_report_write_text(f, A);
        ct_report_write_json(f, A);
    }
    fclose(f);
    ct_analysis_clear(A);
    return buf;
}

static slong check_set(const ct_instance_struct *insts, slong m, int score_all,
                       size_t budget, flint_rand_t state)
{
    ct_analysis_t A;
    char err[512];
    /* both tie rules: the expected-tie cost also compares classes with the
       maximum only, so moving must not change it either */
    for (int ties = 0; ties < 2; ties++) {
        char *kept = report_of(insts, m, score_all, 0, ties, 1, budget);
        char *moved = report_of(insts, m, score_all, 1, ties, 1, budget);
        CHECK_MSG(strcmp(kept, moved) == 0, "moving zeros changed the report:\n%s\n%s",
                  kept, moved);
        free(kept), free(moved);
    }
    if (m == 1) { /* one instance on two threads: they share its modular solve */
        char *one = report_of(insts, m, score_all, 1, 0, 1, budget);
        char *two = report_of(insts, m, score_all, 1, 0, 2, budget);
        CHECK_MSG(strcmp(one, two) == 0, "two threads changed the report:\n%s\n%s", one,
                  two);
        free(one), free(two);
    }
    ct_analysis_settings_struct set = {.memory_budget = budget};
    if (ct_family_analyze_threads(A, CT_FAMILY_ALPHA, NULL, insts, m, score_all,
                                  CT_SIGNFN_TIES_SMALLEST, 1, &set, devnull, err,
                                  sizeof(err))) {
        ct_analysis_clear(A);
        return 0; /* an instance without scored nodes */
    }
    check_ctx X = {insts, m, A->nscored, score_all, NULL, alpha_eval, 0};
    if (A->nundecided) {
        fprintf(stderr, "undecided: %s in [%s, %s]\n", A->und_what[0], A->und_lo[0],
                A->und_hi[0]);
        ct_analysis_clear(A);
        return 1;
    }
    stat_sets++, stat_bp += A->nbp, stat_maxbp = FLINT_MAX(stat_maxbp, A->nbp);
    for (slong b = 0; b < A->nbp; b++)
        stat_mq += A->bp[b].kind == CT_BPOINT_MQ;
    slong bad = check_analysis(&X, A, state);
    ct_analysis_clear(A);
    return bad;
}

static void check_random(ulong seed, slong nsets)
{
    static const double ps[] = {0.1, 0.25, 0.4, 0.7};
    flint_rand_t state;
    flint_randinit(state);
    flint_randseed(state, seed, 11);
    for (slong s = 0; s < nsets; s++) {
        ct_instance_struct set[3];
        slong m = 1 + (slong)n_randint(state, 3), ncls = 2 + (slong)n_randint(state, 3);
        int score_all = n_randint(state, 4) == 0;
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
        /* every other set with the rows solved one per batch (a budget of 1
           byte), so both paths of alpha.c meet the oracle */
        slong bad = check_set(set, m, score_all, s % 2 ? 1 : 0, state);
        CHECK_MSG(bad == 0, "seed %lu set %ld (m = %ld): %ld mismatches",
                  (unsigned long)seed, (long)s, (long)m, (long)bad);
        for (slong j = 0; j < m; j++)
            ct_instance_clear(set + j);
    }
    flint_randclear(state);
}

/* The gadget's single breakpoint against sqrt(x + 2)/2 (Arb, 256 bits). */
static void check_gadget(const char *path, const char *x)
{
    ct_instance_t I;
    char err[512];
    if (ct_instance_load(I, path, err, sizeof(err))) {
        CHECK_MSG(0, "%s", err);
        return;
    }
    fmpq_t xq, lo, hi, ap;
    fmpq_init(xq), fmpq_init(lo), fmpq_init(hi), fmpq_init(ap);
    ct_qparse_fmpq(xq, x);
    ct_analysis_t A;
    CHECK(ct_family_analyze(A, CT_FAMILY_ALPHA, NULL, I, 1, 0, devnull, err,
                            sizeof(err)) == 0);
    CHECK_MSG(A->nundecided == 0 && A->nbp == 1, "%s: %ld breakpoints", path,
              (long)A->nbp);
    if (A->nundecided == 0 && A->nbp == 1) {
        arb_t t, u;
        arb_init(t), arb_init(u);
        arb_set_fmpq(t, xq, 256);
        arb_add_ui(t, t, 2, 256);
        arb_sqrt(t, t, 256);
        arb_mul_2exp_si(t, t, -1);
        char *s, *l, *h;
        ct_bpoint_get_strs(&s, &l, &h, A->bp + 0, 30);
        CHECK(ct_qparse_fmpq(ap, s) == 0 && ct_qparse_fmpq(lo, l) == 0 &&
              ct_qparse_fmpq(hi, h) == 0);
        arb_set_fmpq(u, lo, 256);
        CHECK_MSG(arb_le(u, t), "%s: lo %s", path, l);
        arb_set_fmpq(u, hi, 256);
        CHECK_MSG(arb_ge(u, t), "%s: hi %s", path, h);
        arb_set_fmpq(u, ap, 256);
        arb_sub(u, u, t, 256);
        arb_abs(u, u);
        arb_set_str(t, "1e-29", 256);
        CHECK_MSG(arb_lt(u, t), "%s: approx %s", path, s);
        /* class 0 up to the threshold (tie included), class 1 above: held out
           as class 0, the loss is 0, 0 at the point, then 1. */
        CHECK(fmpq_is_zero(A->piece_loss + 0) && fmpq_is_zero(A->point_loss + 0) &&
              fmpq_is_one(A->piece_loss + 1));
        free(s), free(l), free(h);
        arb_clear(t), arb_clear(u);
    }
    ct_analysis_clear(A);
    ct_instance_clear(I);
    fmpq_clear(xq), fmpq_clear(lo), fmpq_clear(hi), fmpq_clear(ap);
}

int main(void)
{
    devnull = fopen("/dev/null", "w");
    check_gadget("instances/alpha-gadget-x1.gssl", "1");
    check_gadget("instances/alpha-gadget-x1_10.gssl", "1/10");
    check_gadget("instances/alpha-gadget-x1_4.gssl", "1/4");
    check_gadget("instances/alpha-gadget-x7_4.gssl", "7/4");
    check_random(20261127, 300);
    long moved = ct_alpha_moved_zeros();
    printf("t-check-alpha: %ld sets, %ld breakpoints (%ld multi-quadratic; at most %ld "
           "in one set), %ld zeros moved\n",
           (long)stat_sets, (long)stat_bp, (long)stat_mq, (long)stat_maxbp, moved);
    CHECK_MSG(moved > 0, "no zero was moved: alpha_move.c is not exercised");
    fclose(devnull);
    flint_cleanup_master();
    return check_finish("t-check-alpha");
}
