/* dynlib: a shared library opened at run time (dlopen) instead of linked, so
   that the commands that never call it do not pay for loading it (libzip for
   .npz datasets, OpenBLAS for blas; docs/scale.md). A library opened stays
   open for the process (nothing to free); the descriptor and the names are
   borrowed for the call. Errors: -1 with a message a user can act on in err. */
#ifndef CERTUNE_DYNLIB_H
#define CERTUNE_DYNLIB_H

#include <stddef.h>

/* What to open: the file named by the environment variable env when it is
   set and not empty, else file; for messages, the library's name, what needs
   it (a clause such as "the GNN commands need") and the Debian package that
   ships it. */
typedef struct {
    const char *env, *file, *name, *need, *package;
} ct_dynlib_struct;

/* Opens L's library and resolves names[0 .. n-1] into fns[0 .. n-1]. Returns
   0, or -1 with err saying which library could not be loaded (and why, with
   the package to install) or which symbol is missing (the library then stays
   open too). Not synchronized: call it once, e.g. under pthread_once. */
int ct_dynlib_open(void **fns, const char *const *names, int n, const ct_dynlib_struct *L,
                   char *err, size_t errlen);

#endif
