/* cli_tune_profile: `tune` when --train or --test (or both) are profiles: each
   side becomes one analysis (the profiles merged as `merge` merges them, or
   the instances analyzed), and ct_tune_run_analyses tunes from the two. */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/report.h"
#include "certune/tune.h"
#include "cli_internal.h"

/* One side as an analysis and its instance names (malloc'ed, each and the
   array freed by side_clear). */
typedef struct {
    ct_analysis_struct A;
    char **names;
    slong n;
    int loaded;
} tune_side;

static void side_clear(tune_side *s, int analysis_too)
{
    for (slong t = 0; t < s->n; t++)
        free(s->names[t]);
    flint_free(s->names);
    if (s->loaded && analysis_too)
        ct_analysis_clear(&s->A);
}

/* Profiles merged, checked against the settings s (pointers NULL: not given),
   which are then set from the profile. Returns 0 or an exit status. */
static int side_profiles(tune_side *side, const char *const *files, slong n,
                         _ct_cli_tune_settings *s)
{
    ct_profile_t P;
    int rc = ct_cli_merge_profiles(P, files, n, 0);
    if (rc)
        return rc;
    rc = _ct_cli_profile_settings(P, files[0], s->family, s->c, s->ties, s->score_all);
    if (rc) {
        ct_profile_clear(P);
        return rc;
    }
    side->A = P->A;
    side->names = P->names;
    side->n = P->A.ninst;
    side->loaded = 1;
    flint_free(P->shards);
    flint_free(P->set_index);
    s->family_v = P->A.family;
    s->family = &s->family_v;
    fmpq_set(s->c_v, P->A.c);
    s->c = s->c_v;
    s->ties_v = P->A.ties;
    s->ties = &s->ties_v;
    s->score_all_v = P->score_all;
    s->score_all = &s->score_all_v;
    return 0;
}

/* Instances analyzed with the settings (the family is known by now). */
static int side_instances(tune_side *side, const char *const *args, slong n,
                          const _ct_cli_tune_settings *s)
{
    ct_instance_struct *insts;
    slong m;
    int rc = ct_cli_load_paths(&insts, &m, args, n, s->threads);
    if (rc)
        return rc;
    char err[CERTUNE_ERRLEN];
    const fmpq *c = ct_family_c_or_null(*s->family, s->c);
    int ties = s->ties != NULL ? *s->ties : CT_SIGNFN_TIES_SMALLEST;
    int score_all = s->score_all != NULL ? *s->score_all : 0;
    if (ct_family_analyze_threads(&side->A, *s->family, c, insts, m, score_all, ties,
                                  s->threads, &s->analysis, NULL, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        ct_analysis_clear(&side->A);
        rc = CERTUNE_EXIT_INPUT;
    } else {
        side->loaded = 1;
        side->n = m;
        side->names = flint_malloc(FLINT_MAX(m, 1) * sizeof(char *));
        for (slong t = 0; t < m; t++)
            side->names[t] = ct_mem_strdup(insts[t].path);
    }
    ct_cli_free_instances(insts, m);
    return rc;
}

/* Loads both sides, a profile side first (it sets the family, c and ties). */
static int tune_load_sides(tune_side *tr, tune_side *te, const _ct_cli_tune_input *in,
                           _ct_cli_tune_settings *s)
{
    int rc = 0;
    if (in->train_prof)
        rc = side_profiles(tr, in->train, in->ntrain, s);
    if (rc == 0 && in->test_prof)
        rc = side_profiles(te, in->test, in->ntest, s);
    if (rc == 0 && !in->train_prof)
        rc = side_instances(tr, in->train, in->ntrain, s);
    if (rc == 0 && !in->test_prof)
        rc = side_instances(te, in->test, in->ntest, s);
    return rc;
}

int _ct_cli_tune_profiles(ct_tune_struct **out, const _ct_cli_tune_input *in,
                          _ct_cli_tune_settings *s)
{
    tune_side tr, te;
    memset(&tr, 0, sizeof(tr));
    memset(&te, 0, sizeof(te));
    *out = NULL;
    int rc = tune_load_sides(&tr, &te, in, s);
    if (rc) {
        side_clear(&tr, 1);
        side_clear(&te, 1);
        return rc;
    }
    ct_tune_struct *T = flint_malloc(sizeof(ct_tune_struct));
    char err[CERTUNE_ERRLEN];
    int r = ct_tune_run_analyses_scored(
        T, &tr.A, (const char *const *)tr.names, &te.A, (const char *const *)te.names,
        s->score_all != NULL ? *s->score_all : 0, s->grid, s->rad_k, err, sizeof(err));
    if (r == 1)
        ct_report_write_undecided(stderr, T->train->nundecided ? T->train : T->test);
    else if (r != 0)
        fprintf(stderr, "certune: %s\n", err);
    side_clear(&tr, 0); /* T holds the analyses */
    side_clear(&te, 0);
    if (r == 0) {
        *out = T;
        return 0;
    }
    ct_tune_clear(T);
    flint_free(T);
    return r < 0 ? CERTUNE_EXIT_INPUT : CERTUNE_EXIT_UNDECIDED;
}
