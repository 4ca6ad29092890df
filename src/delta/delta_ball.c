/* delta_ball: the delta family's ball path for large components (docs/delta.md,
   "The ball path").

   A^{-1} E (A = q s D - p s W, E the groups' columns) is solved in floating
   point with certified bounds (lsdelta.h). For each scored row the class
   sums f_k(delta) = sum_{g of k} (A^{-1} E)_ig B_g^delta (F[i][k] up to the
   positive factor of the row) are balls; when one class w is proved to beat
   every other on all of [0, 1] (each f_w - f_l bounded below by a positive
   ball on a dyadic cover of [0, 1]), the row's prediction never changes and
   its pair functions are replaced by constants of the same signs (ranking w
   first): they have no zero, so the analysis sees no point from them and the
   same prediction everywhere. The zeros of the other rows are certified in
   balls when they can be (delta_ball_roots.c); the rest (a pair function
   that vanishes, a zero at 0 or 1, zeros of different functions the balls
   cannot tell apart) get their exact sums from one exact solve restricted to
   them (numeric lifting), equal to the exact path's. */
#include <math.h>
#include <string.h>
#include "certune/delta.h"
#include "delta_ball_internal.h"

/* Points of the cover of [0, 1]: j / BALL_GRID. */
#define BALL_GRID 64
#define BALL_PREC 128

typedef struct {
    slong n, ng, nb, nc;
    slong *bid; /* group -> index of its base */
    arb_ptr pw; /* pw[b (BALL_GRID + 1) + j] = base_b^(j / BALL_GRID) */
    double *bd; /* bases as doubles (the guess of the winner only) */
    int *hasg;  /* class -> has a group in the component */
    double *X0, *X1;
    mag_ptr rmax, rsum;
    const delta_comp *C;
    const ct_lsdelta_struct *L;
} ball_comp;

static void ball_bases(ball_comp *B, const delta_comp *C)
{
    fmpz *base = _fmpz_vec_init(FLINT_MAX(C->ng, 1));
    B->nb = 0;
    for (slong g = 0; g < C->ng; g++) {
        const fmpz *d = C->deg + C->gpos[g];
        slong b = 0;
        while (b < B->nb && !fmpz_equal(base + b, d))
            b++;
        if (b == B->nb)
            fmpz_set(base + B->nb++, d);
        B->bid[g] = b;
        B->hasg[C->gcls[g]] = 1;
    }
    B->pw = _arb_vec_init(B->nb * (BALL_GRID + 1));
    B->bd = flint_malloc(FLINT_MAX(B->nb, 1) * sizeof(double));
    arb_t l, t;
    arb_init(l), arb_init(t);
    for (slong b = 0; b < B->nb; b++) {
        B->bd[b] = fmpz_get_d(base + b);
        arb_log_fmpz(l, base + b, BALL_PREC);
        for (slong j = 0; j <= BALL_GRID; j++) {
            arb_mul_si(t, l, j, BALL_PREC);
            arb_div_ui(t, t, BALL_GRID, BALL_PREC);
            arb_exp(B->pw + b * (BALL_GRID + 1) + j, t, BALL_PREC);
        }
    }
    arb_clear(l), arb_clear(t);
    _fmpz_vec_clear(base, FLINT_MAX(C->ng, 1));
}

/* Lower bounds lo[b] of the coefficients of f_w - f_l by base. */
static void ball_pair_lower(arb_ptr lo, const ball_comp *B, arb_srcptr x, slong w,
                            slong l)
{
    arb_ptr a = _arb_vec_init(B->nb);
    for (slong g = 0; g < B->ng; g++) {
        if (B->C->gcls[g] == w)
            arb_add(a + B->bid[g], a + B->bid[g], x + g, BALL_PREC);
        else if (B->C->gcls[g] == l)
            arb_sub(a + B->bid[g], a + B->bid[g], x + g, BALL_PREC);
    }
    for (slong b = 0; b < B->nb; b++)
        arb_get_lbound_arf(arb_midref(lo + b), a + b, BALL_PREC);
    _arb_vec_clear(a, B->nb);
}

/* Whether sum_b lo_b base_b^delta > 0 on [j0, j1] / BALL_GRID, bisecting the
   grid: each term is at least lo_b base_b^(j0 / G) when lo_b >= 0, else at
   least lo_b base_b^(j1 / G) (base_b >= 1). */
static int ball_positive(const ball_comp *B, arb_srcptr lo, slong j0, slong j1)
{
    arb_t s;
    arb_init(s);
    for (slong b = 0; b < B->nb; b++) {
        slong j = arf_sgn(arb_midref(lo + b)) >= 0 ? j0 : j1;
        arb_addmul(s, lo + b, B->pw + b * (BALL_GRID + 1) + j, BALL_PREC);
    }
    int ok = arb_is_positive(s);
    arb_clear(s);
    if (ok || j1 - j0 < 2)
        return ok;
    slong m = (j0 + j1) / 2;
    return ball_positive(B, lo, j0, m) && ball_positive(B, lo, m, j1);
}

/* The class of row i proved to win on all of [0, 1], with rank[] the order of
   the others (by their value at 0); -1 when not proved. */
static slong ball_row(slong *rank, const ball_comp *B, slong i)
{
    slong nc = B->nc, w = -1, w1 = -1;
    double *v0 = flint_calloc(nc, sizeof(double)), *v1 = flint_calloc(nc, sizeof(double));
    for (slong g = 0; g < B->ng; g++) {
        double x = B->X0[g * B->n + i];
        v0[B->C->gcls[g]] += x, v1[B->C->gcls[g]] += x * B->bd[B->bid[g]];
    }
    for (slong k = 0; k < nc; k++) {
        w = w < 0 || v0[k] > v0[w] ? k : w;
        w1 = w1 < 0 || v1[k] > v1[w1] ? k : w1;
    }
    arb_ptr x = _arb_vec_init(B->ng);
    arb_ptr lo = _arb_vec_init(B->nb); /* exact lower bounds (midpoints) */
    ct_lsdelta_row_balls(x, B->L, B->X0, B->X1, B->rmax, B->rsum, i);
    if (w != w1) /* the prediction changes between the ends: exact */
        w = -1;
    for (slong l = 0; l < nc && w >= 0; l++) {
        if (l == w)
            continue;
        ball_pair_lower(lo, B, x, w, l);
        if (!ball_positive(B, lo, 0, BALL_GRID))
            w = -1;
    }
    for (slong k = 0; k < nc && w >= 0; k++) { /* w first, then by v0 */
        rank[k] = k == w ? 0 : 1;
        for (slong l = 0; l < nc && k != w; l++)
            if (l != w && l != k && (v0[l] > v0[k] || (v0[l] == v0[k] && l < k)))
                rank[k]++;
    }
    _arb_vec_clear(x, B->ng);
    _arb_vec_clear(lo, B->nb);
    flint_free(v0), flint_free(v1);
    return w;
}

/* Constant sums with the signs of the ranking (zero where neither class has
   a labeled node in the component, as the exact sums are). */
static void ball_constant_sums(ct_signfn_struct *f, const ball_comp *B, const slong *rank)
{
    fmpz_t one, s;
    fmpz_init_set_ui(one, 1), fmpz_init(s);
    for (slong k = 0; k < B->nc; k++)
        for (slong l = k + 1; l < B->nc; l++)
            if (B->hasg[k] || B->hasg[l]) {
                fmpz_set_si(s, rank[k] < rank[l] ? 1 : -1);
                ct_expsum_set_terms(f->diff.es + ct_signfn_pair(k, l, B->nc), s, one, 1);
            }
    fmpz_clear(one), fmpz_clear(s);
}

/* Y (nx x ng) = a positive multiple per row of (A^{-1} E) on the rows xr:
   one exact lift with the fewer columns (the rows' unit vectors, A being
   symmetric, or the groups' columns). 0 or -1. */
static void ball_progress(const void *ph, slong done, slong total)
{
    ct_analysis_phase(ph, "component rows (exact rows)", done, total);
}

static int ball_exact_rows(fmpz_mat_t Y, ct_lsdelta_struct *L, const slong *xr, slong nx,
                           const ct_analysis_phase_struct *ph)
{
    const slong *grp, *gcls, *gstart, *gidx;
    const fmpz *gbase;
    slong ng = ct_lsdelta_groups(&grp, &gcls, &gbase, &gstart, &gidx, L);
    ct_lsdelta_msys_struct *M = ct_lsdelta_msys(L);
    slong *rstart = flint_malloc((nx + 1) * sizeof(slong));
    for (slong j = 0; j <= nx; j++)
        rstart[j] = j;
    fmpq *V = _fmpq_vec_init(nx * ng);
    int rows = nx <= ng, rc;
    if (rows) /* V[j ng + g]: column e_{xr[j]}, functional group g */
        rc = ct_lsdelta_nlift(V, M, rstart, xr, nx, gstart, gidx, ng, ball_progress, ph,
                              0);
    else /* V[g nx + j] */
        rc = ct_lsdelta_nlift(V, M, gstart, gidx, ng, rstart, xr, nx, ball_progress, ph,
                              0);
    fmpz_t den;
    fmpz_init(den);
    for (slong j = 0; j < nx && rc == 0; j++) {
        fmpz_one(den);
        for (slong g = 0; g < ng; g++)
            fmpz_lcm(den, den, fmpq_denref(V + (rows ? j * ng + g : g * nx + j)));
        for (slong g = 0; g < ng; g++) {
            const fmpq *v = V + (rows ? j * ng + g : g * nx + j);
            fmpz_divexact(fmpz_mat_entry(Y, j, g), den, fmpq_denref(v));
            fmpz_mul(fmpz_mat_entry(Y, j, g), fmpz_mat_entry(Y, j, g), fmpq_numref(v));
        }
    }
    fmpz_clear(den);
    _fmpq_vec_clear(V, nx * ng);
    flint_free(rstart);
    return rc;
}

/* The rows' functions in order: constants for the proved rows (win[r] >= 0,
   ranks[r nc ..]), the exact sums (row xi[r] of Y) for the exact ones; the
   rows whose zeros are in balls (neither) are the sink's. */
static void ball_append(ct_signfn_struct **out, slong *count, slong inst_idx,
                        const ct_instance_t inst, const ball_comp *B, const slong *rows,
                        slong nsc, const slong *win, const slong *ranks, const slong *xi,
                        const fmpz_mat_t Y, const ct_analysis_phase_struct *ph)
{
    const delta_comp *C = B->C;
    fmpz *coef = _fmpz_vec_init(C->ng), *base = _fmpz_vec_init(C->ng);
    for (slong r = 0; r < nsc; r++) {
        slong v = C->node[rows[r]];
        if (win[r] < 0 && xi[r] < 0)
            continue;
        ct_signfn_struct *f =
            ct_signfn_append(out, count, &ct_signfn_type_expsum, inst_idx, v,
                             ct_signfn_truth(inst, v), inst->c);
        if (win[r] >= 0)
            ball_constant_sums(f, B, ranks + r * B->nc);
        else
            _ct_delta_node_sums(f, Y, xi[r], C, inst->c, coef, base);
        ct_analysis_phase(ph, "component rows", r + 1, nsc);
    }
    _fmpz_vec_clear(coef, C->ng), _fmpz_vec_clear(base, C->ng);
}

/* components in balls, declined, rows, exact rows, rows with zeros in balls */
static _Atomic long ball_stats[5];

void ct_delta_ball_counts(long *comps, long *declined, long *rows, long *exact_rows)
{
    *comps = ball_stats[0], *declined = ball_stats[1];
    *rows = ball_stats[2], *exact_rows = ball_stats[3];
}

long ct_delta_ball_root_rows(void)
{
    return ball_stats[4];
}

/* The rows not proved constant: their zeros in balls where they can be
   (with an analysis to take them), exact[r] for the others. */
static void ball_roots(char *exact, _ct_delta_droots *D, const slong *win,
                       ct_lsdelta_struct *L, const ball_comp *B,
                       const _ct_delta_ball_csr *A, const ct_instance_t inst,
                       const slong *rows, slong nsc, const _ct_delta_ball_tally *K)
{
    for (slong r = 0; r < nsc; r++)
        exact[r] = win[r] < 0 && (K == NULL || K->C == NULL);
    if (K == NULL || K->C == NULL)
        return;
    _ct_delta_rowball R = {L, B->X0, B->X1, B->rmax, B->rsum, B->C->node, B->ng};
    _ct_delta_droots_run(D, exact, win, L, &R, A, B->C, inst, rows, nsc);
}

/* Classifies the rows and solves the exact ones; 1 done, 0 declined. */
static int ball_run(ct_signfn_struct **out, slong *count, slong inst_idx,
                    const ct_instance_t inst, ball_comp *B, ct_lsdelta_struct *L,
                    const _ct_delta_ball_csr *A, const slong *rows, slong nsc,
                    const ct_analysis_phase_struct *ph, _ct_delta_ball_tally *K)
{
    slong nc = inst->c, nx = 0, nb = 0;
    slong *win = flint_malloc(nsc * sizeof(slong)),
          *xi = flint_malloc(nsc * sizeof(slong));
    slong *ranks = flint_calloc(nsc * nc, sizeof(slong)),
          *xr = flint_malloc(nsc * sizeof(slong));
    char *exact = flint_malloc(nsc);
    _ct_delta_droots D = {NULL, 0, 0, 0, NULL};
    for (slong r = 0; r < nsc; r++)
        win[r] = ball_row(ranks + r * nc, B, rows[r]);
    ball_roots(exact, &D, win, L, B, A, inst, rows, nsc, K);
    for (slong r = 0; r < nsc; r++) {
        xi[r] = -1;
        if (exact[r])
            xi[r] = nx, xr[nx++] = rows[r];
        else
            nb += win[r] < 0;
    }
    fmpz_mat_t Y;
    fmpz_mat_init(Y, FLINT_MAX(nx, 1), FLINT_MAX(B->ng, 1));
    int ok = nx == 0 || ball_exact_rows(Y, L, xr, nx, ph) == 0;
    if (ok) {
        ball_append(out, count, inst_idx, inst, B, rows, nsc, win, ranks, xi, Y, ph);
        if (nb > 0)
            _ct_delta_droots_sink(K, &D, exact, win, inst, inst_idx, B->C, rows, nsc);
        ball_stats[2] += nsc;
        ball_stats[3] += nx;
        ball_stats[4] += nb;
    }
    _ct_delta_droots_clear(&D);
    fmpz_mat_clear(Y);
    flint_free(win), flint_free(xi), flint_free(ranks), flint_free(xr), flint_free(exact);
    return ok;
}

/* A's weights: the component's times s (the lcm of their denominators),
   and C->deg = s d (C->deg zeroed by the caller). */
static void ball_csr(_ct_delta_ball_csr *A, delta_comp *C, const ct_instance_t inst,
                     const ct_component_index_struct *X, slong k)
{
    slong n = C->size, *fill = flint_calloc(n, sizeof(slong));
    fmpz_t s, w;
    fmpz_init_set_ui(s, 1), fmpz_init(w);
    A->rowstart = flint_calloc(n + 1, sizeof(slong));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j];
        fmpz_lcm(s, s, fmpq_denref(inst->ew + e));
        A->rowstart[C->pos[inst->eu[e]] + 1]++, A->rowstart[C->pos[inst->ev[e]] + 1]++;
    }
    for (slong i = 0; i < n; i++)
        A->rowstart[i + 1] += A->rowstart[i];
    A->col = flint_malloc(FLINT_MAX(A->rowstart[n], 1) * sizeof(slong));
    A->w = _fmpz_vec_init(FLINT_MAX(A->rowstart[n], 1));
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], a = C->pos[inst->eu[e]], b = C->pos[inst->ev[e]];
        fmpz_divexact(w, s, fmpq_denref(inst->ew + e));
        fmpz_mul(w, w, fmpq_numref(inst->ew + e));
        slong ea = A->rowstart[a] + fill[a]++, eb = A->rowstart[b] + fill[b]++;
        A->col[ea] = b, A->col[eb] = a;
        fmpz_set(A->w + ea, w), fmpz_set(A->w + eb, w);
        fmpz_add(C->deg + a, C->deg + a, w), fmpz_add(C->deg + b, C->deg + b, w);
    }
    flint_free(fill);
    fmpz_clear(s), fmpz_clear(w);
}

/* The system of the component (NULL: declined), its groups C's. */
static ct_lsdelta_struct *ball_system(_ct_delta_ball_csr *A, delta_comp *C,
                                      const ct_instance_t inst,
                                      const ct_component_index_struct *X, slong k,
                                      const fmpq_t c)
{
    ball_csr(A, C, inst, X, k);
    _ct_delta_groups(C, inst);
    slong *cls = flint_malloc(C->m * sizeof(slong));
    for (slong j = 0; j < C->m; j++)
        cls[j] = inst->label[C->node[C->lab[j]]];
    ct_lsdelta_struct *L =
        ct_lsdelta_new(C->size, A->rowstart, A->col, A->w, C->m, C->lab, cls, inst->c, c,
                       CT_DELTA_BALL_SPARSE_MIN);
    flint_free(cls);
    return L;
}

int _ct_delta_ball_component(ct_signfn_struct **out, slong *count, slong inst_idx,
                             const ct_instance_t inst, const ct_component_index_struct *X,
                             slong k, delta_comp *C, const fmpq_t c, const slong *rows,
                             slong nsc, const ct_analysis_settings_struct *S,
                             _ct_delta_ball_tally *K)
{
    ball_comp B;
    _ct_delta_ball_csr A;
    memset(&B, 0, sizeof(B));
    C->deg = _fmpz_vec_init(C->size);
    ct_lsdelta_struct *L = ball_system(&A, C, inst, X, k, c);
    int ok = L != NULL;
    if (ok) {
        B.n = C->size, B.ng = C->ng, B.nc = inst->c, B.C = C, B.L = L;
        B.bid = flint_malloc(C->ng * sizeof(slong));
        B.hasg = flint_calloc(inst->c, sizeof(int));
        B.X0 = flint_malloc(B.n * B.ng * sizeof(double));
        B.X1 = flint_malloc(B.n * B.ng * sizeof(double));
        B.rmax = _mag_vec_init(B.ng), B.rsum = _mag_vec_init(B.ng);
        ball_bases(&B, C);
        ok = ct_lsdelta_msys_balls(B.X0, B.X1, B.rmax, B.rsum, ct_lsdelta_msys(L), C->lab,
                                   C->grp, C->m, C->ng) == 0 &&
             ball_run(out, count, inst_idx, inst, &B, L, &A, rows, nsc, &S->phase, K);
        _arb_vec_clear(B.pw, B.nb * (BALL_GRID + 1));
        _mag_vec_clear(B.rmax, B.ng), _mag_vec_clear(B.rsum, B.ng);
        flint_free(B.bid), flint_free(B.hasg), flint_free(B.bd);
        flint_free(B.X0), flint_free(B.X1);
    }
    ct_lsdelta_unref(L);
    _fmpz_vec_clear(A.w, FLINT_MAX(A.rowstart[C->size], 1));
    flint_free(A.rowstart), flint_free(A.col);
    _fmpz_vec_clear(C->deg, C->size);
    ball_stats[ok ? 0 : 1]++;
    return ok;
}
