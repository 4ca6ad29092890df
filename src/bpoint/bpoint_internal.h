/* Helpers shared by the bpoint module's files only: the per-kind operations
   table, the one place that names each kind of certificate. */
#ifndef CERTUNE_BPOINT_INTERNAL_H
#define CERTUNE_BPOINT_INTERNAL_H

#include <stdio.h>
#include "certune/bpoint.h"

/* The operations of one kind of certificate, each on that kind's member of a
   ct_bpoint_struct (b's kind is not read or set by them). */
typedef struct {
    const char *name; /* its word in the text form: "alg", "exp", "mq" */
    void (*init)(ct_bpoint_struct *b);
    void (*clear)(ct_bpoint_struct *b);
    void (*set)(ct_bpoint_struct *b, const ct_bpoint_struct *s);
    /* the view onto the certified-root core (root.h); points into b */
    void (*view)(ct_root_struct *v, ct_bpoint_struct *b);
    void (*strs)(char **approx, char **lo, char **hi, ct_bpoint_struct *b, slong digits);
    char *(*exact)(const ct_bpoint_struct *b); /* the function's string */
    void (*write)(FILE *f, const ct_bpoint_struct *b);
    int (*read)(ct_bpoint_struct *b, const char **s);
    /* cmp[k]: the exact comparison with a point of kind k (its equality
       proof), as ct_bpoint_cmp; NULL: by refinement (ct_root_cmp_refine) */
    int (*cmp[CT_BPOINT_NKINDS])(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b);
} ct_bpoint_kind_struct;

/* Indexed by CT_BPOINT_ALGEBRAIC, CT_BPOINT_EXPSUM, CT_BPOINT_MQ. */
extern const ct_bpoint_kind_struct _ct_bpoint_kinds[CT_BPOINT_NKINDS];

#endif
