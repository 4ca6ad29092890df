/* Tests of ct_analysis_merge: for every family and several instance sets (the
   shipped instances/ files, seeded random sets), analyzing the set in k shards
   (k = 1, 2, 7; contiguous or every k-th) and merging gives byte-identical
   text and JSON reports to one run over the set, and the same per-instance
   costs at every place; so does ct_analysis_run_threads on 2 and 3 threads.
   The reference is the analyzer's own one-run output,
   which shares no code with the merge (it sorts all zeros at once). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/analysis.h"
#include "certune/family.h"
#include "certune/gen.h"
#include "certune/report.h"
#include "report_of.h"

/* Every instance's cost at every place, instance t of A is instance perm[t]
   of R (perm NULL: the identity); R and A have the same places. */
static int same_costs(const ct_analysis_t R, const ct_analysis_t A, const slong *perm)
{
    if (R->nplaces != A->nplaces || R->ninst != A->ninst || R->tie_unit != A->tie_unit)
        return 0;
    slong *cr = flint_malloc(R->ninst * sizeof(slong)),
          *ca = flint_malloc(R->ninst * sizeof(slong));
    int ok = 1;
    for (slong p = 0; ok && p < R->nplaces; p++) {
        ct_analysis_inst_costs(cr, R, p);
        ct_analysis_inst_costs(ca, A, p);
        for (slong t = 0; t < R->ninst; t++) {
            slong u = perm == NULL ? t : perm[t];
            ok &= cr[u] == ca[t] && R->inst_nscored[u] == A->inst_nscored[t];
            ok &= R->inst_nodes[u] == A->inst_nodes[t] &&
                  R->inst_classes[u] == A->inst_classes[t];
        }
        /* tied nodes per place: the same, unless a part's piece may hide a
           touching tie there */
        ok &= R->place_hidden[p] > 0 || A->place_hidden[p] > 0 ||
              R->place_tied[p] == A->place_tied[p];
    }
    flint_free(cr), flint_free(ca);
    return ok;
}

typedef struct {
    ct_family_t family;
    int ties;
    const char *name;
} merge_case;

/* Analyzes the shards of insts (shard s: contiguous block s, or every k-th
   from s) and folds the merge left; perm[t] = the set index of the union's
   instance t. */
static int run_sharded(ct_analysis_t R, const merge_case *mc,
                       const ct_instance_struct *insts, slong m, slong k, int interleaved,
                       slong *perm)
{
    char err[512];
    ct_instance_struct *part = flint_malloc(m * sizeof(ct_instance_struct));
    slong done = 0;
    int have = 0;
    for (slong s = 0; s < k; s++) {
        slong np = 0;
        for (slong t = 0; t < m; t++) {
            int mine = interleaved ? t % k == s : t * k / m == s;
            if (mine) {
                part[np++] = insts[t];
                perm[done++] = t;
            }
        }
        if (np == 0)
            continue;
        ct_analysis_t S, T;
        int rc = ct_family_analyze_ties(S, mc->family, NULL, part, np, 0, mc->ties, NULL,
                                        err, sizeof(err));
        CHECK_MSG(rc == 0, "%s: %s", mc->name, err);
        if (!have) {
            *R = *S; /* move */
            have = 1;
            continue;
        }
        CHECK(ct_analysis_merge(T, R, S, err, sizeof(err)) == 0);
        ct_analysis_clear(R);
        ct_analysis_clear(S);
        *R = *T;
    }
    flint_free(part);
    return have;
}

static void check_set(const merge_case *mc, const ct_instance_struct *insts, slong m,
                      const char *what)
{
    char err[512];
    ct_analysis_t A;
    CHECK(ct_family_analyze_ties(A, mc->family, NULL, insts, m, 0, mc->ties, NULL, err,
                                 sizeof(err)) == 0);
    char *text = report_of(A, 0), *json = report_of(A, 1);
    slong ks[3] = {1, 2, 7}, *perm = flint_malloc(m * sizeof(slong));
    for (int i = 0; i < 3; i++)
        for (int inter = 0; inter < 2; inter++) {
            ct_analysis_t R;
            if (!run_sharded(R, mc, insts, m, ks[i], inter, perm))
                continue;
            char *t2 = report_of(R, 0), *j2 = report_of(R, 1);
            CHECK_MSG(strcmp(text, t2) == 0, "%s %s k=%ld%s: text differs:\n%s\n---\n%s",
                      mc->name, what, ks[i], inter ? " interleaved" : "", text, t2);
            CHECK_MSG(strcmp(json, j2) == 0, "%s %s k=%ld%s: JSON differs", mc->name,
                      what, ks[i], inter ? " interleaved" : "");
            CHECK_MSG(A->nundecided > 0 || same_costs(A, R, perm),
                      "%s %s k=%ld%s: per-instance costs differ", mc->name, what, ks[i],
                      inter ? " interleaved" : "");
            free(t2), free(j2);
            ct_analysis_clear(R);
        }
    for (slong th = 2; th <= 3; th++) { /* the thread pool: chunks merged in order */
        ct_analysis_t T;
        CHECK(ct_family_analyze_threads(T, mc->family, NULL, insts, m, 0, mc->ties, th,
                                        NULL, NULL, err, sizeof(err)) == 0);
        char *t2 = report_of(T, 0);
        CHECK_MSG(strcmp(text, t2) == 0, "%s %s: %ld threads differ", mc->name, what, th);
        CHECK(A->nundecided > 0 || same_costs(A, T, NULL));
        free(t2);
        ct_analysis_clear(T);
    }
    free(text), free(json), flint_free(perm);
    ct_analysis_clear(A);
}

static const char *shipped[] = {"lambda-gadget-oscillating",
                                "lambda-gadget-x1",
                                "lambda-gadget-x2",
                                "lambda-gadget-x3",
                                "lambda-gadget-x5_2",
                                "random-1",
                                "random-2",
                                "random-3",
                                "alpha-gadget-oscillating",
                                "alpha-gadget-x1_2",
                                "alpha-gadget-x3_2",
                                "delta-gadget-oscillating",
                                "delta-gadget-x2-c1_2",
                                "delta-gadget-x7-c99_100"};

static void check_shipped(const merge_case *mc)
{
    slong m = sizeof(shipped) / sizeof(shipped[0]);
    ct_instance_struct *insts = flint_malloc(m * sizeof(ct_instance_struct));
    char path[256], err[512];
    for (slong t = 0; t < m; t++) {
        snprintf(path, sizeof(path), "instances/%s.gssl", shipped[t]);
        CHECK_MSG(ct_instance_load(insts + t, path, err, sizeof(err)) == 0, "%s", err);
    }
    check_set(mc, insts, m, "instances/");
    for (slong t = 0; t < m; t++)
        ct_instance_clear(insts + t);
    flint_free(insts);
}

/* A seeded random set: m instances of n nodes and c classes. */
static void check_random(const merge_case *mc, slong m, slong n, slong c, ulong seed)
{
    ct_gen_params_t P;
    ct_instance_struct *insts = flint_malloc(m * sizeof(ct_instance_struct));
    for (slong t = 0; t < m; t++) {
        /* c > 3: every third instance has 2 classes (shards' tie units differ) */
        ct_gen_params_init(P, n, c > 3 && t % 3 == 1 ? 2 : c);
        P->connected = 1;
        P->labeled = 0.3;
        ct_gen_instance(insts + t, P, seed, t);
    }
    char what[64];
    snprintf(what, sizeof(what), "random m=%ld n=%ld c=%ld seed=%lu", m, n, c, seed);
    check_set(mc, insts, m, what);
    for (slong t = 0; t < m; t++)
        ct_instance_clear(insts + t);
    flint_free(insts);
}

int main(void)
{
    merge_case cases[4] = {{CT_FAMILY_LAMBDA, CT_SIGNFN_TIES_SMALLEST, "lambda"},
                           {CT_FAMILY_ALPHA, CT_SIGNFN_TIES_SMALLEST, "alpha"},
                           {CT_FAMILY_DELTA, CT_SIGNFN_TIES_SMALLEST, "delta"},
                           {CT_FAMILY_LAMBDA, CT_SIGNFN_TIES_EXPECTED, "lambda ties"}};
    for (int f = 0; f < 4; f++) {
        check_shipped(cases + f);
        check_random(cases + f, 12, 8, 2, 11);
        check_random(cases + f, 9, 7, 3, 5);
    }
    /* mixed class counts under --ties expected: the tie units differ per shard */
    check_random(cases + 3, 8, 6, 4, 3);
    flint_cleanup();
    return check_finish("t-merge");
}
