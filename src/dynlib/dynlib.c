/* dynlib: dlopen and dlsym with the messages a user can act on. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "certune/dynlib.h"

int ct_dynlib_open(void **fns, const char *const *names, int n, const ct_dynlib_struct *L,
                   char *err, size_t errlen)
{
    const char *file = getenv(L->env);
    if (file == NULL || file[0] == '\0')
        file = L->file;
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *why = dlerror();
        snprintf(err, errlen,
                 "cannot load %s (%s), which %s: %s (Debian: apt-get install %s)",
                 L->name, file, L->need, why != NULL ? why : "unknown error", L->package);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        fns[i] = dlsym(h, names[i]); /* an object pointer: POSIX allows the conversion */
        if (fns[i] == NULL) {
            snprintf(err, errlen, "%s has no symbol %s", file, names[i]);
            return -1;
        }
    }
    return 0;
}
