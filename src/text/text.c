/* text: small helpers for messages about untrusted input text, and the one
   %XX escape of names written as tokens. */
#include <string.h>
#include <flint/flint.h>
#include "certune/text.h"

const char *ct_text_show_token(char *out, const char *t)
{
    size_t k;
    for (k = 0; t[k] != '\0' && k < CT_TEXT_SHOW_LEN; k++)
        out[k] = (t[k] >= 0x20 && t[k] < 0x7f) ? t[k] : '?';
    if (t[k] != '\0') {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
    return out;
}

void ct_text_write_escaped(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
        if (*p <= 0x20 || *p == '%' || *p == 0x7f)
            fprintf(out, "%%%02X", *p);
        else
            fputc(*p, out);
}

static int text_hex(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

long ct_text_unescape(char *out, const char *t, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] != '%') {
            out[k++] = t[i];
            continue;
        }
        int a = i + 1 < n ? text_hex(t[i + 1]) : -1,
            b = i + 2 < n ? text_hex(t[i + 2]) : -1;
        if (a < 0 || b < 0 || 16 * a + b == 0) /* malformed, or a NUL byte */
            return -1;
        out[k++] = (char)(16 * a + b);
        i += 2;
    }
    out[k] = '\0';
    return (long)k;
}

char *ct_text_strdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *t = flint_malloc(len);

    memcpy(t, s, len);
    return t;
}

/* The length of the valid UTF-8 sequence at p (1..4), or 0 when p starts none
   (overlong forms, surrogates and code points past U+10FFFF are invalid). */
static int text_utf8_len(const unsigned char *p)
{
    int n = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
    unsigned cp = p[0] & (0x3f >> (n - 1));

    if (p[0] < 0xc2 || p[0] > 0xf4)
        return 0;
    for (int k = 1; k < n; k++) {
        if ((p[k] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[k] & 0x3f);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
        return 0;
    return n;
}

/* The escape of an ASCII control byte or of '"' and '\\', or NULL. */
static const char *text_json_escape(unsigned char c)
{
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\n':
        return "\\n";
    case '\t':
        return "\\t";
    case '\r':
        return "\\r";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    default:
        return NULL;
    }
}

int ct_text_json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    fputc('"', out);
    while (*p != '\0') {
        const char *e = text_json_escape(*p);
        int n = *p < 0x80 ? 1 : text_utf8_len(p);
        if (e != NULL)
            fputs(e, out);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else if (n == 0)
            fputs("\\ufffd", out);
        else
            fwrite(p, 1, (size_t)n, out);
        p += n == 0 ? 1 : n;
    }
    fputc('"', out);
    return ferror(out) ? -1 : 0;
}

const char *ct_text_plural(long n)
{
    return n == 1 ? "" : "s";
}
