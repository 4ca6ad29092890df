/* Tests of analyze on hand-derived cases: the oscillating union of gadgets
   (thresholds 5/4, 3/2, 2, 3, 5; losses 3/5 and 2/5 alternating, ties to class
   0 so each point has its left piece's loss), exact merging of equal
   thresholds across instances, loss_at, representatives, and errors. */
#include <pthread.h>
#include <string.h>
#include "check.h"
#include "analysis_same.h"
#include "certune/analysis.h"
#include "certune/family.h"
#include "certune/gen.h"

static int is_q(const fmpq_t x, slong num, ulong den)
{
    fmpq_t y;
    fmpq_init(y);
    fmpq_set_si(y, num, den);
    int eq = fmpq_equal(x, y);
    fmpq_clear(y);
    return eq;
}

static void check_oscillating(void)
{
    ct_instance_t inst;
    ct_analysis_t A;
    char err[256];
    CHECK(ct_instance_load(inst, "instances/lambda-gadget-oscillating.gssl", err,
                           sizeof(err)) == 0);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst, 1, 0, NULL, err,
                            sizeof(err)) == 0);
    slong tn[5] = {5, 3, 2, 3, 5}, td[5] = {4, 2, 1, 1, 1};
    CHECK(A->nbp == 5 && A->loss_pieces == 6 && is_q(A->min_loss, 2, 5));
    for (slong b = 0; b < A->nbp && b < 5; b++) {
        CHECK(is_q(A->bp[b].alg.lo, tn[b], td[b]) && is_q(A->bp[b].alg.hi, tn[b], td[b]));
        CHECK(A->jump[b] == 1 && A->changes[b] == 1);
        CHECK(fmpq_equal(A->point_loss + b, A->piece_loss + b));
    }
    for (slong i = 0; i <= A->nbp; i++)
        CHECK(is_q(A->piece_loss + i, i % 2 ? 2 : 3, 5));
    /* loss_at: inside pieces and exactly at breakpoints. */
    slong qn[7] = {1, 5, 4, 3, 2, 10, 100}, qd[7] = {1, 4, 3, 2, 1, 3, 1};
    slong ln[7] = {3, 3, 2, 2, 3, 3, 2};
    fmpq_t q, loss;
    fmpq_init(q), fmpq_init(loss);
    for (slong k = 0; k < 7; k++) {
        fmpq_set_si(q, qn[k], qd[k]);
        ct_analysis_loss_at(loss, A, q);
        CHECK_MSG(is_q(loss, ln[k], 5), "lambda = %ld/%ld", qn[k], qd[k]);
    }
    /* Representatives lie strictly inside their pieces. */
    for (slong i = 0; i <= A->nbp; i++) {
        ct_analysis_piece_point(q, A, i);
        CHECK(fmpq_sgn(q) > 0);
        CHECK(i == 0 || fmpq_cmp(q, A->bp[i - 1].alg.hi) > 0);
        CHECK(i == A->nbp || fmpq_cmp(q, A->bp[i].alg.lo) < 0);
    }
    CHECK(A->best_piece == 1 && is_q(A->representative, 4, 3));
    fmpq_clear(q), fmpq_clear(loss);
    ct_analysis_clear(A);
    ct_instance_clear(inst);
}

/* The x = 4 and x = 3 gadgets with the x = 4 gadget again: thresholds 2
   (twice, merged) and 3; mean losses 1, 1/3, 0. */
static void check_merge(void)
{
    ct_instance_struct insts[3];
    ct_analysis_t A;
    char err[256];
    const char *files[3] = {"instances/lambda-gadget-x4.gssl",
                            "instances/lambda-gadget-x3.gssl",
                            "instances/lambda-gadget-x4.gssl"};
    for (int t = 0; t < 3; t++)
        CHECK(ct_instance_load(insts + t, files[t], err, sizeof(err)) == 0);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, insts, 3, 0, NULL, err,
                            sizeof(err)) == 0);
    CHECK(A->nbp == 2 && A->changes[0] == 2 && A->changes[1] == 1);
    CHECK(is_q(A->piece_loss + 0, 1, 1) && is_q(A->piece_loss + 1, 1, 3));
    CHECK(is_q(A->piece_loss + 2, 0, 1) && A->ninst == 3 && A->nscored == 3);
    ct_analysis_clear(A);
    for (int t = 0; t < 3; t++)
        ct_instance_clear(insts + t);
}

static void check_unscored(void)
{
    ct_instance_t inst;
    ct_analysis_t A;
    char err[256];
    const char *text = "p gssl 2 2\ne 1 2 1\nl 1 0\nl 2 1\n";
    CHECK(ct_instance_parse(inst, text, strlen(text), "two.gssl", err, sizeof(err)) == 0);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst, 1, 0, NULL, err,
                            sizeof(err)) == -1);
    CHECK(strstr(err, "two.gssl") != NULL && strstr(err, "no scored node") != NULL);
    ct_analysis_clear(A);
    /* Scoring labeled nodes: a single edge keeps each on its own label. */
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst, 1, 1, NULL, err,
                            sizeof(err)) == 0);
    CHECK(A->nbp == 0 && is_q(A->piece_loss + 0, 0, 1));
    ct_analysis_clear(A);
    ct_instance_clear(inst);
}

/* The rational point k/2 as a certified root of 2x - k. */
static void set_half(ct_bpoint_t b, slong k)
{
    ct_rroot_t r;
    ct_rroot_init(r);
    fmpz_poly_set_coeff_si(r->poly, 1, 2);
    fmpz_poly_set_coeff_si(r->poly, 0, -k);
    fmpq_set_si(r->lo, k, 2);
    fmpq_set_si(r->hi, k, 2);
    r->sign_lo = 0;
    ct_bpoint_init(b);
    ct_bpoint_set_rroot(b, r);
    ct_rroot_clear(r);
}

/* Tied nodes per place, by hand: node E (truth 1) has F0 - F1 crossing at
   1/2 (tied there, class 1 after); node D (truth 0) has F0 - F1 touching zero
   at 1 (a double root, class 0 ahead on both sides): no prediction changes at
   1, so it is no breakpoint, and the piece (1/2, inf) around it is marked as
   possibly hiding a tie. */
static void check_tied_places(void)
{
    ct_analysis_common C;
    ct_analysis_common_init(&C);
    ct_analysis_node *e = ct_analysis_common_add_node(&C, 0, 1, 2);
    e->pid[0] = 0, e->sign0[0] = 1;
    ct_analysis_node *d = ct_analysis_common_add_node(&C, 0, 0, 2);
    d->pid[0] = 1, d->sign0[0] = 1;
    slong cap[2] = {1, 1};
    ct_analysis_common_alloc_events(&C, 2, cap);
    ct_analysis_common_push_event(&C, 0, 0, 1);
    ct_analysis_common_push_event(&C, 1, 1, 2);
    C.npoints = 2;
    C.points = flint_malloc(2 * sizeof(ct_bpoint_struct));
    set_half(C.points + 0, 1);
    set_half(C.points + 1, 2);
    ct_analysis_t A;
    ct_analysis_init_empty(A, CT_FAMILY_LAMBDA, 1);
    A->nscored = 2;
    slong nscored[1] = {2};
    ct_analysis_common_finish(A, &C, nscored);
    CHECK(A->nbp == 1 && A->nplaces == 3);
    CHECK(A->place_tied[0] == 0 && A->place_tied[1] == 1 && A->place_tied[2] == 0);
    CHECK(A->place_hidden[0] == 0 && A->place_hidden[1] == 0 && A->place_hidden[2] == 1);
    CHECK(is_q(A->piece_loss + 0, 1, 2) && is_q(A->point_loss + 0, 1, 2) &&
          is_q(A->piece_loss + 1, 0, 1));
    ct_analysis_clear(A);
    ct_analysis_common_clear(&C);
}

/* One analysis on a thread of its own with its own settings. */
typedef struct {
    const ct_instance_struct *inst;
    ct_family_t family;
    ct_analysis_settings_struct settings;
    ct_analysis_struct A;
    int rc;
    char err[256];
} settings_job;

static void *settings_run(void *arg)
{
    settings_job *J = arg;
    J->rc = ct_family_analyze_threads(&J->A, J->family, NULL, J->inst, 1, 0,
                                      CT_SIGNFN_TIES_SMALLEST, 1, &J->settings, NULL,
                                      J->err, sizeof(J->err));
    flint_cleanup();
    return NULL;
}

static slong settings_ball_points(const ct_analysis_t A)
{
    slong n = 0;
    for (slong b = 0; b < A->nbp; b++)
        n += A->bp[b].kind == CT_BPOINT_LS;
    return n;
}

/* Two analyses with different settings side by side on two threads: alpha
   with its ball path from 6 nodes (its breakpoints of kind CT_BPOINT_LS) and
   alpha with the exact path only and rows solved one at a time (a budget of
   1 byte: no ball-path breakpoint); then delta lifting from 2 nodes beside
   delta never lifting. Each must see its own settings (with process-wide
   thresholds, the last one set would win on both threads) and both must
   give the same exact answer. */
static void check_settings_side_by_side(void)
{
    ct_gen_params_t P;
    ct_instance_t I;
    ct_gen_params_init(P, 40, 3);
    P->connected = 1;
    P->p = 0.1;
    ct_gen_instance(I, P, 99, 1);
    ct_analysis_settings_struct run[2][2] = {
        {{.ball_min_nodes = 6}, {.ball_min_nodes = WORD_MAX, .memory_budget = 1}},
        {{.lift_min_nodes = 2}, {.lift_min_nodes = WORD_MAX}}};
    ct_family_t fam[2] = {CT_FAMILY_ALPHA, CT_FAMILY_DELTA};
    for (int f = 0; f < 2; f++)
        for (int round = 0; round < 3; round++) {
            settings_job J[2];
            pthread_t tid[2];
            for (int k = 0; k < 2; k++) {
                J[k] = (settings_job){.inst = I, .family = fam[f], .settings = run[f][k]};
                CHECK(pthread_create(tid + k, NULL, settings_run, J + k) == 0);
            }
            for (int k = 0; k < 2; k++)
                pthread_join(tid[k], NULL);
            CHECK_MSG(J[0].rc == 0 && J[1].rc == 0, "%s / %s", J[0].err, J[1].err);
            if (f == 0)
                CHECK_MSG(settings_ball_points(&J[0].A) > 0 &&
                              settings_ball_points(&J[1].A) == 0,
                          "alpha round %d: %ld and %ld ball-path breakpoints", round,
                          (long)settings_ball_points(&J[0].A),
                          (long)settings_ball_points(&J[1].A));
            CHECK_MSG(t_analysis_same(&J[0].A, &J[1].A),
                      "family %d round %d: the settings changed the analysis", f, round);
            ct_analysis_clear(&J[0].A);
            ct_analysis_clear(&J[1].A);
        }
    ct_instance_clear(I);
}

int main(void)
{
    check_tied_places();
    check_oscillating();
    check_merge();
    check_unscored();
    check_settings_side_by_side();
    flint_cleanup();
    return check_finish("t-analysis");
}
