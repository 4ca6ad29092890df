/* shatter: the lambda lower-bound construction (docs/shatter.md) and the
   writer of the three families' sets (delta: shatter_delta.c, alpha:
   shatter_alpha.c).

   Thresholds t_j = j + 1 for j = 1 .. 2^M - 1 split (0, +inf) into 2^M open
   intervals; on (t_j, t_{j+1}) instance k must have a high loss exactly when
   bit k - 1 of j is set. That bit flips at the multiples of 2^(k-1), so
   instance k is a union of one 4-node gadget per such j, whose held-out labels
   make the loss go up at odd flips and down at even ones. */
#include <errno.h>
#include <string.h>
#include "certune/gen.h"
#include "certune/family.h"
#include "shatter_internal.h"

void ct_shatter_lambda_threshold(fmpq_t t, slong j)
{
    fmpq_set_si(t, j + 1, 1);
}

/* Gadget g (0-based) of an instance: nodes 4g+1..4g+4 as in the paper's lemma:
   4g, 4g+1 labeled class 0, 4g+2 held out, 4g+3 labeled class 1; the breakpoint
   of node 4g+2 is at t when x = 2 t / (t - 1). */
static void shatter_put_gadget(ct_instance_t inst, slong g, const fmpq_t t, slong truth)
{
    slong a = 4 * g, e = 3 * g;
    fmpq_t x, tm1;
    fmpq_init(x);
    fmpq_init(tm1);
    fmpq_sub_si(tm1, t, 1);
    fmpq_mul_2exp(x, t, 1);
    fmpq_div(x, x, tm1);
    inst->eu[e] = a, inst->ev[e] = a + 2, fmpq_one(inst->ew + e);
    inst->eu[e + 1] = a + 1, inst->ev[e + 1] = a + 2, fmpq_one(inst->ew + e + 1);
    inst->eu[e + 2] = a + 2, inst->ev[e + 2] = a + 3, fmpq_set(inst->ew + e + 2, x);
    inst->label[a] = inst->label[a + 1] = 0;
    inst->label[a + 3] = 1;
    inst->held[a + 2] = truth;
    fmpq_clear(x);
    fmpq_clear(tm1);
}

void ct_shatter_lambda_instance(ct_instance_t inst, slong M, slong k)
{
    slong G = _ct_shatter_gadgets(M, k);
    char name[64];
    snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
    ct_gen_instance_init(inst, name, 4 * G, 2, 3 * G);
    fmpq_t t;
    fmpq_init(t);
    for (slong g = 0; g < G; g++) {
        /* Flip g + 1 happens at j = (g + 1) 2^(k-1): class 0 held out makes the
           node wrong after its threshold (up), class 1 right after (down). */
        ct_shatter_lambda_threshold(t, (g + 1) << (k - 1));
        shatter_put_gadget(inst, g, t, g % 2 == 0 ? 0 : 1);
    }
    fmpq_clear(t);
}

void ct_shatter_lambda_witness(fmpq_t r, slong M, slong k)
{
    /* Low loss (2^(M-k) - 1) / G, high 2^(M-k) / G: r is their midpoint. */
    slong G = _ct_shatter_gadgets(M, k);
    fmpq_set_si(r, 2 * ((WORD(1) << (M - k)) - 1) + 1, (ulong)(2 * G));
}

void ct_shatter_lambda_parameter(fmpq_t q, slong M, slong j)
{
    (void)M;
    if (j == 0)
        fmpq_one(q);
    else
        fmpq_set_si(q, 2 * j + 3, 2);
}

static void shatter_bits(char *bits, slong M, slong j)
{
    for (slong k = 0; k < M; k++)
        bits[k] = (j >> k) & 1 ? '1' : '0';
    bits[M] = '\0';
}

static const char *shatter_family_name(ct_family_t family)
{
    return family == CT_FAMILY_DELTA   ? "delta"
           : family == CT_FAMILY_ALPHA ? "alpha"
                                       : "lambda";
}

static int shatter_write_witness(FILE *f, ct_family_t family, const fmpq_t c, slong M)
{
    fmpq_t q;
    fmpq_init(q);
    fprintf(f,
            "%% certune shatter: %s family, M = %ld. Instance k's loss is above\n"
            "%% its witness r_k exactly where character k of the pattern is 1.\n"
            "family %s\n",
            shatter_family_name(family), (long)M, shatter_family_name(family));
    if (family == CT_FAMILY_DELTA) {
        fputs("c ", f);
        fmpq_fprint(f, c);
        fputc('\n', f);
    }
    fprintf(f, "m %ld\n", (long)M);
    for (slong k = 1; k <= M; k++) {
        ct_shatter_lambda_witness(q, M, k);
        fprintf(f, "instance %ld instance-%ld.gssl ", (long)k, (long)k);
        fmpq_fprint(f, q);
        fputc('\n', f);
    }
    char bits[64];
    for (slong j = 0; j < (WORD(1) << M); j++) {
        shatter_bits(bits, M, j);
        if (family == CT_FAMILY_DELTA)
            ct_shatter_delta_parameter(q, c, M, j);
        else if (family == CT_FAMILY_ALPHA)
            ct_shatter_alpha_parameter(q, M, j);
        else
            ct_shatter_lambda_parameter(q, M, j);
        fprintf(f, "pattern %s ", bits);
        fmpq_fprint(f, q);
        fputc('\n', f);
    }
    fmpq_clear(q);
    return ferror(f) ? -1 : 0;
}

static int shatter_write_instance(FILE *f, ct_family_t family, const fmpq_t c, slong M,
                                  slong k)
{
    ct_instance_t inst;
    fprintf(f, "%% certune shatter: %s family", shatter_family_name(family));
    if (family == CT_FAMILY_DELTA) {
        ct_shatter_delta_instance(inst, c, M, k);
        fputs(" (analyze with --c ", f);
        fmpq_fprint(f, c);
        fputc(')', f);
    } else if (family == CT_FAMILY_ALPHA)
        ct_shatter_alpha_instance(inst, M, k);
    else
        ct_shatter_lambda_instance(inst, M, k);
    fprintf(f, ", M = %ld, instance %ld: %ld gadgets\n", (long)M, (long)k,
            (long)_ct_shatter_gadgets(M, k));
    int rc = ct_instance_write(inst, f);
    ct_instance_clear(inst);
    return rc;
}

/* Writes instance k, or witness.txt when k == 0. */
static int shatter_write_file(const char *dir, const char *name, ct_family_t family,
                              const fmpq_t c, slong M, slong k, char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    errno = 0;
    int rc = k == 0 ? shatter_write_witness(f, family, c, M)
                    : shatter_write_instance(f, family, c, M, k);
    if (fclose(f) != 0 || rc != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path,
                 errno ? strerror(errno) : "write error");
        return -1;
    }
    return 0;
}

int ct_shatter_write(const char *dir, ct_family_t family, const fmpq_t c, slong M,
                     char *err, size_t errlen)
{
    if ((family != CT_FAMILY_LAMBDA && family != CT_FAMILY_DELTA &&
         family != CT_FAMILY_ALPHA) ||
        M < 1 || M > 17) {
        /* instance 1 has 4 (2^M - 1) nodes, at most what the loader accepts */
        snprintf(err, errlen, "shatter supports 1 <= m <= 17");
        return -1;
    }
    fmpq_t cc, half;
    fmpq_init(cc);
    fmpq_init(half);
    fmpq_set_si(half, 1, 2);
    if (c == NULL)
        ct_family_default_c(cc);
    else
        fmpq_set(cc, c);
    int rc = 0;
    if (family == CT_FAMILY_DELTA &&
        (fmpq_cmp(cc, half) <= 0 || fmpq_cmp_si(cc, 1) >= 0)) {
        snprintf(err, errlen,
                 "shatter --family delta needs 1/2 < c < 1 (the gadget's threshold "
                 "ln(2c)/ln(x+2) lies in (0, 1) only when 2c > 1)");
        rc = -1;
    }
    char name[64];
    for (slong k = 1; rc == 0 && k <= M; k++) {
        snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
        rc = shatter_write_file(dir, name, family, cc, M, k, err, errlen);
    }
    if (rc == 0)
        rc = shatter_write_file(dir, "witness.txt", family, cc, M, 0, err, errlen);
    fmpq_clear(cc);
    fmpq_clear(half);
    return rc;
}
