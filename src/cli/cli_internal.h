/* cli_internal: shared between the cli module's files only. */
#ifndef CERTUNE_CLI_INTERNAL_H
#define CERTUNE_CLI_INTERNAL_H

#include "certune/cli.h"
#include "certune/evaluate.h"
#include "certune/tune.h"

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
    const int *ties;
    ct_family_t family_v;
    fmpq_t c_v;
    int ties_v;
    slong threads, grid, rad_k;
} _ct_cli_tune_settings;

/* Tunes with at least one side given as profiles: *out (malloc'ed; clear and
   free it) on success. Returns 0, or the exit status with the message
   printed (*out NULL). */
int _ct_cli_tune_profiles(ct_tune_struct **out, const _ct_cli_tune_input *in,
                          _ct_cli_tune_settings *s);

#endif
