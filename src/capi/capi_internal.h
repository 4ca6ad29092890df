/* capi: the handles behind the opaque types of capi.h. */
#ifndef CERTUNE_CAPI_INTERNAL_H
#define CERTUNE_CAPI_INTERNAL_H

#include "certune/analysis.h"
#include "certune/capi.h"

struct ct_capi_instances_struct {
    ct_instance_struct *inst;
    slong len, cap;
};

struct ct_capi_profile_struct {
    ct_analysis_t A;
    char *warnings; /* what the analysis wrote to its warning stream */
};

/* Whether the sweep ran, so that losses exist (no undecided interval). */
static inline int _ct_capi_decided(const ct_capi_profile_struct *P)
{
    return P->A->nundecided == 0;
}

/* A malloc'ed copy of s (NULL when s is NULL); aborts when out of memory. */
char *_ct_capi_strdup(const char *s);

/* A malloc'ed reduced fraction "p/q" or "p". */
char *_ct_capi_fmpq_str(const fmpq_t x);

/* Writes "fmt..." into err (errlen bytes; err may be NULL). */
void _ct_capi_error(char *err, size_t errlen, const char *fmt, ...);

/* The .gssl text of a graph given as arrays, after the checks that need its
   0-based indices (ranges, self-loops, repeated edges, weight tokens). Returns
   the malloc'ed text (edge k on line k + 2), or NULL with "name: ..." in err. */
char *_ct_capi_graph_text(const char *name, slong n, slong c, slong nedges, const long *u,
                          const long *v, const char *const *w, const long *label,
                          const long *truth, char *err, size_t errlen);

/* 1 when ties is a CT_CAPI_TIES_* rule, else 0 with the message in err. */
int _ct_capi_ties_ok(int ties, char *err, size_t errlen);

/* The family id and c (NULL: its default; else for a family that takes one,
   an exact rational in (0, 1)) checked as ct_capi_analyze states it, c parsed
   into cq (initialized by the caller). Returns CT_CAPI_OK or CT_CAPI_USAGE
   with the message in err. */
int _ct_capi_family_c(fmpq_t cq, int family, const char *c, char *err, size_t errlen);

#endif
