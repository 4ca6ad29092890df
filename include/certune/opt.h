/* opt: what the command lines (the analyzer's and the GNN companion's) share:
   option values, usage errors, the checks of what is written, and files
   written whole or not at all. Strings are borrowed (argv, paths), none is
   copied or allocated for the caller. Errors are printed to stderr as
   "certune: ..." and returned as the exit status to end with (1 usage, 2 a
   failed write), except by ct_opt_atomic_*, which put the reason in err. */
#ifndef CERTUNE_OPT_H
#define CERTUNE_OPT_H

#include <stddef.h>
#include <stdio.h>

/* Names the subcommand being parsed (a static string, or NULL), so that usage
   errors point to its help. */
void ct_opt_set_command(const char *name);

/* Prints "certune: <fmt with arg>" and a hint ("Try 'certune SUB --help'.")
   to stderr; returns the usage exit status (1). */
int ct_opt_usage_error(const char *fmt, const char *arg);

/* The value of option name at argv[*i] ("--name V" or "--name=V", advancing *i
   past V), or NULL when argv[*i] is not that option. */
const char *ct_opt_value(int argc, char **argv, int *i, const char *name);

/* The one check of everything written to stdout: flushes it and, when a
   write failed (a full disk, a closed pipe, > /dev/full), prints "certune:
   cannot write the output: REASON" to stderr and returns 2 (5 when rc is 5);
   otherwise returns rc. Every subcommand ends through it. */
int ct_opt_finish_stdout(int rc);

/* Checks before any work that path can be opened for writing (creating it
   only for the test: a file that did not exist is removed again). Returns 0,
   or prints "certune: PATH: cannot write WHAT: REASON" and returns 2. */
int ct_opt_check_writable(const char *path, const char *what);

/* Writes "certune: PATH: cannot write WHAT: REASON" (REASON from errno, read
   at the call) to stderr and returns 2: for a failed fopen, fprintf or fclose. */
int ct_opt_write_error(const char *path, const char *what);

/* An output file written whole or not at all (opt_atomic.c): open gives a
   stream to a new temporary file beside path (NULL with errno set when it
   cannot be created); close(ok) closes it and, when ok and every write
   succeeded, renames it over path, else removes it. close returns 0, or -1
   with "PATH: REASON" in err; call it exactly once after every open, also a
   failed one (it reports the open's errno: call it next). path must outlive
   the close. */
typedef struct {
    const char *path; /* borrowed */
    char *tmp;
    FILE *f;
} ct_opt_atomic_struct;

FILE *ct_opt_atomic_open(ct_opt_atomic_struct *W, const char *path);
int ct_opt_atomic_close(ct_opt_atomic_struct *W, int ok, char *err, size_t errlen);

#endif
