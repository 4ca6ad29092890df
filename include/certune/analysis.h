/* analysis: the family-independent analyzer: from the certified zeros of a
   family's sign functions (handed over through its descriptor) to the
   certified piecewise-constant empirical loss on the family's domain, by one
   run, by a stream of chunks on threads, or by the exact merge of two results
   (docs/scale.md). A result (ct_analysis_t) owns its breakpoints, arrays and
   strings; the function that produces one (a run, ct_analysis_init_*,
   ct_analysis_merge) initializes it whatever it returns, and the caller frees
   it with ct_analysis_clear. ct_analysis_common is a builder's scratch
   (init/clear) whose points are moved into the result. Strings and arrays
   returned to the caller are freed with free(). Errors (bad input, a source's
   error) return -1 with a message in err; a breakpoint that cannot be
   certified or ordered is no error: the result then holds the undecided
   intervals (nundecided > 0) and no loss. */
#ifndef CERTUNE_ANALYSIS_H
#define CERTUNE_ANALYSIS_H

#include <stdio.h>
#include "certune/instance.h"
#include "certune/bpoint.h"
#include "certune/polyset.h"
#include "certune/signfn.h"
#include "certune/sweep.h"

/* A family: its row in the family table (family.h, which names the ids). The
   analyzer only stores and compares it; what it needs of the family (the
   domain) comes from the descriptor (ct_analysis_family_struct). */
typedef int ct_family_t;

/* The analyzer's result. Open piece i lies between breakpoints i-1 and i; the
   domain's ends (0 and 1, or 0 and +inf when hi_inf) close the first and last,
   open or closed (then their losses are end_loss). When nundecided > 0
   the sweep did not run: only the undecided intervals are set, no loss is. */
typedef struct {
    ct_family_t family;
    int hi_inf; /* the domain's right end is +inf (else 1); its left end is 0 */
    fmpq_t c;   /* the family's constant (0 when it takes none) */
    slong ninst, nscored;
    slong nbp;            /* breakpoints, strictly increasing */
    ct_bpoint_struct *bp; /* certified (bpoint.h) */
    slong *changes;       /* scored predictions that change at each breakpoint */
    int *jump;            /* 1: sides differ ("jump"); 0: only the point ("touch") */
    fmpq *piece_loss;     /* nbp + 1 */
    fmpq *point_loss;     /* nbp */
    slong loss_pieces;    /* maximal constant-loss intervals */
    fmpq_t min_loss;
    int closed;       /* the domain contains its ends */
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
    slong nundecided;               /* 0 unless a ball path met zeros it cannot order */
    /* Components a family's ball path tried and declined (they took the exact
       path instead), and their scored rows; 0 for a family without one. */
    slong ball_fallbacks, ball_fallback_rows;
    char **und_lo, **und_hi; /* decimal bounds of each undecided interval */
    char **und_what;         /* what could not be decided there */
    /* The tie rule and the per-instance losses (set with the losses). A place
       is, in order: [end 0,] piece 0, point 0, piece 1, ..., piece nbp[, end
       1]. Instance i's loss at a place is its cost / (inst_nscored[i] *
       tie_unit); its cost at place 0 is inst_cost0[i] and changes by
       ev_delta[e] for ev_inst[e], e in [place_start[p], place_start[p + 1]),
       on entering place p. */
    int ties; /* CT_SIGNFN_TIES_* */
    slong tie_unit;
    slong *inst_nscored, *inst_cost0;
    slong nplaces;
    slong *place_start, *ev_inst, *ev_delta;
    /* Per instance (set even when undecided): its nodes and declared classes,
       for the tuner's class check and counting bound. */
    slong *inst_nodes, *inst_classes;
    /* Per place: the scored nodes tied among >= 2 classes there. A point where
       a node's two leading classes touch without crossing changes no
       prediction and is no breakpoint: place_hidden[p] > 0 says that place p
       (an open piece, or after a merge a point inside one) may hold such a
       point, where place_tied[p] would be too small. */
    slong *place_tied, *place_hidden;
} ct_analysis_struct;
typedef ct_analysis_struct ct_analysis_t[1];

/* Phases inside one chunk's analysis (a chunk may be one large instance):
   fn(arg, name, done, total) says that done of total units of the phase name
   are finished (0 <= done <= total; a report with done = 0 says that the
   phase has begun). name is a static string chosen by whoever reports: the
   family its own phases (components, rows, roots, ...), the core its
   family-independent ones (the sort of the zeros, the sweep, the
   certificates); the core never names a family. fn may be called from
   several threads at once (chunks analyzed side by side): it must lock what
   it shares. fn NULL: nothing is reported. */
typedef struct {
    void (*fn)(void *arg, const char *name, slong done, slong total);
    void *arg;
} ct_analysis_phase_struct;

/* Reports a phase through ph (NULL or ph->fn NULL: nothing). */
static inline void ct_analysis_phase(const ct_analysis_phase_struct *ph, const char *name,
                                     slong done, slong total)
{
    if (ph != NULL && ph->fn != NULL)
        ph->fn(ph->arg, name, done, total);
}

/* How one analysis works, never what it computes: every setting leaves the
   result unchanged (the certified breakpoints and losses; only which path
   certifies a zero, and so a profile's certificate words, may differ). Passed
   by pointer down to the families (ct_analysis_common's settings), never held
   in process-wide state, so that analyses with different settings may run
   side by side. A zeroed struct, or NULL where a function takes a pointer,
   means every default. The analyzer only carries it; the families read the
   fields of the methods they use. */
typedef struct {
    /* Components of at least this many nodes take the family's certified
       floating ("ball") path; 0: the family's default (its table row);
       WORD_MAX: never (the exact path only). */
    slong ball_min_nodes;
    /* Exact integer solves by p-adic lifting from this many nodes (zadj);
       0: CT_ANALYSIS_LIFT_MIN_NODES; WORD_MAX: never (multimodular only). */
    slong lift_min_nodes;
    /* A huge parameter solved as polynomials in it on components of at most
       this many nodes (delta's c: zadj's pencil; alpha's and lambda's huge
       weights: alpha_pencil.c, lambda_pencil.c); 0: the family's default
       (delta CT_ZADJ_PENCIL_MAX, alpha and lambda any size); -1: never. */
    slong pencil_max_nodes;
    /* Bytes of solutions held at once where rows are solved in batches
       (alpha); 0: the family's default. A smaller budget costs time only. */
    size_t memory_budget;
    /* 1: zeros that change no prediction are kept as certified points
       instead of being moved to a rational one (alpha; tests compare both). */
    int keep_silent_zeros;
    /* Where the phases inside each chunk's analysis are reported (the
       command line's progress); zero: nowhere. Every chunk of the run
       reports to it, from whichever thread analyzes the chunk. */
    ct_analysis_phase_struct phase;
} ct_analysis_settings_struct;

#define CT_ANALYSIS_LIFT_MIN_NODES 100

/* A setting's value: the field when set (non-zero), else dflt. */
static inline slong ct_analysis_setting(slong field, slong dflt)
{
    return field != 0 ? field : dflt;
}

/* ---- For the families: what the family-independent sweep consumes ---- */

/* What the family-independent sweep needs: per scored node, per class pair,
   the id of its distinct sign function (-1: identically zero, a tie) and its
   sign on the first open piece; per function, its events (point id,
   multiplicity: odd flips the sign); the distinct points, sorted. When closed,
   points 0 and npoints - 1 are the domain's ends, so that the profile's first
   and last pieces lie outside the domain. */
typedef struct {
    slong inst, truth, c;
    slong *pid;
    int *sign0;
} ct_analysis_node;

typedef struct {
    ct_analysis_node *nodes;
    slong nnodes;
    slong nfuncs;
    slong *ev_len, **ev_pts, **ev_mult;
    slong npoints;
    ct_bpoint_struct *points;
    int closed;
    /* The analysis's settings (never NULL while a family builds: the
       defaults when the caller gave none); the analyzer owns the struct. */
    const ct_analysis_settings_struct *settings;
} ct_analysis_common;

void ct_analysis_common_init(ct_analysis_common *C);
void ct_analysis_common_clear(ct_analysis_common *C);

/* S, or the defaults (a zeroed struct) when S is NULL; never NULL. */
const ct_analysis_settings_struct *
ct_analysis_settings_or_defaults(const ct_analysis_settings_struct *S);

/* C's settings (ct_analysis_settings_or_defaults of C->settings). */
const ct_analysis_settings_struct *
ct_analysis_common_settings(const ct_analysis_common *C);

/* Appends a node with c classes (pid and sign0 allocated, to be filled). */
ct_analysis_node *ct_analysis_common_add_node(ct_analysis_common *C, slong inst,
                                              slong truth, slong c);

/* Allocates the event lists of nfuncs functions, function f with room for
   cap[f] events. */
void ct_analysis_common_alloc_events(ct_analysis_common *C, slong nfuncs,
                                     const slong *cap);

/* Appends the event (point, mult) to function f. */
static inline void ct_analysis_common_push_event(ct_analysis_common *C, slong f,
                                                 slong point, slong mult)
{
    C->ev_pts[f][C->ev_len[f]] = point;
    C->ev_mult[f][C->ev_len[f]] = mult;
    C->ev_len[f]++;
}

/* Runs the exact sweep and moves the result into A (A->family, ninst, nscored,
   c set by the caller); the kept points are moved out of C (left cleared). */
void ct_analysis_common_finish(ct_analysis_t A, ct_analysis_common *C,
                               const slong *nscored);

/* Records one undecided interval in A (strings are copied). */
void ct_analysis_add_undecided(ct_analysis_t A, const char *lo, const char *hi,
                               const char *what);

/* A certified zero of distinct function f with multiplicity mult (odd: a sign
   change), before the points are merged. */
typedef struct {
    ct_bpoint_struct pt;
    slong f, mult;
} ct_analysis_zero;

/* Sorts the nz zeros exactly (ct_bpoint_cmp), gives equal ones one point, and
   fills C->points, C->npoints and the events of nfuncs functions (per function
   by increasing point, multiplicities of equal points added). When closed, the
   ends are points 0 and npoints - 1 and end0[f] / end1[f] say that f vanishes
   exactly there (a tie at the end). Clears the zeros. Returns 0, or 1 with the
   undecided comparison recorded in A. */
int ct_analysis_points_build(ct_analysis_common *C, ct_analysis_t A, ct_analysis_zero *z,
                             slong nz, slong nfuncs, int closed, const int *end0,
                             const int *end1);

/* A family as the analyzer sees it: its id, its domain, and build, which fills
   C from the m instances (sign functions, their certified zeros merged by
   ct_analysis_points_build, the signs on the first piece), or records the
   undecided intervals in A and returns 1. c is the family's constant (NULL
   when it has none). The descriptors are members of the family table's rows
   (family.c; build is the family module's ct_<family>_analysis_build); the
   analyzer never names a family. */
typedef struct {
    ct_family_t id;
    int hi_inf; /* the domain is (0, +inf), else between 0 and 1 */
    int closed; /* the domain holds its ends (build passes the same to
                   ct_analysis_points_build) */
    int (*build)(ct_analysis_common *C, ct_analysis_t A, const fmpq_t c,
                 const ct_instance_struct *insts, slong m, int score_all, FILE *warn);
} ct_analysis_family_struct;

/* Analyzes the m instances for family fam (constant c, may be NULL), scoring
   held-out nodes (and labeled ones when score_all). Returns 0, or -1 with
   "path: message" in err when an instance has no scored node or m < 1.
   Warnings (components without labels) go to warn. Returns 0 with
   A->nundecided > 0 when a breakpoint could not be certified. The default
   settings. */
int ct_analysis_run(ct_analysis_t A, const ct_analysis_family_struct *fam, const fmpq_t c,
                    const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                    char *err, size_t errlen);

/* ct_analysis_run with the tie rule ties (CT_SIGNFN_TIES_*); ct_analysis_run
   uses CT_SIGNFN_TIES_SMALLEST. Same returns; -1 also when ties is expected
   and an instance has more than CT_SIGNFN_TIES_MAX_CLASSES classes. */
int ct_analysis_run_ties(ct_analysis_t A, const ct_analysis_family_struct *fam,
                         const fmpq_t c, const ct_instance_struct *insts, slong m,
                         int score_all, int ties, FILE *warn, char *err, size_t errlen);

void ct_analysis_clear(ct_analysis_t A);

/* For readers and mergers of analyses (profile.h). init_empty: A with no
   breakpoint, tie_unit 1, for family with m instances, the domain (0, 1) open
   (the caller sets hi_inf and closed from the family's descriptor).
   alloc_breakpoints: A's breakpoint arrays for nbp breakpoints (bp
   uninitialized, losses initialized, strings NULL), A->nbp set.
   summarize: from the losses and the decimal strings, loss_pieces, the
   minimum and the places attaining it, best_piece, the representative (may
   refine A->bp), as the analyzer sets them. */
void ct_analysis_init_empty(ct_analysis_t A, ct_family_t family, slong m);
/* A complete analysis of no instance (an empty shard's) for the family fam:
   no breakpoint, one piece (and the ends when closed), no event; c may be
   NULL (then 0). Only ct_profile_write and ct_analysis_merge take it. */
void ct_analysis_init_none(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, int ties);
void ct_analysis_alloc_breakpoints(ct_analysis_t A, slong nbp);
void ct_analysis_summarize(ct_analysis_t A);

/* Checks what the analyzer requires of the m instances before any work:
   at most CT_SIGNFN_TIES_MAX_CLASSES classes each when ties is expected,
   m >= 1, a scored node in each. Returns 0, or -1 with "path: message" (the
   first failing instance) in err. */
int ct_analysis_check(const ct_instance_struct *insts, slong m, int score_all, int ties,
                      char *err, size_t errlen);

/* A set of m instances handed out in contiguous ranges, so that a stream
   need not hold them all (the command line reads them from files per chunk).
   get returns instances first .. first + n - 1 (an array the source owns until
   put), or NULL with "path:line: message" in err; it may be called from
   several threads at once, for disjoint ranges. nodes[t] is instance t's
   node count (<= 0: unknown), or nodes is NULL: it sizes the chunks only. */
typedef struct {
    slong m;
    const slong *nodes;
    const ct_instance_struct *(*get)(void *arg, slong first, slong n, char *err,
                                     size_t errlen);
    void (*put)(void *arg, slong first, slong n, const ct_instance_struct *insts);
    void *arg;
} ct_analysis_source_struct;

/* A chunk holds at most this many nodes (or one instance), and on several
   threads at most m / (8 nthreads) instances. Tests force a chunk size with the
   environment variable CT_ANALYSIS_CHUNK_ENV: "all" (one chunk: the whole set
   in one run) or N >= 1 (at most N instances per chunk); the chunk count is
   then printed on stderr. */
#define CT_ANALYSIS_CHUNK_NODES 2048
#define CT_ANALYSIS_CHUNK_ENV "CERTUNE_ANALYSIS_CHUNK"

/* ct_analysis_run_ties over src as a stream: chunks are analyzed on nthreads
   POSIX threads and merged in chunk order by ct_analysis_merge (a binary
   counter), so the result is the one-run result for any chunking and
   nthreads. settings (NULL: the defaults) is read, never kept, and must
   stay unchanged until the call returns. Memory: the result so far (twice
   while merging), nthreads chunks being analyzed (their instances fetched
   from src), 2 nthreads results waiting to be merged.
   Warnings are printed to warn in instance order; the progress hook is called
   from one thread at a time, after each chunk. Returns 0, or -1 with the
   message of the first failing chunk (src's error or the analyzer's). */
int ct_analysis_run_stream(ct_analysis_t A, const ct_analysis_family_struct *fam,
                           const fmpq_t c, const ct_analysis_source_struct *src,
                           int score_all, int ties, slong nthreads,
                           const ct_analysis_settings_struct *settings, FILE *warn,
                           char *err, size_t errlen);

/* ct_analysis_run_stream over the m instances in memory (ct_analysis_run_ties
   is this with nthreads = 1): the result does not depend on nthreads. Same
   returns as ct_analysis_run_ties. */
int ct_analysis_run_threads(ct_analysis_t A, const ct_analysis_family_struct *fam,
                            const fmpq_t c, const ct_instance_struct *insts, slong m,
                            int score_all, int ties, slong nthreads,
                            const ct_analysis_settings_struct *settings, FILE *warn,
                            char *err, size_t errlen);

/* R = the analysis of the union of the disjoint instance sets of A and B
   (A's instances first), as one run over the union gives it: breakpoints
   merged by ct_bpoint_cmp (a comparison it cannot decide, or an undecided
   part, leaves R undecided), exact losses, per-instance costs, summary.
   R must not alias A or B; A and B may be refined. Returns -1 with a message
   in err when the analyses differ in family, c, tie rule or domain, else 0. */
int ct_analysis_merge(ct_analysis_t R, ct_analysis_t A, ct_analysis_t B, char *err,
                      size_t errlen);

/* Progress of long analyses: fn(arg, done, total) is called after the sign
   functions of each instance are built (done = 1 .. total); NULL removes the
   hook. Per thread: an analysis reports to the hook of the thread that starts
   it (threads it starts, and analyses started on other threads, report
   nothing). The families call ct_analysis_progress. */
void ct_analysis_set_progress(void (*fn)(void *arg, slong done, slong total), void *arg);
void ct_analysis_progress(slong done, slong total);
/* The place (see ct_analysis_struct) of open piece i, of breakpoint b, and of
   closed end e. */
slong ct_analysis_place_of_piece(const ct_analysis_t A, slong i);
slong ct_analysis_place_of_point(const ct_analysis_t A, slong b);
slong ct_analysis_place_of_end(const ct_analysis_t A, int e);

/* The place holding the rational q of the domain (binary search, exact). */
slong ct_analysis_place_at(const ct_analysis_t A, const fmpq_t q);

/* cost[0..ninst-1] = every instance's cost at place p (per-instance loss =
   cost / (inst_nscored * tie_unit)): O(events) per call. */
void ct_analysis_inst_costs(slong *cost, const ct_analysis_t A, slong p);
/* Sets out to in with its classes renumbered, in order, to those the analysis
   needs (given, held out, and the smallest class no node is given): losses,
   predictions up to the renumbering and the tie rule are unchanged, and the
   cost no longer grows with the declared class count. out shares everything
   but label and held with in (in must outlive it); free those with
   ct_analysis_compact_clear (not ct_instance_clear). With ties ==
   CT_SIGNFN_TIES_EXPECTED every declared class is kept (a node without a
   labeled node in its component ties among all of them). */
void ct_analysis_compact_classes(ct_instance_t out, const ct_instance_t in, int ties);
/* The declared class of each class of ct_analysis_compact_classes(out, in,
   ties): kept[k] for 0 <= k < out->c, increasing, in an array. The classes
   dropped are never given to a node, so F = 0 for them everywhere, as for the
   smallest ungiven class, which is kept: a node tied with that class is tied
   with every dropped one too. */
slong *ct_analysis_compact_kept(const ct_instance_t in, int ties);
void ct_analysis_compact_clear(ct_instance_t out);

/* The exact form of breakpoint b as the analysis keeps it (A->exact): the
   defining function in full when its decimal form takes at most about
   CT_ANALYSIS_EXACT_MAX characters (estimated from the coefficients' sizes);
   a longer one (alpha or lambda at a few hundred nodes: megabytes per
   breakpoint) is described instead, e.g. "a multi-quadratic polynomial of
   degree 197 in 17 square classes with coefficients of up to 930 bits
   (--save-profile writes it in full)". */
#define CT_ANALYSIS_EXACT_MAX 65536
char *ct_analysis_exact_str(const ct_bpoint_t b);

/* Sets q to a short rational strictly inside open piece i (0 <= i <= nbp). */
void ct_analysis_piece_point(fmpq_t q, ct_analysis_t A, slong i);

/* The exact loss at the rational q in the domain (a piece's loss, a
   breakpoint's when q is one, an end's when q is a closed end). */
void ct_analysis_loss_at(fmpq_t loss, const ct_analysis_t A, const fmpq_t q);

#endif
