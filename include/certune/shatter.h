/* shatter: the lower-bound (pseudo-shattering) instances and their check. */
#ifndef CERTUNE_SHATTER_H
#define CERTUNE_SHATTER_H

#include <stdio.h>
#include "certune/analyze.h"

/* The j-th threshold (1 <= j < 2^M) of the lambda construction: j + 1. The
   gadget with x = 2 t / (t - 1) has its single breakpoint at t (docs/shatter.md). */
void shatter_lambda_threshold(fmpq_t t, slong j);

/* Instance k (1 <= k <= M): one gadget for each j in 1 .. 2^M - 1 at which bit
   k - 1 of j flips (j a multiple of 2^(k-1)), held-out labels alternating so
   that its loss is low on (t_j, t_{j+1}) when bit k - 1 of j is 0, high when 1. */
void shatter_lambda_instance(instance_t inst, slong M, slong k);

/* Sets r to the witness of instance k: midway between its two loss values. */
void shatter_lambda_witness(fmpq_t r, slong M, slong k);

/* Sets q to a rational inside (t_j, t_{j+1}) (t_0 = 0, t_{2^M} = +inf), where
   the loss pattern is the binary expansion of j. */
void shatter_lambda_parameter(fmpq_t q, slong M, slong j);

/* Writes instance-1.gssl ... instance-M.gssl and witness.txt into dir (which
   must exist). Returns 0, or -1 with a message in err. */
int shatter_write(const char *dir, family_t family, slong M, char *err, size_t errlen);

/* Re-analyzes the set described by dir/witness.txt exactly and prints, for
   every sign pattern, a realizing piece (or that none exists). Returns 0 when
   the set is pseudo-shattered, 1 when not, -1 on invalid input (err set). */
int shatter_verify(FILE *out, const char *dir, family_t family, char *err, size_t errlen);

#endif
