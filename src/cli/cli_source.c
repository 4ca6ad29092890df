/* cli_source: .gssl files read one chunk at a time for a streamed analysis
   (ct_analysis_run_stream), so that a set of any size is never held in memory
   at once. Only each file's header is read up front, for its node count (the
   chunk size); a bad file is reported, naming file and line, when its chunk
   is read, and fails the run before anything is printed on stdout. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/mem.h"
#include "certune/pool.h"

#define SOURCE_PEEK_LINES 64 /* comment lines skipped looking for the header */

/* The node count in path's header "p gssl n c", or 0 when it cannot be seen
   cheaply (stdin, a FIFO or any file that is not regular: read once, by the
   loader; a long or odd first record): the loader judges the file. */
static slong source_peek_nodes(const char *path)
{
    char line[256];
    long n = 0;
    struct stat st;
    FILE *f = strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode)
                  ? NULL
                  : fopen(path, "r");
    for (int k = 0; f != NULL && k < SOURCE_PEEK_LINES; k++) {
        if (fgets(line, sizeof(line), f) == NULL || strchr(line, '\n') == NULL)
            break;
        const char *t = line + strspn(line, " \t\r");
        if (*t == '%' || *t == '#' || *t == '\n')
            continue;
        if (sscanf(t, "p gssl %ld", &n) != 1 || n < 0)
            n = 0;
        break;
    }
    if (f != NULL)
        fclose(f);
    return (slong)n;
}

/* Reads files first .. first + n - 1; workers read their chunks in parallel,
   each naming its file in its own out-of-memory context. */
static const ct_instance_struct *source_get(void *arg, slong first, slong n, char *err,
                                            size_t errlen)
{
    ct_cli_files_struct *F = arg;
    ct_instance_struct *insts = ct_mem_calloc((size_t)n, sizeof(ct_instance_struct));
    slong t = 0;
    for (; t < n; t++) {
        ct_mem_set_thread_context("reading %s", F->paths[first + t]);
        unsigned char *d = F->digest + (size_t)(first + t) * CT_DIGEST_SIZE;
        if (ct_instance_load_digest(insts + t, d, F->paths[first + t], err, errlen))
            break;
    }
    ct_mem_set_thread_context("%s", ""); /* back to the set's context */
    if (t == n)
        return insts;
    for (slong u = 0; u < t; u++)
        ct_instance_clear(insts + u);
    free(insts);
    return NULL;
}

static void source_put(void *arg, slong first, slong n, const ct_instance_struct *insts)
{
    (void)arg, (void)first;
    ct_instance_struct *own = (ct_instance_struct *)insts;
    for (slong t = 0; t < n; t++)
        ct_instance_clear(own + t);
    free(own);
}

static void source_peek_one(void *arg, slong t)
{
    ct_cli_files_struct *F = arg;
    F->nodes[t] = source_peek_nodes(F->paths[t]);
}

void ct_cli_files_init(ct_cli_files_struct *F, const char *const *paths, slong m,
                       slong nthreads)
{
    memset(F, 0, sizeof(*F));
    F->paths = paths;
    F->nodes = ct_mem_malloc(sizeof(slong) * (size_t)FLINT_MAX(m, 1));
    F->digest = ct_mem_calloc((size_t)FLINT_MAX(m, 1), CT_DIGEST_SIZE);
    /* on the threads: opening every file is a serial ~10 us each otherwise */
    ct_pool_for(m, m >= 64 ? nthreads : 1, source_peek_one, NULL, F);
    if (m > 1)
        ct_mem_set_context("analyzing %s (and %ld more)", paths[0], (long)m - 1);
    else if (m == 1)
        ct_mem_set_context("analyzing %s", paths[0]);
    F->src.m = m;
    F->src.nodes = F->nodes;
    F->src.get = source_get;
    F->src.put = source_put;
    F->src.arg = F;
}

void ct_cli_files_clear(ct_cli_files_struct *F)
{
    free(F->nodes);
    free(F->digest);
    memset(F, 0, sizeof(*F));
}
