/* shatter_internal: what the shatter modules share (not installed). */
#ifndef CERTUNE_SHATTER_INTERNAL_H
#define CERTUNE_SHATTER_INTERNAL_H

#include "certune/family.h"
#include "certune/shatter.h"

/* The family of a witness.txt without a `family` record: the table's first
   row, the only family the sets had before the record existed. */
#define CT_SHATTER_OLD_FAMILY 0

/* A set read from witness.txt. */
typedef struct {
    ct_family_t family;      /* the file's (CT_SHATTER_OLD_FAMILY without a record) */
    const ct_family_t *want; /* the family asked for, or NULL: any */
    fmpq_t c;                /* the family's constant */
    int have_family, have_c;
    slong M;
    ct_instance_struct *inst; /* M instances */
    fmpq *witness;            /* r_k */
    int *loaded;
    slong nclaims;
    slong *claim_pattern; /* pattern index (bit k-1 = b_k) */
    fmpq *claim_value;
} ct_shatter_set;

/* Reads dir/witness.txt and its instances into S (initialized here; clear it
   with ct_shatter_set_clear either way), the family from the file; want (or
   NULL) is the family asked for, a different one in the file is an error.
   Returns 0, or -1 with "file:line: message" in err. */
int ct_shatter_read(ct_shatter_set *S, const char *dir, const ct_family_t *want,
                    char *err, size_t errlen);
void ct_shatter_set_clear(ct_shatter_set *S);

/* Checks the set S with its analyses A (one per instance): lists undecided
   parts, wrong claims, then the pattern of every open piece between the
   merged breakpoints, and the verdict. Returns CT_SHATTER_YES, CT_SHATTER_NO or
   CT_SHATTER_UNDECIDED (an analysis has undecided parts, or two breakpoints
   cannot be ordered: no verdict). */
int ct_shatter_check(FILE *out, const ct_shatter_set *S, ct_analysis_struct *A);

#endif
