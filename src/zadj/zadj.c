/* zadj: the lifting solve when it applies, else the multimodular one.

   Multimodular: adj(A) E = det(A) A^{-1} E modulo word-size primes (one LU
   each) until their product exceeds twice the caller's bound, then rebuilt by
   CRT (ct_crt): exact, and only the requested rows are rebuilt. Huge entries
   of A are reduced modulo a run of primes at once by a remainder tree
   (ct_crt_mm); with spare threads the primes go in rounds (ct_crt_rounds). */
#include <flint/nmod_mat.h>
#include "certune/crt.h"
#include "certune/pool.h"
#include "certune/zadj.h"
#include "certune/zlift.h"

/* The lifting solve: 1 when it concluded (Y = d A^{-1} E, d > 0). */
static int zadj_lift(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab, const slong *grp,
                     slong m, slong ngroups, const slong *rows, slong nr, slong inv_bits,
                     slong lift_min)
{
    if (lift_min <= 0 || A->r < lift_min)
        return 0;
    fmpz_mat_t E;
    fmpz_t d;
    fmpz_mat_init(E, A->r, ngroups);
    fmpz_init(d);
    for (slong j = 0; j < m; j++)
        fmpz_one(fmpz_mat_entry(E, lab[j], grp[j]));
    int ok = ct_zlift_solve_rows(Y, d, A, E, inv_bits, rows, nr, ct_pool_inner_threads());
    fmpz_mat_clear(E);
    fmpz_clear(d);
    return ok;
}

/* det(A) mod p from its LU factorization (A overwritten by nmod_mat_lu). */
static ulong zadj_lu_det(const nmod_mat_t LU, slong *perm)
{
    ulong d = 1;
    slong n = LU->r, transpositions = 0;
    for (slong i = 0; i < n; i++)
        d = nmod_mul(d, nmod_mat_entry(LU, i, i), LU->mod);
    for (slong i = 0; i < n; i++) /* the sign of perm from its cycles */
        while (perm[i] != i) {
            slong j = perm[i];
            perm[i] = perm[j], perm[j] = j;
            transpositions++;
        }
    return transpositions % 2 ? nmod_neg(d, LU->mod) : d;
}

/* One prime's solve: LU holds A mod p (reduced by the calling thread: the
   remainder tree is shared state); zadj_mod may then run on any thread. */
typedef struct {
    nmod_mat_t LU, Yp;
    int ok;
} zadj_job;

/* Yp = the rows of adj(A) E mod p from J->LU = A mod p (overwritten); J->ok = 0
   when p divides det(A) (prime skipped). */
static void zadj_mod(zadj_job *J, const slong *lab, const slong *grp, slong m,
                     const slong *rows)
{
    slong n = J->LU->r, ng = J->Yp->c;
    ulong p = J->Yp->mod.n;
    slong *perm = flint_malloc(n * sizeof(slong)), *inv = flint_malloc(n * sizeof(slong));
    nmod_mat_t B, X;
    nmod_mat_struct *LU = J->LU;
    nmod_mat_init(B, n, ng, p);
    nmod_mat_init(X, n, ng, p);
    for (slong i = 0; i < n; i++)
        perm[i] = i;
    J->ok = nmod_mat_lu(perm, LU, 1) == n;
    if (J->ok) {
        for (slong i = 0; i < n; i++) /* row i of P E is row perm[i] of E */
            inv[perm[i]] = i;
        for (slong j = 0; j < m; j++)
            nmod_mat_entry(B, inv[lab[j]], grp[j]) = 1;
        nmod_mat_solve_tril_recursive(X, LU, B, 1); /* blocked: faster than classical */
        nmod_mat_solve_triu_recursive(B, LU, X, 0); /* B = A^{-1} E */
        ulong det = zadj_lu_det(LU, perm);
        for (slong r = 0; r < J->Yp->r; r++)
            for (slong g = 0; g < ng; g++)
                nmod_mat_entry(J->Yp, r, g) =
                    nmod_mul(nmod_mat_entry(B, rows[r], g), det, LU->mod);
    }
    nmod_mat_clear(B), nmod_mat_clear(X);
    flint_free(perm), flint_free(inv);
}

/* A round of primes (ct_crt_rounds): slot j holds prime j's job; accepted
   primes' residues are moved to res[0 .. nres). */
typedef struct {
    zadj_job *jobs;
    ct_crt_mm_struct *Amod;
    const slong *lab, *grp, *rows;
    slong m, n, nr, ngroups;
    nmod_mat_struct *res;
    slong nres, alloc;
} zadj_round;

static void zadj_round_take(void *arg, slong j, ct_crt_t C)
{
    zadj_round *D = arg;
    ct_crt_mm_at(D->Amod, C);
    nmod_mat_init(D->jobs[j].LU, D->n, D->n, C->cand);
    nmod_mat_init(D->jobs[j].Yp, D->nr, D->ngroups, C->cand);
    ct_crt_mm_mat(D->jobs[j].LU, D->Amod, 0);
}

static void zadj_round_work(void *arg, slong j)
{
    zadj_round *D = arg;
    zadj_mod(D->jobs + j, D->lab, D->grp, D->m, D->rows);
}

static void zadj_round_give(void *arg, slong j, ct_crt_t C)
{
    zadj_round *D = arg;
    zadj_job *J = D->jobs + j;
    nmod_mat_clear(J->LU);
    if (!J->ok) {
        nmod_mat_clear(J->Yp);
        return;
    }
    ct_crt_accept(C);
    if (D->nres == D->alloc)
        D->res = flint_realloc(D->res, (D->alloc *= 2) * sizeof(nmod_mat_struct));
    D->res[D->nres++] = *J->Yp; /* moved */
}

/* Y[r][g] from its residues: Yp[k] modulo the k-th accepted prime of R. */
static void zadj_reconstruct(fmpz_mat_t Y, const nmod_mat_struct *Yp, ct_crt_t R)
{
    ulong *res = flint_malloc(FLINT_MAX(R->np, 1) * sizeof(ulong));
    ct_crt_prepare(R);
    for (slong r = 0; r < Y->r; r++)
        for (slong g = 0; g < Y->c; g++) {
            for (slong k = 0; k < R->np; k++)
                res[k] = nmod_mat_entry(Yp + k, r, g);
            ct_crt_get(fmpz_mat_entry(Y, r, g), res, 0, R); /* 0 <= Y < M */
        }
    flint_free(res);
}

static void zadj_multimodular(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab,
                              const slong *grp, slong m, slong ngroups, const slong *rows,
                              slong nr, slong bits)
{
    slong nth = ct_pool_inner_threads();
    static const ct_crt_round_struct F = {zadj_round_take, zadj_round_work,
                                          zadj_round_give};
    ct_crt_t R;
    ct_crt_mm_t Amod; /* A's huge entries by a remainder tree (docs/architecture.md) */
    zadj_round D = {flint_malloc(nth * sizeof(zadj_job)),
                    Amod,
                    lab,
                    grp,
                    rows,
                    m,
                    A->r,
                    nr,
                    ngroups,
                    NULL,
                    0,
                    bits / 58 + 2};
    D.res = flint_malloc(D.alloc * sizeof(nmod_mat_struct));
    /* primes above 2^58: FLINT's dot products mod p then accumulate in two
       limbs for lengths up to 2^12 (above 2^59: 2^10; near 2^62: three limbs) */
    ct_crt_init(R, 58, bits);
    ct_crt_mm_init(Amod, WORD(1) << 22);
    ct_crt_mm_add(Amod, A->entries, A->r * A->c);
    /* with spare threads (ct_pool_inner_threads) the primes go in rounds:
       inputs reduced in order, solved in parallel, accepted in order */
    ct_crt_rounds(R, nth, &F, &D);
    flint_free(D.jobs);
    zadj_reconstruct(Y, D.res, R);
    for (slong i = 0; i < D.nres; i++)
        nmod_mat_clear(D.res + i);
    flint_free(D.res);
    ct_crt_mm_clear(Amod);
    ct_crt_clear(R);
}

void ct_zadj_rows(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab, const slong *grp,
                  slong m, slong ngroups, const slong *rows, slong nr, slong bits,
                  slong inv_bits, slong lift_min)
{
    if (!zadj_lift(Y, A, lab, grp, m, ngroups, rows, nr, inv_bits, lift_min))
        zadj_multimodular(Y, A, lab, grp, m, ngroups, rows, nr, bits);
}
