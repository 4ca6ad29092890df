/* certune: common definitions shared by every module. */
#ifndef CERTUNE_CERTUNE_H
#define CERTUNE_CERTUNE_H

/* Exit statuses of the certune binary (README). */
/* The library's version (also in the pkg-config file). */
#define CERTUNE_VERSION "0.5.0"

#define CERTUNE_EXIT_OK 0
#define CERTUNE_EXIT_USAGE 1
#define CERTUNE_EXIT_INPUT 2
#define CERTUNE_EXIT_UNDECIDED 3
#define CERTUNE_EXIT_FALSE 4  /* a checked property does not hold */
#define CERTUNE_EXIT_MEMORY 5 /* out of memory, or a size beyond FLINT/GMP limits */

/* Size of the buffers that carry "file:line: message" errors. */
#define CERTUNE_ERRLEN 512

#endif
