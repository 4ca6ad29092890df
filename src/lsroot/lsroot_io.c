/* lsroot_io: a ball-path zero as text (profile files): the system's text (its
   type's), the disk, the row and classes, the node, the intervals (ilo lo hi
   ihi) and the sign at lo. Reading takes the system from its type's reader
   (which re-checks everything the system rests on), checks the fields and the
   disk's range, and re-certifies the signs at lo and hi with the oracle.
   Consecutive zeros of one system share it and its disks: a one-entry cache
   per thread, keyed by the system's text. */
#include <stdlib.h>
#include <string.h>
#include "certune/qparse.h"
#include "lsroot_internal.h"

void ct_lsroot_write_graph(FILE *f, slong n, slong c, const slong *rowstart,
                           const slong *col, const double *w)
{
    fprintf(f, "%ld %ld", (long)n, (long)c);
    for (slong i = 0; i < n; i++) {
        fprintf(f, " %ld", (long)(rowstart[i + 1] - rowstart[i]));
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++)
            fprintf(f, " %ld %.0f", (long)col[e], w[e]);
    }
}

void ct_lsroot_tgraph_clear(ct_lsroot_tgraph_struct *G)
{
    if (G->w != NULL)
        _fmpz_vec_clear(G->w, G->walloc);
    flint_free(G->rowstart), flint_free(G->col), flint_free(G->lab), flint_free(G->cls);
}

/* The rows of a graph as ct_lsroot_write_graph writes them. */
static int lsio_read_rows(ct_lsroot_tgraph_struct *G, const char **s)
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
static int lsio_symmetric(const ct_lsroot_tgraph_struct *G)
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

int ct_lsroot_tgraph_read(ct_lsroot_tgraph_struct *G, const char **s)
{
    memset(G, 0, sizeof(*G));
    if (ct_qparse_tok_slong(&G->n, s) || ct_qparse_tok_slong(&G->c, s) || G->n < 2 ||
        G->n > 1000000 || G->c < 2 || G->c > 100000)
        return 1;
    G->rowstart = flint_malloc((G->n + 1) * sizeof(slong));
    if (lsio_read_rows(G, s) || !lsio_symmetric(G) || ct_qparse_tok_slong(&G->m, s) ||
        G->m < 1 || G->m > G->n)
        return 1;
    G->lab = flint_malloc(G->m * sizeof(slong));
    G->cls = flint_malloc(G->m * sizeof(slong));
    for (slong j = 0; j < G->m; j++)
        if (ct_qparse_tok_slong(G->lab + j, s) || ct_qparse_tok_slong(G->cls + j, s))
            return 1;
    return 0;
}

void ct_lsroot_write(FILE *f, const ct_lsroot_t r)
{
    const ct_lsroot_disk_struct *D = r->disk;
    D->sys->type->write(f, D->sys);
    fprintf(f, " %a %a %ld %ld %ld %ld ", D->c, D->r, (long)r->row, (long)r->k,
            (long)r->l, (long)r->node);
    const fmpq *iv[4] = {r->ilo, r->lo, r->hi, r->ihi};
    for (int t = 0; t < 4; t++) {
        fmpq_fprint(f, iv[t]);
        fputc(' ', f);
    }
    fprintf(f, "%d", r->sign_lo);
}

/* A double token (C99 hex or decimal): 0, or -1 when malformed. */
static int lsio_double(double *x, const char **s)
{
    size_t len;
    const char *t = ct_qparse_tok(s, &len);
    char buf[64], *end;
    if (t == NULL || len >= sizeof(buf))
        return -1;
    for (size_t k = 0; k < len; k++)
        buf[k] = t[k];
    buf[len] = 0;
    *x = strtod(buf, &end);
    return *end == 0 ? 0 : -1;
}

/* The fields after the system: the disk's c and rad, row, k, l, node, ilo, lo,
   hi, ihi, the sign; 0 when well formed and consistent (the disk in range, row
   < n, 0 <= k < l < c, lo < hi with sign +-1 or lo = hi with sign 0, ilo <= lo,
   hi <= ihi), else -1. */
static int lsio_tail(double *c, double *rad, slong *sign, ct_lsroot_struct *r,
                     const ct_lsroot_sys_struct *S, const char **s)
{
    slong rkln[4];
    fmpq *iv[4] = {r->ilo, r->lo, r->hi, r->ihi};
    if (lsio_double(c, s) || lsio_double(rad, s))
        return -1;
    for (int t = 0; t < 4; t++)
        if (ct_qparse_tok_slong(rkln + t, s))
            return -1;
    for (int t = 0; t < 4; t++)
        if (ct_qparse_tok_fmpq(iv[t], s))
            return -1;
    if (ct_qparse_tok_slong(sign, s))
        return -1;
    r->row = rkln[0], r->k = rkln[1], r->l = rkln[2], r->node = rkln[3];
    int ok = *c >= 0 && *c < 1 && *rad > 0 && *rad <= 0.25 && r->row >= 0 &&
             r->row < S->n && r->k >= 0 && r->k < r->l && r->l < S->c &&
             _ct_lsroot_exact_or_bracket(r->lo, r->hi, *sign) &&
             fmpq_cmp(r->ilo, r->lo) <= 0 && fmpq_cmp(r->hi, r->ihi) <= 0;
    return ok ? 0 : -1;
}

/* The per-thread cache: the last system's text and object, and its disks. */
#define LSIO_DISKS 64
static _Thread_local struct {
    char *text; /* NUL-terminated */
    size_t len;
    ct_lsroot_sys_struct *S;
    ct_lsroot_disk_struct *disks[LSIO_DISKS];
} lsio_cache;

void ct_lsroot_read_release(void)
{
    for (slong d = 0; d < LSIO_DISKS; d++) {
        ct_lsroot_disk_unref(lsio_cache.disks[d]);
        lsio_cache.disks[d] = NULL;
    }
    ct_lsroot_sys_unref(lsio_cache.S);
    flint_free(lsio_cache.text);
    lsio_cache.S = NULL, lsio_cache.text = NULL, lsio_cache.len = 0;
}

/* Whether the text at s starts with the cached system's text, whole: the same
   bytes up to a token's end parse to the same system. */
static int lsio_cached(const ct_lsroot_type_struct *T, const char *s)
{
    const char *end = s + lsio_cache.len;
    return lsio_cache.S != NULL && lsio_cache.S->type == T &&
           strncmp(lsio_cache.text, s, lsio_cache.len) == 0 &&
           (*end == 0 || *end == ' ' || *end == '\t' || *end == '\r' || *end == '\n');
}

/* The system of the text at *s (a new reference), from the cache or read. */
static ct_lsroot_sys_struct *lsio_system(const ct_lsroot_type_struct *T, const char **s)
{
    const char *start = *s;
    if (lsio_cached(T, start)) {
        *s += lsio_cache.len;
        return ct_lsroot_sys_ref(lsio_cache.S);
    }
    ct_lsroot_sys_struct *S = T->read(s);
    if (S != NULL) {
        size_t len = (size_t)(*s - start);
        ct_lsroot_read_release();
        lsio_cache.text = flint_malloc(len + 1);
        memcpy(lsio_cache.text, start, len);
        lsio_cache.text[len] = 0;
        lsio_cache.len = len;
        lsio_cache.S = ct_lsroot_sys_ref(S);
    }
    return S;
}

/* A disk of S (a new reference), shared through the cache when S is its system. */
static ct_lsroot_disk_struct *lsio_disk(ct_lsroot_sys_struct *S, double c, double r)
{
    for (slong d = 0; d < LSIO_DISKS && S == lsio_cache.S; d++) {
        ct_lsroot_disk_struct *D = lsio_cache.disks[d];
        if (D != NULL && D->c == c && D->r == r)
            return ct_lsroot_disk_ref(D);
        if (D == NULL) {
            lsio_cache.disks[d] = ct_lsroot_disk_new(S, c, r);
            return ct_lsroot_disk_ref(lsio_cache.disks[d]);
        }
    }
    return ct_lsroot_disk_new(S, c, r);
}

/* Whether x is in the system's domain and maps into D. */
static int lsio_in_disk(const ct_lsroot_disk_struct *D, const fmpq_t x)
{
    fmpq_t a;
    fmpq_init(a);
    int in = D->sys->type->map(a, D->sys, x) && ct_lsroot_disk_contains(D, a);
    fmpq_clear(a);
    return in;
}

int ct_lsroot_read(ct_lsroot_t r, const ct_lsroot_type_struct *T, const char **s)
{
    ct_lsroot_sys_struct *S = lsio_system(T, s);
    double c, rad;
    slong sign;
    fmpq_t a;
    if (S == NULL || lsio_tail(&c, &rad, &sign, r, S, s)) {
        ct_lsroot_sys_unref(S);
        return -1;
    }
    fmpq_init(a);
    int ok = T->map(a, S, r->ilo); /* the isolating interval inside the domain */
    fmpq_clear(a);
    if (!ok) {
        ct_lsroot_sys_unref(S);
        return -1;
    }
    ct_lsroot_disk_unref(r->disk);
    r->disk = lsio_disk(S, c, rad);
    ct_lsroot_sys_unref(S);
    r->sign_lo = (int)sign;
    ok = lsio_in_disk(r->disk, r->lo) && lsio_in_disk(r->disk, r->hi) &&
         ct_lsroot_sign_fmpq(r, r->lo) == sign &&
         (sign == 0 || ct_lsroot_sign_fmpq(r, r->hi) == -sign);
    return ok ? 0 : -1;
}
