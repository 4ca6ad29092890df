/* Tests of report: the exact JSON and text of the x = 4 gadget, whose profile
   is derived by hand (docs/lambda.md): breakpoint lambda = 2 (root of x - 2),
   loss 1 on (0, 2) and at 2 (the tie goes to class 0), 0 on (2, +inf). */
#include <stdlib.h>
#include <flint/fmpq.h>
#include <string.h>
#include "check.h"
#include "certune/report.h"
#include "certune/family.h"
#include "report_of.h"

static const char *expected_json =
    "{\n"
    "  \"family\": \"lambda\", \"c\": null, \"instances\": 1, \"scored_nodes\": 1,\n"
    "  \"domain\": {\"lo\": \"0\", \"hi\": \"inf\", \"lo_closed\": false, "
    "\"hi_closed\": false},\n"
    "  \"ball_fallbacks\": {\"components\": 0, \"rows\": 0},\n"
    "  \"breakpoints\": [\n"
    "    {\"approx\": \"2\", \"approx_float\": 2, \"lo\": \"2\", \"hi\": \"2\", "
    "\"exact\": \"x - 2\", \"kind\": \"jump\", \"changes\": 1}\n"
    "  ],\n"
    "  \"pieces\": [\n"
    "    {\"lo\": null, \"hi\": 0, \"lo_approx\": \"0\", \"hi_approx\": \"2\", "
    "\"lo_float\": 0, \"hi_float\": 2, \"loss\": \"1\", \"loss_float\": 1},\n"
    "    {\"lo\": 0, \"hi\": null, \"lo_approx\": \"2\", \"hi_approx\": \"inf\", "
    "\"lo_float\": 2, \"hi_float\": null, \"loss\": \"0\", \"loss_float\": 0}\n"
    "  ],\n"
    "  \"point_losses\": [\"1\"], \"point_losses_float\": [1],\n"
    "  \"loss_pieces\": 2,\n"
    "  \"minimum\": {\"loss\": \"0\", \"loss_float\": 0, \"accuracy\": \"1\", "
    "\"accuracy_float\": 1, \"pieces\": [1], \"points\": [], \"best_piece\": 1, "
    "\"representative\": \"3\", \"representative_float\": 3},\n"
    "  \"undecided\": []\n"
    "}\n";

/* The summary block of the x = 4 gadget, by hand: the best piece (2, +inf),
   loss 0 there. */
static const char *expected_summary =
    "family lambda on (0, +inf): 1 instance, 1 scored node\n"
    "summary:\n"
    "  best lambda = 3, inside (b1, +inf) ~ (2, +inf)\n"
    "  minimum loss 0, accuracy 1\n"
    "  attained on 1 of 2 open pieces, 0 of 1 breakpoint\n"
    "  1 breakpoint, 2 loss pieces\n"
    "breakpoints: 1\n";

/* The delta gadget x = 7 with c = 99/100 (docs/delta.md): node 4, held out as
   class 0, is class 1 below ln(1.98)/ln 9 and class 0 from there on: loss 1 at
   the left end and on the first piece, 0 at the breakpoint, after it and at 1. */
static void check_delta(void)
{
    ct_instance_t inst;
    ct_analysis_t A;
    char err[256];
    CHECK(ct_instance_load(inst, "instances/delta-gadget-x7-c99_100.gssl", err,
                           sizeof(err)) == 0);
    CHECK(ct_family_analyze(A, CT_FAMILY_DELTA, NULL, inst, 1, 0, NULL, err,
                            sizeof(err)) == 0);
    char *json = report_of(A, 1);
    CHECK(strstr(json, "\"family\": \"delta\", \"c\": \"99/100\",") != NULL);
    CHECK(strstr(json, "\"lo_closed\": true, \"hi_closed\": true}") != NULL);
    CHECK(strstr(json, "\"points\": [0], \"ends\": [\"hi\"], \"best_piece\": 1, "
                       "\"representative\"") != NULL);
    char *text = report_of(A, 0);
    CHECK(strstr(text, "family delta (c = 99/100) on [0, 1]: 1 instance") != NULL);
    CHECK(strstr(text,
                 "summary:\n  best delta = 1/2, inside (b1, 1) ~ (0.310890771818413154"
                 "78, 1)\n  minimum loss 0, accuracy 1\n  attained on 1 of 2 open "
                 "pieces, 1 of 1 breakpoint, end 1\n") != NULL);
    CHECK(strstr(json, "\"end_losses\": {\"lo\": \"1\", \"hi\": \"0\", \"lo_float\": 1, "
                       "\"hi_float\": 0},") != NULL);
    CHECK(strstr(text, "  end 0  1\n  piece (0, b1)  1\n  point b1  0\n"
                       "  piece (b1, 1)  0\n  end 1  0\n") != NULL);
    CHECK(strstr(text, "attained on (b1, 1), b1, end 1\n") != NULL);
    CHECK(strstr(text, "root of 50*9^x - 99 in [0.31089") != NULL);
    free(json);
    free(text);
    ct_analysis_clear(A);
    ct_instance_clear(inst);
}

/* An analysis with an undecided part reports only that (by hand: the report
   must not print losses that rest on an unproved order). */
static void check_undecided(void)
{
    ct_analysis_t A;
    memset(A, 0, sizeof(ct_analysis_struct));
    fmpq_init(A->min_loss), fmpq_init(A->representative), fmpq_init(A->c);
    fmpq_init(A->end_loss + 0), fmpq_init(A->end_loss + 1);
    A->family = CT_FAMILY_DELTA;
    fmpq_set_si(A->c, 1, 2);
    A->ninst = 1, A->nscored = 2;
    A->nundecided = 1;
    A->und_lo = flint_malloc(sizeof(char *));
    A->und_hi = flint_malloc(sizeof(char *));
    A->und_what = flint_malloc(sizeof(char *));
    A->und_lo[0] = strdup("1/4"), A->und_hi[0] = strdup("1/2");
    A->und_what[0] = strdup("a \"double\" zero");
    char *json = report_of(A, 1);
    CHECK_MSG(strstr(json, "\"undecided\": [\n    {\"lo\": \"1/4\", \"hi\": \"1/2\", "
                           "\"what\": \"a \\\"double\\\" zero\"}\n  ]\n}\n") != NULL,
              "%s", json);
    CHECK(strstr(json, "pieces") == NULL && strstr(json, "minimum") == NULL);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ct_report_write_undecided(f, A);
    fclose(f);
    CHECK(strstr(buf, "undecided in [1/4, 1/2]: a \"double\" zero\n") != NULL);
    free(buf);
    free(json);
    ct_analysis_clear(A);
}

/* Per-instance losses of x = 4 (threshold 2) with x = 6 (threshold 3/2),
   by hand: the set's breakpoints are b1 = 3/2, b2 = 2; x = 4 has loss 1 up to
   and at 2, then 0; x = 6 loss 1 up to and at 3/2, then 0. Their mean must be
   the set's loss (1, 1/2, 0 on the pieces). */
static void check_per_instance(void)
{
    ct_instance_t inst[2];
    ct_analysis_t A;
    ct_report_losses_struct L;
    char err[256];
    static const int piece[2][3] = {{1, 1, 0}, {1, 0, 0}}, point[2][2] = {{1, 1}, {1, 0}};
    CHECK(ct_instance_load(inst[0], "instances/lambda-gadget-x4.gssl", err,
                           sizeof(err)) == 0);
    CHECK(ct_instance_load(inst[1], "instances/lambda-gadget-x6.gssl", err,
                           sizeof(err)) == 0);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst[0], 2, 0, NULL, err,
                            sizeof(err)) == 0);
    CHECK(A->nbp == 2);
    const char *names[2] = {inst[0]->path, inst[1]->path};
    CHECK(ct_report_instance_losses(&L, A, names, 2, NULL, 0, err, sizeof(err)) == 0);
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < 3; i++)
            CHECK_MSG(fmpq_equal_si(L.piece + 3 * t + i, piece[t][i]), "t %d piece %d", t,
                      i);
        for (int j = 0; j < 2; j++)
            CHECK_MSG(fmpq_equal_si(L.point + 2 * t + j, point[t][j]), "t %d point %d", t,
                      j);
    }
    fmpq_t mean;
    fmpq_init(mean);
    for (int i = 0; i < 3; i++) {
        fmpq_add(mean, L.piece + i, L.piece + 3 + i);
        fmpq_div_2exp(mean, mean, 1);
        CHECK(fmpq_equal(mean, A->piece_loss + i));
    }
    fmpq_clear(mean);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ct_report_write_json_losses(f, A, &L);
    fclose(f);
    CHECK_MSG(
        strstr(
            buf,
            "  \"per_instance\": [\n    {\"file\": \"instances/lambda-gadget-x4.gssl\", "
            "\"pieces\": [\"1\", \"1\", \"0\"], \"pieces_float\": [1, 1, 0], "
            "\"points\": [\"1\", \"1\"], \"points_float\": [1, 1]},\n") != NULL,
        "%s", buf);
    free(buf);
    ct_report_losses_clear(&L);
    ct_analysis_clear(A);
    ct_instance_clear(inst[0]);
    ct_instance_clear(inst[1]);
}

int main(void)
{
    check_per_instance();
    check_delta();
    check_undecided();
    ct_instance_t inst;
    ct_analysis_t A;
    char err[256];
    CHECK(ct_instance_load(inst, "instances/lambda-gadget-x4.gssl", err, sizeof(err)) ==
          0);
    CHECK(ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst, 1, 0, NULL, err,
                            sizeof(err)) == 0);
    char *json = report_of(A, 1);
    CHECK_MSG(strcmp(json, expected_json) == 0, "got:\n%s", json);
    char *text = report_of(A, 0);
    CHECK_MSG(strncmp(text, expected_summary, strlen(expected_summary)) == 0, "got:\n%s",
              text);
    CHECK(strstr(text, "root of x - 2 in [2, 2]") != NULL);
    CHECK(strstr(text, "piece (0, b1)  1\n  point b1  1\n  piece (b1, +inf)  0\n") !=
          NULL);
    CHECK(strstr(text, "loss pieces: 2\nminimum loss: 0\n") != NULL);
    CHECK(strstr(text, "representative: lambda = 3\n") != NULL);
    CHECK(strcmp(ct_report_family_name(CT_FAMILY_LAMBDA), "lambda") == 0);
    CHECK(strcmp(ct_report_family_name(CT_FAMILY_DELTA), "delta") == 0);
    free(json);
    free(text);
    ct_analysis_clear(A);
    ct_instance_clear(inst);
    flint_cleanup();
    return check_finish("t-report");
}
