/* family: the family table, the one place that knows the hyperparameter
   families (docs/architecture.md, "The family table"). ct_family_table is a
   const array of rows indexed by ct_family_t: name and symbol, the domain as
   printed, the constant, the tuning grid, the exact evaluation's quantities,
   the analyzer's descriptor, the ball path, the bounds and the lower-bound
   construction. Rows and strings returned are static (never freed); nothing
   outside the family modules (family, lambda, alpha, delta) switches on a
   family. The analyses return as ct_analysis_run (0, or -1 with err). */
#ifndef CERTUNE_FAMILY_H
#define CERTUNE_FAMILY_H

#include <stddef.h>
#include "certune/analysis.h"
#include "certune/pexpsum.h"

/* The ids of the first three rows, for callers that name a family in code
   (tests; the C API's CT_CAPI_* have the same values). A further family needs
   no constant: its id is its row's index. */
enum { CT_FAMILY_LAMBDA = 0, CT_FAMILY_DELTA = 1, CT_FAMILY_ALPHA = 2 };

/* A quantity of the exact evaluation at the point x with constant c. */
typedef enum {
    CT_FAMILY_AT_ZERO, /* 0 */
    CT_FAMILY_AT_HALF, /* 1/2 */
    CT_FAMILY_AT_ONE,  /* 1 */
    CT_FAMILY_AT_X,    /* the point */
    CT_FAMILY_AT_C     /* the family's constant */
} ct_family_at_t;

/* How the exact evaluation at a point reads the family (evaluate_solve.c,
   docs/tuning.md): per component M = D - weight W + labeled diag(labeled
   nodes), M Z = E, and F[i][k] = sum_g Z[i][g] B_g^exponent over the groups g
   (class, base) of the labeled nodes, B_g the scaled degree when
   degree_bases, else 1. */
typedef struct {
    ct_family_at_t weight, labeled, exponent;
    int degree_bases;
} ct_family_eval_struct;

/* The family's certified floating ("ball") path: components of at least
   min_nodes nodes take it unless an analysis's settings say otherwise
   (ct_analysis_settings_struct's ball_min_nodes). The exact builder hands
   them over itself (lambda_ball.c, alpha_ball.c, delta_ball.c). */
typedef struct {
    slong min_nodes;
} ct_family_ball_struct;

/* What `certune bounds` counts and checks per (node, class pair) beyond the
   family-independent part (zeros in the open domain, the paper's n_comp - 1):
   the sign functions of every node (score_all CT_SIGNFN_EVERY_NODE; c the
   constant or NULL), whether labeled - 1 bounds the zeros, and the family's
   own quantity of the pair's component ("sharp"), with its column names and,
   when it bounds the zeros by sharp - 1, what the violation message calls it
   (bound_what NULL: printed as information, no bound). */
typedef struct {
    void (*sign_functions)(ct_signfn_struct **out, slong *count,
                           const ct_instance_struct *inst, slong inst_idx,
                           const fmpq_t c);
    slong (*sharp)(const ct_instance_struct *inst, const slong *comp, slong comp_id,
                   slong k, slong l);
    int sharp_per_component; /* sharp ignores k and l: computed once per component */
    int labeled_bound;
    const char *sharp_text, *sharp_json, *bound_what;
} ct_family_bounds_struct;

/* The lower-bound (pseudo-shattering) construction of docs/shatter.md: the
   instances with instance(inst, c, M, k) (1 <= k <= M, named
   "instance-K.gssl") and the realizing parameter of pattern j (0 <= j < 2^M);
   check_c (NULL: any c) returns 0 or -1 with a message when the construction
   cannot use c (text: the command line's spelling of c to quote, or NULL).
   c is the family's constant (ignored without one). */
typedef struct {
    void (*instance)(ct_instance_t inst, const fmpq_t c, slong M, slong k);
    void (*parameter)(fmpq_t q, const fmpq_t c, slong M, slong j);
    int (*check_c)(const fmpq_t c, const char *text, char *err, size_t errlen);
} ct_family_shatter_struct;

/* One family. */
typedef struct {
    const char *name;       /* "lambda": --family, profiles, JSON, messages */
    const char *symbol;     /* the hyperparameter in output ("lambda = 2") */
    const char *symbol_svg; /* the same as SVG text (an entity: "&#955;") */
    int rank;               /* its place where the families are listed for people */
    /* The domain (its left end 0): the ends as the text reports print them,
       as JSON and the piece tables print the right one, and the whole. The
       right end (+inf or 1) and whether both ends belong are analysis.hi_inf
       and analysis.closed. */
    const char *lo_text, *hi_text, *hi_plain, *domain_text;
    int has_c;          /* it takes a constant c (--c) */
    slong c_num, c_den; /* its default */
    /* The grid search of `certune tune`: point k of G (0 <= k < G). */
    void (*grid_point)(fmpq_t q, slong k, slong G);
    ct_family_eval_struct eval;
    ct_analysis_family_struct analysis; /* the exact builder */
    const ct_family_ball_struct *ball;  /* NULL: exact only */
    ct_family_bounds_struct bounds;
    ct_family_shatter_struct shatter;
    /* The family's sign functions over (its parameter, its constant c) as
       sums in pexpsum.h (ct_delta_joint_functions' contract), for `analyze
       --joint c` (joint.h); NULL: the family has no joint analysis. */
    void (*joint)(ct_pexpsum_struct **out, slong *n, fmpz_poly_t line,
                  ct_pexpsum_node_struct **nodes, slong *nnodes,
                  const ct_instance_struct *insts, slong m, int score_all);
} ct_family_struct;

/* The table: ct_family_table[f] for 0 <= f < ct_family_count(). */
extern const ct_family_struct ct_family_table[];
slong ct_family_count(void);

/* The row of family f (f a valid id). */
const ct_family_struct *ct_family_row(ct_family_t f);

/* The family called name, as --family and profiles spell it: 0 with *f set,
   else -1. */
int ct_family_from_name(ct_family_t *f, const char *name);

/* The id at place i (0 <= i < ct_family_count()) of the listing order (rank). */
ct_family_t ct_family_listed(slong i);

/* Writes into buf (len bytes, truncated) the names of the families with
   want(row) (want NULL: all) in listing order, "a", "a or b", "a, b or c". */
void ct_family_list(char *buf, size_t len, int (*want)(const ct_family_struct *row));

/* The family's name, symbol and domain as printed ("(0, +inf)", "(0, 1)",
   "[0, 1]"). */
const char *ct_family_name(ct_family_t f);
const char *ct_family_symbol(ct_family_t f);
const char *ct_family_domain_text(ct_family_t f);

/* Whether x lies in the family's domain. */
int ct_family_in_domain(ct_family_t f, const fmpq_t x);

/* The family's tuning grid: q = point k of G (0 <= k < G). */
void ct_family_grid_point(fmpq_t q, ct_family_t f, slong k, slong G);

/* The three grids a row may use: G points inside (0, 1) ((k + 1) / (G + 1));
   G points spread over [0, 1] with both ends (k / (G - 1); one point: 1/2);
   10^-3 .. 10^3 evenly in log10 at three significant digits, read exactly
   (one point: 1). */
void ct_family_grid_open_unit(fmpq_t q, slong k, slong G);
void ct_family_grid_closed_unit(fmpq_t q, slong k, slong G);
void ct_family_grid_log10(fmpq_t q, slong k, slong G);

/* q = the quantity what at x with constant c (c unused unless what is
   CT_FAMILY_AT_C). */
void ct_family_at(fmpq_t q, ct_family_at_t what, const fmpq_t x, const fmpq_t c);

/* The descriptor of family f (never NULL for a valid ct_family_t). */
const ct_analysis_family_struct *ct_family_get(ct_family_t f);

/* The default constant of family f (0 when it takes none). */
void ct_family_c_default(fmpq_t c, ct_family_t f);

/* The default constant of the delta family, 99/100 (ct_family_c_default of
   the first family taking a constant). */
void ct_family_default_c(fmpq_t c);

/* The family's constant as an analysis keeps it: c (NULL: the default) when
   it takes one, else NULL. */
const fmpq *ct_family_c_or_null(ct_family_t f, const fmpq *c);

/* ct_analysis_run for family: a family with a constant takes c (NULL: its
   default), the others ignore it. Same returns and ownership as
   ct_analysis_run. */
int ct_family_analyze(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                      const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                      char *err, size_t errlen);

/* ct_family_analyze with the tie rule ties (CT_SIGNFN_TIES_*, signfn.h); same
   returns as ct_analysis_run_ties. */
int ct_family_analyze_ties(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                           const ct_instance_struct *insts, slong m, int score_all,
                           int ties, FILE *warn, char *err, size_t errlen);

/* ct_family_analyze_ties on nthreads threads with settings (NULL: the
   defaults; ct_analysis_run_threads: the result depends on neither). Same
   returns. */
int ct_family_analyze_threads(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                              const ct_instance_struct *insts, slong m, int score_all,
                              int ties, slong nthreads,
                              const ct_analysis_settings_struct *settings, FILE *warn,
                              char *err, size_t errlen);

/* ct_analysis_run_stream for family (c as in ct_family_analyze): the
   instances come from src chunk by chunk. Same returns. */
int ct_family_analyze_stream(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                             const ct_analysis_source_struct *src, int score_all,
                             int ties, slong nthreads,
                             const ct_analysis_settings_struct *settings, FILE *warn,
                             char *err, size_t errlen);

/* ct_analysis_init_none for family f (c: its constant, NULL: its default). */
void ct_family_init_none(ct_analysis_t A, ct_family_t f, const fmpq_t c, int ties);

/* Sets A's domain (hi_inf) from family f's descriptor after ct_analysis_init_empty
   (profile readers). */
void ct_family_set_domain(ct_analysis_t A, ct_family_t f);

#endif
