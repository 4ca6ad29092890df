/* signfn: per-node sign functions of a family whose signs are polynomials. */
#ifndef CERTUNE_SIGNFN_H
#define CERTUNE_SIGNFN_H

#include <flint/fmpz_poly.h>
#include "certune/instance.h"

/* For one scored node: for each class pair k < l, an integer polynomial whose
   sign on the family's domain is the sign of F[node][k] - F[node][l]. The zero
   polynomial means a tie everywhere. */
typedef struct {
    slong inst;             /* index of the instance in the analyzed set */
    slong node;             /* 0-based node id */
    slong truth;            /* class the prediction is scored against */
    slong c;                /* number of classes */
    fmpz_poly_struct *diff; /* c (c - 1) / 2 polynomials, see ct_signfn_pair */
} ct_signfn_struct;
typedef ct_signfn_struct ct_signfn_t[1];

/* score_all values shared by every family: held-out nodes only (0), labeled
   ones too (1), or every node (CT_SIGNFN_EVERY_NODE, for bounds; truth is then -1
   where unknown). */
#define CT_SIGNFN_EVERY_NODE 2

/* Whether node i of inst gets a sign function under score_all. */
int ct_signfn_is_scored(const ct_instance_t inst, slong i, int score_all);

/* The class node i is scored against: its held-out class, else its label, else
   -1. */
slong ct_signfn_truth(const ct_instance_t inst, slong i);

/* Initializes s for c classes with all differences zero. */
void ct_signfn_init(ct_signfn_t s, slong inst, slong node, slong truth, slong c);
void ct_signfn_clear(ct_signfn_t s);

/* Index of the pair (k, l), 0 <= k < l < c, in diff. */
static inline slong ct_signfn_pair(slong k, slong l, slong c)
{
    return k * c - k * (k + 1) / 2 + (l - k - 1);
}

/* The predicted class (argmax, ties to the smallest index) given sgn[p] =
   sign(F_k - F_l) for every pair p = ct_signfn_pair(k, l, c). */
slong ct_signfn_argmax(const int *sgn, slong c);

/* Tie rules: `smallest` (the argmax above: ties to the smallest class, a node
   costs 1 when that class is wrong) or `expected` (a node tied among t classes
   costs 1 - 1/t when its true class is among them, else 1: the expected loss
   of a uniformly random tie-break). */
#define CT_SIGNFN_TIES_SMALLEST 0
#define CT_SIGNFN_TIES_EXPECTED 1
/* The largest class count the expected rule supports (lcm(1..c) fits a slong). */
#define CT_SIGNFN_TIES_MAX_CLASSES 40

/* The number t >= 1 of classes attaining the maximum of F[node][.] given the
   pairwise signs sgn; tied[k] (c entries, may be NULL) says whether k does. */
slong ct_signfn_tied(char *tied, const int *sgn, slong c);

/* The cost unit of a tie rule for at most cmax classes: 1 for smallest,
   lcm(1..cmax) for expected (cmax <= CT_SIGNFN_TIES_MAX_CLASSES). */
slong ct_signfn_tie_unit(int ties, slong cmax);

/* The cost of a node scored against truth, in units of 1/unit (unit a
   multiple of ct_signfn_tie_unit(ties, c)): 0 or unit when ties is smallest. */
slong ct_signfn_cost(const int *sgn, slong c, slong truth, int ties, slong unit);

#endif
