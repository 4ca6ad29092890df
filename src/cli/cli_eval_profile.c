/* cli_eval_profile: `eval` and `tune` on profiles: the options checked against
   what a profile was made with, and the loss at one rational read from the
   profile's exact places (ct_analysis_place_at compares X with every
   certified breakpoint exactly). */
#include <string.h>
#include "certune/family.h"
#include "certune/base.h"
#include "certune/report.h"
#include "cli_internal.h"

static int settings_differ(const char *file, const char *what, const char *has,
                           const char *given)
{
    fprintf(stderr, "certune: %s: a profile made with %s %s, not %s %s\n", file, what,
            has, what, given);
    return CERTUNE_EXIT_INPUT;
}

static int eval_profile_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

/* --c given for a profile of a family without a constant. */
static int eval_profile_c_family(const char *file, ct_family_t family)
{
    char list[256], given[600];
    ct_family_list(list, sizeof(list), eval_profile_has_c);
    snprintf(given, sizeof(given), "%s (--c is %s's)", list, list);
    return settings_differ(file, "--family", ct_family_name(family), given);
}

static const char *ties_name(int ties)
{
    return ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest";
}

int _ct_cli_profile_settings(const ct_profile_t P, const char *file,
                             const ct_family_t *family, const fmpq *c, const int *ties,
                             const int *score_all)
{
    const ct_analysis_struct *A = &P->A;
    if (family != NULL && *family != A->family)
        return settings_differ(file, "--family", ct_family_name(A->family),
                               ct_family_name(*family));
    if (c != NULL && !fmpq_equal(c, A->c)) {
        char *has = fmpq_get_str(NULL, 10, A->c), *given = fmpq_get_str(NULL, 10, c);
        int rc = !ct_family_row(A->family)->has_c
                     ? eval_profile_c_family(file, A->family)
                     : settings_differ(file, "--c", has, given);
        flint_free(has), flint_free(given);
        return rc;
    }
    if (ties != NULL && *ties != A->ties)
        return settings_differ(file, "--ties", ties_name(A->ties), ties_name(*ties));
    if (score_all != NULL && *score_all != P->score_all)
        return settings_differ(file, "--score", P->score_all ? "all" : "unlabeled",
                               *score_all ? "all" : "unlabeled");
    return 0;
}

int _ct_cli_eval_from_profile(ct_evaluate_t E, const ct_profile_t P, const fmpq_t x,
                              const char *file)
{
    const ct_analysis_struct *A = &P->A;
    slong p = ct_analysis_place_at(&P->A, x);
    if (A->place_hidden[p] > 0) {
        char *s = fmpq_get_str(NULL, 10, x);
        fprintf(stderr,
                "certune: %s: how many nodes tie at %s is not certain from the profile "
                "(two leading classes of a node may touch there without crossing); "
                "evaluate on the instances\n",
                file, s);
        flint_free(s);
        return CERTUNE_EXIT_UNDECIDED;
    }
    memset(E, 0, sizeof(ct_evaluate_struct));
    E->family = A->family;
    E->ties = A->ties;
    fmpq_init(E->c), fmpq_init(E->x), fmpq_init(E->loss);
    fmpq_set(E->c, A->c);
    fmpq_set(E->x, x);
    E->ninst = A->ninst;
    E->inst_loss = _fmpq_vec_init(FLINT_MAX(A->ninst, 1));
    slong *cost = flint_malloc(FLINT_MAX(A->ninst, 1) * sizeof(slong));
    ct_analysis_inst_costs(cost, &P->A, p);
    for (slong i = 0; i < A->ninst; i++) {
        fmpq_set_si(E->inst_loss + i, cost[i], (ulong)(A->inst_nscored[i] * A->tie_unit));
        fmpq_add(E->loss, E->loss, E->inst_loss + i);
    }
    fmpz_t m;
    fmpz_init_set_si(m, A->ninst);
    fmpq_div_fmpz(E->loss, E->loss, m); /* the mean, as the direct solve's */
    fmpz_clear(m);
    flint_free(cost);
    E->nnodes = A->nscored;
    E->ntied = A->place_tied[p];
    return 0;
}
