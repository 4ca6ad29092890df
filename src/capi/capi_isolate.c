/* capi_isolate: what a binding needs to run an analysis in a process of its
   own (docs/python.md, "Out of memory"): the library's out-of-memory
   discipline in that process, and the profile as text, to send it back. */
#define _GNU_SOURCE /* fmemopen, open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/profile.h"
#include "capi_internal.h"

void ct_capi_memory_discipline(int whole_process, const char *what)
{
    if (whole_process) {
        ct_mem_install();
        ct_mem_limit_default(); /* a malformed CERTUNE_MAX_MEMORY: no limit */
    } else
        ct_mem_install_flint();
    if (what != NULL)
        ct_mem_set_context("%s", what);
}

/* Q: a profile file's view of the analysis A (A's arrays shared, not
   copied): one shard of one set, instances named "instance K". Free with
   capi_view_clear, which leaves A alone. */
static void capi_view_init(ct_profile_t Q, const ct_analysis_struct *A)
{
    slong m = A->ninst;

    memset(Q, 0, sizeof(*Q));
    Q->A = *A;
    Q->names = flint_calloc(m > 0 ? m : 1, sizeof(char *));
    for (slong t = 0; t < m; t++) {
        char name[48];
        snprintf(name, sizeof name, "instance %ld", (long)t);
        Q->names[t] = ct_mem_strdup(name);
    }
    Q->shard_k = Q->nshards = 1;
    Q->set_size = m > 0 ? m : 1;
    Q->shards = flint_calloc(1, sizeof(slong));
}

static void capi_view_clear(ct_profile_t Q)
{
    for (slong t = 0; t < Q->A.ninst; t++)
        free(Q->names[t]);
    flint_free(Q->names);
    flint_free(Q->shards);
}

char *ct_capi_profile_text(const ct_capi_profile_struct *P)
{
    ct_profile_t Q;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    if (f == NULL)
        return NULL;
    capi_view_init(Q, P->A);
    int bad = ct_profile_write(f, Q) != 0;
    bad |= fclose(f) != 0;
    capi_view_clear(Q);
    if (bad) {
        free(text);
        return NULL;
    }
    return text;
}

int ct_capi_profile_from_text(ct_capi_profile_struct **out, const char *text, size_t len,
                              const char *warnings, char *err, size_t errlen)
{
    ct_profile_t Q;
    FILE *f = text == NULL || len == 0 ? NULL : fmemopen((void *)text, len, "r");

    *out = NULL;
    if (f == NULL) {
        _ct_capi_error(err, errlen, "no profile text");
        return CT_CAPI_INPUT;
    }
    int r = ct_profile_read_stream(Q, f, "(profile text)", err, errlen);
    fclose(f);
    if (r != 0) {
        ct_profile_clear(Q);
        return CT_CAPI_INPUT;
    }
    ct_capi_profile_struct *P = ct_mem_calloc(1, sizeof(*P));
    ct_analysis_init_empty(P->A, Q->A.family, 0);
    ct_analysis_struct empty = *P->A; /* Q's analysis moves into P */
    *P->A = Q->A;
    Q->A = empty;
    ct_profile_clear(Q);
    P->warnings = _ct_capi_strdup(warnings != NULL ? warnings : "");
    *out = P;
    return CT_CAPI_OK;
}
