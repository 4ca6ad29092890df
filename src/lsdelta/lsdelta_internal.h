/* lsdelta's system, shared by the files of src/lsdelta only. */
#ifndef CERTUNE_LSDELTA_INTERNAL_H
#define CERTUNE_LSDELTA_INTERNAL_H

#include <math.h>
#include "certune/lsdelta.h"

/* Per node, its values (A^{-1} E)_i. as balls at each level (NULL until
   made; failed once they could not be) and exactly (rationals, made by the
   oracle's last resort). */
struct ct_lsdelta_struct {
    ct_lsroot_sys_struct head; /* n nodes, c classes */
    slong m, ng, nnz;
    slong *rowstart, *col, *lab, *cls; /* the component as given */
    fmpz *w;
    fmpq_t cq;
    ct_lsdelta_msys_struct M;
    slong *grp, *gcls, *gstart, *gidx; /* groups; gidx[gstart[g] ..): their nodes */
    fmpz *gbase;
    struct _ct_lsdelta_fpow_struct *fpow; /* per group, for the search (or NULL) */
    arb_ptr *lev[CT_LSROOT_LEVELS];
    char *lfail[CT_LSROOT_LEVELS];
    fmpq **exact;
};

static inline ct_lsdelta_struct *_ct_lsdelta_of(ct_lsroot_sys_struct *S)
{
    return (ct_lsdelta_struct *)S;
}

static inline const ct_lsdelta_struct *_ct_lsdelta_const(const ct_lsroot_sys_struct *S)
{
    return (const ct_lsdelta_struct *)S;
}

/* The system with the type T (new and read). */
ct_lsdelta_struct *_ct_lsdelta_make(slong n, const slong *rowstart, const slong *col,
                                    const fmpz *w, slong nlab, const slong *lab,
                                    const slong *cls, slong nc, const fmpq_t c,
                                    slong sparse_min, const ct_lsroot_type_struct *T);
void _ct_lsdelta_clear(ct_lsroot_sys_struct *S);

/* Node i's values at level (0: the search's, else lifted to 96 << level
   bits), made if needed; NULL when they cannot be. */
arb_srcptr _ct_lsdelta_level(ct_lsdelta_struct *S, int level, slong i);

/* Node i's exact values (ng rationals), made if needed (never NULL). */
const fmpq *_ct_lsdelta_exact(ct_lsdelta_struct *S, slong i);

/* The pair (k, l)'s coefficients by distinct base from values x (ng balls):
   a[t] with base[t] (fmpz, S's) and log lb[t] at prec; returns their number.
   a, lb: room for ng arbs (lb may be NULL: no logs); base: ng pointers. */
slong _ct_lsdelta_pair_terms(arb_ptr a, arb_ptr lb, const fmpz **base,
                             const ct_lsdelta_struct *S, arb_srcptr x, slong k, slong l,
                             slong prec);

/* lsdelta_fpow.c: B^x in doubles with certified bounds for an integer B >= 1
   and a double x in [0, 1]: _init makes B's table (B^(2^-j), j <= FBITS, B
   and ln B), _at gives lo <= B^x <= hi. */
#define CT_LSDELTA_FBITS 60
typedef struct _ct_lsdelta_fpow_struct {
    double r[CT_LSDELTA_FBITS + 1]; /* r[j] ~ B^(2^-j), j >= 1 */
    double blo, bhi, llo, lhi;      /* B and ln B */
} _ct_lsdelta_fpow;

/* x stepped down or up past one rounding to nearest of an exact value
   (|x - exact| <= 2^-53 |x| for normal x, 2^-1075 below). */
static inline double _ct_lsdelta_dn(double x)
{
    return x - (fabs(x) * 0x1p-52 + 0x1p-1073);
}

static inline double _ct_lsdelta_up(double x)
{
    return x + (fabs(x) * 0x1p-52 + 0x1p-1073);
}

/* lo <= x <= hi for every point of the ball x (lo, hi doubles). */
void _ct_lsdelta_arb_bounds(double *lo, double *hi, const arb_t x);

void _ct_lsdelta_fpow_init(_ct_lsdelta_fpow *P, const fmpz_t B);
void _ct_lsdelta_fpow_at(double *lo, double *hi, const _ct_lsdelta_fpow *P, double x);

/* x split once for the powers of many bases at it: x >= 1 (one), else the
   bits of x 2^FBITS's integer part (bit FBITS - j for 2^-j) and its
   fraction (rest, exact). */
typedef struct {
    int one;
    ulong bits;
    double rest;
} _ct_lsdelta_fpt;

void _ct_lsdelta_fpt_set(_ct_lsdelta_fpt *T, double x);
/* The bounds _at gives at x for the cnt <= 4 bases P[0..cnt) at once (lo,
   hi: cnt entries), each exactly _at's doubles: its products in the same
   order, as four independent chains (none waits on another's products). */
void _ct_lsdelta_fpow_pt4(double *lo, double *hi, const _ct_lsdelta_fpow *const *P,
                          int cnt, const _ct_lsdelta_fpt *T);

/* Counters (lsdelta_sys.c): which = 0 a pair certified, 1 a pair failed, 2 an
   exact sign. */
void _ct_lsdelta_count(int which);

#endif
