/* x-threads: what --threads gains and what limits it, measured in CPU time
   (robust on a shared machine) and in wall time. Usage:
     x-threads FAMILY NTHREADS FILE|DIR...
   prints the CPU time of one plain run; of each chunk of the threaded run
   (the 8 * NTHREADS contiguous chunks of ct_analysis_run_threads) analyzed one
   after the other, their sum and the makespan of the pool's dynamic schedule
   on NTHREADS workers; of the exact tree merge of the chunk results; the
   predicted speedup plain / (makespan + merge) on an idle machine; and the wall
   time of ct_analysis_run_threads with 1 and NTHREADS threads (3 repeats). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "certune/cli.h"
#include "certune/family.h"

static double now(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cpu(void)
{
    return now(CLOCK_PROCESS_CPUTIME_ID);
}

/* The makespan of chunks taken in order by the first free of w workers. */
static double makespan(const double *t, slong n, slong w)
{
    double *free_at = calloc((size_t)w, sizeof(double)), end = 0;
    for (slong k = 0; k < n; k++) {
        slong best = 0;
        for (slong j = 1; j < w; j++)
            if (free_at[j] < free_at[best])
                best = j;
        free_at[best] += t[k];
        end = free_at[best] > end ? free_at[best] : end;
    }
    free(free_at);
    return end;
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return fprintf(stderr, "usage: x-threads FAMILY NTHREADS FILE|DIR...\n"), 1;
    ct_family_t fam;
    if (ct_cli_parse_family(&fam, argv[1]))
        return 1;
    slong w = atol(argv[2]), m, nch;
    ct_instance_struct *insts;
    double t0 = cpu(), w0 = now(CLOCK_MONOTONIC);
    if (ct_cli_load_paths(&insts, &m, (const char *const *)argv + 3, argc - 3))
        return 2;
    printf("%ld instances loaded: %.3f s CPU, %.3f s wall\n", (long)m, cpu() - t0,
           now(CLOCK_MONOTONIC) - w0);
    char err[1024];
    ct_analysis_t A;
    t0 = cpu();
    ct_family_analyze_ties(A, fam, NULL, insts, m, 0, 0, NULL, err, sizeof(err));
    double plain = cpu() - t0;
    ct_analysis_clear(A);
    nch = 8 * w < m ? 8 * w : m;
    if (getenv("X_CHUNKS") != NULL) /* to study the chunk count alone */
        nch = atol(getenv("X_CHUNKS"));
    double *tc = malloc(nch * sizeof(double)), sum = 0;
    ct_analysis_struct *res = malloc(nch * sizeof(ct_analysis_struct));
    for (slong k = 0; k < nch; k++) {
        slong a = k * m / nch, b = (k + 1) * m / nch;
        t0 = cpu();
        ct_family_analyze_ties(res + k, fam, NULL, insts + a, b - a, 0, 0, NULL, err,
                               sizeof(err));
        sum += tc[k] = cpu() - t0;
    }
    t0 = cpu();
    for (slong s = 1; s < nch; s *= 2)
        for (slong i = 0; i + s < nch; i += 2 * s) {
            ct_analysis_t R;
            ct_analysis_merge(R, res + i, res + i + s, err, sizeof(err));
            ct_analysis_clear(res + i);
            ct_analysis_clear(res + i + s);
            res[i] = *R;
        }
    double merge = cpu() - t0, span = makespan(tc, nch, w);
    ct_analysis_clear(res + 0);
    printf("plain run %.3f s CPU; %ld chunks %.3f s CPU in all, makespan on %ld "
           "workers %.3f s; merge %.3f s CPU\n",
           plain, (long)nch, sum, (long)w, span, merge);
    printf("predicted speedup at %ld threads (idle machine): %.2f\n", (long)w,
           plain / (span + merge));
    for (int rep = 0; rep < 3; rep++)
        for (slong th = 1; th <= w; th += w - 1) {
            w0 = now(CLOCK_MONOTONIC);
            t0 = cpu();
            ct_family_analyze_threads(A, fam, NULL, insts, m, 0, 0, th, NULL, NULL, err,
                                      sizeof(err));
            printf("  run %d, %ld thread(s): %.3f s wall, %.3f s CPU\n", rep, (long)th,
                   now(CLOCK_MONOTONIC) - w0, cpu() - t0);
            ct_analysis_clear(A);
            if (w == 1)
                break;
        }
    free(tc);
    free(res);
    ct_cli_free_instances(insts, m);
    flint_cleanup();
    return 0;
}
