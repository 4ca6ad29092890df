/* tune: exact ERM on the training profile, exact test loss at the choice (by
   evaluate, checked against the test profile), the test optimum, a grid. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "certune/family.h"
#include "certune/qparse.h"
#include "certune/tune.h"
#include "tune_internal.h"

static void tune_zero(ct_tune_t T, ct_family_t family, int score_all, int ties)
{
    memset(T, 0, sizeof(ct_tune_struct));
    T->family = family;
    T->score_all = score_all;
    T->ties = ties;
    fmpq_init(T->c);
    fmpq *q[] = {T->chosen,    T->train_loss,  T->test_loss,  T->test_optimal,
                 T->gap,       T->grid_chosen, T->grid_train, T->grid_test,
                 T->grid_miss, T->rad.value};
    for (size_t k = 0; k < sizeof(q) / sizeof(q[0]); k++)
        fmpq_init(q[k]);
}

void ct_tune_clear(ct_tune_t T)
{
    fmpq *q[] = {T->c,           T->chosen,       T->train_loss,
                 T->test_loss,   T->test_optimal, T->gap,
                 T->grid_chosen, T->grid_train,   T->grid_test,
                 T->grid_miss,   T->rad.value};
    for (size_t k = 0; k < sizeof(q) / sizeof(q[0]); k++)
        fmpq_clear(q[k]);
    ct_analysis_clear(T->train); /* zeroed or initialized: either may be cleared */
    ct_analysis_clear(T->test);
}

/* Train and test must pose the same problem: the same class count. */
static int tune_check_sets(const ct_instance_struct *train, slong m,
                           const ct_instance_struct *test, slong mt, char *err,
                           size_t errlen)
{
    for (slong t = 0; t < m + mt; t++) {
        const ct_instance_struct *x = t < m ? train + t : test + (t - m);
        if (x->c != train[0].c) {
            snprintf(err, errlen, "%s: %ld classes, but %s has %ld", x->path, (long)x->c,
                     train[0].path, (long)train[0].c);
            return -1;
        }
    }
    return 0;
}

/* The leftmost open piece of least loss; a closed end or a rational
   breakpoint only when strictly better (docs/tuning.md). */
static void tune_choose(ct_tune_t T)
{
    ct_analysis_struct *A = T->train;
    T->kind = CT_TUNE_PIECE;
    T->where = 0;
    fmpq_set(T->train_loss, A->piece_loss + 0);
    for (slong i = 1; i <= A->nbp; i++)
        if (fmpq_cmp(A->piece_loss + i, T->train_loss) < 0) {
            T->where = i;
            fmpq_set(T->train_loss, A->piece_loss + i);
        }
    for (int e = 0; A->closed && e < 2; e++)
        if (fmpq_cmp(A->end_loss + e, T->train_loss) < 0) {
            T->kind = CT_TUNE_END;
            T->where = e;
            fmpq_set(T->train_loss, A->end_loss + e);
        }
    for (slong b = 0; b < A->nbp; b++)
        if (fmpq_equal(ct_bpoint_lo(A->bp + b), ct_bpoint_hi(A->bp + b)) &&
            fmpq_cmp(A->point_loss + b, T->train_loss) < 0) {
            T->kind = CT_TUNE_POINT;
            T->where = b;
            fmpq_set(T->train_loss, A->point_loss + b);
        }
    fmpq_t q; /* a local: GCC 12 misjudges T->chosen's size in a non-inlined copy */
    fmpq_init(q);
    if (T->kind == CT_TUNE_PIECE)
        ct_analysis_piece_point(q, A, T->where);
    else if (T->kind == CT_TUNE_END)
        fmpq_set_si(q, T->where, 1);
    else
        fmpq_set(q, ct_bpoint_lo(A->bp + T->where));
    fmpq_swap(T->chosen, q);
    fmpq_clear(q);
    T->inf_not_rational = fmpq_cmp(T->train_loss, A->min_loss) > 0;
}

void ct_tune_grid_point(fmpq_t q, ct_family_t family, slong k, slong G)
{
    ct_family_grid_point(q, family, k, G);
}

static void tune_grid(ct_tune_t T, slong G)
{
    fmpq_t q, l;
    fmpq_init(q);
    fmpq_init(l);
    T->grid = G;
    for (slong k = 0; k < G; k++) {
        ct_tune_grid_point(q, T->family, k, G);
        ct_analysis_loss_at(l, T->train, q);
        if (k == 0 || fmpq_cmp(l, T->grid_train) < 0) {
            fmpq_set(T->grid_train, l);
            fmpq_set(T->grid_chosen, q);
        }
    }
    fmpq_set(q, T->grid_chosen); /* a local, as in tune_choose */
    ct_analysis_loss_at(T->grid_test, T->test, q);
    fmpq_sub(T->grid_miss, T->grid_train, T->train_loss);
    fmpq_clear(q);
    fmpq_clear(l);
}

/* The tied scored nodes at the chosen value by A's counts, or -1 when the
   chosen value lies in a place that may hide a touching tie (analysis.h). */
static slong tune_tied_in(const ct_analysis_t A, const fmpq_t x)
{
    slong p = ct_analysis_place_at(A, x);
    return A->place_hidden[p] > 0 ? -1 : A->place_tied[p];
}

/* The direct solve at the chosen value on insts (E initialized here). */
static void tune_solve(ct_evaluate_t E, const ct_tune_t T,
                       const ct_instance_struct *insts, slong m)
{
    char err[256];
    if (ct_evaluate_run_threads(E, T->family, T->c, T->chosen, insts, m, T->score_all,
                                T->ties, T->nthreads, err, sizeof(err)))
        abort(); /* the analysis accepted the same instances */
}

/* The loss at the chosen value on a set from its profile A, checked against
   the direct solve E when given (two independent routes: a mismatch is a
   bug), which also counts the ties where the profile cannot. Returns the
   tied nodes, or -1 when the profile alone cannot count them. */
static slong tune_eval(fmpq_t loss, ct_tune_t T, const ct_analysis_t A,
                       const ct_evaluate_struct *E)
{
    ct_analysis_loss_at(loss, A, T->chosen);
    slong tied = tune_tied_in(A, T->chosen);
    if (E == NULL)
        return tied;
    if (!fmpq_equal(loss, E->loss) || (tied >= 0 && tied != E->ntied)) {
        fprintf(stderr, "certune: internal error: profile and direct solve disagree\n");
        abort();
    }
    return E->ntied;
}

/* After tune_choose: the losses at the choice, the test optimum, the grid and
   the Rademacher bound. Etest is the direct solve on the test set (or NULL:
   profiles only); the training set is solved directly only when its profile
   cannot count the ties at the choice (the training loss is the profile's
   own minimum; the test loss is what the user takes away, so it is computed
   both ways). */
static int tune_finish(ct_tune_t T, const ct_instance_struct *train, slong m,
                       const ct_evaluate_struct *Etest, slong grid, slong rad_k,
                       char *err, size_t errlen)
{
    T->train_tied = tune_eval(T->train_loss, T, T->train, NULL);
    if (T->train_tied < 0 && train != NULL) {
        ct_evaluate_t E;
        tune_solve(E, T, train, m);
        T->train_tied = tune_eval(T->train_loss, T, T->train, E);
        ct_evaluate_clear(E);
    }
    T->test_tied = tune_eval(T->test_loss, T, T->test, Etest);
    if (T->train_tied < 0 || T->test_tied < 0) {
        char *x = fmpq_get_str(NULL, 10, T->chosen);
        snprintf(err, errlen,
                 "%s profile: how many nodes tie at the chosen value %s is not "
                 "certain (two leading classes of a node may touch there without "
                 "crossing); tune on the instances",
                 T->train_tied < 0 ? "training" : "test", x);
        flint_free(x);
        return 2;
    }
    fmpq_set(T->test_optimal, T->test->min_loss);
    fmpq_sub(T->gap, T->train_loss, T->test_loss);
    fmpq_abs(T->gap, T->gap);
    if (grid > 0)
        tune_grid(T, grid);
    slong nmax = 1;
    for (slong t = 0; t < T->train->ninst; t++)
        nmax = FLINT_MAX(nmax, T->train->inst_nodes[t]);
    if (rad_k > 0)
        ct_tune_rademacher(T, rad_k, nmax, T->train->inst_classes[0]);
    return 0;
}

int ct_tune_run(ct_tune_t T, ct_family_t family, const fmpq_t c,
                const ct_instance_struct *train, slong m, const ct_instance_struct *test,
                slong mt, int ties, slong grid, slong rad_k, char *err, size_t errlen)
{
    return ct_tune_run_threads(T, family, c, train, m, test, mt, ties, grid, rad_k, 1,
                               NULL, err, errlen);
}

int ct_tune_run_threads(ct_tune_t T, ct_family_t family, const fmpq_t c,
                        const ct_instance_struct *train, slong m,
                        const ct_instance_struct *test, slong mt, int ties, slong grid,
                        slong rad_k, slong nthreads,
                        const ct_analysis_settings_struct *settings, char *err,
                        size_t errlen)
{
    return ct_tune_run_scored(T, family, c, train, m, test, mt, 0, ties, grid, rad_k,
                              nthreads, settings, err, errlen);
}

int ct_tune_run_scored(ct_tune_t T, ct_family_t family, const fmpq_t c,
                       const ct_instance_struct *train, slong m,
                       const ct_instance_struct *test, slong mt, int score_all, int ties,
                       slong grid, slong rad_k, slong nthreads,
                       const ct_analysis_settings_struct *settings, char *err,
                       size_t errlen)
{
    tune_zero(T, family, score_all, ties);
    T->nthreads = nthreads;
    if (ct_family_row(family)->has_c) {
        if (c != NULL)
            fmpq_set(T->c, c);
        else
            ct_family_c_default(T->c, family);
    }
    if (m < 1 || mt < 1) {
        snprintf(err, errlen, "tune needs training and test instances");
        return -1;
    }
    if (tune_check_sets(train, m, test, mt, err, errlen))
        return -1;
    const fmpq *cc = ct_family_c_or_null(family, T->c);
    /* The test set is analyzed beside the training set, and solved directly
       at the choice as soon as the training profile gives it. */
    _ct_tune_side S;
    _ct_tune_side_start(&S, T->test, family, cc, test, mt, score_all, ties, nthreads,
                        settings);
    int rc = ct_family_analyze_threads(T->train, family, cc, train, m, score_all, ties,
                                       nthreads, settings, NULL, err, errlen);
    ct_evaluate_t E;
    int solved = rc == 0 && !T->train->nundecided;
    if (solved) {
        tune_choose(T);
        tune_solve(E, T, test, mt);
    }
    if (_ct_tune_side_join(&S, rc ? NULL : err, errlen))
        rc = -1;
    if (rc == 0)
        rc = T->train->nundecided || T->test->nundecided
                 ? 1
                 : tune_finish(T, train, m, E, grid, rad_k, err, errlen);
    if (solved)
        ct_evaluate_clear(E);
    return rc;
}

int ct_tune_run_analyses(ct_tune_t T, ct_analysis_t train, const char *const *train_names,
                         ct_analysis_t test, const char *const *test_names, slong grid,
                         slong rad_k, char *err, size_t errlen)
{
    return ct_tune_run_analyses_scored(T, train, train_names, test, test_names, 0, grid,
                                       rad_k, err, errlen);
}

int ct_tune_run_analyses_scored(ct_tune_t T, ct_analysis_t train,
                                const char *const *train_names, ct_analysis_t test,
                                const char *const *test_names, int score_all, slong grid,
                                slong rad_k, char *err, size_t errlen)
{
    tune_zero(T, train->family, score_all, train->ties);
    *T->train = *train;
    *T->test = *test;
    if (ct_family_row(train->family)->has_c)
        fmpq_set(T->c, train->c);
    if (_ct_tune_check_alike(train, train_names, test, test_names, err, errlen))
        return -1;
    if (T->train->nundecided || T->test->nundecided)
        return 1;
    tune_choose(T);
    return tune_finish(T, NULL, 0, NULL, grid, rad_k, err, errlen);
}
