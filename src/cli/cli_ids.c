/* cli_ids: the node ids a .gssl file keeps in `% id K NAME` comment lines
   (written by `instance --edges`), shown beside the node numbers of `eval
   --predictions`. */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/graphin.h"
#include "certune/text.h"
#include "certune/mem.h"
#include "cli_internal.h"

char ***_ct_cli_ids_load(const ct_instance_struct *insts, slong m)
{
    char ***ids = ct_mem_calloc((size_t)FLINT_MAX(m, 1), sizeof(char **));
    char err[CERTUNE_ERRLEN];
    for (slong t = 0; t < m; t++) {
        const char *path = strcmp(insts[t].path, "(stdin)") == 0 ? "-" : insts[t].path;
        const char *data;
        size_t len;
        int sp = ct_cli_spool(path, &data, &len, err, sizeof(err));
        if (sp == 1) /* read once: its kept copy */
            ids[t] = ct_graphin_ids_parse(data, len, insts[t].n);
        else if (sp == 0)
            ids[t] = ct_graphin_ids_load(path, insts[t].n);
    }
    return ids;
}

void _ct_cli_ids_free(char ***ids, const ct_instance_struct *insts, slong m)
{
    for (slong t = 0; ids != NULL && t < m; t++)
        ct_graphin_ids_free(ids[t], insts[t].n);
    free(ids);
}

/* The next code point of a valid UTF-8 sequence at s: its length, or 0. */
static int ids_utf8(const unsigned char *s)
{
    int n = s[0] < 0x80                   ? 1
            : s[0] >= 0xC2 && s[0] < 0xE0 ? 2
            : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
            : s[0] >= 0xF0 && s[0] < 0xF5 ? 4
                                          : 0;
    for (int k = 1; k < n; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) ||
        (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) ||
        (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, a surrogate, beyond U+10FFFF */
    return n;
}

/* s as a JSON string: escapes for '"', '\\' and control bytes, U+FFFD for
   a byte that starts no valid UTF-8 sequence. */
static void ids_json(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', out);
    while (*p != '\0') {
        int n = ids_utf8(p);
        if (n == 0)
            fputs("\\ufffd", out), n = 1;
        else if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fwrite(p, 1, (size_t)n, out);
        p += n;
    }
    fputc('"', out);
}

void _ct_cli_ids_print(FILE *out, char ***ids, slong t, slong node, int json)
{
    const char *id = ids != NULL && ids[t] != NULL ? ids[t][node] : NULL;
    if (id == NULL)
        return;
    fputs(json ? ", \"id\": " : " (id ", out);
    if (json)
        ids_json(out, id);
    else {
        ct_text_write_escaped(out, id);
        fputc(')', out);
    }
}
