/* joint: two hyperparameters at once, the exact minimum of the empirical
   loss over the open cells of the arrangement of a family's curves in the
   rectangle [A, B] x [0, 1] of (c, its parameter) (docs/joint.md). For a
   family whose table row has joint (delta): the certified slabs of c between
   events (pexpsum.h), one exact one-dimensional analysis per slab at a
   rational c inside it (the row's analysis), and a witness (c*, x*) with a
   box around it on which every curve's sign is certified constant. A result
   owns its arrays (init by ct_joint_run whatever it returns; ct_joint_clear).
   Bad input is -1 with a message; what cannot be certified is no error:
   undecided is set with what, and no loss is. */
#ifndef CERTUNE_JOINT_H
#define CERTUNE_JOINT_H

#include <stdio.h>
#include "certune/family.h"
#include "certune/pexpsum.h"

typedef struct {
    ct_family_t family;
    fmpq_t A, B; /* the c-range */
    slong ninst, nscored, ncurves;
    ct_pexpsum_slabs_t S;
    fmpq *sample;   /* per slab: the c analyzed */
    fmpq *slab_min; /* per slab: least loss of an open cell it meets */
    fmpq *slab_pt;  /* per slab: least loss at a point of a curve (arcs) */
    int *slab_has_pt;
    slong *slab_bp;  /* per slab: breakpoints in the parameter at its sample */
    fmpq_t min_loss; /* over the open cells */
    slong best_slab;
    fmpq_t wc, wx, wr; /* the witness (c*, x*) and its box's half-width */
    int have_pt;       /* some slab met a curve */
    fmpq_t pt_min;     /* least loss on the curves' arcs */
    fmpq *vertex_loss; /* per vertex of S (S->nvertex): the loss at its point */
    slong vt_best;     /* the first vertex of least loss, -1: no vertex */
    int undecided;
    char what[640];
} ct_joint_struct;
typedef ct_joint_struct ct_joint_t[1];

/* Analyzes the m instances for family f over c in [A, B] (0 < A < B < 1),
   scoring held-out nodes (labeled ones too when score_all), ties as
   ct_analysis_run_ties. Returns 0 (J->undecided set when an event or a
   slab's analysis could not be certified), or -1 with err (a family without
   a joint analysis, an instance the analyzer refuses). Warnings (components
   without labels) go to warn once. */
int ct_joint_run(ct_joint_t J, ct_family_t f, const fmpq_t A, const fmpq_t B,
                 const ct_instance_struct *insts, slong m, int score_all, int ties,
                 FILE *warn, char *err, size_t errlen);
/* The same with the crossings searched by pairs (CT_PEXPSUM_PAIRS_SWEEP, the
   default, or CT_PEXPSUM_PAIRS_ALL, the peer of tests and benchmarks). */
int ct_joint_run_pairs(ct_joint_t J, ct_family_t f, const fmpq_t A, const fmpq_t B,
                       const ct_instance_struct *insts, slong m, int score_all, int ties,
                       int pairs, FILE *warn, char *err, size_t errlen);
void ct_joint_clear(ct_joint_t J);

/* The report (J decided): text, or JSON shaped like analyze's. */
void ct_joint_write_text(FILE *f, const ct_joint_t J);
void ct_joint_write_json(FILE *f, const ct_joint_t J);

/* The loss over the rectangle as an SVG heatmap (docs/joint.md, "The
   plot"): G columns, each the exact delta analysis at a rational c inside
   it (the instances and settings of the run), the curves as dots, the
   minimum outlined, the witness circled. Returns 0, or -1 (nothing written)
   when a column's analysis fails or is undecided. */
int ct_joint_write_svg(FILE *f, const ct_joint_t J, const ct_instance_struct *insts,
                       slong m, int score_all, int ties, slong G);

#endif
