/* shatter: the lower-bound (pseudo-shattering) sets of every family and their
   exact check (docs/shatter.md): the constructions are the families' (the
   family table's rows: shatter); the writer of a set (instance-k.gssl and
   witness.txt) and the witnesses are shared. Nothing is kept between calls.
   Invalid input and write errors return -1 (CT_SHATTER_INVALID) with a
   message in err; an analysis or an order of breakpoints that cannot be
   decided is CT_SHATTER_UNDECIDED, not an answer. */
#ifndef CERTUNE_SHATTER_H
#define CERTUNE_SHATTER_H

#include <stdio.h>
#include "certune/analysis.h"

/* Every family's instance k has the same two loss values. Sets r to the
   witness of instance k: midway between them. */
void ct_shatter_witness(fmpq_t r, slong M, slong k);

/* Writes instance-1.gssl ... instance-M.gssl and witness.txt into dir (which
   must exist), by family's construction. c is the family's constant (NULL:
   its default; the construction may refuse it, as delta does unless
   1/2 < c < 1), ignored by a family without one. Returns 0, or -1 with a
   message in err. */
int ct_shatter_write(const char *dir, ct_family_t family, const fmpq_t c, slong M,
                     char *err, size_t errlen);

/* Return values of ct_shatter_verify. */
enum {
    CT_SHATTER_INVALID = -1,  /* invalid input, err set */
    CT_SHATTER_YES = 0,       /* pseudo-shattered */
    CT_SHATTER_NO = 1,        /* some pattern is not realized */
    CT_SHATTER_UNDECIDED = 2, /* an analysis or an order of breakpoints is undecided */
};

/* Re-analyzes the set described by dir/witness.txt exactly, for the family it
   records (without a family record: the table's first row, lambda; with the
   file's `c` for a family with a constant), and
   prints, for every sign pattern, a realizing piece (or that none exists).
   family and c (each may be NULL) are only checked against the file: a
   difference is CT_SHATTER_INVALID with both named in err. Returns one of the
   values above. */
int ct_shatter_verify(FILE *out, const char *dir, const ct_family_t *family,
                      const fmpq_t c, char *err, size_t errlen);

#endif
