/* shatter_internal: what the shatter modules share (not installed). */
#ifndef CERTUNE_SHATTER_INTERNAL_H
#define CERTUNE_SHATTER_INTERNAL_H

#include "certune/shatter.h"

/* Gadgets of instance k: G = 2^(M-k+1) - 1 (flips of bit k-1 in 1..2^M-1).
   Inline here so that the three constructions' files call only downward. */
static inline slong _ct_shatter_gadgets(slong M, slong k)
{
    return (WORD(1) << (M - k + 1)) - 1;
}

/* Gadget g (0-based) of the delta and alpha constructions: nodes 4g..4g+3,
   edges (4g, 4g+1) = (4g, 4g+2) = 1, (4g, 4g+3) = x; 4g labeled class 0, 4g+1
   and 4g+2 class 1, 4g+3 held out with class truth (shatter_delta.c). */
void ct_shatter_put_delta_gadget(ct_instance_t inst, slong g, const fmpq_t x,
                                 slong truth);

/* A set read from witness.txt. */
typedef struct {
    ct_family_t family;      /* the file's (lambda when it has no family record) */
    const ct_family_t *want; /* the family asked for, or NULL: any */
    fmpq_t c;                /* delta's constant */
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
