/* Tests of tune: the documented grids (hand values), the exact ERM choice and
   test loss on the lambda gadgets (thresholds x/(x - 2)), the exact Rademacher
   complexity (3/8 by hand for x = 4 and x = 6), the losses scoring the
   labeled nodes too (ct_tune_run_scored), and the Monte-Carlo estimate
   against an independent brute force over all 2^21 sign vectors. */
#include "check.h"
#include "certune/family.h"
#include "certune/tune.h"

static int is_q(const fmpq_t x, slong num, ulong den)
{
    fmpq_t y;
    fmpq_init(y);
    fmpq_set_si(y, num, den);
    int eq = fmpq_equal(x, y);
    fmpq_clear(y);
    return eq;
}

static void check_grids(void)
{
    fmpq_t q;
    fmpq_init(q);
    ct_tune_grid_point(q, CT_FAMILY_ALPHA, 0, 3);
    CHECK(is_q(q, 1, 4));
    ct_tune_grid_point(q, CT_FAMILY_ALPHA, 2, 3);
    CHECK(is_q(q, 3, 4));
    ct_tune_grid_point(q, CT_FAMILY_DELTA, 0, 11);
    CHECK(fmpq_is_zero(q));
    ct_tune_grid_point(q, CT_FAMILY_DELTA, 4, 11);
    CHECK(is_q(q, 2, 5));
    ct_tune_grid_point(q, CT_FAMILY_DELTA, 10, 11);
    CHECK(fmpq_is_one(q));
    ct_tune_grid_point(q, CT_FAMILY_LAMBDA, 0, 100);
    CHECK(is_q(q, 1, 1000));
    ct_tune_grid_point(q, CT_FAMILY_LAMBDA, 99, 100);
    CHECK(is_q(q, 1000, 1));
    ct_tune_grid_point(q, CT_FAMILY_LAMBDA, 55, 100); /* 10^(1/3) = 2.154... */
    CHECK(is_q(q, 43, 20));
    fmpq_clear(q);
}

static void load(ct_instance_struct *x, const char *path)
{
    char err[256];
    CHECK_MSG(ct_instance_load(x, path, err, sizeof(err)) == 0, "%s", err);
}

static void check_erm(void)
{
    ct_instance_struct tr[2], te[1];
    load(tr + 0, "instances/lambda-gadget-x4.gssl");
    load(tr + 1, "instances/lambda-gadget-x6.gssl");
    load(te + 0, "instances/lambda-gadget-x4.gssl");
    ct_tune_t T;
    char err[256];
    /* train {x=4, x=6}: losses 1 on (0, 3/2], 1/2 on (3/2, 2], 0 above: the
       piece (2, +inf), representative 3; x = 4 is right there */
    CHECK(ct_tune_run(T, CT_FAMILY_LAMBDA, NULL, tr, 2, te, 1, 0, 100, 10, err,
                      sizeof(err)) == 0);
    CHECK(is_q(T->chosen, 3, 1) && T->kind == CT_TUNE_PIECE && T->where == 2);
    CHECK(is_q(T->train_loss, 0, 1) && is_q(T->test_loss, 0, 1) && is_q(T->gap, 0, 1));
    CHECK(T->rad.done && T->rad.exact && T->rad.draws == 4 && is_q(T->rad.value, 3, 8));
    CHECK(is_q(T->grid_chosen, 43, 20) && is_q(T->grid_miss, 0, 1));
    ct_tune_clear(T);
    /* train x=6 only: (3/2, +inf), representative 2 = x=4's threshold: a tie */
    CHECK(ct_tune_run(T, CT_FAMILY_LAMBDA, NULL, tr + 1, 1, te, 1, 1, 0, 0, err,
                      sizeof(err)) == 0);
    CHECK(is_q(T->chosen, 2, 1) && is_q(T->test_loss, 1, 2) && T->test_tied == 1);
    CHECK(is_q(T->test_optimal, 0, 1) && !T->rad.done && T->grid == 0);
    ct_tune_clear(T);
    /* the same scoring the labeled nodes too (score_all): in the gadget
       (1,3) = (2,3) = 1, (3,4) = x, labeled node 4 (class 1) is predicted
       class 1 only above x/(x + 2) (Kron reduction on {1, 2, 4}, the tie at
       it to class 0), nodes 1, 2 always class 0. x = 6 (4 nodes): 1/2 up to
       3/4, 1/4 up to 3/2, 0 above: the piece (3/2, +inf), 2 again; x = 4 at
       2: node 3 tied and wrong, node 4 (2 > 2/3) right: 1/4, one tie */
    CHECK(ct_tune_run_scored(T, CT_FAMILY_LAMBDA, NULL, tr + 1, 1, te, 1, 1, 0, 0, 10, 1,
                             NULL, err, sizeof(err)) == 0);
    CHECK(T->score_all == 1 && T->train->nscored == 4 && T->train->nbp == 2);
    CHECK(is_q(T->chosen, 2, 1) && T->kind == CT_TUNE_PIECE && T->where == 2);
    CHECK(is_q(T->train_loss, 0, 1) && is_q(T->test_loss, 1, 4) && T->test_tied == 1);
    CHECK(T->rad.done && T->rad.exact && is_q(T->rad.value, 1, 4));
    ct_tune_clear(T);
    for (int k = 0; k < 2; k++)
        ct_instance_clear(tr + k);
    ct_instance_clear(te);
}

/* 21 instances: 11 copies of x = 4, 10 of x = 6; the per-instance loss
   vectors over the places are all-ones, (1 on x=4, 0 on x=6), and zero. */
static void check_monte_carlo(void)
{
    ct_instance_struct tr[21], te[1];
    for (int k = 0; k < 21; k++)
        load(tr + k, k < 11 ? "instances/lambda-gadget-x4.gssl"
                            : "instances/lambda-gadget-x6.gssl");
    load(te, "instances/lambda-gadget-x6.gssl");
    ct_tune_t T;
    char err[256];
    CHECK(ct_tune_run(T, CT_FAMILY_LAMBDA, NULL, tr, 21, te, 1, 0, 0, 4000, err,
                      sizeof(err)) == 0);
    double exact = 0.0; /* brute force: sup of the three sums, averaged */
    for (slong s = 0; s < (1 << 21); s++) {
        slong all = 0, four = 0;
        for (int i = 0; i < 21; i++) {
            slong sg = (s >> i) & 1 ? 1 : -1;
            all += sg;
            four += i < 11 ? sg : 0;
        }
        exact += (double)FLINT_MAX(FLINT_MAX(all, four), 0) / 21.0;
    }
    exact /= (double)(1 << 21);
    CHECK(T->rad.done && !T->rad.exact && T->rad.draws == 4000);
    CHECK_MSG(T->rad.lo - 0.01 <= exact && exact <= T->rad.hi + 0.01,
              "exact %g, interval [%g, %g]", exact, T->rad.lo, T->rad.hi);
    CHECK(T->rad.hi - T->rad.lo < 0.03);
    ct_tune_clear(T);
    for (int k = 0; k < 21; k++)
        ct_instance_clear(tr + k);
    ct_instance_clear(te);
}

int main(void)
{
    check_grids();
    check_erm();
    check_monte_carlo();
    flint_cleanup_master();
    return check_finish("t-tune");
}
