/* t-spchol: CHOLMOD's factor and spchol's solves against exact rational solves on
   random sparse symmetric positive definite matrices (weighted Laplacians
   plus a positive diagonal, rows given in any order), and NULL on indefinite
   matrices (a Laplacian with one diagonal entry lowered below its row's
   off-diagonal sum). Skipped (77) when CHOLMOD cannot be loaded. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <flint/fmpq_mat.h>
#include "check.h"
#include "certune/spchol.h"

/* A = L(W) + diag(shift): W random with integer weights 1..9 on a random
   spanning tree plus extra edges (about one in three nodes has one; with
   `dense`, every node has eight, so the factor fills in and its supernodes
   hold several columns and rows below them); its lower triangle in columns,
   each column's rows reversed (CHOLMOD must not need them sorted). */
typedef struct {
    slong n, *cp, *ri;
    double *v;
    fmpq_mat_t A;
} spd_t;

static void spd_init(spd_t *M, slong n, slong shift, int dense, flint_rand_t st)
{
    M->n = n;
    fmpq_mat_init(M->A, n, n);
    for (slong i = 1; i < n; i++) {
        slong j = (slong)n_randint(st, i), w = 1 + (slong)n_randint(st, 9);
        int reps = 1 + (dense ? 8 : n_randint(st, 3) == 0);
        for (int rep = 0; rep < reps; rep++) {
            slong a = rep ? (slong)n_randint(st, n) : i,
                  b = rep ? (slong)n_randint(st, n) : j;
            if (a == b || !fmpq_is_zero(fmpq_mat_entry(M->A, a, b)))
                continue;
            fmpq_set_si(fmpq_mat_entry(M->A, a, b), -w, 1);
            fmpq_set_si(fmpq_mat_entry(M->A, b, a), -w, 1);
            fmpq_add_si(fmpq_mat_entry(M->A, a, a), fmpq_mat_entry(M->A, a, a), w);
            fmpq_add_si(fmpq_mat_entry(M->A, b, b), fmpq_mat_entry(M->A, b, b), w);
        }
    }
    fmpq_add_si(fmpq_mat_entry(M->A, 0, 0), fmpq_mat_entry(M->A, 0, 0), shift);
    M->cp = flint_malloc((n + 1) * sizeof(slong));
    M->ri = flint_malloc(n * n * sizeof(slong));
    M->v = flint_malloc(n * n * sizeof(double));
    slong t = 0;
    for (slong j = 0; j < n; j++) {
        M->cp[j] = t;
        for (slong i = n - 1; i >= j; i--)
            if (!fmpq_is_zero(fmpq_mat_entry(M->A, i, j)))
                M->ri[t] = i, M->v[t++] = fmpq_get_d(fmpq_mat_entry(M->A, i, j));
    }
    M->cp[n] = t;
}

static void spd_clear(spd_t *M)
{
    fmpq_mat_clear(M->A);
    flint_free(M->cp), flint_free(M->ri), flint_free(M->v);
}

/* Solves A X = B (3 columns) both ways, the first column alone and the
   other two together; the largest relative error. */
static double spd_check(const spd_t *M, ct_spchol_struct *F, flint_rand_t st)
{
    slong n = M->n, k = 3;
    fmpq_mat_t B, X;
    fmpq_mat_init(B, n, k), fmpq_mat_init(X, n, k);
    double *b = flint_malloc(n * k * sizeof(double)), err = 0;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < k; j++) {
            slong r = (slong)n_randint(st, 19) - 9;
            fmpq_set_si(fmpq_mat_entry(B, i, j), r, 1);
            b[j * n + i] = (double)r;
        }
    CHECK(fmpq_mat_solve(X, M->A, B));
    CHECK(ct_spchol_solve(F, b, 1) == 0);         /* spchol's own solve */
    CHECK(ct_spchol_solve(F, b + n, k - 1) == 0); /* CHOLMOD's blocked one */
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < k; j++) {
            double x = fmpq_get_d(fmpq_mat_entry(X, i, j));
            err = fmax(err, fabs(b[j * n + i] - x) / fmax(fabs(x), 1.0));
        }
    flint_free(b);
    fmpq_mat_clear(B), fmpq_mat_clear(X);
    return err;
}

/* ct_spchol_solve_each on 11 columns (a block of 8, then 3) gives each
   column, bit for bit, what its own ct_spchol_solve gives. */
static void spd_each(const spd_t *M, ct_spchol_struct *F, flint_rand_t st)
{
    slong n = M->n, k = 11;
    double *b = flint_malloc(2 * n * k * sizeof(double)), *c = b + n * k;
    for (slong i = 0; i < n * k; i++)
        b[i] = c[i] = (double)((slong)n_randint(st, 19) - 9) / 4;
    CHECK(ct_spchol_solve_each(F, b, k) == 0);
    for (slong q = 0; q < k; q++)
        CHECK(ct_spchol_solve(F, c + q * n, 1) == 0);
    slong differ = 0;
    for (slong i = 0; i < n * k; i++)
        differ += b[i] != c[i];
    CHECK_MSG(differ == 0, "solve_each: %ld of %ld entries differ", (long)differ,
              (long)(n * k));
    flint_free(b);
}

/* Two threads solving with one factor at once get, bit for bit, what one
   solve gets: the factor is read only. */
typedef struct {
    ct_spchol_struct *F;
    double *b;
    slong n;
} spd_job;

static void *spd_solve_job(void *arg)
{
    spd_job *J = arg;
    for (int rep = 0; rep < 20; rep++) {
        for (slong i = 0; i < J->n; i++)
            J->b[i] = (double)(i % 7) - 3;
        ct_spchol_solve(J->F, J->b, 1);
    }
    return NULL;
}

static void spd_threads(const spd_t *M, ct_spchol_struct *F)
{
    slong n = M->n;
    double *b = flint_malloc(3 * n * sizeof(double));
    spd_job J[2] = {{F, b + n, n}, {F, b + 2 * n, n}};
    for (slong i = 0; i < n; i++)
        b[i] = (double)(i % 7) - 3;
    CHECK(ct_spchol_solve(F, b, 1) == 0);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, spd_solve_job, J) == 0);
    spd_solve_job(J + 1);
    pthread_join(th, NULL);
    for (slong i = 0; i < n; i++)
        CHECK(b[n + i] == b[i] && b[2 * n + i] == b[i]);
    flint_free(b);
}

int main(void)
{
    char err[512];
    if (ct_spchol_load(err, sizeof(err)) != 0) {
        printf("t-spchol: SKIPPED: %s\n", err);
        return 77;
    }
    flint_rand_t st;
    flint_randinit(st);
    double worst = 0;
    for (slong s = 0; s < 40; s++) {
        spd_t M;
        int dense = s >= 32; /* the last eight: n up to 250, much fill */
        slong n = dense ? 100 + (slong)n_randint(st, 150) : 2 + (slong)n_randint(st, 60);
        spd_init(&M, n, 1 + (slong)n_randint(st, 5), dense, st);
        ct_spchol_struct *F = ct_spchol_factor(M.n, M.cp, M.ri, M.v);
        CHECK_MSG(F != NULL, "instance %ld: no factor", (long)s);
        if (F != NULL) {
            worst = fmax(worst, spd_check(&M, F, st));
            spd_each(&M, F, st);
            CHECK(ct_spchol_nnz(F) >= M.n);
            if (dense)
                spd_threads(&M, F);
            ct_spchol_free(F);
        }
        spd_clear(&M);
    }
    CHECK_MSG(worst < 1e-9, "largest relative error %g", worst);
    for (slong s = 0; s < 10; s++) { /* indefinite: A_00 lowered */
        spd_t M;
        spd_init(&M, 3 + (slong)n_randint(st, 30), -1 - (slong)n_randint(st, 1000), 0,
                 st);
        ct_spchol_struct *F = ct_spchol_factor(M.n, M.cp, M.ri, M.v);
        CHECK_MSG(F == NULL, "instance %ld: an indefinite matrix factored", (long)s);
        ct_spchol_free(F);
        spd_clear(&M);
    }
    printf(
        "t-spchol: 40 factors solved against exact solves (largest relative error %.2g), "
        "10 indefinite matrices refused\n",
        worst);
    flint_randclear(st);
    flint_cleanup();
    return check_finish("t-spchol");
}
