/* gnn data: line reader (plain or gzip), number parsing, messages, edges. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "certune/text.h"
#include "dataset_internal.h"

/* Tokens quoted in messages are cut to this many bytes. */
#define GNN_SHOW_LEN CT_TEXT_SHOW_LEN

void ct_dataset_error(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

char *ct_dataset_join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *p = flint_malloc(a + b + 2);

    memcpy(p, dir, a);
    /* "dir/" and "dir" name the same folder; keep messages free of "//". */
    if (a > 0 && dir[a - 1] != '/')
        p[a++] = '/';
    memcpy(p + a, name, b + 1);
    return p;
}

void *ct_dataset_grow(void *p, slong *cap, slong need, size_t size)
{
    slong c = *cap ? *cap : 16;

    if (need <= *cap)
        return p;
    while (c < need)
        c *= 2;
    *cap = c;
    return flint_realloc(p, (size_t)c * size);
}

int ct_dataset_is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int gnn_data_is_file(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* True when path or path.gz is a regular file, i.e. the reader can open it. */
int ct_dataset_has_file(const char *path)
{
    size_t len = strlen(path);
    char *gz;
    int ok;

    if (gnn_data_is_file(path))
        return 1;
    gz = flint_malloc(len + 4);
    memcpy(gz, path, len);
    memcpy(gz + len, ".gz", 4);
    ok = gnn_data_is_file(gz);
    flint_free(gz);
    return ok;
}

/* Opens path, or path.gz when path does not exist; on failure the message
   names the plain path unless the .gz exists and is the one that failed. */
static int gnn_data_reader_open_fd(char **used, const char *path, char *err,
                                   size_t errlen)
{
    size_t len = strlen(path);
    char *gz;
    struct stat st;
    int fd, e;

    *used = ct_text_strdup(path);
    fd = open(path, O_RDONLY);
    if (fd < 0 && errno == ENOENT) {
        gz = flint_malloc(len + 4);
        memcpy(gz, path, len);
        memcpy(gz + len, ".gz", 4);
        fd = open(gz, O_RDONLY);
        if (fd >= 0 || errno != ENOENT) {
            flint_free(*used);
            *used = gz;
        } else {
            errno = ENOENT;
            flint_free(gz);
        }
    }
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        fd = -1;
        errno = EISDIR;
    }
    if (fd < 0) {
        e = errno;
        ct_dataset_error(err, errlen, "%s: cannot open: %s", *used, strerror(e));
        flint_free(*used);
        *used = NULL;
    }
    return fd;
}

int ct_dataset_reader_open(ct_dataset_reader_struct *r, const char *path, char *err,
                           size_t errlen)
{
    int fd;

    memset(r, 0, sizeof *r);
    r->err = err;
    r->errlen = errlen;
    fd = gnn_data_reader_open_fd(&r->path, path, err, errlen);
    if (fd < 0)
        return -1;
    r->gz = gzdopen(fd, "rb");
    if (r->gz == NULL) {
        close(fd);
        ct_dataset_error(err, errlen, "%s: cannot open: out of memory in zlib", r->path);
        ct_dataset_reader_close(r);
        return -1;
    }
    /* The big feature files are read in one pass; a large buffer halves the
       time spent in zlib's refills. */
    gzbuffer(r->gz, 1 << 17);
    return 0;
}

void ct_dataset_reader_close(ct_dataset_reader_struct *r)
{
    if (r->gz != NULL)
        gzclose(r->gz);
    flint_free(r->path);
    flint_free(r->buf);
    flint_free(r->tok);
    memset(r, 0, sizeof *r);
}

int ct_dataset_reader_fail(ct_dataset_reader_struct *r, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ct_dataset_error(r->err, r->errlen, "%s:%ld: %s", r->path, (long)r->line, msg);
    return -1;
}

/* Distinguishes the end of the data from a zlib or I/O error after gzgets
   returned NULL. */
static int gnn_data_reader_eof(ct_dataset_reader_struct *r)
{
    int code;
    const char *msg = gzerror(r->gz, &code);

    if (code == Z_OK || code == Z_STREAM_END)
        return 0;
    ct_dataset_error(r->err, r->errlen, "%s:%ld: read error: %s", r->path,
                     (long)r->line + 1, code == Z_ERRNO ? strerror(errno) : msg);
    return -1;
}

/* Reads the next line into r->buf; returns 1, 0 at the end, -1 on error. */
int ct_dataset_reader_next(ct_dataset_reader_struct *r)
{
    slong cap = (slong)r->cap;

    r->len = 0;
    r->ntok = 0;
    for (;;) {
        if (r->cap - r->len < 2) {
            if (r->cap >= CT_DATASET_MAX_LINE) {
                r->line++;
                return ct_dataset_reader_fail(r, "line longer than %zu bytes",
                                              CT_DATASET_MAX_LINE);
            }
            r->buf = ct_dataset_grow(r->buf, &cap, (slong)r->len + 4096, 1);
            r->cap = (size_t)cap;
        }
        if (gzgets(r->gz, r->buf + r->len,
                   (int)FLINT_MIN(r->cap - r->len, (size_t)1 << 30)) == NULL) {
            if (r->len == 0)
                return gnn_data_reader_eof(r);
            break;
        }
        r->len += strlen(r->buf + r->len);
        if (r->len > 0 && r->buf[r->len - 1] == '\n')
            break;
    }
    r->line++;
    if (r->len > 0 && r->buf[r->len - 1] == '\n')
        r->buf[--r->len] = '\0';
    if (r->len > 0 && r->buf[r->len - 1] == '\r')
        r->buf[--r->len] = '\0';
    return 1;
}

static void gnn_data_reader_push(ct_dataset_reader_struct *r, char *t)
{
    slong cap = (slong)r->tokcap;

    if (r->ntok == r->tokcap) {
        r->tok = ct_dataset_grow(r->tok, &cap, (slong)r->ntok + 1, sizeof(char *));
        r->tokcap = (size_t)cap;
    }
    r->tok[r->ntok++] = t;
}

/* Cuts the line into r->tok. sep 0: runs of spaces and tabs separate, as in
   the converted and LINQS files; otherwise every sep byte ends a field, so
   an empty field (a Geom-GCN row without features) stays a field. */
size_t ct_dataset_reader_split(ct_dataset_reader_struct *r, char sep)
{
    char *p = r->buf;

    r->ntok = 0;
    if (sep != 0) {
        gnn_data_reader_push(r, p);
        for (; *p != '\0'; p++)
            if (*p == sep) {
                *p = '\0';
                gnn_data_reader_push(r, p + 1);
            }
        return r->ntok;
    }
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        gnn_data_reader_push(r, p);
        while (*p != '\0' && *p != ' ' && *p != '\t')
            p++;
        if (*p == '\0')
            break;
        *p++ = '\0';
    }
    return r->ntok;
}

/* The token as quoted in a message: the input may be any bytes. */
const char *ct_dataset_show(char *out, const char *t)
{
    return ct_text_show_token(out, t);
}

/* Decimal integer, optional '-', nothing else; 18 digits keep it in slong. */
int ct_dataset_parse_slong(const char *s, slong *x)
{
    int neg = (*s == '-');
    slong v = 0;
    size_t k = 0;

    if (neg)
        s++;
    for (; s[k] >= '0' && s[k] <= '9'; k++) {
        if (k >= 18)
            return -1;
        v = 10 * v + (s[k] - '0');
    }
    if (k == 0 || s[k] != '\0')
        return -1;
    *x = neg ? -v : v;
    return 0;
}

int ct_dataset_parse_double(const char *s, double *x)
{
    char *end;

    /* strtod would skip leading blanks and accept an empty remainder. */
    if (*s == '\0' || *s == ' ' || *s == '\t')
        return -1;
    if (s[0] == '1' && s[1] == '\0') {
        *x = 1.0;
        return 0;
    }
    if (s[0] == '0' && s[1] == '\0') {
        *x = 0.0;
        return 0;
    }
    *x = strtod(s, &end);
    return (*end == '\0' && isfinite(*x)) ? 0 : -1;
}

/* Token k as an integer in lo..hi, or a message naming what it is. */
int ct_dataset_reader_slong(ct_dataset_reader_struct *r, size_t k, slong lo, slong hi,
                            const char *what, slong *x)
{
    char show[GNN_SHOW_LEN + 4];

    if (ct_dataset_parse_slong(r->tok[k], x) != 0)
        return ct_dataset_reader_fail(r, "%s '%s' is not an integer", what,
                                      ct_dataset_show(show, r->tok[k]));
    if (*x < lo || *x > hi)
        return ct_dataset_reader_fail(r, "%s %ld out of range (%ld..%ld)", what, (long)*x,
                                      (long)lo, (long)hi);
    return 0;
}

void ct_dataset_edgebuf_init(ct_dataset_edgebuf_struct *E)
{
    memset(E, 0, sizeof *E);
}

void ct_dataset_edgebuf_clear(ct_dataset_edgebuf_struct *E)
{
    flint_free(E->u);
    flint_free(E->v);
    memset(E, 0, sizeof *E);
}

void ct_dataset_edgebuf_push(ct_dataset_edgebuf_struct *E, slong u, slong v)
{
    slong cap = E->cap;

    if (u == v) {
        E->nloops++;
        return;
    }
    if (E->len == E->cap) {
        E->u = ct_dataset_grow(E->u, &cap, E->len + 1, sizeof(slong));
        cap = E->cap;
        E->v = ct_dataset_grow(E->v, &cap, E->len + 1, sizeof(slong));
        E->cap = cap;
    }
    E->u[E->len] = FLINT_MIN(u, v);
    E->v[E->len] = FLINT_MAX(u, v);
    E->len++;
}

static int gnn_key_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/* Moves the collected edges into D sorted by (u, v), each pair once; node
   indices are below CT_DATASET_MAX_NODES, so a pair packs into 64 bits. */
void ct_dataset_edgebuf_finish(ct_dataset_t D, ct_dataset_edgebuf_struct *E)
{
    uint64_t *key = flint_malloc((size_t)FLINT_MAX(E->len, 1) * sizeof(uint64_t));
    slong i, m = 0;

    for (i = 0; i < E->len; i++)
        key[i] = ((uint64_t)E->u[i] << 32) | (uint64_t)E->v[i];
    qsort(key, (size_t)E->len, sizeof(uint64_t), gnn_key_cmp);
    for (i = 0; i < E->len; i++)
        if (m == 0 || key[i] != key[m - 1])
            key[m++] = key[i];
    D->nloops += E->nloops;
    D->ndups += E->len - m;
    D->nedges = m;
    D->eu = flint_malloc((size_t)FLINT_MAX(m, 1) * sizeof(slong));
    D->ev = flint_malloc((size_t)FLINT_MAX(m, 1) * sizeof(slong));
    for (i = 0; i < m; i++) {
        D->eu[i] = (slong)(key[i] >> 32);
        D->ev[i] = (slong)(key[i] & UINT32_C(0xffffffff));
    }
    flint_free(key);
    ct_dataset_edgebuf_clear(E);
}
