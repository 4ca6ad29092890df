/* graphin_line: the user's text files line by line (through zlib, so a
   gzipped file reads as its content), cut into fields at the delimiter the
   first line shows, and the header rule (docs/formats.md, "Your own graph"). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "certune/text.h"
#include "graphin_internal.h"

#define LINE_CHUNK ((size_t)1 << 16)

int _ct_graphin_reader_open(_ct_graphin_reader *r, const char *path, char comment,
                            char *err, size_t errlen)
{
    memset(r, 0, sizeof(*r));
    r->path = path, r->err = err, r->errlen = errlen, r->comment = comment;
    errno = 0;
    r->gz = gzopen(path, "rb");
    if (r->gz == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path,
                 errno ? strerror(errno) : "out of memory");
        return -1;
    }
    r->chunk = flint_malloc(LINE_CHUNK);
    return 0;
}

int _ct_graphin_reader_fail(_ct_graphin_reader *r, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errlen, "%s:%ld: %s", r->path, (long)r->line, msg);
    return -1;
}

/* Refills the chunk; 0 at the end of the file, -1 on a read error. */
static int reader_fill(_ct_graphin_reader *r)
{
    int got = gzread(r->gz, r->chunk, (unsigned)LINE_CHUNK);
    if (got < 0) {
        int code;
        const char *why = gzerror(r->gz, &code);
        snprintf(r->err, r->errlen, "%s: cannot read: %s", r->path,
                 code == Z_ERRNO ? strerror(errno) : why);
        return -1;
    }
    r->cpos = 0, r->clen = (size_t)got;
    return got > 0;
}

/* Appends n bytes to the line, within the line limit. */
static int reader_append(_ct_graphin_reader *r, const unsigned char *p, size_t n)
{
    if (r->len + n > CT_INSTANCE_MAX_LINE + 1) /* + 1: a CR that may go */
        return _ct_graphin_reader_fail(r, "line longer than %zu bytes",
                                       CT_INSTANCE_MAX_LINE);
    if (r->len + n + 1 > r->cap) {
        r->cap = FLINT_MAX(2 * r->cap, r->len + n + 1);
        r->buf = flint_realloc(r->buf, r->cap);
    }
    memcpy(r->buf + r->len, p, n);
    r->len += n;
    return 0;
}

/* The next raw line into buf: 1, 0 at the end, -1 on an error. */
static int reader_raw(_ct_graphin_reader *r)
{
    int any = 0;
    r->len = 0;
    r->line++;
    for (;;) {
        if (r->cpos == r->clen) {
            int f = r->eof ? 0 : reader_fill(r);
            if (f < 0)
                return -1;
            if (f == 0) {
                r->eof = 1;
                break;
            }
        }
        any = 1;
        const unsigned char *p = r->chunk + r->cpos;
        const unsigned char *nl = memchr(p, '\n', r->clen - r->cpos);
        size_t n = nl != NULL ? (size_t)(nl - p) : r->clen - r->cpos;
        if (reader_append(r, p, n))
            return -1;
        r->cpos += n + (nl != NULL);
        if (nl != NULL)
            break;
    }
    if (!any)
        return 0;
    if (r->len > 0 && r->buf[r->len - 1] == '\r')
        r->len--;
    if (r->len > CT_INSTANCE_MAX_LINE)
        return _ct_graphin_reader_fail(r, "line longer than %zu bytes",
                                       CT_INSTANCE_MAX_LINE);
    if (r->buf == NULL)
        r->buf = flint_malloc(r->cap = 64);
    r->buf[r->len] = '\0';
    if (memchr(r->buf, '\0', r->len) != NULL)
        return _ct_graphin_reader_fail(r, "NUL byte in line");
    if (r->line == 1 && strncmp(r->buf, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 BOM */
        memmove(r->buf, r->buf + 3, (r->len -= 3) + 1);
    return 1;
}

int _ct_graphin_reader_next(_ct_graphin_reader *r)
{
    int got;
    while ((got = reader_raw(r)) == 1) {
        const char *p = r->buf + strspn(r->buf, " \t");
        if (*p != '\0' && (r->comment == 0 || *p != r->comment))
            return 1;
    }
    return got;
}

/* Blanks around a field go; the field itself is left as it is. */
static char *reader_trim(char *s, char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    *end = '\0';
    return s;
}

static void reader_push(_ct_graphin_reader *r, char *field)
{
    if (r->ntok == r->tokcap) {
        r->tokcap = FLINT_MAX(8, 2 * r->tokcap);
        r->tok = flint_realloc(r->tok, r->tokcap * sizeof(char *));
    }
    r->tok[r->ntok++] = field;
}

/* Fields at every sep (',' or '\t'), or at runs of blanks (' '). */
static void reader_cut(_ct_graphin_reader *r)
{
    char *p = r->buf, *end = r->buf + r->len;
    r->ntok = 0;
    while (r->sep == ' ') {
        p += strspn(p, " \t");
        if (*p == '\0')
            return;
        reader_push(r, p);
        p += strcspn(p, " \t");
        if (*p != '\0')
            *p++ = '\0';
    }
    for (;;) {
        char *q = memchr(p, r->sep, (size_t)(end - p));
        char *stop = q != NULL ? q : end;
        reader_push(r, reader_trim(p, stop));
        if (q == NULL)
            break;
        p = q + 1;
    }
}

int _ct_graphin_reader_split(_ct_graphin_reader *r)
{
    if (r->sep == 0)
        r->sep = strchr(r->buf, ',') ? ',' : strchr(r->buf, '\t') ? '\t' : ' ';
    reader_cut(r);
    for (size_t k = 0; k < r->ntok; k++)
        if (r->tok[k][0] == '"')
            return _ct_graphin_reader_fail(
                r,
                "field %zu is quoted: quoting is not supported (docs/formats.md, "
                "\"Your own graph\")",
                k + 1);
    return 0;
}

static int reader_in(const char *s, const char *const *names)
{
    for (; names != NULL && *names != NULL; names++)
        if (strcasecmp(s, *names) == 0)
            return 1;
    return 0;
}

int _ct_graphin_reader_is_header(const _ct_graphin_reader *r,
                                 const char *const *const *names, size_t min)
{
    size_t max = 0;
    while (names[max] != NULL)
        max++;
    if (r->ntok < min || r->ntok > max)
        return 0;
    for (size_t k = 0; k < r->ntok; k++)
        if (!reader_in(r->tok[k], names[k]))
            return 0;
    return 1;
}

const char *_ct_graphin_sep_name(char sep)
{
    return sep == ',' ? "comma" : sep == '\t' ? "tab" : "blank";
}

void _ct_graphin_reader_close(_ct_graphin_reader *r)
{
    if (r->gz != NULL)
        gzclose(r->gz);
    flint_free(r->buf);
    flint_free(r->chunk);
    flint_free(r->tok);
    memset(r, 0, sizeof(*r));
}
