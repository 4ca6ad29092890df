/* tune: exact empirical risk minimization of one family's hyperparameter on
   training instances, its exact loss on test instances, a grid search for
   comparison, and the empirical Rademacher complexity of the loss class
   (docs/tuning.md). A ct_tune_t owns its two analyses and its rationals; the
   runs initialize it whatever they return, and ct_tune_clear frees it. The
   instances are only read; strings returned are freed with free(). The runs
   return 0; 1 when an analysis is undecided (then nothing is chosen: the
   undecided intervals are in T->train or T->test); -1 with a message in err
   on bad input (and ct_tune_run_analyses's 2, below). */
#ifndef CERTUNE_TUNE_H
#define CERTUNE_TUNE_H

#include <stdio.h>
#include "certune/analysis.h"
#include "certune/evaluate.h"

/* Where the chosen value lies in the training profile. */
typedef enum {
    CT_TUNE_PIECE = 0, /* an open piece: its representative */
    CT_TUNE_END = 1,   /* a closed end (delta) */
    CT_TUNE_POINT = 2  /* a rational breakpoint */
} ct_tune_place_t;

/* The Rademacher estimate: exact over all 2^m sign vectors (exact = 1, value
   exact) or the mean of `draws` Monte-Carlo draws with a 95% normal
   interval [lo, hi]; bound = 2 hi + 3 sqrt(ln(2/d) / (2m)) with d = 0.05 (hi =
   value when exact); pdim, pdim_bound: the paper's counting bound (docs). */
typedef struct {
    int done, exact;
    slong draws;
    fmpq_t value;
    double lo, hi, bound, pdim_bound;
    slong pdim;
} ct_tune_rademacher_struct;

typedef struct {
    ct_family_t family;
    fmpq_t c; /* delta's constant (0 otherwise) */
    int ties;
    int score_all; /* 0: the held-out `t` nodes are scored; 1: the labeled nodes too */
    ct_analysis_t train, test;
    fmpq_t chosen;
    ct_tune_place_t kind;
    slong where;          /* the piece, breakpoint (0-based) or end */
    int inf_not_rational; /* the training infimum is attained only at irrational points */
    fmpq_t train_loss, test_loss, test_optimal, gap;
    slong train_tied, test_tied; /* scored nodes tied among >= 2 classes at chosen */
    slong grid;                  /* grid points (0: no grid) */
    fmpq_t grid_chosen, grid_train, grid_test, grid_miss;
    ct_tune_rademacher_struct rad;
    slong nthreads; /* for the analyses and the direct solves at chosen */
} ct_tune_struct;
typedef ct_tune_struct ct_tune_t[1];

/* Tunes family (constant c, NULL: 99/100 for delta) on train (m) and test (mt)
   instances with the tie rule ties, a grid of `grid` points (0: none) and,
   when rad_k > 0, the Rademacher estimate (exact when m <= 20, else rad_k
   draws). Returns 0, 1 (undecided: T->train or T->test has nundecided > 0,
   nothing else set) or -1 with "path: message" in err on bad input (class
   counts differ between the sets, no scored node, ...). */
int ct_tune_run(ct_tune_t T, ct_family_t family, const fmpq_t c,
                const ct_instance_struct *train, slong m, const ct_instance_struct *test,
                slong mt, int ties, slong grid, slong rad_k, char *err, size_t errlen);

/* ct_tune_run with both analyses on nthreads threads and with settings (NULL:
   the defaults; ct_analysis_run_threads: the result depends on neither);
   ct_tune_run uses 1 thread and the defaults. */
int ct_tune_run_threads(ct_tune_t T, ct_family_t family, const fmpq_t c,
                        const ct_instance_struct *train, slong m,
                        const ct_instance_struct *test, slong mt, int ties, slong grid,
                        slong rad_k, slong nthreads,
                        const ct_analysis_settings_struct *settings, char *err,
                        size_t errlen);

/* ct_tune_run_threads with the scored nodes chosen: score_all 0 scores the
   held-out `t` nodes (what the two above do), 1 every node with a known
   class, the labeled ones against their given class too (analyze --score
   all). Both analyses, the direct solves at the choice and so every loss,
   tied count and the Rademacher estimate follow it; T->score_all records it. */
int ct_tune_run_scored(ct_tune_t T, ct_family_t family, const fmpq_t c,
                       const ct_instance_struct *train, slong m,
                       const ct_instance_struct *test, slong mt, int score_all, int ties,
                       slong grid, slong rad_k, slong nthreads,
                       const ct_analysis_settings_struct *settings, char *err,
                       size_t errlen);

/* Tunes from the training and test analyses (profiles read from files), which
   T takes over (do not clear train and test afterwards), with train's family,
   c and tie rule; names[i] name instance i in messages. The losses and tied
   nodes at the choice come from the analyses. Returns as ct_tune_run (-1 also
   when the two differ in family, c or tie rule), or 2 with err set when a
   profile cannot count the tied nodes at the choice (place_hidden). */
int ct_tune_run_analyses(ct_tune_t T, ct_analysis_t train, const char *const *train_names,
                         ct_analysis_t test, const char *const *test_names, slong grid,
                         slong rad_k, char *err, size_t errlen);

/* ct_tune_run_analyses for analyses made with the score mode score_all
   (the caller's to check: an analysis does not record it; a profile does,
   ct_profile_struct's score_all), recorded in T->score_all for the report.
   ct_tune_run_analyses is this with 0. */
int ct_tune_run_analyses_scored(ct_tune_t T, ct_analysis_t train,
                                const char *const *train_names, ct_analysis_t test,
                                const char *const *test_names, int score_all, slong grid,
                                slong rad_k, char *err, size_t errlen);

void ct_tune_clear(ct_tune_t T);

/* The grid's k-th point (0 <= k < G): alpha k+1/(G+1), delta k/(G-1) (G >= 2),
   lambda 10^(-3 + 6k/(G-1)) written with 3 significant digits. */
void ct_tune_grid_point(fmpq_t q, ct_family_t family, slong k, slong G);

/* Fills T->rad from T->train's per-instance losses (exact when m <= 20, else
   draws Monte-Carlo sign vectors from a fixed seed); n and c (the largest
   training instance's nodes, the classes) enter the counting bound. Leaves
   rad.done = 0 when the exact sums would overflow 62 bits. */
void ct_tune_rademacher(ct_tune_t T, slong draws, slong n, slong c);

/* Reports: text leads with the answer; JSON is one object. rows[0..nrows-1]
   are the tuned families, best the index of the chosen one. */
void ct_tune_write_text(FILE *out, ct_tune_struct *const *rows, slong nrows, slong best);
void ct_tune_write_json(FILE *out, ct_tune_struct *const *rows, slong nrows, slong best);
/* The members of that object without its braces, for a caller's object that
   adds its own keys (tune on a whole graph). */
void ct_tune_write_json_inner(FILE *out, ct_tune_struct *const *rows, slong nrows,
                              slong best);

/* Writes an exact loss and accuracy as text / JSON helpers (shared with eval). */
char *ct_tune_decimal(const fmpq_t x); /* 6 significant digits, "0" for 0 */

/* Writes x as "p/q (0.xxx)" (the decimal by ct_tune_decimal), or once when
   both spell the same (an integer: "2"). */
void ct_tune_write_q(FILE *out, const fmpq_t x);
/* "key": "p/q", "key_decimal": d (a JSON number, 6 significant digits) */
void ct_tune_json_q(FILE *out, const char *key, const fmpq_t x);

#endif
