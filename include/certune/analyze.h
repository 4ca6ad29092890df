/* analyze: the certified piecewise-constant empirical loss of a family. */
#ifndef CERTUNE_ANALYZE_H
#define CERTUNE_ANALYZE_H

#include <stdio.h>
#include "certune/instance.h"
#include "certune/roots.h"

typedef enum { FAMILY_LAMBDA = 0 } family_t;

/* The analyzer's result. Open piece i lies between breakpoints i-1 and i; the
   domain's ends close the first and last (lambda: 0 and +inf). */
typedef struct {
    family_t family;
    slong ninst, nscored;
    slong nbp;         /* breakpoints, strictly increasing */
    rroot_struct *bp;  /* certified: isolating interval of an irreducible poly */
    slong *changes;    /* scored predictions that change at each breakpoint */
    int *jump;         /* 1: sides differ ("jump"); 0: only the point ("touch") */
    fmpq *piece_loss;  /* nbp + 1 */
    fmpq *point_loss;  /* nbp */
    slong loss_pieces; /* maximal constant-loss intervals */
    fmpq_t min_loss;
    slong nmin_pieces, nmin_points;
    slong *min_pieces, *min_points; /* indices achieving min_loss */
    slong best_piece;               /* least-loss open piece (first of them) */
    fmpq_t representative;          /* a short rational inside open piece best_piece */
    char **approx;                  /* per breakpoint: 20 significant digits */
    char **lo_str, **hi_str;        /* decimal bounds of a certified isolating interval */
    char **exact;                   /* the defining polynomial, in x */
    slong nundecided;               /* always 0 for lambda: its arithmetic is exact */
} analysis_struct;
typedef analysis_struct analysis_t[1];

/* Analyzes the m instances for family, scoring held-out nodes (and labeled ones
   when score_all). Returns 0, or -1 with "path: message" in err when an instance
   has no scored node. Warnings (components without labels) go to warn. */
int analysis_run(analysis_t A, family_t family, const instance_struct *insts, slong m,
                 int score_all, FILE *warn, char *err, size_t errlen);

void analysis_clear(analysis_t A);

/* Sets q to a short rational strictly inside open piece i (0 <= i <= nbp). */
void analysis_piece_point(fmpq_t q, analysis_t A, slong i);

/* The exact loss at the rational q > 0 (a piece's loss, or a breakpoint's when
   q is one). */
void analysis_loss_at(fmpq_t loss, const analysis_t A, const fmpq_t q);

#endif
