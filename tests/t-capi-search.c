/* capi_search: the tie rules, per-instance costs on every place and the exact
   predictions at a value, on alpha's gadget (docs/alpha.md: node 4 switches
   from class 0 to class 1 above sqrt(x + 2)/2, a tie at the point).
   Instance 0: the gadget with x = 1/4 (threshold 3/4), node 4 true class 0.
   Instance 1: the gadget with x = 1 (threshold sqrt(3)/2), node 4 true class
   1, and a second component: node 5 labeled 0 - node 6 held out, true 0
   (always right). Costs by hand, places piece 0, 3/4, piece 1, sqrt(3)/2,
   piece 2: instance 0 wrong from piece 1 on (right at the tie, class 0);
   instance 1's node 4 wrong up to and at sqrt(3)/2. */
#include <stdlib.h>
#include <string.h>
#include "certune/capi.h"
#include "check.h"

static char err[512];

/* s equals want; frees s. */
static int str_is(char *s, const char *want)
{
    int ok = s != NULL && strcmp(s, want) == 0;
    if (!ok)
        fprintf(stderr, "got '%s', want '%s'\n", s ? s : "(null)", want);
    ct_capi_free_string(s);
    return ok;
}

static ct_capi_instances_struct *gadgets(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    long u[] = {0, 0, 0, 4}, v[] = {1, 2, 3, 5};
    const char *w0[] = {"1", "1", "1/4"}, *w1[] = {"1", "1", "1", "1"};
    long l0[] = {0, 1, 1, -1}, t0[] = {-1, -1, -1, 0};
    long l1[] = {0, 1, 1, -1, 0, -1}, t1[] = {-1, -1, -1, 1, -1, 0};
    CHECK(ct_capi_instances_add_graph(S, "x1_4", 4, 2, 3, u, v, w0, l0, t0, err,
                                      sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_instances_add_graph(S, "x1", 6, 2, 4, u, v, w1, l1, t1, err,
                                      sizeof err) == CT_CAPI_OK);
    return S;
}

/* The costs of both instances at the 5 places, under the tie rule ties. */
static void check_costs(ct_capi_instances_struct *S, int ties, const long *want,
                        long unit, const char *const *loss)
{
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze_ties(&P, S, CT_CAPI_ALPHA, NULL, 0, ties, err, sizeof err) ==
          CT_CAPI_OK);
    CHECK(ct_capi_profile_ties(P) == ties);
    CHECK(ct_capi_profile_nbreakpoints(P) == 2 && ct_capi_profile_nplaces(P) == 5);
    CHECK(ct_capi_profile_tie_unit(P) == unit);
    CHECK(ct_capi_profile_inst_nscored(P, 0) == 1 &&
          ct_capi_profile_inst_nscored(P, 1) == 2);
    CHECK(ct_capi_profile_inst_nscored(P, 2) == -1 &&
          ct_capi_profile_inst_nscored(P, -1) == -1);
    long cost[10];
    CHECK(ct_capi_profile_costs(P, cost) == 0);
    for (int k = 0; k < 10; k++)
        CHECK_MSG(cost[k] == want[k],
                  "ties %d, place %d, instance %d: cost %ld, want %ld", ties, k / 2,
                  k % 2, cost[k], want[k]);
    CHECK(ct_capi_profile_costs(P, NULL) == -1);
    for (int i = 0; i < 3; i++)
        CHECK(str_is(ct_capi_profile_piece_loss(P, i), loss[2 * i]));
    for (int b = 0; b < 2; b++)
        CHECK(str_is(ct_capi_profile_point_loss(P, b), loss[2 * b + 1]));
    CHECK(str_is(ct_capi_profile_bp_lo(P, 0), "0.75"));
    ct_capi_profile_destroy(P);
}

static void test_costs(void)
{
    ct_capi_instances_struct *S = gadgets();
    /* smallest: place 1 (3/4) ties node 4 of instance 0 to class 0, right;
       place 3 ties instance 1's node 4 to class 0, wrong. */
    long smallest[] = {0, 1, 0, 1, 1, 1, 1, 1, 1, 0};
    const char *ls[] = {"1/4", "1/4", "3/4", "3/4", "1/2"};
    check_costs(S, CT_CAPI_TIES_SMALLEST, smallest, 1, ls);
    /* expected: unit 2; a tie between 2 classes with the truth among them
       costs 1/2, i.e. 1 unit. */
    long expected[] = {0, 2, 1, 2, 2, 2, 2, 1, 2, 0};
    const char *le[] = {"1/4", "1/2", "3/4", "5/8", "1/2"};
    check_costs(S, CT_CAPI_TIES_EXPECTED, expected, 2, le);
    ct_capi_instances_destroy(S);
}

static void test_evaluate(void)
{
    ct_capi_instances_struct *S = gadgets();
    ct_capi_eval_struct *V;
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, NULL, "3/4", 0, CT_CAPI_TIES_SMALLEST,
                           err, sizeof err) == CT_CAPI_OK);
    CHECK(str_is(ct_capi_eval_loss(V), "1/4"));
    CHECK(str_is(ct_capi_eval_inst_loss(V, 0), "0") &&
          str_is(ct_capi_eval_inst_loss(V, 1), "1/2"));
    CHECK(ct_capi_eval_inst_loss(V, 2) == NULL);
    CHECK(ct_capi_eval_nnodes(V) == 3 && ct_capi_eval_ntied(V) == 1);
    long inst[3], node[3], truth[3], pred[3], ntied[3];
    ct_capi_eval_nodes(V, inst, node, truth, pred, ntied);
    long want[5][3] = {{0, 1, 1}, {3, 3, 5}, {0, 1, 0}, {0, 0, 0}, {2, 1, 1}};
    for (int k = 0; k < 3; k++)
        CHECK_MSG(inst[k] == want[0][k] && node[k] == want[1][k] &&
                      truth[k] == want[2][k] && pred[k] == want[3][k] &&
                      ntied[k] == want[4][k],
                  "node %d: %ld %ld %ld %ld %ld", k, inst[k], node[k], truth[k], pred[k],
                  ntied[k]);
    ct_capi_eval_nodes(V, NULL, NULL, NULL, pred, NULL); /* (NULL arrays skipped) */
    ct_capi_eval_destroy(V);
    /* Every node scored (labeled ones against their labels), at 9/10: both
       held-out nodes 4 predict class 1. */
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, NULL, "0.9", 1, CT_CAPI_TIES_EXPECTED,
                           err, sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_eval_nnodes(V) == 10 && ct_capi_eval_ntied(V) == 0);
    long p10[10], n10[10];
    ct_capi_eval_nodes(V, NULL, n10, NULL, p10, NULL);
    CHECK(n10[3] == 3 && p10[3] == 1 && n10[7] == 3 && p10[7] == 1);
    ct_capi_eval_destroy(V);
    /* Bad arguments: the message says which. */
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, NULL, "1", 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          V == NULL && strstr(err, "outside"));
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, NULL, "half", 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "malformed"));
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, "1/2", "1/2", 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "c applies only"));
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_DELTA, "3/2", "1/2", 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "(0, 1)"));
    CHECK(ct_capi_evaluate(&V, S, 7, NULL, "1/2", 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "family"));
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_ALPHA, NULL, "1/2", 0, 2, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "tie rule"));
    CHECK(ct_capi_evaluate(&V, S, CT_CAPI_DELTA, "1/2", "0", 0, 0, err, sizeof err) ==
          CT_CAPI_OK);
    ct_capi_eval_destroy(V);
    ct_capi_instances_struct *none = ct_capi_instances_new();
    CHECK(ct_capi_evaluate(&V, none, CT_CAPI_ALPHA, NULL, "1/2", 0, 0, err, sizeof err) ==
              CT_CAPI_INPUT &&
          strstr(err, "no instance"));
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze_ties(&P, S, CT_CAPI_ALPHA, NULL, 0, -1, err, sizeof err) ==
              CT_CAPI_USAGE &&
          P == NULL);
    CHECK(ct_capi_analyze_ties(&P, none, CT_CAPI_ALPHA, NULL, 0, 1, err, sizeof err) ==
              CT_CAPI_INPUT &&
          P == NULL);
    CHECK(ct_capi_analyze_ties(&P, S, CT_CAPI_LAMBDA, "1/2", 0, 1, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "c applies only"));
    /* Settings: how it runs, never what it finds; bad ones named. */
    CHECK(ct_capi_analyze_with(&P, S, CT_CAPI_ALPHA, NULL, 0, 0, 1, 1, err, sizeof err) ==
              CT_CAPI_USAGE &&
          P == NULL && strstr(err, "ball_min_nodes"));
    CHECK(ct_capi_analyze_with(&P, S, CT_CAPI_ALPHA, NULL, 0, 0, -5, 1, err,
                               sizeof err) == CT_CAPI_USAGE &&
          strstr(err, "ball_min_nodes"));
    CHECK(ct_capi_analyze_with(&P, S, CT_CAPI_ALPHA, NULL, 0, 0, 0, 0, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "threads takes 1..4096, not 0"));
    CHECK(ct_capi_analyze_with(&P, S, CT_CAPI_ALPHA, NULL, 0, 5, 0, 1, err, sizeof err) ==
              CT_CAPI_USAGE &&
          strstr(err, "tie rule"));
    ct_capi_profile_struct *Q;
    CHECK(ct_capi_analyze_ties(&P, S, CT_CAPI_ALPHA, NULL, 0, 1, err, sizeof err) ==
          CT_CAPI_OK);
    CHECK(ct_capi_analyze_with(&Q, S, CT_CAPI_ALPHA, NULL, 0, 1, CT_CAPI_BALL_OFF, 2, err,
                               sizeof err) == CT_CAPI_OK);
    if (P != NULL && Q != NULL) {
        char *a = ct_capi_profile_min_loss(P), *b = ct_capi_profile_min_loss(Q);
        CHECK(ct_capi_profile_nbreakpoints(P) == ct_capi_profile_nbreakpoints(Q) &&
              strcmp(a, b) == 0);
        ct_capi_free_string(a), ct_capi_free_string(b);
    }
    ct_capi_profile_destroy(P), ct_capi_profile_destroy(Q);
    ct_capi_instances_destroy(none);
    ct_capi_instances_destroy(S);
}

int main(void)
{
    test_costs();
    test_evaluate();
    ct_capi_cleanup();
    return check_finish("t-capi-search");
}
