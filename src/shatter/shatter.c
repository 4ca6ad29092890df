/* shatter: the writer of the lower-bound sets (docs/shatter.md). The
   constructions are the families' (lambda_shatter.c, alpha_shatter.c,
   delta_shatter.c), reached through the family table's rows; every family's
   instance k has the same loss pattern, so the witnesses are shared. */
#include <errno.h>
#include <string.h>
#include "certune/gen.h"
#include "certune/family.h"
#include "shatter_internal.h"

void ct_shatter_witness(fmpq_t r, slong M, slong k)
{
    /* Low loss (2^(M-k) - 1) / G, high 2^(M-k) / G: r is their midpoint. */
    slong G = ct_gen_shatter_gadgets(M, k);
    fmpq_set_si(r, 2 * ((WORD(1) << (M - k)) - 1) + 1, (ulong)(2 * G));
}

static void shatter_bits(char *bits, slong M, slong j)
{
    for (slong k = 0; k < M; k++)
        bits[k] = (j >> k) & 1 ? '1' : '0';
    bits[M] = '\0';
}

static const char *shatter_family_name(ct_family_t family)
{
    return ct_family_name(family);
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
    if (ct_family_row(family)->has_c) {
        fputs("c ", f);
        fmpq_fprint(f, c);
        fputc('\n', f);
    }
    fprintf(f, "m %ld\n", (long)M);
    for (slong k = 1; k <= M; k++) {
        ct_shatter_witness(q, M, k);
        fprintf(f, "instance %ld instance-%ld.gssl ", (long)k, (long)k);
        fmpq_fprint(f, q);
        fputc('\n', f);
    }
    char bits[64];
    for (slong j = 0; j < (WORD(1) << M); j++) {
        shatter_bits(bits, M, j);
        ct_family_row(family)->shatter.parameter(q, c, M, j);
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
    ct_family_row(family)->shatter.instance(inst, c, M, k);
    if (ct_family_row(family)->has_c) {
        fputs(" (analyze with --c ", f);
        fmpq_fprint(f, c);
        fputc(')', f);
    }
    fprintf(f, ", M = %ld, instance %ld: %ld gadgets\n", (long)M, (long)k,
            (long)ct_gen_shatter_gadgets(M, k));
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
    if (family < 0 || family >= ct_family_count() ||
        ct_family_row(family)->shatter.instance == NULL || M < 1 || M > 17) {
        /* instance 1 has 4 (2^M - 1) nodes, at most what the loader accepts */
        snprintf(err, errlen, "shatter supports 1 <= m <= 17");
        return -1;
    }
    fmpq_t cc;
    fmpq_init(cc);
    if (c == NULL)
        ct_family_c_default(cc, family);
    else
        fmpq_set(cc, c);
    int (*check_c)(const fmpq_t, const char *, char *, size_t) =
        ct_family_row(family)->shatter.check_c;
    int rc = ct_family_row(family)->has_c && check_c != NULL
                 ? check_c(cc, NULL, err, errlen)
                 : 0;
    char name[64];
    for (slong k = 1; rc == 0 && k <= M; k++) {
        snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
        rc = shatter_write_file(dir, name, family, cc, M, k, err, errlen);
    }
    if (rc == 0)
        rc = shatter_write_file(dir, "witness.txt", family, cc, M, 0, err, errlen);
    fmpq_clear(cc);
    return rc;
}
