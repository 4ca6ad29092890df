/* Tests of shatter: each gadget's threshold, each instance's loss pattern
   derived by hand, verification of generated sets (M = 1..4) and its failure
   on a perturbed set. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "certune/shatter.h"

/* Instance k of the construction, analyzed: its breakpoints are exactly the
   thresholds t_j = j + 1 for the multiples j of 2^(k-1), and its loss is low,
   high, low, ... with values (2^(M-k) - 1)/G and 2^(M-k)/G around r_k. */
static void check_instance(slong M, slong k)
{
    instance_t inst;
    analysis_t A;
    char err[256];
    shatter_lambda_instance(inst, M, k);
    slong G = (WORD(1) << (M - k + 1)) - 1;
    CHECK(inst->n == 4 * G);
    CHECK(analysis_run(A, FAMILY_LAMBDA, inst, 1, 0, NULL, err, sizeof(err)) == 0);
    CHECK(A->nbp == G);
    fmpq_t t, low, high, r;
    fmpq_init(t), fmpq_init(low), fmpq_init(high), fmpq_init(r);
    fmpq_set_si(low, (WORD(1) << (M - k)) - 1, (ulong)G);
    fmpq_set_si(high, WORD(1) << (M - k), (ulong)G);
    shatter_lambda_witness(r, M, k);
    CHECK(fmpq_cmp(low, r) < 0 && fmpq_cmp(r, high) < 0);
    for (slong g = 0; g < A->nbp; g++) {
        shatter_lambda_threshold(t, (g + 1) << (k - 1));
        CHECK(fmpq_equal(A->bp[g].lo, t) && fmpq_equal(A->bp[g].hi, t));
    }
    for (slong i = 0; i <= A->nbp; i++)
        CHECK(fmpq_equal(A->piece_loss + i, i % 2 == 0 ? low : high));
    fmpq_clear(t), fmpq_clear(low), fmpq_clear(high), fmpq_clear(r);
    analysis_clear(A);
    instance_clear(inst);
}

/* The parameters of the witness file realize their patterns. */
static void check_parameters(slong M)
{
    instance_struct *insts = flint_malloc(M * sizeof(instance_struct));
    analysis_struct *A = flint_malloc(M * sizeof(analysis_struct));
    char err[256];
    for (slong k = 1; k <= M; k++) {
        shatter_lambda_instance(insts + k - 1, M, k);
        CHECK(analysis_run(A + k - 1, FAMILY_LAMBDA, insts + k - 1, 1, 0, NULL, err,
                           sizeof(err)) == 0);
    }
    fmpq_t q, loss, r;
    fmpq_init(q), fmpq_init(loss), fmpq_init(r);
    for (slong j = 0; j < (WORD(1) << M); j++) {
        shatter_lambda_parameter(q, M, j);
        for (slong k = 1; k <= M; k++) {
            analysis_loss_at(loss, A + k - 1, q);
            shatter_lambda_witness(r, M, k);
            CHECK(fmpq_cmp(loss, r) == (((j >> (k - 1)) & 1) ? 1 : -1));
        }
    }
    fmpq_clear(q), fmpq_clear(loss), fmpq_clear(r);
    for (slong k = 0; k < M; k++) {
        analysis_clear(A + k);
        instance_clear(insts + k);
    }
    flint_free(insts);
    flint_free(A);
}

static int verify_dir(const char *dir)
{
    char err[256], *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    int rc = shatter_verify(out, dir, FAMILY_LAMBDA, err, sizeof(err));
    fclose(out);
    free(buf);
    return rc;
}

/* Writes M, verifies; then sets x = 1 in the first gadget of instance 1, which
   removes its threshold (x <= 2: no breakpoint), so that instance's loss never
   rises above its witness and half the patterns are lost; verifies again. */
static void check_verify(slong M)
{
    char dir[] = "/tmp/certune-shatter-XXXXXX", path[512], err[256];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(shatter_write(dir, FAMILY_LAMBDA, M, err, sizeof(err)) == 0);
    CHECK_MSG(verify_dir(dir) == 0, "M = %ld", (long)M);
    instance_t inst;
    snprintf(path, sizeof(path), "%s/instance-1.gssl", dir);
    CHECK(instance_load(inst, path, err, sizeof(err)) == 0);
    CHECK(inst->eu[2] == 2 && inst->ev[2] == 3);
    fmpq_one(inst->ew + 2);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL && instance_write(inst, f) == 0);
    fclose(f);
    instance_clear(inst);
    CHECK_MSG(verify_dir(dir) == 1, "perturbed, M = %ld", (long)M);
    for (slong k = 1; k <= M; k++) {
        snprintf(path, sizeof(path), "%s/instance-%ld.gssl", dir, (long)k);
        unlink(path);
    }
    snprintf(path, sizeof(path), "%s/witness.txt", dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    for (slong M = 1; M <= 4; M++) {
        for (slong k = 1; k <= M; k++)
            check_instance(M, k);
        check_parameters(M);
        check_verify(M);
    }
    CHECK(verify_dir("/nonexistent-certune-dir") == -1);
    flint_cleanup();
    return check_finish("t-shatter");
}
