/* cli_tune_run: the families tuned on instances in memory and the report,
   for `tune` on files (cli_tune.c) and on a whole graph (cli_tune_dataset.c). */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/family.h"
#include "certune/plot.h"
#include "certune/tune.h"
#include "cli_internal.h"

typedef _ct_cli_tune_options tune_options;

int _ct_cli_tune_plot(const char *path, const ct_tune_struct *T, const char *train_name,
                      const char *test_name)
{
    char top[256], bottom[256], *q = fmpq_get_str(NULL, 10, T->chosen);
    snprintf(top, sizeof(top), "%s: the value is chosen here (%s = %s)", train_name,
             ct_family_symbol(T->family), q);
    snprintf(bottom, sizeof(bottom), "%s: the chosen value is judged here", test_name);
    flint_free(q);
    ct_opt_atomic_struct W;
    char err[CERTUNE_ERRLEN];
    FILE *f = ct_opt_atomic_open(&W, path);
    int ok = f != NULL && ct_plot_loss_pair_svg(f, T->train, top, T->test, bottom,
                                                CT_PLOT_X_DEFAULT) == 0;
    if (ct_opt_atomic_close(&W, ok, err, sizeof(err)) == 0)
        return 0;
    fprintf(stderr, "certune: cannot write the plot: %s\n", err);
    return -1;
}

/* Tunes every requested family; the least exact training loss wins (ties: the
   table's listing order, lambda, alpha, delta). */
int _ct_cli_tune_families(ct_tune_struct **rows, slong *nrows, slong *best,
                          const tune_options *o, const ct_instance_struct *tr, slong m,
                          const ct_instance_struct *te, slong mt)
{
    char err[CERTUNE_ERRLEN], what[64];
    *best = 0;
    for (slong k = 0; k < ct_family_count(); k++) {
        ct_family_t f = ct_family_listed(k);
        if (!o->all && f != o->family)
            continue;
        snprintf(what, sizeof(what), "tune %s", ct_family_name(f));
        ct_tune_struct *T = rows[*nrows] = flint_malloc(sizeof(ct_tune_struct));
        (*nrows)++;
        /* progress of the training, then the test analysis, as analyze's */
        ct_cli_progress_struct p;
        ct_cli_progress_init(&p, o->progress, what,
                             "certifying and ordering breakpoints");
        p.total = m;
        if (p.on)
            ct_analysis_set_progress(ct_cli_progress_update, &p);
        ct_analysis_settings_struct set = {.ball_min_nodes = o->ball};
        if (p.on) /* the training analysis's phases (the test side drops them) */
            set.phase = (ct_analysis_phase_struct){ct_cli_progress_phase, &p};
        int r = ct_tune_run_scored(T, f, o->c, tr, m, te, mt, o->score_all, o->ties,
                                   o->grid, o->rad_k, o->threads, &set, err, sizeof(err));
        ct_analysis_set_progress(NULL, NULL);
        ct_cli_progress_finish(&p, r ? 0 : mt, mt);
        if (r < 0) {
            fprintf(stderr, "certune: %s\n", err);
            return CERTUNE_EXIT_INPUT;
        }
        if (r > 0) {
            fprintf(stderr, "certune: %s: undecided, no loss is reported\n",
                    T->train->nundecided ? "training set" : "test set");
            return CERTUNE_EXIT_UNDECIDED;
        }
        if (fmpq_cmp(T->train_loss, rows[*best]->train_loss) < 0)
            *best = *nrows - 1;
    }
    return 0;
}

/* The report of rows[0..nrows) (when rc is 0), then the rows freed. */
int _ct_cli_tune_report(const tune_options *o, ct_tune_struct **rows, slong nrows,
                        slong best, int rc)
{
    if (rc == 0 && o->plot != NULL &&
        _ct_cli_tune_plot(o->plot, rows[best], "training set", "test set"))
        rc = CERTUNE_EXIT_INPUT;
    if (rc == 0 && o->json)
        ct_tune_write_json(stdout, rows, nrows, best);
    else if (rc == 0)
        ct_tune_write_text(stdout, rows, nrows, best);
    for (slong r = 0; r < nrows; r++) {
        ct_tune_clear(rows[r]);
        flint_free(rows[r]);
    }
    if (fflush(stdout) != 0) {
        perror("certune: writing the report");
        return CERTUNE_EXIT_INPUT;
    }
    return rc;
}
