/* Tests of mem: out of memory and FLINT/GMP aborts end the process with exit
   status 5 and the documented message on stderr, and drop whatever stdout had
   buffered (a partial report must not appear); a thread's own context names
   what that thread is doing. Each case runs in a child. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gmp.h>
#include <flint/flint.h>
#include "check.h"
#include "certune/base.h"
#include "certune/mem.h"

/* Under AddressSanitizer a huge malloc must return NULL like the real one. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1";
}

static void do_malloc(void)
{
    ct_mem_malloc((size_t)1 << 62);
}

static void do_flint(void)
{
    flint_malloc((size_t)1 << 62);
}

static void do_gmp(void)
{
    mpz_t x;
    mpz_init(x);
    mpz_realloc2(x, (mp_bitcnt_t)1 << 60); /* 2^57 bytes */
}

static void do_abort(void)
{
    flint_abort();
}

/* A worker thread's own context names its file; the thread that set none
   keeps the process-wide one. */
static void *thread_fail(void *arg)
{
    (void)arg;
    ct_mem_set_thread_context("reading %s", "w.gssl");
    ct_mem_malloc((size_t)1 << 62);
    return NULL;
}

static void do_thread(void)
{
    pthread_t t;
    pthread_create(&t, NULL, thread_fail, NULL);
    pthread_join(t, NULL);
}

static void *thread_context(void *arg)
{
    ct_mem_set_thread_context("reading %s", "w.gssl");
    *(int *)arg = strcmp(ct_mem_context(), "reading w.gssl") == 0;
    ct_mem_set_thread_context("%s", "");
    *(int *)arg &= strcmp(ct_mem_context(), "running") == 0;
    return NULL;
}

static void do_overflow(void)
{
    ct_mem_calloc(SIZE_MAX / 2, 4);
}

/* Runs f in a child with the hooks installed; returns its exit status (-1 if
   it did not exit) and what it wrote to stdout and stderr. */
static int run_child(void (*f)(void), char *out, char *err, size_t len)
{
    int po[2], pe[2];
    if (pipe(po) != 0 || pipe(pe) != 0)
        return -2;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(po[1], 1), dup2(pe[1], 2);
        close(po[0]), close(pe[0]);
        ct_mem_install();
        ct_mem_set_context("testing %s", "t-mem");
        printf("a partial report"); /* buffered: must be dropped */
        f();
        _exit(0);
    }
    close(po[1]), close(pe[1]);
    ssize_t a = read(po[0], out, len - 1), b = read(pe[0], err, len - 1);
    out[a > 0 ? a : 0] = '\0', err[b > 0 ? b : 0] = '\0';
    close(po[0]), close(pe[0]);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void check_case(void (*f)(void), const char *expect)
{
    char out[256], err[1024];
    int rc = run_child(f, out, err, sizeof err < sizeof out ? sizeof err : sizeof out);
    CHECK_MSG(rc == CERTUNE_EXIT_MEMORY, "exit %d, stderr: %s", rc, err);
    CHECK_MSG(out[0] == '\0', "stdout: %s", out);
    CHECK_MSG(strstr(err, expect) != NULL, "stderr: %s (wanted %s)", err, expect);
}

int main(void)
{
    check_case(do_malloc, "certune: out of memory while testing t-mem (about "
                          "4398046511104 MB requested)\n");
    check_case(do_flint, "certune: out of memory while testing t-mem (about "
                         "4398046511104 MB requested)\n");
    check_case(do_gmp, "while testing t-mem");
    check_case(do_abort,
               "certune: a size exceeded FLINT's or GMP's limits while testing t-mem\n");
    check_case(do_overflow, "certune: out of memory while testing t-mem (a size "
                            "overflowed the address space)\n");
    check_case(do_thread, "certune: out of memory while reading w.gssl (about "
                          "4398046511104 MB requested)\n");
    CHECK(strcmp(ct_mem_context(), "running") == 0);
    int ok = 0;
    pthread_t t;
    pthread_create(&t, NULL, thread_context, &ok);
    pthread_join(t, NULL);
    CHECK_MSG(ok, "a thread's context, then back to the process-wide one");
    CHECK(strcmp(ct_mem_context(), "running") == 0);
    char *s = ct_mem_strdup("abc");
    CHECK(strcmp(s, "abc") == 0);
    free(s);
    return check_finish("t-mem");
}
