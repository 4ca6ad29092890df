/* evaluate: the exact loss of a family at one rational hyperparameter, by one
   direct solve per connected component (no profile, no breakpoints): floating
   point with a proved error bound, exact where that cannot settle a sign
   (docs/tuning.md). Every sign is certified: nothing is left undecided. A
   ct_evaluate_t owns its losses and nodes; the runs initialize it whatever
   they return, and the caller frees it with ct_evaluate_clear. The instances
   are only read. Errors return -1 with a message in err. */
#ifndef CERTUNE_EVALUATE_H
#define CERTUNE_EVALUATE_H

#include "certune/analysis.h"

/* One scored node at the evaluated point. */
typedef struct {
    slong inst, node;  /* instance index, 0-based node id */
    slong truth, pred; /* pred: the argmax, ties to the smallest class */
    slong ntied;       /* classes attaining the maximum (1: no tie) */
} ct_evaluate_node;

typedef struct {
    ct_family_t family;
    fmpq_t c, x; /* delta's constant (0 otherwise); the evaluated point */
    int ties;    /* CT_SIGNFN_TIES_* */
    slong ninst;
    fmpq_t loss;         /* mean of the instance losses */
    fmpq *inst_loss;     /* per instance */
    slong nnodes, ntied; /* scored nodes; those tied among >= 2 classes */
    ct_evaluate_node *nodes;
} ct_evaluate_struct;
typedef ct_evaluate_struct ct_evaluate_t[1];

/* Whether x lies in family's domain: lambda (0, +inf), alpha (0, 1), delta
   [0, 1]. */
int ct_evaluate_in_domain(ct_family_t family, const fmpq_t x);

/* Evaluates family (constant c, NULL: the family's default; ignored by a
   family without one) at x on the m instances, scoring as the analyzer does
   (score_all) with the tie rule ties. Returns 0, or -1 with "path: message"
   (or a plain message) in err when x is outside the domain, m < 1, an
   instance has no scored node or too many classes for ties. */
int ct_evaluate_run(ct_evaluate_t E, ct_family_t family, const fmpq_t c, const fmpq_t x,
                    const ct_instance_struct *insts, slong m, int score_all, int ties,
                    char *err, size_t errlen);

/* The same with the instances' signs computed on nthreads threads (the
   result does not depend on nthreads). */
int ct_evaluate_run_threads(ct_evaluate_t E, ct_family_t family, const fmpq_t c,
                            const fmpq_t x, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads, char *err,
                            size_t errlen);

void ct_evaluate_clear(ct_evaluate_t E);

#endif
