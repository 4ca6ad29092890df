/* dataset_zip: the libzip functions the .npz reader calls, from libzip loaded
   at first use (dlopen). certune does not link libzip: loading it and the
   libraries it needs (OpenSSL's libcrypto, libbz2) cost about 2 ms of every
   process start, more than a short exact analysis's whole serial part
   (docs/scale.md); only the GNN commands and `sample` on a .npz dataset
   read zip files. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "dataset_npz.h"

static struct {
    pthread_once_t once;
    int ok;
    char err[400];
    _ct_dataset_zip_api api;
} zip_lib = {PTHREAD_ONCE_INIT, 0, "", {0}};

/* dlsym returns an object pointer; POSIX guarantees the conversion. */
static void zip_sym(void *h, void **fn, const char *name, const char *lib)
{
    *fn = dlsym(h, name);
    if (*fn == NULL && zip_lib.err[0] == '\0')
        snprintf(zip_lib.err, sizeof(zip_lib.err), "%s has no symbol %s", lib, name);
}

static void zip_load(void)
{
    const char *lib = getenv("CERTUNE_LIBZIP");
    if (lib == NULL || lib[0] == '\0')
        lib = CT_DATASET_ZIP_LIB;
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *why = dlerror();
        snprintf(zip_lib.err, sizeof(zip_lib.err),
                 "cannot load libzip (%s), which reading .npz files needs: %s "
                 "(Debian: apt-get install libzip4)",
                 lib, why != NULL ? why : "unknown error");
        return;
    }
    _ct_dataset_zip_api *A = &zip_lib.api;
    zip_sym(h, (void **)&A->open, "zip_open", lib);
    zip_sym(h, (void **)&A->discard, "zip_discard", lib);
    zip_sym(h, (void **)&A->name_locate, "zip_name_locate", lib);
    zip_sym(h, (void **)&A->stat_init, "zip_stat_init", lib);
    zip_sym(h, (void **)&A->stat, "zip_stat", lib);
    zip_sym(h, (void **)&A->fopen, "zip_fopen", lib);
    zip_sym(h, (void **)&A->fread, "zip_fread", lib);
    zip_sym(h, (void **)&A->fclose, "zip_fclose", lib);
    zip_sym(h, (void **)&A->error_init_with_code, "zip_error_init_with_code", lib);
    zip_sym(h, (void **)&A->error_strerror, "zip_error_strerror", lib);
    zip_sym(h, (void **)&A->error_fini, "zip_error_fini", lib);
    zip_lib.ok = zip_lib.err[0] == '\0'; /* a half-loaded library stays open */
}

const _ct_dataset_zip_api *_ct_dataset_zip(char *err, size_t errlen)
{
    pthread_once(&zip_lib.once, zip_load);
    if (zip_lib.ok)
        return &zip_lib.api;
    snprintf(err, errlen, "%s", zip_lib.err);
    return NULL;
}
