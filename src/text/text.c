/* text: small helpers for messages about untrusted input text. */
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

char *ct_text_strdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *t = flint_malloc(len);

    memcpy(t, s, len);
    return t;
}
