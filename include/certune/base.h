/* base: what every module shares (this header only): the version, the exit
   statuses of the certune binary, and the size of error buffers. A function
   that can fail on its input or the system returns 0 (or a count) on success
   and -1 (or an exit status, where its header says so), writing one
   "file:line: message" into a char err[errlen] of the caller's, usually
   CERTUNE_ERRLEN bytes; running out of memory never returns (mem.h). */
#ifndef CERTUNE_CERTUNE_H
#define CERTUNE_CERTUNE_H

/* The library's version (also in the pkg-config file). */
#define CERTUNE_VERSION "0.5.0"

/* Exit statuses of the certune binary (README). */
#define CERTUNE_EXIT_OK 0
#define CERTUNE_EXIT_USAGE 1
#define CERTUNE_EXIT_INPUT 2
#define CERTUNE_EXIT_UNDECIDED 3
#define CERTUNE_EXIT_FALSE 4  /* a checked property does not hold */
#define CERTUNE_EXIT_MEMORY 5 /* out of memory, or a size beyond FLINT/GMP limits */

/* Size of the buffers that carry "file:line: message" errors. */
#define CERTUNE_ERRLEN 512

#endif
