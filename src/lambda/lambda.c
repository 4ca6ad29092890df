/* lambda: sign functions of the smoothing family via Kron reduction.

   Per component, with L_int = s L integral (s clears the weights' denominators)
   and lambda' = s lambda, the sign of F[i][k] - F[i][l] is that of the integer
   polynomial N(lambda') = sum over labeled j of class k minus class l of
   adj(L_int + lambda' Delta)[i][j], of degree < m (m labeled nodes), because
   det(L_int + lambda' Delta) > 0. N is computed modulo word-size primes through
   the Kron reduction (docs/lambda.md) and reconstructed by CRT once the primes'
   product exceeds twice a Hadamard-type bound on its coefficients: exact, and
   free of the coefficient swell of rational Kron reduction. */
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/nmod_poly.h>
#include "certune/mem.h"
#include "certune/component.h"
#include "certune/crt.h"
#include "certune/lambda.h"
#include "certune/pool.h"
#include "lambda_internal.h"

void _ct_lambda_weight_scale(fmpz_t s, const ct_instance_t inst,
                             const ct_component_index_struct *X, slong k)
{
    fmpz_one(s);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++)
        fmpz_lcm(s, s, fmpq_denref(inst->ew + X->edge[j]));
}

/* Fills the blocks L_ll, L_ul, L_uu of s L restricted to the component. */
static void lambda_laplacian_blocks(fmpz_mat_t Lll, fmpz_mat_t Lul, fmpz_mat_t Luu,
                                    const ct_instance_t inst,
                                    const ct_component_index_struct *X, slong k,
                                    const kron_sets *S, const fmpz_t s)
{
    fmpz_t w;
    fmpz_init(w);
    for (slong j = X->edge_start[k]; j < X->edge_start[k + 1]; j++) {
        slong e = X->edge[j], a = inst->eu[e], b = inst->ev[e];
        fmpz_mul(w, fmpq_numref(inst->ew + e), s);
        fmpz_divexact(w, w, fmpq_denref(inst->ew + e));
        int la = inst->label[a] >= 0, lb = inst->label[b] >= 0;
        slong pa = S->pos[a], pb = S->pos[b];
        fmpz_mat_struct *Da = la ? Lll : Luu, *Db = lb ? Lll : Luu;
        fmpz_add(fmpz_mat_entry(Da, pa, pa), fmpz_mat_entry(Da, pa, pa), w);
        fmpz_add(fmpz_mat_entry(Db, pb, pb), fmpz_mat_entry(Db, pb, pb), w);
        if (la && lb) {
            fmpz_sub(fmpz_mat_entry(Lll, pa, pb), fmpz_mat_entry(Lll, pa, pb), w);
            fmpz_sub(fmpz_mat_entry(Lll, pb, pa), fmpz_mat_entry(Lll, pb, pa), w);
        } else if (!la && !lb) {
            fmpz_sub(fmpz_mat_entry(Luu, pa, pb), fmpz_mat_entry(Luu, pa, pb), w);
            fmpz_sub(fmpz_mat_entry(Luu, pb, pa), fmpz_mat_entry(Luu, pb, pa), w);
        } else if (la) {
            fmpz_sub(fmpz_mat_entry(Lul, pb, pa), fmpz_mat_entry(Lul, pb, pa), w);
        } else {
            fmpz_sub(fmpz_mat_entry(Lul, pa, pb), fmpz_mat_entry(Lul, pa, pb), w);
        }
    }
    fmpz_clear(w);
}

static ct_signfn_struct *lambda_append(ct_signfn_struct **out, slong *count,
                                       slong inst_idx, const ct_instance_t inst, slong i)
{
    return ct_signfn_append(out, count, &ct_signfn_type_poly, inst_idx, i,
                            ct_signfn_truth(inst, i), inst->c);
}

/* Scored nodes of a component, with the residues of their pair polynomials. */
typedef struct {
    slong nsc, npairs, m;
    slong *side, *idx; /* side 0: row idx of the labeled block, 1: unlabeled */
    fmpz *coef;        /* nsc * npairs * m coefficients of lambda'^e, by CRT */
} lambda_target;

/* Bits of 2 m 2^m prod_i max(1, ceil(|row_i|_2)) over the rows of L_int: twice
   a bound on every coefficient of every N (docs/lambda.md); the rows' squared
   norms from the dense blocks, or from Lll and the sparse ones (sp). */
static slong lambda_bound_bits(const fmpz_mat_t Lll, const fmpz_mat_t Lul,
                               const fmpz_mat_t Luu, const _ct_lambda_sparse *sp)
{
    slong m = Lll->r, nu = sp != NULL ? sp->nu : Luu->r, n = m + nu;
    fmpz *sq = _fmpz_vec_init(n);
    for (slong j = 0; j < m; j++)
        for (slong k = 0; k < m; k++)
            fmpz_addmul(sq + j, fmpz_mat_entry(Lll, j, k), fmpz_mat_entry(Lll, j, k));
    if (sp != NULL)
        _ct_lambda_sparse_sq(sq, sp);
    for (slong i = 0; sp == NULL && i < nu; i++)
        for (slong j = 0; j < m; j++) {
            const fmpz *e = fmpz_mat_entry(Lul, i, j);
            fmpz_addmul(sq + m + i, e, e);
            fmpz_addmul(sq + j, e, e);
        }
    for (slong i = 0; sp == NULL && i < nu; i++)
        for (slong k = 0; k < nu; k++)
            fmpz_addmul(sq + m + i, fmpz_mat_entry(Luu, i, k), fmpz_mat_entry(Luu, i, k));
    fmpz_t prod, r;
    fmpz_init_set_ui(prod, 2 * (ulong)m);
    fmpz_init(r);
    fmpz_mul_2exp(prod, prod, (ulong)m);
    for (slong i = 0; i < n; i++) {
        fmpz_sqrt(r, sq + i);
        fmpz_add_ui(r, r, 1); /* >= ceil(sqrt), and >= 1 */
        fmpz_mul(prod, prod, r);
    }
    slong bits = fmpz_bits(prod);
    fmpz_clear(prod);
    fmpz_clear(r);
    _fmpz_vec_clear(sq, n);
    return bits;
}

/* X = A^{-1} B and *det = det(A) from one LU factorization (A is overwritten);
   returns 0 when A is singular mod p. */
static int lambda_lu_solve(nmod_mat_t X, ulong *det, nmod_mat_t A, const nmod_mat_t B)
{
    slong n = A->r, rank;
    slong *perm = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++)
        perm[i] = i;
    rank = nmod_mat_lu(perm, A, 1);
    if (rank == n) {
        nmod_mat_t PB;
        nmod_mat_window_init(PB, B, 0, 0, B->r, B->c);
        for (slong i = 0; i < n; i++)
            PB->rows[i] = B->rows[perm[i]];
        nmod_mat_solve_tril(X, A, PB, 1);
        nmod_mat_solve_triu(X, A, X, 0);
        nmod_mat_window_clear(PB);
        /* det(A) = sign(perm) prod U_ii; the sign from the cycles of perm */
        ulong d = 1;
        for (slong i = 0; i < n; i++)
            d = nmod_mul(d, nmod_mat_entry(A, i, i), A->mod);
        slong transpositions = 0;
        for (slong i = 0; i < n; i++)
            while (perm[i] != i) {
                slong j = perm[i];
                perm[i] = perm[j], perm[j] = j;
                transpositions++;
            }
        *det = transpositions % 2 ? nmod_neg(d, A->mod) : d;
    }
    flint_free(perm);
    return rank == n;
}

/* The blocks of L_int and their residues modulo the current prime: entries of
   many limbs (huge weights) are reduced modulo a run of primes at once. */
typedef struct {
    const fmpz_mat_struct *Lll, *Lul, *Luu;
    const _ct_lambda_sparse *sp; /* not NULL: L_ul and L_uu from it, 0 x 0 above */
    ct_crt_mm_t mm;
    slong id[3];
} lambda_input;

/* Primes just above 2^58: FLINT's modular dot products (LU, triangular
   solves, products) then accumulate in two limbs for lengths up to 2^12
   instead of three above 2^62. */
#define LAMBDA_PRIME_BITS 58

/* Words of residues kept by the remainder tree and by the chunked CRT. */
#define LAMBDA_CRT_BUDGET (WORD(1) << 22)

static void lambda_input_init(lambda_input *I, const fmpz_mat_t Lll, const fmpz_mat_t Lul,
                              const fmpz_mat_t Luu, const _ct_lambda_sparse *sp)
{
    I->Lll = Lll, I->Lul = Lul, I->Luu = Luu, I->sp = sp;
    ct_crt_mm_init(I->mm, LAMBDA_CRT_BUDGET);
    I->id[0] = ct_crt_mm_add(I->mm, Lll->entries, Lll->r * Lll->c);
    I->id[1] = ct_crt_mm_add(I->mm, Lul->entries, Lul->r * Lul->c);
    I->id[2] = ct_crt_mm_add(I->mm, Luu->entries, Luu->r * Luu->c);
}

/* One prime's work: its inputs reduced by the calling thread (the remainder
   tree is shared state), then the residues computed by any thread. */
typedef struct {
    nmod_mat_t K, Uu, Ul; /* L_ll, L_uu, L_ul modulo p (0 x 0 with sp) */
    const _ct_lambda_sparse *sp;
    ulong p, *res; /* the residues of every N modulo p (T's layout) */
    int ok;        /* 0: p divides det(L_uu), skipped */
} lambda_job;

static void lambda_job_init(lambda_job *J, ulong p, const lambda_input *I, slong len)
{
    J->p = p, J->sp = I->sp;
    nmod_mat_init(J->K, I->Lll->r, I->Lll->c, p);
    nmod_mat_init(J->Uu, I->Luu->r, I->Luu->c, p);
    nmod_mat_init(J->Ul, I->Lul->r, I->Lul->c, p);
    ct_crt_mm_mat(J->K, I->mm, I->id[0]);
    if (I->Luu->r > 0) {
        ct_crt_mm_mat(J->Uu, I->mm, I->id[2]);
        ct_crt_mm_mat(J->Ul, I->mm, I->id[1]);
    }
    J->res = flint_malloc(FLINT_MAX(len, 1) * sizeof(ulong));
    J->ok = 0;
}

static void lambda_job_clear(lambda_job *J)
{
    nmod_mat_clear(J->K), nmod_mat_clear(J->Uu), nmod_mat_clear(J->Ul);
    flint_free(J->res);
}

/* K = L_ll + L_lu H with H = -L_uu^{-1} L_ul, all mod p, in place of J's
   inputs (Uu is overwritten); *det = det(L_uu) mod p. Returns 0 when p divides
   det(L_uu). */
static int lambda_kron_mod(nmod_mat_t H, ulong *det, lambda_job *J)
{
    *det = 1;
    if (J->sp != NULL)
        return _ct_lambda_sparse_kron(H, det, J->K, J->sp);
    if (J->Uu->r == 0)
        return 1;
    nmod_mat_t Lul;
    nmod_mat_init_set(Lul, J->Ul);
    nmod_mat_neg(J->Ul, J->Ul);
    int ok = lambda_lu_solve(H, det, J->Uu, J->Ul);
    /* K += L_lu H row by row of L_ul: it has a few entries per row (the
       edges between unlabeled and labeled nodes), a dense product m nu m */
    for (slong u = 0; ok && u < Lul->r; u++)
        for (slong l = 0; l < Lul->c; l++) {
            ulong a = nmod_mat_entry(Lul, u, l);
            if (a != 0)
                _nmod_vec_scalar_addmul_nmod(J->K->rows[l], H->rows[u], H->c, a,
                                             J->K->mod);
        }
    nmod_mat_clear(Lul);
    return ok;
}

/* Wall (m x c m), block t = W_t: column t c + k is the coefficient of
   lambda'^(m-1-t) in adj(lambda' I + K) Y_l[:, k] (Faddeev-LeVerrier). */
static void lambda_krylov_mod(nmod_mat_t Wall, const nmod_mat_t K,
                              const ct_instance_t inst, const kron_sets *S)
{
    slong m = S->m, c = inst->c;
    ulong p = K->mod.n;
    nmod_mat_t B, Wt, Wn;
    nmod_poly_t cp;
    nmod_mat_init(B, m, m, p);
    nmod_mat_init(Wt, m, c, p);
    nmod_mat_init(Wn, m, c, p);
    nmod_poly_init(cp, p);
    nmod_mat_neg(B, K);
    nmod_mat_charpoly(cp, B);
    for (slong j = 0; j < m; j++)
        nmod_mat_entry(Wt, j, inst->label[S->lab[j]]) = 1;
    for (slong t = 0; t < m; t++) {
        if (t > 0) {
            nmod_mat_mul(Wn, B, Wt);
            nmod_mat_swap(Wn, Wt);
            ulong ct = nmod_poly_get_coeff_ui(cp, m - t);
            for (slong j = 0; j < m; j++) {
                ulong *e = &nmod_mat_entry(Wt, j, inst->label[S->lab[j]]);
                *e = nmod_add(*e, ct, Wt->mod);
            }
        }
        for (slong j = 0; j < m; j++)
            for (slong k = 0; k < c; k++)
                nmod_mat_entry(Wall, j, t * c + k) = nmod_mat_entry(Wt, j, k);
    }
    nmod_mat_clear(B);
    nmod_mat_clear(Wt);
    nmod_mat_clear(Wn);
    nmod_poly_clear(cp);
}

/* Residues of every N of the component modulo J's prime into J->res; J->ok = 0
   if the prime is bad. Touches J and reads T, inst, S only: any thread. */
static void lambda_residues(lambda_job *J, const lambda_target *T,
                            const ct_instance_t inst, const kron_sets *S)
{
    slong m = S->m, c = inst->c, nsu = 0;
    ulong det, p = J->p;
    for (slong r = 0; r < T->nsc; r++)
        nsu += T->side[r];
    nmod_mat_t H, Wall, Hs, HW; /* HW: the scored unlabeled rows' only */
    nmod_mat_init(H, S->nu, m, p);
    nmod_mat_init(Wall, m, c * m, p);
    nmod_mat_init(Hs, nsu, m, p);
    nmod_mat_init(HW, nsu, c * m, p);
    J->ok = lambda_kron_mod(H, &det, J);
    if (J->ok) {
        lambda_krylov_mod(Wall, J->K, inst, S);
        for (slong r = 0, q = 0; r < T->nsc; r++)
            if (T->side[r])
                _nmod_vec_set(Hs->rows[q++], H->rows[T->idx[r]], m);
        if (nsu > 0)
            nmod_mat_mul(HW, Hs, Wall);
        for (slong r = 0, q = 0; r < T->nsc; r++) {
            const ulong *row = T->side[r] ? HW->rows[q++] : Wall->rows[T->idx[r]];
            ulong *out = J->res + r * T->npairs * m;
            for (slong k = 0; k < c; k++)
                for (slong l = k + 1; l < c; l++, out += m)
                    for (slong e = 0; e < m; e++) {
                        slong t = m - 1 - e;
                        ulong d = nmod_sub(row[t * c + k], row[t * c + l], J->K->mod);
                        out[e] = nmod_mul(d, det, J->K->mod);
                    }
        }
    }
    nmod_mat_clear(H);
    nmod_mat_clear(Wall);
    nmod_mat_clear(Hs);
    nmod_mat_clear(HW);
}

/* The scored nodes of the component, labeled block first. */
static void lambda_target_init(lambda_target *T, const ct_instance_t inst,
                               const kron_sets *S, int score_all, const char *only)
{
    slong n = S->m + S->nu;
    T->m = S->m;
    T->npairs = inst->c * (inst->c - 1) / 2;
    T->side = flint_malloc(n * sizeof(slong));
    T->idx = flint_malloc(n * sizeof(slong));
    T->nsc = 0;
    for (int side = 0; side < 2; side++)
        for (slong r = 0; r < (side ? S->nu : S->m); r++)
            if (ct_signfn_is_scored(inst, side ? S->unl[r] : S->lab[r], score_all) &&
                (only == NULL || only[side ? S->unl[r] : S->lab[r]])) {
                T->side[T->nsc] = side;
                T->idx[T->nsc++] = r;
            }
    slong len = FLINT_MAX(T->nsc * T->npairs * T->m, 1);
    T->coef = _fmpz_vec_init(len);
}

static void lambda_target_clear(lambda_target *T)
{
    _fmpz_vec_clear(T->coef, FLINT_MAX(T->nsc * T->npairs * T->m, 1));
    flint_free(T->side);
    flint_free(T->idx);
}

/* A round of primes (ct_crt_rounds): slot j holds prime j's job. */
typedef struct {
    lambda_job *jobs;
    lambda_input *I;
    ct_crt_vec_struct *V;
    const lambda_target *T;
    const ct_instance_struct *inst;
    const kron_sets *S;
} lambda_round;

static void lambda_round_take(void *arg, slong j, ct_crt_t C)
{
    lambda_round *R = arg;
    ct_crt_mm_at(R->I->mm, C);
    lambda_job_init(R->jobs + j, C->cand, R->I, R->T->nsc * R->T->npairs * R->T->m);
}

static void lambda_round_work(void *arg, slong j)
{
    lambda_round *R = arg;
    lambda_residues(R->jobs + j, R->T, R->inst, R->S);
}

static void lambda_round_give(void *arg, slong j, ct_crt_t C)
{
    lambda_round *R = arg;
    if (R->jobs[j].ok)
        ct_crt_vec_accept(R->jobs[j].res, R->V, C);
    lambda_job_clear(R->jobs + j);
}

/* CRT over primes above 2^58 until their product exceeds the bound, by chunks
   (ct_crt_vec); the inputs' huge entries by a remainder tree (ct_crt_mm). With
   spare threads (ct_pool_inner_threads) the primes go in rounds of that many
   (ct_crt_rounds): inputs reduced in order, residues computed in parallel,
   primes accepted in order. */
static void lambda_reconstruct(lambda_target *T, const fmpz_mat_t Lll,
                               const fmpz_mat_t Lul, const fmpz_mat_t Luu,
                               const _ct_lambda_sparse *sp, const ct_instance_t inst,
                               const kron_sets *S)
{
    slong len = T->nsc * T->npairs * T->m, bits = lambda_bound_bits(Lll, Lul, Luu, sp);
    /* the CRT's values grow to the bound's size: fail now if they cannot fit */
    ct_mem_check_room(ct_mem_size((size_t)len, (size_t)(bits / FLINT_BITS + 2) * 8));
    slong nth = ct_pool_inner_threads();
    static const ct_crt_round_struct F = {lambda_round_take, lambda_round_work,
                                          lambda_round_give};
    ct_crt_t C;
    ct_crt_vec_t V;
    lambda_input I;
    lambda_round R = {flint_malloc(nth * sizeof(lambda_job)), &I, V, T, inst, S};
    ct_crt_init(C, LAMBDA_PRIME_BITS, bits + 1);
    ct_crt_vec_init(V, len, LAMBDA_CRT_BUDGET, C);
    lambda_input_init(&I, Lll, Lul, Luu, sp);
    ct_crt_rounds(C, nth, &F, &R);
    ct_crt_vec_finish(T->coef, V, C);
    ct_crt_mm_clear(I.mm);
    ct_crt_vec_clear(V);
    ct_crt_clear(C);
    flint_free(R.jobs);
}

/* diff(lambda) = N(s lambda) divided by its positive content. */
static void lambda_pair_poly(fmpz_poly_t diff, const fmpz *coef, slong m, const fmpz_t s)
{
    fmpz_t spow, t;
    fmpz_init_set_ui(spow, 1);
    fmpz_init(t);
    fmpz_poly_zero(diff);
    for (slong e = 0; e < m; e++) {
        fmpz_mul(t, coef + e, spow);
        fmpz_poly_set_coeff_fmpz(diff, e, t);
        fmpz_mul(spow, spow, s);
    }
    if (!fmpz_poly_is_zero(diff)) {
        fmpz_poly_content(t, diff);
        fmpz_poly_scalar_divexact_fmpz(diff, diff, t);
    }
    fmpz_clear(spow);
    fmpz_clear(t);
}

/* N's coefficients as polynomials in t (PT, nsc * npairs * m of them) from
   dt + 1 solves of the pencil P at small t (beyond the digits' Cauchy bound:
   every weight stays positive), interpolated (integer coefficients). */
static void lambda_pencil_solve(fmpz_poly_struct *PT, const _ct_lambda_pencil *P,
                                lambda_target *T, const ct_instance_t inst,
                                const kron_sets *S)
{
    slong np = P->dt + 1, len = T->nsc * T->npairs * T->m;
    fmpz *xs = _fmpz_vec_init(np), *ys = _fmpz_vec_init(np);
    fmpz **val = flint_malloc(np * sizeof(fmpz *));
    fmpz_mat_t Lll, Lul, Luu;
    fmpz_mat_init(Lll, S->m, S->m);
    fmpz_mat_init(Lul, S->nu, S->m);
    fmpz_mat_init(Luu, S->nu, S->nu);
    for (slong i = 0; i < np; i++) {
        fmpz_one(xs + i);
        fmpz_mul_2exp(xs + i, xs + i, 66);
        fmpz_add_ui(xs + i, xs + i, i);
        _ct_lambda_pencil_eval(Lll, Lul, Luu, P, xs + i);
        lambda_reconstruct(T, Lll, Lul, Luu, NULL, inst, S);
        val[i] = _fmpz_vec_init(FLINT_MAX(len, 1));
        _fmpz_vec_swap(val[i], T->coef, len);
    }
    for (slong idx = 0; idx < len; idx++) {
        for (slong i = 0; i < np; i++)
            fmpz_swap(ys + i, val[i] + idx);
        fmpz_poly_interpolate_fmpz_vec(PT + idx, xs, ys, np);
    }
    for (slong i = 0; i < np; i++)
        _fmpz_vec_clear(val[i], FLINT_MAX(len, 1));
    flint_free(val);
    _fmpz_vec_clear(xs, np), _fmpz_vec_clear(ys, np);
    fmpz_mat_clear(Lll), fmpz_mat_clear(Lul), fmpz_mat_clear(Luu);
}

/* The rows' polynomials from the pencil (lambda_pencil.c). */
static void lambda_component_pencil(ct_signfn_struct **out, slong *count, slong inst_idx,
                                    const ct_instance_t inst, const kron_sets *S,
                                    lambda_target *T, const _ct_lambda_pencil *P,
                                    const fmpz_t s, const ct_analysis_phase_struct *ph,
                                    const char *phase)
{
    slong len = T->nsc * T->npairs * T->m;
    fmpz_poly_struct *PT = flint_malloc(FLINT_MAX(len, 1) * sizeof(fmpz_poly_struct));
    for (slong i = 0; i < len; i++)
        fmpz_poly_init(PT + i);
    lambda_pencil_solve(PT, P, T, inst, S);
    fmpz_t one;
    ct_zadj_pow_t pw;
    fmpz_init_set_ui(one, 1);
    ct_zadj_pow_init(pw, P->H, one, P->dt);
    for (slong r = 0; r < T->nsc; r++) {
        slong node = T->side[r] ? S->unl[T->idx[r]] : S->lab[T->idx[r]];
        ct_signfn_struct *f = lambda_append(out, count, inst_idx, inst, node);
        for (slong p = 0; p < T->npairs; p++)
            _ct_lambda_pencil_pair(f->diff.poly + p, PT + (r * T->npairs + p) * T->m,
                                   T->m, s, pw);
        ct_analysis_phase(ph, phase, r + 1, T->nsc);
    }
    ct_zadj_pow_clear(pw);
    fmpz_clear(one);
    for (slong i = 0; i < len; i++)
        fmpz_poly_clear(PT + i);
    flint_free(PT);
}

/* The exact sign polynomials of component k's scored rows (only those set in
   only, when not NULL). */
static void lambda_component(ct_signfn_struct **out, slong *count, slong inst_idx,
                             const ct_instance_t inst, const ct_component_index_struct *X,
                             slong k, const kron_sets *S, int score_all, const char *only,
                             const ct_analysis_settings_struct *set, const char *phase)
{
    const ct_analysis_phase_struct *ph = &set->phase;
    _ct_lambda_pencil P;
    _ct_lambda_sparse sp;
    fmpz_t s;
    fmpz_mat_t Lll, Lul, Luu;
    lambda_target T;
    fmpz_init(s);
    _ct_lambda_weight_scale(s, inst, X, k);
    fmpz_mat_init(Lll, S->m, S->m);
    int sparse = _ct_lambda_sparse_init(&sp, Lll, inst, X, k, S, s);
    fmpz_mat_init(Lul, sparse ? 0 : S->nu, sparse ? 0 : S->m); /* sparse: in sp */
    fmpz_mat_init(Luu, sparse ? 0 : S->nu, sparse ? 0 : S->nu);
    if (!sparse)
        lambda_laplacian_blocks(Lll, Lul, Luu, inst, X, k, S, s);
    lambda_target_init(&T, inst, S, score_all, only);
    ct_analysis_phase(ph, phase, 0, T.nsc); /* the solve runs */
    int pencil = !sparse &&                 /* entries of 2^62 at most: never a pencil */
                 _ct_lambda_pencil_init(&P, Lll, Lul, Luu, s, set->pencil_max_nodes) &&
                 T.nsc > 0;
    if (pencil)
        lambda_component_pencil(out, count, inst_idx, inst, S, &T, &P, s, ph, phase);
    else if (T.nsc > 0)
        lambda_reconstruct(&T, Lll, Lul, Luu, sparse ? &sp : NULL, inst, S);
    if (!sparse)
        _ct_lambda_pencil_clear(&P);
    if (sparse)
        _ct_lambda_sparse_clear(&sp);
    for (slong r = 0; !pencil && r < T.nsc; r++) {
        slong node = T.side[r] ? S->unl[T.idx[r]] : S->lab[T.idx[r]];
        ct_signfn_struct *f = lambda_append(out, count, inst_idx, inst, node);
        for (slong p = 0; p < T.npairs; p++)
            lambda_pair_poly(f->diff.poly + p, T.coef + (r * T.npairs + p) * T.m, T.m, s);
        ct_analysis_phase(ph, phase, r + 1, T.nsc);
    }
    lambda_target_clear(&T);
    fmpz_clear(s);
    fmpz_mat_clear(Lll), fmpz_mat_clear(Lul), fmpz_mat_clear(Luu);
}

/* Splits component k into labeled and unlabeled nodes; returns m. */
static slong lambda_sets_fill(kron_sets *S, const ct_instance_t inst,
                              const ct_component_index_struct *X, slong k)
{
    S->m = S->nu = 0;
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++) {
        slong i = X->node[j];
        if (inst->label[i] >= 0) {
            S->pos[i] = S->m;
            S->lab[S->m++] = i;
        } else {
            S->pos[i] = S->nu;
            S->unl[S->nu++] = i;
        }
    }
    return S->m;
}

/* Component k (with a labeled node) to ball first, then the exact rows of
   what it did not take (rest: its marks, cleared again). */
static void lambda_offer(ct_signfn_struct **out, slong *count, const ct_instance_t inst,
                         slong inst_idx, const ct_component_index_struct *X, slong k,
                         const kron_sets *S, int score_all, _ct_lambda_ball_fn ball,
                         void *sink, char *rest, const ct_analysis_settings_struct *set)
{
    int took = ball == NULL ? 0 : ball(sink, inst, inst_idx, X, k, score_all, rest);
    int some = 0;
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++)
        some |= rest[X->node[j]];
    if (took <= 0)
        lambda_component(out, count, inst_idx, inst, X, k, S, score_all, NULL, set,
                         took < 0 ? "component rows (ball path declined)"
                                  : "component rows");
    else if (some)
        lambda_component(out, count, inst_idx, inst, X, k, S, score_all, rest, set,
                         "component rows (ball path declined some)");
    for (slong j = X->node_start[k]; j < X->node_start[k + 1]; j++)
        rest[X->node[j]] = 0;
}

void _ct_lambda_sign_functions_hook(ct_signfn_struct **out, slong *count,
                                    const ct_instance_t inst, slong inst_idx,
                                    int score_all, FILE *warn, _ct_lambda_ball_fn ball,
                                    void *sink, const ct_analysis_settings_struct *set)
{
    const ct_analysis_phase_struct *ph = set != NULL ? &set->phase : NULL;
    set = ct_analysis_settings_or_defaults(set);
    slong n = inst->n;
    kron_sets S;
    S.lab = flint_malloc(n * sizeof(slong));
    S.unl = flint_malloc(n * sizeof(slong));
    S.pos = flint_malloc(n * sizeof(slong));
    char *rest = flint_calloc(FLINT_MAX(n, 1), 1);
    ct_component_index_t X;
    ct_component_warn_struct W;
    ct_component_index_init(X, inst);
    ct_component_warn_init(&W, warn, inst->path);
    ct_analysis_phase(ph, "components solved", 0, X->ncomp);
    for (slong k = 0; k < X->ncomp; k++) {
        if (lambda_sets_fill(&S, inst, X, k) == 0)
            ct_signfn_append_unlabeled(out, count, &ct_signfn_type_poly, inst, inst_idx,
                                       S.unl, S.nu, score_all, &W);
        else
            lambda_offer(out, count, inst, inst_idx, X, k, &S, score_all, ball, sink,
                         rest, set);
        ct_analysis_phase(ph, "components solved", k + 1, X->ncomp);
    }
    ct_component_warn_finish(&W);
    ct_component_index_clear(X);
    flint_free(rest);
    flint_free(S.lab);
    flint_free(S.unl);
    flint_free(S.pos);
}

void ct_lambda_sign_functions(ct_signfn_struct **out, slong *count,
                              const ct_instance_t inst, slong inst_idx, int score_all,
                              FILE *warn)
{
    _ct_lambda_sign_functions_hook(out, count, inst, inst_idx, score_all, warn, NULL,
                                   NULL, NULL);
}

/* det(L_int + lambda' Delta) = det(L_uu) det(lambda' I + K) of component k,
   by CRT under the same bound as the sign polynomials. */
static void lambda_det_poly(fmpz_poly_t P, const ct_instance_t inst, const kron_sets *S,
                            const fmpz_mat_t Lll, const fmpz_mat_t Lul,
                            const fmpz_mat_t Luu)
{
    slong m = S->m, bits = lambda_bound_bits(Lll, Lul, Luu, NULL);
    fmpz *coef = _fmpz_vec_init(m + 1);
    ulong p, *res = flint_malloc((m + 1) * sizeof(ulong));
    ct_crt_t C;
    ct_crt_vec_t V;
    lambda_input I;
    ct_crt_init(C, LAMBDA_PRIME_BITS, bits + 1);
    ct_crt_vec_init(V, m + 1, LAMBDA_CRT_BUDGET, C);
    lambda_input_init(&I, Lll, Lul, Luu, NULL);
    while (ct_crt_next(&p, C)) {
        ct_crt_mm_at(I.mm, C);
        lambda_job J;
        nmod_mat_t H;
        nmod_poly_t cp;
        ulong det;
        lambda_job_init(&J, p, &I, 0);
        nmod_mat_init(H, S->nu, m, p);
        nmod_poly_init(cp, p);
        if (lambda_kron_mod(H, &det, &J)) {
            nmod_mat_charpoly(cp, J.K); /* det(x I - K); x = -lambda' below */
            for (slong e = 0; e <= m; e++) {
                ulong c = nmod_mul(nmod_poly_get_coeff_ui(cp, e), det, J.K->mod);
                res[e] = (m - e) % 2 == 1 ? nmod_neg(c, J.K->mod) : c;
            }
            ct_crt_vec_accept(res, V, C);
        }
        lambda_job_clear(&J);
        nmod_mat_clear(H);
        nmod_poly_clear(cp);
    }
    ct_crt_vec_finish(coef, V, C);
    ct_crt_mm_clear(I.mm);
    ct_crt_vec_clear(V);
    fmpz_poly_zero(P);
    for (slong e = 0; e <= m; e++)
        fmpz_poly_set_coeff_fmpz(P, e, coef + e);
    _fmpz_vec_clear(coef, m + 1);
    flint_free(res);
    ct_crt_clear(C);
    (void)inst;
}

slong ct_lambda_kron_distinct_eigenvalues(const ct_instance_t inst, const slong *comp,
                                          slong k)
{
    slong n = inst->n, q = 0;
    kron_sets S;
    S.lab = flint_malloc(n * sizeof(slong));
    S.unl = flint_malloc(n * sizeof(slong));
    S.pos = flint_malloc(n * sizeof(slong));
    ct_component_index_t X;
    ct_component_index_init(X, inst); /* numbered as comp is */
    (void)comp;
    if (lambda_sets_fill(&S, inst, X, k) > 0) {
        fmpz_t s;
        fmpz_mat_t Lll, Lul, Luu;
        fmpz_poly_t P, dP, g;
        fmpz_init(s);
        fmpz_mat_init(Lll, S.m, S.m);
        fmpz_mat_init(Lul, S.nu, S.m);
        fmpz_mat_init(Luu, S.nu, S.nu);
        fmpz_poly_init(P), fmpz_poly_init(dP), fmpz_poly_init(g);
        _ct_lambda_weight_scale(s, inst, X, k);
        lambda_laplacian_blocks(Lll, Lul, Luu, inst, X, k, &S, s);
        lambda_det_poly(P, inst, &S, Lll, Lul, Luu);
        /* K is symmetric, so its distinct eigenvalues are the distinct roots. */
        fmpz_poly_derivative(dP, P);
        fmpz_poly_gcd(g, P, dP);
        q = fmpz_poly_degree(P) - fmpz_poly_degree(g);
        fmpz_clear(s);
        fmpz_mat_clear(Lll), fmpz_mat_clear(Lul), fmpz_mat_clear(Luu);
        fmpz_poly_clear(P), fmpz_poly_clear(dP), fmpz_poly_clear(g);
    }
    flint_free(S.lab);
    flint_free(S.unl);
    flint_free(S.pos);
    ct_component_index_clear(X);
    return q;
}
