/* cli_internal: shared between the cli module's files only. */
#ifndef CERTUNE_CLI_INTERNAL_H
#define CERTUNE_CLI_INTERNAL_H

#include "certune/cli.h"
#include "certune/evaluate.h"
#include "certune/tune.h"

/* The node ids of each instance (cli_ids.c): ids[t] the n ids of instance t
   from its `% id K NAME` lines (graphin.h), NULL when it has none; inputs
   read once are read from their spooled copy. Free with _ct_cli_ids_free. */
char ***_ct_cli_ids_load(const ct_instance_struct *insts, slong m);
void _ct_cli_ids_free(char ***ids, const ct_instance_struct *insts, slong m);
/* Node node of instance t's id as " (id NAME)" (escaped as in the file) or,
   with json, as the member ", \"id\": \"NAME\""; nothing when it has none
   (ids NULL: none at all). */
void _ct_cli_ids_print(FILE *out, char ***ids, slong t, slong node, int json);

/* Checks the merged profile P (read from file, the first of its files)
   against the options given (NULL: not given): family, c, tie rule, score
   mode. Returns 0, or 2 with a message naming file and what differs. */
int _ct_cli_profile_settings(const ct_profile_t P, const char *file,
                             const ct_family_t *family, const fmpq *c, const int *ties,
                             const int *score_all);

/* E = the exact loss at x read from P's places (decided, x in the domain):
   per instance, in all, and the tied scored nodes (E->nodes stays NULL).
   Returns 0 (clear E), or 3 with a message naming file when the place of x
   may hide a touching tie, so the tied count is unknown (nothing to clear). */
int _ct_cli_eval_from_profile(ct_evaluate_t E, const ct_profile_t P, const fmpq_t x,
                              const char *file);

/* `tune` on profiles (cli_tune_profile.c): the FILE|DIR|profile lists of both
   sides (a side is all profiles or all instances) and the settings, NULL when
   not given (set from the first profile read; the *_v fields hold them). */
typedef struct {
    const char *const *train, *const *test;
    slong ntrain, ntest;
    int train_prof, test_prof;
} _ct_cli_tune_input;

typedef struct {
    const ct_family_t *family;
    const fmpq *c;
    const int *ties, *score_all;
    ct_family_t family_v;
    fmpq_t c_v;
    int ties_v, score_all_v;
    slong threads, grid, rad_k;
    ct_analysis_settings_struct analysis; /* for the sides given as instances */
} _ct_cli_tune_settings;

/* Tunes with at least one side given as profiles: *out (malloc'ed; clear and
   free it) on success. Returns 0, or the exit status with the message
   printed (*out NULL). */
int _ct_cli_tune_profiles(ct_tune_struct **out, const _ct_cli_tune_input *in,
                          _ct_cli_tune_settings *s);

/* The options of `certune tune` (cli_tune.c). */
typedef struct {
    int all, have_family, have_c, have_ties, json, ties, progress;
    int have_score, score_all; /* --score unlabeled|all (default unlabeled) */
    int train_prof, test_prof; /* the side is given as profiles */
    ct_family_t family;
    fmpq_t c;
    slong grid, rad_k, threads;
    slong ball; /* --ball: alpha's and lambda's ball paths from this many nodes (0:
                   default) */
    const char *plot;
    const char **train, **test;
    slong ntrain, ntest;
    const char *dataset, *data_root, *split; /* a whole graph (cli_tune_dataset.c) */
} _ct_cli_tune_options;

/* Tunes every family o asks for on the training instances tr (m) and the test
   instances te (mt) into rows[*nrows..] (malloc'ed; free with
   _ct_cli_tune_report or ct_tune_clear and flint_free); *best the least
   training loss. Returns 0, or the exit status with the message printed. */
int _ct_cli_tune_families(ct_tune_struct **rows, slong *nrows, slong *best,
                          const _ct_cli_tune_options *o, const ct_instance_struct *tr,
                          slong m, const ct_instance_struct *te, slong mt);

/* Prints the report of rows (when rc is 0) as o asks, frees the rows;
   returns rc or the status of a failed write. */
int _ct_cli_tune_report(const _ct_cli_tune_options *o, ct_tune_struct **rows, slong nrows,
                        slong best, int rc);

/* --plot: T's training profile (captioned train_name) above its test
   profile, to path whole or not at all; 0, or -1 with the message printed. */
int _ct_cli_tune_plot(const char *path, const ct_tune_struct *T, const char *train_name,
                      const char *test_name);

/* `tune --dataset NAME --split S` (cli_tune_dataset.c): the option checks (0
   or the usage status, message printed), and the run (its exit status). */
int _ct_cli_tune_dataset_check(const _ct_cli_tune_options *o);
int _ct_cli_tune_dataset(const _ct_cli_tune_options *o);

#endif
