/* joint: the exact minimum over (c, x) (docs/joint.md). The family's curves
   (its row's joint) give the certified slabs of c (pexpsum.h); between two
   events the losses met along a vertical line do not change, so one exact
   analysis at a rational c inside each slab (the row's analysis, the same as
   `certune analyze --c`) sees every open cell. The witness is the best
   slab's sample with the representative of its best open piece, and a box
   around it on which no curve vanishes (Arb) shows that it lies inside one
   open cell. */
#include <string.h>
#include "certune/joint.h"
#include "certune/rational.h"
#include "certune/signfn.h"

static void joint_init(ct_joint_t J, ct_family_t f, const fmpq_t A, const fmpq_t B)
{
    J->family = f;
    J->ninst = J->nscored = J->ncurves = 0;
    J->sample = J->slab_min = J->slab_pt = NULL;
    J->slab_has_pt = NULL, J->slab_bp = NULL;
    J->have_pt = J->undecided = 0;
    J->vertex_loss = NULL, J->vt_best = -1;
    J->what[0] = '\0';
    fmpq_init(J->A), fmpq_init(J->B);
    fmpq_set(J->A, A), fmpq_set(J->B, B);
    ct_pexpsum_slabs_init(J->S);
    fmpq_init(J->min_loss), fmpq_init(J->pt_min);
    fmpq_init(J->wc), fmpq_init(J->wx), fmpq_init(J->wr);
    J->best_slab = -1;
}

void ct_joint_clear(ct_joint_t J)
{
    slong n = FLINT_MAX(J->S->nslab, 1); /* as allocated */
    if (J->sample != NULL) {
        _fmpq_vec_clear(J->sample, n), _fmpq_vec_clear(J->slab_min, n);
        _fmpq_vec_clear(J->slab_pt, n);
    }
    flint_free(J->slab_has_pt), flint_free(J->slab_bp);
    if (J->vertex_loss != NULL)
        _fmpq_vec_clear(J->vertex_loss, FLINT_MAX(J->S->nvertex, 1));
    ct_pexpsum_slabs_clear(J->S);
    fmpq_clear(J->A), fmpq_clear(J->B);
    fmpq_clear(J->min_loss), fmpq_clear(J->pt_min);
    fmpq_clear(J->wc), fmpq_clear(J->wx), fmpq_clear(J->wr);
}

/* The least open-piece loss of A1 (its index in *best) and the least loss at
   a breakpoint (0 when none). */
static int joint_piece_min(fmpq_t lo, slong *best, fmpq_t pt, const ct_analysis_t A1)
{
    *best = 0;
    for (slong i = 1; i <= A1->nbp; i++)
        if (fmpq_cmp(A1->piece_loss + i, A1->piece_loss + *best) < 0)
            *best = i;
    fmpq_set(lo, A1->piece_loss + *best);
    for (slong b = 0; b < A1->nbp; b++)
        if (b == 0 || fmpq_cmp(A1->point_loss + b, pt) < 0)
            fmpq_set(pt, A1->point_loss + b);
    return A1->nbp > 0;
}

/* A box around (c*, x*) on which every curve keeps its sign: half-width
   2^-k, k = 6, 10, ..., 202. Returns 0, or 1 when none is found. */
static int joint_witness_box(ct_joint_t J, const ct_pexpsum_struct *h, slong n,
                             const fmpz_poly_t line)
{
    fmpq_t c, x, r; /* local copies: GCC 12's -Wstringop-overread misreads J's */
    fmpq_init(c), fmpq_init(x), fmpq_init(r);
    fmpq_set(c, J->wc), fmpq_set(x, J->wx);
    int found = 0;
    for (slong k = 6; k <= 202 && !found; k += 4) {
        fmpq_one(r);
        fmpz_mul_2exp(fmpq_denref(r), fmpq_denref(r), k);
        found = ct_pexpsum_box_clear(h, n, line, c, x, r);
    }
    fmpq_set(J->wr, r);
    fmpq_clear(c), fmpq_clear(x), fmpq_clear(r);
    if (found)
        return 0;
    snprintf(J->what, sizeof(J->what), "no box around the witness keeps every sign");
    return 1;
}

/* Slab s: the analysis at its sample; returns -1 (err), 0, or 1 (undecided). */
static int joint_slab(ct_joint_t J, slong s, const ct_family_struct *row,
                      const ct_instance_struct *insts, slong m, int score_all, int ties,
                      FILE *warn, char *err, size_t errlen)
{
    ct_analysis_t A1;
    ct_rational_simplest_between(J->sample + s, J->S->lo + s, J->S->hi + s);
    int rc = ct_analysis_run_ties(A1, &row->analysis, J->sample + s, insts, m, score_all,
                                  ties, s == 0 ? warn : NULL, err, errlen);
    if (rc == 0 && A1->nundecided > 0) {
        snprintf(J->what, sizeof(J->what),
                 "the analysis at c = %s: undecided in [%s, %s]: %s",
                 fmpq_get_str(NULL, 10, J->sample + s), A1->und_lo[0], A1->und_hi[0],
                 A1->und_what[0]);
        rc = 1;
    }
    if (rc == 0) {
        slong best;
        J->slab_has_pt[s] = joint_piece_min(J->slab_min + s, &best, J->slab_pt + s, A1);
        J->slab_bp[s] = A1->nbp;
        J->ninst = A1->ninst, J->nscored = A1->nscored;
        fmpq_t q; /* a local copy: GCC 12's -Wstringop-overread misreads J's */
        fmpq_init(q);
        fmpq_set(q, J->min_loss);
        int better = J->best_slab < 0 || fmpq_cmp(J->slab_min + s, q) < 0;
        fmpq_set(q, J->pt_min);
        int pbetter =
            J->slab_has_pt[s] && (!J->have_pt || fmpq_cmp(J->slab_pt + s, q) < 0);
        fmpq_clear(q);
        if (better) {
            J->best_slab = s;
            fmpq_set(J->min_loss, J->slab_min + s);
            fmpq_set(J->wc, J->sample + s);
            ct_analysis_piece_point(J->wx, A1, best);
        }
        if (pbetter)
            fmpq_set(J->pt_min, J->slab_pt + s), J->have_pt = 1;
    }
    ct_analysis_clear(A1);
    return rc;
}

static int joint_slabs(ct_joint_t J, const ct_family_struct *row,
                       const ct_instance_struct *insts, slong m, int score_all, int ties,
                       FILE *warn, char *err, size_t errlen)
{
    slong n = J->S->nslab, alloc = FLINT_MAX(n, 1);
    J->sample = _fmpq_vec_init(alloc), J->slab_min = _fmpq_vec_init(alloc);
    J->slab_pt = _fmpq_vec_init(alloc);
    J->slab_has_pt = flint_calloc(FLINT_MAX(n, 1), sizeof(int));
    J->slab_bp = flint_calloc(FLINT_MAX(n, 1), sizeof(slong));
    for (slong s = 0; s < n; s++) {
        int rc = joint_slab(J, s, row, insts, m, score_all, ties, warn, err, errlen);
        if (rc)
            return rc;
    }
    return 0;
}

/* The loss at vertex V from the nodes' pair signs there (ties as the 1-D
   analysis at its breakpoints: ct_signfn_cost). Returns 0, or 1 (J->what
   set) when a sign is not certified. cost: m scratch slongs. */
static int joint_vertex_loss(ct_joint_t J, fmpq_t loss, const ct_pexpsum_vertex_struct *V,
                             const ct_pexpsum_node_struct *N, slong nn, slong m, int ties,
                             slong unit, const slong *nsc, slong *cost)
{
    for (slong i = 0; i < m; i++)
        cost[i] = 0;
    int rc = 0;
    for (slong v = 0; v < nn && rc == 0; v++) {
        slong np = N[v].c * (N[v].c - 1) / 2;
        int *sgn = flint_malloc(FLINT_MAX(np, 1) * sizeof(int));
        for (slong p = 0; p < np && rc == 0; p++)
            if ((sgn[p] = ct_pexpsum_sign_vertex(N[v].diff + p, N[v].curve[p], V)) == 2) {
                snprintf(J->what, sizeof(J->what),
                         "the loss at %s near c = %.17g, delta = %.17g: a sign not "
                         "certified on its box",
                         V->kind == CT_PEXPSUM_EVENT_CROSS     ? "a crossing"
                         : V->kind == CT_PEXPSUM_EVENT_TANGENT ? "a vertical tangent"
                                                               : "an edge point",
                         fmpq_get_d(V->clo), fmpq_get_d(V->dlo));
                rc = 1;
            }
        if (rc == 0)
            cost[N[v].inst] += ct_signfn_cost(sgn, N[v].c, N[v].truth, ties, unit);
        flint_free(sgn);
    }
    fmpq_zero(loss);
    fmpq_t q;
    fmpq_init(q);
    for (slong i = 0; i < m; i++) { /* the mean of the instance losses */
        fmpz_set_si(fmpq_numref(q), cost[i]);
        fmpz_set_si(fmpq_denref(q), nsc[i] * unit * m);
        fmpq_canonicalise(q);
        fmpq_add(loss, loss, q);
    }
    fmpq_clear(q);
    return rc;
}

/* The losses at S's vertices and the first least one. Returns 0 or 1. */
static int joint_vertices(ct_joint_t J, const ct_pexpsum_node_struct *N, slong nn,
                          slong m, int ties)
{
    slong cmax = 2, *nsc = flint_calloc(FLINT_MAX(m, 1), sizeof(slong));
    slong *cost = flint_malloc(FLINT_MAX(m, 1) * sizeof(slong));
    for (slong v = 0; v < nn; v++)
        nsc[N[v].inst]++, cmax = FLINT_MAX(cmax, N[v].c);
    slong unit = ct_signfn_tie_unit(ties, cmax);
    J->vertex_loss = _fmpq_vec_init(FLINT_MAX(J->S->nvertex, 1));
    int rc = 0;
    for (slong x = 0; x < J->S->nvertex && rc == 0; x++) {
        rc = joint_vertex_loss(J, J->vertex_loss + x, J->S->vertex + x, N, nn, m, ties,
                               unit, nsc, cost);
        if (rc == 0 && (J->vt_best < 0 ||
                        fmpq_cmp(J->vertex_loss + x, J->vertex_loss + J->vt_best) < 0))
            J->vt_best = x;
    }
    flint_free(nsc), flint_free(cost);
    return rc;
}

int ct_joint_run(ct_joint_t J, ct_family_t f, const fmpq_t A, const fmpq_t B,
                 const ct_instance_struct *insts, slong m, int score_all, int ties,
                 FILE *warn, char *err, size_t errlen)
{
    return ct_joint_run_pairs(J, f, A, B, insts, m, score_all, ties,
                              CT_PEXPSUM_PAIRS_SWEEP, warn, err, errlen);
}

int ct_joint_run_pairs(ct_joint_t J, ct_family_t f, const fmpq_t A, const fmpq_t B,
                       const ct_instance_struct *insts, slong m, int score_all, int ties,
                       int pairs, FILE *warn, char *err, size_t errlen)
{
    joint_init(J, f, A, B);
    const ct_family_struct *row = ct_family_row(f);
    if (row->joint == NULL) {
        snprintf(err, errlen, "family %s has no joint analysis", row->name);
        return -1;
    }
    if (ct_analysis_check(insts, m, score_all, ties, err, errlen))
        return -1;
    ct_pexpsum_struct *h;
    ct_pexpsum_node_struct *N;
    slong n, nn;
    fmpz_poly_t line;
    fmpz_poly_init(line);
    row->joint(&h, &n, line, &N, &nn, insts, m, score_all);
    J->ncurves = n;
    int rc = 0;
    if (ct_pexpsum_slabs_pairs(J->S, h, n, line, A, B, pairs)) {
        J->undecided = 1;
        snprintf(J->what, sizeof(J->what), "%s", J->S->what);
    } else if ((rc = joint_slabs(J, row, insts, m, score_all, ties, warn, err, errlen)) ==
               1) {
        J->undecided = 1, rc = 0;
    } else if (rc == 0 && joint_witness_box(J, h, n, line))
        J->undecided = 1;
    else if (rc == 0 && joint_vertices(J, N, nn, m, ties))
        J->undecided = 1;
    for (slong i = 0; i < n; i++)
        ct_pexpsum_clear(h + i);
    flint_free(h);
    for (slong i = 0; i < nn; i++)
        ct_pexpsum_node_clear(N + i);
    flint_free(N);
    fmpz_poly_clear(line);
    return rc;
}
