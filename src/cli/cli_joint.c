/* cli_joint: `certune analyze --family F --joint c` (docs/joint.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/joint.h"
#include "certune/opt.h"
#include "certune/qparse.h"

int ct_cli_parse_c_range(fmpq *r, const char *text)
{
    const char *colon = strchr(text, ':');
    int bad = colon == NULL;
    if (!bad) {
        char *a = strndup(text, (size_t)(colon - text));
        bad = ct_qparse_fmpq(r + 0, a) || ct_qparse_fmpq(r + 1, colon + 1);
        free(a);
    }
    if (!bad) {
        fmpq_t one;
        fmpq_init(one);
        fmpq_one(one);
        bad = fmpq_sgn(r + 0) <= 0 || fmpq_cmp(r + 0, r + 1) >= 0 ||
              fmpq_cmp(r + 1, one) >= 0;
        fmpq_clear(one);
    }
    if (bad)
        return ct_opt_usage_error(
            "--c-range takes A:B, exact rationals with 0 < A < B < 1, not '%s'", text);
    return 0;
}

/* The undecided part: the reason on stderr (and the JSON), exit 3. */
static int joint_undecided(const ct_joint_t J, int json)
{
    fprintf(stderr,
            "certune: the joint analysis could not be certified; no loss is reported:\n"
            "  undecided: %s\n",
            J->what);
    if (json)
        ct_joint_write_json(stdout, J);
    return CERTUNE_EXIT_UNDECIDED;
}

/* The heatmap (96 columns) to path; nonzero with a message on failure. */
static int joint_plot(const char *path, const ct_joint_t J,
                      const ct_instance_struct *insts, slong m, int score_all, int ties)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    int rc = f == NULL ? -1 : ct_joint_write_svg(f, J, insts, m, score_all, ties, 96);
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    if (rc)
        ct_opt_write_error(path, "the plot");
    return rc;
}

int ct_cli_analyze_joint(ct_family_t f, const fmpq_t A, const fmpq_t B,
                         const char *const *files, slong nfiles, int score_all, int ties,
                         int json, const char *plot)
{
    if (plot != NULL && ct_opt_check_writable(plot, "the plot"))
        return CERTUNE_EXIT_INPUT;
    ct_instance_struct *insts;
    slong m;
    int rc = ct_cli_load_paths(&insts, &m, files, nfiles, ct_cli_default_threads());
    if (rc)
        return rc;
    ct_joint_t J;
    char err[CERTUNE_ERRLEN];
    if (ct_joint_run(J, f, A, B, insts, m, score_all, ties, stderr, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    } else if (J->undecided)
        rc = joint_undecided(J, json);
    else if (plot != NULL && joint_plot(plot, J, insts, m, score_all, ties))
        rc = CERTUNE_EXIT_INPUT;
    else if (json)
        ct_joint_write_json(stdout, J);
    else
        ct_joint_write_text(stdout, J);
    ct_joint_clear(J);
    ct_cli_free_instances(insts, m);
    return rc;
}
