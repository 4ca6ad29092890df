/* Tests of report: the exact JSON and text of the x = 4 gadget, whose profile
   is derived by hand (docs/lambda.md): breakpoint lambda = 2 (root of x - 2),
   loss 1 on (0, 2) and at 2 (the tie goes to class 0), 0 on (2, +inf). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/report.h"

static const char *expected_json =
    "{\n"
    "  \"family\": \"lambda\", \"c\": null, \"instances\": 1, \"scored_nodes\": 1,\n"
    "  \"domain\": {\"lo\": \"0\", \"hi\": \"inf\", \"lo_closed\": false, "
    "\"hi_closed\": false},\n"
    "  \"breakpoints\": [\n"
    "    {\"approx\": \"2\", \"lo\": \"2\", \"hi\": \"2\", \"exact\": \"x - 2\", "
    "\"kind\": \"jump\", \"changes\": 1}\n"
    "  ],\n"
    "  \"pieces\": [{\"loss\": \"1\"}, {\"loss\": \"0\"}],\n"
    "  \"point_losses\": [\"1\"],\n"
    "  \"loss_pieces\": 2,\n"
    "  \"minimum\": {\"loss\": \"0\", \"pieces\": [1], \"points\": [], "
    "\"representative\": \"3\"},\n"
    "  \"undecided\": []\n"
    "}\n";

static char *render(const analysis_t A, int json)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (json)
        report_write_json(f, A);
    else
        report_write_text(f, A);
    fclose(f);
    return buf;
}

int main(void)
{
    instance_t inst;
    analysis_t A;
    char err[256];
    CHECK(instance_load(inst, "instances/lambda-gadget-x4.gssl", err, sizeof(err)) == 0);
    CHECK(analysis_run(A, FAMILY_LAMBDA, inst, 1, 0, NULL, err, sizeof(err)) == 0);
    char *json = render(A, 1);
    CHECK_MSG(strcmp(json, expected_json) == 0, "got:\n%s", json);
    char *text = render(A, 0);
    CHECK(strstr(text, "breakpoints: 1\n") != NULL);
    CHECK(strstr(text, "root of x - 2 in [2, 2]") != NULL);
    CHECK(strstr(text, "piece (0, b1)  1\n  point b1  1\n  piece (b1, +inf)  0\n") !=
          NULL);
    CHECK(strstr(text, "loss pieces: 2\nminimum loss: 0\n") != NULL);
    CHECK(strstr(text, "representative: lambda = 3\n") != NULL);
    CHECK(strcmp(report_family_name(FAMILY_LAMBDA), "lambda") == 0);
    free(json);
    free(text);
    analysis_clear(A);
    instance_clear(inst);
    flint_cleanup();
    return check_finish("t-report");
}
