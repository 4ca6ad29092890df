/* certune-mpi: `mpirun -np K certune-mpi analyze ...` (docs/scale.md). Rank 0
   hands out instances one at a time to the first free worker (costs vary a
   lot between instances), each worker analyzes its instance alone and sends
   back its profile text (profile.h), and rank 0 merges the per-instance
   analyses exactly in instance order and prints what `certune analyze` prints
   for the whole set. An instance that fails fails the run, naming it (or, with
   --keep-going, is listed as missing); if a rank dies, rank 0 names the
   instances in flight when mpirun stops it. Built only where mpicc exists. */
#define _GNU_SOURCE
#include <mpi.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/family.h"
#include "certune/report.h"

enum { TAG_WORK = 1, TAG_RESULT = 2 };

typedef struct {
    ct_family_t family;
    fmpq_t c;
    int score_all, ties, json, keep_going, have_family;
    const char **files;
    slong nfiles;
} mpi_options;

static int mpi_parse(mpi_options *o, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    fmpq_init(o->c);
    ct_family_default_c(o->c);
    o->files = ct_mem_malloc(sizeof(char *) * (size_t)(argc + 1));
    if (argc < 2 || strcmp(argv[1], "analyze") != 0)
        return ct_opt_usage_error(
            "%s", "usage: certune-mpi analyze --family F ... FILE|DIR...");
    for (int i = 2; i < argc; i++) {
        const char *v;
        int rc = 0;
        if ((v = ct_opt_value(argc, argv, &i, "--family")) != NULL)
            rc = ct_cli_parse_family(&o->family, v), o->have_family = 1;
        else if ((v = ct_opt_value(argc, argv, &i, "--c")) != NULL)
            rc = ct_cli_parse_c(o->c, v);
        else if ((v = ct_opt_value(argc, argv, &i, "--score")) != NULL)
            o->score_all = strcmp(v, "all") == 0;
        else if ((v = ct_opt_value(argc, argv, &i, "--ties")) != NULL)
            rc = ct_cli_parse_ties(&o->ties, v);
        else if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--keep-going") == 0)
            o->keep_going = 1;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            rc = ct_opt_usage_error("unknown or incomplete option '%s'", argv[i]);
        else
            o->files[o->nfiles++] = argv[i];
        if (rc)
            return rc;
    }
    if (!o->have_family || o->nfiles == 0)
        return ct_opt_usage_error("%s", "certune-mpi analyze needs --family and a FILE");
    return 0;
}

/* One instance analyzed alone, as profile text (status 0) or as the error
   message (status 2). Returns the malloc'ed text. */
static char *mpi_analyze_one(int *status, const mpi_options *o, const char *path)
{
    char err[CERTUNE_ERRLEN], *buf = NULL;
    size_t len = 0;
    ct_instance_t inst;
    unsigned char digest[CT_DIGEST_SIZE];
    *status = CERTUNE_EXIT_INPUT;
    if (ct_instance_load_digest(inst, digest, path, err, sizeof(err)) == 0) {
        ct_analysis_t A;
        if (ct_family_analyze_ties(A, o->family, o->c, inst, 1, o->score_all, o->ties,
                                   NULL, err, sizeof(err)) == 0) {
            slong zero = 0;
            ct_profile_struct P = {*A, o->score_all, (char **)&path, 1,  1,
                                   1,  &zero,        NULL,           {0}};
            ct_profile_set_digest(P.set_digest, digest, 1);
            FILE *f = open_memstream(&buf, &len);
            ct_profile_write(f, &P);
            fclose(f);
            *status = 0;
        }
        ct_analysis_clear(A);
        ct_instance_clear(inst);
    }
    if (*status != 0)
        buf = ct_mem_strdup(err);
    return buf;
}

static void mpi_worker(const mpi_options *o, char **paths)
{
    for (;;) {
        long idx;
        MPI_Recv(&idx, 1, MPI_LONG, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (idx < 0)
            break;
        int status;
        char *text = mpi_analyze_one(&status, o, paths[idx]);
        size_t n = strlen(text);
        char *msg = ct_mem_malloc(n + 32);
        int head = sprintf(msg, "%ld %d\n", idx, status);
        memcpy(msg + head, text, n);
        MPI_Send(msg, (int)(head + n), MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
        free(msg);
        free(text);
    }
}

/* What rank 0 prints if mpirun stops it (a worker died): the instances in
   flight, preformatted so that the handler only calls write(). */
static char **inflight;
static int inflight_n;

static void mpi_on_term(int sig)
{
    static const char head[] = "certune-mpi: stopped; no report. Instances in flight:\n";
    ssize_t w = write(2, head, sizeof(head) - 1);
    for (int r = 1; r < inflight_n; r++)
        if (inflight[r][0] != '\0')
            w = write(2, inflight[r], strlen(inflight[r]));
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void mpi_assign(int rank, long idx, char **paths)
{
    if (idx >= 0)
        snprintf(inflight[rank], 4096, "  rank %d: %s\n", rank, paths[idx]);
    else
        inflight[rank][0] = '\0';
    MPI_Send(&idx, 1, MPI_LONG, rank, TAG_WORK, MPI_COMM_WORLD);
}

/* Receives one result into text[idx] / status[idx]; returns the sender. */
static int mpi_receive(char **text, int *status)
{
    MPI_Status st;
    int n;
    MPI_Probe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_CHAR, &n);
    char *msg = ct_mem_malloc((size_t)n + 1);
    MPI_Recv(msg, n, MPI_CHAR, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    msg[n] = '\0';
    long idx;
    int s, off;
    sscanf(msg, "%ld %d\n%n", &idx, &s, &off);
    text[idx] = ct_mem_strdup(msg + off);
    status[idx] = s;
    free(msg);
    return st.MPI_SOURCE;
}

/* Rank 0 with workers 1..size-1: dynamic hand-out, then STOP to each. */
static void mpi_master(char **text, int *status, slong m, int size, char **paths)
{
    inflight = ct_mem_malloc(sizeof(char *) * (size_t)size);
    for (int r = 0; r < size; r++)
        inflight[r] = ct_mem_calloc(4096, 1);
    inflight_n = size;
    signal(SIGTERM, mpi_on_term);
    signal(SIGINT, mpi_on_term);
    long next = 0, busy = 0;
    for (int r = 1; r < size; r++) {
        mpi_assign(r, next < m ? next : -1, paths);
        busy += next < m;
        next += next < m;
    }
    while (busy > 0) {
        int r = mpi_receive(text, status);
        busy--;
        mpi_assign(r, next < m ? next : -1, paths);
        busy += next < m;
        next += next < m;
    }
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    for (int r = 0; r < size; r++)
        free(inflight[r]);
    free(inflight);
}

/* The per-instance analyses read back and merged pairwise in instance order
   (the order one run uses); failed instances are left out (named on stderr).
   Returns 0 with the union in *U, or 2. */
static int mpi_merge(ct_analysis_t U, char **text, const int *status, char **paths,
                     slong m, int keep_going)
{
    char err[CERTUNE_ERRLEN];
    ct_analysis_struct *res = flint_malloc(m * sizeof(ct_analysis_struct));
    slong n = 0, failed = 0;
    for (slong t = 0; t < m; t++) {
        if (status[t] != 0) {
            fprintf(stderr, "certune-mpi: %s%s\n", keep_going ? "missing: " : "",
                    text[t]);
            failed++;
            continue;
        }
        ct_profile_t P;
        FILE *f = fmemopen(text[t], strlen(text[t]), "r");
        if (ct_profile_read_stream(P, f, paths[t], err, sizeof(err))) {
            fprintf(stderr, "certune-mpi: %s\n", err); /* a corrupted message */
            failed++;
        } else {
            res[n++] = P->A;
            for (slong k = 0; k < P->A.ninst; k++)
                free(P->names[k]);
            flint_free(P->names);
            flint_free(P->shards);
            flint_free(P->set_index);
            fclose(f);
            continue;
        }
        ct_profile_clear(P);
        fclose(f);
    }
    int rc = (failed > 0 && !keep_going) || n == 0 ? CERTUNE_EXIT_INPUT : 0;
    if (failed > 0)
        fprintf(stderr, "certune-mpi: %ld of %ld instances failed%s\n", (long)failed,
                (long)m, rc ? "; no report" : "; the report covers the others");
    for (slong w = 1; rc == 0 && w < n; w *= 2)
        for (slong i = 0; i + w < n; i += 2 * w) {
            ct_analysis_t R;
            ct_analysis_merge(R, res + i, res + i + w, err, sizeof(err));
            ct_analysis_clear(res + i);
            ct_analysis_clear(res + i + w);
            res[i] = *R;
        }
    if (rc == 0)
        *U = res[0];
    else
        for (slong i = 0; i < n; i++)
            ct_analysis_clear(res + i);
    flint_free(res);
    return rc;
}

static int mpi_report(const mpi_options *o, ct_analysis_t U)
{
    if (U->nundecided) {
        ct_report_write_undecided(stderr, U);
        if (o->json)
            ct_report_write_json(stdout, U);
        return CERTUNE_EXIT_UNDECIDED;
    }
    if (o->json)
        ct_report_write_json(stdout, U);
    else
        ct_report_write_text(stdout, U);
    return fflush(stdout) == 0 ? 0 : CERTUNE_EXIT_INPUT;
}

/* Rank 0 alone (-np 1) analyzes every instance itself, in the same way. */
static void mpi_alone(char **text, int *status, const mpi_options *o, char **paths,
                      slong m)
{
    for (slong t = 0; t < m; t++)
        text[t] = mpi_analyze_one(status + t, o, paths[t]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, rc;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ct_opt_set_command("certune-mpi");
    mpi_options o;
    char **paths = NULL;
    slong m = 0;
    rc = mpi_parse(&o, argc, argv);
    if (rc == 0)
        rc = ct_cli_expand_paths(&paths, &m, o.files, o.nfiles);
    if (rc == 0 && rank > 0)
        mpi_worker(&o, paths);
    else if (rc == 0) {
        char **text = ct_mem_calloc((size_t)FLINT_MAX(m, 1), sizeof(char *));
        int *status = ct_mem_calloc((size_t)FLINT_MAX(m, 1), sizeof(int));
        if (size == 1)
            mpi_alone(text, status, &o, paths, m);
        else
            mpi_master(text, status, m, size, paths);
        ct_analysis_t U;
        rc = mpi_merge(U, text, status, paths, m, o.keep_going);
        if (rc == 0) {
            rc = mpi_report(&o, U);
            ct_analysis_clear(U);
        }
        for (slong t = 0; t < m; t++)
            free(text[t]);
        free(text);
        free(status);
    }
    if (paths != NULL)
        ct_cli_free_paths(paths, m);
    free(o.files);
    fmpq_clear(o.c);
    flint_cleanup();
    /* a usage or input error on the command line is the same on every rank */
    MPI_Finalize();
    return rc;
}
