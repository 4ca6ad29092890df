/* capi_util: the strings and error messages every file of the C entry layer
   uses (so that the others depend on this one, not on each other). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "capi_internal.h"

char *_ct_capi_strdup(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t len = strlen(s) + 1;
    char *t = ct_mem_malloc(len);
    if (t == NULL)
        abort();
    return memcpy(t, s, len);
}

char *_ct_capi_fmpq_str(const fmpq_t x)
{
    char *s = fmpq_get_str(NULL, 10, x);
    char *t = _ct_capi_strdup(s);
    flint_free(s);
    return t;
}

void _ct_capi_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (err == NULL || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}
