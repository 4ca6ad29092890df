/* bpoint: a certified breakpoint of any family: a real algebraic number (an
   isolated root of an integer polynomial), a simple zero of an exponential sum,
   or a simple zero of a multi-quadratic polynomial. */
#ifndef CERTUNE_BPOINT_H
#define CERTUNE_BPOINT_H

#include "certune/expsum.h"
#include "certune/mqroot.h"
#include "certune/roots.h"

enum { BPOINT_ALGEBRAIC = 0, BPOINT_EXPSUM = 1, BPOINT_MQ = 2 };

/* kind selects the certificate in use; the other members stay initialized and
   unused. Either way the point lies in [lo, hi] (lo == hi: that rational). */
typedef struct {
    int kind;
    rroot_struct alg;
    exroot_struct ex;
    mqroot_struct mq;
} bpoint_struct;
typedef bpoint_struct bpoint_t[1];

void bpoint_init(bpoint_t b);
void bpoint_clear(bpoint_t b);
void bpoint_set(bpoint_t b, const bpoint_t s);
void bpoint_set_rroot(bpoint_t b, const rroot_t r);
void bpoint_set_exroot(bpoint_t b, const exroot_t r);
void bpoint_set_mqroot(bpoint_t b, const mqroot_t r);

/* The ends of the certified interval (valid until b is refined). */
const fmpq *bpoint_lo(const bpoint_t b);
const fmpq *bpoint_hi(const bpoint_t b);

/* Halves the interval of b, keeping its certificate. */
void bpoint_bisect(bpoint_t b);

/* Sign (-1, 0, 1) of b - q, decided exactly. */
int bpoint_cmp_fmpq(const bpoint_t b, const fmpq_t q);

/* Compares a and b: sets *cmp to -1, 0, 1 and returns 1 when decided (exactly:
   rroot_cmp, exroot_cmp, mqroot_cmp, mqroot_cmp_rroot, or intervals refined
   until disjoint); returns 0 when it cannot be decided (their limits, or an
   exponential-sum zero against another kind overlapping down to
   2^-EXROOT_CMP_BITS). Refines both. */
int bpoint_cmp(int *cmp, bpoint_t a, bpoint_t b);

/* Decimal approximation and certified decimal bounds (malloc'ed), as
   rroot_get_strs; may refine b. */
void bpoint_get_strs(char **approx, char **lo, char **hi, bpoint_t b, slong digits);

/* The defining exact function in the variable x (malloc'ed): a polynomial, or
   an exponential sum such as "3^x - 2". */
char *bpoint_get_exact_str(const bpoint_t b);

#endif
