/* shatter: the lower-bound (pseudo-shattering) instances and their check. */
#ifndef CERTUNE_SHATTER_H
#define CERTUNE_SHATTER_H

#include <stdio.h>
#include "certune/analysis.h"

/* The j-th threshold (1 <= j < 2^M) of the lambda construction: j + 1. The
   gadget with x = 2 t / (t - 1) has its single breakpoint at t (docs/shatter.md). */
void ct_shatter_lambda_threshold(fmpq_t t, slong j);

/* Instance k (1 <= k <= M): one gadget for each j in 1 .. 2^M - 1 at which bit
   k - 1 of j flips (j a multiple of 2^(k-1)), held-out labels alternating so
   that its loss is low on (t_j, t_{j+1}) when bit k - 1 of j is 0, high when 1. */
void ct_shatter_lambda_instance(ct_instance_t inst, slong M, slong k);

/* Sets r to the witness of instance k: midway between its two loss values
   (the same for the delta construction). */
void ct_shatter_lambda_witness(fmpq_t r, slong M, slong k);

/* Sets q to a rational inside (t_j, t_{j+1}) (t_0 = 0, t_{2^M} = +inf), where
   the loss pattern is the binary expansion of j. */
void ct_shatter_lambda_parameter(fmpq_t q, slong M, slong j);

/* The delta construction (docs/shatter.md), for a rational c in (1/2, 1). Its
   scale L is a short rational in (0, log_2(2c)): the realizing parameters are
   q_j = L (2N + 2j + 1) / (4N), j = 0 .. N - 1 (N = 2^M), inside (L/2, L). */
void ct_shatter_delta_scale(fmpq_t L, const fmpq_t c);
void ct_shatter_delta_parameter(fmpq_t q, const fmpq_t c, slong M, slong j);

/* Sets y to y_j = x_j + 2 (1 <= j < 2^M): a short rational with
   (2c)^(1/q_j) < y_j < (2c)^(1/q_{j-1}), certified with Arb, so that the gadget
   with weight x_j has its threshold ln(2c) / ln(y_j) inside (q_{j-1}, q_j). */
void ct_shatter_delta_gadget_y(fmpq_t y, const fmpq_t c, slong M, slong j);

/* Instance k of the delta construction: as for lambda, one gadget per flip of
   bit k - 1, the held-out classes reversed (the delta gadget goes from class 1
   to class 0 at its threshold), so the loss pattern is the same. */
void ct_shatter_delta_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k);

/* The alpha construction (docs/shatter.md): thresholds at the rationals
   t_j = (3N + j) / (4N) in (3/4, 1), j = 1 .. N - 1 (N = 2^M); the gadget with
   weight x_j = 4 t_j^2 - 2 (in (1/4, 2)) switches from class 0 to class 1 at
   alpha = sqrt(x_j + 2) / 2 = t_j exactly. The realizing parameters are
   q_j = (6N + 2j + 1) / (8N), j = 0 .. N - 1, inside (t_j, t_{j+1}) (t_0 = 0,
   t_N = 1). Instance k: as for lambda (same direction of change, same held-out
   classes, same witnesses), on the delta gadget's graph. */
void ct_shatter_alpha_threshold(fmpq_t t, slong M, slong j);
void ct_shatter_alpha_weight(fmpq_t x, slong M, slong j);
void ct_shatter_alpha_parameter(fmpq_t q, slong M, slong j);
void ct_shatter_alpha_instance(ct_instance_t inst, slong M, slong k);

/* Writes instance-1.gssl ... instance-M.gssl and witness.txt into dir (which
   must exist). c is delta's constant (NULL: 99/100; it must exceed 1/2),
   ignored by lambda and alpha. Returns 0, or -1 with a message in err. */
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
   records (lambda without a family record; delta with the file's `c`), and
   prints, for every sign pattern, a realizing piece (or that none exists).
   family and c (each may be NULL) are only checked against the file: a
   difference is CT_SHATTER_INVALID with both named in err. Returns one of the
   values above. */
int ct_shatter_verify(FILE *out, const char *dir, const ct_family_t *family,
                      const fmpq_t c, char *err, size_t errlen);

#endif
