/* capi: a small, stable C entry layer for bindings (Python's ctypes, cffi).
   Only plain C types cross it: ints, longs, arrays, NUL-terminated strings and
   three opaque handles. Exact numbers travel as strings ("3/4", "0.125", "2").

   Ownership, one rule: every char * a ct_capi_ function returns is newly
   allocated and belongs to the caller, who frees it with ct_capi_free_string
   (ct_capi_version and the ct_capi_family_* getters alone return static
   strings). Handles are freed with their _destroy function (NULL is
   accepted). Arrays passed in are read, not kept. Errors: functions that can
   fail for a reason return a CT_CAPI_ status and write a message into err
   (errlen bytes; err may be NULL); getters return -1 or NULL for an index out
   of range or a value the profile does not have (losses of an undecided
   analysis). Out of memory is no status: it ends the process (how:
   ct_capi_memory_discipline below). */
#ifndef CERTUNE_CAPI_H
#define CERTUNE_CAPI_H

#include <limits.h>
#include <stddef.h>

#define CT_CAPI_OK 0
#define CT_CAPI_USAGE 1     /* a bad argument (family, c, index, rational) */
#define CT_CAPI_INPUT 2     /* an invalid instance; err names it and the record */
#define CT_CAPI_UNDECIDED 3 /* a breakpoint could not be certified: no losses */

/* Family ids (the values of ct_family_t: rows of the family table, family.h;
   tests/t-family.c checks these three against it). Bindings need not name
   them: the getters below describe every family. */
#define CT_CAPI_LAMBDA 0
#define CT_CAPI_DELTA 1
#define CT_CAPI_ALPHA 2

/* The library version, "0.5.0". */
const char *ct_capi_version(void);

/* The family id of a family's name ("lambda", "alpha", "delta"), or -1 for
   anything else. */
int ct_capi_family_id(const char *name);

/* The family table for bindings. count: the ids are 0 .. count - 1. listed:
   the id at place i of the order the families are listed in for people (-1
   when i is out of range). For a family id (else NULL or -1): its name, its
   hyperparameter's symbol, its domain as printed ("(0, +inf)", "(0, 1)",
   "[0, 1]"), the right end as JSON prints it ("inf" or "1"; the left end is
   0), whether the domain holds its ends, whether it takes a constant c. */
int ct_capi_family_count(void);
int ct_capi_family_listed(int i);
const char *ct_capi_family_name(int id);
const char *ct_capi_family_symbol(int id);
const char *ct_capi_family_domain(int id);
const char *ct_capi_family_hi(int id);
int ct_capi_family_closed(int id);
int ct_capi_family_has_c(int id);

/* Frees a string returned by a ct_capi_ function (NULL is accepted). */
void ct_capi_free_string(char *s);

/* Frees the calling thread's FLINT caches (optional: for leak checkers, at
   the end of a program; the library stays usable). */
void ct_capi_cleanup(void);

/* ---- A set of instances, to be analyzed together ---- */
typedef struct ct_capi_instances_struct ct_capi_instances_struct;

/* A new empty set (never NULL). */
ct_capi_instances_struct *ct_capi_instances_new(void);
void ct_capi_instances_destroy(ct_capi_instances_struct *S);
long ct_capi_instances_count(const ct_capi_instances_struct *S);

/* Loads the .gssl file at path into S. Returns CT_CAPI_OK, or CT_CAPI_INPUT with
   "path:line: message" in err and S unchanged. */
int ct_capi_instances_add_file(ct_capi_instances_struct *S, const char *path, char *err,
                               size_t errlen);

/* Adds a graph with n nodes and c classes: nedges undirected edges u[k] -
   v[k] (0-based nodes) of exact weight w[k] (a string: "3", "3/4", "0.125",
   "2.5e-1"; zero weights are dropped), label[i] the class (0..c-1) of
   labeled node i or -1, truth[i] the true class of held-out node i or -1 (a
   node is at most one of the two). name (may be NULL: "instance K") is used
   in messages. Returns CT_CAPI_OK, or CT_CAPI_INPUT with "name: edge k:
   message" or "name: node i: message" in err and S unchanged. */
int ct_capi_instances_add_graph(ct_capi_instances_struct *S, const char *name, long n,
                                long c, long nedges, const long *u, const long *v,
                                const char *const *w, const long *label,
                                const long *truth, char *err, size_t errlen);

/* Writes instance k of S as .gssl text (for a file, or to inspect what
   add_graph built). NULL when k is out of range. */
char *ct_capi_instances_gssl(const ct_capi_instances_struct *S, long k);

/* ---- The certified loss profile ---- */
typedef struct ct_capi_profile_struct ct_capi_profile_struct;

/* Analyzes the instances of S (S is only read and may be destroyed afterwards)
   for family (CT_CAPI_*) with constant c (delta only: an exact rational in
   (0, 1), NULL for 99/100; must be NULL for the others), scoring held-out nodes
   (and labeled ones when score_all). Returns CT_CAPI_OK with *out set;
   CT_CAPI_UNDECIDED with *out set (only counts, warnings and the undecided
   intervals are available: no breakpoint, no loss); CT_CAPI_USAGE or
   CT_CAPI_INPUT with *out = NULL and the message in err. */
int ct_capi_analyze(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                    int family, const char *c, int score_all, char *err, size_t errlen);

/* ct_capi_analyze with the tie rule ties (CT_CAPI_TIES_*), on threads threads
   (1..CT_CAPI_MAX_THREADS) and with the ball paths from ball_min_nodes nodes
   (0: each family's default; CT_CAPI_BALL_OFF: never; else >= 2): how the
   analysis runs, never its result (docs/architecture.md, "Settings"). Bad
   settings: CT_CAPI_USAGE. Same checks, returns and ownership otherwise;
   ct_capi_analyze and ct_capi_analyze_ties are this with 1 thread and the
   defaults. */
#define CT_CAPI_BALL_OFF LONG_MAX
#define CT_CAPI_MAX_THREADS 4096
int ct_capi_analyze_with(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                         int family, const char *c, int score_all, int ties,
                         long ball_min_nodes, long threads, char *err, size_t errlen);
void ct_capi_profile_destroy(ct_capi_profile_struct *P);

/* Counts: family id, instances, scored nodes, breakpoints (0 when
   undecided), undecided intervals, whether the domain is closed (delta),
   maximal constant-loss intervals. */
int ct_capi_profile_family(const ct_capi_profile_struct *P);
long ct_capi_profile_ninstances(const ct_capi_profile_struct *P);
long ct_capi_profile_nscored(const ct_capi_profile_struct *P);
long ct_capi_profile_nbreakpoints(const ct_capi_profile_struct *P);
long ct_capi_profile_nundecided(const ct_capi_profile_struct *P);
int ct_capi_profile_closed(const ct_capi_profile_struct *P);
long ct_capi_profile_loss_pieces(const ct_capi_profile_struct *P);

/* delta's constant as a reduced fraction; NULL for the other families. */
char *ct_capi_profile_c(const ct_capi_profile_struct *P);

/* Warnings of the analysis (components without a labeled node), one per line;
   "" when none. */
char *ct_capi_profile_warnings(const ct_capi_profile_struct *P);

/* Breakpoint b (0-based, increasing): its defining exact function in x
   ("x - 2", "-sqrt(21) + 2*sqrt(10)*x", "50*22^x - 99"), a decimal
   approximation (20 significant digits), the certified decimal bounds lo <= b
   <= hi of an isolating interval (exact decimals), the number of scored
   predictions changing there, and 1 for a jump (the sides differ) or 0 for a
   touch. NULL / -1 when b is out of range. */
char *ct_capi_profile_bp_exact(const ct_capi_profile_struct *P, long b);
char *ct_capi_profile_bp_approx(const ct_capi_profile_struct *P, long b);
char *ct_capi_profile_bp_lo(const ct_capi_profile_struct *P, long b);
char *ct_capi_profile_bp_hi(const ct_capi_profile_struct *P, long b);
long ct_capi_profile_bp_changes(const ct_capi_profile_struct *P, long b);
int ct_capi_profile_bp_jump(const ct_capi_profile_struct *P, long b);

/* Exact losses as reduced fractions "p/q" (or "p"): open piece i (0..nbp,
   between breakpoints i-1 and i), point b, end 0 or 1 (closed domains only),
   the minimum. NULL when out of range or undecided. */
char *ct_capi_profile_piece_loss(const ct_capi_profile_struct *P, long i);
char *ct_capi_profile_point_loss(const ct_capi_profile_struct *P, long b);
char *ct_capi_profile_end_loss(const ct_capi_profile_struct *P, int end);
char *ct_capi_profile_min_loss(const ct_capi_profile_struct *P);

/* Where the minimum is attained: the count and the k-th index of the pieces
   and points achieving it (-1 when out of range), and a bit mask of the ends
   (bit 0: end 0, bit 1: end 1). best piece: the first least-loss open piece. */
long ct_capi_profile_min_npieces(const ct_capi_profile_struct *P);
long ct_capi_profile_min_piece(const ct_capi_profile_struct *P, long k);
long ct_capi_profile_min_npoints(const ct_capi_profile_struct *P);
long ct_capi_profile_min_point(const ct_capi_profile_struct *P, long k);
int ct_capi_profile_min_ends(const ct_capi_profile_struct *P);
long ct_capi_profile_best_piece(const ct_capi_profile_struct *P);

/* The representative: a short rational inside the best piece (or the end
   when only an end attains the minimum). NULL when undecided. */
char *ct_capi_profile_representative(const ct_capi_profile_struct *P);

/* A short rational strictly inside open piece i (may refine the certified
   intervals of P, hence not const). NULL when out of range or undecided. */
char *ct_capi_profile_piece_point(ct_capi_profile_struct *P, long i);

/* The exact loss at the rational q (a string as for weights) of the domain:
   a piece's loss, a breakpoint's when q is one, an end's. Returns the loss, or
   NULL with the reason in err (q malformed or outside the domain, undecided).
   May refine P's intervals. */
char *ct_capi_profile_loss_at(ct_capi_profile_struct *P, const char *q, char *err,
                              size_t errlen);

/* ---- Running an analysis in a process of its own (docs/python.md) ----
   A binding that must survive the library's out of memory (which ends the
   process: one message on stderr, exit 5) runs the call that can allocate
   without bound in a forked process, which sends the result back as text. */

/* The library's out-of-memory discipline in this process: FLINT's allocations
   through certune's checked allocator (out of memory: "certune: out of memory
   while WHAT (about N MB requested)" on stderr, exit 5, instead of FLINT's
   message on stdout and an abort), and, when whole_process, GMP's and MPFR's
   allocations, FLINT's aborts and SIGABRT too (for a process that runs only
   certune, such as a forked worker: in a shared interpreter they belong to
   others). what: what the process is doing, for that message ("analyzing 3
   instances"; NULL keeps it). May be called again (what replaced). */
void ct_capi_memory_discipline(int whole_process, const char *what);

/* The profile P as the text of a profile file ("certune-profile 3",
   docs/scale.md), what a worker sends back (NULL when writing fails). It
   holds everything the getters read; its instances are named "instance K",
   its score line says `unlabeled` (P keeps neither its names nor its score
   mode, and nothing read back depends on them). */
char *ct_capi_profile_text(const ct_capi_profile_struct *P);

/* A profile from len bytes of such text, read and checked as a profile file
   is (digest, certificates; losses and minimum recomputed), with warnings
   (one per line, may be NULL) as its warnings. Returns CT_CAPI_OK with *out
   set, or CT_CAPI_INPUT with *out = NULL and the reason in err. */
int ct_capi_profile_from_text(ct_capi_profile_struct **out, const char *text, size_t len,
                              const char *warnings, char *err, size_t errlen);

/* Undecided interval k: decimal bounds and what could not be decided. */
char *ct_capi_profile_undecided_lo(const ct_capi_profile_struct *P, long k);
char *ct_capi_profile_undecided_hi(const ct_capi_profile_struct *P, long k);
char *ct_capi_profile_undecided_what(const ct_capi_profile_struct *P, long k);

/* ---- For a cross-validated search (src/capi/capi_search.c) ---- */

/* Tie rules (docs/tuning.md): a node whose maximum is attained by several
   classes predicts the smallest of them; SMALLEST scores that prediction,
   EXPECTED charges 1 - 1/t when the truth is among the t tied classes (else
   1), at most 40 classes. */
#define CT_CAPI_TIES_SMALLEST 0
#define CT_CAPI_TIES_EXPECTED 1

/* ct_capi_analyze with the tie rule ties (CT_CAPI_TIES_*; else CT_CAPI_USAGE).
   Same checks, returns and ownership. */
int ct_capi_analyze_ties(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                         int family, const char *c, int score_all, int ties, char *err,
                         size_t errlen);

/* The profile's tie rule (CT_CAPI_TIES_*). */
int ct_capi_profile_ties(const ct_capi_profile_struct *P);

/* Per-instance losses. The places of P are, in order: [end 0,] piece 0,
   point 0, piece 1, ..., point nbp - 1, piece nbp[, end 1] (the ends when
   the domain is closed): 2 nbp + 1 places, or 2 nbp + 3. Instance k's loss at
   place p is cost[p * ninstances + k] / (inst_nscored(k) * tie_unit), where
   ct_capi_profile_costs fills cost (nplaces * ninstances longs, the caller's)
   and returns 0. The mean of the instances' losses at a place is the
   profile's loss there. -1 for an undecided profile (or k out of range, or
   cost NULL). */
long ct_capi_profile_nplaces(const ct_capi_profile_struct *P);
long ct_capi_profile_tie_unit(const ct_capi_profile_struct *P);
long ct_capi_profile_inst_nscored(const ct_capi_profile_struct *P, long k);
int ct_capi_profile_costs(const ct_capi_profile_struct *P, long *cost);

/* ---- The exact evaluation at one rational value (no profile) ---- */
typedef struct ct_capi_eval_struct ct_capi_eval_struct;

/* Evaluates family (constant c as for ct_capi_analyze) at the rational x (a
   string as for weights) of its domain on the instances of S (only read),
   scoring held-out nodes (and labeled ones when score_all) with the tie rule
   ties: every sign certified (ct_evaluate_run, docs/tuning.md).
   Returns CT_CAPI_OK with *out set; CT_CAPI_USAGE (family, c, ties, x
   malformed or outside the domain) or CT_CAPI_INPUT (no instance, an instance
   without a scored node, over 40 classes with EXPECTED) with *out = NULL and
   the message in err. */
int ct_capi_evaluate(ct_capi_eval_struct **out, const ct_capi_instances_struct *S,
                     int family, const char *c, const char *x, int score_all, int ties,
                     char *err, size_t errlen);
void ct_capi_eval_destroy(ct_capi_eval_struct *V);

/* The exact loss (the mean of the instances') and instance k's loss, as
   reduced fractions (NULL when k is out of range); the scored nodes and those
   tied among two or more classes. */
char *ct_capi_eval_loss(const ct_capi_eval_struct *V);
char *ct_capi_eval_inst_loss(const ct_capi_eval_struct *V, long k);
long ct_capi_eval_nnodes(const ct_capi_eval_struct *V);
long ct_capi_eval_ntied(const ct_capi_eval_struct *V);

/* Scored node k (0 <= k < nnodes, instance by instance, nodes increasing):
   its instance, 0-based node, true class (a labeled node's label), predicted
   class (the argmax, ties to the smallest class) and the number of classes
   attaining the maximum (1: no tie; a node whose component has no labeled
   node ties among all classes). Fills the arrays of nnodes longs that are not
   NULL. */
void ct_capi_eval_nodes(const ct_capi_eval_struct *V, long *inst, long *node, long *truth,
                        long *pred, long *ntied);

#endif
