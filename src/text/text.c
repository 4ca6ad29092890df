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
