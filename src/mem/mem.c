/* mem: checked allocation and the out-of-memory path (include/certune/mem.h). */
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <gmp.h>
#include <flint/flint.h>
#include "certune/base.h"
#include "certune/mem.h"

static char mem_process_context[400] = "running";
static _Thread_local char mem_thread_context[400]; /* "" when not set */

void ct_mem_set_context(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(mem_process_context, sizeof mem_process_context, fmt, ap);
    va_end(ap);
}

void ct_mem_set_thread_context(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(mem_thread_context, sizeof mem_thread_context, fmt, ap);
    va_end(ap);
}

const char *ct_mem_context(void)
{
    return mem_thread_context[0] != '\0' ? mem_thread_context : mem_process_context;
}

/* _exit, not exit: stdout's buffer may hold part of a report, which must not
   appear; stderr is unbuffered. */
_Noreturn void ct_mem_fail(size_t bytes)
{
    char msg[600];
    const char *mem_context = ct_mem_context();

    if (bytes == SIZE_MAX)
        snprintf(msg, sizeof msg,
                 "certune: out of memory while %s (a size overflowed the address "
                 "space)\n",
                 mem_context);
    else if (bytes >= ((size_t)1 << 20))
        snprintf(msg, sizeof msg,
                 "certune: out of memory while %s (about %zu MB requested)\n",
                 mem_context, (bytes + ((size_t)1 << 19)) >> 20);
    else
        snprintf(msg, sizeof msg,
                 "certune: out of memory while %s (about %zu bytes requested)\n",
                 mem_context, bytes);
    fputs(msg, stderr);
    _exit(CERTUNE_EXIT_MEMORY);
}

void *ct_mem_malloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);

    if (p == NULL)
        ct_mem_fail(bytes);
    return p;
}

size_t ct_mem_size(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        ct_mem_fail(SIZE_MAX);
    return count * size;
}

void *ct_mem_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);

    if (p == NULL)
        ct_mem_fail(ct_mem_size(count, size));
    return p;
}

void *ct_mem_realloc(void *p, size_t bytes)
{
    void *q = realloc(p, bytes ? bytes : 1);

    if (q == NULL)
        ct_mem_fail(bytes);
    return q;
}

char *ct_mem_strdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *t = ct_mem_malloc(len);

    memcpy(t, s, len);
    return t;
}

void *ct_mem_grow_flint(void *p, long count, size_t size)
{
    if (count > 0 && (count & (count - 1)) != 0)
        return p; /* capacity: the next power of two above count */
    return flint_realloc(p, ct_mem_size(count > 0 ? 2 * (size_t)count : 1, size));
}

/* GMP's hooks pass the old size too. */
static void *mem_gmp_realloc(void *p, size_t old, size_t bytes)
{
    (void)old;
    return ct_mem_realloc(p, bytes);
}

static void mem_gmp_free(void *p, size_t size)
{
    (void)size;
    free(p);
}

/* FLINT prints its own "Exception (...)" line to stdout before aborting; the
   _exit drops it when stdout is not a terminal. Aborts come from sizes that
   overflow FLINT's or GMP's limits (exponents, bit counts), hence exit 5. */
FLINT_NORETURN static void mem_abort(void)
{
    char msg[600];

    snprintf(msg, sizeof msg,
             "certune: a size exceeded FLINT's or GMP's limits while %s\n",
             ct_mem_context());
    fputs(msg, stderr);
    _exit(CERTUNE_EXIT_MEMORY);
}

static void mem_on_sigabrt(int sig)
{
    (void)sig;
    mem_abort();
}

void ct_mem_install_flint(void)
{
    __flint_set_memory_functions(ct_mem_malloc, ct_mem_calloc, ct_mem_realloc, free);
}

void ct_mem_install(void)
{
#ifdef M_MMAP_THRESHOLD
    /* Blocks up to 32 MiB from the heap and 128 MiB kept on free: the ball
       paths allocate and free megabytes per disk and step, and fresh
       mappings cost a page fault per page each time (Cora's lambda spent 5%
       of its time there). Freed memory is reused, not returned at once. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
    ct_mem_install_flint();
    mp_set_memory_functions(ct_mem_malloc, mem_gmp_realloc, mem_gmp_free);
    flint_set_abort(mem_abort);
    signal(SIGABRT, mem_on_sigabrt);
}

/* The first number of file (0 when absent or not a number: cgroup v2 writes
   "max" when there is no limit). */
static unsigned long long mem_read_bytes(const char *file)
{
    FILE *f = fopen(file, "r");
    unsigned long long v = 0;

    if (f != NULL) {
        if (fscanf(f, "%llu", &v) != 1)
            v = 0;
        fclose(f);
    }
    return v;
}

unsigned long long ct_mem_mapped_bytes(void)
{
    return mem_read_bytes("/proc/self/statm") * (unsigned long long)sysconf(_SC_PAGESIZE);
}

void ct_mem_check_room(size_t bytes)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return;
    unsigned long long used = ct_mem_mapped_bytes();
    if (used > (unsigned long long)r.rlim_cur ||
        bytes > (unsigned long long)r.rlim_cur - used)
        ct_mem_fail(bytes);
}

/* Physical memory, or the memory cgroup's limit when smaller. */
static unsigned long long mem_machine_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    unsigned long long m = pages > 0 && page > 0 ? (unsigned long long)pages * page : 0;
    unsigned long long g[2] = {
        mem_read_bytes("/sys/fs/cgroup/memory.max"),
        mem_read_bytes("/sys/fs/cgroup/memory/memory.limit_in_bytes")};

    for (int k = 0; k < 2; k++)
        if (g[k] > 0 && (m == 0 || g[k] < m))
            m = g[k];
    return m;
}

int ct_mem_limit_default(void)
{
    struct rlimit r;
    const char *env = getenv("CERTUNE_MAX_MEMORY");
    unsigned long long want = 0;

    if (env != NULL) {
        char *end;
        errno = 0;
        want = strtoull(env, &end, 10);
        if (errno != 0 || end == env || *end != '\0' || want == 0 || want > (1ULL << 40))
            return -1;
        want <<= 20;
    } else
        want = mem_machine_bytes();
    if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur != RLIM_INFINITY || want == 0)
        return 0; /* the user's own limit stands */
    if (env == NULL)
        want -= want / 8; /* the kernel and other processes need some */
    if (ct_mem_mapped_bytes() > want / 2)
        return 0; /* a sanitizer reserved terabytes of shadow before main */
    if (r.rlim_max != RLIM_INFINITY && want > r.rlim_max)
        want = r.rlim_max;
    r.rlim_cur = (rlim_t)want;
    setrlimit(RLIMIT_AS, &r);
    return 0;
}
