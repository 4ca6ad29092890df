/* mem: the library's one allocator discipline. Memory comes from the checked
   ct_mem_malloc family (freed with free) or from flint_* and ct_mem_grow_flint
   (freed with flint_free; ct_mem_install routes FLINT's and GMP's allocators
   through the checked one), never mixed. Out of memory ends the process alike
   everywhere: "certune: out of memory while CONTEXT (...)" on stderr, nothing
   on stdout, exit 5 (CERTUNE_EXIT_MEMORY). A few plain mallocs fail softly
   instead (sizes that .npy and .npz files claim, a temporary file's name). */
#ifndef CERTUNE_MEM_H
#define CERTUNE_MEM_H

#include <stddef.h>

/* Routes FLINT's (flint_malloc, ...; Arb and Calcium use them) and GMP's (and
   so MPFR's) allocations through the checked allocator, and FLINT's aborts and
   SIGABRT to ct_mem_fail; glibc's malloc keeps blocks up to 32 MiB in its
   heap and 128 MiB on free (fewer page faults). Call once, first thing in
   main. */
void ct_mem_install(void);

/* Only FLINT's allocations (flint_malloc, ...; Arb and Calcium use them)
   through the checked allocator: for a process that certune shares with
   other code (a Python interpreter), whose GMP allocator, aborts and signals
   are not the library's to take. FLINT's own allocator prints its
   out-of-memory message to stdout and aborts; this one prints certune's to
   stderr and exits 5. */
void ct_mem_install_flint(void);

/* When no address-space limit is set (ulimit -v), sets the soft one to the
   machine's memory (7/8 of the physical one, or of the memory cgroup's limit
   when smaller) or to CERTUNE_MAX_MEMORY MiB, so that an analysis too large for the
   machine ends with the message and exit 5 above instead of being killed by the kernel.
   Not under a sanitizer (its reserved shadow exceeds half the limit). Returns 0, or -1
   when CERTUNE_MAX_MEMORY is not a whole number of MiB in [1, 2^40] (nothing set). For a
   process of its own only. */
int ct_mem_limit_default(void);

/* The process's mapped address space now, in bytes (/proc/self/statm; 0 when
   unknown). */
unsigned long long ct_mem_mapped_bytes(void);

/* Ends like ct_mem_fail(bytes) when bytes more would not fit under the
   address-space limit (RLIMIT_AS's soft one, less what is mapped now; no
   limit: never). For a computation whose memory grows to a size known in
   advance in small steps (the exact path's CRT), so that it fails at once
   rather than after hours. */
void ct_mem_check_room(size_t bytes);

/* Sets what the process is doing, for the out-of-memory message (printf-style,
   e.g. "analyzing %s"); a copy is kept, truncated to 400 bytes. */
void ct_mem_set_context(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The same for the calling thread only (a worker reading its own files);
   it takes precedence over the process-wide context in that thread. */
void ct_mem_set_thread_context(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* The calling thread's context, else the process-wide one ("running" when
   none was set). */
const char *ct_mem_context(void);

/* Prints the out-of-memory message for a request of bytes and exits 5 without
   flushing stdout (so no partial report appears). */
_Noreturn void ct_mem_fail(size_t bytes);

/* malloc, calloc, realloc and strdup that never return NULL: on failure they
   call ct_mem_fail. ct_mem_malloc(0) returns a unique pointer. */
void *ct_mem_malloc(size_t bytes);
void *ct_mem_calloc(size_t count, size_t size);
void *ct_mem_realloc(void *p, size_t bytes);
char *ct_mem_strdup(const char *s);

/* For arrays grown one element at a time without a stored capacity (NULL
   when count is 0, then only grown by this function): returns p with room for
   count + 1 elements of size bytes, calling flint_realloc only when count is 0
   or a power of two (capacity doubles), so n appends cost O(n) in all, with
   any allocator. Free the result with flint_free. */
void *ct_mem_grow_flint(void *p, long count, size_t size);

/* count * size, or ct_mem_fail(SIZE_MAX) when the product overflows size_t. */
size_t ct_mem_size(size_t count, size_t size);

#endif
