/* graphin_ids: the reader of the node ids in .gssl comment lines `% id K
   NAME` (NAME escaped by ct_text_write_escaped, as profiles escape names, so
   that any id is one token on one line) for `eval --predictions`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "certune/text.h"
#include "graphin_internal.h"

/* The n bytes at t unescaped (flint_malloc), or NULL when malformed. */
static char *ids_unescape(const char *t, size_t n)
{
    char *v = flint_malloc(n + 1);
    if (ct_text_unescape(v, t, n) >= 0)
        return v;
    flint_free(v);
    return NULL;
}

/* One line (len bytes, no newline): "% id K NAME" gives node K - 1 its id
   unless it has one; anything else is a comment like any other. Returns
   1 when an id was taken. */
static int ids_line(char **ids, slong n, const char *s, size_t len)
{
    if (len > 0 && s[len - 1] == '\r')
        len--;
    if (len < 7 || memcmp(s, "% id ", 5) != 0)
        return 0;
    size_t p = 5;
    slong k = 0;
    while (p < len && s[p] >= '0' && s[p] <= '9' && k <= n)
        k = 10 * k + (s[p++] - '0');
    if (p == 5 || p >= len || s[p] != ' ' || k < 1 || k > n || ids[k - 1] != NULL)
        return 0;
    p++;
    if (p == len || memchr(s + p, ' ', len - p) != NULL || memchr(s + p, '\t', len - p))
        return 0;
    ids[k - 1] = ids_unescape(s + p, len - p);
    return ids[k - 1] != NULL;
}

char **ct_graphin_ids_parse(const char *text, size_t len, slong n)
{
    char **ids = flint_calloc((size_t)FLINT_MAX(n, 1), sizeof(char *));
    slong found = 0;
    for (size_t p = 0; p < len;) {
        const char *nl = memchr(text + p, '\n', len - p);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;
        found += ids_line(ids, n, text + p, end - p);
        p = end + 1;
    }
    if (found > 0)
        return ids;
    flint_free(ids);
    return NULL;
}

char **ct_graphin_ids_load(const char *path, slong n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char **ids = flint_calloc((size_t)FLINT_MAX(n, 1), sizeof(char *)), *line = NULL;
    size_t cap = 0;
    ssize_t got;
    slong found = 0;
    while ((got = getline(&line, &cap, f)) > 0)
        found += ids_line(ids, n, line, (size_t)got - (line[got - 1] == '\n'));
    free(line);
    fclose(f);
    if (found > 0)
        return ids;
    flint_free(ids);
    return NULL;
}

void ct_graphin_ids_free(char **ids, slong n)
{
    for (slong i = 0; ids != NULL && i < n; i++)
        flint_free(ids[i]);
    flint_free(ids);
}
