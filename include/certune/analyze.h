/* analyze: the certified piecewise-constant empirical loss of a family. */
#ifndef CERTUNE_ANALYZE_H
#define CERTUNE_ANALYZE_H

#include <stdio.h>
#include "certune/instance.h"
#include "certune/bpoint.h"

typedef enum { FAMILY_LAMBDA = 0, FAMILY_DELTA = 1, FAMILY_ALPHA = 2 } family_t;

/* The analyzer's result. Open piece i lies between breakpoints i-1 and i; the
   domain's ends close the first and last (lambda: 0 and +inf, open; alpha: 0
   and 1, open; delta: 0 and 1, closed: their losses are end_loss). When nundecided > 0
   the sweep did not run: only the undecided intervals are set, no loss is. */
typedef struct {
    family_t family;
    fmpq_t c; /* delta's constant (0 for lambda) */
    slong ninst, nscored;
    slong nbp;         /* breakpoints, strictly increasing */
    bpoint_struct *bp; /* certified (bpoint.h) */
    slong *changes;    /* scored predictions that change at each breakpoint */
    int *jump;         /* 1: sides differ ("jump"); 0: only the point ("touch") */
    fmpq *piece_loss;  /* nbp + 1 */
    fmpq *point_loss;  /* nbp */
    slong loss_pieces; /* maximal constant-loss intervals */
    fmpq_t min_loss;
    int closed;       /* the domain contains its ends (delta) */
    fmpq end_loss[2]; /* losses at the ends when closed */
    int min_ends;     /* bit 0 / bit 1: the left / right end attains min_loss */
    slong nmin_pieces, nmin_points;
    slong *min_pieces, *min_points; /* indices achieving min_loss */
    slong best_piece;               /* least-loss open piece (first of them) */
    fmpq_t representative;          /* a short rational inside open piece best_piece, or
                                       the end when only an end attains min_loss */
    char **approx;                  /* per breakpoint: 20 significant digits */
    char **lo_str, **hi_str;        /* decimal bounds of a certified isolating interval */
    char **exact;                   /* the defining polynomial, in x */
    slong nundecided;               /* always 0 for lambda: its arithmetic is exact */
    char **und_lo, **und_hi;        /* decimal bounds of each undecided interval */
    char **und_what;                /* what could not be decided there */
} analysis_struct;
typedef analysis_struct analysis_t[1];

/* Analyzes the m instances for family, scoring held-out nodes (and labeled ones
   when score_all). Returns 0, or -1 with "path: message" in err when an instance
   has no scored node. Warnings (components without labels) go to warn. Returns
   0 with A->nundecided > 0 when a breakpoint could not be certified. */
int analysis_run(analysis_t A, family_t family, const instance_struct *insts, slong m,
                 int score_all, FILE *warn, char *err, size_t errlen);

/* The same with the family's constant c (delta: a rational in (0, 1); NULL
   means the default 99/100; ignored by lambda). */
int analysis_run_c(analysis_t A, family_t family, const fmpq_t c,
                   const instance_struct *insts, slong m, int score_all, FILE *warn,
                   char *err, size_t errlen);

/* The default constant of the delta family, 99/100. */
void analysis_default_c(fmpq_t c);

void analysis_clear(analysis_t A);

/* Sets q to a short rational strictly inside open piece i (0 <= i <= nbp). */
void analysis_piece_point(fmpq_t q, analysis_t A, slong i);

/* The exact loss at the rational q in the domain (a piece's loss, a
   breakpoint's when q is one, an end's when q is a closed end). */
void analysis_loss_at(fmpq_t loss, const analysis_t A, const fmpq_t q);

#endif
