/* capi: strings, errors, families and the set of instances. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/base.h"
#include "capi_internal.h"

const char *ct_capi_version(void)
{
    return CERTUNE_VERSION;
}

int ct_capi_family_id(const char *name)
{
    ct_family_t f;
    if (name == NULL || ct_family_from_name(&f, name))
        return -1;
    return (int)f;
}

int ct_capi_family_count(void)
{
    return (int)ct_family_count();
}

/* The row of family id, or NULL when id is no family. */
static const ct_family_struct *capi_row(int id)
{
    return id >= 0 && id < ct_family_count() ? ct_family_row(id) : NULL;
}

int ct_capi_family_listed(int i)
{
    return i >= 0 && i < ct_family_count() ? (int)ct_family_listed(i) : -1;
}

const char *ct_capi_family_name(int id)
{
    return capi_row(id) ? capi_row(id)->name : NULL;
}

const char *ct_capi_family_symbol(int id)
{
    return capi_row(id) ? capi_row(id)->symbol : NULL;
}

const char *ct_capi_family_domain(int id)
{
    return capi_row(id) ? capi_row(id)->domain_text : NULL;
}

const char *ct_capi_family_hi(int id)
{
    return capi_row(id) ? capi_row(id)->hi_plain : NULL;
}

int ct_capi_family_closed(int id)
{
    return capi_row(id) ? capi_row(id)->analysis.closed : -1;
}

int ct_capi_family_has_c(int id)
{
    return capi_row(id) ? capi_row(id)->has_c : -1;
}

void ct_capi_free_string(char *s)
{
    free(s);
}

/* FLINT keeps freed integers in a per-thread cache; this hands them back. */
void ct_capi_cleanup(void)
{
    flint_cleanup();
}

ct_capi_instances_struct *ct_capi_instances_new(void)
{
    ct_capi_instances_struct *S = ct_mem_calloc(1, sizeof(*S));
    if (S == NULL)
        abort();
    return S;
}

void ct_capi_instances_destroy(ct_capi_instances_struct *S)
{
    if (S == NULL)
        return;
    for (slong k = 0; k < S->len; k++)
        ct_instance_clear(S->inst + k);
    free(S->inst);
    free(S);
}

long ct_capi_instances_count(const ct_capi_instances_struct *S)
{
    return (long)S->len;
}

/* Room for one more instance, returned zeroed. */
static ct_instance_struct *capi_instances_slot(ct_capi_instances_struct *S)
{
    if (S->len == S->cap) {
        S->cap = S->cap ? 2 * S->cap : 4;
        S->inst = ct_mem_realloc(S->inst, sizeof(ct_instance_struct) * (size_t)S->cap);
        if (S->inst == NULL)
            abort();
    }
    memset(S->inst + S->len, 0, sizeof(ct_instance_struct));
    return S->inst + S->len;
}

int ct_capi_instances_add_file(ct_capi_instances_struct *S, const char *path, char *err,
                               size_t errlen)
{
    if (path == NULL) {
        _ct_capi_error(err, errlen, "no path given");
        return CT_CAPI_USAGE;
    }
    if (ct_instance_load(capi_instances_slot(S), path, err, errlen) != 0)
        return CT_CAPI_INPUT;
    S->len++;
    return CT_CAPI_OK;
}

/* The loader's "name:L: message" for a line holding an edge becomes
   "name: edge k: message" (the caller knows edges, not lines). */
static void capi_translate_line(char *err, size_t errlen, const char *name, slong nedges)
{
    size_t nl = strlen(name);
    long line;
    int used = 0;
    if (err == NULL || strncmp(err, name, nl) != 0 ||
        sscanf(err + nl, ":%ld: %n", &line, &used) != 1 || used == 0 || line < 2 ||
        line >= 2 + nedges)
        return;
    char *msg = _ct_capi_strdup(err + nl + used);
    _ct_capi_error(err, errlen, "%s: edge %ld: %s", name, line - 2, msg);
    free(msg);
}

int ct_capi_instances_add_graph(ct_capi_instances_struct *S, const char *name, long n,
                                long c, long nedges, const long *u, const long *v,
                                const char *const *w, const long *label,
                                const long *truth, char *err, size_t errlen)
{
    char dflt[64];
    if (name == NULL) {
        snprintf(dflt, sizeof dflt, "instance %ld", (long)S->len);
        name = dflt;
    }
    if (nedges > 0 && (u == NULL || v == NULL || w == NULL)) {
        _ct_capi_error(err, errlen, "%s: edges without u, v or w arrays", name);
        return CT_CAPI_USAGE;
    }
    char *text =
        _ct_capi_graph_text(name, n, c, nedges, u, v, w, label, truth, err, errlen);
    if (text == NULL)
        return CT_CAPI_INPUT;
    int r =
        ct_instance_parse(capi_instances_slot(S), text, strlen(text), name, err, errlen);
    free(text);
    if (r != 0) {
        capi_translate_line(err, errlen, name, nedges);
        return CT_CAPI_INPUT;
    }
    S->len++;
    return CT_CAPI_OK;
}

char *ct_capi_instances_gssl(const ct_capi_instances_struct *S, long k)
{
    if (k < 0 || k >= S->len)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        abort();
    int r = ct_instance_write(S->inst + k, f);
    if (fclose(f) != 0 || r != 0) {
        free(text);
        return NULL;
    }
    return text;
}
