/* b-analyze: timing and memory of the lambda and delta analyses on random
   instances and samples of Cora. Each case runs in a forked child so that its
   peak RSS is its own. Usage: b-analyze [max_n [min_n [family]]]: only cases
   with min_n <= n <= max_n run (default all), for both families unless one is
   named. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include "certune/alpha.h"
#include "certune/analysis.h"
#include "certune/component.h"
#include "certune/gen.h"
#include "certune/sample.h"
#include "certune/family.h"

#define BENCH_SEED 20240601
#define BENCH_TIMEOUT 300

typedef struct {
    const char *name;
    slong n, ninst;
    double p;
    int connected;
    double lab_lo, lab_hi; /* labeled fraction, uniform in [lo, hi] per instance */
    ct_gen_weight_t weight;
    const char *dataset; /* sample connected subgraphs of it instead (unit weights) */
} bench_case;

static double bench_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Connected subgraphs of a real dataset, 20% labeled (certune sample). */
static int bench_sample(ct_instance_struct *insts, const bench_case *bc, slong idx)
{
    ct_dataset_t D;
    flint_rand_t state;
    char err[512];
    if (ct_dataset_load(D, bc->dataset, err, sizeof(err)))
        return -1;
    flint_randinit(state);
    flint_randseed(state, BENCH_SEED + idx, 1);
    int rc = 0;
    for (slong k = 0; k < bc->ninst && rc == 0; k++)
        rc = ct_sample_instance(insts + k, D, bc->n, bc->lab_lo, state, "sample");
    flint_randclear(state);
    ct_dataset_clear(D);
    return rc;
}

/* For alpha: how many labeled components (of those with a label) have one
   square class (the rational fast path) and the most square classes of one. */
static void bench_alpha_method(const ct_instance_struct *insts, slong m)
{
    slong comps = 0, fast = 0, most = 0;
    for (slong t = 0; t < m; t++) {
        slong *comp = flint_malloc(FLINT_MAX(insts[t].n, 1) * sizeof(slong));
        slong nc = ct_component_assign(comp, insts + t);
        for (slong k = 0; k < nc; k++) {
            slong q = ct_alpha_square_classes(insts + t, comp, k);
            if (q == 0)
                continue;
            comps++, fast += q == 1, most = FLINT_MAX(most, q);
        }
        flint_free(comp);
    }
    printf("  rational path %ld/%ld components, square classes <= %ld", (long)fast,
           (long)comps, (long)most);
}

/* The child: builds the instances, analyzes them as one set, prints a row. */
static int bench_case_run(const bench_case *bc, slong idx, ct_family_t family)
{
    ct_instance_struct *insts = flint_malloc(bc->ninst * sizeof(ct_instance_struct));
    ct_gen_params_t P;
    ct_analysis_t A;
    char err[512];
    struct rusage ru;
    double t0, t1;
    slong k;
    int rc;
    FILE *devnull = fopen("/dev/null", "w");

    if (bc->dataset != NULL) {
        if (bench_sample(insts, bc, idx)) {
            printf("%-14s %5ld %9ld  skipped: %s not readable\n", bc->name, (long)bc->n,
                   (long)bc->ninst, bc->dataset);
            flint_free(insts);
            fclose(devnull);
            return 0;
        }
    } else
        for (k = 0; k < bc->ninst; k++) {
            ct_gen_params_init(P, bc->n, 3);
            P->p = bc->p;
            P->connected = bc->connected;
            P->labeled = bc->lab_lo +
                         (bc->lab_hi - bc->lab_lo) * (double)((k * 7919) % 101) / 100.0;
            P->weight = bc->weight;
            ct_gen_instance(insts + k, P, BENCH_SEED + idx, k);
        }
    t0 = bench_now();
    rc = ct_family_analyze(A, family, NULL, insts, bc->ninst, 0, devnull, err,
                           sizeof(err));
    t1 = bench_now();
    getrusage(RUSAGE_SELF, &ru);
    if (rc != 0) {
        printf("%-14s %5ld %9ld  analysis failed: %s\n", bc->name, (long)bc->n,
               (long)bc->ninst, err);
    } else if (A->nundecided) {
        printf("%-14s %5ld %9ld  undecided (%ld intervals) after %.3f s\n", bc->name,
               (long)bc->n, (long)bc->ninst, (long)A->nundecided, t1 - t0);
        ct_analysis_clear(A);
    } else {
        printf("%-14s %5ld %9ld %11ld %11ld %9.3f %8.1f", bc->name, (long)bc->n,
               (long)bc->ninst, (long)A->nbp, (long)A->loss_pieces, t1 - t0,
               (double)ru.ru_maxrss / 1024.0);
        if (family == CT_FAMILY_ALPHA)
            bench_alpha_method(insts, bc->ninst);
        printf("\n");
        ct_analysis_clear(A);
    }
    fflush(stdout);
    for (k = 0; k < bc->ninst; k++)
        ct_instance_clear(insts + k);
    flint_free(insts);
    fclose(devnull);
    flint_cleanup();
    return rc == 0 ? 0 : 1;
}

/* Runs one case in a child; returns 1 if it failed. */
static int bench_fork(const bench_case *bc, slong idx, ct_family_t family)
{
    int status;
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        alarm(BENCH_TIMEOUT);
        _exit(bench_case_run(bc, idx, family));
    }
    if (waitpid(pid, &status, 0) < 0) {
        perror("waitpid");
        return 1;
    }
    if (WIFSIGNALED(status)) {
        printf("%-14s %5ld %9ld  killed by signal %d%s\n", bc->name, (long)bc->n,
               (long)bc->ninst, WTERMSIG(status),
               WTERMSIG(status) == SIGALRM ? " (timeout)" : "");
        fflush(stdout);
        return 1;
    }
    return WEXITSTATUS(status) != 0;
}

int main(int argc, char **argv)
{
    static const bench_case cases[] = {
        {"a-300x30-unit", 30, 300, 0.15, 0, 0.2, 0.3, CT_GEN_WEIGHT_UNIT, NULL},
        {"a-300x30-int", 30, 300, 0.15, 0, 0.2, 0.3, CT_GEN_WEIGHT_SMALL, NULL},
        {"a-300x30-cora", 30, 300, 0, 1, 0.2, 0.2, CT_GEN_WEIGHT_UNIT,
         "../shared/datasets/cora"},
        {"b-single", 25, 1, 3.0 / 24, 1, 0.2, 0.2, CT_GEN_WEIGHT_SMALL, NULL},
        {"b-single", 50, 1, 3.0 / 49, 1, 0.2, 0.2, CT_GEN_WEIGHT_SMALL, NULL},
        {"b-single", 100, 1, 3.0 / 99, 1, 0.2, 0.2, CT_GEN_WEIGHT_SMALL, NULL},
        {"b-single", 200, 1, 3.0 / 199, 1, 0.2, 0.2, CT_GEN_WEIGHT_SMALL, NULL},
        {"b-single", 400, 1, 3.0 / 399, 1, 0.2, 0.2, CT_GEN_WEIGHT_SMALL, NULL},
    };
    slong ncases = sizeof(cases) / sizeof(cases[0]);
    slong max_n = argc > 1 ? strtol(argv[1], NULL, 10) : WORD_MAX;
    slong min_n = argc > 2 ? strtol(argv[2], NULL, 10) : 0;
    const char *only = argc > 3 ? argv[3] : NULL;
    static const char *names[] = {"lambda", "delta (c = 99/100)", "alpha"};
    static const ct_family_t ids[] = {CT_FAMILY_LAMBDA, CT_FAMILY_DELTA, CT_FAMILY_ALPHA};
    int failed = 0;

    for (int f = 0; f < 3; f++) {
        if (only != NULL && strncmp(names[f], only, strlen(only)) != 0)
            continue;
        printf("%s family, 3 classes (cora: 7), held-out scoring (seed %d)\n", names[f],
               BENCH_SEED);
        printf("%-14s %5s %9s %11s %11s %9s %8s\n", "case", "n", "instances",
               "breakpoints", "loss_pieces", "wall_s", "rss_MB");
        fflush(stdout);
        for (slong i = 0; i < ncases; i++)
            if (cases[i].n <= max_n && cases[i].n >= min_n &&
                bench_fork(cases + i, i, ids[f]))
                failed = 1;
        printf("\n");
    }
    return failed;
}
