/* dataset_zip: the libzip functions the .npz reader calls, from libzip loaded
   at first use (dlopen). certune does not link libzip: loading it and the
   libraries it needs (OpenSSL's libcrypto, libbz2) cost about 2 ms of every
   process start, more than a short exact analysis's whole serial part
   (docs/scale.md); only the GNN commands and `sample` on a .npz dataset
   read zip files. */
#include <pthread.h>
#include <stdio.h>
#include "certune/dynlib.h"
#include "dataset_npz.h"

static struct {
    pthread_once_t once;
    int ok;
    char err[400];
    _ct_dataset_zip_api api;
} zip_lib = {PTHREAD_ONCE_INIT, 0, "", {0}};

static void zip_load(void)
{
    static const ct_dynlib_struct L = {"CERTUNE_LIBZIP", CT_DATASET_ZIP_LIB, "libzip",
                                       "reading .npz files needs", "libzip4"};
    static const char *const names[] = {
        "zip_open",           "zip_discard",   "zip_name_locate",
        "zip_stat_init",      "zip_stat",      "zip_fopen",
        "zip_fread",          "zip_fclose",    "zip_error_init_with_code",
        "zip_error_strerror", "zip_error_fini"};
    void *f[11];
    if (ct_dynlib_open(f, names, 11, &L, zip_lib.err, sizeof(zip_lib.err)))
        return;
    _ct_dataset_zip_api *A = &zip_lib.api; /* dlsym's object pointers, as POSIX allows */
    *(void **)&A->open = f[0], *(void **)&A->discard = f[1];
    *(void **)&A->name_locate = f[2], *(void **)&A->stat_init = f[3];
    *(void **)&A->stat = f[4], *(void **)&A->fopen = f[5];
    *(void **)&A->fread = f[6], *(void **)&A->fclose = f[7];
    *(void **)&A->error_init_with_code = f[8], *(void **)&A->error_strerror = f[9];
    *(void **)&A->error_fini = f[10];
    zip_lib.ok = 1;
}

const _ct_dataset_zip_api *_ct_dataset_zip(char *err, size_t errlen)
{
    pthread_once(&zip_lib.once, zip_load);
    if (zip_lib.ok)
        return &zip_lib.api;
    snprintf(err, errlen, "%s", zip_lib.err);
    return NULL;
}
