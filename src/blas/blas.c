/* blas: OpenBLAS through dlopen (see the header for why). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "certune/blas.h"
#include "certune/dynlib.h"
#include "certune/mem.h"

/* cblas.h's enumerations, by value (the header is not needed to call). */
enum { ROW_MAJOR = 101, NO_TRANS = 111, TRANS = 112 };

typedef void dgemm_fn(int order, int ta, int tb, int m, int n, int k, double alpha,
                      const double *A, int lda, const double *B, int ldb, double beta,
                      double *C, int ldc);
/* Fortran ABI: arguments by reference, the hidden length of the character
   argument last (gfortran passes it as size_t; OpenBLAS's C code ignores it). */
typedef void dpotrf_fn(const char *uplo, const int *n, double *a, const int *lda,
                       int *info, size_t uplo_len);
typedef void dpotrs_fn(const char *uplo, const int *n, const int *nrhs, const double *a,
                       const int *lda, double *b, const int *ldb, int *info,
                       size_t uplo_len);
typedef void dsyev_fn(const char *jobz, const char *uplo, const int *n, double *a,
                      const int *lda, double *w, double *work, const int *lwork,
                      int *info, size_t jobz_len, size_t uplo_len);
typedef void set_threads_fn(int n);

static struct {
    pthread_once_t once;
    int ok;
    char err[512];
    dgemm_fn *dgemm;
    dpotrf_fn *dpotrf;
    dpotrs_fn *dpotrs;
    dsyev_fn *dsyev;
} blas = {PTHREAD_ONCE_INIT, 0, "", NULL, NULL, NULL, NULL};

/* Address space OpenBLAS takes at load and at its first real product: the
   library and a 128 MiB buffer, 171 MB measured. With less under ulimit -v
   its allocation retries forever (the process never exits), so it is not
   loaded without this much room. */
#define BLAS_ROOM (256ULL << 20)

/* 1 when the address-space limit leaves BLAS_ROOM beyond what is mapped. */
static int blas_room(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return 1;
    unsigned long long used = ct_mem_mapped_bytes();
    if (r.rlim_cur > used && r.rlim_cur - used >= BLAS_ROOM)
        return 1;
    snprintf(blas.err, sizeof(blas.err),
             "OpenBLAS not loaded: it needs about %llu MiB of address space beyond the "
             "%llu MiB mapped, and the address-space limit (ulimit -v or "
             "CERTUNE_MAX_MEMORY) is %llu MiB",
             BLAS_ROOM >> 20, used >> 20, (unsigned long long)r.rlim_cur >> 20);
    return 0;
}

/* One product large enough that OpenBLAS maps its buffer now, while the room
   just checked is there. */
static void blas_warm(void)
{
    enum { K = 256 };
    double *a = calloc(3 * K * K, sizeof(double));
    if (a == NULL)
        return;
    blas.dgemm(ROW_MAJOR, NO_TRANS, NO_TRANS, K, K, K, 1.0, a, K, a + K * K, K, 0.0,
               a + 2 * K * K, K);
    free(a);
}

static void blas_open(void)
{
    static const ct_dynlib_struct L = {"CERTUNE_OPENBLAS", CT_BLAS_LIB, "OpenBLAS",
                                       "the GNN commands and the fast delta solve need",
                                       "libopenblas0"};
    static const char *const names[] = {"cblas_dgemm", "dpotrf_", "dpotrs_", "dsyev_",
                                        "openblas_set_num_threads"};
    void *f[5];
    if (!blas_room())
        return;
    if (ct_dynlib_open(f, names, 5, &L, blas.err, sizeof(blas.err)))
        return;                  /* a half-loaded library stays open */
    set_threads_fn *set_threads; /* dlsym's object pointers, as POSIX allows */
    *(void **)&blas.dgemm = f[0], *(void **)&blas.dpotrf = f[1];
    *(void **)&blas.dpotrs = f[2], *(void **)&blas.dsyev = f[3];
    *(void **)&set_threads = f[4];
    /* The callers run their own threads (or products too small to share):
       OpenBLAS's threads cost more to wake than they save, and one thread
       keeps runs bitwise reproducible. */
    set_threads(1);
    blas_warm();
    blas.ok = 1;
}

int ct_blas_load(char *err, size_t errlen)
{
    pthread_once(&blas.once, blas_open);
    if (blas.ok)
        return 0;
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "%s", blas.err);
    return -1;
}

void ct_blas_dgemm(ct_blas_trans ta, ct_blas_trans tb, int m, int n, int k, double alpha,
                   const double *A, int lda, const double *B, int ldb, double beta,
                   double *C, int ldc)
{
    blas.dgemm(ROW_MAJOR, ta == CT_BLAS_T ? TRANS : NO_TRANS,
               tb == CT_BLAS_T ? TRANS : NO_TRANS, m, n, k, alpha, A, lda, B, ldb, beta,
               C, ldc);
}

int ct_blas_dpotrf_lower(int n, double *a, int lda)
{
    int info = 0;
    blas.dpotrf("L", &n, a, &lda, &info, 1);
    return info;
}

int ct_blas_dpotrs_lower(int n, int nrhs, const double *a, int lda, double *b, int ldb)
{
    int info = 0;
    blas.dpotrs("L", &n, &nrhs, a, &lda, b, &ldb, &info, 1);
    return info;
}

int ct_blas_dsyev_lower(int n, double *a, int lda, double *w, double *work, int lwork)
{
    int info = 0;
    blas.dsyev("V", "L", &n, a, &lda, w, work, &lwork, &info, 1, 1);
    return info;
}
