/* Tests of ct_analysis_run_stream: through a source that counts what it hands
   out, (1) a set analyzed in chunks of 1, 3 and 4 instances on 1, 2 and 3
   threads gives the text and JSON reports and per-instance costs of the set
   in one chunk (CERTUNE_ANALYSIS_CHUNK=all: the families' one-run analysis,
   no merge), for every family and both tie rules; (2) every instance is
   fetched once and released, and no more than one chunk per thread is out at
   a time (the memory bound), also when the chunks are sized by the node
   counts the source declares; (3) a source error or an instance without a
   scored node fails the run with that message, the first failing chunk's,
   and every fetched instance is released; (4) one larger instance, alone in
   its chunk, gives the same reports on 1, 2 and 3 threads (the spare threads
   work inside its analysis). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/analysis.h"
#include "certune/family.h"
#include "certune/gen.h"
#include "certune/report.h"
#include "report_of.h"

/* An array handed out in ranges, counting them. */
typedef struct {
    ct_analysis_source_struct src;
    const ct_instance_struct *insts;
    pthread_mutex_t lock;
    slong out, max_out, *fetched, fail_at; /* fail_at: get fails on it (-1: never) */
} counting_source;

static const ct_instance_struct *counting_get(void *arg, slong first, slong n, char *err,
                                              size_t errlen)
{
    counting_source *S = arg;
    if (first <= S->fail_at && S->fail_at < first + n) {
        snprintf(err, errlen, "instance %ld: unreadable", (long)S->fail_at);
        return NULL;
    }
    pthread_mutex_lock(&S->lock);
    S->out += n;
    S->max_out = FLINT_MAX(S->max_out, S->out);
    for (slong t = first; t < first + n; t++)
        S->fetched[t]++;
    pthread_mutex_unlock(&S->lock);
    return S->insts + first;
}

static void counting_put(void *arg, slong first, slong n, const ct_instance_struct *insts)
{
    counting_source *S = arg;
    (void)first;
    pthread_mutex_lock(&S->lock);
    S->out -= n;
    pthread_mutex_unlock(&S->lock);
    (void)insts;
}

static void counting_init(counting_source *S, const ct_instance_struct *insts, slong m,
                          const slong *nodes)
{
    memset(S, 0, sizeof(*S));
    pthread_mutex_init(&S->lock, NULL);
    S->insts = insts;
    S->fetched = flint_calloc(m, sizeof(slong));
    S->fail_at = -1;
    ct_analysis_source_struct src = {m, nodes, counting_get, counting_put, S};
    S->src = src;
}

static void counting_clear(counting_source *S)
{
    flint_free(S->fetched);
    pthread_mutex_destroy(&S->lock);
}

static int same_costs(const ct_analysis_t R, const ct_analysis_t A)
{
    if (R->nplaces != A->nplaces || R->ninst != A->ninst || R->tie_unit != A->tie_unit)
        return 0;
    slong *cr = flint_malloc(R->ninst * sizeof(slong)),
          *ca = flint_malloc(R->ninst * sizeof(slong));
    int ok = 1;
    for (slong p = 0; ok && p < R->nplaces; p++) {
        ct_analysis_inst_costs(cr, R, p);
        ct_analysis_inst_costs(ca, A, p);
        for (slong t = 0; t < R->ninst; t++)
            ok &= cr[t] == ca[t] && R->inst_nscored[t] == A->inst_nscored[t];
    }
    flint_free(cr), flint_free(ca);
    return ok;
}

/* Runs the stream with CT_ANALYSIS_CHUNK_ENV set to chunk; checks that every
   instance was fetched once and released. Returns the run's status. */
static int run(ct_analysis_t A, counting_source *S, ct_family_t fam, int ties,
               const char *chunk, slong nthreads, char *err, size_t errlen)
{
    setenv(CT_ANALYSIS_CHUNK_ENV, chunk, 1);
    S->max_out = 0;
    memset(S->fetched, 0, S->src.m * sizeof(slong));
    int rc = ct_family_analyze_stream(A, fam, NULL, &S->src, 0, ties, nthreads, NULL,
                                      NULL, err, errlen);
    unsetenv(CT_ANALYSIS_CHUNK_ENV);
    CHECK_MSG(S->out == 0, "%ld instances not released", (long)S->out);
    return rc;
}

static void check_family(ct_family_t fam, int ties, const ct_instance_struct *insts,
                         slong m)
{
    counting_source S;
    counting_init(&S, insts, m, NULL);
    char err[512];
    ct_analysis_t R, A;
    CHECK(run(R, &S, fam, ties, "all", 1, err, sizeof(err)) == 0);
    CHECK_MSG(R->nundecided == 0 && R->nbp > 0, "family %d: %ld breakpoints", (int)fam,
              (long)R->nbp);
    char *text = report_of(R, 0), *json = report_of(R, 1);
    static const char *chunks[] = {"1", "3", "4"};
    for (int k = 0; k < 3; k++)
        for (slong th = 1; th <= 3; th++) {
            CHECK(run(A, &S, fam, ties, chunks[k], th, err, sizeof(err)) == 0);
            char *t = report_of(A, 0), *j = report_of(A, 1);
            CHECK_MSG(
                strcmp(t, text) == 0 && strcmp(j, json) == 0 && same_costs(R, A),
                "family %d ties %d: chunks of %s on %ld threads differ from one run",
                (int)fam, ties, chunks[k], (long)th);
            slong once = 1;
            for (slong i = 0; i < m; i++)
                once &= S.fetched[i] == 1;
            CHECK_MSG(once, "chunks of %s: an instance fetched twice or never",
                      chunks[k]);
            slong bound = th * atol(chunks[k]);
            CHECK_MSG(S.max_out <= bound && (th > 1 || S.max_out == bound),
                      "chunks of %s on %ld threads: %ld instances out at once", chunks[k],
                      (long)th, (long)S.max_out);
            free(t), free(j);
            ct_analysis_clear(A);
        }
    free(text), free(json);
    ct_analysis_clear(R);
    counting_clear(&S);
}

/* The default plan sizes chunks by the declared nodes: 1000-node instances
   (as declared) go two at a time, 10-node ones all in one chunk. */
static void check_plan(const ct_instance_struct *insts, slong m)
{
    slong *nodes = flint_malloc(m * sizeof(slong));
    for (slong declared = 10; declared <= 1000; declared *= 100) {
        for (slong t = 0; t < m; t++)
            nodes[t] = declared;
        counting_source S;
        counting_init(&S, insts, m, nodes);
        ct_analysis_t A;
        char err[512];
        int rc = ct_family_analyze_stream(A, CT_FAMILY_LAMBDA, NULL, &S.src, 0, 0, 1,
                                          NULL, NULL, err, sizeof(err));
        slong want = declared == 10 ? m : CT_ANALYSIS_CHUNK_NODES / declared;
        CHECK_MSG(rc == 0 && S.max_out == want, "declared %ld nodes: %ld out, not %ld",
                  (long)declared, (long)S.max_out, (long)want);
        ct_analysis_clear(A);
        counting_clear(&S);
    }
    flint_free(nodes);
}

/* Errors: the source fails on instance 9, or instance 5 has no scored node. */
static void check_errors(ct_instance_struct *insts, slong m)
{
    counting_source S;
    counting_init(&S, insts, m, NULL);
    ct_analysis_t A;
    char err[512];
    for (slong th = 1; th <= 2; th++) {
        S.fail_at = 9;
        CHECK(run(A, &S, CT_FAMILY_DELTA, 0, "2", th, err, sizeof(err)) == -1);
        CHECK_MSG(strcmp(err, "instance 9: unreadable") == 0, "message: %s", err);
        ct_analysis_clear(A);
        S.fail_at = -1;
        slong *held = insts[5].held; /* instance 5 without a held-out node */
        insts[5].held = flint_malloc(insts[5].n * sizeof(slong));
        for (slong i = 0; i < insts[5].n; i++)
            insts[5].held[i] = -1;
        S.fail_at = 11; /* a later failure must not be the one reported */
        CHECK(run(A, &S, CT_FAMILY_LAMBDA, 0, "3", th, err, sizeof(err)) == -1);
        CHECK_MSG(strstr(err, "no scored node") != NULL && strstr(err, insts[5].path),
                  "message: %s", err);
        ct_analysis_clear(A);
        flint_free(insts[5].held);
        insts[5].held = held;
        S.fail_at = -1;
    }
    counting_clear(&S);
}

/* One instance is one chunk: on 2 and 3 threads the spare ones work inside
   its analysis (alpha's Krylov products and CRT, lambda's and delta's primes
   in rounds); the reports must be those of one thread. */
static void check_one_large(ct_family_t fam)
{
    ct_instance_t I;
    ct_gen_params_t P;
    ct_gen_params_init(P, 48, 3);
    P->connected = 1;
    P->labeled = 0.25;
    P->weight = CT_GEN_WEIGHT_SMALL;
    ct_gen_instance(I, P, 12, 0);
    counting_source S;
    counting_init(&S, I, 1, NULL);
    char err[512];
    ct_analysis_t R, A;
    CHECK(run(R, &S, fam, CT_SIGNFN_TIES_SMALLEST, "all", 1, err, sizeof(err)) == 0);
    CHECK_MSG(R->nundecided == 0 && R->nbp > 0, "family %d: %ld breakpoints", (int)fam,
              (long)R->nbp);
    char *text = report_of(R, 0), *json = report_of(R, 1);
    for (slong th = 2; th <= 3; th++) {
        CHECK(run(A, &S, fam, CT_SIGNFN_TIES_SMALLEST, "all", th, err, sizeof(err)) == 0);
        char *t = report_of(A, 0), *j = report_of(A, 1);
        CHECK_MSG(strcmp(t, text) == 0 && strcmp(j, json) == 0,
                  "family %d: one instance on %ld threads differs from one thread",
                  (int)fam, (long)th);
        free(t), free(j);
        ct_analysis_clear(A);
    }
    free(text), free(json);
    ct_analysis_clear(R);
    counting_clear(&S);
    ct_instance_clear(I);
}

int main(void)
{
    enum { M = 14 };
    ct_instance_struct insts[M];
    ct_gen_params_t P;
    for (slong t = 0; t < M; t++) {
        ct_gen_params_init(P, 12, t % 4 == 1 ? 2 : 3);
        P->connected = 1;
        P->labeled = 0.25;
        ct_gen_instance(insts + t, P, 11, t % 11); /* 11..13 repeat 0..2 */
    }
    check_family(CT_FAMILY_LAMBDA, CT_SIGNFN_TIES_SMALLEST, insts, M);
    check_family(CT_FAMILY_LAMBDA, CT_SIGNFN_TIES_EXPECTED, insts, M);
    check_family(CT_FAMILY_ALPHA, CT_SIGNFN_TIES_SMALLEST, insts, M);
    check_family(CT_FAMILY_DELTA, CT_SIGNFN_TIES_EXPECTED, insts, M);
    check_one_large(CT_FAMILY_LAMBDA);
    check_one_large(CT_FAMILY_ALPHA);
    check_one_large(CT_FAMILY_DELTA);
    check_plan(insts, M);
    check_errors(insts, M);
    for (slong t = 0; t < M; t++)
        ct_instance_clear(insts + t);
    flint_cleanup();
    return check_finish("t-stream");
}
