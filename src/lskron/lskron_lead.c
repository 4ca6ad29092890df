/* lskron_lead: exact leading coefficients of the power series (disk 0),
   which decide the signs for large lambda. The pair's coefficient j is a_j
   = (M^j b)_i for labeled i and (H M^j b)_i for unlabeled i (b = Y_k -
   Y_l). With unit or other symmetric weights the first ones are often
   exactly 0: (H b)_u of an unlabeled node (its harmonic measure on the labels
   of k minus that of l), (M b)_i of a labeled node of another class, and on
   Actor the next ones too (an unlabeled node joined to one label of k, one
   of l and one of a third class adjacent to the second has a_0 = a_1 = 0).
   Their balls, widened by the error bounds of H~ and K~, contain 0 without
   being 0.

   Exactly, level by level: V_p = M^p Y (labeled rows) and U_p = H V_p
   (unlabeled rows). U_0 comes from one exact solve L_uu Z = W_ul Y (zlift,
   else FLINT's fmpz_mat_solve); V_{p+1} = V_p - K V_p / rho with (K v)_i =
   d_i v_i - sum_labeled j w_ij v_j - sum_u w_iu (H v)_u; and for p >= 1, on
   an unlabeled piece P (a connected part of the unlabeled subgraph: L_uu is
   block diagonal over them) of at most CT_LSKRON_LEAD_PIECE nodes, H_P =
   L_PP^{-1} W_P,N(P) is solved once exactly (N(P) its labeled neighbours),
   and U_p = H_P V_p there. A row of a larger piece has U_p for p = 0 only,
   and a V_p entry needs its neighbours' values of level p - 1. */
#include <math.h>
#include <flint/fmpq.h>
#include <flint/fmpq_vec.h>
#include "certune/pool.h"
#include "certune/zlift.h"
#include "lskron_internal.h"

struct _ct_lskron_lead_struct {
    slong m, nu, c, nlev; /* V_0 .. V_nlev and U_0 .. U_{nlev - 1} made */
    fmpq *V[CT_LSKRON_LEAD_LEVELS + 1], *U[CT_LSKRON_LEAD_LEVELS];     /* m c, nu c */
    char *vok[CT_LSKRON_LEAD_LEVELS + 1], *uok[CT_LSKRON_LEAD_LEVELS]; /* per row */
    slong *pc;              /* per unlabeled row: its small piece, or -1 */
    slong np, *roff, *noff; /* small pieces: rows and neighbours (offsets) */
    slong *rows, *nbr;      /* unlabeled rows; labeled neighbours' rows */
    fmpz *H, *hden;         /* per piece |P| x |N(P)| from hoff: hden H_P = H, by rows */
    slong *hoff;
};

void _ct_lskron_lead_free(struct _ct_lskron_lead_struct *L)
{
    if (L == NULL)
        return;
    for (slong p = 0; p <= CT_LSKRON_LEAD_LEVELS; p++) {
        if (L->V[p] != NULL)
            _fmpq_vec_clear(L->V[p], FLINT_MAX(L->m * L->c, 1));
        if (p < CT_LSKRON_LEAD_LEVELS && L->U[p] != NULL)
            _fmpq_vec_clear(L->U[p], FLINT_MAX(L->nu * L->c, 1));
        flint_free(L->vok[p]);
        if (p < CT_LSKRON_LEAD_LEVELS)
            flint_free(L->uok[p]);
    }
    if (L->hoff != NULL)
        _fmpz_vec_clear(L->H, FLINT_MAX(L->hoff[L->np], 1));
    if (L->hden != NULL)
        _fmpz_vec_clear(L->hden, FLINT_MAX(L->np, 1));
    flint_free(L->pc), flint_free(L->roff), flint_free(L->noff), flint_free(L->rows);
    flint_free(L->nbr), flint_free(L->hoff);
    flint_free(L);
}

/* L_uu and B = W_ul Y as integer matrices. */
static void klead_system(fmpz_mat_t A, fmpz_mat_t B, const ct_lskron_struct *S)
{
    for (slong a = 0; a < S->nu; a++) {
        slong i = S->unl[a];
        fmpz_set_d(fmpz_mat_entry(A, a, a), S->deg[i]); /* exact integers */
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            if (q < 0)
                fmpz_set_d(fmpz_mat_entry(A, a, -1 - q), -S->w[e]);
            else
                fmpz_add_ui(fmpz_mat_entry(B, a, S->cls[q]),
                            fmpz_mat_entry(B, a, S->cls[q]), (ulong)S->w[e]);
        }
    }
}

/* Level 0: V_0 = Y and U_0 = H Y (0, or 1 when neither solver concludes). */
static int klead_level0(struct _ct_lskron_lead_struct *L, const ct_lskron_struct *S)
{
    slong nu = S->nu, c = S->head.c, bits = 1;
    L->V[0] = _fmpq_vec_init(FLINT_MAX(S->m * c, 1));
    L->vok[0] = flint_malloc(FLINT_MAX(S->m, 1));
    for (slong q = 0; q < S->m; q++)
        fmpq_one(L->V[0] + q * c + S->cls[q]), L->vok[0][q] = 1;
    L->U[0] = _fmpq_vec_init(FLINT_MAX(nu * c, 1));
    L->uok[0] = flint_malloc(FLINT_MAX(nu, 1));
    if (nu == 0)
        return 0;
    fmpz_mat_t A, B, Z;
    fmpz_t den;
    fmpz_mat_init(A, nu, nu), fmpz_mat_init(B, nu, c), fmpz_mat_init(Z, nu, c);
    fmpz_init(den);
    klead_system(A, B, S);
    for (slong a = 0; a < nu; a++) /* |L_uu^{-1}|_ij <= (L_uu^{-1} 1)_i <= zb_i */
        bits = FLINT_MAX(bits, (slong)ceil(log2(S->zb[a])) + 1);
    slong *rows = flint_malloc(nu * sizeof(slong));
    for (slong a = 0; a < nu; a++)
        rows[a] = a;
    int ok = ct_zlift_solve_rows(Z, den, A, B, bits, rows, nu, ct_pool_inner_threads()) ||
             fmpz_mat_solve(Z, den, A, B);
    for (slong a = 0; ok && a < nu; a++) {
        L->uok[0][a] = 1;
        for (slong k = 0; k < c; k++)
            fmpq_set_fmpz_frac(L->U[0] + a * c + k, fmpz_mat_entry(Z, a, k), den);
    }
    fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(Z);
    fmpz_clear(den);
    flint_free(rows);
    return !ok;
}

/* The unlabeled piece of row a0 appended to L->rows from *nr on (its size
   returned), its rows marked in seen. */
static slong klead_piece(struct _ct_lskron_lead_struct *L, slong nr, char *seen,
                         const ct_lskron_struct *S, slong a0)
{
    slong end = nr, head = nr;
    L->rows[end++] = a0, seen[a0] = 1;
    while (head < end) {
        slong i = S->unl[L->rows[head++]];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            if (q < 0 && !seen[-1 - q])
                seen[-1 - q] = 1, L->rows[end++] = -1 - q;
        }
    }
    return end - nr;
}

/* The labeled neighbours of piece t (rows roff[t] .. roff[t + 1]) appended
   to L->nbr from nn on (mark: per labeled row, the last piece seen). */
static slong klead_nbrs(struct _ct_lskron_lead_struct *L, slong nn, slong t, slong *mark,
                        const ct_lskron_struct *S)
{
    slong end = nn;
    for (slong r = L->roff[t]; r < L->roff[t + 1]; r++) {
        slong i = S->unl[L->rows[r]];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            if (q >= 0 && mark[q] != t)
                mark[q] = t, L->nbr[end++] = q;
        }
    }
    return end - nn;
}

/* hden H_P = L_PP^{-1} W_P,N(P) for piece t into H from hoff[t] (0 when
   singular, which a piece touching a label is not). */
static int klead_piece_h(struct _ct_lskron_lead_struct *L, slong t, slong *loc,
                         const ct_lskron_struct *S)
{
    slong r0 = L->roff[t], np = L->roff[t + 1] - r0, n0 = L->noff[t];
    slong nn = L->noff[t + 1] - n0;
    fmpz_mat_t A, B, X;
    fmpz_mat_init(A, np, np), fmpz_mat_init(B, np, nn), fmpz_mat_init(X, np, nn);
    for (slong r = 0; r < np; r++)
        loc[L->rows[r0 + r]] = r;
    for (slong j = 0; j < nn; j++)
        loc[S->nu + L->nbr[n0 + j]] = j;
    for (slong r = 0; r < np; r++) {
        slong i = S->unl[L->rows[r0 + r]];
        fmpz_set_d(fmpz_mat_entry(A, r, r), S->deg[i]); /* exact integers */
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong q = S->pos[S->col[e]];
            fmpz *dst = q < 0 ? fmpz_mat_entry(A, r, loc[-1 - q])
                              : fmpz_mat_entry(B, r, loc[S->nu + q]);
            fmpz_set_d(dst, q < 0 ? -S->w[e] : S->w[e]);
        }
    }
    int ok = fmpz_mat_solve(X, L->hden + t, A, B);
    if (ok && fmpz_sgn(L->hden + t) < 0)
        fmpz_neg(L->hden + t, L->hden + t), fmpz_mat_neg(X, X);
    for (slong r = 0; ok && r < np; r++)
        for (slong j = 0; j < nn; j++)
            fmpz_swap(L->H + L->hoff[t] + r * nn + j, fmpz_mat_entry(X, r, j));
    fmpz_mat_clear(A), fmpz_mat_clear(B), fmpz_mat_clear(X);
    return ok;
}

/* The small pieces and their H_P. */
static void klead_pieces(struct _ct_lskron_lead_struct *L, const ct_lskron_struct *S)
{
    slong nu = S->nu, nr = 0, nn = 0;
    char *seen = flint_calloc(FLINT_MAX(nu, 1), 1);
    slong *mark = flint_malloc(FLINT_MAX(S->m, 1) * sizeof(slong));
    for (slong q = 0; q < S->m; q++)
        mark[q] = -1;
    L->pc = flint_malloc(FLINT_MAX(nu, 1) * sizeof(slong));
    L->rows = flint_malloc(FLINT_MAX(nu, 1) * sizeof(slong));
    L->nbr = flint_malloc(FLINT_MAX(S->rowstart[S->head.n], 1) * sizeof(slong));
    L->roff = flint_malloc((nu + 1) * sizeof(slong));
    L->noff = flint_malloc((nu + 1) * sizeof(slong));
    L->roff[0] = L->noff[0] = 0;
    for (slong a = 0; a < nu; a++) {
        L->pc[a] = -1;
        if (seen[a])
            continue;
        slong len = klead_piece(L, nr, seen, S, a);
        if (len > CT_LSKRON_LEAD_PIECE)
            continue; /* its rows are overwritten by the next piece */
        nr += len, L->roff[L->np + 1] = nr;
        nn += klead_nbrs(L, nn, L->np, mark, S), L->noff[L->np + 1] = nn;
        L->np++;
    }
    L->hoff = flint_malloc((L->np + 1) * sizeof(slong));
    L->hoff[0] = 0;
    for (slong t = 0; t < L->np; t++)
        L->hoff[t + 1] =
            L->hoff[t] + (L->roff[t + 1] - L->roff[t]) * (L->noff[t + 1] - L->noff[t]);
    L->H = _fmpz_vec_init(FLINT_MAX(L->hoff[L->np], 1));
    L->hden = _fmpz_vec_init(FLINT_MAX(L->np, 1));
    slong *loc = flint_malloc(FLINT_MAX(nu + S->m, 1) * sizeof(slong));
    for (slong t = 0; t < L->np; t++)
        if (klead_piece_h(L, t, loc, S))
            for (slong r = L->roff[t]; r < L->roff[t + 1]; r++)
                L->pc[L->rows[r]] = t;
    flint_free(seen), flint_free(mark), flint_free(loc);
}

/* V_{p+1} = V_p - K V_p / rho where V_p and U_p are available around the row. */
static void klead_next_v(struct _ct_lskron_lead_struct *L, const ct_lskron_struct *S,
                         slong p)
{
    slong c = S->head.c;
    const fmpq *V = L->V[p], *U = L->U[p];
    fmpq *W = L->V[p + 1] = _fmpq_vec_init(FLINT_MAX(S->m * c, 1));
    char *ok = L->vok[p + 1] = flint_calloc(FLINT_MAX(S->m, 1), 1);
    fmpq *kv = _fmpq_vec_init(c);
    fmpq_t t;
    fmpz_t rho;
    fmpq_init(t);
    fmpz_init_set_si(rho, (slong)S->rho);
    for (slong q = 0; q < S->m; q++) {
        slong i = S->lab[q];
        int have = L->vok[p][q];
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1] && have; e++) {
            slong x = S->pos[S->col[e]];
            have = x >= 0 ? L->vok[p][x] : L->uok[p][-1 - x];
        }
        if (!have)
            continue;
        for (slong k = 0; k < c; k++) /* (K v)_i */
            fmpq_mul_ui(kv + k, V + q * c + k, (ulong)S->deg[i]);
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong x = S->pos[S->col[e]];
            const fmpq *v = x >= 0 ? V + x * c : U + (-1 - x) * c;
            for (slong k = 0; k < c; k++)
                fmpq_mul_ui(t, v + k, (ulong)S->w[e]), fmpq_sub(kv + k, kv + k, t);
        }
        for (slong k = 0; k < c; k++) {
            fmpq_div_fmpz(t, kv + k, rho);
            fmpq_sub(W + q * c + k, V + q * c + k, t);
        }
        ok[q] = 1;
    }
    _fmpq_vec_clear(kv, c);
    fmpq_clear(t);
    fmpz_clear(rho);
}

/* U_p = H_P V_p on the small pieces whose labeled neighbours have V_p (p >= 1). */
static void klead_next_u(struct _ct_lskron_lead_struct *L, const ct_lskron_struct *S,
                         slong p)
{
    slong c = S->head.c;
    fmpq *U = L->U[p] = _fmpq_vec_init(FLINT_MAX(S->nu * c, 1));
    char *ok = L->uok[p] = flint_calloc(FLINT_MAX(S->nu, 1), 1);
    fmpq_t t;
    fmpq_init(t);
    for (slong s = 0; s < L->np; s++) {
        slong n0 = L->noff[s], nn = L->noff[s + 1] - n0, have = 1;
        for (slong j = 0; j < nn && have; j++)
            have = L->vok[p][L->nbr[n0 + j]];
        if (!have || L->pc[L->rows[L->roff[s]]] != s)
            continue;
        for (slong r = L->roff[s]; r < L->roff[s + 1]; r++) {
            slong a = L->rows[r];
            const fmpz *h = L->H + L->hoff[s] + (r - L->roff[s]) * nn;
            for (slong k = 0; k < c; k++) {
                for (slong j = 0; j < nn; j++) {
                    fmpq_mul_fmpz(t, L->V[p] + L->nbr[n0 + j] * c + k, h + j);
                    fmpq_add(U + a * c + k, U + a * c + k, t);
                }
                fmpq_div_fmpz(U + a * c + k, U + a * c + k, L->hden + s);
            }
            ok[a] = 1;
        }
    }
    fmpq_clear(t);
}

int _ct_lskron_lead_compute(ct_lskron_struct *S)
{
    if (S->lead != NULL)
        return 0;
    struct _ct_lskron_lead_struct *L = flint_calloc(1, sizeof(*L));
    L->m = S->m, L->nu = S->nu, L->c = S->head.c;
    if (klead_level0(L, S)) {
        _ct_lskron_lead_free(L);
        return 1;
    }
    klead_pieces(L, S);
    klead_next_v(L, S, 0);
    L->nlev = 1;
    S->lead = L;
    return 0;
}

int _ct_lskron_lead_more(ct_lskron_struct *S)
{
    struct _ct_lskron_lead_struct *L = S->lead;
    if (L == NULL || L->nlev >= CT_LSKRON_LEAD_LEVELS)
        return 0;
    klead_next_u(L, S, L->nlev);
    klead_next_v(L, S, L->nlev);
    L->nlev++;
    return 1;
}

/* The exact a_j of node i's pair (k, l) in r; 0 when S does not have it. */
static int klead_value(fmpq_t r, const ct_lskron_struct *S, slong i, slong k, slong l,
                       slong j)
{
    const struct _ct_lskron_lead_struct *L = S->lead;
    slong q = S->pos[i], a = -1 - q, c = L->c;
    if (q >= 0 ? j > L->nlev || !L->vok[j][q] : j >= L->nlev || !L->uok[j][a])
        return 0;
    const fmpq *v = q >= 0 ? L->V[j] + q * c : L->U[j] + a * c;
    fmpq_sub(r, v + k, v + l);
    return 1;
}

void _ct_lskron_exact_lead(arb_ptr a, slong J, const ct_lskron_struct *S, slong i,
                           slong k, slong l, slong prec)
{
    if (S->lead == NULL)
        return;
    fmpq_t r;
    fmpq_init(r);
    for (slong j = 0; j <= J; j++) {
        if (arb_is_zero(a + j))
            continue;
        if (!klead_value(r, S, i, k, l, j))
            break;
        if (fmpq_is_zero(r)) {
            arb_zero(a + j);
            continue;
        }
        arb_set_fmpq(a + j, r, prec);
        break;
    }
    fmpq_clear(r);
}
