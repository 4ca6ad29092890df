/* signfn: the per-node sign functions every family produces, in one
   container: per scored node, one function per class pair k < l whose sign is
   that of F[node][k] - F[node][l], of the family's type (an integer polynomial
   for lambda, a multi-quadratic one for alpha, an exponential sum for delta);
   the set of distinct functions; the scoring and tie rules. A signfn entry and
   a set own their functions (init/clear), arrays of entries grow through
   ct_signfn_append (ct_signfn_vec_clear frees them), and functions that enter
   a set are moved into it, not copied. No errors. */
#ifndef CERTUNE_SIGNFN_H
#define CERTUNE_SIGNFN_H

#include <stddef.h>
#include <stdio.h>
#include <flint/fmpz_poly.h>
#include "certune/expsum.h"
#include "certune/component.h"
#include "certune/instance.h"
#include "certune/mqpoly.h"

/* The type of a family's functions: its size, init, clear, and (for
   ct_signfn_set) copy, normalization (division by a constant; returns the
   sign it multiplied by), the zero test, hash and equality. */
typedef struct {
    size_t size;
    void (*init)(void *f);
    void (*clear)(void *f);
    void (*set)(void *f, const void *g);
    int (*normalize)(void *f);
    int (*is_zero)(const void *f);
    ulong (*hash)(const void *f);
    int (*equal)(const void *f, const void *g);
} ct_signfn_type_struct;

/* fmpz_poly (lambda), ct_mqpoly (alpha), ct_expsum (delta). */
extern const ct_signfn_type_struct ct_signfn_type_poly;
extern const ct_signfn_type_struct ct_signfn_type_mqpoly;
extern const ct_signfn_type_struct ct_signfn_type_expsum;

/* For one scored node: for each class pair k < l, a function whose sign on the
   family's domain is the sign of F[node][k] - F[node][l]; zero means a tie
   everywhere. diff is read through the member of the family's type. */
typedef struct {
    slong inst;  /* index of the instance in the analyzed set */
    slong node;  /* 0-based node id */
    slong truth; /* class the prediction is scored against, -1 if none */
    slong c;     /* number of classes */
    const ct_signfn_type_struct *type;
    union {
        void *any;
        fmpz_poly_struct *poly;
        ct_mqpoly_struct *mq;
        ct_expsum_struct *es;
    } diff; /* c (c - 1) / 2 functions, see ct_signfn_pair */
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

/* Initializes s for c classes with all functions of the given type zero. */
void ct_signfn_init(ct_signfn_t s, const ct_signfn_type_struct *type, slong inst,
                    slong node, slong truth, slong c);
void ct_signfn_clear(ct_signfn_t s);

/* Appends an initialized entry to the array *out of *count entries and returns
   it. The array grows by doubling: it must be NULL with *count 0 at first and
   grow through this function only (its capacity is implied by *count). */
ct_signfn_struct *ct_signfn_append(ct_signfn_struct **out, slong *count,
                                   const ct_signfn_type_struct *type, slong inst,
                                   slong node, slong truth, slong c);

/* A component of inst without a labeled node, its nodes nodes[0..size):
   reports it through warn (ct_component_warn_unlabeled: the first few named,
   the rest summarized) and appends zero functions (F = 0) for its scored nodes,
   as the families do for such components. */
void ct_signfn_append_unlabeled(ct_signfn_struct **out, slong *count,
                                const ct_signfn_type_struct *type,
                                const ct_instance_t inst, slong inst_idx,
                                const slong *nodes, slong size, int score_all,
                                ct_component_warn_struct *warn);

/* Clears the count entries of s and frees the array (s may be NULL). */
void ct_signfn_vec_clear(ct_signfn_struct *s, slong count);

/* The distinct functions of one type (a family's normalized nonzero sign
   functions), numbered 0, 1, ... in order of first insertion; fn.mq / fn.es /
   fn.poly holds them. Open addressing over hashes, grown by doubling. */
typedef struct {
    const ct_signfn_type_struct *type;
    union {
        void *any;
        fmpz_poly_struct *poly;
        ct_mqpoly_struct *mq;
        ct_expsum_struct *es;
    } fn;
    slong len, alloc;
    slong *table, table_size; /* ids into fn, -1 empty */
} ct_signfn_set_struct;
typedef ct_signfn_set_struct ct_signfn_set_t[1];

/* Empty set of functions of the given type (hash and equal set). */
void ct_signfn_set_init(ct_signfn_set_t S, const ct_signfn_type_struct *type);
void ct_signfn_set_clear(ct_signfn_set_t S);

/* The id of the function g: g is moved into S when new, else cleared (either
   way the caller must not clear it). */
slong ct_signfn_set_insert(ct_signfn_set_t S, void *g);

/* The id in S of the normalized function of pair p of s (of S's type), -1
   when it is zero; *sign = the sign relating them (0 for zero). The function
   is moved out of s (its pair p is left zero), not copied. */
slong ct_signfn_set_take_pair(ct_signfn_set_t S, int *sign, ct_signfn_struct *s, slong p);

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
