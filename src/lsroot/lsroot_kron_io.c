/* lsroot_kron_io: a lambda ball-path zero as text (profile files): the
   component (rows of (neighbour, weight), labels, scale), the disk, row,
   classes, node, the intervals (ilo lo hi ihi) and the sign at lo. Reading
   rebuilds the system (ct_lsroot_kron_new re-derives and re-certifies
   everything: a disconnected or unlabeled graph fails there), checks the
   weights' symmetry and the disk, and re-certifies the signs at lo and hi
   with the oracle. Consecutive zeros of one component share the system and
   its disks (a one-entry cache per thread, keyed by the system's text). */
#include <stdlib.h>
#include <string.h>
#include "certune/qparse.h"
#include "lsroot_kron.h"

void ct_lsroot_kroot_write(FILE *f, const ct_lsroot_kroot_t r)
{
    const ct_lsroot_kdisk_struct *D = r->disk;
    const ct_lsroot_kron_struct *S = D->sys;
    _ct_ls_write_graph(f, S->n, S->c, S->rowstart, S->col, S->w);
    fprintf(f, " %ld", (long)S->m);
    for (slong j = 0; j < S->m; j++)
        fprintf(f, " %ld %ld", (long)S->lab[j], (long)S->cls[j]);
    fputc(' ', f);
    fmpz_fprint(f, S->scale);
    slong rkln[4] = {r->row, r->k, r->l, r->node};
    fmpq iv[4] = {*r->ilo, *r->lo, *r->hi, *r->ihi}; /* shallow: printed only */
    _ct_ls_write_tail(f, D->c, D->r, rkln, iv, r->sign_lo);
}

/* The graph and labels as read. */
typedef struct {
    slong n, c, m, nnz, walloc;
    slong *rowstart, *col, *lab, *cls;
    fmpz *w;
    fmpz_t scale;
} kio_sys;

static void kio_clear(kio_sys *G)
{
    if (G->w != NULL)
        _fmpz_vec_clear(G->w, G->walloc);
    flint_free(G->rowstart), flint_free(G->col), flint_free(G->lab), flint_free(G->cls);
    fmpz_clear(G->scale);
}

static int kio_read_rows(kio_sys *G, const char **s)
{
    slong cnt;
    G->walloc = 16;
    G->col = flint_malloc(G->walloc * sizeof(slong));
    G->w = _fmpz_vec_init(G->walloc);
    G->rowstart[0] = 0;
    for (slong i = 0; i < G->n; i++) {
        if (ct_qparse_tok_slong(&cnt, s) || cnt < 0 || cnt > G->n)
            return 1;
        for (slong e = 0; e < cnt; e++, G->nnz++) {
            if (G->nnz == G->walloc) {
                G->col = flint_realloc(G->col, 2 * G->walloc * sizeof(slong));
                G->w = flint_realloc(G->w, 2 * G->walloc * sizeof(fmpz));
                for (slong t = G->walloc; t < 2 * G->walloc; t++)
                    fmpz_init(G->w + t);
                G->walloc *= 2;
            }
            if (ct_qparse_tok_slong(G->col + G->nnz, s) || G->col[G->nnz] < 0 ||
                G->col[G->nnz] >= G->n || G->col[G->nnz] == i ||
                ct_qparse_tok_fmpz(G->w + G->nnz, s) || fmpz_sgn(G->w + G->nnz) <= 0)
                return 1;
        }
        G->rowstart[i + 1] = G->nnz;
    }
    return 0;
}

/* Whether every weight appears in both directions. */
static int kio_symmetric(const kio_sys *G)
{
    for (slong i = 0; i < G->n; i++)
        for (slong e = G->rowstart[i]; e < G->rowstart[i + 1]; e++) {
            slong j = G->col[e], f = G->rowstart[j];
            while (f < G->rowstart[j + 1] &&
                   !(G->col[f] == i && fmpz_equal(G->w + f, G->w + e)))
                f++;
            if (f == G->rowstart[j + 1])
                return 0;
        }
    return 1;
}

static int kio_read(kio_sys *G, const char **s)
{
    memset(G, 0, sizeof(*G));
    fmpz_init(G->scale);
    if (ct_qparse_tok_slong(&G->n, s) || ct_qparse_tok_slong(&G->c, s) || G->n < 2 ||
        G->n > 1000000 || G->c < 2 || G->c > 100000)
        return 1;
    G->rowstart = flint_malloc((G->n + 1) * sizeof(slong));
    if (kio_read_rows(G, s) || !kio_symmetric(G) || ct_qparse_tok_slong(&G->m, s) ||
        G->m < 1 || G->m > G->n)
        return 1;
    G->lab = flint_malloc(G->m * sizeof(slong));
    G->cls = flint_malloc(G->m * sizeof(slong));
    for (slong j = 0; j < G->m; j++)
        if (ct_qparse_tok_slong(G->lab + j, s) || ct_qparse_tok_slong(G->cls + j, s))
            return 1;
    return ct_qparse_tok_fmpz(G->scale, s) || fmpz_sgn(G->scale) <= 0;
}

/* The per-thread cache: the last system's text and object, and its disks. */
#define KIO_DISKS 64
static _Thread_local struct {
    char *text;
    size_t len;
    ct_lsroot_kron_struct *S;
    ct_lsroot_kdisk_struct *disks[KIO_DISKS];
} kio_cache;

void ct_lsroot_kroot_read_release(void)
{
    for (slong d = 0; d < KIO_DISKS; d++) {
        _ct_kdisk_unref(kio_cache.disks[d]);
        kio_cache.disks[d] = NULL;
    }
    ct_lsroot_kron_unref(kio_cache.S);
    flint_free(kio_cache.text);
    kio_cache.S = NULL, kio_cache.text = NULL, kio_cache.len = 0;
}

static void kio_cache_set(const char *text, size_t len, ct_lsroot_kron_struct *S)
{
    ct_lsroot_kroot_read_release();
    kio_cache.text = flint_malloc(len + 1);
    memcpy(kio_cache.text, text, len);
    kio_cache.len = len;
    kio_cache.S = S;
}

/* The system of the text at *s (a new reference), from the cache or built. */
static ct_lsroot_kron_struct *kio_system(const char **s)
{
    const char *start = *s;
    kio_sys G;
    int bad = kio_read(&G, s);
    size_t len = (size_t)(*s - start);
    ct_lsroot_kron_struct *S = NULL;
    if (!bad && kio_cache.S != NULL && kio_cache.len == len &&
        memcmp(kio_cache.text, start, len) == 0)
        S = kio_cache.S, S->refs++;
    else if (!bad) {
        S = ct_lsroot_kron_new(G.n, G.rowstart, G.col, G.w, G.m, G.lab, G.cls, G.c,
                               G.scale);
        if (S != NULL) {
            kio_cache_set(start, len, S);
            S->refs++;
        }
    }
    kio_clear(&G);
    return S;
}

/* A disk of the cached system S (a new reference). */
static ct_lsroot_kdisk_struct *kio_disk(ct_lsroot_kron_struct *S, double c, double r)
{
    for (slong d = 0; d < KIO_DISKS && S == kio_cache.S; d++) {
        ct_lsroot_kdisk_struct *D = kio_cache.disks[d];
        if (D != NULL && D->c == c && D->r == r)
            return _ct_kdisk_ref(D);
        if (D == NULL) {
            kio_cache.disks[d] = _ct_kdisk_new(S, c, r);
            return _ct_kdisk_ref(kio_cache.disks[d]);
        }
    }
    return _ct_kdisk_new(S, c, r);
}

/* The fields after the system; 0 when well formed and consistent with S. */
static int kio_fields(ct_lsroot_kroot_t r, double *c, double *rad, slong *sign,
                      const ct_lsroot_kron_struct *S, const char **s)
{
    slong rkln[4];
    fmpq *iv[4] = {r->ilo, r->lo, r->hi, r->ihi};
    if (_ct_ls_read_tail(c, rad, rkln, iv, sign, S->n, S->c, s))
        return 1;
    r->row = rkln[0], r->k = rkln[1], r->l = rkln[2], r->node = rkln[3];
    return fmpz_sgn(fmpq_numref(r->ilo)) <= 0; /* lambda > 0 */
}

int ct_lsroot_kroot_read(ct_lsroot_kroot_t r, const char **s)
{
    ct_lsroot_kron_struct *S = kio_system(s);
    double c, rad;
    slong sign;
    if (S == NULL || kio_fields(r, &c, &rad, &sign, S, s)) {
        ct_lsroot_kron_unref(S);
        return -1;
    }
    _ct_kdisk_unref(r->disk);
    r->disk = kio_disk(S, c, rad);
    ct_lsroot_kron_unref(S);
    r->sign_lo = (int)sign;
    fmpq_t a;
    fmpq_init(a);
    _ct_kron_alpha(a, S, r->lo);
    int ok = _ct_kdisk_contains(r->disk, a);
    _ct_kron_alpha(a, S, r->hi);
    ok = ok && _ct_kdisk_contains(r->disk, a) &&
         ct_lsroot_kroot_sign_fmpq(r, r->lo) == sign &&
         (sign == 0 || ct_lsroot_kroot_sign_fmpq(r, r->hi) == -sign);
    fmpq_clear(a);
    return ok ? 0 : -1;
}
