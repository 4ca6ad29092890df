/* capi: the binding layer on hand-derived gadgets (docs/lambda.md, docs/alpha.md,
   docs/delta.md): the lambda gadget with edge (3,4) = x switches node 3 to
   class 1 above x/(x - 2); alpha's gadget switches node 4 to class 1 above
   sqrt(x + 2)/2; delta's switches node 4 to class 0 at ln(2c)/ln(x + 2). */
#include <stdlib.h>
#include <string.h>
#include "certune/capi.h"
#include "certune/qparse.h"
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

/* The rational s compared with p/q (-1, 0, 1); frees s. */
static int str_cmp(char *s, long p, long q)
{
    fmpq_t x, y;
    fmpq_init(x);
    fmpq_init(y);
    fmpq_set_si(y, p, (ulong)q);
    int r = s == NULL || ct_qparse_fmpq(x, s) ? 99 : fmpq_cmp(x, y);
    fmpq_clear(x);
    fmpq_clear(y);
    ct_capi_free_string(s);
    return r;
}

/* The lambda gadget (nodes 1, 2 class 0, node 4 class 1, node 3 held out with
   truth 1) with edge (3,4) = x, from arrays. */
static int add_lambda_gadget(ct_capi_instances_struct *S, const char *x)
{
    long u[] = {0, 1, 2}, v[] = {2, 2, 3}, label[] = {0, 0, -1, 1},
         truth[] = {-1, -1, 1, -1};
    const char *w[] = {"1", "1", x};
    return ct_capi_instances_add_graph(S, NULL, 4, 2, 3, u, v, w, label, truth, err,
                                       sizeof err);
}

/* Breakpoint exactly 2, losses 1 | 1 | 0, minimum 0 on (2, inf), representative 3. */
static void check_x4(ct_capi_profile_struct *P)
{
    CHECK(ct_capi_profile_family(P) == CT_CAPI_LAMBDA);
    CHECK(ct_capi_profile_ninstances(P) == 1 && ct_capi_profile_nscored(P) == 1);
    CHECK(ct_capi_profile_nbreakpoints(P) == 1 && ct_capi_profile_nundecided(P) == 0);
    CHECK(str_is(ct_capi_profile_bp_exact(P, 0), "x - 2"));
    CHECK(str_is(ct_capi_profile_bp_lo(P, 0), "2") &&
          str_is(ct_capi_profile_bp_hi(P, 0), "2"));
    CHECK(str_is(ct_capi_profile_bp_approx(P, 0), "2"));
    CHECK(ct_capi_profile_bp_changes(P, 0) == 1 && ct_capi_profile_bp_jump(P, 0) == 1);
    CHECK(str_is(ct_capi_profile_piece_loss(P, 0), "1"));
    CHECK(str_is(ct_capi_profile_point_loss(P, 0), "1"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 1), "0"));
    CHECK(str_is(ct_capi_profile_min_loss(P), "0"));
    CHECK(str_is(ct_capi_profile_representative(P), "3"));
    CHECK(ct_capi_profile_min_npieces(P) == 1 && ct_capi_profile_min_piece(P, 0) == 1);
    CHECK(ct_capi_profile_min_npoints(P) == 0 && ct_capi_profile_best_piece(P) == 1);
    CHECK(ct_capi_profile_loss_pieces(P) == 2 && !ct_capi_profile_closed(P));
    CHECK(str_is(ct_capi_profile_loss_at(P, "2", err, sizeof err), "1"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "1999999/1000000", err, sizeof err), "1"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "2.000001", err, sizeof err), "0"));
    CHECK(ct_capi_profile_loss_at(P, "0", err, sizeof err) == NULL &&
          strstr(err, "outside"));
    CHECK(ct_capi_profile_loss_at(P, "two", err, sizeof err) == NULL &&
          strstr(err, "two"));
    CHECK(str_cmp(ct_capi_profile_piece_point(P, 0), 2, 1) < 0);
    CHECK(str_cmp(ct_capi_profile_piece_point(P, 1), 2, 1) > 0);
    /* Out of range: NULL or -1, never a value. */
    CHECK(ct_capi_profile_bp_exact(P, 1) == NULL && ct_capi_profile_bp_lo(P, -1) == NULL);
    CHECK(ct_capi_profile_piece_loss(P, 2) == NULL &&
          ct_capi_profile_point_loss(P, 1) == NULL);
    CHECK(ct_capi_profile_bp_changes(P, 1) == -1 &&
          ct_capi_profile_min_piece(P, 1) == -1);
    CHECK(ct_capi_profile_end_loss(P, 0) == NULL && ct_capi_profile_c(P) == NULL);
    CHECK(ct_capi_profile_piece_point(P, 2) == NULL);
}

static void test_lambda_file_and_arrays(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    CHECK(ct_capi_instances_add_file(S, "instances/lambda-gadget-x4.gssl", err,
                                     sizeof err) == CT_CAPI_OK);
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) == CT_CAPI_OK);
    check_x4(P);
    ct_capi_profile_destroy(P);
    ct_capi_instances_destroy(S);

    /* The same gadget as arrays, x spelled three ways. */
    const char *spell[] = {"4", "8/2", "0.4e1"};
    for (int k = 0; k < 3; k++) {
        S = ct_capi_instances_new();
        CHECK_MSG(add_lambda_gadget(S, spell[k]) == CT_CAPI_OK, "%s", err);
        CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) ==
              CT_CAPI_OK);
        check_x4(P);
        ct_capi_profile_destroy(P);
        char *text = ct_capi_instances_gssl(S, 0);
        CHECK(text != NULL && strstr(text, "e 3 4 4\n") && strstr(text, "t 3 1\n"));
        ct_capi_free_string(text);
        CHECK(ct_capi_instances_gssl(S, 1) == NULL);
        ct_capi_instances_destroy(S);
    }
}

/* x = 6: threshold 3/2; with x = 3 added, thresholds 3/2 and 3, mean losses. */
static void test_lambda_two_instances(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    CHECK(add_lambda_gadget(S, "6") == CT_CAPI_OK &&
          add_lambda_gadget(S, "3") == CT_CAPI_OK);
    CHECK(ct_capi_instances_count(S) == 2);
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_profile_nbreakpoints(P) == 2);
    CHECK(str_is(ct_capi_profile_bp_exact(P, 0), "2*x - 3"));
    CHECK(str_is(ct_capi_profile_bp_exact(P, 1), "x - 3"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 0), "1"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 1), "1/2"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 2), "0"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "3/2", err, sizeof err), "1"));
    ct_capi_profile_destroy(P);
    /* --score all on x = 4: node 4 flips at 2/3 (cli-analyze.sh). */
    ct_capi_instances_destroy(S);
    S = ct_capi_instances_new();
    CHECK(add_lambda_gadget(S, "4") == CT_CAPI_OK);
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 1, err, sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_profile_nscored(P) == 4 && ct_capi_profile_nbreakpoints(P) == 2);
    CHECK(str_is(ct_capi_profile_bp_exact(P, 0), "3*x - 2"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 1), "1/4"));
    ct_capi_profile_destroy(P);
    ct_capi_instances_destroy(S);
}

/* The alpha and delta gadget: edges (1,2) = (1,3) = 1, (1,4) = x; node 1
   class 0, nodes 2, 3 class 1, node 4 held out with truth 0. */
static int add_star_gadget(ct_capi_instances_struct *S, const char *x)
{
    long u[] = {0, 0, 0}, v[] = {1, 2, 3}, label[] = {0, 1, 1, -1},
         truth[] = {-1, -1, -1, 0};
    const char *w[] = {"1", "1", x};
    return ct_capi_instances_add_graph(S, "star", 4, 2, 3, u, v, w, label, truth, err,
                                       sizeof err);
}

/* x = 1: alpha's threshold sqrt(3)/2 = 0.8660254037..., class 0 (loss 0) up to
   it, tie at it (class 0), class 1 (loss 1) above. */
static void test_alpha(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    CHECK(add_star_gadget(S, "1") == CT_CAPI_OK);
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_ALPHA, NULL, 0, err, sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_profile_nbreakpoints(P) == 1);
    CHECK(str_is(ct_capi_profile_bp_exact(P, 0), "-sqrt(3) + 2*x"));
    char *approx = ct_capi_profile_bp_approx(P, 0);
    CHECK(approx != NULL && strncmp(approx, "0.866025403784", 14) == 0);
    ct_capi_free_string(approx);
    /* lo <= sqrt(3)/2 <= hi: 0.8660254 < lo, hi < 0.8660255 and lo^2, hi^2 around 3/4 */
    CHECK(str_cmp(ct_capi_profile_bp_lo(P, 0), 8660254, 10000000) > 0);
    CHECK(str_cmp(ct_capi_profile_bp_hi(P, 0), 8660255, 10000000) < 0);
    CHECK(str_is(ct_capi_profile_piece_loss(P, 0), "0"));
    CHECK(str_is(ct_capi_profile_point_loss(P, 0), "0"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 1), "1"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "0.866", err, sizeof err), "0"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "0.8661", err, sizeof err), "1"));
    CHECK(ct_capi_profile_loss_at(P, "1", err, sizeof err) == NULL &&
          strstr(err, "(0, 1)"));
    ct_capi_profile_destroy(P);
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_ALPHA, "1/2", 0, err, sizeof err) ==
          CT_CAPI_USAGE);
    CHECK(P == NULL && strstr(err, "delta"));
    ct_capi_instances_destroy(S);
}

/* x = 2: the delta threshold ln(2c)/ln 4: c = 1/2 gives 0 (class 0 on all of
   [0, 1]); the default c = 99/100 gives ln(1.98)/ln(4) = 0.4927502151...,
   class 1 (loss 1) below it, class 0 (loss 0) from it on. */
static void test_delta(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    CHECK(add_star_gadget(S, "2") == CT_CAPI_OK);
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_DELTA, "0.5", 0, err, sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_profile_closed(P) && ct_capi_profile_nbreakpoints(P) == 0);
    CHECK(str_is(ct_capi_profile_c(P), "1/2"));
    CHECK(str_is(ct_capi_profile_end_loss(P, 0), "0") &&
          str_is(ct_capi_profile_end_loss(P, 1), "0"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "0", err, sizeof err), "0"));
    CHECK(ct_capi_profile_min_ends(P) == 3);
    ct_capi_profile_destroy(P);
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_DELTA, NULL, 0, err, sizeof err) == CT_CAPI_OK);
    CHECK(str_is(ct_capi_profile_c(P), "99/100"));
    CHECK(ct_capi_profile_nbreakpoints(P) == 1);
    char *approx = ct_capi_profile_bp_approx(P, 0);
    CHECK(approx != NULL && strncmp(approx, "0.492750215152", 14) == 0);
    ct_capi_free_string(approx);
    CHECK(str_is(ct_capi_profile_end_loss(P, 0), "1") &&
          str_is(ct_capi_profile_end_loss(P, 1), "0"));
    CHECK(str_is(ct_capi_profile_piece_loss(P, 0), "1") &&
          str_is(ct_capi_profile_point_loss(P, 0), "0"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "0.49", err, sizeof err), "1"));
    CHECK(str_is(ct_capi_profile_loss_at(P, "1", err, sizeof err), "0"));
    CHECK(ct_capi_profile_loss_at(P, "-1/2", err, sizeof err) == NULL &&
          strstr(err, "[0, 1]"));
    CHECK(ct_capi_profile_min_ends(P) == 2);
    ct_capi_profile_destroy(P);
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_DELTA, "1", 0, err, sizeof err) ==
          CT_CAPI_USAGE);
    CHECK(ct_capi_analyze(&P, S, 7, NULL, 0, err, sizeof err) == CT_CAPI_USAGE &&
          P == NULL);
    ct_capi_instances_destroy(S);
}

/* add_graph with one bad value; the message must contain want. */
static void bad_graph(const char *what, long u1, long v1, const char *w1, long label3,
                      long truth3, const char *want)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    long u[] = {0, u1}, v[] = {1, v1}, label[] = {0, -1, -1, label3},
         truth[] = {-1, 1, -1, truth3};
    const char *w[] = {"1", w1};
    err[0] = '\0';
    CHECK_MSG(ct_capi_instances_add_graph(S, "g", 4, 2, 2, u, v, w, label, truth, err,
                                          sizeof err) == CT_CAPI_INPUT &&
                  strstr(err, want) != NULL && ct_capi_instances_count(S) == 0,
              "%s: '%s' lacks '%s'", what, err, want);
    ct_capi_instances_destroy(S);
}

static void test_errors(void)
{
    bad_graph("node range", 1, 4, "1", -1, -1,
              "g: edge 1: node 1 or 4 out of range 0..3");
    bad_graph("negative node", -1, 2, "1", -1, -1, "edge 1");
    bad_graph("self-loop", 2, 2, "1", -1, -1, "g: edge 1: self-loop on node 2");
    bad_graph("repeat", 1, 0, "1", -1, -1, "repeated edge 0-1 (first as edge 0)");
    bad_graph("weight", 1, 2, "1/0", -1, -1, "edge 1: malformed weight '1/0'");
    bad_graph("injection", 1, 2, "1\nl 3 0", -1, -1, "edge 1: malformed weight");
    bad_graph("empty weight", 1, 2, "", -1, -1, "malformed weight");
    bad_graph("negative", 1, 2, "-3/4", -1, -1, "edge 1: negative weight '-3/4'");
    bad_graph("label", 1, 2, "1", 2, -1, "g: node 3: class 2 out of range 0..1");
    bad_graph("truth", 1, 2, "1", -1, -2, "node 3: class -2");
    bad_graph("both", 1, 2, "1", 0, 1, "g: node 3: both labeled and held out");

    ct_capi_instances_struct *S = ct_capi_instances_new();
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) ==
          CT_CAPI_INPUT);
    CHECK(P == NULL);
    CHECK(ct_capi_instances_add_file(S, "instances/none.gssl", err, sizeof err) ==
          CT_CAPI_INPUT);
    CHECK(strstr(err, "instances/none.gssl") != NULL && ct_capi_instances_count(S) == 0);
    long u[] = {0}, v[] = {1}, label[] = {0, 1};
    const char *w[] = {"1"};
    CHECK(ct_capi_instances_add_graph(S, "allknown", 2, 2, 1, u, v, w, label, NULL, err,
                                      sizeof err) == CT_CAPI_OK);
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) ==
          CT_CAPI_INPUT);
    CHECK(P == NULL && strstr(err, "allknown") != NULL);
    ct_capi_instances_destroy(S);
}

/* A component without a labeled node: a warning, ties go to class 0. */
static void test_warnings(void)
{
    ct_capi_instances_struct *S = ct_capi_instances_new();
    long u[] = {0, 2}, v[] = {1, 3}, label[] = {0, -1, -1, -1}, truth[] = {-1, 0, 1, -1};
    const char *w[] = {"1", "1"};
    CHECK(ct_capi_instances_add_graph(S, "split", 4, 2, 2, u, v, w, label, truth, err,
                                      sizeof err) == CT_CAPI_OK);
    ct_capi_profile_struct *P;
    CHECK(ct_capi_analyze(&P, S, CT_CAPI_LAMBDA, NULL, 0, err, sizeof err) == CT_CAPI_OK);
    char *warn = ct_capi_profile_warnings(P);
    CHECK(warn != NULL && strstr(warn, "split") && strstr(warn, "no labeled node"));
    ct_capi_free_string(warn);
    CHECK(str_is(ct_capi_profile_min_loss(P), "1/2"));
    ct_capi_profile_destroy(P);
    ct_capi_instances_destroy(S);
}

int main(void)
{
    CHECK(strcmp(ct_capi_version(), "0.5.0") == 0);
    CHECK(ct_capi_family_id("alpha") == CT_CAPI_ALPHA &&
          ct_capi_family_id("Alpha") == -1);
    CHECK(ct_capi_family_id("lambda") == 0 && ct_capi_family_id("delta") == 1);
    test_lambda_file_and_arrays();
    test_lambda_two_instances();
    test_alpha();
    test_delta();
    test_errors();
    test_warnings();
    ct_capi_cleanup();
    return check_finish("t-capi");
}
