/* Lambda's working state, shared by src/lambda/lambda_analysis.c and lambda_work.c. */
#ifndef CERTUNE_LAMBDA_INTERNAL_H
#define CERTUNE_LAMBDA_INTERNAL_H

#include "certune/analysis.h"
#include "certune/component.h"
#include "certune/lambda.h"
#include "certune/polyset.h"
#include "certune/rroot.h"
#include "certune/signfn.h"
#include "certune/spldl.h"
#include "certune/zadj.h"

/* Lambda's working state. */
typedef struct {
    slong num;
    slong *fid, *exp; /* irreducible factor ids and their multiplicities */
} ct_lambda_factor_list;

typedef struct {
    ct_rroot_struct *root;
    slong factor, index; /* root = froots[factor][index] */
} ct_lambda_root_ref;

typedef struct {
    ct_signfn_struct *signs; /* one per scored node */
    slong nsigns;
    slong **pair_pid;            /* per sign, per pair: id in sign_polys or -1 (zero) */
    ct_polyset_t sign_polys;     /* distinct nonzero sign polynomials */
    ct_lambda_factor_list *pfac; /* per sign poly */
    ct_polyset_t factors;        /* distinct irreducible factors with nonzero constant */
    ct_rroot_struct **froots;    /* per factor: its positive roots, increasing */
    slong *nfroots;
    slong **fpoint;               /* per factor, per root: its point id */
    ct_lambda_root_ref *order;    /* all roots in increasing order */
    slong npoints;                /* distinct points (after ct_lambda_merge_equal) */
    ct_rroot_struct **point_root; /* per point: the root that describes it */
} ct_lambda_work;

/* A component's labeled and unlabeled nodes. */
typedef struct {
    slong m, nu;      /* labeled and unlabeled nodes of the component */
    slong *lab, *unl; /* their node ids */
    slong *pos;       /* node id -> index within lab or unl */
} kron_sets;

/* The exact path's L_uu as a sparse matrix of words (lambda_sparse.c, from
   CT_LAMBDA_SPARSE_MIN unlabeled nodes): CSR with sorted columns and the
   diagonal in every row, L_ul's nonzeros (unlabeled row, labeled column,
   value), the pattern's LDL^T symbolic factorization (spldl.h). Memory: the
   CSR and the pattern, O(nnz(L_uu) + nu) words; per prime the factor's
   nonzeros (2 words each) and H, nu m words, with as much work space. */
#define CT_LAMBDA_SPARSE_MIN 256
typedef struct {
    slong nu, m;
    slong *start, *col, *val;
    slong nul, *ul_u, *ul_l, *ul_v;
    ct_spldl_sym_struct Y;
} _ct_lambda_sparse;

/* Fills P and Lll (m x m, initialized to 0) from component k of inst (S its
   sets, s its weights' scale) and returns 1 when it has at least the
   threshold's unlabeled nodes, every weight and degree of s L is below 2^62
   and CHOLMOD orders it; else 0 (P holds nothing, Lll is 0). */
int _ct_lambda_sparse_init(_ct_lambda_sparse *P, fmpz_mat_t Lll,
                           const ct_instance_struct *inst,
                           const ct_component_index_struct *X, slong k,
                           const kron_sets *S, const fmpz_t s);
void _ct_lambda_sparse_clear(_ct_lambda_sparse *P);

/* Adds the squares of L_uu's and L_ul's entries to sq (m + nu entries, the
   rows of L_int, labeled first: L_ul's to both its rows); returns m + nu. */
slong _ct_lambda_sparse_sq(fmpz *sq, const _ct_lambda_sparse *P);

/* H (nu x m) = -L_uu^{-1} L_ul and *det = det(L_uu) modulo K's prime, and K
   (L_ll modulo p on entry) += L_lu H. Returns 0 when a pivot of L_uu's
   factor vanishes modulo p (the prime is skipped). Any thread. */
int _ct_lambda_sparse_kron(nmod_mat_t H, ulong *det, nmod_mat_t K,
                           const _ct_lambda_sparse *P);

/* Test hook: the sparse path from n unlabeled nodes (0: the default). */
void _ct_lambda_set_sparse_min(slong n);

/* Least common multiple of the weights' denominators inside component k. */
void _ct_lambda_weight_scale(fmpz_t s, const ct_instance_t inst,
                             const ct_component_index_struct *X, slong k);

/* A component's other path: returns 1 when it took component k of inst (it
   has a labeled node) but for the scored nodes it marks in rest (inst->n
   entries, 0 on entry: their exact sign polynomials follow), 0 when it does
   not apply (the exact sign polynomials of the component follow), -1 when
   it tried and declined (the same, reported as a fallback). */
typedef int (*_ct_lambda_ball_fn)(void *sink, const ct_instance_struct *inst,
                                  slong inst_idx, const ct_component_index_struct *X,
                                  slong k, int score_all, char *rest);

/* ct_lambda_sign_functions, offering every labeled component to ball first
   (NULL: none), with the analysis settings S (NULL: the defaults; read:
   pencil_max_nodes, phase), reporting its phases: "components solved" k/N
   after each component of the instance, and inside one on the exact path
   "component rows" 0/R while its system is solved, then r/R as the rows'
   polynomials are built ("component rows (ball path declined)" when ball
   declined it, "component rows (ball path declined some)" for the rows it
   left). */
void _ct_lambda_sign_functions_hook(ct_signfn_struct **out, slong *count,
                                    const ct_instance_t inst, slong inst_idx,
                                    int score_all, FILE *warn, _ct_lambda_ball_fn ball,
                                    void *sink, const ct_analysis_settings_struct *S);

/* A component with a huge weight as a pencil (lambda_pencil.c, docs/lambda.md
   "Huge weights"): the blocks of s L (Lll, Lul, Luu: L[0..2], row-major) as
   polynomials in t with small coefficients, equal to s L at t = H; N's
   coefficients have t-degree at most dt. */
typedef struct {
    slong m, nu, dt;
    fmpz_t H;
    fmpz_poly_struct *L[3];
} _ct_lambda_pencil;

/* Returns 1 and fills P when the component (at most max_nodes nodes: the
   settings' pencil_max_nodes, 0 any, -1 never; s of at most 64 bits) has an
   entry of at least CT_ZADJ_PENCIL_BITS bits, all with small digits in one
   base H, and dt <= 16; else 0. Either way clear P with _ct_lambda_pencil_clear. */
int _ct_lambda_pencil_init(_ct_lambda_pencil *P, const fmpz_mat_t Lll,
                           const fmpz_mat_t Lul, const fmpz_mat_t Luu, const fmpz_t s,
                           slong max_nodes);
void _ct_lambda_pencil_clear(_ct_lambda_pencil *P);

/* The blocks at t = x (initialized with their sizes). */
void _ct_lambda_pencil_eval(fmpz_mat_t Lll, fmpz_mat_t Lul, fmpz_mat_t Luu,
                            const _ct_lambda_pencil *P, const fmpz_t x);

/* diff = N(s lambda) at t = H divided by its positive content (as the exact
   path's), from N's m coefficients as polynomials in t; pw: H's powers. */
void _ct_lambda_pencil_pair(fmpz_poly_t diff, const fmpz_poly_struct *N, slong m,
                            const fmpz_t s, const ct_zadj_pow_t pw);

/* The ball path's sink (lambda_ball.c): the scored nodes it took are
   appended to C with function ids 0..nfuncs) among its own (shifted by the
   caller past the exact functions'), its zeros here. */
typedef struct {
    ct_analysis_common *C;
    slong nnodes; /* C->nodes[0..nnodes) are the ball path's */
    slong nfuncs;
    ct_analysis_zero *zeros;
    slong nzeros, zalloc;
    slong tried, declined, declined_rows; /* components offered with scored rows;
                                             declined: with a row left, whole or
                                             not; declined_rows: the rows left */
} _ct_lambda_ball_sink;

/* A new zero in the sink (its point initialized). */
ct_analysis_zero *_ct_lambda_ball_new_zero(_ct_lambda_ball_sink *K);

int _ct_lambda_ball_component(void *sink, const ct_instance_struct *inst, slong inst_idx,
                              const ct_component_index_struct *X, slong k, int score_all,
                              char *rest);

void ct_lambda_work_init(ct_lambda_work *W);
void ct_lambda_work_clear(ct_lambda_work *W);

/* Sorts refs by their roots, exactly (merge sort; ct_rroot_cmp refines in place). */
void ct_lambda_sort_roots(ct_lambda_root_ref *refs, slong n);

/* After the sort: one point id per distinct root value (fills W->fpoint and
   W->point_root, sets W->npoints). */
void ct_lambda_merge_equal(ct_lambda_work *W);

#endif
