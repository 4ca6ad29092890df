/* bpoint: a certified breakpoint of any family, over the root core (root.h):
   a real algebraic number (rroot), a simple zero of an exponential sum
   (expsum) or of a multi-quadratic polynomial (mqroot), or a simple zero of an
   alpha, lambda or delta pair function certified in balls (lsroot: kinds ls,
   lk and ld).
   A ct_bpoint_struct owns one initialized certificate per kind, kind naming
   the one in use (init/clear; the setters copy, ct_bpoint_set may alias). A
   function given a non-const point may refine it in place. Strings are
   malloc'ed (free with free); an undecided comparison returns 0. */
#ifndef CERTUNE_BPOINT_H
#define CERTUNE_BPOINT_H

#include "certune/expsum.h"
#include "certune/lsroot.h"
#include "certune/mqroot.h"
#include "certune/rroot.h"

/* The kinds; each has one row of operations in src/bpoint/bpoint_kinds.c. */
enum {
    CT_BPOINT_ALGEBRAIC = 0,
    CT_BPOINT_EXPSUM = 1,
    CT_BPOINT_MQ = 2,
    CT_BPOINT_LS = 3,
    CT_BPOINT_LK = 4,
    CT_BPOINT_LD = 5,
    CT_BPOINT_NKINDS = 6
};

/* kind selects the certificate in use; the other members stay initialized and
   unused. Either way the point lies in [lo, hi] (lo == hi: that rational). */
typedef struct {
    int kind;
    ct_rroot_struct alg;
    ct_expsum_root_struct ex;
    ct_mqroot_struct mq;
    ct_lsroot_struct ls;
    ct_lsroot_struct lk;
    ct_lsroot_struct ld;
} ct_bpoint_struct;
typedef ct_bpoint_struct ct_bpoint_t[1];

void ct_bpoint_init(ct_bpoint_t b);
void ct_bpoint_clear(ct_bpoint_t b);
void ct_bpoint_set(ct_bpoint_t b, const ct_bpoint_t s);
void ct_bpoint_set_rroot(ct_bpoint_t b, const ct_rroot_t r);
void ct_bpoint_set_exroot(ct_bpoint_t b, const ct_expsum_root_t r);
void ct_bpoint_set_mqroot(ct_bpoint_t b, const ct_mqroot_t r);
/* r of an alpha system (ct_lsalpha_type: kind ls), of a lambda system
   (ct_lskron_type: kind lk), of a delta system (ct_lsdelta_type: kind ld);
   the kind names the reader of the text form. */
void ct_bpoint_set_lsroot(ct_bpoint_t b, const ct_lsroot_t r);
void ct_bpoint_set_lkroot(ct_bpoint_t b, const ct_lsroot_t r);
void ct_bpoint_set_ldroot(ct_bpoint_t b, const ct_lsroot_t r);

/* The ends of the certified interval (valid until b is refined). */
const fmpq *ct_bpoint_lo(const ct_bpoint_t b);
const fmpq *ct_bpoint_hi(const ct_bpoint_t b);

/* Halves the interval of b, keeping its certificate. */
void ct_bpoint_bisect(ct_bpoint_t b);

/* Sign (-1, 0, 1) of b - q, decided exactly. */
int ct_bpoint_cmp_fmpq(const ct_bpoint_t b, const fmpq_t q);

/* Compares a and b: sets *cmp to -1, 0, 1 and returns 1 when decided (exactly:
   ct_rroot_cmp, ct_expsum_root_cmp, ct_mqroot_cmp, ct_mqroot_cmp_rroot, or intervals
   refined until disjoint); returns 0 when it cannot be decided (their limits, or an
   exponential-sum zero against another kind overlapping down to
   2^-CT_EXPSUM_ROOT_CMP_BITS). Refines both. */
int ct_bpoint_cmp(int *cmp, ct_bpoint_t a, ct_bpoint_t b);

/* Decimal approximation and certified decimal bounds, as ct_rroot_get_strs;
   may refine b. */
void ct_bpoint_get_strs(char **approx, char **lo, char **hi, ct_bpoint_t b, slong digits);

/* The defining function in the variable x: a polynomial, an exponential sum
   such as "3^x - 2" or a multi-quadratic polynomial; for the kinds ls, lk and ld
   the pair function in words (ct_lsroot_get_str). */
char *ct_bpoint_get_exact_str(const ct_bpoint_t b);

/* Text form (bpoint_io.c): "alg|exp|mq|ls|lk|ld" and the certificate's own (no newline);
   reading (b initialized) returns 0 or -1 as the certificate's reader. */
void ct_bpoint_write(FILE *f, const ct_bpoint_t b);
int ct_bpoint_read(ct_bpoint_t b, const char **s);
/* Drops what the readers keep between calls (ls, lk and ld: the last
   component's system, shared by consecutive lines); call after the last ct_bpoint_read
   of a file (the points read keep what they hold). */
void ct_bpoint_read_release(void);

#endif
